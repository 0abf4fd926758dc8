package tui

import (
	"fmt"
	"maps"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"rulebench/analysis/say"
	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
)

// transMode is what the Translations tab shows: the language picker, or
// the strings of the chosen language.
type transMode int

const (
	pickLanguage transMode = iota
	browseStrings
)

// stringFilter narrows the strings table.
type stringFilter int

const (
	filterAll stringFilter = iota
	// filterUntranslated keeps the strings a player sees in English:
	// missing and empty.
	filterUntranslated
	// filterViaBase keeps the strings shown from the base language's file.
	filterViaBase
	// filterStale lists the keys of the language's own file that match no
	// display string, instead of the display strings.
	filterStale
	// filterQuality keeps the strings whose shown translation a quality
	// check questions: the check translationsPane.check, or any.
	filterQuality
)

// qualityNames are the quality checks' short names, as the table's header
// and a string's detail give them.
var qualityNames = map[model.Code]string{
	i18n.CodeTranslationSame:        "same as English",
	i18n.CodeTranslationSpace:       "white space",
	i18n.CodeTranslationPunctuation: "end punctuation",
	i18n.CodeTranslationNumbers:     "numbers",
	i18n.CodeTranslationBrackets:    "brackets",
	i18n.CodeTranslationLength:      "far longer",
}

func (f stringFilter) String() string {
	switch f {
	case filterUntranslated:
		return "untranslated"
	case filterViaBase:
		return "via base"
	case filterStale:
		return "stale keys"
	case filterQuality:
		return "checks"
	}
	return "all strings"
}

// maxQuery bounds the search text.
const maxQuery = 64

// translationsPane is the Translations tab. It first shows a language
// picker: every language with a file, the language previewed with --lang,
// and the Engine's own languages, each with its name in English and in
// itself and a coverage bar. Enter opens the chosen language's strings as
// a table of English, shown text and state, which can be filtered
// (untranslated, via base, stale keys) and searched (/); the detail of the
// selected string says where it is used, where its shown text comes from,
// and how a numbered name ("Goblin 2") shows.
type translationsPane struct {
	keys          *keyMap
	picker, table listPane
	mode          transMode
	s             *snapshot
	st            *styles
	langs         []langRow
	// placed is set once the picker's cursor has been put on the previewed
	// language.
	placed bool
	// lang is the language whose strings the table shows.
	lang   *i18n.Language
	filter stringFilter
	// check is the quality check the quality filter keeps: 1 + its index
	// in i18n.QualityCodes, 0 for any.
	check int
	// searchInput is the search being typed or kept (the typing of the other
	// lists' filters); query is its text as the rows were worked out for.
	searchInput listFilter
	query       string
	// tag is a language tag being typed in the picker, for a language
	// with no file; tagErr says why the last one typed is no tag.
	tag    textinput.Model
	tagErr string
	// rows are the table's rows: indexes into the report's strings, or
	// into lang.Stale for the stale filter. rowsFor says what they were
	// worked out for, so that they are worked out again only on a change.
	rows    []int
	rowsFor rowsKey
	// want is what the rows should be worked out for now; asked the search
	// being matched off the UI goroutine, searchGen its request, and
	// latest the last request, which stops the earlier ones.
	want      rowsKey
	asked     rowsKey
	searchGen int
	latest    *atomic.Int64
	// cols are the widths of the table's English and shown-text columns;
	// widest the widths of the widest English and shown text of the rows.
	colE, colS int
	widest     [2]int
	// width is the width of the tab.
	width int
	// views keeps the languages without a file as worked out for a report,
	// so that a refresh (a layer switched) does not work them out again.
	views     map[string]*i18n.Language
	viewsFrom *i18n.Report
	// creatures are the creature names of creaturesFor (creatureNames);
	// renamed its ids renamed by migrations (renames).
	creatures    map[string]bool
	creaturesFor *model.Ruleset
	renamed      []migrate.Rename
	renamesFor   *model.Ruleset
}

// langRow is one language in the picker.
type langRow struct {
	*i18n.Language
	// name is the language's name in English and in itself.
	name string
	// engineOnly marks an Engine language with no file of its own that is
	// not the previewed one.
	engineOnly bool
}

// rowsKey is what the strings table's rows depend on.
type rowsKey struct {
	report *i18n.Report
	lang   *i18n.Language
	filter stringFilter
	check  int
	query  string
}

// tableTop is how many lines the strings table puts above its rows: the
// language and filter line, and the column headings.
const tableTop = 2

func newTranslationsPane(k *keyMap) *translationsPane {
	tag := textinput.New()
	tag.Prompt = "tag: "
	tag.CharLimit = maxTag
	return &translationsPane{keys: k, picker: newListPane(), table: newListPane(), searchInput: newListFilter(), tag: tag,
		latest: new(atomic.Int64)}
}

// current is the list the keys move now.
func (p *translationsPane) current() *listPane {
	if p.mode == browseStrings && p.lang != nil {
		return &p.table
	}
	return &p.picker
}

func (p *translationsPane) scroller() *scroller           { return p.current().active() }
func (p *translationsPane) scrollerAt(x, y int) *scroller { return p.current().at(x, y) }

func (p *translationsPane) typing() bool { return p.searchInput.typing() || p.tag.Focused() }

// maxTag bounds a language tag typed in the picker.
const maxTag = 35

// hint says how to leave a detail being scrolled.
func (p *translationsPane) hint() string {
	switch {
	case p.current().inDetail:
		return inDetailHint
	case p.searching():
		return "Searching the strings" + p.st.g.ellipsis
	}
	return ""
}

