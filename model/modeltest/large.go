package modeltest

import (
	"encoding/json"
	"fmt"
	"strings"
)

// LargeBytes is the size Large aims at: the Engine's limit for a ruleset
// file with its catalogs inline (256 KB).
const LargeBytes = 256 * 1024

// Counts in the ruleset Large makes.
const (
	LargeLayers     = 12
	LargeCatalogs   = 12
	LargeEntries    = 2000
	LargeMigrations = 5
	// LargeSheetVersion is its sheet.version: the migrations run from 1 to
	// it.
	LargeSheetVersion = LargeMigrations + 1
)

// The catalogs of the large ruleset: what each holds and how many entries.
var largeCatalogs = []struct {
	id, label, holds string
	entries          int
}{
	{"knacks", "Knacks", "rows", 240},
	{"tricks", "Tricks", "rows", 240},
	{"lore", "Lore", "rows", 240},
	{"songs", "Songs", "rows", 240},
	{"oaths", "Oaths", "rows", 240},
	{"road_beasts", "Road beasts", "creatures", 20},
	{"marsh_beasts", "Marsh beasts", "creatures", 20},
	{"hill_beasts", "Hill beasts", "creatures", 20},
	{"tools", "Tools", "items", 185},
	{"arms", "Arms", "items", 185},
	{"provisions", "Provisions", "items", 185},
	{"curios", "Curios", "items", 185},
}

// Large returns a valid dice-sum ruleset of as close to 256 KB (262,144
// bytes) as it can get without going over, made for benchmarks and
// load tests. It holds 12 layers that between them use every layer effect
// (guidance, enum narrowing, a ladder, catalog hide rules, coins and
// items), 12 catalogs with 2,000 entries in all (rows, creatures, and items
// with costs), an items block with two coin families, loot tables and a
// market with sellers, a combat block with threat tiers, a sheet with enum
// fields and hideWhen rules, and 5 sheet.migrations entries using all four
// step kinds. It is minified JSON, the same bytes on every call; a root
// $comment takes up the room left at the end.
func Large() []byte {
	// A first pass without entry summaries measures the room left; the
	// second gives every entry a summary of an equal share of it, and a
	// root $comment takes up the last bytes.
	const head, tail = `,"$comment":"`, `"}`
	body := largeBody(0)
	share := (LargeBytes-len(body)-len(head)-len(tail)-64)/LargeEntries - len(`,"summary":""`)
	if share > 0 {
		body = largeBody(min(share, 300))
	}
	room := LargeBytes - len(body) - len(head) - len(tail)
	if room < 0 {
		panic(fmt.Sprintf("modeltest: the large ruleset is %d bytes over", -room))
	}
	return []byte(body + head + filler(room) + tail)
}

// largeBody writes the ruleset up to its last member, without the closing
// brace; summary is the length of every entry's summary (0: none).
func largeBody(summary int) string {
	var b strings.Builder
	b.Grow(LargeBytes)
	b.WriteString(`{"schemaVersion":1,"id":"long-road","version":7,"name":"The Long Road","edition":"Benchmark edition",`)
	b.WriteString(`"coverage":{"checks":true,"saves":true,"sheet":true,"resources":true,"rests":true,"combat":true,"summary":"A long ruleset made by rulebench for its benchmarks."},`)
	writeLargeResolution(&b)
	writeLargeSheet(&b)
	b.WriteString(`"rests":[{"id":"camp","label":"Camp","restore":[{"pool":"stamina","to":"max"}],"clear":{"conditions":"all"}}],`)
	b.WriteString(`"gm":{"checkGuidance":"Ask for a check when failing would change the road ahead.","sheetGuidance":"The sheet shows a traveller of the long road.","worldGuidance":"Build a world of toll roads, marsh villages and hill forts."},`)
	writeLargeItems(&b)
	writeLargeCombat(&b)
	writeLargeCatalogs(&b, summary)
	writeLargeLayers(&b)
	return b.String()
}

// entrySummary is the summary of entry n, size bytes long: a window on a
// text of plain words, shifted by n so that summaries differ.
func entrySummary(n, size int) string {
	const words = "Worn at the edges, it has seen many roads and a few rivers; travellers trade it for bread, rope, salt or news of the passes. "
	s := strings.Repeat(words, size/len(words)+2)
	start := (n * 7) % len(words)
	return s[start : start+size]
}

