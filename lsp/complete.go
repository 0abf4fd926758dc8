package lsp

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
)

// cursorContext is where a cursor stands in a JSON text that may be broken
// mid-edit: the path of the container around it, whether it is where a
// key goes, the key whose value it is in, and the text token it is in.
type cursorContext struct {
	// path leads to the container (keys and array indices).
	path     []string
	inObject bool
	// onKey tells that the cursor is where a member's key goes; key is the
	// member's key when it is in a value (of an object, or of the array
	// that is the member's value: parentKey).
	onKey          bool
	key, parentKey string
	// inString tells that the cursor is inside a string token starting at
	// start; end is where the token's text ends (before the closing quote,
	// or the line's end).
	inString   bool
	start, end int
}

// frame is one open container while scanning.
type frame struct {
	object    bool
	expectKey bool
	key       string
	index     int
}

// scan works out the cursorContext at byte offset off of text, reading only the
// text before it (and the rest of a string token it is in).
func scan(text string, off int) cursorContext {
	off = min(off, len(text))
	var stack []frame
	for i := 0; i < off; {
		c := text[i]
		switch c {
		case '{':
			stack = append(stack, frame{object: true, expectKey: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ',':
			if n := len(stack); n > 0 {
				if stack[n-1].object {
					stack[n-1].expectKey, stack[n-1].key = true, ""
				} else {
					stack[n-1].index++
				}
			}
		case ':':
			if n := len(stack); n > 0 && stack[n-1].object {
				stack[n-1].expectKey = false
			}
		case '"':
			j := i + 1
			for j < len(text) && text[j] != '"' && text[j] != '\n' && text[j] != '\r' {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(text))
			if j >= off {
				ctx := contextOf(stack)
				ctx.inString, ctx.start, ctx.end = true, i, j
				return ctx
			}
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].expectKey {
				var k string
				if json.Unmarshal([]byte(text[i:j+1]), &k) != nil {
					k = text[i+1 : j]
				}
				stack[n-1].key = k
			}
			i = j + 1
			continue
		}
		i++
	}
	ctx := contextOf(stack)
	ctx.start, ctx.end = off, off
	return ctx
}

func contextOf(stack []frame) cursorContext {
	var ctx cursorContext
	for k, f := range stack {
		if k == len(stack)-1 {
			break
		}
		if f.object {
			ctx.path = append(ctx.path, f.key)
		} else {
			ctx.path = append(ctx.path, strconv.Itoa(f.index))
		}
	}
	if len(stack) == 0 {
		return ctx
	}
	top := stack[len(stack)-1]
	ctx.inObject = top.object
	if top.object {
		ctx.onKey = top.expectKey
		if !top.expectKey {
			ctx.key = top.key
		}
	} else if len(stack) > 1 && stack[len(stack)-2].object {
		ctx.parentKey = stack[len(stack)-2].key
	}
	return ctx
}

func (s *Server) completion(params json.RawMessage) (any, error) {
	var p CompletionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d, err := s.docOf(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	list := CompletionList{Items: []CompletionItem{}}
	wsPath := s.ws.pathFor(d.path)
	if wsPath == "" {
		return list, nil
	}
	e := s.ws.lastGood(wsPath)
	if e == nil {
		return list, nil
	}
	off := d.lines.offset(p.Position, s.enc)
	ctx := scan(d.lines.text, off)
	edit := func(text string) *TextEdit {
		r := Range{Start: d.lines.position(ctx.start, s.enc), End: d.lines.position(ctx.end, s.enc)}
		quoted := jsonText(text)
		if ctx.inString {
			r.Start = d.lines.position(ctx.start+1, s.enc)
			return &TextEdit{Range: r, NewText: quoted[1 : len(quoted)-1]}
		}
		return &TextEdit{Range: r, NewText: quoted}
	}
	typed := ""
	if ctx.onKey && ctx.inString {
		typed = d.lines.text[ctx.start+1 : min(ctx.end, len(d.lines.text))]
	}
	if ctx.onKey && path.Base(d.path) == "manifest.json" {
		list.Items = manifestKeys(e.result.Workspace.Sources[d.path], ctx, typed, edit)
		return list, nil
	}
	if ctx.onKey && isLocaleFile(e.result.Workspace, d.path) {
		list.Items = s.localeKeys(e, d.path, ctx, typed, edit)
		return list, nil
	}
	if ctx.onKey {
		root := e.result.Workspace.Sources[d.path]
		obj, ok := root.Find(strings.Join(ctx.path, "."))
		if !ok || obj.Kind != model.Object {
			return list, nil
		}
		for i, k := range s.allowedKeys(e, d.path, obj) {
			if c := obj.Get(k); c != nil && k != typed {
				continue
			}
			item := CompletionItem{Label: k, Kind: CompletionKindProperty, SortText: sortKey(i), TextEdit: edit(k)}
			if kind, ok := refKeys[k]; ok {
				item.Detail = "names a " + kindWord(kind)
			}
			list.Items = append(list.Items, item)
		}
		return list, nil
	}
	k := ctx.key
	if !ctx.inObject {
		k = ctx.parentKey
	}
	kind, ok := refKeys[k]
	if !ok {
		return list, nil
	}
	for i, dcl := range s.indexOf(e).byKind[kind] {
		item := CompletionItem{Label: model.Visible(dcl.id), Kind: CompletionKindReference, Detail: model.Visible(dcl.label),
			SortText: sortKey(i), TextEdit: edit(dcl.id)}
		if item.Detail == "" {
			item.Detail = kindWord(kind)
		}
		list.Items = append(list.Items, item)
	}
	slices.SortStableFunc(list.Items, func(a, b CompletionItem) int { return strings.Compare(a.SortText, b.SortText) })
	return list, nil
}

func sortKey(i int) string { return strconv.FormatInt(int64(100000+i), 10) }

// isLocaleFile tells whether file is one of the workspace's locale files
// (or language packs).
func isLocaleFile(ws *model.Workspace, file string) bool {
	return slices.ContainsFunc(ws.Locales, func(f *model.File) bool { return f != nil && f.Name == file })
}

// localeKeys completes a key of a locale file's ruleset section: the
// display strings of the ruleset the file does not translate yet, in the
// order the ruleset first uses them, each with where it is used (typed,
// the key being written, is offered too).
func (s *Server) localeKeys(e *wsEntry, file string, ctx cursorContext, typed string, edit func(string) *TextEdit) []CompletionItem {
	items := []CompletionItem{}
	if len(ctx.path) != 1 || ctx.path[0] != "ruleset" || e.result.Translations == nil {
		return items
	}
	var section *model.Node
	if f := e.result.Workspace.Files[file]; f != nil && f.Root != nil {
		section = f.Root.Get("ruleset")
	}
	for i, str := range e.result.Translations.Strings() {
		if section != nil && section.Get(str.Text) != nil && str.Text != typed {
			continue
		}
		item := CompletionItem{Label: model.Visible(str.Text), Kind: CompletionKindProperty, SortText: sortKey(i), TextEdit: edit(str.Text)}
		if len(str.Uses) > 0 {
			u := str.Uses[0]
			item.Detail = model.Visible(fmt.Sprintf("used at %s (%s)", u.Path(), path.Base(u.File)))
		}
		items = append(items, item)
	}
	return items
}

// manifestFields are the keys of a package manifest and of its objects
// (ruleset-format.md §8), by the path of the object ("" the manifest,
// "files.*" an item of files).
var manifestFields = map[string][]string{
	"":                     {"schemaVersion", "id", "name", "version", "description", "capabilityApi", "builtAgainst", "engine", "kind", "entrypoints", "contributions", "files", "permissions", "restartRequired"},
	"capabilityApi":        {"major", "minor"},
	"builtAgainst":         {"engineVersion", "engineCommit"},
	"engine":               {"min", "maxExclusive"},
	"contributions":        {"assets"},
	"contributions.assets": {"paths"},
	"files.*":              {"path", "sha256", "bytes"},
}

// manifestKeys completes a key of a package manifest: the fields of the
// object the cursor is in that it does not have yet (typed, the key being
// written, is offered too).
func manifestKeys(root *model.Node, ctx cursorContext, typed string, edit func(string) *TextEdit) []CompletionItem {
	items := []CompletionItem{}
	segs := slices.Clone(ctx.path)
	for i, sg := range segs {
		if _, err := strconv.Atoi(sg); err == nil {
			segs[i] = "*"
		}
	}
	keys := manifestFields[strings.Join(segs, ".")]
	obj, whole := root.Find(strings.Join(ctx.path, "."))
	for i, k := range keys {
		if whole && obj.Kind == model.Object && obj.Get(k) != nil && k != typed {
			continue
		}
		items = append(items, CompletionItem{Label: k, Kind: CompletionKindProperty, SortText: sortKey(i), TextEdit: edit(k)})
	}
	return items
}
