package lsp

import "encoding/json"

// The Language Server Protocol 3.17 types the server uses, written out:
// only the fields it reads or writes.

// Position is a place in a document: a 0-based line, and a character
// offset in the units the client and server agreed on (UTF-16 code units
// by default, bytes with "utf-8").
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a span between two positions, the end excluded.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// TextDocumentIdentifier names a document.
type TextDocumentIdentifier struct {
	URI string `json:"uri"`
}

// TextDocumentItem is a document the client opens.
type TextDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

// VersionedTextDocumentIdentifier names a version of a document.
type VersionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

// TextDocumentPositionParams is a place in a document.
type TextDocumentPositionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

// InitializeParams are what the client says about itself.
type InitializeParams struct {
	ProcessID             *int               `json:"processId"`
	RootURI               string             `json:"rootUri"`
	RootPath              string             `json:"rootPath"`
	WorkspaceFolders      []WorkspaceFolder  `json:"workspaceFolders"`
	Capabilities          ClientCapabilities `json:"capabilities"`
	InitializationOptions json.RawMessage    `json:"initializationOptions"`
}

// WorkspaceFolder is one folder the client has open.
type WorkspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

// ClientCapabilities are the parts of the client's capabilities the server
// looks at.
type ClientCapabilities struct {
	General *struct {
		PositionEncodings []string `json:"positionEncodings"`
	} `json:"general"`
	// OffsetEncoding is clangd's extension of 3.16, which Neovim 0.7
	// sends instead of general.positionEncodings.
	OffsetEncoding []string `json:"offsetEncoding"`
}

// Options are the initializationOptions (and the "rulebench" section of
// workspace/didChangeConfiguration) the server reads.
type Options struct {
	// Layers are the layer ids whose effect hover shows (the current
	// layers); none shows the base ruleset.
	Layers []string `json:"layers"`
	// DebounceMillis is how long the server waits after the last change
	// before it publishes diagnostics (default 200).
	DebounceMillis *int `json:"debounceMillis"`
	// ExplainBase is the address codeDescription links each code to, the
	// code appended after "#" (default: docs/rules.md beside the
	// workspace, when there is one).
	ExplainBase string `json:"explainBase"`
}

// InitializeResult is the server's answer to initialize.
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   ServerInfo         `json:"serverInfo"`
	// OffsetEncoding answers a client that asked with offsetEncoding.
	OffsetEncoding string `json:"offsetEncoding,omitempty"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ServerCapabilities are what the server offers.
type ServerCapabilities struct {
	PositionEncoding       string                  `json:"positionEncoding"`
	TextDocumentSync       TextDocumentSyncOptions `json:"textDocumentSync"`
	HoverProvider          bool                    `json:"hoverProvider"`
	CompletionProvider     *CompletionOptions      `json:"completionProvider,omitempty"`
	DefinitionProvider     bool                    `json:"definitionProvider"`
	ReferencesProvider     bool                    `json:"referencesProvider"`
	DocumentSymbolProvider bool                    `json:"documentSymbolProvider"`
	CodeActionProvider     *CodeActionOptions      `json:"codeActionProvider,omitempty"`
	RenameProvider         *RenameOptions          `json:"renameProvider,omitempty"`
	ExecuteCommandProvider *ExecuteCommandOptions  `json:"executeCommandProvider,omitempty"`
}

// TextDocumentSyncOptions say how documents are kept in step.
type TextDocumentSyncOptions struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"` // 2: incremental
	Save      SaveOptions `json:"save"`
}

// SaveOptions ask for didSave.
type SaveOptions struct {
	IncludeText bool `json:"includeText"`
}

// CompletionOptions say when completion is asked for.
type CompletionOptions struct {
	TriggerCharacters []string `json:"triggerCharacters"`
}

// CodeActionOptions list the kinds of action offered.
type CodeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// RenameOptions say that rename is prepared.
type RenameOptions struct {
	PrepareProvider bool `json:"prepareProvider"`
}

// ExecuteCommandOptions list the commands the server runs.
type ExecuteCommandOptions struct {
	Commands []string `json:"commands"`
}

// DidOpenTextDocumentParams open a document.
type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

// DidChangeTextDocumentParams change a document.
type DidChangeTextDocumentParams struct {
	TextDocument   VersionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []TextDocumentContentChangeEvent `json:"contentChanges"`
}

// TextDocumentContentChangeEvent is one change: the whole text when Range
// is nil.
type TextDocumentContentChangeEvent struct {
	Range *Range `json:"range"`
	Text  string `json:"text"`
}

