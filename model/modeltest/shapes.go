package modeltest

import (
	"fmt"
	"strings"
)

// Shape is a ruleset file of a hostile shape: what costs most to read and
// check for its size.
type Shape struct {
	Name string
	Data []byte
}

// Shapes returns the worst shapes a ruleset of at most 256 KB can take,
// each filling the limit (ShapesOf(LargeBytes)).
func Shapes() []Shape { return ShapesOf(LargeBytes) }

// ShapesOf returns the worst shapes of a ruleset file of size bytes, each
// filling it (to within one part):
//   - keys: one object of members "k000000": 0;
//   - labels: Base with an enum field whose valueLabels has a member for
//     every 20 bytes, every one a display string;
//   - array: Base with a list of numbers 0 to 9 (an unknown key);
//   - strings: Base with an enum field of thousands of values;
//   - deep: Base with chains of arrays and objects nested 500 deep (an
//     unknown key);
//   - text: Base whose name is one text;
//   - escapes: Base whose edition is one text of escapes (\u00e9\n...);
//   - renames: Base with one sheet.migrations entry of rename steps, each
//     renaming the field the one before wrote, the last to "lamp";
//   - migrations: Base with sheet.migrations entries of one rename step
//     each, from 1 up, chained the same way;
//   - loot: Base whose wares catalog has an item for every line of a loot
//     table that names it;
//   - hiding: Base whose wares catalog has entries with a tags filter and
//     10 more layers that hide them by every kind of rule, 24 rules each.
//
// The same bytes on every call. At 256 KB the shapes array, keys and
// strings hold the most values a ruleset can (about 130,000); at 10 MB the
// array holds more than model.MaxValues and is refused unread.
func ShapesOf(size int) []Shape {
	return []Shape{
		{"keys", fill(size, `{`, `}`, func(i int) string { return fmt.Sprintf(`"k%06d":%d`, i, i%10) })},
		{"labels", inBase(size, `"valueLabels": { "guard": "Gate guard" }`, `"valueLabels": {`, `}`,
			func(i int) string { return fmt.Sprintf(`"v%05d":"Label %d"`, i, i) })},
		{"array", inBase(size, `"schemaVersion": 1,`, `"schemaVersion": 1, "numbers": [`, `],`,
			func(i int) string { return fmt.Sprint(i % 10) })},
		{"strings", inBase(size, `"values": ["guard", "tinker", "drover"]`, `"values": ["guard", "tinker", "drover"`, `]`,
			func(i int) string { return fmt.Sprintf(`,"value_%d"`, i) })},
		{"deep", inBase(size, `"schemaVersion": 1,`, `"schemaVersion": 1, "nested": [`, `],`,
			func(int) string { return deepChain(500) })},
		{"text", inBase(size, `"name": "Tollway"`, `"name": "`, `"`, func(int) string { return "Toll way " })},
		{"escapes", inBase(size, `"edition": "Test edition"`, `"edition": "`, `"`, func(int) string { return `\u00e9\n\"` })},
		{"renames", units(size, renames)},
		{"migrations", units(size, migrations)},
		{"loot", units(size, loot)},
		{"hiding", units(size, hiding)},
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

// inBase replaces old in Base with open, as many parts as fit in size
// bytes, and close.
func inBase(size int, old, open, close string, part func(int) string) []byte {
	head, tail := around(old, open, close)
	return fill(size, head, tail, part)
}

// around splits Base at old into the text before it with open, and close
// with the text after it.
func around(old, open, close string) (head, tail string) {
	i := strings.Index(base, old)
	if i < 0 {
		panic("modeltest: no " + old + " in base")
	}
	return base[:i] + open, close + base[i+len(old):]
}

// fill writes head, then parts separated by commas (none for a part that
// starts with one, or for text), then tail, up to size bytes.
func fill(size int, head, tail string, part func(int) string) []byte {
	var b strings.Builder
	b.Grow(size)
	b.WriteString(head)
	text := strings.HasSuffix(head, `"`)
	for i := 0; ; i++ {
		p := part(i)
		if i > 0 && !text && !strings.HasPrefix(p, ",") {
			p = "," + p
		}
		if b.Len()+len(p)+len(tail) > size {
			break
		}
		b.WriteString(p)
	}
	b.WriteString(tail)
	return []byte(b.String())
}

// units returns the file write writes for as many units as fit in size
// bytes, or one. The units of a shape are of about equal size, so the
// count is worked out from the size of a first guess and corrected.
func units(size int, write func(n int) string) []byte {
	n := 1
	text := write(n)
	for range 8 {
		per := max(1, (len(text)-len(write(0)))/n)
		next := max(1, n+(size-len(text))/per)
		if next == n {
			break
		}
		n, text = next, write(next)
	}
	for n > 1 && len(text) > size {
		n -= max(1, (len(text)-size)/64)
		text = write(n)
	}
	return []byte(text)
}

// renames is Base with one migration entry of n rename steps: f000000 to
// f000001, f000001 to f000002, ..., and the last to lamp.
func renames(n int) string {
	head, tail := around(`{ "from": 1, "steps": [ { "rename": "field", "from": "oil", "to": "lamp" } ] }`, `{"from":1,"steps":[`, `]}`)
	var b strings.Builder
	b.WriteString(head)
	for i := range n {
		sep(&b, i)
		fmt.Fprintf(&b, `{"rename":"field","from":"f%06d","to":%s}`, i, chainTo(i, n))
	}
	b.WriteString(tail)
	return b.String()
}

// chainTo is where the i-th of n chained renames writes.
func chainTo(i, n int) string {
	if i == n-1 {
		return `"lamp"`
	}
	return fmt.Sprintf(`"f%06d"`, i+1)
}

// migrations is Base with n migration entries, from 1 to n, each renaming
// the field the one before wrote, and sheet.version n+1.
func migrations(n int) string {
	head, tail := around(`{ "from": 1, "steps": [ { "rename": "field", "from": "oil", "to": "lamp" } ] }`, ``, ``)
	head = strings.Replace(head, `"version": 2,`, fmt.Sprintf(`"version": %d,`, n+1), 1)
	var b strings.Builder
	b.WriteString(head)
	for i := range n {
		sep(&b, i)
		fmt.Fprintf(&b, `{"from":%d,"steps":[{"rename":"field","from":"f%06d","to":%s}]}`, i+1, i, chainTo(i, n))
	}
	b.WriteString(tail)
	return b.String()
}

// loot is Base whose wares catalog has n more items, w000000 to w(n-1),
// and whose loot table has a line for each.
func loot(n int) string {
	var entries, lines strings.Builder
	for i := range n {
		fmt.Fprintf(&entries, `,{"id":"w%06d","label":"Ware","filters":{"weight":1},"item":{"category":"tool","cost":{"amount":1,"unit":"copper"}}}`, i)
		fmt.Fprintf(&lines, `,{"item":"wares/w%06d","weight":1}`, i)
	}
	s := strings.Replace(base, `{ "coins": "copper", "count": "2d6" }`, `{ "coins": "copper", "count": "2d6" }`+lines.String(), 1)
	return strings.Replace(s, `"cost": { "amount": 1, "unit": "copper" } } }`, `"cost": { "amount": 1, "unit": "copper" } } }`+entries.String(), 1)
}

// hidingWords are the tags and roads of the hiding shape.
var hidingWords = []string{"ash", "rust", "glass", "salt", "reed", "bone"}

// hiding is Base whose wares catalog has a road (text) and a marks (tags)
// filter and n more entries, every eighth with no marks, and 10 more
// layers (12 in all), each hiding wares by 24 rules (above, below, equals
// and notIn).
func hiding(n int) string {
	var entries strings.Builder
	for i := range n {
		marks := fmt.Sprintf(`"%s","%s"`, hidingWords[i%5], hidingWords[(i+2)%6])
		if i%8 == 0 {
			marks = ``
		}
		fmt.Fprintf(&entries, `,{"id":"h%06d","label":"Ware","filters":{"weight":%d,"road":"%s","marks":[%s]},"item":{"category":"tool"}}`,
			i, i%10, hidingWords[i%6], marks)
	}
	s := strings.Replace(base, `"filters": [ { "id": "weight", "label": "Weight", "type": "number" } ]`,
		`"filters": [ { "id": "weight", "label": "Weight", "type": "number" }, { "id": "road", "label": "Road", "type": "text" }, { "id": "marks", "label": "Marks", "type": "tags" } ]`, 1)
	s = strings.Replace(s, `"cost": { "amount": 1, "unit": "copper" } } }`, `"cost": { "amount": 1, "unit": "copper" } } }`+entries.String(), 1)
	var layers strings.Builder
	for l := range 10 {
		fmt.Fprintf(&layers, `,{"id":"hide_%d","label":"Hide %d","catalogs":[`, l, l)
		for k := range 24 {
			sep(&layers, k)
			w := func(j int) string { return hidingWords[(l+k+j)%6] }
			switch k % 4 {
			case 0:
				fmt.Fprintf(&layers, `{"id":"wares","hide":{"filter":"weight","above":%d}}`, 9-k%7)
			case 1:
				fmt.Fprintf(&layers, `{"id":"wares","hide":{"filter":"weight","below":%d}}`, k%3)
			case 2:
				fmt.Fprintf(&layers, `{"id":"wares","hide":{"filter":"road","equals":"%s"}}`, w(0))
			default:
				fmt.Fprintf(&layers, `{"id":"wares","hide":{"filter":"marks","notIn":["%s","%s"]}}`, w(0), w(1))
			}
		}
		layers.WriteString(`]}`)
	}
	return strings.Replace(s, `{ "id": "high_road", "label": "High road", "conflicts": ["lean_times"] }`,
		`{ "id": "high_road", "label": "High road", "conflicts": ["lean_times"] }`+layers.String(), 1)
}

// Fields returns Base with n more number fields on its sheet, f000000 to
// f(n-1), each labelled with its number ("Field 12"): a sheet of as many
// stored ids as wanted, for comparing two versions of it.
func Fields(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `,{"id":"f%06d","label":"Field %d","type":"number","min":0,"max":9}`, i, i)
	}
	const motto = `{ "id": "motto", "label": "Motto", "type": "text", "maxLength": 60 }`
	return []byte(strings.Replace(base, motto, motto+b.String(), 1))
}
