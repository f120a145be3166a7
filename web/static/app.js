// The page: an editor, Run and Stop, the output, and tables, graphs and play
// mode for a position. grundy itself runs in a Web Worker (worker.js), so that
// a long solve never freezes the page; Stop ends that worker and starts another.
"use strict";

const $ = (id) => document.getElementById(id);
const source = $("source"), gutter = $("gutter"), mark = $("mark");
const output = $("output"), exploreOut = $("explore-out"), status = $("status");
const lineHeight = 18;

let module = null;   // the compiled WebAssembly, shared by every worker
let worker = null;
let pending = null;  // {id, resolve, reject} of the request running
let nextID = 1;
let examples = [];
let game = null;     // the game of play mode: {expr, misere, input}

function setStatus(text, busy) {
  status.textContent = text;
  status.classList.toggle("busy", !!busy);
}

function setBusy(busy) {
  $("stop").disabled = !busy;
  for (const id of ["run", "table", "graph", "play"]) $(id).disabled = busy || !worker;
}

// startWorker starts a worker and resolves when grundy is ready in it.
function startWorker() {
  return new Promise((resolve, reject) => {
    const w = new Worker("worker.js");
    w.onmessage = (e) => {
      if (e.data.ready) { worker = w; resolve(); return; }
      if (pending && e.data.id === pending.id) {
        const p = pending;
        pending = null;
        p.resolve(e.data.response);
      }
    };
    w.onerror = (e) => reject(new Error(e.message || "the worker failed to start"));
    w.postMessage({ module });
  });
}

// request sends one request to grundy and resolves with its response.
function request(req) {
  return new Promise((resolve, reject) => {
    pending = { id: nextID++, resolve, reject };
    worker.postMessage({ id: pending.id, request: req });
  });
}

// busyRequest runs a request with the Stop button enabled and the time shown.
async function busyRequest(req, what) {
  setBusy(true);
  const t0 = performance.now();
  setStatus(what + "…", true);
  try {
    const resp = await request(req);
    setStatus(what + ": " + ((performance.now() - t0) / 1000).toFixed(2) + " s");
    return resp;
  } finally {
    setBusy(false);
  }
}

async function stop() {
  if (!pending) return;
  const p = pending;
  pending = null;
  worker.terminate();
  worker = null;
  setBusy(true);
  $("stop").disabled = true;
  setStatus("Stopping…", true);
  await startWorker();
  setBusy(false);
  setStatus("Stopped.");
  p.reject(new Error("stopped"));
}

// ---- the editor ----------------------------------------------------------

function updateGutter() {
  const n = source.value.split("\n").length;
  let text = "";
  for (let i = 1; i <= n; i++) text += i + "\n";
  gutter.textContent = text;
  gutter.scrollTop = source.scrollTop;
  placeMark();
}

let errorLine = 0;

function markError(line) {
  errorLine = line;
  updateGutter(); // the program may have changed without an input event
  if (line > 0) {
    const lines = gutter.textContent.split("\n");
    gutter.innerHTML = lines.map((l, i) => i + 1 === line ? '<span class="err">' + l + "</span>" : l).join("\n");
    gutter.scrollTop = source.scrollTop;
  }
  placeMark();
}

function placeMark() {
  mark.hidden = errorLine <= 0;
  if (errorLine > 0) mark.style.top = (6 + (errorLine - 1) * lineHeight - source.scrollTop) + "px";
}

// goToLine puts the cursor at the start of a line and scrolls to it.
function goToLine(line) {
  const lines = source.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  source.focus();
  source.setSelectionRange(at, at + (lines[line - 1] || "").length);
  source.scrollTop = Math.max(0, (line - 4) * lineHeight);
}

function setSource(text) {
  source.value = text;
  source.scrollTop = 0;
  markError(0);
}

source.addEventListener("input", () => markError(0));
source.addEventListener("scroll", () => { gutter.scrollTop = source.scrollTop; placeMark(); });
source.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); }
  if (e.key === "Tab" && !e.shiftKey) {
    e.preventDefault();
    const s = source.selectionStart;
    source.setRangeText("  ", s, source.selectionEnd, "end");
    updateGutter();
  }
});

// ---- running -------------------------------------------------------------

async function run() {
  if (!worker || pending) return;
  output.innerHTML = '<p class="hint">Running…</p>';
  markError(0);
  try {
    const resp = await busyRequest({ op: "run", source: source.value }, "Run");
    output.innerHTML = resp.html || "";
    if (resp.error && !output.querySelector(".error")) showError(output, resp.error);
    if (resp.errLine) markError(resp.errLine);
  } catch (err) {
    output.innerHTML = '<p class="stopped">Stopped. What was printed before is lost; run again with a smaller question.</p>';
  }
}

output.addEventListener("click", (e) => {
  const a = e.target.closest("a.line");
  if (a) { e.preventDefault(); goToLine(+a.dataset.line); }
});

// ---- tables, graphs and play mode -----------------------------------------

function showError(where, text) {
  where.innerHTML = '<pre class="error"></pre>';
  where.firstChild.textContent = text;
}

