package i18n

import (
	"reflect"
	"testing"
)

// Obsolete messages (#~) and previous msgids (#|) are written and read
// back as they were, line breaks included; neither is a message.
func TestPOObsoleteAndPreviousRoundTrip(t *testing.T) {
	in := &PO{
		Header: []POField{{"Language", "ru"}},
		Entries: []POEntry{
			{ID: "Storm tide", Str: []string{"Штормовой прилив"}, Flags: []string{"fuzzy"}, Previous: "Storm\nseason", HasPrevious: true},
			{ID: "Lamp", Str: []string{""}},
		},
		Obsolete: []POEntry{
			{ID: "Old \"one\"", Str: []string{"Старый\nодин"}},
			{ID: "Gone", Str: []string{"Ушёл"}, Context: "package.name", HasContext: true},
		},
	}
	data := in.Bytes()
	out, ds := ReadPO("x.po", data)
	if len(ds) > 0 {
		t.Fatalf("%v\n%s", ds, data)
	}
	if len(out.Entries) != 2 || len(out.Obsolete) != 2 {
		t.Fatalf("%d messages, %d obsolete:\n%s", len(out.Entries), len(out.Obsolete), data)
	}
	e := out.Entries[0]
	if !e.HasPrevious || e.Previous != "Storm\nseason" || !e.Fuzzy() || e.Translation() != "Штормовой прилив" {
		t.Errorf("the fuzzy message read back as %+v\n%s", e, data)
	}
	if out.Entries[1].HasPrevious {
		t.Errorf("the previous msgid carried over to the next message")
	}
	for i, o := range out.Obsolete {
		w := in.Obsolete[i]
		if o.ID != w.ID || !reflect.DeepEqual(o.Str, w.Str) || o.Context != w.Context || o.HasContext != w.HasContext {
			t.Errorf("obsolete %d read back as %+v, want %+v", i, o, w)
		}
	}
}
