package modeltest

// WithComments returns a copy of the JSON text src with the member
// "$comment": note added at the start of every object that has none, map-like
// objects (stats, values, filters, tables) included; everything else is kept
// byte for byte. The Engine strips "$comment" from every object before it
// validates, so a file and its WithComments copy must get the same verdict.
// A text that is not JSON comes back with comments added where objects
// seemed to start.
func WithComments(src []byte, note string) []byte {
	s := &commentScan{src: src}
	s.value()
	out := make([]byte, 0, len(src)+len(s.at)*(16+len(note)))
	last := 0
	for _, at := range s.at {
		out = append(out, src[last:at.off]...)
		out = append(out, `"$comment":`...)
		out = appendJSONString(out, note)
		if !at.empty {
			out = append(out, ',')
		}
		last = at.off
	}
	return append(out, src[last:]...)
}

// commentScan finds where each object's first member goes.
type commentScan struct {
	src []byte
	i   int
	at  []commentAt
}

type commentAt struct {
	off   int // just after the object's "{"
	empty bool
}

func (s *commentScan) space() {
	for s.i < len(s.src) && (s.src[s.i] == ' ' || s.src[s.i] == '\t' || s.src[s.i] == '\n' || s.src[s.i] == '\r') {
		s.i++
	}
}

// str skips a string starting at s.i and returns its raw text between the
// quotes.
func (s *commentScan) str() string {
	start := s.i + 1
	s.i++
	for s.i < len(s.src) && s.src[s.i] != '"' {
		if s.src[s.i] == '\\' {
			s.i++
		}
		s.i++
	}
	end := min(s.i, len(s.src))
	s.i++
	return string(s.src[start:end])
}

func (s *commentScan) value() {
	s.space()
	if s.i >= len(s.src) {
		return
	}
	switch s.src[s.i] {
	case '{':
		s.i++
		k := len(s.at)
		s.at = append(s.at, commentAt{off: s.i})
		s.space()
		if s.i < len(s.src) && s.src[s.i] == '}' {
			s.at[k].empty = true
			s.i++
			return
		}
		has := false
		for s.i < len(s.src) {
			s.space()
			if s.i >= len(s.src) || s.src[s.i] != '"' {
				break
			}
			if s.str() == "$comment" {
				has = true
			}
			s.space()
			if s.i < len(s.src) && s.src[s.i] == ':' {
				s.i++
			}
			s.value()
			s.space()
			if s.i < len(s.src) && s.src[s.i] == ',' {
				s.i++
				continue
			}
			break
		}
		if s.i < len(s.src) && s.src[s.i] == '}' {
			s.i++
		}
		if has {
			// Never a second $comment: the object keeps its own.
			s.at = append(s.at[:k], s.at[k+1:]...)
		}
	case '[':
		s.i++
		for s.i < len(s.src) {
			s.space()
			if s.i < len(s.src) && s.src[s.i] == ']' {
				break
			}
			s.value()
			s.space()
			if s.i < len(s.src) && s.src[s.i] == ',' {
				s.i++
				continue
			}
			break
		}
		if s.i < len(s.src) && s.src[s.i] == ']' {
			s.i++
		}
	case '"':
		s.str()
	default:
		for s.i < len(s.src) && !isDelim(s.src[s.i]) {
			s.i++
		}
	}
}

func isDelim(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// appendJSONString appends s as a JSON string; only quotes, backslashes
// and control characters are escaped.
func appendJSONString(out []byte, s string) []byte {
	const hex = "0123456789abcdef"
	out = append(out, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c < 0x20:
			out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			out = append(out, c)
		}
	}
	return append(out, '"')
}