func (p *translationsPane) set(s *snapshot, st *styles, body rect, wide bool) {
	was, had := p.selectedLang()
	if p.st != st {
		p.searchInput.restyle(st)
		p.tag.SetStyles(searchStyles(st))
	}
	p.s, p.st, p.width = s, st, body.W
	if p.viewsFrom != s.report() {
		p.views, p.viewsFrom = maps.Clone(s.views), s.report()
		if p.views == nil {
			p.views = map[string]*i18n.Language{}
		}
	}
	p.langs = pickerLanguages(s, st, p.views)
	// Beside its detail the picker takes the room its names need, so that
	// none is cut, between 45 and 70 percent of the width.
	share := 45
	if wide {
		need := 0
		for _, l := range p.langs {
			need = max(need, 3+ansi.StringWidth(p.langLine(l, false)))
		}
		share = min(max((need*100+body.W-1)/max(body.W, 1), 45), 70)
	}
	p.picker.place(body, wide, len(p.langs), share, st)
	if !p.placed && s.preview != nil {
		p.placed = true
		p.selectLang(s.preview.Lang)
		if p.lang == nil {
			p.open()
		}
	}
	if now, ok := p.selectedLang(); had && (!ok || now.Lang != was.Lang) {
		p.selectLang(was.Lang) // after a reload: the same language
	}
	if p.lang != nil {
		// The language after a reload or a layer change: the same code.
		p.lang = p.find(p.lang.Lang)
	}
	if p.lang == nil {
		p.mode = pickLanguage
	}
	inner := rect{0, 0, body.W, max(body.H-tableTop, 1)}
	// The strings table keeps the whole width for its two columns of text
	// until there is room for both beside the detail.
	p.table.place(inner, body.W >= tableWideWidth, len(p.rows), 55, st)
	p.table.lr.Y += tableTop
	p.table.dr.Y += tableTop
	p.arrange()
}

// pickerLanguages lists the languages to pick from: those with a file, in
// file order; the previewed one when it has none; then the Engine's own
// languages that have no file (what a player with that Engine language
// sees, through a base language's file or in English).
// views caches the languages worked out for the report.
func pickerLanguages(s *snapshot, st *styles, views map[string]*i18n.Language) []langRow {
	if s.report() == nil {
		return nil
	}
	var out []langRow
	seen := map[string]bool{"en": true}
	add := func(l *i18n.Language, engineOnly bool) {
		if l == nil || seen[l.Lang] {
			return
		}
		seen[l.Lang] = true
		out = append(out, langRow{Language: l, name: languageName(l.Lang, st), engineOnly: engineOnly})
	}
	for _, l := range s.report().Languages {
		add(l, false)
	}
	add(s.preview, false)
	for _, code := range i18n.EngineLanguages {
		if seen[code] {
			continue
		}
		l, ok := views[code]
		if !ok {
			l, _ = s.report().Language(code)
			views[code] = l
		}
		add(l, true)
	}
	return out
}

// languageName is a language's name in English and in itself, such as
// "Brazilian Portuguese — português (Brasil)", from golang.org/x/text's
// display names. With --ascii it is the English name alone, since the own
// names need more than ASCII.
func languageName(code string, st *styles) string {
	tag, err := language.Parse(code)
	if err != nil {
		return ""
	}
	english := display.English.Tags().Name(tag)
	self := display.Self.Name(tag)
	base, _ := tag.Base()
	if region, conf := tag.Region(); conf == language.Exact {
		if n := display.Regions(tag).Name(region); n != "" {
			self = display.Self.Name(language.Make(base.String())) + " (" + n + ")"
		}
	}
	switch {
	case english == "":
		return self
	case self == "" || self == english || st.g.rule == "-":
		return english
	}
	return english + st.g.dash + self
}

// englishName is a language's name in English.
func englishName(code string) string {
	tag, err := language.Parse(code)
	if err != nil {
		return ""
	}
	return display.English.Tags().Name(tag)
}

// find returns the picker's language with a code, or nil.
func (p *translationsPane) find(code string) *i18n.Language {
	for _, l := range p.langs {
		if l.Lang == code {
			return l.Language
		}
	}
	return nil
}

// selectLang puts the picker's cursor on a language, and keeps the table
// on it if the table is open.
func (p *translationsPane) selectLang(code string) {
	for i, l := range p.langs {
		if l.Lang == code {
			p.picker.list.cursor = i
			p.picker.list.clamp()
			return
		}
	}
}

// selectedLang returns the language under the picker's cursor.
func (p *translationsPane) selectedLang() (*i18n.Language, bool) {
	if c := p.picker.list.cursor; c < len(p.langs) {
		return p.langs[c].Language, true
	}
	return nil, false
}

// open shows the strings of the language under the picker's cursor, and
// returns it.
func (p *translationsPane) open() *i18n.Language {
	l, ok := p.selectedLang()
	if !ok {
		return nil
	}
	if p.lang == nil || p.lang.Lang != l.Lang {
		p.table.list.cursor, p.table.list.offset = 0, 0
	}
	p.lang, p.mode, p.table.inDetail = l, browseStrings, false
	p.arrange()
	return l
}

// back returns from the strings table to the picker.
func (p *translationsPane) back() {
	p.mode = pickLanguage
	p.searchInput.input.Blur()
	if p.lang != nil {
		p.selectLang(p.lang.Lang)
	}
}

// setFilter narrows the table; choosing the filter already on shows every
// string again.
func (p *translationsPane) setFilter(f stringFilter) {
	if p.filter == f {
		f = filterAll
	}
	p.filter = f
	p.check = 0
	p.table.list.cursor, p.table.list.offset = 0, 0
	p.arrange()
}

// nextQuality goes through the quality filters: any check, then each
// check in turn, then every string again.
func (p *translationsPane) nextQuality() {
	switch {
	case p.filter != filterQuality:
		p.filter, p.check = filterQuality, 0
	case p.check >= len(i18n.QualityCodes):
		p.filter, p.check = filterAll, 0
	default:
		p.check++
	}
	p.table.list.cursor, p.table.list.offset = 0, 0
	p.arrange()
}

// checkCode is the code of the one quality check the filter keeps; false
// when it keeps any (or another filter is on).
func (p *translationsPane) checkCode() (model.Code, bool) {
	return checkCodeOf(p.filter, p.check)
}

// checkCodeOf is checkCode for a filter and its check.
func checkCodeOf(f stringFilter, check int) (model.Code, bool) {
	if f != filterQuality || check < 1 || check > len(i18n.QualityCodes) {
		return i18n.CodeTranslationSame, false
	}
	return i18n.QualityCodes[check-1], true
}

// filterName is what the table's header says it shows.
func (p *translationsPane) filterName() string {
	if code, one := p.checkCode(); one {
		return "check: " + qualityNames[code]
	}
	if p.filter == filterQuality {
		return "any check"
	}
	return p.filter.String()
}