async function explore(op) {
  if (!worker || pending) return;
  const expr = $("expr").value.trim();
  if (!expr) { showError(exploreOut, "Type a position such as Nim(3) + Nim(5), or a table such as sg(Wythoff(a, b)) for a in 0..9, b in 0..9."); return; }
  if (op === "play") { game = { expr, misere: $("misere").checked, input: [] }; return playTurn(); }
  try {
    const resp = await busyRequest({ op, source: source.value, expr }, op === "table" ? "Table" : "Graph");
    if (resp.error) showError(exploreOut, resp.error);
    else exploreOut.innerHTML = resp.html;
    if (resp.errLine) markError(resp.errLine); // the program itself failed
  } catch (err) {
    exploreOut.innerHTML = '<p class="stopped">Stopped.</p>';
  }
}

async function playTurn() {
  let resp;
  try {
    resp = await busyRequest({ op: "play", source: source.value, expr: game.expr, misere: game.misere, input: game.input }, "Play");
  } catch (err) {
    exploreOut.innerHTML = '<p class="stopped">Stopped.</p>';
    return;
  }
  if (resp.error) { showError(exploreOut, resp.error); if (resp.errLine) markError(resp.errLine); return; }
  const p = resp.play;
  exploreOut.innerHTML = '<pre class="transcript"></pre><div class="moves" id="play-moves"></div>';
  exploreOut.querySelector(".transcript").textContent = p.transcript;
  const moves = $("play-moves");
  if (p.over) {
    moves.innerHTML = '<button data-again="1">Play again</button>';
  } else {
    p.moves.forEach((m, i) => {
      const b = document.createElement("button");
      b.textContent = m;
      b.dataset.n = String(i + 1);
      moves.appendChild(b);
    });
    moves.insertAdjacentHTML("beforeend", '<button data-cmd="hint">Hint</button><button data-cmd="explain">Explain</button>');
  }
}

exploreOut.addEventListener("click", (e) => {
  const node = e.target.closest("svg.graph .node");
  if (node) { $("expr").value = node.dataset.pos; explore("play"); return; }
  const b = e.target.closest(".moves button");
  if (!b || !game || pending) return;
  if (b.dataset.again) game.input = [];
  else game.input.push(b.dataset.n || b.dataset.cmd);
  playTurn();
});

$("expr").addEventListener("keydown", (e) => {
  if (e.key === "Enter") explore(/ for /.test($("expr").value) ? "table" : "graph");
});

// ---- examples and links ----------------------------------------------------

function chooseExample(name) {
  const ex = examples.find((x) => x.name === name);
  if (!ex) return false;
  $("example").value = name;
  setSource(ex.source);
  history.replaceState(null, "", "?example=" + encodeURIComponent(name));
  output.innerHTML = '<p class="hint">Run (Ctrl+Enter) to see what it shows.</p>';
  return true;
}

function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function decode(b64) {
  const bin = atob(b64.replace(/-/g, "+").replace(/_/g, "/").replace(/\s/g, ""));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

$("share").addEventListener("click", () => {
  const url = location.origin + location.pathname + "?code=" + encodeURIComponent(encode(source.value));
  const link = $("link");
  link.hidden = false;
  link.value = url;
  link.select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
});

$("example").addEventListener("change", (e) => chooseExample(e.target.value));
$("run").addEventListener("click", run);
$("stop").addEventListener("click", stop);
$("table").addEventListener("click", () => explore("table"));
$("graph").addEventListener("click", () => explore("graph"));
$("play").addEventListener("click", () => explore("play"));

// ---- start -------------------------------------------------------------------

async function compile() {
  try {
    return await WebAssembly.compileStreaming(fetch("grundy.wasm"));
  } catch (err) { // a host that does not serve .wasm as application/wasm
    const resp = await fetch("grundy.wasm");
    if (!resp.ok) throw new Error("cannot load grundy.wasm: " + resp.status + " " + resp.statusText);
    return WebAssembly.compile(await resp.arrayBuffer());
  }
}

async function start() {
  const params = new URLSearchParams(location.search);
  if (params.has("code")) {
    try { setSource(decode(params.get("code"))); } catch (err) { showError(output, "The link's program (code=) is not valid base64: " + err.message); }
  }
  updateGutter();
  try {
    module = await compile();
    await startWorker();
  } catch (err) {
    setStatus("grundy could not start: " + err.message);
    return;
  }
  examples = (await request({ op: "examples" })).examples;
  const select = $("example");
  select.innerHTML = '<option value="">(your program)</option>' +
    examples.map((x) => '<option value="' + x.name + '">' + x.name + "</option>").join("");
  if (params.has("example") && !params.has("code")) {
    if (!chooseExample(params.get("example"))) showError(output, "There is no example " + params.get("example") + "; pick one from the list.");
  } else if (!params.has("code") && !source.value) {
    chooseExample(examples.some((x) => x.name === "tour") ? "tour" : examples[0].name);
  }
  $("share").disabled = false;
  setBusy(false);
  window.grundyReadyMs = performance.now();
  setStatus("Ready (" + (window.grundyReadyMs / 1000).toFixed(2) + " s).");
  document.body.dataset.ready = "1";
}

start();
