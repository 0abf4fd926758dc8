package rules

// seenSet is a set of strings for spotting repeats in one list. Its first
// members are kept in place and searched in order, so that the short lists
// rulesets hold need no allocation; a long list spills into a map.
//
// The zero value is an empty set; use it as a local variable.
type seenSet struct {
	few  [16]string
	n    int
	many map[string]bool
}

// has tells whether s was added.
func (set *seenSet) has(s string) bool {
	for _, x := range set.few[:set.n] {
		if x == s {
			return true
		}
	}
	return set.many[s]
}

// add puts s in the set.
func (set *seenSet) add(s string) {
	if set.n < len(set.few) {
		set.few[set.n] = s
		set.n++
		return
	}
	if set.many == nil {
		set.many = map[string]bool{}
	}
	set.many[s] = true
}
