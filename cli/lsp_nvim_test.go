package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"rulebench/model/modeltest"
)

// nvimResult is what testdata/lsp_nvim.lua writes.
type nvimResult struct {
	Version     map[string]any
	Started     bool
	Initialized bool
	Encoding    string
	TypedLine   string `json:"typed_line"`
	Want        struct{ Lnum, Col int }
	Got         bool `json:"got_diagnostics"`
	Diagnostics []struct {
		Lnum, Col     int
		Message, Code string
	}
	Hover      any
	Completion []struct{ Label, Detail string }
	Error      string
}

// A real client: Neovim, headless, runs `rulebench lsp` (this test binary
// acting as rulebench) on a copy of lantern-road, types an unknown skill
// id into a skillMod and sees the diagnostic at its line and column, and
// gets hover on a price and completion inside the skillMod. Skips when
// nvim is not installed (.ci/run installs Debian's).
func TestNeovimDrivesTheLanguageServer(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (apt-get install neovim); the Neovim drive of rulebench lsp is skipped")
	}
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "lantern-road")
	files := map[string]string{}
	src := filepath.Join(examplesDir, "lantern-road")
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(src, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	modeltest.WriteTree(t, root, files)
	script, err := filepath.Abs(filepath.Join("testdata", "lsp_nvim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "result.json")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "--noplugin", "-u", script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "RB_ROOT="+root, "RB_OUT="+out, "RB_BIN="+self,
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_DATA_HOME="+filepath.Join(dir, "data"),
		"XDG_STATE_HOME="+filepath.Join(dir, "state"), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var r nvimResult
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	t.Logf("Neovim %v, encoding %s", r.Version, r.Encoding)
	if r.Error != "" || !r.Started || !r.Initialized {
		t.Fatalf("the session did not start: %s", data)
	}
	if !strings.Contains(r.TypedLine, `"pathfindingx"`) {
		t.Errorf("the typed line is %q", r.TypedLine)
	}
	found := false
	for _, d := range r.Diagnostics {
		if d.Lnum == r.Want.Lnum && d.Col == r.Want.Col && d.Code == "unknown-ref" && strings.Contains(d.Message, `"pathfindingx"`) {
			found = true
		}
	}
	if !r.Got || !found {
		t.Errorf("no unknown-ref diagnostic at line %d, column %d: %+v", r.Want.Lnum+1, r.Want.Col+1, r.Diagnostics)
	}
	if h, _ := r.Hover.(string); !strings.Contains(h, "Price of Tin lantern") || !strings.Contains(h, "60 mites") {
		t.Errorf("hover on the price: %v", r.Hover)
	}
	skills := map[string]string{}
	for _, c := range r.Completion {
		skills[c.Label] = c.Detail
	}
	if skills["pathfinding"] != "Pathfinding" || len(skills) < 3 {
		t.Errorf("completion inside the skillMod: %+v", r.Completion)
	}
}

// rulebench lsp frames its messages on the standard output as they are
// (line ends not made visible), and exits 0 after shutdown and exit, 1
// when the input ends first.
func TestLSPCommandSession(t *testing.T) {
	frame := func(body string) string { return "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body }
	in := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`)
	var out, errOut bytes.Buffer
	if code := run([]string{"lsp"}, strings.NewReader(in), &out, &errOut); code != exitOK {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "Content-Length: ") || !strings.Contains(out.String(), "\r\n\r\n{") ||
		!strings.Contains(out.String(), `"id":2,"result":null`) {
		t.Errorf("output %q", out.String())
	}
	out.Reset()
	if code := run([]string{"lsp"}, strings.NewReader(in[:strings.Index(in, "Content-Length: 44")]), &out, &errOut); code != exitFindings {
		t.Errorf("input ending before shutdown: exit %d", code)
	}
}
