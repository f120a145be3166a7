// The page: an editor, Run and Stop, the output, and tables, graphs and play
// mode for a position. grundy itself runs in a Web Worker (worker.js), so that
// a long solve never freezes the page; Stop ends that worker and starts another.
"use strict";

const $ = (id) => document.getElementById(id);
const source = $("source"), gutter = $("gutter"), mark = $("mark"), runMark = $("runmark");
const output = $("output"), exploreOut = $("explore-out"), status = $("status");
const lineHeight = 18;

let module = null;   // the compiled WebAssembly, shared by every worker
let worker = null;
let pending = null;  // {id, resolve, reject, onEvent} of the request running
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
      if (w !== worker || !pending || e.data.id !== pending.id) return; // a stopped worker's last words
      if (e.data.event) { if (pending.onEvent) pending.onEvent(e.data.event); return; }
      const p = pending;
      pending = null;
      p.resolve(e.data.response);
    };
    w.onerror = (e) => reject(new Error(e.message || "the worker failed to start"));
    w.postMessage({ module });
  });
}

// request sends one request to grundy and resolves with its response;
// onEvent, if given, is told how it goes meanwhile (see worker.Event).
function request(req, onEvent) {
  return new Promise((resolve, reject) => {
    pending = { id: nextID++, resolve, reject, onEvent };
    worker.postMessage({ id: pending.id, request: req });
  });
}

// progress is what the request running has told: the line of the statement
// running (0 for none), the positions solved so far, the heaps of the native
// take-and-break table growing (and those it held, and when, at its first
// event: its rate counts from there), the step a long computation is at
// (status, such as a misère quotient's heap) and when it started; progressTimer
// redraws the status meanwhile.
let progress = { line: 0, positions: 0, table: "", heaps: 0, heaps0: 0, heapsT0: 0, status: "", t0: 0 };
let progressTimer = 0;

// progressText says how a request goes, as the shell's progress line does:
// "line 8: 12 s, 1,234,567 positions, 102,880/s", while a table grows
// "line 8: 9 s, GrundysGame: 1,003,520 heaps, 111,502/s", while a misère
// quotient grows "line 8: 4.2 s, heap 19 of 0.754, order 60, trying 1596".
function progressText(what) {
  const now = performance.now();
  const secs = (now - progress.t0) / 1000;
  let text = what + (progress.line ? " line " + progress.line : "") + ": " + secs.toFixed(secs < 10 ? 1 : 0) + " s";
  if (progress.positions > 0) {
    text += ", " + progress.positions.toLocaleString("en-US") + " positions";
    if (secs > 0) text += ", " + Math.round(progress.positions / secs).toLocaleString("en-US") + "/s";
  }
  if (progress.table) {
    text += ", " + progress.table + ": " + progress.heaps.toLocaleString("en-US") + " heaps";
    const hsecs = (now - progress.heapsT0) / 1000;
    if (hsecs > 0 && progress.heaps > progress.heaps0) {
      text += ", " + Math.round((progress.heaps - progress.heaps0) / hsecs).toLocaleString("en-US") + "/s";
    }
  }
  if (progress.status) text += ", " + progress.status;
  return text;
}

// busyRequest runs a request with the Stop button enabled and its progress
// shown; onEvent is told the events of the request too.
async function busyRequest(req, what, onEvent) {
  setBusy(true);
  progress = { line: 0, positions: 0, table: "", heaps: 0, heaps0: 0, heapsT0: 0, status: "", t0: performance.now() };
  setStatus(what + "…", true);
  const show = () => setStatus(progressText(what === "Run" ? "Running" : what) + " (Stop stops)", true);
  progressTimer = setInterval(show, 250);
  try {
    const resp = await request(req, (ev) => {
      if (ev.kind === "progress" && ev.table) {
        if (ev.table !== progress.table || ev.heaps < progress.heaps) {
          Object.assign(progress, { table: ev.table, heaps0: ev.heaps, heapsT0: performance.now() });
        }
        progress.heaps = ev.heaps;
      } else if (ev.kind === "progress" && ev.status) {
        progress.status = ev.status;
      } else if (ev.kind === "progress") {
        progress.positions = ev.positions;
      }
      if (ev.kind === "start" && what === "Run") Object.assign(progress, { line: ev.line, status: "" }); // Table, Graph, Play may run the program first
      if (ev.kind !== "done") show();
      if (onEvent) onEvent(ev);
    });
    setStatus(what + ": " + ((performance.now() - progress.t0) / 1000).toFixed(2) + " s");
    return resp;
  } finally {
    clearInterval(progressTimer);
    setBusy(false);
  }
}

