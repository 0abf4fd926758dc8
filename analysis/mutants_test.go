package analysis

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// A differential test of our own, beside the Engine's corpus: a seeded,
// structure-aware generator of mutants of rulesets the project writes (the
// test ruleset, the examples), each mutant with a verdict derived from the
// format's rules, and rulebench's check held to it. The mutations are
// chosen among the values the ruleset holds, wherever they are (creatures,
// combat, rests, items, layers, currencies, markets, loot, the sheet), two
// to five a file:
//
//   - a "$comment" added to an object: accepted (the Engine strips it);
//   - a label changed to other plain words: accepted (a label names
//     nothing);
//   - an unknown key added to an object: refused at that object or inside;
//   - an id made invalid ("Bad Id!"): refused at that id;
//   - a label emptied, or given a "[": refused at that label;
//   - an id'd item of a list repeated: refused inside the repeat;
//   - a number replaced by text: refused at that value or inside its
//     object;
//   - an item's id deleted: refused inside that item;
//   - a reference (a list, column, field, pool, track, ability, tier, coin,
//     word... named by id) pointed at an id nobody declares: refused at
//     that reference.
//
// A mutant with only accepted mutations must check with no error; one with
// a refused mutation must have an error at or inside every place refused.

// jsonDoc is a ruleset decoded with json.Number numbers.
type jsonDoc = map[string]any

func decodeDoc(t testing.TB, data []byte) jsonDoc {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var d jsonDoc
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	return d
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = cloneValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = cloneValue(e)
		}
		return out
	}
	return v
}

// place is a value of a document and where it is.
type place struct {
	path   string // dot path, "" for the root
	value  any
	parent any    // the object or list holding it (nil for the root)
	key    string // its key in parent, or its index as text
}

func joinPath(p, k string) string {
	if p == "" {
		return k
	}
	return p + "." + k
}

// places lists every value of a document, parents first, in a fixed order.
func places(d jsonDoc) []place {
	var out []place
	var walk func(p place)
	walk = func(p place) {
		out = append(out, p)
		switch x := p.value.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(place{path: joinPath(p.path, k), value: x[k], parent: x, key: k})
			}
		case []any:
			for i, e := range x {
				walk(place{path: joinPath(p.path, strconv.Itoa(i)), value: e, parent: x, key: strconv.Itoa(i)})
			}
		}
	}
	walk(place{value: d})
	return out
}

// mutation is one change made to a mutant and its verdict: at is "" for a
// change the Engine accepts, else the path where a refusal must be.
type mutation struct {
	what, at string
}

// avoid tells whether a place is left alone: the spec-newer keys, the
// migrations (whose ids name old versions of the sheet) and the places
// whose text is not a value of the format ($comment, $schema).
func avoid(path string) bool {
	return strings.Contains(path, "$comment") || strings.Contains(path, "$schema") || strings.HasPrefix(path, "sheet.migrations")
}

// related tells whether one path is the other or inside it.
func related(a, b string) bool {
	return a == b || a == "" || b == "" || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".")
}