// filler is n bytes of plain words for a $comment.
func filler(n int) string {
	const words = "Room left over in the benchmark file, filled with plain words. "
	s := strings.Repeat(words, n/len(words)+1)
	return s[:n]
}

// q quotes a string as JSON.
func q(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func writeLargeResolution(b *strings.Builder) {
	b.WriteString(`"resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"advantage":true,"naturals":{"check":"both","save":"max-only"},`)
	b.WriteString(`"abilityModifier":{"op":"stepTable","table":[[1,-3],[4,-2],[6,-1],[9,0],[12,1],[15,2],[18,3]]},`)
	b.WriteString(`"proficiency":{"bonus":{"derived":"prof"}},`)
	b.WriteString(`"proficiencyTiers":[{"id":"none","label":"Untrained"},{"id":"half","label":"Half","multiplier":0.5,"round":"down"},{"id":"trained","label":"Trained","multiplier":1},{"id":"expert","label":"Expert","multiplier":2}],`)
	b.WriteString(`"penaltyFrom":"harm","adjust":[{"value":{"liveTrack":"fatigue","read":"value"},"abilities":["grip"]}],`)
	b.WriteString(`"difficultyLadder":[{"label":"Easy","dc":8},{"label":"Fair","dc":11},{"label":"Hard","dc":14},{"label":"Grim","dc":17},{"label":"Heroic","dc":20}]},`)
}

var (
	largeAbilities = []string{"grip", "wits", "heart", "speed", "nerve", "guile"}
	largeCallings  = []string{"guard", "tinker", "drover", "scout", "smith", "sailor"}
	largeHomelands = []string{"coast", "marsh", "hills", "city"}
)

func writeLargeSheet(b *strings.Builder) {
	fmt.Fprintf(b, `"sheet":{"version":%d,`, LargeSheetVersion)
	b.WriteString(`"sections":[{"id":"body","label":"Body"},{"id":"mind","label":"Mind"},{"id":"road","label":"Road","untrained":{"by":-2}}],`)
	b.WriteString(`"abilities":[`)
	for i, a := range largeAbilities {
		sep(b, i)
		fmt.Fprintf(b, `{"id":%q,"label":%q,"short":%q,"min":1,"max":20,"default":10,"section":%q}`,
			a, title(a), strings.ToUpper(a[:3]), []string{"body", "mind"}[i%2])
	}
	b.WriteString(`],"skills":[`)
	for i := range 18 {
		sep(b, i)
		id := fmt.Sprintf("skill_%02d", i)
		if i == 0 {
			id = "climb"
		}
		fmt.Fprintf(b, `{"id":%q,"label":"Skill %d","ability":%q,"section":"road"}`, id, i, largeAbilities[i%len(largeAbilities)])
	}
	b.WriteString(`],"saves":[{"id":"endure","label":"Endure","ability":"heart"},{"id":"nerve_save","label":"Steady","ability":"nerve"},{"id":"dodge","label":"Dodge","ability":"speed"}],`)
	b.WriteString(`"saveTiers":["none","trained"],"bonusRange":{"min":-10,"max":10},"fields":[`)
	fmt.Fprintf(b, `{"id":"calling","label":"Calling","type":"enum","values":%s,"valueLabels":{"guard":"Gate guard","smith":"Road smith"},"default":"guard"},`, jsonList(largeCallings))
	fmt.Fprintf(b, `{"id":"homeland","label":"Homeland","type":"enum","values":%s,"default":"city"},`, jsonList(largeHomelands))
	b.WriteString(`{"id":"lamp","label":"Lamp oil","type":"number","min":0,"max":6,"default":2,"hideWhen":{"field":"calling","equals":"drover"}},`)
	b.WriteString(`{"id":"boat","label":"Boat","type":"text","maxLength":40,"hideWhen":{"field":"homeland","notEquals":"coast"}},`)
	b.WriteString(`{"id":"herd","label":"Herd size","type":"number","min":0,"max":40,"hideWhen":{"field":"calling","in":["guard","smith"]}},`)
	b.WriteString(`{"id":"level","label":"Level","type":"number","min":1,"max":20,"default":1},`)
	b.WriteString(`{"id":"rank_guard","label":"Guard rank","type":"number","min":0,"max":20},{"id":"rank_tinker","label":"Tinker rank","type":"number","min":0,"max":20},{"id":"rank_other","label":"Other rank","type":"number","min":0,"max":20,"default":0},`)
	b.WriteString(`{"id":"motto","label":"Motto","type":"text","maxLength":80},{"id":"notes","label":"Notes","type":"longtext","maxLength":2000},{"id":"sworn","label":"Sworn","type":"boolean","default":false},{"id":"weapon_die","label":"Weapon die","type":"dice","default":"1d6"}],`)
	b.WriteString(`"derived":[{"id":"prof","label":"Proficiency","op":"stepTable","from":{"field":"level"},"table":[[1,2],[5,3],[9,4],[13,5],[17,6]]},`)
	b.WriteString(`{"id":"guard_total","label":"Guard","op":"sum","of":[{"abilityMod":"speed"},{"const":10}]},`)
	b.WriteString(`{"id":"load","label":"Load","op":"scale","of":{"abilityScore":"grip"},"multiplier":1.5,"round":"down"},`)
	b.WriteString(`{"id":"calling_bonus","label":"Calling bonus","op":"enumTable","from":{"field":"calling"},"table":{"guard":2,"smith":1},"default":0},`)
	b.WriteString(`{"id":"best","label":"Best of","op":"max","of":[{"abilityScore":"grip"},{"abilityScore":"wits"}]}],`)
	b.WriteString(`"lists":[`)
	b.WriteString(`{"id":"knacks","label":"Knacks","section":"road","maxItems":60,"columns":[{"id":"name","label":"Name","type":"text","maxLength":80,"required":true},{"id":"cost","label":"Cost","type":"number","min":0,"max":10}]},`)
	b.WriteString(`{"id":"tricks","label":"Tricks","maxItems":60,"columns":[{"id":"name","label":"Name","type":"text","maxLength":80,"required":true},{"id":"uses","label":"Uses","type":"number","min":0,"max":5},{"id":"recharge","label":"Recharge","type":"enum","values":["camp","dawn"]}],"pools":{"nameColumn":"name","maxColumn":"uses","rechargeColumn":"recharge"}},`)
	b.WriteString(`{"id":"gear","label":"Gear","maxItems":100,"columns":[{"id":"name","label":"Name","type":"text","maxLength":80,"required":true},{"id":"kind","label":"Kind","type":"enum","values":["tool","food","other"]},{"id":"count","label":"Count","type":"number","min":0,"max":999}]},`)
	b.WriteString(`{"id":"scars","label":"Scars","maxItems":10,"columns":[{"id":"name","label":"Name","type":"text","maxLength":40},{"id":"marks","label":"Marks","type":"number","min":0,"max":4},{"id":"penalty","label":"Penalty","type":"number","min":-4,"max":0}]}],`)
	b.WriteString(`"live":{"pools":[{"id":"stamina","label":"Stamina","max":{"abilityScore":"heart"},"allowTemp":true},{"id":"breath","label":"Breath","max":{"const":3},"group":"wind","hideWhen":{"field":"homeland","equals":"coast"}},{"id":"sea_breath","label":"Sea breath","max":{"const":4},"group":"wind","hideWhen":{"field":"homeland","notEquals":"coast"}},{"id":"luck","label":"Luck","max":{"const":2},"start":"empty","hideWhen":{"field":"calling","equals":"smith"}}],`)
	b.WriteString(`"tracks":[{"id":"fatigue","label":"Fatigue","min":0,"max":6,"default":0},{"id":"harm","label":"Harm","min":0,"max":3,"levels":[{"label":"Bruised","penalty":0},{"label":"Hurt","penalty":-1},{"label":"Broken","penalty":-3}],"kinds":[{"id":"knock","label":"Knock","severity":1},{"id":"cut","label":"Cut","severity":2}],"extra":{"list":"scars","countColumn":"marks","penaltyColumn":"penalty"}}],`)
	b.WriteString(`"text":[{"id":"focus","label":"Focus","maxLength":80}],"conditions":[{"id":"winded","label":"Winded"},{"id":"soaked","label":"Soaked"},{"id":"shaken","label":"Shaken"}],`)
	b.WriteString(`"states":[{"id":"stance","label":"Stance","values":["steady","bold","wary"],"valueLabels":{"bold":"Bold stance"},"default":"steady"}]},`)
	b.WriteString(`"migrations":[`)
	b.WriteString(`{"from":1,"steps":[{"rename":"field","from":"oil","to":"lamp"},{"rename":"skill","from":"clamber","to":"climb"}]},`)
	b.WriteString(`{"from":2,"steps":[{"route":"rank","by":"calling","cases":[{"words":["guard","watch"],"to":"rank_guard"},{"words":["tinker"],"to":"rank_tinker"}],"else":"rank_other","default":0}]},`)
	b.WriteString(`{"from":3,"steps":[{"routeLive":"pool","from":"vigour","cases":["breath","sea_breath"],"else":"stamina"}]},`)
	b.WriteString(`{"from":4,"steps":[{"setColumn":{"list":"gear","where":{"name":["Rope","Lantern"]},"column":"kind","to":"tool"}}]},`)
	b.WriteString(`{"from":5,"steps":[{"rename":"ability","from":"might","to":"grip"},{"rename":"save","from":"steady","to":"nerve_save"}]}]},`)
}

// Items vocabulary and money.
var (
	largeCategories = []string{"tool", "arm", "food", "coat", "charm"}
	largeRarities   = []string{"common", "rare", "relic"}
	largeTags       = []string{"sturdy", "sharp", "fine", "cursed", "salted"}
	largeUnits      = []struct {
		id, label, family string
		value             int
	}{
		{"copper", "coppers", "coin", 1}, {"silver", "silvers", "coin", 10}, {"gold", "golds", "coin", 100},
		{"pinch", "pinches", "salt", 1}, {"cake", "cakes", "salt", 20},
	}
)

func writeLargeItems(b *strings.Builder) {
	b.WriteString(`"items":{"categories":[`)
	for i, c := range largeCategories {
		sep(b, i)
		fmt.Fprintf(b, `{"id":%q,"label":%q}`, c, title(c))
	}
	b.WriteString(`],"rarities":[`)
	for i, r := range largeRarities {
		sep(b, i)
		fmt.Fprintf(b, `{"id":%q,"label":%q}`, r, title(r))
	}
	b.WriteString(`],"tags":[`)
	for i, t := range largeTags {
		sep(b, i)
		fmt.Fprintf(b, `{"id":%q,"label":%q}`, t, title(t))
	}
	b.WriteString(`],"stats":[{"id":"weight","label":"Weight","type":"number","min":0,"max":50,"default":1},{"id":"damage","label":"Damage","type":"dice","example":"1d6"},{"id":"hidden_in","label":"Hidden in","type":"enum","values":["pocket","boot","none"],"default":"none","promptVisible":false}],`)
	b.WriteString(`"slots":[{"id":"hands","label":"Hands","count":2},{"id":"body","label":"Body","count":1}],`)
	b.WriteString(`"binding":{"label":"Bound","max":{"abilityScore":"nerve"}},`)
	b.WriteString(`"rarityCaps":[{"rarity":"rare","stats":{"weight":20},"bonus":1},{"rarity":"relic","bonus":2}],`)
	b.WriteString(`"currencies":[`)
	for i, fam := range []string{"coin", "salt"} {
		sep(b, i)
		fmt.Fprintf(b, `{"id":%q,"label":%q,"units":[`, fam, title(fam))
		n := 0
		for _, u := range largeUnits {
			if u.family == fam {
				sep(b, n)
				n++
				fmt.Fprintf(b, `{"id":%q,"label":%q,"value":%d}`, u.id, u.label, u.value)
			}
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`],"lootTables":[`)
	for i := range 6 {
		sep(b, i)
		fmt.Fprintf(b, `{"id":"loot_%d","label":"Loot %d","rolls":"1d2","entries":[{"item":%q,"weight":3},{"item":%q,"weight":2,"count":"1d4"},{"filter":{"category":%q},"weight":1},{"coins":%q,"weight":2,"count":"2d6"}]}`,
			i, i, largeItemRef("tools", i*7), largeItemRef("provisions", i*5), largeCategories[i%len(largeCategories)], largeUnits[i%len(largeUnits)].id)
	}
	b.WriteString(`],"market":{"prices":[{"id":"cheap","label":"cheap","times":0.75},{"id":"fair","label":"fair","times":1,"default":true},{"id":"dear","label":"dear","times":1.5}],`)
	b.WriteString(`"places":[{"id":"hamlet","label":"hamlet"},{"id":"village","label":"village"},{"id":"town","label":"town"},{"id":"city","label":"city"}],`)
	b.WriteString(`"sold":[{"filter":{"rarity":"rare"},"place":"town"},{"filter":{"rarity":"relic"},"place":"city"},{"filter":{"category":"arm"},"place":"village"}],`)
	b.WriteString(`"unsold":[{"tag":"cursed"}],`)
	b.WriteString(`"sellers":[{"id":"pedlar","label":"pedlar","sells":[{"category":"tool"},{"category":"food"}]},`)
	b.WriteString(`{"id":"smith","label":"smith","sells":[{"category":"arm"}],"place":"village","stock":"loot_1"},`)
	b.WriteString(`{"id":"tailor","label":"tailor","sells":[{"category":"coat"}],"place":"town"},`)
	b.WriteString(`{"id":"jeweller","label":"jeweller","sells":[{"category":"charm"},{"rarity":"relic"}],"place":"city","only":{"value":{"abilityScore":"guile"},"atLeast":12,"label":"the well spoken"}}]}},`)
}

func writeLargeCombat(b *strings.Builder) {
	b.WriteString(`"combat":{"kind":"attack-vs-defense","health":{"pool":"stamina"},"defense":{"derived":"guard_total"},`)
	b.WriteString(`"initiative":{"dice":{"count":1,"sides":20},"modifier":{"abilityMod":"speed"}},"attackRoll":{"dice":{"count":1,"sides":20}},`)
	b.WriteString(`"economy":{"budgets":[{"id":"act","label":"Action","per":"turn","count":1},{"id":"move","label":"Move","per":"turn","count":1}]},`)
	b.WriteString(`"damageTypes":["blunt","cutting","burning"],"threat":{"tiers":[`)
	for i := range 6 {
		sep(b, i)
		fmt.Fprintf(b, `{"id":"tier_%d","label":"Threat %d","health":[%d,%d],"defense":%d,"toHit":%d,"damagePerRound":[%d,%d],"saveDifficulty":%d,"loot":"loot_%d"}`,
			i, i, 4+i*6, 9+i*8, 10+i, i, 1+i*2, 4+i*3, 10+i, i)
	}
	b.WriteString(`]}},`)
}

func writeLargeCatalogs(b *strings.Builder, summary int) {
	b.WriteString(`"catalogs":[`)
	n := 0 // entry number across all catalogs
	for ci, c := range largeCatalogs {
		sep(b, ci)
		fmt.Fprintf(b, `{"id":%q,"label":%q,"holds":%q,`, c.id, c.label, c.holds)
		switch c.holds {
		case "rows":
			list := "knacks"
			if ci%2 == 1 {
				list = "tricks"
			}
			fmt.Fprintf(b, `"feeds":[%q],"filters":[{"id":"cost","label":"Cost","type":"number"},{"id":"school","label":"School","type":"text"},{"id":"callings","label":"Callings","type":"tags","startFrom":{"field":"calling"}}],"entries":[`, list)
			for e := range c.entries {
				sep(b, e)
				writeRowEntry(b, n, list, summary)
				n++
			}
		case "creatures":
			b.WriteString(`"filters":[{"id":"danger","label":"Danger","type":"number"},{"id":"region","label":"Region","type":"text"}],"units":{"distance":{"label":"paces","perCell":2}},"entries":[`)
			for e := range c.entries {
				sep(b, e)
				writeCreatureEntry(b, n, summary)
				n++
			}
		case "items":
			b.WriteString(`"filters":[{"id":"weight","label":"Weight","type":"number"},{"id":"origin","label":"Origin","type":"text"},{"id":"kinds","label":"Kinds","type":"tags"}],"entries":[`)
			for e := range c.entries {
				sep(b, e)
				writeItemEntry(b, n, ci, summary)
				n++
			}
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`],`)
}

// largeItemRef names the k-th entry of an items catalog as
// <catalog>/<entry>; entries are numbered across all catalogs.
func largeItemRef(catalog string, k int) string {
	n := 0
	for _, c := range largeCatalogs {
		if c.id == catalog {
			return fmt.Sprintf("%s/i-%04d", catalog, n+k%c.entries)
		}
		n += c.entries
	}
	panic("modeltest: no catalog " + catalog)
}

var schools = []string{"stone", "river", "ash", "wind"}

// writeEntryHead writes an entry's id, label and summary.
func writeEntryHead(b *strings.Builder, kind byte, n int, label string, summary int) {
	fmt.Fprintf(b, `{"id":"%c-%04d","label":"%s %d"`, kind, n, label, n)
	if summary > 0 {
		fmt.Fprintf(b, `,"summary":"%s"`, entrySummary(n, summary))
	}
}

func writeRowEntry(b *strings.Builder, n int, list string, summary int) {
	writeEntryHead(b, 'r', n, "Knack", summary)
	if n%3 == 0 {
		fmt.Fprintf(b, `,"filters":{"cost":%d,"school":%q`, n%5, schools[n%len(schools)])
		if n%6 == 0 {
			fmt.Fprintf(b, `,"callings":[%q]`, largeCallings[n%len(largeCallings)])
		}
		b.WriteString(`}`)
	}
	fmt.Fprintf(b, `,"rows":[{"list":%q,"values":{"name":"Knack %d"`, list, n)
	switch {
	case list == "knacks" && n%3 == 0:
		fmt.Fprintf(b, `,"cost":%d`, n%5)
	case list == "tricks" && n%3 == 0:
		fmt.Fprintf(b, `,"uses":%d`, 1+n%3)
	}
	b.WriteString(`}}]}`)
}

var regions = []string{"toll road", "marsh", "hill fort", "river"}

func writeCreatureEntry(b *strings.Builder, n, summary int) {
	tier := n % 6
	writeEntryHead(b, 'c', n, "Beast", summary)
	fmt.Fprintf(b, `,"filters":{"danger":%d,"region":%q},"creature":{"tier":"tier_%d",`, tier, regions[n%len(regions)], tier)
	if n%4 == 0 {
		fmt.Fprintf(b, `"loot":"loot_%d",`, n%6)
	}
	fmt.Fprintf(b, `"health":%d,"defense":%d,"initiativeModifier":%d,"actions":[{"id":"bite","name":"Bite","budget":"act","toHit":%d,"damage":{"dice":"1d%d","type":"cutting"}}]}}`,
		5+tier*6, 10+tier, tier%3, tier, 4+2*(tier%4))
}

func writeItemEntry(b *strings.Builder, n, ci, summary int) {
	cat := largeCategories[(n+ci)%len(largeCategories)]
	unit := largeUnits[n%len(largeUnits)]
	writeEntryHead(b, 'i', n, "Ware", summary)
	if n%2 == 0 {
		fmt.Fprintf(b, `,"filters":{"weight":%d`, n%9)
		if n%3 == 0 {
			fmt.Fprintf(b, `,"origin":%q`, regions[n%len(regions)])
		}
		if n%10 == 0 {
			fmt.Fprintf(b, `,"kinds":[%q]`, largeTags[n%len(largeTags)])
		}
		b.WriteString(`}`)
	}
	fmt.Fprintf(b, `,"item":{"category":%q`, cat)
	if n%7 == 0 {
		fmt.Fprintf(b, `,"rarity":%q`, largeRarities[n%len(largeRarities)])
	}
	if n%5 == 0 {
		fmt.Fprintf(b, `,"tags":[%q]`, largeTags[n%len(largeTags)])
	}
	fmt.Fprintf(b, `,"cost":{"amount":%d,"unit":%q}}}`, 1+n%40, unit.id)
}

func writeLargeLayers(b *strings.Builder) {
	layers := []string{
		`{"id":"hard_winter","label":"Hard winter","summary":"Cold roads and short days.","gm":{"guidance":"Hard winter is on: a failed check costs warmth.","worldGuidance":"Snow closes the high passes."}}`,
		`{"id":"no_sailors","label":"No sailors","fields":[{"id":"calling","removeValues":["sailor"]}]}`,
		`{"id":"harsh","label":"Harsh roads","difficultyLadder":[{"label":"Easy","dc":9},{"label":"Fair","dc":12},{"label":"Hard","dc":15},{"label":"Grim","dc":18},{"label":"Heroic","dc":21}]}`,
		`{"id":"few_wares","label":"Few wares","catalogs":[{"id":"tools","hide":{"filter":"weight","above":6}},{"id":"arms","hide":{"filter":"origin","equals":"marsh"}},{"id":"knacks","hide":{"filter":"callings","notIn":["guard","smith"]}},{"id":"road_beasts","hide":{"filter":"danger","below":1}}]}`,
		`{"id":"no_gold","label":"No gold","currencies":{"removeUnits":["gold"]}}`,
		`{"id":"no_salt","label":"No salt","currencies":{"removeFamilies":["salt"]}}`,
		`{"id":"closed_forge","label":"Closed forge","items":{"market":{"removeSellers":["smith"],"unsold":[{"tag":"sharp"}]}}}`,
		`{"id":"lean_loot","label":"Lean loot","items":{"lootTables":[{"id":"loot_0","label":"Lean loot","entries":[{"coins":"copper","weight":1,"count":"1d4"}]}]}}`,
		`{"id":"city_life","label":"City life","conflicts":["marsh_life"],"gm":{"guidance":"Everyone lives in the walled city."}}`,
		`{"id":"marsh_life","label":"Marsh life","fields":[{"id":"homeland","removeValues":["city","hills"],"default":"marsh"}]}`,
		`{"id":"night_roads","label":"Night roads","difficultyLadder":[{"label":"Easy","dc":10},{"label":"Hard","dc":16}],"catalogs":[{"id":"hill_beasts","hide":{"filter":"region","notIn":["hill fort"]}}]}`,
		`{"id":"lean_year","label":"Lean year","summary":"Everything at once, a little.","gm":{"guidance":"Food is scarce."},"fields":[{"id":"calling","removeValues":["tinker"]}],"catalogs":[{"id":"provisions","hide":{"filter":"weight","above":4}}],"currencies":{"removeUnits":["cake"]},"items":{"market":{"removeSellers":["tailor"]},"lootTables":[{"id":"loot_2","label":"Thin pickings","rolls":1,"entries":[{"item":` + q(largeItemRef("provisions", 10)) + `,"weight":1}]}]}}`,
	}
	b.WriteString(`"layers":[`)
	b.WriteString(strings.Join(layers, ","))
	b.WriteString(`]`)
}

// LargeSaves returns n sample saves for the ruleset Large makes, as JSON
// files {v, build, live}: their versions cycle from 1 to the sheet version,
// so every migration entry has saves to move, and they hold the old ids the
// entries read (oil, clamber, rank, vigour, might, steady) as well as
// current ones. Among the first 30 every step outcome the chain can give
// turns up: a route by one case, to else (a calling no case names, or two
// callings), by its default (no rank saved), a live value routed to the one
// pool the sheet shows. The same n always gives the same bytes.
func LargeSaves(n int) [][]byte {
	out := make([][]byte, 0, max(n, 0))
	for i := range n {
		v := 1 + i%LargeSheetVersion
		calling := largeCallings[(i/LargeSheetVersion)%len(largeCallings)]
		if i%7 == 3 {
			calling = "Guard 3 / Tinker 2" // two cases: routed to else
		}
		var b strings.Builder
		fmt.Fprintf(&b, `{"v":%d,"build":{"abilities":{"might":%d,"wits":%d,"heart":%d},`, v, 8+i%5, 9+i%4, 10+i%3)
		fmt.Fprintf(&b, `"skills":{"clamber":"trained","skill_03":"expert"},"saves":{"steady":"trained"},"bonuses":{"clamber":%d},`, i%3)
		fmt.Fprintf(&b, `"fields":{"oil":%d,"calling":%s,"homeland":%q,`, i%6, q(calling), largeHomelands[i%len(largeHomelands)])
		if i%5 != 4 { // now and then no rank: the route's default stands in
			fmt.Fprintf(&b, `"rank":%d,`, 1+i%9)
		}
		fmt.Fprintf(&b, `"motto":"Save %d"},`, i)
		b.WriteString(`"lists":{"gear":[`)
		for r := range 3 + i%5 {
			sep(&b, r)
			name := []string{"Rope", "Lantern", "Bread", "Spade"}[(i+r)%4]
			fmt.Fprintf(&b, `{"name":%q,"kind":"other","count":%d}`, name, 1+r)
		}
		fmt.Fprintf(&b, `],"knacks":[{"name":"Knack %d","cost":2,"_catalog":"knacks/r-%04d"}]}},`, i%170, i%170)
		fmt.Fprintf(&b, `"live":{"pools":{"vigour":{"value":%d}},"tracks":{"fatigue":%d},"wounds":{"harm":{"marks":["knock"]}},"conditions":["winded"],"states":{"stance":"bold"}}}`, 1+i%6, i%4)
		out = append(out, []byte(b.String()))
	}
	return out
}

func sep(b *strings.Builder, i int) {
	if i > 0 {
		b.WriteByte(',')
	}
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + strings.ReplaceAll(s[1:], "_", " ")
}

func jsonList(ss []string) string {
	b, _ := json.Marshal(ss)
	return string(b)
}
