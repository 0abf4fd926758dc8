package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"rulebench/model"
)

// The framing is written here rather than taken from a JSON-RPC library:
// it is small (a header block and a body of the length it gives), and the
// libraries allocate whatever Content-Length a peer claims. Here a body
// longer than MaxMessageBytes is read and thrown away, never held.

// MaxMessageBytes bounds the body of one message the server reads: a
// document of the largest workspace rulebench reads, with room to spare.
const MaxMessageBytes = 32 << 20

// maxHeaderLine bounds one header line, and maxHeaders how many a message
// may have.
const (
	maxHeaderLine = 1024
	maxHeaders    = 16
)

// errTooLarge is readMessage's error for a body past the bound; the body
// has been skipped and the stream can go on.
var errTooLarge = errors.New("message too large")

// errFraming is readMessage's error for a header block that cannot be
// read: the stream cannot go on.
var errFraming = errors.New("bad message header")

// readMessage reads one framed message body from r, at most max bytes.
func readMessage(r *bufio.Reader, max int) ([]byte, error) {
	length := -1
	for i := 0; ; i++ {
		if i > maxHeaders {
			return nil, fmt.Errorf("%w: more than %d header lines", errFraming, maxHeaders)
		}
		line, err := readLine(r)
		if err != nil {
			return nil, err
		}
		if line == "" {
			if i == 0 {
				i--
				continue // blank lines between messages are tolerated
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%w: %q", errFraming, model.Visible(line))
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%w: Content-Length %q", errFraming, model.Visible(value))
			}
			length = int(min(n, 1<<62))
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length", errFraming)
	}
	if length > max {
		if _, err := io.CopyN(io.Discard, r, int64(length)); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %d bytes, at most %d", errTooLarge, length, max)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	return body, nil
}

// readLine reads one header line without its line end, at most
// maxHeaderLine bytes.
func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	for {
		c, err := r.ReadByte()
		if err != nil {
			if err == io.EOF && len(b) > 0 {
				err = io.ErrUnexpectedEOF
			}
			return "", err
		}
		if c == '\n' {
			return string(bytes.TrimSuffix(b, []byte{'\r'})), nil
		}
		if len(b) >= maxHeaderLine {
			return "", fmt.Errorf("%w: a header line longer than %d bytes", errFraming, maxHeaderLine)
		}
		b = append(b, c)
	}
}

// message is any JSON-RPC 2.0 message as read: a request (ID and Method),
// a notification (Method alone) or a response (ID and Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *ResponseError  `json:"error,omitempty"`
}

// isRequest tells whether the message asks for an answer.
func (m *message) isRequest() bool { return len(m.ID) > 0 && m.Method != "" }

// validID tells whether the id is a number or a string, as JSON-RPC wants.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return false
	}
	var v any
	if json.Unmarshal(id, &v) != nil {
		return false
	}
	switch v.(type) {
	case string, float64:
		return true
	}
	return false
}

// ResponseError is the error of a response.
type ResponseError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *ResponseError) Error() string { return e.Message }

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
)

// response is an answer to a request; Result is "null" for an empty one.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *ResponseError  `json:"error,omitempty"`
}

// notification is a message the server sends without an id.
type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

// writer writes framed messages, one at a time.
type writer struct {
	mu  sync.Mutex
	out io.Writer
	err error
}

// write frames v as JSON and writes it. Every character Visible would
// escape that JSON keeps raw (DEL, C1 controls, bidirectional overrides,
// line separators) is written as a \u escape, which means the same to the
// peer, so that no raw control character ever leaves the server.
func (w *writer) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	body = escapeControls(body)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	var head [64]byte
	h := strconv.AppendInt(append(head[:0], "Content-Length: "...), int64(len(body)), 10)
	h = append(h, "\r\n\r\n"...)
	if _, err := w.out.Write(h); err != nil {
		w.err = err
		return err
	}
	if _, err := w.out.Write(body); err != nil {
		w.err = err
	}
	return w.err
}

// escapeControls rewrites, in a JSON text, each character model.Escaped
// names as a \u escape (two for one outside the BMP). JSON text from
// encoding/json holds such characters only inside strings, where the
// escape means the same character.
func escapeControls(body []byte) []byte {
	i := 0
	for i < len(body) {
		c := body[i]
		if c < utf8.RuneSelf && c != 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRune(body[i:])
		if model.Escaped(r) && !(r == utf8.RuneError && size == 1) {
			break
		}
		i += size
	}
	if i == len(body) {
		return body
	}
	out := make([]byte, 0, len(body)+16)
	out = append(out, body[:i]...)
	for i < len(body) {
		r, size := utf8.DecodeRune(body[i:])
		if (r != utf8.RuneError || size > 1) && model.Escaped(r) {
			if r > 0xffff {
				r1, r2 := surrogates(r)
				out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
			} else {
				out = fmt.Appendf(out, `\u%04x`, r)
			}
		} else {
			out = append(out, body[i:i+size]...)
		}
		i += size
	}
	return out
}

// surrogates splits a rune outside the BMP into its UTF-16 pair.
func surrogates(r rune) (rune, rune) {
	r -= 0x10000
	return 0xd800 + (r>>10)&0x3ff, 0xdc00 + r&0x3ff
}