// mutate makes one random mutation of d in place and says what it was; ok
// is false when the chosen kind found nothing to change. A place related to
// one an earlier mutation touched (given in touched) is left alone, so that
// no mutation undoes another (deleting the id of an item just repeated).
func mutate(r *rand.Rand, d jsonDoc, touched []string, accepted bool) (mutation, bool) {
	all := places(d)
	pick := func(keep func(place) bool) (place, bool) {
		var c []place
		for _, p := range all {
			if !avoid(p.path) && !slices.ContainsFunc(touched, func(t string) bool { return t != "" && related(t, p.path) }) && keep(p) {
				c = append(c, p)
			}
		}
		if len(c) == 0 {
			return place{}, false
		}
		return c[r.IntN(len(c))], true
	}
	isObject := func(p place) bool { _, ok := p.value.(map[string]any); return ok }
	memberText := func(key string) func(place) bool {
		return func(p place) bool {
			_, obj := p.parent.(map[string]any)
			s, ok := p.value.(string)
			return obj && ok && p.key == key && s != ""
		}
	}
	kind := r.IntN(9)
	if accepted {
		kind = []int{0, 8}[r.IntN(2)]
	}
	switch kind {
	case 8:
		p, ok := pick(memberText("label"))
		if !ok {
			return mutation{}, false
		}
		p.parent.(map[string]any)["label"] = "Other"
		return mutation{"relabel@" + p.path, ""}, true
	case 7:
		p, ok := pick(func(p place) bool {
			_, obj := p.parent.(map[string]any)
			_, text := p.value.(string)
			// In a map of values (an entry's filters, a row's values,
			// an item's stats) a key is a filter, column or stat id and
			// its text a value, not a reference.
			holder := parentPath(p.path)
			for _, m := range []string{"filters", "values", "stats", "where", "scaled", "valueLabels", "table", "byType", "byKind", "abilities", "saves", "skills", "slots"} {
				if strings.HasSuffix(holder, "."+m) {
					return false
				}
			}
			return obj && text && slices.Contains(referenceKeys, p.key)
		})
		if !ok {
			return mutation{}, false
		}
		setIn(p, "zz_nowhere")
		// What the object holding the reference says next to it is read
		// through it (a row's values through its list), so the object is
		// touched as a whole.
		return mutation{"dangling@" + parentPath(p.path), p.path}, true
	case 0:
		p, ok := pick(isObject)
		if !ok {
			return mutation{}, false
		}
		p.value.(map[string]any)["$comment"] = "a note from the generator"
		return mutation{"comment@" + p.path, ""}, true
	case 1:
		p, ok := pick(isObject)
		if !ok || p.path == "" {
			return mutation{}, false
		}
		p.value.(map[string]any)["zzUnknown"] = json.Number("1")
		return mutation{"unknown-key@" + p.path, p.path}, true
	case 2:
		p, ok := pick(memberText("id"))
		if !ok {
			return mutation{}, false
		}
		p.parent.(map[string]any)["id"] = "Bad Id!"
		return mutation{"bad-id@" + p.path, p.path}, true
	case 3:
		p, ok := pick(memberText("label"))
		if !ok {
			return mutation{}, false
		}
		text := ""
		if r.IntN(2) == 0 {
			text = p.value.(string) + " [note]"
		}
		p.parent.(map[string]any)["label"] = text
		return mutation{fmt.Sprintf("label %q@%s", text, p.path), p.path}, true
	case 4:
		p, ok := pick(func(p place) bool {
			list, ok := p.value.([]any)
			// A layer's hide rules name their catalog by id: two rules on
			// one catalog are allowed.
			if !ok || len(list) == 0 || len(list) >= 8 || parentPath(parentPath(p.path)) == "layers" && p.key == "catalogs" {
				return false
			}
			m, ok := list[0].(map[string]any)
			_, id := m["id"].(string)
			return ok && id
		})
		if !ok {
			return mutation{}, false
		}
		list := p.value.([]any)
		i := r.IntN(len(list))
		grown := append(slices.Clone(list), cloneValue(list[i]))
		setIn(p, grown)
		return mutation{"repeat@" + joinPath(p.path, strconv.Itoa(i)), joinPath(p.path, strconv.Itoa(len(list)))}, true
	case 5:
		p, ok := pick(func(p place) bool { _, ok := p.value.(json.Number); return ok })
		if !ok {
			return mutation{}, false
		}
		setIn(p, "x")
		// Refused at the number, or at the object or list holding it (a
		// pair of a table, a value ref whose one key is now text).
		at := parentPath(p.path)
		if at == "" {
			at = p.path // a member of the root: refused at itself
		}
		return mutation{"text-for-number@" + p.path, at}, true
	default:
		p, ok := pick(func(p place) bool {
			m, ok := p.value.(map[string]any)
			_, inList := p.parent.([]any)
			_, id := m["id"]
			return ok && inList && id
		})
		if !ok {
			return mutation{}, false
		}
		delete(p.value.(map[string]any), "id")
		return mutation{"no-id@" + p.path, p.path}, true
	}
}