// quality is what the quality checks find in the text a player sees of
// string i, when it is a translation (own or via the base language).
func (p *translationsPane) quality(i int) []i18n.QualityIssue {
	return qualityOf(p.s.report(), p.lang, i)
}

// qualityOf is quality for a report and one of its languages.
func qualityOf(report *i18n.Report, l *i18n.Language, i int) []i18n.QualityIssue {
	if i >= len(l.States) || (l.States[i] != i18n.Translated && l.States[i] != i18n.ViaBase) {
		return nil
	}
	english := report.Strings()[i].Text
	return i18n.Quality(english, l.Show(english).Text)
}

// questioned tells whether the quality filter of key keeps string i.
func questioned(key rowsKey, i int) bool {
	code, one := checkCodeOf(key.filter, key.check)
	for _, q := range qualityOf(key.report, key.lang, i) {
		if !one || q.Code == code {
			return true
		}
	}
	return false
}

// searchStyles draws the search in the accent colour, its cursor a block
// that does not blink (a blinking cursor would tick for ever).
func searchStyles(st *styles) textinput.Styles {
	var s textinput.Styles
	s.Focused = textinput.StyleState{Text: st.accent, Prompt: st.accent, Placeholder: st.muted, Suggestion: st.muted}
	s.Blurred = s.Focused
	s.Cursor = textinput.CursorStyle{Color: st.accent.GetForeground(), Shape: tea.CursorBlock}
	return s
}

// startSearch starts typing a search.
func (p *translationsPane) startSearch() tea.Cmd {
	p.table.inDetail = false
	return p.searchInput.start()
}

// typeKey takes a key or a paste while the search is typed, as the
// lists' filters take them (enter keeps it, esc drops it, the text input
// takes the rest), and works the rows out again.
func (p *translationsPane) typeKey(msg tea.Msg) tea.Cmd {
	cmd := p.searchInput.update(msg)
	p.query = p.searchInput.input.Value()
	p.table.list.cursor, p.table.list.offset = 0, 0
	p.arrange()
	return cmd
}

// typeTag takes a key or a paste while a language tag is typed in the
// picker: enter opens the language the tag names (any tag --lang takes,
// with a file or not), or says why it is no tag; esc gives up.
func (p *translationsPane) typeTag(h host, msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch m, _ := msg.(tea.KeyPressMsg); {
	case m.Code == tea.KeyEnter && m.Mod == 0:
		code := strings.TrimSpace(p.tag.Value())
		if _, err := i18n.ParseTag(code); err != nil {
			p.tagErr = err.Error()
			break
		}
		p.tag.Blur()
		p.tagErr = ""
		h.previewLang(code)
		if p.s.preview != nil {
			p.selectLang(p.s.preview.Lang)
			p.choose(h)
		}
	case m.Code == tea.KeyEscape:
		p.tag.Blur()
		p.tagErr = ""
	default:
		p.tag, cmd = p.tag.Update(msg)
		if v := model.Visible(p.tag.Value()); v != p.tag.Value() {
			p.tag.SetValue(v)
		}
		p.tagErr = ""
	}
	p.arrange()
	return cmd
}

// tagPrompt is the picker's detail while a language tag is typed.
func (p *translationsPane) tagPrompt() []string {
	st := p.st
	out := []string{" " + st.title.Render("A language by its tag"), " " + p.tag.View()}
	if p.tagErr != "" {
		for _, line := range wrap(vis(p.tagErr), max(p.picker.dr.W-2, 10)) {
			out = append(out, " "+st.err.Render(line))
		}
	}
	out = append(out, "")
	for _, line := range wrap("Any language tag, such as pt-PT or sr-Latn, with a file or not: enter shows the strings as a player reading it sees them; esc goes back.", max(p.picker.dr.W-2, 10)) {
		out = append(out, " "+st.muted.Render(line))
	}
	return out
}

// clearSearch drops a kept search.
func (p *translationsPane) clearSearch() {
	p.searchInput.clear()
	p.query = ""
	p.arrange()
}

// syncKeys sets what enter and esc do and whether each works, and offers
// the filters and the search while a language's strings are shown.
func (p *translationsPane) syncKeys() {
	k := p.keys
	switch {
	case p.tag.Focused():
		k.Open.SetHelp("enter", "show strings")
		k.Close.SetHelp("esc", "cancel")
	case p.typing():
		k.Open.SetHelp("enter", "keep search")
		k.Close.SetHelp("esc", "clear search")
	}
	if p.typing() {
		k.Open.SetEnabled(true)
		k.Close.SetEnabled(true)
		return
	}
	navKeys(k, p.scroller())
	browsing := p.mode == browseStrings && p.lang != nil
	for _, b := range []*key.Binding{&k.Untranslated, &k.ViaBase, &k.Stale, &k.AllStrings, &k.Quality} {
		b.SetEnabled(browsing)
	}
	k.Search.SetEnabled(browsing || p.s != nil && p.s.report() != nil)
	if browsing {
		k.Search.SetHelp("/", "search")
	} else {
		k.Search.SetHelp("/", "type a tag")
	}
	switch {
	case !browsing:
		k.Open.SetHelp("enter", "show strings")
		k.Open.SetEnabled(len(p.langs) > 0)
	case p.table.inDetail:
		k.Close.SetHelp("esc", "back to list")
		k.Close.SetEnabled(true)
	default:
		k.Open.SetHelp("enter", "scroll detail")
		k.Open.SetEnabled(p.table.canEnter())
		if p.query != "" {
			k.Close.SetHelp("esc", "clear search")
		} else {
			k.Close.SetHelp("esc", "languages")
		}
		k.Close.SetEnabled(true)
	}
}