async function stop() {
  if (!pending) return;
  const p = pending;
  pending = null;
  worker.terminate();
  worker = null;
  clearInterval(progressTimer);
  setBusy(true);
  $("stop").disabled = true;
  setStatus("Stopping…", true);
  const stopped = progressText(progress.line ? "Stopped at" : "Stopped");
  await startWorker();
  setBusy(false);
  setStatus(stopped + ".");
  p.reject(new Error("stopped"));
}

// ---- the editor ----------------------------------------------------------

// The editor marks two lines: an error's (red, with a wavy underline at its
// column) and the line of the statement running, or where a run was stopped
// (yellow).
const marks = { err: 0, errCol: 0, run: 0 };

function markError(line, col = 0) { marks.err = line; marks.errCol = col; updateGutter(); }
function markRunning(line) { marks.run = line; updateGutter(); }

// updateGutter numbers the lines, each number as high as its line, which a
// long line that wraps makes higher: the heights are those of the lines of
// #highlight.
function updateGutter() {
  renderHighlight();
  const lines = highlight.children;
  let html = "";
  for (let i = 1; i <= lines.length; i++) {
    const cls = i === marks.err ? "err" : i === marks.run ? "run" : "";
    html += '<div style="height: ' + lines[i - 1].offsetHeight + 'px">' + (cls ? '<span class="' + cls + '">' + i + "</span>" : i) + "</div>";
  }
  gutter.innerHTML = html;
  gutter.scrollTop = source.scrollTop;
  placeMarks();
}

// lineTop is where a line starts in the text, in pixels from its top.
function lineTop(line) {
  const el = highlight.children[line - 1];
  return el ? el.offsetTop : 6 + (line - 1) * lineHeight;
}

function placeMarks() {
  for (const [el, line] of [[mark, marks.err], [runMark, marks.run]]) {
    el.hidden = line <= 0;
    if (line > 0) {
      el.style.top = (lineTop(line) - source.scrollTop) + "px";
      el.style.height = (highlight.children[line - 1]?.offsetHeight || lineHeight) + "px";
    }
  }
}

// ---- colours, brackets and indentation --------------------------------------

// The program's colours come from grundy's own lexer, in a second worker (so
// that they keep up while a run computes): it answers op "tokens" with each
// token's kind and place. The textarea's text is transparent over a <pre>
// (#highlight) that shows the same text in colour, the error's squiggle and
// the brackets matching at the cursor.
const highlight = $("highlight");
let lexer = null;                       // the worker that lexes
let lexed = { text: "", tokens: [] };   // the tokens of a text
let lexedText = "";                     // the text sent to the lexer last
let lexing = false;                     // a request is out

function startLexer() {
  const w = new Worker("worker.js");
  w.onmessage = (e) => {
    if (e.data.ready) { lexer = w; relex(); return; }
    if (!e.data.response) return;
    lexing = false;
    lexed = { text: lexedText, tokens: e.data.response.tokens || [] };
    renderHighlight();
    if (lexedText !== source.value) relex(); // edited meanwhile
  };
  w.postMessage({ module });
}

