package tui

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// randomStepsEnv names the environment variable that sets how many random
// inputs TestRandomInput sends: 600 by default, so `go test ./...` stays
// fast; .ci/run asks for 6000.
const randomStepsEnv = "RULEBENCH_RANDOM_STEPS"

// randomSteps is the number of inputs TestRandomInput sends, from
// RULEBENCH_RANDOM_STEPS when it holds a positive number.
func randomSteps(t *testing.T) int {
	v := os.Getenv(randomStepsEnv)
	if v == "" {
		return 600
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive number of steps", randomStepsEnv, v)
	}
	return n
}

// TestRandomInput drives the workbench with random keys, clicks, wheel
// turns, resizes and reloads of good and broken files (600 by default,
// RULEBENCH_RANDOM_STEPS=N for more), and checks after each that it has not
// panicked and that the frame fills the terminal exactly.
func TestRandomInput(t *testing.T) {
	keys := []string{"1", "2", "3", "4", "5", "6", "tab", "shift+tab", "left", "right", "up", "down",
		"pgdown", "end", "g", "space", "x", "enter", "esc", "?", "r", "j", "k", "G", "z", "h", "l",
		"u", "b", "s", "a", "/", "backspace", "n", "p", "c", "[", "]", "enter", "enter"}
	sizes := [][2]int{{80, 24}, {60, 16}, {59, 15}, {100, 30}, {160, 48}, {121, 20}, {200, 60}, {1, 1}}
	cfg, edit := reloadingConfig(t)
	a := newTestApp(t, cfg, 80, 24)
	in := &randomInput{rng: rand.New(rand.NewPCG(1, 2)), keys: keys, sizes: sizes, wheel: true, w: 80, h: 24}
	in.reload = func() tea.Msg {
		switch in.rng.IntN(3) {
		case 0:
			edit("ferry/ruleset.json", ferryRuleset[:in.rng.IntN(len(ferryRuleset))])
		case 1:
			edit("ferry/locales/fr.json", `{"_meta": 3, "ruleset": []}`)
		default:
			edit("ferry/ruleset.json", ferryRuleset)
			edit("ferry/locales/fr.json", ferryFrench)
		}
		return keyPress("r")
	}
	for i := range randomSteps(t) {
		msg := in.next()
		w, h := in.w, in.h
		a = sendChecked(t, a, i, msg, w, h)
		if t.Failed() {
			t.Logf("%dx%d\n%s", w, h, screen(a))
		}
		if !a.typing() && !a.keys.Quit.Enabled() {
			t.Errorf("q is disabled outside a search")
		}
		if t.Failed() {
			t.Fatalf("stopped at step %d after %T %v", i, msg, msg)
		}
	}
}

// randomInput makes the messages of a random walk through the workbench:
// mostly a key from keys, else a click (or, with wheel, a wheel turn)
// anywhere in the window or just past it, a resize to one of sizes, or
// now and then what reload sends after rewriting files. w and h are the
// window's size after the last resize.
type randomInput struct {
	rng    *rand.Rand
	keys   []string
	sizes  [][2]int
	wheel  bool
	reload func() tea.Msg
	w, h   int
}

func (in *randomInput) next() tea.Msg {
	switch n := in.rng.IntN(100); {
	case n < 70:
		return keyPress(in.keys[in.rng.IntN(len(in.keys))])
	case n < 80:
		return tea.MouseClickMsg{X: in.rng.IntN(in.w + 2), Y: in.rng.IntN(in.h + 2), Button: tea.MouseLeft}
	case n < 88 && in.wheel:
		b := tea.MouseWheelDown
		if in.rng.IntN(2) == 0 {
			b = tea.MouseWheelUp
		}
		return tea.MouseWheelMsg{X: in.rng.IntN(in.w), Y: in.rng.IntN(in.h), Button: b}
	case n < 94:
		s := in.sizes[in.rng.IntN(len(in.sizes))]
		in.w, in.h = s[0], s[1]
		return tea.WindowSizeMsg{Width: in.w, Height: in.h}
	}
	return in.reload()
}

// sendChecked sends one message of a random walk (step i) and holds the
// frame to the window of w x h cells; a panic fails the test naming the
// step and the message.
func sendChecked(t *testing.T, a *App, i int, msg tea.Msg, w, h int) (out *App) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("step %d (%T %v) panicked: %v", i, msg, msg, r)
		}
	}()
	out = sendRun(t, a, msg)
	checkFrame(t, out.View().Content, w, h)
	return out
}