// update handles the tab's keys: choosing a language, going back to the
// languages, the filters and the search, and while the search is typed,
// every key and paste; a click selects a language or a string, and opens
// the language.
func (p *translationsPane) update(h host, msg tea.Msg) tea.Cmd {
	if m, ok := msg.(searchedMsg); ok {
		p.takeSearched(m)
		return nil
	}
	if p.typing() {
		switch msg.(type) {
		case tea.KeyPressMsg, tea.PasteMsg:
			if p.tag.Focused() {
				return p.typeTag(h, msg)
			}
			return p.typeKey(msg)
		}
	}
	k := p.keys
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case p.mode == pickLanguage && key.Matches(msg, k.Open):
			p.choose(h)
		case p.mode == pickLanguage && key.Matches(msg, k.Search):
			p.tag.Reset()
			p.tagErr = ""
			cmd := p.tag.Focus()
			p.arrange()
			return cmd
		case p.mode == browseStrings && !p.table.inDetail && key.Matches(msg, k.Close):
			if p.query != "" {
				p.clearSearch()
			} else {
				p.back()
			}
		case key.Matches(msg, k.Untranslated):
			p.setFilter(filterUntranslated)
		case key.Matches(msg, k.ViaBase):
			p.setFilter(filterViaBase)
		case key.Matches(msg, k.Stale):
			p.setFilter(filterStale)
		case key.Matches(msg, k.AllStrings):
			p.filter = filterStale // setFilter on the filter in use shows all
			p.setFilter(filterAll)
		case key.Matches(msg, k.Quality):
			p.nextQuality()
		case key.Matches(msg, k.Search):
			return p.startSearch()
		default:
			p.current().key(k, msg)
		}
	case clickMsg:
		if p.current().click(msg.x, msg.y) && p.mode == pickLanguage {
			p.choose(h)
		}
	}
	return nil
}

// choose opens the strings of the language under the picker's cursor and
// previews the ruleset in it (the Overview gives its name in that
// language).
func (p *translationsPane) choose(h host) {
	l := p.open()
	if l == nil {
		return
	}
	h.previewLang(l.Lang)
	h.say("Showing the strings as a player reading " + vis(l.Lang) + " sees them")
}

// settle lays the tab out for its state, and returns the search to run
// when the strings table wants rows it has not got (searchCmd).
func (p *translationsPane) settle() tea.Cmd {
	p.arrange()
	return p.searchCmd()
}

// arrange works out the table's rows (but for a search, see updateRows),
// their columns and the detail of what is selected.
func (p *translationsPane) arrange() {
	if p.st == nil {
		return
	}
	if p.mode == pickLanguage || p.lang == nil {
		if p.tag.Focused() {
			p.picker.setDetail(p.tagPrompt())
		} else {
			p.picker.setDetail(p.languageDetail())
		}
		return
	}
	p.updateRows()
	p.table.list.setLen(len(p.rows))
	p.measureColumns()
	p.table.setDetail(p.stringDetail())
}

// updateRows works out the table's rows when what they depend on changed.
// Without a search they are worked out at once. A search is matched off
// the UI goroutine (searchCmd): until its result comes, the table keeps
// the rows of the search before, or shows none when the language, filter
// or report changed as well.
func (p *translationsPane) updateRows() {
	key := rowsKey{report: p.s.report(), lang: p.lang, filter: p.filter, check: p.check, query: p.query}
	p.want = key
	if p.asked != (rowsKey{}) && p.asked != key {
		p.latest.Store(0) // the search being matched is not wanted any more
		p.asked = rowsKey{}
	}
	if key == p.rowsFor && p.rows != nil {
		return
	}
	if key.query == "" {
		p.takeRows(key, filteredRows(key))
		return
	}
	was := p.rowsFor
	was.query = key.query
	if was != key {
		p.rows, p.rowsFor = []int{}, rowsKey{}
	}
}

// takeRows shows rows worked out for key, measuring their text.
func (p *translationsPane) takeRows(key rowsKey, rows []int) {
	p.rowsFor, p.rows = key, rows
	p.widest = [2]int{}
	for i, r := range rows {
		if i == maxMeasuredRows {
			break
		}
		english, shown := rowText(key, r)
		p.widest[0] = max(p.widest[0], ansi.StringWidth(vis(english)))
		p.widest[1] = max(p.widest[1], ansi.StringWidth(vis(shown)))
	}
}

// searching tells whether a search is being matched for the table.
func (p *translationsPane) searching() bool {
	return p.mode == browseStrings && p.lang != nil && p.want.query != "" && p.want != p.rowsFor
}

// searchedMsg carries the rows a search matched off the UI goroutine, for
// the rows key it was asked for and the request gen; only the last
// request's result is taken in.
type searchedMsg struct {
	gen  int
	key  rowsKey
	rows []int
}

// searchCmd matches the search the table wants off the UI goroutine,
// unless it is matched already or being matched. A later request stops
// an earlier one between batches of rows (latest).
func (p *translationsPane) searchCmd() tea.Cmd {
	key := p.want
	if !p.searching() || key == p.asked {
		return nil
	}
	p.asked = key
	p.searchGen++
	gen, latest := p.searchGen, p.latest
	latest.Store(int64(gen))
	return func() tea.Msg {
		stopped := func() bool { return latest.Load() != int64(gen) }
		return searchedMsg{gen: gen, key: key, rows: searchRows(key, filteredRows(key), stopped)}
	}
}

// takeSearched shows the rows of the last search asked for.
func (p *translationsPane) takeSearched(msg searchedMsg) {
	if msg.gen != p.searchGen || msg.key != p.want {
		return
	}
	p.asked = rowsKey{}
	p.takeRows(msg.key, msg.rows)
	p.arrange()
}

// filteredRows are the rows of the table for key without its search: the
// display strings in the language's state the filter keeps, or the stale
// keys.
func filteredRows(key rowsKey) []int {
	l := key.lang
	rows := []int{}
	if key.filter == filterStale {
		for i := range l.Stale {
			rows = append(rows, i)
		}
		return rows
	}
	for i := range key.report.Strings() {
		if i >= len(l.States) {
			break
		}
		switch st := l.States[i]; key.filter {
		case filterUntranslated:
			if st != i18n.Missing && st != i18n.Empty {
				continue
			}
		case filterViaBase:
			if st != i18n.ViaBase {
				continue
			}
		case filterQuality:
			if !questioned(key, i) {
				continue
			}
		}
		rows = append(rows, i)
	}
	return rows
}

// maxMeasuredRows bounds the rows whose text the columns are measured on,
// so that a large ruleset's table is laid out as fast as a small one's.
const maxMeasuredRows = 500

