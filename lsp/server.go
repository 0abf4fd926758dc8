// Package lsp is rulebench's language server: the Language Server
// Protocol 3.17 over a stream (stdio), for ruleset files, package folders,
// locale files, manifests, catalog entries and sample saves. It answers
// from the same analysis the commands and the workbench use
// (analysis.Run over model.Load), reading the editor's text of each open
// document instead of the disk.
//
// Every workspace is read from an overlay of the open documents over the
// disk, only inside the workspace folder the client named; the model's
// confinement keeps each package's reads inside its own folder. Messages
// are bounded (MaxMessageBytes), a panic while answering becomes an error
// response, and every text from a file is sent escaped (model.Visible), with
// no raw control character in any message.
//
// The package imports no UI code.
package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"rulebench/model"
)

// Config sets up a server.
type Config struct {
	// Version is the server's version, as initialize reports it.
	Version string
	// Debounce is how long the server waits after the last change before
	// publishing diagnostics; 0 means DefaultDebounce, and a negative
	// value publishes at once. initializationOptions.debounceMillis
	// overrides it.
	Debounce time.Duration
	// MaxMessage bounds one message's body (MaxMessageBytes when 0).
	MaxMessage int
	// Log, when set, is given the server's own notes (a message dropped,
	// a panic caught).
	Log func(string)
}

// DefaultDebounce is the wait before diagnostics are published.
const DefaultDebounce = 200 * time.Millisecond

// maxOpenDocuments and maxOpenBytes bound what the open documents hold.
const (
	maxOpenDocuments = 1000
	maxOpenBytes     = 256 << 20
)

// Server is one language server session.
type Server struct {
	cfg  Config
	in   *bufio.Reader
	out  *writer
	enc  string
	opts Options

	// roots are the workspace folders, clean absolute paths; a document
	// outside all of them is kept but never analysed.
	roots []string
	docs  map[string]*document // open documents by path
	// files are the open documents' texts as the overlay reads them, made
	// when first needed after a change (nil until then). The bytes share
	// the documents' strings: the model never changes the bytes it reads.
	files map[string][]byte
	bytes int
	ws    *workspaces

	initialized, shutdown bool
	debounce              time.Duration
	timer                 *time.Timer
	fire                  chan struct{}
	// pending are the paths changed since diagnostics were last published.
	pending map[string]bool
	// published holds, by URI, the JSON of the diagnostics last published,
	// so that an unchanged list is not sent again.
	published map[string]string

	// afterPublish, when set (by tests), is called after each round of
	// publishing.
	afterPublish func()
}

// document is an open document: its URI, path, version and text.
type document struct {
	uri, path string
	version   int
	lines     *lines
}

// New makes a server reading requests from in and writing to out.
func New(in io.Reader, out io.Writer, cfg Config) *Server {
	if cfg.MaxMessage <= 0 {
		cfg.MaxMessage = MaxMessageBytes
	}
	s := &Server{cfg: cfg, in: bufio.NewReaderSize(in, 64<<10), out: &writer{out: out}, enc: encodingUTF16,
		docs: map[string]*document{}, fire: make(chan struct{}, 1), pending: map[string]bool{}, published: map[string]string{}}
	s.ws = newWorkspaces(s)
	s.debounce = cfg.Debounce
	if s.debounce == 0 {
		s.debounce = DefaultDebounce
	}
	return s
}

// ErrExitWithoutShutdown is Run's error when the client sent exit before
// shutdown (exit code 1 by the protocol).
var ErrExitWithoutShutdown = errors.New("exit before shutdown")

// Run serves until the client sends exit, the input ends or ctx is done.
// It returns nil after shutdown and exit.
func (s *Server) Run(ctx context.Context) error {
	type read struct {
		msg []byte
		err error
	}
	incoming := make(chan read)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			b, err := readMessage(s.in, s.cfg.MaxMessage)
			select {
			case incoming <- read{b, err}:
			case <-done:
				return
			}
			if err != nil && !errors.Is(err, errTooLarge) {
				return
			}
		}
	}()
	defer func() {
		if s.timer != nil {
			s.timer.Stop()
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-s.fire:
			s.publishSafely()
		case r := <-incoming:
			if r.err != nil {
				if errors.Is(r.err, errTooLarge) {
					s.note(r.err.Error())
					continue
				}
				if errors.Is(r.err, io.EOF) {
					return io.EOF
				}
				return r.err
			}
			if exit, err := s.handle(r.msg); exit {
				return err
			}
		}
	}
}

