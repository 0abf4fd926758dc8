package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 27, must hold 2: a stale key that sheet.migrations renames to a
// current string (lantern-road renames the skill scouting to
// pathfinding) carries its translation to it, in the locale file and in
// the PO; the nearest stale key's translation is only proposed: not
// written to the file unless --carry, fuzzy with the previous msgid in
// the PO, and never silently.
func TestI18nUpdateCarries(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	pt := filepath.Join(dir, "locales", "pt.json")
	editFile(t, pt, `"ruleset": {`, `"ruleset": {`+"\n"+`    "Scouting": "Batedor",`)
	code, out, errOut := runCLI("i18n", "--update", "pt", dir)
	if code != exitOK {
		t.Fatalf("exit %d %s", code, errOut)
	}
	_, values, _ := localeKeys(t, pt, "pt", []byte(out), false)
	if values["Pathfinding"] != "Batedor" || !strings.Contains(errOut, `"Pathfinding" carries the translation of "Scouting" (the ruleset's migrations rename it)`) {
		t.Errorf("the rename's translation was not carried: %q\n%s", values["Pathfinding"], errOut)
	}
	po, _ := writePOFile(t, dir, "--po", "pt")
	if text := readText(t, po); !strings.Contains(text, "msgid \"Pathfinding\"\nmsgstr \"Batedor\"\n") || strings.Contains(text, "#| msgid \"Scouting\"") {
		t.Errorf("the PO does not carry the rename as a translation")
	}

	// The nearest stale key: proposed, not written.
	ptBR := filepath.Join(dir, "locales", "pt-BR.json")
	code, out, errOut = runCLI("i18n", "--update", "pt-BR", dir)
	_, values, _ = localeKeys(t, ptBR, "pt-BR", []byte(out), false)
	if code != exitOK || values["Road-luck die"] != "" ||
		!strings.Contains(errOut, `"Road-luck die" is left untranslated; the nearest stale key "Road luck die" was translated "Dado de sorte de estrada" (--carry writes it, to review)`) ||
		!strings.Contains(errOut, "2 translations proposed (--carry writes them)") {
		t.Errorf("the proposal: exit %d, %q\n%s", code, values["Road-luck die"], errOut)
	}
	code, out, errOut = runCLI("i18n", "--update", "pt-BR", "--carry", dir)
	_, values, _ = localeKeys(t, ptBR, "pt-BR", []byte(out), false)
	if code != exitOK || values["Road-luck die"] != "Dado de sorte de estrada" || values["Guild favor"] != "Favor da Guilda" || !strings.Contains(errOut, "review it") {
		t.Errorf("--carry: exit %d, %q\n%s", code, values["Road-luck die"], errOut)
	}
	po, _ = writePOFile(t, dir, "--po", "pt-BR")
	text := readText(t, po)
	if !strings.Contains(text, "#, fuzzy\n#| msgid \"Road luck die\"\nmsgid \"Road-luck die\"\nmsgstr \"Dado de sorte de estrada\"\n") {
		t.Errorf("the PO does not propose the nearest key's translation as fuzzy")
	}
	// Merged back unreviewed, the fuzzy proposal is not written.
	before := readText(t, ptBR)
	if code, merged, errOut := runCLI("i18n", "--from-po", po, dir); code != exitOK || merged != before || !strings.Contains(errOut, "fuzzy") {
		t.Errorf("--from-po wrote the fuzzy proposal: exit %d %s", code, errOut)
	}
}

