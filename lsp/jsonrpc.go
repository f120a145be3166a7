package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
)

// The framing of the Language Server Protocol's base protocol: each message
// is a header block ("Content-Length: N", optionally "Content-Type: ...",
// each line ended by \r\n, then an empty line) followed by N bytes of JSON, a
// JSON-RPC 2.0 request, notification or response.

// message is a JSON-RPC 2.0 message: a request has an ID and a Method, a
// notification a Method only, a response an ID and a Result or an Error.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *responseError  `json:"error,omitempty"`
}

// responseError is the error of a response.
type responseError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Error codes of JSON-RPC and the LSP.
const (
	codeParseError       = -32700
	codeMethodNotFound   = -32601
	codeInvalidParams    = -32602
	codeInternalError    = -32603
	codeRequestCancelled = -32800
)

// maxMessage bounds one message: a document is at most lang.MaxSourceSize,
// and JSON escaping can double it.
const maxMessage = 40 << 20

// reader reads framed messages.
type reader struct{ r *bufio.Reader }

func newReader(r io.Reader) *reader { return &reader{r: bufio.NewReader(r)} }

// read returns the next message's JSON. An error that is not io.EOF means the
// stream is broken: no later message can be found in it.
func (rd *reader) read() ([]byte, error) {
	tp := textproto.NewReader(rd.r)
	length := -1
	for {
		line, err := tp.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) && length < 0 {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("reading a message's header: %w", err)
		}
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("a malformed header line %q", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 || n > maxMessage {
				return nil, fmt.Errorf("a bad Content-Length %q", value)
			}
			length = n
		}
	}
	if length < 0 {
		return nil, errors.New("a message without Content-Length")
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(rd.r, body); err != nil {
		return nil, fmt.Errorf("reading a message's body: %w", err)
	}
	return body, nil
}

// writer writes framed messages; it may be used from several goroutines.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

// write sends one message.
func (wr *writer) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	wr.mu.Lock()
	defer wr.mu.Unlock()
	if _, err := fmt.Fprintf(wr.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = wr.w.Write(body)
	return err
}
