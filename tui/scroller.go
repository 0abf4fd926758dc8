package tui

// scroller is the scrolling arithmetic shared by every pane: n rows shown
// through a window of height rows, with an optional cursor. With a cursor
// the window follows it; without one (a document) the keys move the window.
type scroller struct {
	n      int  // number of rows
	height int  // rows visible at once
	cursor int  // selected row (0 when n is 0)
	offset int  // first visible row
	cursed bool // whether the pane has a cursor
}

// setLen changes the number of rows, keeping the cursor and window in range.
func (s *scroller) setLen(n int) {
	s.n = max(n, 0)
	s.clamp()
}

// setHeight changes the window height.
func (s *scroller) setHeight(h int) {
	s.height = max(h, 0)
	s.clamp()
}

func (s *scroller) maxOffset() int { return max(s.n-s.height, 0) }

func (s *scroller) clamp() {
	s.cursor = min(max(s.cursor, 0), max(s.n-1, 0))
	if s.cursed && s.height > 0 {
		if s.cursor < s.offset {
			s.offset = s.cursor
		}
		if s.cursor >= s.offset+s.height {
			s.offset = s.cursor - s.height + 1
		}
	}
	s.offset = min(max(s.offset, 0), s.maxOffset())
}

// move moves the cursor (or, without one, the window) by delta rows.
func (s *scroller) move(delta int) {
	if s.cursed {
		s.cursor += delta
	} else {
		s.offset += delta
	}
	s.clamp()
}

// page moves by one window height, down for dir > 0.
func (s *scroller) page(dir int) { s.move(dir * max(s.height-1, 1)) }

// top goes to the first row; bottom to the last.
func (s *scroller) top() { s.cursor, s.offset = 0, 0; s.clamp() }

func (s *scroller) bottom() {
	s.cursor, s.offset = s.n-1, s.maxOffset()
	s.clamp()
}

// scroll moves the window by delta rows (the mouse wheel), dragging the
// cursor along only as far as needed to keep it visible.
func (s *scroller) scroll(delta int) {
	s.offset = min(max(s.offset+delta, 0), s.maxOffset())
	if s.cursed && s.height > 0 {
		s.cursor = min(max(s.cursor, s.offset), s.offset+s.height-1)
		s.cursor = min(max(s.cursor, 0), max(s.n-1, 0))
	}
}

// selectVisible puts the cursor on the row shown at line y of the window,
// and tells whether there is a row there.
func (s *scroller) selectVisible(y int) bool {
	i := s.offset + y
	if y < 0 || y >= s.height || i >= s.n {
		return false
	}
	s.cursor = i
	s.clamp()
	return true
}

// window returns the rows [start, end) to show.
func (s *scroller) window() (start, end int) {
	return s.offset, min(s.offset+s.height, s.n)
}

// scrollable tells whether the keys that move have anything to do.
func (s *scroller) scrollable() bool {
	if s.cursed {
		return s.n > 1
	}
	return s.n > s.height
}

// position describes where the view is, for the status line: "3/12" for a
// cursor, "lines 1-19 of 40" for a document that does not fit, else "".
func (s *scroller) position() string {
	if s.n == 0 {
		return ""
	}
	if s.cursed {
		return itoa(s.cursor+1) + "/" + itoa(s.n)
	}
	if s.n <= s.height {
		return ""
	}
	start, end := s.window()
	return "lines " + itoa(start+1) + "-" + itoa(end) + " of " + itoa(s.n)
}
