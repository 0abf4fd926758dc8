package model

import (
	"encoding/json"
	"math"
)

// MaxSheetBytes is the largest stored sheet {v, build}, serialised.
const MaxSheetBytes = 64 * 1024

// Save is a sample save: a stored sheet {v, build} as the Engine stores it,
// and optionally the card's live state. It is kept as its tree only: Build
// and Live make its values as plain Go values when they are wanted, so that
// tens of thousands of saves cost no more than their trees.
type Save struct {
	File string
	Root *Node
	V    int
	// VOutOfRange tells that v is a number outside 1 to 2147483647 (a
	// finding says so); V is then 0, as for a save with no valid v.
	VOutOfRange bool
	// Findings are what reading the save found (set by Load; DecodeSave
	// returns them instead).
	Findings []Diagnostic
}

// Build returns the save's build as plain Go values (map[string]any, []any,
// string, float64, bool), unknown keys kept: a new copy on every call. It
// is empty when the save has no build object, and nil when the save was
// not read from JSON (no tree).
func (s *Save) Build() map[string]any {
	if s == nil || s.Root == nil {
		return nil
	}
	if b := s.Root.Get("build"); b != nil && b.Kind == Object {
		m, _ := b.Interface().(map[string]any)
		return m
	}
	return map[string]any{}
}

// Live returns the card's live state as plain Go values, a new copy on
// every call, or nil when the save has no live object.
func (s *Save) Live() map[string]any {
	if s == nil {
		return nil
	}
	if lv := s.Root.Get("live"); lv != nil && lv.Kind == Object {
		m, _ := lv.Interface().(map[string]any)
		return m
	}
	return nil
}

// Build sections holding id → value records.
var buildRecords = []string{"abilities", "skills", "saves", "bonuses", "fields"}

// Live state parts.
var liveParts = []string{"pools", "tracks", "wounds", "text", "conditions", "states"}

// DecodeSave reads a sample save. It checks what the migrations rely on
// (v, the build's records and lists, the live pools, tracks and wounds) and
// keeps everything else as it is.
func DecodeSave(file string, data []byte) (*Save, []Diagnostic) {
	return decodeSave(file, string(data), MaxValues)
}

// decodeSave is DecodeSave of a text the save's tree may keep, holding at
// most limit values.
func decodeSave(file, src string, limit int) (*Save, []Diagnostic) {
	s := &Save{File: file}
	root, diags := parse(file, src, limit)
	if root == nil {
		return s, InCategory(Saves, diags)
	}
	s.Root = root
	d := &decoder{file: file, diags: diags}
	o := d.object(root, "v", "build", "live")
	if !o.ok() {
		return s, d.result(Saves)
	}
	if v, ok := o.integer("v", true, 1, math.MaxInt32); ok {
		if v >= 1 && v <= math.MaxInt32 {
			s.V = int(v)
		} else {
			s.VOutOfRange = true
		}
	}
	if b := o.need("build", true); b != nil && d.wantKind(b, Object) {
		for _, key := range buildRecords {
			if c := b.Get(key); c != nil && d.wantKind(c, Object) {
				for _, v := range c.Children() {
					switch key {
					case "abilities", "bonuses":
						d.number(v)
					case "skills", "saves":
						d.wantKind(v, String)
					default:
						d.scalar(v)
					}
				}
			}
		}
		if l := b.Get("lists"); l != nil && d.wantKind(l, Object) {
			for _, list := range l.Children() {
				for _, row := range d.list(list, 0, 500) {
					if d.wantKind(row, Object) {
						for _, cell := range row.Children() {
							d.scalar(cell)
						}
					}
				}
			}
		}
		// Written again as the Engine stores it, no character of the save
		// takes more than six bytes (\u003c for <), so a save of less than a
		// sixth of the most cannot be over it: only a larger one is measured.
		if maxExpansion*len(src)+64 > MaxSheetBytes {
			build, _ := b.Interface().(map[string]any)
			if size := sheetSize(s.V, build); size > MaxSheetBytes {
				d.errorf(b, CodeSheetSize, "the stored sheet is %d bytes; the Engine keeps at most %d", size, MaxSheetBytes)
			}
		}
	}
	if lv := o.get("live"); lv != nil {
		lo := d.object(lv, liveParts...)
		if lo.ok() {
			if p := lo.get("pools"); p != nil && d.wantKind(p, Object) {
				for _, c := range p.Children() {
					if c.Kind != Object {
						// Said in the words the rehearsal's trace uses of a
						// value routeLive moves (say.Outcome).
						d.wrongType = true
						d.errorf(c, CodeType, `a pool's live value is an object, {"value": N}, not %s`, c.Kind)
						continue
					}
					po := d.object(c, "value", "temp")
					po.number("value", true)
					po.number("temp", false)
				}
			}
			if t := lo.get("tracks"); t != nil && d.wantKind(t, Object) {
				for _, c := range t.Children() {
					d.number(c)
				}
			}
			if w := lo.get("wounds"); w != nil && d.wantKind(w, Object) {
				for _, c := range w.Children() {
					if c.Kind != Object {
						d.wrongType = true
						d.errorf(c, CodeType, `a wound track's live value is an object, {"marks": [...]}, not %s`, c.Kind)
						continue
					}
					wo := d.object(c, "marks", "overflow")
					wo.array("marks", true, 0, -1)
				}
			}
		}
	}
	return s, d.result(Saves)
}

// maxExpansion is the most bytes encoding/json writes for one byte of a
// JSON text it read: six, for a character it escapes (\u003c for <, \ufffd
// for a byte that is not UTF-8). A number grows less (1e20 is written
// 100000000000000000000, 5.25 times as long).
const maxExpansion = 6

func sheetSize(v int, build map[string]any) int {
	b, err := json.Marshal(map[string]any{"v": v, "build": build})
	if err != nil {
		return 0
	}
	return len(b)
}