// DidCloseTextDocumentParams close a document.
type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// DidSaveTextDocumentParams say a document was written.
type DidSaveTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text"`
}

// DidChangeConfigurationParams carry new settings.
type DidChangeConfigurationParams struct {
	Settings struct {
		Rulebench *Options `json:"rulebench"`
	} `json:"settings"`
}

// PublishDiagnosticsParams are the findings of one document.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// Diagnostic is one finding.
type Diagnostic struct {
	Range              Range                          `json:"range"`
	Severity           int                            `json:"severity"`
	Code               string                         `json:"code,omitempty"`
	CodeDescription    *CodeDescription               `json:"codeDescription,omitempty"`
	Source             string                         `json:"source"`
	Message            string                         `json:"message"`
	Tags               []int                          `json:"tags,omitempty"`
	RelatedInformation []DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
	// Data holds what codeAction needs to find the finding again.
	Data *DiagnosticData `json:"data,omitempty"`
}

// DiagnosticData ties a published diagnostic to its finding.
type DiagnosticData struct {
	Path    string `json:"path"`
	Fixable bool   `json:"fixable,omitempty"`
}

// Diagnostic severities and tags.
const (
	SeverityError       = 1
	SeverityWarning     = 2
	SeverityInformation = 3
	TagUnnecessary      = 1
	TagDeprecated       = 2
)

// CodeDescription links a code to its explanation.
type CodeDescription struct {
	Href string `json:"href"`
}

// DiagnosticRelatedInformation is another place a finding concerns.
type DiagnosticRelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// Hover is the answer to textDocument/hover.
type Hover struct {
	Contents MarkupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

// MarkupContent is text in markdown or plain text.
type MarkupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// CompletionParams ask for completion at a place.
type CompletionParams struct {
	TextDocumentPositionParams
}

// CompletionList is the answer to completion.
type CompletionList struct {
	IsIncomplete bool             `json:"isIncomplete"`
	Items        []CompletionItem `json:"items"`
}

// CompletionItem is one candidate.
type CompletionItem struct {
	Label         string         `json:"label"`
	Kind          int            `json:"kind,omitempty"`
	Detail        string         `json:"detail,omitempty"`
	Documentation *MarkupContent `json:"documentation,omitempty"`
	FilterText    string         `json:"filterText,omitempty"`
	TextEdit      *TextEdit      `json:"textEdit,omitempty"`
	SortText      string         `json:"sortText,omitempty"`
}

// Completion item kinds used.
const (
	CompletionKindField     = 5
	CompletionKindEnumValue = 20
	CompletionKindProperty  = 10
	CompletionKindReference = 18
)

// ReferenceParams ask for the references at a place.
type ReferenceParams struct {
	TextDocumentPositionParams
	Context struct {
		IncludeDeclaration bool `json:"includeDeclaration"`
	} `json:"context"`
}

// DocumentSymbolParams ask for a document's outline.
type DocumentSymbolParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// DocumentSymbol is one entry of the outline.
type DocumentSymbol struct {
	Name           string           `json:"name"`
	Detail         string           `json:"detail,omitempty"`
	Kind           int              `json:"kind"`
	Range          Range            `json:"range"`
	SelectionRange Range            `json:"selectionRange"`
	Children       []DocumentSymbol `json:"children,omitempty"`
}

// Symbol kinds used.
const (
	SymbolKindFile      = 1
	SymbolKindModule    = 2
	SymbolKindNamespace = 3
	SymbolKindClass     = 5
	SymbolKindField     = 8
	SymbolKindEnum      = 10
	SymbolKindConstant  = 14
	SymbolKindString    = 15
	SymbolKindObject    = 19
	SymbolKindEvent     = 24
)

// CodeActionParams ask for the actions over a range.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
	} `json:"context"`
}

// CodeAction is one action: a workspace edit.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit,omitempty"`
	Command     *Command       `json:"command,omitempty"`
}

// Command is a command the client asks the server to run.
type Command struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments,omitempty"`
}

// WorkspaceEdit changes documents.
type WorkspaceEdit struct {
	Changes map[string][]TextEdit `json:"changes"`
}

// TextEdit replaces a range with text.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// RenameParams ask to rename what is at a place.
type RenameParams struct {
	TextDocumentPositionParams
	NewName string `json:"newName"`
}

// ExecuteCommandParams run a command.
type ExecuteCommandParams struct {
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments"`
}

// ShowMessageParams show the user a message.
type ShowMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}
