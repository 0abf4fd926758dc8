package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/i18n"
	"rulebench/internal/atomicfile"
	"rulebench/model"
	"rulebench/model/modeltest"
)

// translatedSkeleton makes a new package of kind in a temporary folder
// with a French translation of one string (its manifest brought up to
// date by fix -w), and returns the folder.
func translatedSkeleton(t *testing.T, kind string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "reed-road")
	steps := [][]string{{"new", "--kind", kind, dir}, {"i18n", "--new", "fr", "-w", dir}}
	for _, args := range steps {
		if code, _, errOut := runCLI(args...); code != exitOK {
			t.Fatalf("%v: exit %d, %s", args, code, errOut)
		}
	}
	replaceInFile(t, filepath.Join(dir, "locales", "fr.json"), `"Trained": ""`, `"Trained": "Formé"`)
	if code, _, errOut := runCLI("fix", "-w", dir); code != exitOK {
		t.Fatalf("fix -w: exit %d, %s", code, errOut)
	}
	if ds := checkAll(modeltest.Load(t, dir)); len(ds) != 0 {
		t.Fatalf("the translated skeleton has findings: %v", ds)
	}
	return dir
}

func replaceInFile(t *testing.T, name, old, new string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s holds no %q", name, old)
	}
	if err := os.WriteFile(name, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPackThenCheck is the must-hold 4: pack, then check on the
// artifact and on its entry gives no finding; pack --check right after
// exits 0; after a locale edit it exits 1 naming the pack. The entry's
// sizes and checksums are those of the bytes written.
func TestPackThenCheck(t *testing.T) {
	for _, kind := range []string{"dice-sum", "dice-pool"} {
		t.Run(kind, func(t *testing.T) {
			dir := translatedSkeleton(t, kind)
			code, out, errOut := runCLI("pack", "--url-base", "https://example.org/reed/artifacts", dir)
			if code != exitOK || errOut != "" {
				t.Fatalf("pack: exit %d, stderr %q", code, errOut)
			}
			dist := filepath.Join(dir, "dist")
			names := []string{"reed-road-0.1.0.ruleset.json", "reed-road-0.1.0.fr.json", "reed-road-0.1.0.entry.json"}
			for _, n := range names {
				if !strings.Contains(out, n) {
					t.Errorf("pack's output does not name %s:\n%s", n, out)
				}
			}
			for _, target := range []string{dist, filepath.Join(dist, names[0]), filepath.Join(dist, names[2])} {
				ws := modeltest.Load(t, target)
				if ds := checkAll(ws); len(ds) != 0 {
					t.Errorf("check %s: %v", target, ds)
				}
				if want := map[string]model.InputKind{dist: model.Artifact, filepath.Join(dist, names[0]): model.Artifact, filepath.Join(dist, names[2]): model.EntryFile}[target]; ws.Kind != want {
					t.Errorf("%s loads as a %s, want a %s", target, ws.Kind, want)
				}
			}
			holdEntrySums(t, dist, "https://example.org/reed/artifacts/")

			code, out, _ = runCLI("pack", "--check", "--url-base", "https://example.org/reed/artifacts", dir)
			if code != exitOK || !strings.Contains(out, "3 files up to date") {
				t.Errorf("pack --check right after pack: exit %d\n%s", code, out)
			}
			before := snapshot(t, dist)
			replaceInFile(t, filepath.Join(dir, "locales", "fr.json"), `"Expert": ""`, `"Expert": "Expert confirmé"`)
			code, out, _ = runCLI("pack", "--check", "--url-base", "https://example.org/reed/artifacts", dir)
			if code != exitFindings || !strings.Contains(out, filepath.Join(dist, "reed-road-0.1.0.fr.json")+": differs") ||
				!strings.Contains(out, filepath.Join(dist, "reed-road-0.1.0.entry.json")+": differs") || strings.Contains(out, names[0]) {
				t.Errorf("pack --check after a locale edit: exit %d, want 1 naming the fr pack and the entry, not the artifact:\n%s", code, out)
			}
			if after := snapshot(t, dist); after != before {
				t.Error("pack --check wrote to the output folder")
			}
			// With the manifest brought up to date, the package is clean
			// and the stale pack alone fails the check.
			if code, _, errOut := runCLI("fix", "-w", dir); code != exitOK {
				t.Fatalf("fix -w: exit %d, %s", code, errOut)
			}
			code, out, errOut = runCLI("pack", "--check", "--url-base", "https://example.org/reed/artifacts", dir)
			if code != exitFindings || !strings.Contains(out, filepath.Join(dist, "reed-road-0.1.0.fr.json")+": differs") ||
				!strings.Contains(errOut, "2 files of 3") || strings.Contains(errOut, "error") {
				t.Errorf("pack --check after a locale edit and fix -w: exit %d, want 1 naming the fr pack:\n%s%s", code, out, errOut)
			}
			// Packed again with the default URL base: the artifact's bytes
			// are the same, the pack and the entry are written.
			code, out, _ = runCLI("pack", dir)
			if code != exitOK || !strings.Contains(out, "unchanged "+names[0]) || !strings.Contains(out, "written   "+names[1]) {
				t.Errorf("pack again: exit %d; want the artifact unchanged and the fr pack written:\n%s", code, out)
			}
			holdEntrySums(t, dist, "https://raw.githubusercontent.com/Pasta-Devs/Marinara-Agents/main/artifacts/")
		})
	}
}

// snapshot is every file of a folder with its bytes, as one text.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		b.WriteString(e.Name() + "\n" + string(data) + "\n")
	}
	return b.String()
}

