package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// The Engine's import verdicts on mutated copies of the published rulesets
// (see its README) are in parity/validity/corpus.jsonl of the shared data;
// the differential test skips when it is absent.

// The gates of the differential test: the number of false accepts and false
// refusals allowed, and the share of refused files (in per cent) that must
// have a rulebench error at each of the Engine's paths or inside it.
const (
	parityMaxFalseAccepts  = 0
	parityMaxFalseRefusals = 0
	parityMinAtPathPercent = 99.2
)

type corpusMutant struct {
	Name     string      `json:"name"`
	Fixture  string      `json:"fixture"`
	Mutation []string    `json:"mutations"`
	Patch    []patchOp   `json:"patch"`
	Engine   engineVerdt `json:"engine"`
}

type patchOp struct {
	Op    string          `json:"op"`
	Path  string          `json:"path"`
	Value json.RawMessage `json:"value"`
}

type engineVerdt struct {
	OK    bool     `json:"ok"`
	Paths []string `json:"paths"`
	Kinds []string `json:"kinds"`
}

// specNewer are the keys the behaviour spec adds and this Engine calls
// unknown: the object's path pattern (a * stands for an index) and the key.
var specNewer = []struct{ object, key string }{
	{"sheet", "migrations"},
	{"layers.*", "items"},
	{"items.market", "unsold"},
	{"items.market.sellers.*", "stock"},
	{"combat.threat.tiers.*", "loot"},
}

// matchPattern tells whether a dot path matches a pattern whose * segments
// stand for any index.
func matchPattern(pattern, path string) bool {
	ps, xs := strings.Split(pattern, "."), strings.Split(path, ".")
	if len(ps) != len(xs) {
		return false
	}
	for i := range ps {
		if ps[i] != "*" && ps[i] != xs[i] {
			return false
		}
	}
	return true
}

// excusedKeys returns the dot paths of the spec-newer keys the mutant's
// patch adds (for example "layers.1.items").
func excusedKeys(ops []patchOp) []string {
	var out []string
	for _, op := range ops {
		if op.Op == "remove" {
			continue
		}
		p := pointerToDots(op.Path)
		i := strings.LastIndexByte(p, '.')
		if i < 0 {
			continue
		}
		for _, s := range specNewer {
			if p[i+1:] == s.key && matchPattern(s.object, p[:i]) {
				out = append(out, p)
			}
		}
	}
	return out
}

func pointerToDots(ptr string) string {
	segs := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, s := range segs {
		segs[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
	}
	return strings.Join(segs, ".")
}

// applyPatch applies RFC 6902 add, remove and replace operations to a
// document decoded with json.Number numbers.
func applyPatch(doc any, ops []patchOp) (any, error) {
	for _, op := range ops {
		var val any
		if op.Op != "remove" {
			d := json.NewDecoder(bytes.NewReader(op.Value))
			d.UseNumber()
			if err := d.Decode(&val); err != nil {
				return nil, fmt.Errorf("%s %s: %v", op.Op, op.Path, err)
			}
		}
		var err error
		doc, err = patchAt(doc, splitPointer(op.Path), op.Op, val)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %v", op.Op, op.Path, err)
		}
	}
	return doc, nil
}

func splitPointer(ptr string) []string {
	if ptr == "" {
		return nil
	}
	segs := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	r := strings.NewReplacer("~1", "/", "~0", "~")
	for i, s := range segs {
		segs[i] = r.Replace(s)
	}
	return segs
}

