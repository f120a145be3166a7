//go:build js && wasm

// Command wasm is grundy compiled to WebAssembly for the page in the
// browser. It runs inside the page's Web Worker (web/static/worker.js) and
// gives JavaScript one function, grundyHandle(requestJSON) -> responseJSON,
// that answers with package worker, and tells the worker how a request goes
// while it runs by calling grundyEvent(eventJSON). A long request cannot be interrupted from
// JavaScript while it runs (WebAssembly has one thread here): the page stops
// it by ending the worker and starting another.
package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	"github.com/grundy-lang/grundy/web/worker"
)

func main() {
	w := &worker.Worker{OnEvent: func(e worker.Event) {
		// The worker passes it on to the page at once, while the request
		// goes on: the page shows each statement's output as it is done.
		b, _ := json.Marshal(e) // an Event always encodes
		js.Global().Call("grundyEvent", string(b))
	}}
	js.Global().Set("grundyHandle", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 {
			return `{"error":"grundyHandle takes one request"}`
		}
		return string(w.HandleJSON(context.Background(), []byte(args[0].String())))
	}))
	js.Global().Call("postMessage", map[string]any{"ready": true})
	select {} // keep the function alive for the worker's lifetime
}