// note tells the client (window/logMessage) and Config.Log something about
// the server itself.
func (s *Server) note(text string) {
	text = model.Visible(text)
	if s.cfg.Log != nil {
		s.cfg.Log(text)
	}
	_ = s.out.write(notification{JSONRPC: "2.0", Method: "window/logMessage", Params: ShowMessageParams{Type: 3, Message: "rulebench: " + text}})
}

// handle answers one message; exit tells that the session is over.
func (s *Server) handle(body []byte) (exit bool, err error) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		s.reply(nil, nil, &ResponseError{Code: codeParseError, Message: "the message is not JSON-RPC: " + model.Visible(err.Error())})
		return false, nil
	}
	if m.Method == "" {
		return false, nil // a response to a request of ours, or nothing
	}
	if len(m.ID) > 0 && !validID(m.ID) {
		s.reply(nil, nil, &ResponseError{Code: codeInvalidRequest, Message: "the id must be a number or a string"})
		return false, nil
	}
	if m.Method == "exit" {
		if s.shutdown {
			return true, nil
		}
		return true, ErrExitWithoutShutdown
	}
	result, rerr := s.dispatch(&m)
	if m.isRequest() {
		s.reply(m.ID, result, rerr)
	} else if rerr != nil {
		s.note(m.Method + ": " + rerr.Message)
	}
	return false, nil
}

// dispatch runs the handler of a message behind a recover: a panic is an
// internal error, never the end of the session.
func (s *Server) dispatch(m *message) (result any, rerr *ResponseError) {
	defer func() {
		if p := recover(); p != nil {
			s.note(fmt.Sprintf("%s panicked: %v\n%s", m.Method, p, debug.Stack()))
			result, rerr = nil, &ResponseError{Code: codeInternalError, Message: model.Visible(fmt.Sprintf("rulebench failed on %s: %v", m.Method, p))}
		}
	}()
	if s.shutdown {
		return nil, &ResponseError{Code: codeInvalidRequest, Message: "the server is shut down"}
	}
	if !s.initialized && m.Method != "initialize" {
		if m.isRequest() {
			return nil, &ResponseError{Code: codeServerNotInitialized, Message: "initialize first"}
		}
		return nil, nil
	}
	h, ok := handlers[m.Method]
	if !ok {
		if m.isRequest() {
			return nil, &ResponseError{Code: codeMethodNotFound, Message: "rulebench does not handle " + model.Visible(m.Method)}
		}
		return nil, nil // notifications we do not handle are ignored
	}
	params := m.Params
	if len(params) == 0 {
		params = json.RawMessage("null")
	}
	res, err := h(s, params)
	if err != nil {
		var re *ResponseError
		if errors.As(err, &re) {
			return nil, re
		}
		return nil, &ResponseError{Code: codeRequestFailed, Message: model.Visible(err.Error())}
	}
	return res, nil
}

// reply sends the answer to a request.
func (s *Server) reply(id json.RawMessage, result any, rerr *ResponseError) {
	r := response{JSONRPC: "2.0", ID: id, Error: rerr}
	if r.ID == nil {
		r.ID = json.RawMessage("null")
	}
	if rerr == nil {
		b, err := json.Marshal(result)
		if err != nil {
			r.Error = &ResponseError{Code: codeInternalError, Message: "the answer could not be written: " + model.Visible(err.Error())}
		} else {
			r.Result = b
		}
	}
	if err := s.out.write(r); err != nil && s.cfg.Log != nil {
		s.cfg.Log("writing: " + err.Error())
	}
}

// handler answers one method.
type handler func(s *Server, params json.RawMessage) (any, error)

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"initialize":                       (*Server).initialize,
		"initialized":                      func(*Server, json.RawMessage) (any, error) { return nil, nil },
		"shutdown":                         (*Server).shutdownRequest,
		"textDocument/didOpen":             (*Server).didOpen,
		"textDocument/didChange":           (*Server).didChange,
		"textDocument/didClose":            (*Server).didClose,
		"textDocument/didSave":             (*Server).didSave,
		"workspace/didChangeConfiguration": (*Server).didChangeConfiguration,
		"workspace/didChangeWatchedFiles":  (*Server).didChangeWatchedFiles,
		"textDocument/hover":               (*Server).hover,
		"textDocument/completion":          (*Server).completion,
		"textDocument/definition":          (*Server).definition,
		"textDocument/references":          (*Server).references,
		"textDocument/documentSymbol":      (*Server).documentSymbol,
		"textDocument/codeAction":          (*Server).codeAction,
		"textDocument/prepareRename":       (*Server).prepareRename,
		"textDocument/rename":              (*Server).rename,
		"workspace/executeCommand":         (*Server).executeCommand,
	}
}