// patchAt applies one operation at the path below v and returns the new v.
func patchAt(v any, path []string, op string, val any) (any, error) {
	if len(path) == 0 {
		if op == "remove" {
			return nil, fmt.Errorf("cannot remove the whole document")
		}
		return val, nil
	}
	seg, last := path[0], len(path) == 1
	switch c := v.(type) {
	case map[string]any:
		if last {
			switch op {
			case "remove":
				if _, ok := c[seg]; !ok {
					return nil, fmt.Errorf("no member %q", seg)
				}
				delete(c, seg)
			case "replace":
				if _, ok := c[seg]; !ok {
					return nil, fmt.Errorf("no member %q", seg)
				}
				c[seg] = val
			default:
				c[seg] = val
			}
			return c, nil
		}
		child, ok := c[seg]
		if !ok {
			return nil, fmt.Errorf("no member %q", seg)
		}
		nv, err := patchAt(child, path[1:], op, val)
		c[seg] = nv
		return c, err
	case []any:
		i := len(c)
		if seg != "-" {
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n > len(c) {
				return nil, fmt.Errorf("bad index %q", seg)
			}
			i = n
		}
		if last {
			switch op {
			case "add":
				return slices.Insert(c, i, val), nil
			case "remove", "replace":
				if i >= len(c) {
					return nil, fmt.Errorf("index %d out of range", i)
				}
				if op == "remove" {
					return slices.Delete(c, i, i+1), nil
				}
				c[i] = val
				return c, nil
			}
		}
		if i >= len(c) {
			return nil, fmt.Errorf("index %d out of range", i)
		}
		nv, err := patchAt(c[i], path[1:], op, val)
		c[i] = nv
		return c, err
	}
	return nil, fmt.Errorf("cannot step into %T at %q", v, seg)
}

// inside tells whether a rulebench path is at the Engine's path or below it.
func inside(path, enginePath string) bool {
	return enginePath == "" || enginePath == model.RootPath || path == enginePath || strings.HasPrefix(path, enginePath+".")
}

// parityBlock names the part of the format a path is in, for the tally.
func parityBlock(path string) string {
	switch {
	case strings.Contains(path, ".creature"):
		return "creatures"
	case strings.Contains(path, ".mechanics"):
		return "mechanics"
	case strings.Contains(path, ".item.") || strings.HasSuffix(path, ".item"):
		return "item entries"
	}
	if i := strings.IndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return path
}

type parityTally struct {
	mutants, refused, falseAccepts, falseRefusals int
	// located counts refused files with a rulebench error at or inside
	// every one of the Engine's paths; locatedAny at or inside at least one.
	located, locatedAny int
}

// parityVerdict is what rulebench makes of one mutant: its errors outside
// the spec-newer keys, and the Engine's paths that are to be matched.
type parityVerdict struct {
	errs        []model.Diagnostic
	enginePaths []string
	err         error
}

// judgeMutant rebuilds a mutant from its fixture's bytes and checks it as
// `rulebench check` does.
func judgeMutant(m corpusMutant, raw []byte) parityVerdict {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return parityVerdict{err: err}
	}
	doc, err := applyPatch(doc, m.Patch)
	if err != nil {
		return parityVerdict{err: err}
	}
	data, err := json.Marshal(doc)
	if err != nil {
		return parityVerdict{err: err}
	}
	name := m.Fixture + ".json"
	ws, err := model.Load(fstest.MapFS{name: {Data: data}}, name)
	if err != nil {
		return parityVerdict{err: err}
	}
	var errs []model.Diagnostic
	for _, d := range checkAll(ws) {
		if d.Severity == model.Error {
			errs = append(errs, d)
		}
	}
	// The Engine's refusals of spec-newer keys are not to be matched;
	// rulebench's findings inside those keys are the behaviour spec's.
	excused := excusedKeys(m.Patch)
	var enginePaths []string
	for i, p := range m.Engine.Paths {
		if m.Engine.Kinds[i] == "unknown-key" && slices.ContainsFunc(excused, func(k string) bool { return strings.HasPrefix(k, p+".") && strings.Count(k[len(p)+1:], ".") == 0 }) {
			continue
		}
		enginePaths = append(enginePaths, p)
	}
	errs = slices.DeleteFunc(errs, func(d model.Diagnostic) bool {
		return slices.ContainsFunc(excused, func(k string) bool { return inside(d.Path, k) })
	})
	return parityVerdict{errs: errs, enginePaths: enginePaths}
}