// searchBatch is how many rows the search matches between looks at
// whether a later search stopped it.
const searchBatch = 1024

// searchRows keeps the rows whose English or shown text contains key's
// query, in any case, each text on its own (a match never runs from one
// into the other): first those whose English begins with it, then those
// whose English contains it, then those whose shown text does, each in
// table order. nil once stopped tells it a later search was asked for.
func searchRows(key rowsKey, rows []int, stopped func() bool) []int {
	q := strings.ToLower(key.query)
	var starts, inEnglish, inShown []int
	for i, r := range rows {
		if i%searchBatch == 0 && stopped() {
			return nil
		}
		english, shown := rowText(key, r)
		e := strings.ToLower(english)
		switch {
		case strings.HasPrefix(e, q):
			starts = append(starts, r)
		case strings.Contains(e, q):
			inEnglish = append(inEnglish, r)
		case strings.Contains(strings.ToLower(shown), q):
			inShown = append(inShown, r)
		}
	}
	return append(append(append([]int{}, starts...), inEnglish...), inShown...)
}

// rowText is a row's English text and the text a player sees (for a stale
// key, its value in the file).
func (p *translationsPane) rowText(row int) (english, shown string) {
	return rowText(rowsKey{report: p.s.report(), lang: p.lang, filter: p.filter}, row)
}

// rowText is the text of a row of the table for key: see the method.
func rowText(key rowsKey, row int) (english, shown string) {
	if key.filter == filterStale {
		k := key.lang.Stale[row]
		if v, ok := key.lang.Own.Lookup(k.English); ok {
			return k.English, v.Value
		}
		return k.English, ""
	}
	english = key.report.Strings()[row].Text
	return english, key.lang.Show(english).Text
}

// measureColumns splits the table's width between the English and the
// shown-text columns, after the mark and before the state.
// Each column is as wide as its widest text when the room allows; when it
// does not, the narrower of the two keeps its width if it needs at most
// half, and the other takes the rest.
func (p *translationsPane) measureColumns() {
	room := p.table.lr.W - 2 - 2 - 2 - 2 - 1 - stateWidth
	he, hs := p.headings()
	e, s := max(p.widest[0], ansi.StringWidth(he)), max(p.widest[1], ansi.StringWidth(hs))
	switch {
	case e+s <= room, e <= room/2:
		p.colE = e
	case s <= room/2:
		p.colE = room - s
	default:
		p.colE = room / 2
	}
	p.colE = max(p.colE, 4)
	p.colS = max(room-p.colE, 4)
}

// stateWidth is the width of the state column: "translated".
const stateWidth = 10

// tableWideWidth is where the strings table puts the selected string's
// detail beside it rather than below.
const tableWideWidth = 160

func (p *translationsPane) view() string {
	st := p.st
	if len(p.langs) == 0 {
		return block(p.empty(), p.picker.full.W, p.picker.full.H, st.g.ellipsis)
	}
	if p.mode == pickLanguage || p.lang == nil {
		return p.pickerView()
	}
	return p.tableView()
}

// pickerView draws the language picker and the chosen language's detail.
func (p *translationsPane) pickerView() string {
	st := p.st
	var rows []string
	start, end := p.picker.list.window()
	for i := start; i < end; i++ {
		l := p.langs[i]
		if i == p.picker.list.cursor && !p.picker.inDetail {
			rows = append(rows, selectedRow(p.langLine(l, false), p.picker.lr.W, st))
			continue
		}
		rows = append(rows, plainRow(p.langLine(l, true)))
	}
	return p.picker.render(rows)
}

// tableView draws the strings table under its language line and headings.
func (p *translationsPane) tableView() string {
	st := p.st
	w := p.width
	head := []string{p.tableHeader(w), p.columnHeadings()}
	var rows []string
	if len(p.rows) == 0 {
		rows = append(rows, " "+st.muted.Render(p.noRows()))
	}
	start, end := p.table.list.window()
	for i := start; i < end; i++ {
		if i == p.table.list.cursor && !p.table.inDetail {
			rows = append(rows, selectedRow(p.tableRow(p.rows[i], false), p.table.lr.W, st))
			continue
		}
		rows = append(rows, plainRow(p.tableRow(p.rows[i], true)))
	}
	return block(head, w, tableTop, st.g.ellipsis) + "\n" + p.table.render(rows)
}

// noRows says why the table is empty.
func (p *translationsPane) noRows() string {
	switch {
	case p.searching():
		return fmt.Sprintf("Searching for %q%s", p.query, p.st.g.ellipsis)
	case p.query != "":
		return fmt.Sprintf("Nothing matches %q.", p.query)
	case p.filter == filterStale:
		return "No stale keys: every key of the file matches a display string."
	case p.filter == filterUntranslated:
		return "Every string is translated."
	case p.filter == filterViaBase:
		return "No string is shown through the base language."
	case p.filter == filterQuality && p.check > 0:
		code, _ := p.checkCode()
		return "No translation is questioned by the check: " + qualityNames[code] + "."
	case p.filter == filterQuality:
		return "No quality check questions a translation."
	}
	return "The ruleset has no display strings."
}

// tableHeader is the line above the table: the language, its coverage, the
// filter and the search. The language's name goes in only when the rest
// fits with it, so that the search being typed always shows.
func (p *translationsPane) tableHeader(width int) string {
	st := p.st
	l := p.lang
	cov := "  " + coverageStyle(l.Coverage, st).Render(coverageBar(l.Coverage, st)) + " " + st.muted.Render(fmt.Sprintf("%.1f%%", l.Coverage.Percent()))
	rest := st.muted.Render("  showing ") + st.accent.Render(p.filterName()) + st.muted.Render(fmt.Sprintf(" (%d)", len(p.rows)))
	switch {
	case p.typing():
		rest += "  " + p.searchInput.input.View()
	case p.query != "":
		rest += "  " + st.muted.Render("search ") + st.accent.Render(p.query)
	}
	tag := " " + st.title.Render(vis(l.Lang))
	if name := " " + st.text.Render(languageName(l.Lang, st)); ansi.StringWidth(tag+name+cov+rest) <= width {
		tag += name
	}
	return fit(tag+cov+rest, width, st.g.ellipsis)
}