// relex asks for the tokens of the program, one request at a time.
function relex() {
  if (!lexer || lexing) return; // the answer asks again if the text changed
  lexing = true;
  lexedText = source.value;
  lexer.postMessage({ id: 1, request: { op: "tokens", source: lexedText } });
}

// currentTokens are the tokens of the text in the editor: those of the text
// lexed last, less those an edit since touched, shifted past the edit.
function currentTokens() {
  const old = lexed.text, text = source.value;
  if (old === text) return lexed.tokens;
  let p = 0;
  while (p < old.length && p < text.length && old[p] === text[p]) p++;
  let q = 0;
  while (q < old.length - p && q < text.length - p && old[old.length - 1 - q] === text[text.length - 1 - q]) q++;
  const oldEnd = old.length - q, shift = text.length - old.length;
  const out = [];
  for (const t of lexed.tokens) {
    if (t.to <= p) out.push(t);
    else if (t.from >= oldEnd) out.push({ from: t.from + shift, to: t.to + shift, kind: t.kind });
  }
  return out;
}

const openers = { "(": ")", "[": "]", "{": "}" };
const closers = { ")": "(", "]": "[", "}": "{" };

// matchingBrackets returns the indexes in toks of the bracket at the cursor
// (just after it, or else just before it) and of its partner.
function matchingBrackets(toks, text) {
  if (source.selectionStart !== source.selectionEnd || document.activeElement !== source) return [];
  const c = source.selectionStart;
  const isBracket = (t) => t.kind === "operator" && (openers[text.slice(t.from, t.to)] || closers[text.slice(t.from, t.to)]);
  let i = toks.findIndex((t) => t.to === c && isBracket(t));
  if (i < 0) i = toks.findIndex((t) => t.from === c && isBracket(t));
  if (i < 0) return [];
  const b = text.slice(toks[i].from, toks[i].to), forward = !!openers[b];
  let depth = 0;
  for (let j = i; j >= 0 && j < toks.length; j += forward ? 1 : -1) {
    const x = toks[j].kind === "operator" ? text.slice(toks[j].from, toks[j].to) : "";
    if (forward ? openers[x] : closers[x]) depth++;
    if (forward ? closers[x] : openers[x]) depth--;
    if (depth === 0) return (forward ? closers[x] === b : openers[x] === b) ? [i, j] : [i];
  }
  return [i];
}

// errorOffset is the offset in text of the error's line and column.
function errorOffset(text) {
  if (!marks.err || !marks.errCol) return -1;
  let at = 0;
  for (let i = 1; i < marks.err; i++) {
    at = text.indexOf("\n", at) + 1;
    if (at === 0) return -1;
  }
  return at + marks.errCol - 1;
}

function esc(s) { return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }

// renderHighlight draws the coloured text under the textarea, a <div> a
// line (tokens never hold a line break).
function renderHighlight() {
  const text = source.value, toks = currentTokens();
  const matched = new Set(matchingBrackets(toks, text));
  const err = errorOffset(text);
  let html = "", at = 0, squiggled = err < 0;
  const plain = (s) => esc(s).split("\n").join('</div><div class="ln">');
  const gap = (to) => {
    if (!squiggled && err >= at && err < to) {
      const eol = text[err] === "\n"; // underline a space put at the line's end
      html += plain(text.slice(at, err)) + '<span class="squiggle">' + (eol ? " " : esc(text[err])) + "</span>";
      at = eol ? err : err + 1;
      squiggled = true;
    }
    html += plain(text.slice(at, to));
    at = to;
  };
  toks.forEach((t, i) => {
    gap(t.from);
    let cls = "t-" + t.kind;
    if (!squiggled && err >= t.from && err < t.to) { cls += " squiggle"; squiggled = true; }
    if (matched.has(i)) cls += matched.size === 2 ? " match" : " unmatched";
    html += '<span class="' + cls + '">' + esc(text.slice(t.from, t.to)) + "</span>";
    at = t.to;
  });
  gap(text.length);
  if (!squiggled) html += '<span class="squiggle"> </span>'; // an error at the very end
  highlight.innerHTML = '<div class="ln">' + html + "</div>";
  highlight.scrollTop = source.scrollTop;
}

