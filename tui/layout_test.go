package tui

import "testing"

func TestLayout(t *testing.T) {
	tests := []struct {
		name                string
		w, h, status, help  int
		tooSmall, wide      bool
		bodyY, bodyH, helpH int
		statusY             int
	}{
		{name: "minimum", w: 60, h: 16, help: 1, bodyY: 3, bodyH: 11, helpH: 1, statusY: 14},
		{name: "80x24", w: 80, h: 24, help: 1, bodyY: 3, bodyH: 19, helpH: 1, statusY: 22},
		{name: "80x24 full help", w: 80, h: 24, help: 6, bodyY: 3, bodyH: 14, helpH: 6, statusY: 17},
		{name: "160x48 wide", w: 160, h: 48, help: 1, wide: true, bodyY: 3, bodyH: 43, helpH: 1, statusY: 46},
		{name: "help gives way to the body", w: 60, h: 16, help: 20, bodyY: 3, bodyH: minBodyHeight, helpH: 8, statusY: 7},
		{name: "a status of two lines", w: 80, h: 24, status: 2, help: 1, bodyY: 3, bodyH: 18, helpH: 1, statusY: 21},
		{name: "a status of more lines than it may take", w: 80, h: 24, status: 9, help: 2, bodyY: 3, bodyH: 16, helpH: 2, statusY: 19},
		{name: "narrow", w: 59, h: 24, tooSmall: true},
		{name: "short", w: 80, h: 15, tooSmall: true},
		{name: "zero", w: 0, h: 0, tooSmall: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := layout(tt.w, tt.h, tt.status, tt.help)
			if r.TooSmall != tt.tooSmall {
				t.Fatalf("TooSmall = %v, want %v", r.TooSmall, tt.tooSmall)
			}
			if tt.tooSmall {
				return
			}
			if r.Wide != tt.wide {
				t.Errorf("Wide = %v, want %v", r.Wide, tt.wide)
			}
			if r.Body.Y != tt.bodyY || r.Body.H != tt.bodyH || r.Help.H != tt.helpH || r.Status.Y != tt.statusY {
				t.Errorf("body y=%d h=%d, help h=%d, status y=%d; want %d %d %d %d",
					r.Body.Y, r.Body.H, r.Help.H, r.Status.Y, tt.bodyY, tt.bodyH, tt.helpH, tt.statusY)
			}
			// The parts stack without gaps or overlaps and fill the height.
			parts := []rect{r.Header, r.Tabs, r.Body, r.Status, r.Help}
			y := 0
			for i, p := range parts {
				if p.Y != y || p.W != tt.w || p.X != 0 {
					t.Errorf("part %d at y=%d w=%d, want y=%d w=%d", i, p.Y, p.W, y, tt.w)
				}
				y += p.H
			}
			if y != tt.h {
				t.Errorf("the parts are %d rows high, want %d", y, tt.h)
			}
		})
	}
}

func TestSplit(t *testing.T) {
	body := rect{0, 3, 160, 40}
	l, d := split(body, true, 50)
	if l.W+1+d.W != body.W || l.H != body.H || d.X != l.W+1 || d.Y != body.Y {
		t.Errorf("wide split = %+v %+v", l, d)
	}
	l, d = split(rect{0, 3, 80, 20}, false, 50)
	if l.H+1+d.H != 20 || d.Y != 3+l.H+1 || l.W != 80 || d.W != 80 {
		t.Errorf("tall split = %+v %+v", l, d)
	}
}

func TestRectContains(t *testing.T) {
	r := rect{2, 3, 4, 5}
	for _, c := range []struct {
		x, y int
		in   bool
	}{{2, 3, true}, {5, 7, true}, {6, 3, false}, {2, 8, false}, {1, 3, false}} {
		if got := r.contains(c.x, c.y); got != c.in {
			t.Errorf("contains(%d,%d) = %v", c.x, c.y, got)
		}
	}
}