// referenceKeys are the member names whose text names something declared
// elsewhere in the ruleset.
var referenceKeys = []string{"list", "column", "field", "pool", "track", "nameColumn", "countColumn", "penaltyColumn", "maxColumn",
	"rechargeColumn", "groupBy", "onlyWhen", "ability", "section", "penaltyFrom", "derived", "abilityScore", "abilityMod", "skillMod",
	"saveMod", "liveTrack", "livePool", "tier", "loot", "stock", "budget", "unit", "place", "rarity", "category", "tag", "stat", "slot",
	"filter", "coins", "startFrom", "liveState", "state", "rest", "skill", "save"}

func setIn(p place, v any) {
	switch x := p.parent.(type) {
	case map[string]any:
		x[p.key] = v
	case []any:
		i, _ := strconv.Atoi(p.key)
		x[i] = v
	}
}

func parentPath(p string) string {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i]
	}
	return ""
}

// inside tells whether a finding's path is at place or below it.
func insidePath(path, at string) bool {
	return at == "" || path == at || strings.HasPrefix(path, at+".")
}

// mutantBases are the rulesets the generator starts from: the test
// ruleset and the examples as single files (lantern-road with its catalog
// inline).
func mutantBases(t testing.TB) map[string][]byte {
	t.Helper()
	bases := map[string][]byte{"base": modeltest.Base()}
	data, err := os.ReadFile("../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	bases["mirefall"] = data
	lantern := decodeDoc(t, mustRead(t, "../examples/lantern-road/ruleset.json"))
	for _, c := range lantern["catalogs"].([]any) {
		cat := c.(map[string]any)
		if asset, ok := cat["asset"].(string); ok {
			file := decodeDoc(t, mustRead(t, filepath.Join("../examples/lantern-road", asset)))
			delete(cat, "asset")
			cat["entries"] = file["entries"]
		}
	}
	out, err := json.Marshal(lantern)
	if err != nil {
		t.Fatal(err)
	}
	bases["lantern-road"] = out
	return bases
}

// publishedBases are the three published rulesets of the shared data, none
// when it is absent.
func publishedBases() map[string][]byte {
	bases := map[string][]byte{}
	if dir := modeltest.SharedDir(); dir != "" {
		for _, name := range []string{"5e-2014", "ember-roads", "gravewatch"} {
			if data, err := os.ReadFile(filepath.Join(dir, "fixtures", "marinara", name+".json")); err == nil {
				bases[name] = data
			}
		}
	}
	return bases
}

func mustRead(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// checkErrors checks a ruleset file as `rulebench check` does and returns
// its errors.
func checkErrors(t testing.TB, data []byte) []model.Diagnostic {
	t.Helper()
	ws, err := model.Load(fstest.MapFS{"r.json": {Data: data}}, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	r := Run(ws, Options{})
	if r.Failed() != "" {
		t.Fatalf("the analysis failed: %s", r.Failed())
	}
	var errs []model.Diagnostic
	for _, d := range r.Findings {
		if d.Severity == model.Error {
			errs = append(errs, d)
		}
	}
	return errs
}

func TestSeededMutants(t *testing.T) {
	// RULEBENCH_MUTANTS=N,SEED runs N mutants from another seed.
	n, seed := 1200, uint64(2026)
	if testing.Short() {
		n = 200
	}
	if v := os.Getenv("RULEBENCH_MUTANTS"); v != "" {
		if _, err := fmt.Sscanf(v, "%d,%d", &n, &seed); err != nil {
			t.Fatalf("RULEBENCH_MUTANTS=%s: want N,SEED", v)
		}
	}
	// The project's own rulesets, then (as a stream of their own, so that
	// the first draws the same mutants with or without the shared data)
	// the published ones.
	runMutants(t, mutantBases(t), n, seed)
	if pub := publishedBases(); len(pub) > 0 {
		runMutants(t, pub, n/2, seed+1)
	}
}

// runMutants makes n mutants of the bases from seed and holds rulebench's
// verdicts to theirs.
func runMutants(t *testing.T, bases map[string][]byte, n int, seed uint64) {
	names := make([]string, 0, len(bases))
	for name, data := range bases {
		if errs := checkErrors(t, data); len(errs) > 0 {
			t.Fatalf("%s is not clean: %v", name, errs)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	docs := map[string]jsonDoc{}
	for _, name := range names {
		docs[name] = decodeDoc(t, bases[name])
	}
	r := rand.New(rand.NewPCG(23, seed))
	var falseAccepts, falseRefusals, elsewhere, refused, allAt int
	var elsewhereLog []string
	var failures []string
	for i := range n {
		name := names[r.IntN(len(names))]
		d := cloneValue(docs[name]).(jsonDoc)
		var ms []mutation
		var touched []string
		accepted := r.IntN(4) == 0 // a quarter of the mutants only with changes the Engine accepts
		for len(ms) < 2+r.IntN(4) {
			if m, ok := mutate(r, d, touched, accepted); ok {
				ms = append(ms, m)
				touched = append(touched, m.what[strings.LastIndexByte(m.what, '@')+1:], m.at)
			}
		}
		data, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		errs := checkErrors(t, data)
		var at []string
		for _, m := range ms {
			if m.at != "" {
				at = append(at, m.at)
			}
		}
		label := fmt.Sprintf("#%d %s %v", i, name, ms)
		switch {
		case len(at) == 0 && len(errs) > 0:
			falseRefusals++
			failures = append(failures, fmt.Sprintf("false refusal %s: %s", label, errs[0]))
		case len(at) > 0 && len(errs) == 0:
			falseAccepts++
			failures = append(failures, "false accept "+label)
		case len(at) > 0:
			refused++
			found := 0
			for _, a := range at {
				if slices.ContainsFunc(errs, func(d model.Diagnostic) bool { return insidePath(d.Path, a) }) {
					found++
				} else if len(failures) < 40 {
					elsewhereLog = append(elsewhereLog, fmt.Sprintf("elsewhere %s: nothing at %s; %s", label, a, errs[0]))
				}
			}
			if found == len(at) {
				allAt++
			}
			if found == 0 {
				elsewhere++
				failures = append(failures, fmt.Sprintf("nowhere %s: nothing at %v; %s", label, at, errs[0]))
			}
		}
	}
	// A mutation can hide another from the checks (a catalog's id removed
	// leaves a layer's rule on it nothing to judge), so every refused place
	// is not always found: at least one is, and nearly always all.
	pct := 100.0
	if refused > 0 {
		pct = 100 * float64(allAt) / float64(refused)
	}
	t.Logf("%d mutants of %v: %d refused (%.1f%% with an error at every refused place), %d accepted, %d false accepts, %d false refusals, %d with no refused place found",
		n, names, refused, pct, n-refused-falseAccepts, falseAccepts, falseRefusals, elsewhere)
	for _, f := range failures[:min(len(failures), 20)] {
		t.Error(f)
	}
	if pct < 99 {
		t.Errorf("%.1f%% of the refused mutants have an error at every refused place; at least 99%% should", pct)
	}
	if testing.Verbose() {
		for _, e := range elsewhereLog {
			t.Log(e)
		}
	}
}

// swapBlocks are the top-level blocks FuzzBlockSwap moves between rulesets.
var swapBlocks = []string{"resolution", "sheet", "rests", "gm", "catalogs", "items", "battle", "combat", "layers", "coverage"}

// findingKey is a finding as "severity code path", what the properties of
// FuzzBlockSwap compare.
func findingKey(d model.Diagnostic) string {
	return fmt.Sprintf("%s %s %s", d.Severity, d.Code, d.Path)
}

// FuzzBlockSwap moves top-level blocks from one ruleset into another (the
// sheet of one with the combat and items of another: files whose parts
// name what is not there, of the other resolution kind...) and holds the
// check to what must be true of any file: it does not fail, it gives the
// same findings twice, each finding is placed in its file, a "$comment" in
// every object changes nothing, and a ruleset given its own blocks back is
// clean. The seed corpus runs in go test; go test -fuzz=FuzzBlockSwap
// ./analysis explores further.
func FuzzBlockSwap(f *testing.F) {
	bases := mutantBases(f)
	names := make([]string, 0, len(bases))
	for name := range bases {
		names = append(names, name)
	}
	sort.Strings(names)
	for i := range names {
		for j := range names {
			f.Add(uint8(i), uint8(j), uint16(1+i*7+j*3))
		}
	}
	docs := map[string]jsonDoc{}
	for _, name := range names {
		docs[name] = decodeDoc(f, bases[name])
	}
	f.Fuzz(func(t *testing.T, from, into uint8, blocks uint16) {
		a, b := names[int(into)%len(names)], names[int(from)%len(names)]
		d := cloneValue(docs[a]).(jsonDoc)
		var moved []string
		for k, block := range swapBlocks {
			if blocks&(1<<k) == 0 {
				continue
			}
			moved = append(moved, block)
			if v, ok := docs[b][block]; ok {
				d[block] = cloneValue(v)
			} else {
				delete(d, block)
			}
		}
		data, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		ws, err := model.Load(fstest.MapFS{"r.json": {Data: data}}, "r.json")
		if err != nil {
			t.Fatal(err)
		}
		r := Run(ws, Options{})
		if r.Failed() != "" {
			t.Fatalf("%s with %v of %s: the analysis failed: %s", a, moved, b, r.Failed())
		}
		var keys []string
		for _, d := range r.Findings {
			keys = append(keys, findingKey(d))
			if d.Line < 1 || d.Column < 1 {
				t.Errorf("%s with %v of %s: unplaced %s", a, moved, b, d)
			}
			if d.Path != model.RootPath && d.File == "r.json" {
				if _, ok := ws.Sources["r.json"].Find(d.Path); !ok && !strings.Contains(d.Message, "required") {
					// A missing member is reported at the path it would have.
					if _, ok := ws.Sources["r.json"].Find(parentPath(d.Path)); !ok {
						t.Errorf("%s with %v of %s: %s is at no value of the file", a, moved, b, d)
					}
				}
			}
		}
		keys2 := checkKeys(t, data)
		sorted := slices.Clone(keys)
		slices.Sort(sorted)
		if !slices.Equal(sorted, keys2) {
			t.Errorf("%s with %v of %s: two checks differ", a, moved, b)
		}
		commented := checkKeys(t, modeltest.WithComments(data, "swap"))
		plain := slices.Clone(keys)
		slices.Sort(plain)
		commented = slices.DeleteFunc(commented, func(k string) bool { return strings.HasSuffix(k, "ruleset-size (root)") })
		plain = slices.DeleteFunc(plain, func(k string) bool { return strings.HasSuffix(k, "ruleset-size (root)") })
		if !slices.Equal(plain, commented) {
			t.Errorf("%s with %v of %s: a $comment in every object changes the findings:\n%v\n%v", a, moved, b, plain, commented)
		}
		if a == b && model.HasErrors(r.Findings) {
			t.Errorf("%s given its own blocks back has errors: %v", a, r.Findings)
		}
	})
}

// checkKeys checks a ruleset file and returns its findings' keys, sorted.
func checkKeys(t *testing.T, data []byte) []string {
	ws, err := model.Load(fstest.MapFS{"r.json": {Data: data}}, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, d := range Run(ws, Options{}).Findings {
		keys = append(keys, findingKey(d))
	}
	slices.Sort(keys)
	return keys
}
