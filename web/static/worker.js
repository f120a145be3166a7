// The Web Worker that runs grundy: it receives the compiled WebAssembly
// module from the page, starts it, and answers requests one at a time with
// grundyHandle (web/wasm). While a request runs, grundy calls grundyEvent for
// each statement started or done and for its progress; each event goes to the
// page at once. The page ends this worker to stop a request.
importScripts("wasm_exec.js");

let current = 0; // the id of the request running

self.grundyEvent = (json) => postMessage({ id: current, event: JSON.parse(json) });

onmessage = async (e) => {
  const m = e.data;
  if (m.module) {
    const go = new Go();
    const instance = await WebAssembly.instantiate(m.module, go.importObject);
    go.run(instance); // posts {ready: true} once grundyHandle is defined
    return;
  }
  current = m.id;
  let response;
  try {
    response = JSON.parse(grundyHandle(JSON.stringify(m.request)));
  } catch (err) {
    response = { error: "internal error: " + err };
  }
  postMessage({ id: m.id, response });
};
