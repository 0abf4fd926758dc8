package tui

// Size thresholds of the layout.
const (
	// minWidth and minHeight are the smallest terminal the workbench draws
	// in; below them it shows only a message asking for more room.
	minWidth  = 60
	minHeight = 16
	// wideWidth is where panes with a detail (a layer's effects, a
	// finding's source) put it beside the list instead of below it.
	wideWidth = 120

	headerHeight  = 1
	tabsHeight    = 2 // the tab names and a rule under them
	minBodyHeight = 4
	// maxStatusHeight is how many lines the status line may take when its
	// message or hint does not fit on one.
	maxStatusHeight = 3
)

// rect is a region of the screen, in cells.
type rect struct{ X, Y, W, H int }

// contains tells whether the cell (x, y) is inside r.
func (r rect) contains(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// rects is where each part of the screen goes.
type rects struct {
	// TooSmall is set below the minimum size; nothing else is then laid out.
	TooSmall                         bool
	Width, Height                    int
	Header, Tabs, Body, Status, Help rect
	Wide                             bool // room for a detail beside a list
}

// layout places the header, tab bar, body, status line and help for a
// terminal of width×height, given the height the status line wants (one
// line, up to maxStatusHeight for a long reason) and the help wants (one
// line, two when the keys do not fit, more for the full help). The help,
// then the status line, give way before the body shrinks below
// minBodyHeight.
func layout(width, height, statusHeight, helpHeight int) rects {
	r := rects{Width: width, Height: height}
	if width < minWidth || height < minHeight {
		r.TooSmall = true
		return r
	}
	statusHeight = min(max(statusHeight, 1), maxStatusHeight)
	chrome := headerHeight + tabsHeight + statusHeight
	helpHeight = min(max(helpHeight, 0), height-chrome-minBodyHeight)
	y := 0
	r.Header = rect{0, y, width, headerHeight}
	y += headerHeight
	r.Tabs = rect{0, y, width, tabsHeight}
	y += tabsHeight
	body := height - chrome - helpHeight
	r.Body = rect{0, y, width, body}
	y += body
	r.Status = rect{0, y, width, statusHeight}
	y += statusHeight
	r.Help = rect{0, y, width, helpHeight}
	r.Wide = width >= wideWidth
	return r
}

// split divides a body between a list and its detail: side by side when
// wide (the list gets listShare percent of the width, one column is left
// for a separator), else one above the other, the list getting listShare
// percent of the height.
func split(body rect, wide bool, listShare int) (list, detail rect) {
	if wide {
		lw := body.W * listShare / 100
		return rect{body.X, body.Y, lw, body.H}, rect{body.X + lw + 1, body.Y, body.W - lw - 1, body.H}
	}
	lh := max(body.H*listShare/100, 1)
	return rect{body.X, body.Y, body.W, lh}, rect{body.X, body.Y + lh + 1, body.W, max(body.H-lh-1, 0)}
}