// holdEntrySums recomputes the size and sha256 of the artifact and of each
// pack the entry in dist lists, from the files beside it, and compares
// their URLs with base and the file names; and the pack's name and
// description with its package section.
func holdEntrySums(t *testing.T, dist, base string) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dist, "*.entry.json"))
	if len(matches) != 1 {
		t.Fatalf("%d entries in %s", len(matches), dist)
	}
	var entry struct {
		Manifest map[string]any
		Artifact listingDoc
		Locales  map[string]listingDoc
	}
	data, _ := os.ReadFile(matches[0])
	if err := json.Unmarshal(data, &entry); err != nil {
		t.Fatal(err)
	}
	prefix := strings.TrimSuffix(filepath.Base(matches[0]), ".entry.json")
	if entry.Manifest["id"] == nil || prefix != entry.Manifest["id"].(string)+"-"+entry.Manifest["version"].(string) {
		t.Errorf("the entry's manifest %v does not name %s", entry.Manifest["id"], prefix)
	}
	sameListing(t, dist, base, prefix+".ruleset.json", entry.Artifact)
	packs, _ := filepath.Glob(filepath.Join(dist, prefix+".*.json"))
	if len(entry.Locales) != len(packs)-2 {
		t.Errorf("the entry lists %d packs; %d lie beside it", len(entry.Locales), len(packs)-2)
	}
	for lang, l := range entry.Locales {
		name := prefix + "." + lang + ".json"
		sameListing(t, dist, base, name, l)
		pack, _ := os.ReadFile(filepath.Join(dist, name))
		var doc struct {
			Package struct{ Name, Description string }
		}
		if err := json.Unmarshal(pack, &doc); err != nil {
			t.Fatal(err)
		}
		if l.Name != doc.Package.Name || l.Description != doc.Package.Description || l.Name == "" || l.Description == "" {
			t.Errorf("the %s listing's name and description %q, %q are not the pack's %q, %q", lang, l.Name, l.Description, doc.Package.Name, doc.Package.Description)
		}
	}
}

type listingDoc struct {
	URL, SHA256, Name, Description string
	Bytes                          int
}

func sameListing(t *testing.T, dist, base, name string, l listingDoc) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dist, name))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if l.SHA256 != hex.EncodeToString(sum[:]) || l.Bytes != len(data) {
		t.Errorf("%s is listed as %d bytes, sha256 %s; it is %d bytes, sha256 %x", name, l.Bytes, l.SHA256, len(data), sum)
	}
	if l.URL != base+name {
		t.Errorf("%s is listed at %s, want %s", name, l.URL, base+name)
	}
	if u, err := url.Parse(l.URL); err != nil || path.Base(u.Path) != name {
		t.Errorf("the URL %s does not end in %s", l.URL, name)
	}
}