// decode reads params into v, an invalid-params error when they do not fit.
func decode(params json.RawMessage, v any) error {
	if err := json.Unmarshal(params, v); err != nil {
		return &ResponseError{Code: codeInvalidParams, Message: "the params do not fit: " + model.Visible(err.Error())}
	}
	return nil
}

// commandWorkbench is the command that names the terminal line opening
// the workbench on a workspace.
const commandWorkbench = "rulebench.workbench"

func (s *Server) initialize(params json.RawMessage) (any, error) {
	if s.initialized {
		return nil, &ResponseError{Code: codeInvalidRequest, Message: "initialize was already sent"}
	}
	var p InitializeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	var offered []string
	if p.Capabilities.General != nil {
		offered = p.Capabilities.General.PositionEncodings
	}
	res := InitializeResult{ServerInfo: ServerInfo{Name: "rulebench", Version: s.cfg.Version}}
	if slices.Contains(offered, encodingUTF8) || (len(offered) == 0 && slices.Contains(p.Capabilities.OffsetEncoding, encodingUTF8)) {
		s.enc = encodingUTF8
	}
	if len(p.Capabilities.OffsetEncoding) > 0 {
		res.OffsetEncoding = s.enc
	}
	for _, f := range p.WorkspaceFolders {
		if dir := pathOf(f.URI); dir != "" {
			s.roots = append(s.roots, dir)
		}
	}
	if len(s.roots) == 0 {
		if dir := pathOf(p.RootURI); dir != "" {
			s.roots = append(s.roots, dir)
		} else if p.RootPath != "" && path.IsAbs(p.RootPath) {
			s.roots = append(s.roots, path.Clean(p.RootPath))
		}
	}
	if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
		var o Options
		if err := json.Unmarshal(p.InitializationOptions, &o); err == nil {
			s.setOptions(o)
		}
	}
	s.initialized = true
	res.Capabilities = ServerCapabilities{
		PositionEncoding:       s.enc,
		TextDocumentSync:       TextDocumentSyncOptions{OpenClose: true, Change: 2, Save: SaveOptions{}},
		HoverProvider:          true,
		CompletionProvider:     &CompletionOptions{TriggerCharacters: []string{`"`}},
		DefinitionProvider:     true,
		ReferencesProvider:     true,
		DocumentSymbolProvider: true,
		CodeActionProvider:     &CodeActionOptions{CodeActionKinds: []string{"quickfix"}},
		RenameProvider:         &RenameOptions{PrepareProvider: true},
		ExecuteCommandProvider: &ExecuteCommandOptions{Commands: []string{commandWorkbench}},
	}
	return res, nil
}

// setOptions takes new options.
func (s *Server) setOptions(o Options) {
	if o.DebounceMillis != nil {
		s.debounce = time.Duration(*o.DebounceMillis) * time.Millisecond
		if s.debounce == 0 {
			s.debounce = -1
		}
	}
	s.opts = o
	s.ws.invalidateAll()
}

func (s *Server) shutdownRequest(json.RawMessage) (any, error) {
	s.shutdown = true
	return nil, nil
}

// rootOf is the workspace folder holding p, "" when none does. Without
// workspace folders, each document's own folder is its root.
func (s *Server) rootOf(p string) string {
	if len(s.roots) == 0 {
		return path.Dir(p)
	}
	best := ""
	for _, r := range s.roots {
		if inside(p, r) && len(r) > len(best) {
			best = r
		}
	}
	return best
}

func (s *Server) didOpen(params json.RawMessage) (any, error) {
	var p DidOpenTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	file := pathOf(p.TextDocument.URI)
	if file == "" {
		return nil, nil
	}
	if old := s.docs[file]; old != nil {
		s.bytes -= len(old.lines.text)
	} else if len(s.docs) >= maxOpenDocuments {
		return nil, fmt.Errorf("more than %d open documents; %s is not followed", maxOpenDocuments, file)
	}
	if s.bytes+len(p.TextDocument.Text) > maxOpenBytes {
		return nil, fmt.Errorf("the open documents would hold more than %d MB; %s is not followed", maxOpenBytes>>20, file)
	}
	s.docs[file] = &document{uri: p.TextDocument.URI, path: file, version: p.TextDocument.Version, lines: newLines(p.TextDocument.Text)}
	s.bytes += len(p.TextDocument.Text)
	s.changed(file)
	return nil, nil
}