// headings are the names of the table's two columns of text.
func (p *translationsPane) headings() (english, shown string) {
	if p.filter == filterStale {
		return "Stale key", "Its value in the file"
	}
	return "English", "Shown text"
}

// columnHeadings names the table's columns.
func (p *translationsPane) columnHeadings() string {
	st := p.st
	english, shown := p.headings()
	return st.label.Render("    " + padRight(fit(english, p.colE, st.g.ellipsis), p.colE) + "  " +
		padRight(fit(shown, p.colS, st.g.ellipsis), p.colS) + "  State")
}

// tableRow writes one row of the strings table.
func (p *translationsPane) tableRow(row int, styled bool) string {
	st := p.st
	english, shown := p.rowText(row)
	state := i18n.Missing
	if p.filter == filterStale {
		state = stateStale
	} else if row < len(p.lang.States) {
		state = p.lang.States[row]
	}
	e := padRight(fit(vis(english), p.colE, st.g.ellipsis), p.colE)
	s := padRight(fit(vis(shown), p.colS, st.g.ellipsis), p.colS)
	word := stateWord(state)
	if !styled {
		return plainMark(state, st) + " " + e + "  " + s + "  " + word
	}
	shownStyle := st.ok
	switch state {
	case i18n.Missing, i18n.Empty:
		shownStyle = st.muted
	case stateStale:
		shownStyle = st.text
	}
	return stateMark(state, st) + " " + st.text.Render(e) + "  " + shownStyle.Render(s) + "  " + stateStyle(state, st).Render(word)
}

// stateStale marks a stale key's row; it is not an i18n.State.
const stateStale i18n.State = 255

// stateWord names a row's state in the table.
func stateWord(s i18n.State) string {
	if s == stateStale {
		return "stale"
	}
	return s.String()
}

// stateStyle colours a state's name.
func stateStyle(s i18n.State, st *styles) *lipgloss.Style {
	switch s {
	case i18n.Translated:
		return &st.ok
	case i18n.ViaBase:
		return &st.accent
	case i18n.Empty, stateStale:
		return &st.warn
	}
	return &st.err
}

// coverageStyle colours a coverage bar: complete in the OK colour, else as
// a warning.
func coverageStyle(c i18n.Coverage, st *styles) *lipgloss.Style {
	if c.Percent() < 100 {
		return &st.warn
	}
	return &st.ok
}

// empty explains a picker with no language.
func (p *translationsPane) empty() []string {
	st := p.st
	where := "a locales/<language>.json file beside ruleset.json, listed in the manifest"
	if p.s.ws != nil && p.s.ws.Kind == model.Artifact {
		where = "language packs <id>-<version>.<language>.json beside the artifact"
	}
	if p.s.pending {
		return []string{"", " " + st.muted.Render("Reading the translations"+st.g.ellipsis)}
	}
	out := []string{"", " " + st.muted.Render("No translations. A translation is "+where+".")}
	if p.s.report() != nil {
		out = append(out, " "+st.muted.Render(fmt.Sprintf("The ruleset has %s (%s) to translate.",
			plural(len(p.s.report().Strings()), "display string", "display strings"), plural(p.s.report().Words(), "word", "words"))))
	}
	return out
}

// langLine writes a language's line in the picker: its tag, a coverage
// bar, the share and its name.
func (p *translationsPane) langLine(l langRow, styled bool) string {
	st := p.st
	c := l.Coverage
	pct := fmt.Sprintf("%5.1f%%", c.Percent())
	name := l.name
	switch {
	case l.engineOnly:
		// The English name alone: some scripts' own names are drawn wider
		// or narrower than measured by some terminals, which would shift
		// the rule beside the list on every such row.
		name = englishName(l.Lang) + " (Engine language, no file)"
	case l.Own == nil:
		name += " (no file of its own)"
	}
	if !styled {
		return fmt.Sprintf("%s %s %s  %s", padRight(vis(l.Lang), 7), coverageBar(c, st), pct, name)
	}
	if l.engineOnly {
		return st.muted.Render(padRight(vis(l.Lang), 7) + " " + coverageBar(c, st) + " " + pct + "  " + name)
	}
	style := coverageStyle(c, st)
	return st.bold.Render(padRight(vis(l.Lang), 7)) + " " + style.Render(coverageBar(c, st)) + " " + style.Render(pct) + "  " + st.text.Render(name)
}

// coverageBar draws the share of strings a player sees translated in ten
// cells.
func coverageBar(c i18n.Coverage, st *styles) string {
	n := int(c.Percent()) / 10
	full, empty := "█", "░"
	if st.g.rule == "-" {
		full, empty = "#", "."
	}
	return strings.Repeat(full, n) + strings.Repeat(empty, 10-n)
}

// stateMark is the one-character sign of a string's state.
func stateMark(s i18n.State, st *styles) string {
	return stateStyle(s, st).Render(plainMark(s, st))
}

// plainMark is stateMark without colour.
func plainMark(s i18n.State, st *styles) string {
	ascii := st.g.rule == "-"
	switch s {
	case i18n.Translated:
		if ascii {
			return "+"
		}
		return "✓"
	case i18n.ViaBase:
		if ascii {
			return "^"
		}
		return "↑"
	case i18n.Empty:
		return "o"
	case stateStale:
		return "!"
	}
	return "x"
}

