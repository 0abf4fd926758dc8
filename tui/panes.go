package tui

// paneID names the workbench's tabs.
type paneID int

// The tabs, in the order shown.
const (
	paneOverview paneID = iota
	paneLayers
	paneEffective
	paneTranslations
	paneMigrations
	paneProblems
	paneCount
)

var paneNames = [paneCount]string{"Overview", "Layers", "Effective", "Translations", "Migrations", "Problems"}

// paneShort are the names used when the full ones do not fit.
var paneShort = [paneCount]string{"Overview", "Layers", "Effect", "Lang", "Migr", "Problems"}

func (p paneID) String() string {
	if p >= 0 && p < paneCount {
		return paneNames[p]
	}
	return "pane " + itoa(int(p))
}

// pane is what the App needs from every tab.
type pane interface {
	// scroller is what the movement keys move now; scrollerAt what the
	// mouse wheel moves at a cell of the pane.
	scroller() *scroller
	scrollerAt(x, y int) *scroller
	// settle rebuilds what depends on the cursor, after it may have moved.
	settle()
	// view draws the pane at its size.
	view() string
}
