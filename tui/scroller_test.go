package tui

import "testing"

func TestScrollerWithCursor(t *testing.T) {
	tests := []struct {
		name        string
		n, h        int
		ops         func(s *scroller)
		cursor, off int
		pos         string
	}{
		{"down", 10, 4, func(s *scroller) { s.move(1) }, 1, 0, "2/10"},
		{"the window follows the cursor", 10, 4, func(s *scroller) { s.move(5) }, 5, 2, "6/10"},
		{"not past the end", 10, 4, func(s *scroller) { s.move(50) }, 9, 6, "10/10"},
		{"not before the start", 10, 4, func(s *scroller) { s.move(-3) }, 0, 0, "1/10"},
		{"page down", 10, 4, func(s *scroller) { s.page(1) }, 3, 0, "4/10"},
		{"page down twice", 10, 4, func(s *scroller) { s.page(1); s.page(1) }, 6, 3, "7/10"},
		{"bottom then top", 10, 4, func(s *scroller) { s.bottom(); s.top() }, 0, 0, "1/10"},
		{"bottom", 10, 4, func(s *scroller) { s.bottom() }, 9, 6, "10/10"},
		{"wheel drags the cursor", 10, 4, func(s *scroller) { s.scroll(3) }, 3, 3, "4/10"},
		{"wheel stops at the end", 10, 4, func(s *scroller) { s.scroll(30) }, 6, 6, "7/10"},
		{"shrinking keeps the cursor in range", 10, 4, func(s *scroller) { s.bottom(); s.setLen(3) }, 2, 0, "3/3"},
		{"empty", 0, 4, func(s *scroller) { s.move(1) }, 0, 0, ""},
		{"click on a row", 10, 4, func(s *scroller) { s.scroll(2); s.selectVisible(3) }, 5, 2, "6/10"},
		{"click below the rows", 3, 4, func(s *scroller) { s.selectVisible(3) }, 0, 0, "1/3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scroller{cursed: true}
			s.setHeight(tt.h)
			s.setLen(tt.n)
			tt.ops(&s)
			if s.cursor != tt.cursor || s.offset != tt.off {
				t.Errorf("cursor %d offset %d, want %d %d", s.cursor, s.offset, tt.cursor, tt.off)
			}
			if got := s.position(); got != tt.pos {
				t.Errorf("position %q, want %q", got, tt.pos)
			}
			start, end := s.window()
			if start != s.offset || end-start > tt.h || end > tt.n {
				t.Errorf("window %d-%d", start, end)
			}
		})
	}
}

func TestScrollerDocument(t *testing.T) {
	s := scroller{}
	s.setHeight(5)
	s.setLen(12)
	if !s.scrollable() {
		t.Fatal("12 lines in 5 rows should scroll")
	}
	s.move(3)
	if s.offset != 3 || s.position() != "lines 4-8 of 12" {
		t.Errorf("offset %d position %q", s.offset, s.position())
	}
	s.bottom()
	if s.offset != 7 {
		t.Errorf("bottom offset %d, want 7", s.offset)
	}
	s.setLen(4)
	if s.offset != 0 || s.scrollable() || s.position() != "" {
		t.Errorf("a document that fits: offset %d scrollable %v position %q", s.offset, s.scrollable(), s.position())
	}
}