// languageDetail describes the language under the picker's cursor: its
// files, its coverage in strings and words, its stale keys, what the
// Engine keeps when set to it, and how numbered names show.
func (p *translationsPane) languageDetail() []string {
	st := p.st
	l, ok := p.selectedLang()
	if !ok || p.s.report() == nil {
		return nil
	}
	width := p.picker.dr.W
	ws := p.s.ws
	file := func(loc *i18n.Locale) string {
		if loc == nil {
			return "none"
		}
		return vis(relFile(loc.Name(), ws))
	}
	field := func(label, value string) []string {
		var out []string
		for i, line := range wrap(value, max(width-12, 10)) {
			lead := strings.Repeat(" ", 11)
			if i == 0 {
				lead = " " + st.label.Render(padRight(label, 10))
			}
			out = append(out, lead+st.text.Render(line))
		}
		return out
	}
	out := []string{" " + st.title.Render(vis(l.Lang)) + "  " + st.text.Render(languageName(l.Lang, st))}
	if ansi.StringWidth(out[0]) > width {
		// The name on a line of its own rather than cut.
		out = []string{" " + st.title.Render(vis(l.Lang))}
		for _, line := range wrap(languageName(l.Lang, st), max(width-2, 10)) {
			out = append(out, " "+st.text.Render(line))
		}
	}
	out = append(out, field("File", file(l.Own))...)
	if l.Base != "" {
		out = append(out, field("Base", fmt.Sprintf("%s, file %s", vis(l.Base), file(l.BaseLocale)))...)
	}
	c := l.Coverage
	out = append(out, field("Coverage", fmt.Sprintf("%.1f%% of %d strings, %.1f%% of %d words", c.Percent(), c.Strings, c.WordsPercent(), c.Words))...)
	out = append(out, field("", fmt.Sprintf("%d translated, %d via base, %d empty, %d missing; %s",
		c.Translated, c.ViaBase, c.Empty, c.Missing, plural(len(l.Stale), "stale key", "stale keys")))...)
	if imp, err := p.s.report().ImportChoice(l.Lang, p.s.entry()); err == nil {
		out = append(out, field("Import", say.Import(imp, p.s.report().Catalog))...)
	} else {
		out = append(out, field("Import", "not an Engine language: the Engine is never set to it")...)
	}
	if names := numberedPreview(p.s.ruleset(), l, 3, st); len(names) > 0 {
		out = append(out, field("Numbered", strings.Join(names, "; "))...)
	}
	out = append(out, "", " "+st.muted.Render("enter shows its strings"))
	return out
}

// numberedPreview shows how up to n creatures of the ruleset are named on
// the battle screen when there are several: "Ghoul 2 → Goule 2".
func numberedPreview(rs *model.Ruleset, l *i18n.Language, n int, st *styles) []string {
	if rs == nil {
		return nil
	}
	var out []string
	for _, c := range rs.Catalogs {
		for _, e := range c.Entries {
			if e.Creature == nil || e.Label == "" {
				continue
			}
			name := e.Label + " 2"
			out = append(out, vis(name)+" "+st.g.arrow+" "+vis(l.ShowName(name).Text))
			if len(out) == n {
				return out
			}
		}
	}
	return out
}

// stringDetail describes the selected row: for a display string, what is
// shown and where it comes from, the numbered form and every place it is
// used; for a stale key, where it is and the nearest current string.
func (p *translationsPane) stringDetail() []string {
	st := p.st
	c := p.table.list.cursor
	if c >= len(p.rows) {
		return nil
	}
	row := p.rows[c]
	width := p.table.dr.W
	ws := p.s.ws
	l := p.lang
	field := func(label, value string, style *lipgloss.Style) []string {
		var out []string
		for i, line := range wrap(value, max(width-12, 10)) {
			lead := strings.Repeat(" ", 11)
			if i == 0 {
				lead = " " + st.label.Render(padRight(label, 10))
			}
			out = append(out, lead+style.Render(line))
		}
		return out
	}
	at := func(file string, n *model.Node) string {
		s := vis(relFile(file, ws))
		if n != nil {
			s += fmt.Sprintf(":%d:%d", n.Pos().Line, n.Pos().Column)
		}
		return s
	}
	if p.filter == filterStale {
		k := l.Stale[row]
		out := field("Stale key", quote(k.English, st), &st.warn)
		out = append(out, field("In", at(l.Own.Name(), k.Node), &st.text)...)
		if r, ok := migrate.RenameOfKey(p.renames(), k.English); ok {
			q := func(s string) string { return quote(s, st) }
			out = append(out, field("Renamed", say.Renamed(r, q)+" (rename the key to it?)", &st.text)...)
		}
		if near := p.s.report().Nearest(k.English); near != "" {
			out = append(out, field("Nearest", quote(near, st)+" (rename the key to it?)", &st.text)...)
		} else {
			out = append(out, field("Nearest", "no current string is close", &st.muted)...)
		}
		return out
	}
	ds := p.s.report().Strings()[row]
	shown := l.Show(ds.Text)
	// Where the string is used comes first, so that it shows without
	// scrolling under a short table; past the first few, the rest close
	// the detail.
	use := func(u i18n.Use) string {
		return "   " + st.accent.Render(vis(u.Path())) + "  " + st.muted.Render(at(u.File, u.Node))
	}
	out := []string{" " + st.heading.Render(fmt.Sprintf("Used at (%d)", len(ds.Uses)))}
	first := min(len(ds.Uses), firstUses)
	for _, u := range ds.Uses[:first] {
		out = append(out, use(u))
	}
	if rest := len(ds.Uses) - first; rest > 0 {
		out = append(out, "   "+st.muted.Render(fmt.Sprintf("and %d more, listed below", rest)))
	}
	out = append(out, "")
	out = append(out, field("English", quote(ds.Text, st), &st.bold)...)
	out = append(out, field("Shown", quote(shown.Text, st), &st.ok)...)
	var from string
	switch shown.State {
	case i18n.Translated:
		k, _ := l.Own.Lookup(ds.Text)
		from = "its own file, " + at(l.Own.Name(), k.Node)
	case i18n.ViaBase:
		k, _ := l.BaseLocale.Lookup(ds.Text)
		from = "the base language " + vis(l.Base) + ", " + at(l.BaseLocale.Name(), k.Node)
		if own, ok := l.Own.Lookup(ds.Text); ok {
			from += fmt.Sprintf("; its own file has it %s at %s", emptyOr(own), at(l.Own.Name(), own.Node))
		}
	case i18n.Empty:
		k, _ := l.Own.Lookup(ds.Text)
		from = "English: the value is empty at " + at(l.Own.Name(), k.Node)
	default:
		from = "English: no file has it"
		if l.Own == nil && l.BaseLocale == nil {
			from = "English: the language has no file"
		}
		// A key whose value is not text translates nothing, but the file
		// has it: say so, and where.
		var wrong []string
		for _, f := range []*i18n.Locale{l.Own, l.BaseLocale} {
			if k, ok := f.Lookup(ds.Text); ok && !k.Text {
				wrong = append(wrong, at(f.Name(), k.Node))
			}
		}
		if len(wrong) > 0 {
			from = "English: " + strings.Join(wrong, " and ") + " has it as a value that is not text, which translates nothing; write the translation as text"
		}
	}
	out = append(out, field("From", from, &st.text)...)
	if _, has := l.Own.Lookup(ds.Text); !has {
		if sp, ok := belongsSpot(p.s.report(), l.Own, row); ok {
			out = append(out, field("Key", fmt.Sprintf("belongs at %s:%d:%d, in the order of first use (e opens it there)", vis(relFile(sp.file, ws)), sp.line, sp.col), &st.muted)...)
		}
	}
	for _, q := range p.quality(row) {
		style := &st.muted
		if q.Severity == model.Warning {
			style = &st.warn
		}
		out = append(out, field("Check", qualityNames[q.Code]+": "+q.Message+" ["+string(q.Code)+"]", style)...)
	}
	if shown.State == i18n.Translated && l.BaseLocale != nil {
		if b, ok := l.BaseLocale.Lookup(ds.Text); ok && b.Text && b.Value != "" {
			out = append(out, field("Base has", quote(b.Value, st)+" ("+vis(l.Base)+"; the own file wins)", &st.muted)...)
		}
	}
	if (shown.State == i18n.Translated || shown.State == i18n.ViaBase) && p.creatureNames()[ds.Text] {
		out = append(out, field("Numbered", vis(ds.Text)+" 2 "+st.g.arrow+" "+vis(l.ShowName(ds.Text+" 2").Text), &st.text)...)
	}
	out = append(out, field("Words", itoa(ds.Words), &st.text)...)
	if len(ds.Uses) > first {
		out = append(out, "", " "+st.heading.Render(fmt.Sprintf("More uses (%d)", len(ds.Uses)-first)))
		for i, u := range ds.Uses[first:] {
			if i == maxEffectiveRows {
				out = append(out, "   "+st.muted.Render(fmt.Sprintf("and %d more", len(ds.Uses)-first-i)))
				break
			}
			out = append(out, use(u))
		}
	}
	return out
}

