package modeltest

import (
	"fmt"
	"strings"
)

// Shape is a ruleset file of a hostile shape, as large as a ruleset may be
// (256 KB): what costs most to read and check for its size.
type Shape struct {
	Name string
	Data []byte
}

// Shapes returns the worst shapes a ruleset of at most 256 KB can take,
// each filling the limit:
//   - keys: one object of about 23,000 members;
//   - labels: Base with an enum field whose valueLabels has about 12,000
//     members, every one a display string;
//   - array: Base with a list of about 120,000 numbers (an unknown key);
//   - strings: Base with a list of a few thousand enum values;
//   - deep: Base with chains of arrays and objects nested 500 deep (an
//     unknown key);
//   - text: Base whose name is one text of about 250 KB;
//   - escapes: Base whose edition is one text of escapes (\u00e9\n...).
//
// The same bytes on every call.
func Shapes() []Shape {
	return []Shape{
		{"keys", fill(`{`, `}`, func(i int) string { return fmt.Sprintf(`"k%06d":%d`, i, i%10) })},
		{"labels", inBase(`"valueLabels": { "guard": "Gate guard" }`, `"valueLabels": {`, `}`,
			func(i int) string { return fmt.Sprintf(`"v%05d":"Label %d"`, i, i) })},
		{"array", inBase(`"schemaVersion": 1,`, `"schemaVersion": 1, "numbers": [`, `],`,
			func(i int) string { return fmt.Sprint(i % 10) })},
		{"strings", inBase(`"values": ["guard", "tinker", "drover"]`, `"values": ["guard", "tinker", "drover"`, `]`,
			func(i int) string { return fmt.Sprintf(`,"value_%d"`, i) })},
		{"deep", inBase(`"schemaVersion": 1,`, `"schemaVersion": 1, "nested": [`, `],`,
			func(int) string { return deepChain(500) })},
		{"text", inBase(`"name": "Tollway"`, `"name": "`, `"`, func(int) string { return "Toll way " })},
		{"escapes", inBase(`"edition": "Test edition"`, `"edition": "`, `"`, func(int) string { return `\u00e9\n\"` })},
	}
}

// deepChain is arrays and objects nested depth levels deep.
func deepChain(depth int) string {
	var b strings.Builder
	for i := range depth / 2 {
		fmt.Fprintf(&b, `{"d%d":[`, i)
	}
	b.WriteString("0")
	for range depth / 2 {
		b.WriteString("]}")
	}
	return b.String()
}

// inBase replaces old in Base with open, as many parts as fit, and close.
func inBase(old, open, close string, part func(int) string) []byte {
	i := strings.Index(base, old)
	if i < 0 {
		panic("modeltest: no " + old + " in base")
	}
	head := base[:i] + open
	tail := close + base[i+len(old):]
	return fill(head, tail, part)
}

// fill writes head, then parts separated by commas (none for a part that
// starts with one, or for text), then tail, up to LargeBytes.
func fill(head, tail string, part func(int) string) []byte {
	var b strings.Builder
	b.Grow(LargeBytes)
	b.WriteString(head)
	text := strings.HasSuffix(head, `"`)
	for i := 0; ; i++ {
		p := part(i)
		if i > 0 && !text && !strings.HasPrefix(p, ",") {
			p = "," + p
		}
		if b.Len()+len(p)+len(tail) > LargeBytes {
			break
		}
		b.WriteString(p)
	}
	b.WriteString(tail)
	return []byte(b.String())
}