// TestPackLanternRoad packs our example package: its catalog file is
// written inline, pt-BR's pack holds what it left to pt, the artifact
// checks with nothing but the package's own two stale-key warnings, and
// the entry's sums hold.
func TestPackLanternRoad(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, errOut := runCLI("pack", "--out", out, "../examples/lantern-road")
	if code != exitOK {
		t.Fatalf("pack: exit %d, %s", code, errOut)
	}
	if !strings.Contains(errOut, "note: ../examples/lantern-road/locales/pt-BR.json: the pack also holds the 95 translations") {
		t.Errorf("pack does not say what it filled in from pt:\n%s", errOut)
	}
	holdEntrySums(t, out, "https://raw.githubusercontent.com/Pasta-Devs/Marinara-Agents/main/artifacts/")
	pkg := modeltest.Load(t, "../examples/lantern-road")
	art := modeltest.Load(t, out)
	var want, got []string
	for _, d := range checkAll(pkg) {
		want = append(want, string(d.Code)+" "+d.Path)
	}
	for _, d := range checkAll(art) {
		got = append(got, string(d.Code)+" "+d.Path)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || len(got) != 2 {
		t.Errorf("the artifact's findings %v are not the package's %v", got, want)
	}
	if !strings.Contains(stdout, "checked as published:") {
		t.Errorf("pack does not show the artifact's warnings:\n%s", stdout)
	}
	knacks := catalogByID(art.Ruleset, "knacks")
	if knacks == nil || knacks.Asset != "" || len(knacks.Entries) != 15 || knacks.EntriesFile != art.RulesetFile {
		t.Fatalf("the knacks catalog is not inline with its 15 entries: %+v", knacks)
	}
	rep := i18n.Analyze(art)
	br, err := rep.Language("pt-BR")
	if err != nil {
		t.Fatal(err)
	}
	// Lantern Road's README: pt-BR 127 translated and 95 via pt; the
	// pack holds all 222 itself.
	if br.Coverage.Translated != 222 || br.Coverage.ViaBase != 0 {
		t.Errorf("the pt-BR pack: %d translated, %d via base; want 222 and 0", br.Coverage.Translated, br.Coverage.ViaBase)
	}
	for _, lang := range []string{"fr", "pt"} {
		want, _ := os.ReadFile("../examples/lantern-road/locales/" + lang + ".json")
		got, _ := os.ReadFile(filepath.Join(out, "lantern-road-1.6.0."+lang+".json"))
		if string(got) != string(want) {
			t.Errorf("the %s pack is not locales/%s.json as it is", lang, lang)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "lantern-road-1.6.0.en.json")); err == nil {
		t.Error("pack wrote an en pack; English is the ruleset itself")
	}
}

func catalogByID(rs *model.Ruleset, id string) *model.Catalog {
	for _, c := range rs.Catalogs {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// TestPackRefuses: a package with errors, a PATH that is not a package and
// a URL base that is not https are refused, and nothing is written.
func TestPackRefuses(t *testing.T) {
	tmp := t.TempDir()
	out := filepath.Join(tmp, "out")
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"pack", "--out", out, "testdata/cli/broken-road"}, exitFindings, "nothing was packed"},
		{[]string{"pack", "--out", out, "../examples/mirefall"}, exitUsage, "pack reads a package folder"},
		{[]string{"pack", "--out", out, "--url-base", "http://example.org/a/", "../examples/lantern-road"}, exitUsage, "must use https"},
		{[]string{"pack", "--out", out, "--url-base", "https://example.org/a/?x=1", "../examples/lantern-road"}, exitUsage, "without a query"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.says) {
			t.Errorf("%v: exit %d, stderr %q; want %d saying %q", tc.args, code, errOut, tc.code, tc.says)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused pack made its output folder")
	}
	code, stdout, _ := runCLI("pack", "--check", "--out", out, "../examples/lantern-road")
	if code != exitFindings || !strings.Contains(stdout, filepath.Join(out, "lantern-road-1.6.0.ruleset.json")+": missing") {
		t.Errorf("pack --check with nothing packed: exit %d\n%s", code, stdout)
	}
}

// TestPackWarnsCRLF: a locale file with CRLF line endings is packed as it
// is, with a warning naming it.
func TestPackWarnsCRLF(t *testing.T) {
	dir := translatedSkeleton(t, "dice-sum")
	fr := filepath.Join(dir, "locales", "fr.json")
	data, _ := os.ReadFile(fr)
	crlf := strings.ReplaceAll(string(data), "\n", "\r\n")
	if err := os.WriteFile(fr, []byte(crlf), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI("fix", "-w", dir); code != exitOK {
		t.Fatalf("fix -w: exit %d, %s", code, errOut)
	}
	code, _, errOut := runCLI("pack", dir)
	lines := strings.Count(crlf, "\r\n")
	if code != exitOK || !strings.Contains(errOut, "warning: "+fr+": CRLF line endings ("+itoa(lines)+" lines)") {
		t.Errorf("pack: exit %d; want a CRLF warning naming %s:\n%s", code, fr, errOut)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "dist", "reed-road-0.1.0.fr.json"))
	if string(got) != crlf {
		t.Error("the pack is not the locale file as it is")
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestPackRefusesWhatWouldNotCheck: a package whose catalog file, written
// inline, takes the artifact past the Engine's 256 KB for one ruleset
// file checks clean as a package, but is not packed: pack checks what it
// would write, names the artifact's error, and writes nothing.
func TestPackRefusesWhatWouldNotCheck(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "road")
	if err := os.CopyFS(dir, os.DirFS("../examples/lantern-road")); err != nil {
		t.Fatal(err)
	}
	var more strings.Builder
	for i := range 420 {
		more.WriteString(`{"id": "filler-` + itoa(i) + `", "label": "Filler ` + itoa(i) + `", "summary": "` + strings.Repeat("A long road. ", 20) +
			`", "rows": [{"list": "knacks", "values": {"name": "Filler", "notes": "` + strings.Repeat("x", 150) + `"}}]},` + "\n")
	}
	replaceInFile(t, filepath.Join(dir, "catalogs", "knacks.json"), `"entries": [`, `"entries": [`+more.String())
	if code, _, errOut := runCLI("fix", "-w", dir); code != exitOK {
		t.Fatalf("fix -w: exit %d, %s", code, errOut)
	}
	if ds := checkAll(modeltest.Load(t, dir)); model.HasErrors(ds) {
		t.Fatalf("the grown package has errors: %v", ds)
	}
	out := filepath.Join(dir, "dist")
	code, stdout, errOut := runCLI("pack", dir)
	if code != exitFindings || !strings.Contains(stdout, filepath.ToSlash(filepath.Join(out, "lantern-road-1.6.0.ruleset.json"))+":1:1: error: (root): the ruleset is") ||
		!strings.Contains(errOut, "nothing was written") {
		t.Errorf("pack of a package whose artifact is over 256 KB: exit %d\n%s%s", code, stdout, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the refused pack made its output folder")
	}
}

// TestPackOutLink: an --out that is a symbolic link is refused and
// nothing is written through it.
func TestPackOutLink(t *testing.T) {
	tmp := t.TempDir()
	real := filepath.Join(tmp, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(tmp, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	code, _, errOut := runCLI("pack", "--out", link, "../examples/lantern-road")
	if code != exitUsage || !strings.Contains(errOut, "is a symbolic link") {
		t.Errorf("--out a link: exit %d, %s", code, errOut)
	}
	if entries, _ := os.ReadDir(real); len(entries) != 0 {
		t.Errorf("pack wrote %d files through the link", len(entries))
	}
}

// TestPackAllOrNothing: the files are placed artifact first, packs next,
// the entry that lists them last; when the entry cannot be placed, the
// files placed before it are taken back, so that an earlier pack stays as
// it was, or the new folder is removed again.
func TestPackAllOrNothing(t *testing.T) {
	defer func() { writeFault = nil }()
	out := filepath.Join(t.TempDir(), "out")
	var placed []string
	writeFault = func(step, name string) error {
		if step == atomicfile.StepPlace {
			placed = append(placed, filepath.Base(name))
		}
		return nil
	}
	dir := filepath.Join(t.TempDir(), "mire")
	if code, _, errOut := runCLI("new", "--from", "../examples/mirefall/mirefall-1.0.0.ruleset.json", dir); code != exitOK {
		t.Fatalf("new --from: exit %d, %s", code, errOut)
	}
	placed = nil
	if code, _, errOut := runCLI("pack", "--out", out, dir); code != exitOK {
		t.Fatalf("pack: exit %d, %s", code, errOut)
	}
	want := []string{"mirefall-1.0.0.ruleset.json", "mirefall-1.0.0.de.json", "mirefall-1.0.0.pt-BR.json", "mirefall-1.0.0.entry.json"}
	if !slices.Equal(placed, want) {
		t.Errorf("placed %v, want %v", placed, want)
	}
	before := snapshot(t, out)

	replaceInFile(t, filepath.Join(dir, "locales", "de.json"), `"ruleset": {`, `"ruleset": {"heron": "Reiher",`)
	if code, _, errOut := runCLI("fix", "-w", dir); code != exitOK {
		t.Fatalf("fix -w: exit %d, %s", code, errOut)
	}
	writeFault = func(step, name string) error {
		if step == atomicfile.StepPlace && strings.HasSuffix(name, ".entry.json") {
			return errors.New("input/output error")
		}
		return nil
	}
	code, _, errOut := runCLI("pack", "--out", out, dir)
	if code != exitUsage || !strings.Contains(errOut, "input/output error") {
		t.Errorf("pack with the entry failing: exit %d, %s", code, errOut)
	}
	if after := snapshot(t, out); after != before {
		t.Error("a failed pack left the de pack changed beside the old entry")
	}
	fresh := filepath.Join(t.TempDir(), "fresh")
	if code, _, _ := runCLI("pack", "--out", fresh, dir); code != exitUsage {
		t.Errorf("pack into a new folder with the entry failing: exit %d", code)
	}
	if _, err := os.Stat(fresh); err == nil {
		t.Error("a failed pack left its new folder behind")
	}
}

// TestPackEarlierPackFile: a pack file that an earlier pack left for a
// translation since removed is named by --check (exit 1) and warned about
// by pack, which never removes it.
func TestPackEarlierPackFile(t *testing.T) {
	dir := translatedSkeleton(t, "dice-sum")
	if code, _, errOut := runCLI("pack", dir); code != exitOK {
		t.Fatalf("pack: exit %d, %s", code, errOut)
	}
	dist := filepath.Join(dir, "dist")
	left := filepath.Join(dist, "reed-road-0.1.0.de.json")
	copyTestFile(t, filepath.Join(dist, "reed-road-0.1.0.fr.json"), left)
	copyTestFile(t, filepath.Join(dist, "reed-road-0.1.0.fr.json"), filepath.Join(dist, "other-0.1.0.de.json"))
	code, out, _ := runCLI("pack", "--check", dir)
	if code != exitFindings || !strings.Contains(out, left+": not made by pack") || strings.Contains(out, "other-0.1.0") {
		t.Errorf("pack --check with a pack left over: exit %d\n%s", code, out)
	}
	code, _, errOut := runCLI("pack", dir)
	if code != exitOK || !strings.Contains(errOut, "warning: "+left+" was not made by this pack") {
		t.Errorf("pack with a pack left over: exit %d\n%s", code, errOut)
	}
	if _, err := os.Stat(left); err != nil {
		t.Error("pack removed a file it did not make")
	}
}

// TestPackCheckBrokenPackage: --check on a package whose errors keep it
// from being built exits 1 (errors found), not 2.
func TestPackCheckBrokenPackage(t *testing.T) {
	dir := translatedSkeleton(t, "dice-sum")
	replaceInFile(t, filepath.Join(dir, "ruleset.json"), `"live": {`, `"lists": [{"id": "gear", "label": "Gear", "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 40}]}], "live": {`)
	replaceInFile(t, filepath.Join(dir, "ruleset.json"), `"gm": {`, `"catalogs": [{"id": "tricks", "label": "Tricks", "feeds": ["gear"], "asset": "catalogs/tricks.json"}], "gm": {`)
	code, _, errOut := runCLI("pack", "--check", dir)
	if code != exitFindings || !strings.Contains(errOut, `the catalog "tricks" keeps its entries in catalogs/tricks.json, which cannot be read`) {
		t.Errorf("pack --check on a package with a missing catalog file: exit %d\n%s", code, errOut)
	}
}