// creatureNames are the names the Engine numbers on the battle screen
// ("Goblin 2"): the labels of the creature entries, found once per
// ruleset.
func (p *translationsPane) creatureNames() map[string]bool {
	rs := p.s.ruleset()
	if p.creaturesFor == rs && p.creatures != nil {
		return p.creatures
	}
	p.creatures, p.creaturesFor = map[string]bool{}, rs
	if rs != nil {
		for _, c := range rs.Catalogs {
			for _, e := range c.Entries {
				if e.Creature != nil && e.Label != "" {
					p.creatures[e.Label] = true
				}
			}
		}
	}
	return p.creatures
}

// renames are the ids the ruleset's migrations rename, each followed to
// where its chain of renames ends (migrate.Renames): a stale key spelt like
// an old id most likely translated the label of the id it became. Found
// once per ruleset.
func (p *translationsPane) renames() []migrate.Rename {
	if rs := p.s.ruleset(); p.renamesFor != rs {
		p.renamed, p.renamesFor = migrate.Renames(rs), rs
	}
	return p.renamed
}

// firstUses is how many of a string's uses its detail lists first.
const firstUses = 3

// quote writes file text in quotes, made visible.
func quote(s string, st *styles) string { return st.g.lquote + vis(s) + st.g.rquote }

// emptyOr says what a key's value is when it is not used.
func emptyOr(k i18n.Key) string {
	if !k.Text {
		return "as a value that is not text"
	}
	return "empty"
}

// belongsSpot is where the key of display string i belongs in the locale
// file own, which lacks it: in the order of first use, on the line after
// the member of the nearest string before it that the file has, at that
// member's column; or, with none before it, on the line after the ruleset
// section's opening brace; or, with no ruleset section, at the file's
// closing brace. false when there is no file, or it is not an object.
func belongsSpot(r *i18n.Report, own *i18n.Locale, i int) (spot, bool) {
	if r == nil || own == nil || own.File == nil || own.File.Root == nil || own.File.Root.Kind != model.Object {
		return spot{}, false
	}
	name, data := own.Name(), own.File.Data
	strs := r.Strings()
	for j := min(i, len(strs)) - 1; j >= 0; j-- {
		k, ok := own.Lookup(strs[j].Text)
		if !ok || k.Node == nil {
			continue
		}
		end, err := model.ValueEnd(data, k.Node.Pos().Offset)
		if err != nil {
			break
		}
		// Past the comma: a member on the same line is where the key goes
		// in (before it); otherwise the next line, at this member's column.
		next := end
		for next < len(data) && (data[next] == ' ' || data[next] == '\t' || data[next] == ',') {
			next++
		}
		if next < len(data) && data[next] != '\n' && data[next] != '\r' {
			return spot{file: name, line: lineAt(data, next), col: columnAt(data, next)}, true
		}
		return spot{file: name, line: lineAt(data, end) + 1, col: max(k.Node.KeyPos().Column, 1)}, true
	}
	rs := own.File.Root.Get("ruleset")
	if rs == nil || rs.Kind != model.Object {
		end, err := model.ValueEnd(data, own.File.Root.Pos().Offset)
		if err != nil || end == 0 {
			return nodeSpot(name, nil)
		}
		return spot{file: name, line: lineAt(data, end-1), col: 1}, true
	}
	col := rs.KeyPos().Column + 2
	if kids := rs.Children(); len(kids) > 0 {
		col = kids[0].KeyPos().Column
	}
	return spot{file: name, line: rs.Pos().Line + 1, col: max(col, 1)}, true
}

// columnAt is the column (from 1, in characters) of byte offset off in
// data, as positions count them.
func columnAt(data []byte, off int) int {
	off = min(off, len(data))
	start := strings.LastIndexByte(string(data[:off]), '\n') + 1
	return 1 + utf8.RuneCount(data[start:off])
}

// lineAt is the line (from 1) of byte offset off in data.
func lineAt(data []byte, off int) int {
	return 1 + strings.Count(string(data[:min(off, len(data))]), "\n")
}
