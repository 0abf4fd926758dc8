package tui

import (
	"bytes"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// TestSmoke runs the workbench as a real program: it starts, draws the
// ruleset's name, switches a layer on from the keyboard, and quits on q.
func TestSmoke(t *testing.T) {
	a, err := New(ferryConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, a,
		teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("Ferry Crossing")) },
		teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	tm.Send(keyPress("2"))
	tm.Send(keyPress("space"))
	tm.Send(keyPress("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	final, ok := tm.FinalModel(t).(*App)
	if !ok {
		t.Fatalf("the final model is a %T", tm.FinalModel(t))
	}
	if final.focus != paneLayers || !final.snap.chosen["spring_flood"] {
		t.Errorf("the keys did not reach the program: tab %v, chosen %v", final.focus, final.snap.chosen)
	}
}