window.addEventListener("resize", () => updateGutter()); // lines wrap anew
document.addEventListener("selectionchange", () => { if (document.activeElement === source) renderHighlight(); });
source.addEventListener("blur", () => renderHighlight());

// indentAfterEnter inserts a line break that keeps the line's indentation,
// one level more after an opening bracket; between a bracket and its closing
// partner, the closing one goes on a line of its own.
function indentAfterEnter() {
  const s = source.selectionStart, v = source.value;
  const lineStart = v.lastIndexOf("\n", s - 1) + 1;
  const before = v.slice(lineStart, s);
  const indent = before.match(/^[ \t]*/)[0];
  const opens = /[{[(]\s*$/.test(before);
  const inner = "\n" + indent + (opens ? "  " : "");
  if (opens && /^[ \t]*[}\])]/.test(v.slice(s))) {
    source.setRangeText(inner + "\n" + indent, s, source.selectionEnd, "start");
    source.selectionStart = source.selectionEnd = s + inner.length;
  } else {
    source.setRangeText(inner, s, source.selectionEnd, "end");
  }
}

// dedentCloser types a closing bracket at the start of a line one level
// back.
function dedentCloser(ch) {
  const s = source.selectionStart, v = source.value;
  const lineStart = v.lastIndexOf("\n", s - 1) + 1;
  const before = v.slice(lineStart, s);
  const from = /^ +$/.test(before) ? s - Math.min(2, before.length) : s;
  source.setRangeText(ch, from, source.selectionEnd, "end");
}

// goToLine puts the cursor at the start of a line and scrolls to it.
function goToLine(line) {
  const lines = source.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  source.focus();
  source.setSelectionRange(at, at + (lines[line - 1] || "").length);
  source.scrollTop = Math.max(0, lineTop(line) - 6 - 3 * lineHeight);
}

// ---- the program kept in the browser ---------------------------------------

// The program in the editor is kept in localStorage at every edit, so that a
// reload brings it back; loaded is the text as it was loaded (an example, a
// link), and an edited program is not replaced without asking.
const storeKey = "grundy.program";
let loaded = "";       // the program as last loaded, before any edit
let loadedExample = ""; // the example it is, or ""

function edited() { return source.value !== loaded && source.value.trim() !== ""; }

function save() {
  try {
    localStorage.setItem(storeKey, JSON.stringify({ source: source.value, loaded, example: loadedExample }));
  } catch (err) { /* storage may be full or disabled: the page works on */ }
}

function savedProgram() {
  try {
    const s = JSON.parse(localStorage.getItem(storeKey) || "null");
    return s && typeof s.source === "string" ? s : null;
  } catch (err) { return null; }
}

// setSource puts text in the editor as loaded from example (or "").
function setSource(text, example = "", original = text) {
  source.value = text;
  source.scrollTop = 0;
  loaded = original;
  loadedExample = example;
  $("example").value = source.value === loaded ? example : "";
  marks.run = 0;
  markError(0);
  relex();
  save();
}

// ask asks a question in the page (not window.confirm, which freezes the
// page) and resolves with whether the first answer was chosen.
function ask(question, yes, no) {
  const d = $("confirm");
  d.querySelector("p").textContent = question;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  d.returnValue = "";
  return new Promise((resolve) => {
    d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true });
    d.showModal();
    $("confirm-no").focus();
  });
}

// replaceSource loads text (from example, or "" for a link) in place of the
// program, asking first when the program was edited. It resolves with whether
// the program was replaced.
async function replaceSource(text, example, what) {
  if (edited() && source.value !== text) {
    const yes = await ask("Replace the program you edited with " + what + "? Your edits would be lost.",
      "Replace it", "Keep my program");
    if (!yes) return false;
  }
  setSource(text, example);
  return true;
}