// TestParityWithEngine rebuilds every mutant of the validity corpus, runs
// the checks `rulebench check` runs, and compares the verdict and the paths
// with the Engine's.
func TestParityWithEngine(t *testing.T) {
	f, err := os.Open(modeltest.Shared(t, "parity", "validity", "corpus.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fixtureDocs := map[string][]byte{}
	var all parityTally
	blocks := map[string]*parityTally{}
	tally := func(b string) *parityTally {
		if blocks[b] == nil {
			blocks[b] = &parityTally{}
		}
		return blocks[b]
	}
	var failures []string
	var mutants []corpusMutant
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		var m corpusMutant
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("corpus line: %v", err)
		}
		if _, ok := fixtureDocs[m.Fixture]; !ok {
			raw, err := os.ReadFile(filepath.Join(fixtures(t), m.Fixture+".json"))
			if err != nil {
				t.Fatal(err)
			}
			fixtureDocs[m.Fixture] = raw
		}
		mutants = append(mutants, m)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	// Each mutant is rebuilt and checked on its own, on every core; the
	// tally below reads the verdicts in corpus order.
	verdicts := make([]parityVerdict, len(mutants))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(mutants); i = int(next.Add(1) - 1) {
				verdicts[i] = judgeMutant(mutants[i], fixtureDocs[mutants[i].Fixture])
			}
		}()
	}
	wg.Wait()
	for i, m := range mutants {
		v := verdicts[i]
		if v.err != nil {
			t.Fatalf("%s: %v", m.Name, v.err)
		}
		errs, enginePaths := v.errs, v.enginePaths
		all.mutants++
		if len(enginePaths) == 0 {
			if len(errs) > 0 {
				all.falseRefusals++
				tally(parityBlock(errs[0].Path)).falseRefusals++
				failures = append(failures, fmt.Sprintf("false refusal %s %v: %s", m.Name, m.Mutation, errs[0]))
			}
			continue
		}
		all.refused++
		b := tally(parityBlock(enginePaths[0]))
		b.mutants++
		b.refused++
		if len(errs) == 0 {
			all.falseAccepts++
			b.falseAccepts++
			failures = append(failures, fmt.Sprintf("false accept %s %v: engine %v %v", m.Name, m.Mutation, enginePaths, m.Engine.Kinds))
			continue
		}
		found := 0
		for _, p := range enginePaths {
			if slices.ContainsFunc(errs, func(d model.Diagnostic) bool { return inside(d.Path, p) }) {
				found++
			} else {
				failures = append(failures, fmt.Sprintf("elsewhere %s %v: engine %s, rulebench %s", m.Name, m.Mutation, p, errs[0]))
			}
		}
		if found == len(enginePaths) {
			all.located++
			b.located++
		}
		if found > 0 {
			all.locatedAny++
			b.locatedAny++
		}
	}
	share := func(n, of int) float64 {
		if of == 0 {
			return 100
		}
		return 100 * float64(n) / float64(of)
	}
	pct := func(p parityTally) float64 { return share(p.located, p.refused) }
	var names []string
	for k := range blocks {
		names = append(names, k)
	}
	sort.Strings(names)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-14s %8s %8s %8s %8s %8s %8s\n", "block", "refused", "f.acc", "f.ref", "all at", "%", "any at %")
	row := func(name string, p parityTally) {
		fmt.Fprintf(&sb, "%-14s %8d %8d %8d %8d %7.1f%% %7.1f%%\n", name, p.refused, p.falseAccepts, p.falseRefusals, p.located, pct(p), share(p.locatedAny, p.refused))
	}
	for _, k := range names {
		row(k, *blocks[k])
	}
	row("all", all)
	fmt.Fprintf(&sb, "(%d mutants; \"all at\": a rulebench error at or inside each of the Engine's paths)\n", all.mutants)
	t.Log("\n" + sb.String())
	if testing.Verbose() {
		sort.Strings(failures)
		for _, f := range failures {
			t.Log(f)
		}
	}
	if all.falseAccepts > parityMaxFalseAccepts || all.falseRefusals > parityMaxFalseRefusals || pct(all) < parityMinAtPathPercent {
		t.Errorf("parity with the Engine: %d false accepts (at most %d), %d false refusals (at most %d), %.1f%% of refused files located (at least %.1f%%)",
			all.falseAccepts, parityMaxFalseAccepts, all.falseRefusals, parityMaxFalseRefusals, pct(all), parityMinAtPathPercent)
	}
}