// Issue 27, must hold 4: in a package, --update says how many strings it
// left to the base language's file and that --all adds them; with --all
// every display string has a key. A catalog pack gets every string, the
// base pack's too.
func TestI18nUpdateBaseLanguage(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	strs, r, _ := displayStrings(t, dir)
	view, _ := r.Language("pt-BR")
	code, out, errOut := runCLI("i18n", "--update", "pt-BR", dir)
	if code != exitOK || !strings.Contains(errOut, "left to "+filepath.Join(dir, "locales", "pt.json")+", which translates them (--all adds them)") {
		t.Fatalf("exit %d %s", code, errOut)
	}
	keys, _, _ := localeKeys(t, "pt-BR.json", "pt-BR", []byte(out), false)
	if len(keys) >= len(strs)+len(view.Stale) {
		t.Fatalf("without --all every string was written: %d keys", len(keys))
	}
	code, out, errOut = runCLI("i18n", "--update", "pt-BR", "--all", dir)
	_, values, _ := localeKeys(t, "pt-BR.json", "pt-BR", []byte(out), false)
	for _, s := range strs {
		if _, ok := values[s]; !ok {
			t.Errorf("--all: %q has no key (%s)", s, errOut)
			break
		}
	}
	if code != exitOK || strings.Contains(errOut, "left to") {
		t.Errorf("--all: exit %d %s", code, errOut)
	}

	// A catalog artifact with a pt pack (mirefall's de pack relabelled)
	// and a pt-BR pack: --update pt-BR writes every string.
	cat := copyExample(t, "mirefall")
	de := readText(t, filepath.Join(cat, "mirefall-1.0.0.de.json"))
	os.WriteFile(filepath.Join(cat, "mirefall-1.0.0.pt.json"), []byte(strings.Replace(de, `"locale": "de"`, `"locale": "pt"`, 1)), 0o644)
	mstrs, mr, _ := displayStrings(t, cat)
	if mr.Locale("pt") == nil {
		t.Fatalf("the pt pack was not read")
	}
	code, out, errOut = runCLI("i18n", "--update", "pt-BR", cat)
	_, values, _ = localeKeys(t, "mirefall-1.0.0.pt-BR.json", "pt-BR", []byte(out), true)
	for _, s := range mstrs {
		if _, ok := values[s]; !ok {
			t.Errorf("catalog pack: %q has no key", s)
			break
		}
	}
	if code != exitOK || strings.Contains(errOut, "left to") {
		t.Errorf("catalog pack: exit %d %s", code, errOut)
	}
}

// Issue 27, must hold 2: with --since OLD, a string the ruleset reworded
// in place (the same file and JSON path) carries its translation, in the
// locale file and in the PO, and stderr says why.
func TestI18nUpdateCarriesSince(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	editFile(t, filepath.Join(dir, "ruleset.json"), `"label": "Pathfinding"`, `"label": "Wayfinding"`)
	ptBR := filepath.Join(dir, "locales", "pt-BR.json")
	code, out, errOut := runCLI("i18n", "--update", "pt-BR", dir)
	_, values, _ := localeKeys(t, ptBR, "pt-BR", []byte(out), false)
	if code != exitOK || values["Wayfinding"] == "Encontrar caminhos" {
		t.Fatalf("without --since the reworded string was carried: exit %d %s", code, errOut)
	}
	code, out, errOut = runCLI("i18n", "--update", "pt-BR", "--since", "../examples/lantern-road", dir)
	_, values, _ = localeKeys(t, ptBR, "pt-BR", []byte(out), false)
	if code != exitOK || values["Wayfinding"] != "Encontrar caminhos" || !strings.Contains(errOut, `"Wayfinding" carries the translation of "Pathfinding" (../examples/lantern-road has it at the same place)`) {
		t.Errorf("--since: exit %d, %q\n%s", code, values["Wayfinding"], errOut)
	}
	po, _ := writePOFile(t, dir, "--po", "pt-BR", "--since", "../examples/lantern-road")
	if text := readText(t, po); !strings.Contains(text, "msgid \"Wayfinding\"\nmsgstr \"Encontrar caminhos\"\n") {
		t.Errorf("the PO does not carry the reworded string")
	}
	if code, _, errOut := runCLI("i18n", "--new", "de", "--since", "../examples/lantern-road", dir); code != exitUsage || !strings.Contains(errOut, "--since goes with --update or --po") {
		t.Errorf("--since with --new: exit %d %s", code, errOut)
	}
}

// Issue 27, must hold 5: the quality checks come through check and i18n
// with the other findings, at the translation.
func TestQualityInCheckAndI18n(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	editFile(t, filepath.Join(dir, "locales", "fr.json"), `"Pathfinding": "Orientation"`, `"Pathfinding": "Orientation (2)"`)
	got := strings.Join(checkFindings(t, dir), "\n")
	for _, want := range []string{"warning translation-numbers fr.json ruleset.Pathfinding", "warning translation-brackets fr.json ruleset.Pathfinding"} {
		if !strings.Contains(got, want) {
			t.Errorf("check --json lacks %q:\n%s", want, got)
		}
	}
	_, out, _ := runCLI("i18n", dir)
	if !strings.Contains(out, `"Pathfinding": the English has no numbers, the translation 2 [translation-numbers]`) {
		t.Errorf("i18n does not show the check:\n%s", out)
	}
}
