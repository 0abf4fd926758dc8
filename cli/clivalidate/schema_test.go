package clivalidate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"rulebench/cli"
	"rulebench/i18n"
	"rulebench/model"
)

// runCLI runs the program as main does, with the module's root as its
// bundled examples, and returns its exit code and output.
func runCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := cli.Run(cli.Streams{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}, os.DirFS("../.."), args)
	return code, out.String(), errOut.String()
}

func readText(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// displayStrings loads p and returns the English display strings of its
// translation report, the report and the workspace.
func displayStrings(t *testing.T, p string) ([]string, *i18n.Report, *model.Workspace) {
	t.Helper()
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		t.Fatal(err)
	}
	r := i18n.Analyze(ws)
	var out []string
	for _, s := range r.Strings() {
		out = append(out, s.Text)
	}
	return out, r, ws
}

// compileSchema writes the schema of lang for dir with --schema and
// compiles it with a JSON Schema validator.
func compileSchema(t *testing.T, dir, lang string) (*jsonschema.Schema, []byte) {
	t.Helper()
	file := filepath.Join(t.TempDir(), lang+".schema.json")
	code, out, errOut := runCLI("i18n", "--schema", lang, "--out", file, dir)
	if code != 0 || out != file+"\n" {
		t.Fatalf("--schema %s: exit %d %q %s", lang, code, out, errOut)
	}
	data := []byte(readText(t, file))
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(file, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(file)
	if err != nil {
		t.Fatalf("--schema %s does not compile: %v", lang, err)
	}
	return sch, data
}

func validate(t *testing.T, sch *jsonschema.Schema, data string) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(inst)
}

// Issue 27, must hold 6: the schema of each language validates the
// examples' locale files with a real JSON Schema validator; its ruleset
// properties are exactly the display strings and the file's stale keys
// (flagged with deprecationMessage), each described by its English; and
// it refuses a misspelt key, a value that is not text, another language
// and an unknown section.
func TestI18nSchemaValidatesLocaleFiles(t *testing.T) {
	for _, dir := range []string{"../../examples/lantern-road", "../../examples/mirefall"} {
		strs, r, _ := displayStrings(t, dir)
		for _, l := range r.Locales {
			sch, data := compileSchema(t, dir, l.Lang)
			if err := validate(t, sch, string(l.File.Data)); err != nil {
				t.Errorf("%s: %v", l.Name(), err)
			}
			if l.Lang == "en" {
				continue
			}
			var doc struct {
				Properties struct {
					Ruleset struct {
						Properties map[string]struct{ Description, DeprecationMessage string }
					}
				}
			}
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			props := doc.Properties.Ruleset.Properties
			view, _ := r.Language(l.Lang)
			if len(props) != len(strs)+len(view.Stale) {
				t.Errorf("%s: %d properties, want %d strings and %d stale keys", l.Name(), len(props), len(strs), len(view.Stale))
			}
			for _, s := range strs {
				if p, ok := props[s]; !ok || !strings.HasPrefix(p.Description, "English: "+s+"\nUsed at:") || p.DeprecationMessage != "" {
					t.Errorf("%s: %q is not described: %+v", l.Name(), s, p)
					break
				}
			}
			for _, k := range view.Stale {
				if p := props[k.English]; !strings.Contains(p.DeprecationMessage, "stale key") {
					t.Errorf("%s: the stale key %q is not flagged: %+v", l.Name(), k.English, p)
				}
			}
		}
	}

	sch, _ := compileSchema(t, "../../examples/lantern-road", "ru")
	valid := `{"_meta": {"locale": "ru", "direction": "ltr"}, "ruleset": {"Lantern Road": "Дорога фонарей"}}`
	if err := validate(t, sch, valid); err != nil {
		t.Fatalf("a valid ru file: %v", err)
	}
	for name, bad := range map[string]string{
		"a misspelt key":           strings.Replace(valid, "Lantern Road", "Lantren Road", 1),
		"a value that is not text": strings.Replace(valid, `"Дорога фонарей"`, "42", 1),
		"another language":         strings.Replace(valid, `"locale": "ru"`, `"locale": "de"`, 1),
		"an unknown section":       strings.Replace(valid, `"ruleset"`, `"rulset"`, 1),
		"a bad direction":          strings.Replace(valid, `"ltr"`, `"sideways"`, 1),
	} {
		if err := validate(t, sch, bad); err == nil {
			t.Errorf("%s passes the schema", name)
		}
	}
	// The README shows the VS Code setting.
	readme := readText(t, "../../README.md")
	for _, want := range []string{`"json.schemas"`, `"fileMatch"`, "i18n --schema"} {
		if !strings.Contains(readme, want) {
			t.Errorf("the README lacks %s", want)
		}
	}
}

// Issue 27, must hold 6: --schema all is one schema for every language's
// file, and --vscode wraps a schema in VS Code settings: mapped onto the
// files by name and, since the examples' files name a $schema (which VS
// Code reads first), registered under that URL.
func TestI18nSchemaAllAndVSCode(t *testing.T) {
	for dir, match := range map[string]string{"../../examples/lantern-road": "**/locales/*.json", "../../examples/mirefall": "**/mirefall-1.0.0.*.json"} {
		_, r, _ := displayStrings(t, dir)
		sch, _ := compileSchema(t, dir, "all")
		for _, l := range r.Locales {
			if err := validate(t, sch, string(l.File.Data)); err != nil {
				t.Errorf("--schema all: %s: %v", l.Name(), err)
			}
		}
		code, out, errOut := runCLI("i18n", "--schema", "all", "--vscode", dir)
		if code != 0 {
			t.Fatalf("--vscode: exit %d %s", code, errOut)
		}
		var settings struct {
			Schemas []struct {
				FileMatch []string
				URL       string
				Schema    json.RawMessage
			} `json:"json.schemas"`
		}
		if err := json.Unmarshal([]byte(out), &settings); err != nil || len(settings.Schemas) != 1 {
			t.Fatalf("--vscode: %v\n%.300s", err, out)
		}
		e := settings.Schemas[0]
		own := ""
		for _, l := range r.Locales {
			if n := l.File.Root.Get("$schema"); n != nil {
				own = n.Str()
				break
			}
		}
		if own == "" || e.URL != own || !slices.Equal(e.FileMatch, []string{match}) {
			t.Errorf("%s --vscode: url %q (the files name %q), fileMatch %q, want %q", dir, e.URL, own, e.FileMatch, match)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(e.Schema))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		c.AddResource("inline.json", doc)
		inline, err := c.Compile("inline.json")
		if err != nil {
			t.Fatalf("the settings' schema does not compile: %v", err)
		}
		for _, l := range r.Locales {
			if err := validate(t, inline, string(l.File.Data)); err != nil {
				t.Errorf("--vscode: %s: %v", l.Name(), err)
			}
		}
	}
	code, out, _ := runCLI("i18n", "--schema", "fr", "--vscode", "../../examples/lantern-road")
	if code != 0 || !strings.Contains(out, `"**/locales/fr.json"`) {
		t.Errorf("--schema fr --vscode: exit %d, no fileMatch for fr.json", code)
	}
	if code, _, errOut := runCLI("i18n", "--po", "fr", "--vscode", "../../examples/lantern-road"); code != 2 || !strings.Contains(errOut, "--vscode goes with --schema") {
		t.Errorf("--vscode without --schema: exit %d %s", code, errOut)
	}
}