source.addEventListener("input", () => {
  marks.run = 0;
  markError(0);
  relex();
  if (edited()) {
    $("example").value = "";
    if (location.search) history.replaceState(null, "", location.pathname); // a reload keeps the edit
  }
  save();
});
source.addEventListener("scroll", () => {
  gutter.scrollTop = highlight.scrollTop = source.scrollTop;
  placeMarks();
});
source.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); }
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  if (e.key === "Enter" && plain && !e.shiftKey) {
    e.preventDefault();
    indentAfterEnter();
    source.dispatchEvent(new Event("input"));
  }
  if (closers[e.key] && plain && /^ +$/.test(source.value.slice(source.value.lastIndexOf("\n", source.selectionStart - 1) + 1, source.selectionStart))) {
    e.preventDefault();
    dedentCloser(e.key);
    source.dispatchEvent(new Event("input"));
  }
  if (e.key === "Tab" && !e.shiftKey) {
    e.preventDefault();
    const s = source.selectionStart;
    source.setRangeText("  ", s, source.selectionEnd, "end");
    source.dispatchEvent(new Event("input")); // an edit like any other: kept, marks cleared
  }
});

// ---- running -------------------------------------------------------------

// scrollToEnd scrolls box to its end, and nothing around it (as
// scrollIntoView would).
function scrollToEnd(box) { box.scrollTop = box.scrollHeight; }

// run runs the program, showing each statement's output as soon as it is
// done and the line running; Stop keeps what was shown.
async function run() {
  if (!worker || pending) return;
  output.innerHTML = "";
  markError(0);
  let running = null; // the placeholder of the statement running
  const started = (line) => {
    running = document.createElement("div");
    running.className = "result running";
    running.innerHTML = '<a class="line" href="#" data-line="' + line + '">line ' + line + '</a><div><p class="hint">running…</p></div>';
    output.appendChild(running);
    scrollToEnd(output);
    markRunning(line);
  };
  const done = (html) => {
    if (running) running.remove();
    running = null;
    output.insertAdjacentHTML("beforeend", html || ""); // a definition shows nothing
  };
  try {
    const resp = await busyRequest({ op: "run", source: source.value }, "Run", (ev) => {
      if (ev.kind === "start") started(ev.line);
      if (ev.kind === "done") done(ev.html);
    });
    markRunning(0);
    output.innerHTML = resp.html || "";
    if (resp.error && !output.querySelector(".error")) showError(output, resp.error);
    if (resp.errLine) markError(resp.errLine, resp.errCol);
  } catch (err) {
    if (running) running.remove();
    const line = marks.run;
    const p = document.createElement("p");
    p.className = "stopped";
    p.innerHTML = line ? 'Stopped at <a class="line" href="#" data-line="' + line + '">line ' + line + "</a>. " : "Stopped. ";
    p.append(status.textContent.replace(/^Stopped( at line \d+)?: /, "After ") +
      " What was printed above is kept; what the run computed is lost. Run again with a smaller question.");
    output.appendChild(p);
    scrollToEnd(output);
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
    if (resp.errLine) markError(resp.errLine, resp.errCol); // the program itself failed
    showExplored();
  } catch (err) {
    exploreOut.innerHTML = '<p class="stopped">Stopped.</p>';
  }
}

// showExplored shows what Explore shows from its start, a graph from its root
// (in its top layer, the position typed), centred when the graph is wider
// than the panel.
function showExplored() {
  exploreOut.scrollTop = 0;
  exploreOut.scrollLeft = 0;
  const view = exploreOut.querySelector(".graphview");
  if (!view) return;
  const root = [...view.querySelectorAll("svg.graph .node")].find((n) => n.dataset.pos === view.dataset.root);
  if (!root) return;
  const r = root.getBoundingClientRect(), v = exploreOut.getBoundingClientRect();
  exploreOut.scrollLeft += (r.left + r.width / 2) - (v.left + v.width / 2);
  exploreOut.scrollTop += r.top - v.top - 8;
}

