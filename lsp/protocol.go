package lsp

import "encoding/json"

// The LSP 3.17 structures the server reads and writes. Only the fields it
// uses are declared; a client's other fields are ignored when decoded.

// Position is a place in a text document: a 0-based line and a character
// offset counted in the negotiated position encoding.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a half-open range [Start, End).
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range of a document named by its URI.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

type initializeParams struct {
	ProcessID             *int            `json:"processId"`
	RootURI               string          `json:"rootUri"`
	Capabilities          clientCaps      `json:"capabilities"`
	InitializationOptions json.RawMessage `json:"initializationOptions"`
}

type clientCaps struct {
	General struct {
		PositionEncodings []string `json:"positionEncodings"`
	} `json:"general"`
	TextDocument struct {
		Hover struct {
			ContentFormat []string `json:"contentFormat"`
		} `json:"hover"`
	} `json:"textDocument"`
	Workspace struct {
		DidChangeWatchedFiles struct {
			DynamicRegistration bool `json:"dynamicRegistration"`
		} `json:"didChangeWatchedFiles"`
	} `json:"workspace"`
}

// InitOptions are the server's initializationOptions.
type InitOptions struct {
	// InlayHints turns on the inlay hint with the next firing after each
	// timer body (off by default).
	InlayHints bool `json:"inlayHints"`
}

type initializeResult struct {
	Capabilities serverCaps `json:"capabilities"`
	ServerInfo   serverInfo `json:"serverInfo"`
}

type serverInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type serverCaps struct {
	PositionEncoding   string             `json:"positionEncoding"`
	TextDocumentSync   textSyncOptions    `json:"textDocumentSync"`
	HoverProvider      bool               `json:"hoverProvider"`
	CodeActionProvider codeActionProvider `json:"codeActionProvider"`
	InlayHintProvider  bool               `json:"inlayHintProvider,omitempty"`
}

type textSyncOptions struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"`
	Save      saveOptions `json:"save"`
}

type saveOptions struct {
	IncludeText bool `json:"includeText"`
}

type codeActionProvider struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// Text document synchronisation kinds.
const (
	syncFull        = 1
	syncIncremental = 2
)

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type versionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type contentChange struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

type didChangeParams struct {
	TextDocument   versionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                 `json:"contentChanges"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didSaveParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

type fileEvent struct {
	URI  string `json:"uri"`
	Type int    `json:"type"`
}

// File change types of workspace/didChangeWatchedFiles.
const (
	fileCreated = 1
	fileChanged = 2
	fileDeleted = 3
)

type didChangeWatchedFilesParams struct {
	Changes []fileEvent `json:"changes"`
}

// Diagnostic is an LSP diagnostic.
type Diagnostic struct {
	Range              Range                `json:"range"`
	Severity           int                  `json:"severity"`
	Code               string               `json:"code"`
	CodeDescription    *codeDescription     `json:"codeDescription,omitempty"`
	Source             string               `json:"source"`
	Message            string               `json:"message"`
	RelatedInformation []relatedInformation `json:"relatedInformation,omitempty"`
	Data               *diagnosticData      `json:"data,omitempty"`
}

type codeDescription struct {
	Href string `json:"href"`
}

type relatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// diagnosticData rides along with a diagnostic so that a code action
// request names the finding it is about: the document version the
// diagnostic was computed on and its index in that result.
type diagnosticData struct {
	Version int `json:"version"`
	Index   int `json:"index"`
}

// LSP diagnostic severities.
const (
	severityError       = 1
	severityWarning     = 2
	severityInformation = 3
)

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
		Only        []string     `json:"only"`
	} `json:"context"`
}

type codeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *workspaceEdit `json:"edit,omitempty"`
}

type workspaceEdit struct {
	Changes map[string][]textEdit `json:"changes"`
}

type textEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

type textDocumentPositionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

type hover struct {
	Contents markupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

type markupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

type inlayHintParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
}

type inlayHint struct {
	Position    Position `json:"position"`
	Label       string   `json:"label"`
	PaddingLeft bool     `json:"paddingLeft"`
	Tooltip     string   `json:"tooltip,omitempty"`
}

type registrationParams struct {
	Registrations []registration `json:"registrations"`
}

type registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions,omitempty"`
}

type fileSystemWatcher struct {
	GlobPattern string `json:"globPattern"`
}

type didChangeWatchedFilesRegistrationOptions struct {
	Watchers []fileSystemWatcher `json:"watchers"`
}