func (s *Server) didChange(params json.RawMessage) (any, error) {
	var p DidChangeTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d := s.docs[pathOf(p.TextDocument.URI)]
	if d == nil {
		return nil, fmt.Errorf("a change of %s, which is not open", p.TextDocument.URI)
	}
	text := d.lines.text
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			text = c.Text
		} else {
			l := d.lines
			if l.text != text {
				l = newLines(text)
			}
			start, end := l.offset(c.Range.Start, s.enc), l.offset(c.Range.End, s.enc)
			if end < start {
				start, end = end, start
			}
			text = text[:start] + c.Text + text[end:]
		}
		if s.bytes-len(d.lines.text)+len(text) > maxOpenBytes {
			return nil, fmt.Errorf("the open documents would hold more than %d MB", maxOpenBytes>>20)
		}
	}
	s.bytes += len(text) - len(d.lines.text)
	d.lines = newLines(text)
	d.version = p.TextDocument.Version
	s.changed(d.path)
	return nil, nil
}

func (s *Server) didClose(params json.RawMessage) (any, error) {
	var p DidCloseTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	file := pathOf(p.TextDocument.URI)
	if d := s.docs[file]; d != nil {
		s.bytes -= len(d.lines.text)
		delete(s.docs, file)
		s.changed(file) // the disk's text counts again
	}
	return nil, nil
}

func (s *Server) didSave(params json.RawMessage) (any, error) {
	var p DidSaveTextDocumentParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if file := pathOf(p.TextDocument.URI); file != "" {
		s.changed(file)
	}
	return nil, nil
}

func (s *Server) didChangeWatchedFiles(params json.RawMessage) (any, error) {
	var p struct {
		Changes []struct {
			URI string `json:"uri"`
		} `json:"changes"`
	}
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	for _, c := range p.Changes {
		if file := pathOf(c.URI); file != "" {
			s.changed(file)
		}
	}
	return nil, nil
}

func (s *Server) didChangeConfiguration(params json.RawMessage) (any, error) {
	var p DidChangeConfigurationParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if p.Settings.Rulebench != nil {
		s.setOptions(*p.Settings.Rulebench)
		for file := range s.docs {
			s.pending[file] = true
		}
		s.schedule()
	}
	return nil, nil
}

// changed notes that the text of file changed: the workspaces holding it
// are analysed again, and diagnostics published after the debounce.
func (s *Server) changed(file string) {
	s.files = nil
	s.ws.invalidate(file)
	s.pending[file] = true
	s.schedule()
}

// schedule publishes diagnostics after the debounce, or at once.
func (s *Server) schedule() {
	if s.debounce < 0 {
		s.publish()
		return
	}
	if s.timer == nil {
		s.timer = time.AfterFunc(s.debounce, func() {
			select {
			case s.fire <- struct{}{}:
			default:
			}
		})
		return
	}
	s.timer.Reset(s.debounce)
}

// docLines is the text of an open document, or nil.
func (s *Server) docLines(file string) *lines {
	if d := s.docs[file]; d != nil {
		return d.lines
	}
	return nil
}

// docOf is the open document a request names.
func (s *Server) docOf(uri string) (*document, error) {
	d := s.docs[pathOf(uri)]
	if d == nil {
		return nil, &ResponseError{Code: codeInvalidParams, Message: "the document is not open: " + model.Visible(uri)}
	}
	return d, nil
}

// sortedDocs are the open documents by path.
func (s *Server) sortedDocs() []*document {
	out := make([]*document, 0, len(s.docs))
	for _, d := range s.docs {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b *document) int { return strings.Compare(a.path, b.path) })
	return out
}

// publishSafely publishes behind a recover, as dispatch answers: a panic
// while working out diagnostics is noted, never the end of the session.
func (s *Server) publishSafely() {
	defer func() {
		if p := recover(); p != nil {
			s.note(fmt.Sprintf("publishing diagnostics panicked: %v\n%s", p, debug.Stack()))
		}
	}()
	s.publish()
}