async function playTurn() {
  let resp;
  try {
    resp = await busyRequest({ op: "play", source: source.value, expr: game.expr, misere: game.misere, input: game.input }, "Play");
  } catch (err) {
    exploreOut.innerHTML = '<p class="stopped">Stopped.</p>';
    return;
  }
  if (resp.error) { showError(exploreOut, resp.error); if (resp.errLine) markError(resp.errLine, resp.errCol); return; }
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
  const transcript = exploreOut.querySelector(".transcript");
  transcript.scrollTop = transcript.scrollHeight;
  showExplored();
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

// chooseExample puts an example in the editor, asking first when the program
// there was edited; it resolves with whether it did.
async function chooseExample(name) {
  const ex = examples.find((x) => x.name === name);
  if (!ex) return false;
  if (!(await replaceSource(ex.source, name, "the example " + name))) {
    $("example").value = source.value === loaded ? loadedExample : "";
    return false;
  }
  history.replaceState(null, "", "?example=" + encodeURIComponent(name));
  output.innerHTML = '<p class="hint">Run (Ctrl+Enter) to see what it shows.</p>';
  return true;
}

// encode returns text as base64url (RFC 4648 §5: - and _, no padding), which
// a URL carries as it is.
function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// decode reads a code= parameter: base64url, or ordinary base64 whose + the
// URL turned into spaces (an unescaped + in a query means a space), with or
// without padding, broken over lines or not.
function decode(b64) {
  let s = b64.replace(/ /g, "+").replace(/-/g, "+").replace(/_/g, "/").replace(/[\s=]/g, "");
  if (s.length % 4 === 1) throw new Error("the text ends in the middle of a character");
  s += "===".slice((s.length + 3) % 4);
  const bin = atob(s);
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

$("share").addEventListener("click", () => {
  const url = location.origin + location.pathname + "?code=" + encode(source.value);
  const link = $("link");
  link.hidden = false;
  link.value = url;
  link.select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
});

$("example").addEventListener("change", (e) => { if (e.target.value) chooseExample(e.target.value); });
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
  const saved = savedProgram();
  if (saved) setSource(saved.source, saved.example || "", typeof saved.loaded === "string" ? saved.loaded : saved.source);
  let code = null; // the program of a code= link
  let linkError = "";
  if (params.has("code")) {
    try { code = decode(params.get("code")); } catch (err) { linkError = "The link's program (code=) is not valid base64: " + err.message; }
    if (code !== null && !edited()) setSource(code); // shown while grundy loads
  }
  updateGutter();
  try {
    module = await compile();
    await startWorker();
    startLexer();
  } catch (err) {
    setStatus("grundy could not start: " + err.message);
    return;
  }
  examples = (await request({ op: "examples" })).examples;
  const select = $("example");
  select.innerHTML = '<option value="">(your program)</option>' +
    examples.map((x) => '<option value="' + x.name + '">' + x.name + "</option>").join("");
  select.value = source.value === loaded ? loadedExample : "";
  if (code !== null) {
    if (!(await replaceSource(code, "", "the program of this link"))) history.replaceState(null, "", location.pathname);
  } else if (params.has("example")) {
    const name = params.get("example");
    if (!examples.some((x) => x.name === name)) linkError = "There is no example " + name + "; pick one from the list.";
    else if (!(await chooseExample(name))) history.replaceState(null, "", location.pathname);
  }
  if (!source.value.trim()) await chooseExample(examples.some((x) => x.name === "tour") ? "tour" : examples[0].name);
  if (linkError) {
    history.replaceState(null, "", location.pathname);
    showError(output, linkError);
  }
  $("share").disabled = false;
  setBusy(false);
  window.grundyReadyMs = performance.now();
  setStatus("Ready (" + (window.grundyReadyMs / 1000).toFixed(2) + " s).");
  document.body.dataset.ready = "1";
}

start();
