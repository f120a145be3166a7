package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy-lang/grundy/examples"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
	"github.com/grundy-lang/grundy/web"
)

// chromium returns the path of a Chromium or Chrome browser, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestBrowser drives the page in headless Chromium: it loads, runs the tour
// and shows what the command line prints, marks an error at its line, stops a
// long solve, opens ?example= and ?code= links, and draws a table, a graph and
// a game. Without a browser it is skipped, except in CI (CI=true), where
// .ci/run installs one. GRUNDY_SCREENSHOT=DIR keeps screenshots there.
func TestBrowser(t *testing.T) {
	browser := chromium()
	if browser == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set but no Chromium is installed (.ci/run installs the Debian package chromium)")
		}
		t.Skip("no Chromium installed (apt-get install chromium); CI runs this test")
	}
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("-short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	// The page as a static file host has it (web/build), and as grundy serve
	// serves it.
	site := t.TempDir()
	src := web.SourceDir(ctx)
	if src == "" {
		t.Fatal("the test runs inside grundy's source, with Go installed")
	}
	if err := web.WriteSite(ctx, src, site); err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(http.FileServer(http.Dir(site)))
	defer server.Close()
	served := httptest.NewServer(web.Handler(os.DirFS(site)))
	defer served.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.NoSandbox, // as root in a container
		chromedp.WindowSize(1280, 900),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	tab, cancelTab := chromedp.NewContext(alloc)
	defer cancelTab()
	b := &tabDriver{t, tab}

	css := func(sel string) chromedp.CSS { return chromedp.CSS(sel) }
	// run clicks Run and waits until the run has ended.
	run := []chromedp.Action[chromedp.Void]{
		chromedp.Click(css("#run")),
		waitFor(`!document.querySelector("#stop").disabled || document.querySelector("#output .summary") !== null`),
		waitFor(`document.querySelector("#stop").disabled && !document.querySelector("#run").disabled`),
	}
	ready := waitFor(`document.body.dataset.ready === "1"`)
	// input tells the page that the test edited the program (SetValue does not).
	input := chromedp.Evaluate[chromedp.Void](`document.querySelector("#source").dispatchEvent(new Event("input"))`)
	// forget forgets the program the page keeps in the browser (with SetValue
	// the test edits it), so that a link opens as it would for a newcomer
	// rather than asking whether to replace the edit.
	forget := chromedp.Evaluate[chromedp.Void](`localStorage.clear()`)

	// grundy serve's handler serves a page that works (compressed WebAssembly).
	hello := base64.StdEncoding.EncodeToString([]byte("print 6 * 7\n"))
	b.do("the page from grundy serve", append([]chromedp.Action[chromedp.Void]{chromedp.Navigate(served.URL + "/?code=" + hello), ready}, run...)...)
	if output := eval[string](b, `document.querySelector("#output").textContent`); !strings.Contains(output, "42") {
		t.Fatalf("served by grundy serve, the page shows %q", output)
	}

	// The rest from a plain file server. The tour: the page shows what
	// grundy run prints, line for line.
	b.do("load the tour", chromedp.Navigate(server.URL+"/?example=tour"), ready)
	t.Logf("the page was ready (WebAssembly compiled and started) %.0f ms after navigation started", eval[float64](b, `window.grundyReadyMs`))
	tour, _ := examples.Files.ReadFile("tour.game")
	if source, name := eval[string](b, `document.querySelector("#source").value`), eval[string](b, `document.querySelector("#example").value`); source != string(tour) || name != "tour" {
		t.Fatalf("?example=tour shows %q (example %q)", source[:min(len(source), 80)], name)
	}
	b.do("run the tour", run...)
	sameAsCommandLine(t, b, "tour.game", string(tour))
	t.Logf("the tour in the page: %s", eval[string](b, `document.querySelector("#status").textContent`))
	b.screenshot("tour")
	// The tour's output is longer than the window, and Explore is in view.
	if !eval[bool](b, `(() => { const o = document.querySelector("#output"); return o.scrollHeight > o.clientHeight; })()`) {
		t.Fatal("the tour's output fits in the window: the test of Explore's place proves nothing")
	}
	for _, id := range []string{"#expr", "#table", "#graph", "#play"} {
		if !inView(b, id) {
			t.Fatalf("after running the tour, %s is not in view", id)
		}
	}

	// The editor colours the tour as grundy's lexer reads it.
	b.do("colour the tour", waitFor(`[...document.querySelectorAll("#highlight .ln")].map((l) => l.textContent).join("\n") === document.querySelector("#source").value && document.querySelectorAll("#highlight [class^=t-]").length > 100`))
	sameColours(t, b, string(tour))
	b.screenshot("colours")

	// Every example, picked from the list, shows what grundy run prints.
	names, _ := fs.Glob(examples.Files, "*.game")
	for _, name := range names {
		ex := strings.TrimSuffix(name, ".game")
		if ex == "tour" {
			continue
		}
		b.do("pick "+ex, append([]chromedp.Action[chromedp.Void]{chromedp.Evaluate[chromedp.Void](`(() => {
			const s = document.querySelector("#example");
			s.value = "` + ex + `";
			s.dispatchEvent(new Event("change"));
		})()`)}, run...)...)
		src, _ := examples.Files.ReadFile(name)
		if got := eval[string](b, `document.querySelector("#source").value`); got != string(src) {
			t.Fatalf("picking %s shows another program", ex)
		}
		sameAsCommandLine(t, b, name, string(src))
	}

	// An error is marked at its line.
	b.do("mark an error", append([]chromedp.Action[chromedp.Void]{chromedp.SetValue(css("#source"), "print 1\nprint sg(Nim(3)\n")}, append(run,
		waitFor(`document.querySelector("#gutter .err") !== null`))...)...)
	if line, text := eval[string](b, `document.querySelector("#gutter .err").textContent`), eval[string](b, `document.querySelector("#output .error").textContent`); line != "2" || !strings.Contains(text, "program.game:2:") {
		t.Fatalf("the error is marked at line %q: %s", line, text)
	}

	// The error's column is underlined: a misspelt name, and the end of input
	// where something is missing.
	for _, tc := range []struct {
		src, squiggled string
		line, col      int
	}{{"print 1\nprint sg(Nimm(3))\n", "Nimm", 2, 10}, {"print 1\nprint sg(Nim(3)\n", " ", 2, 16}} {
		// The highlighting and the error come from two workers: wait until the
		// squiggle is drawn on the new text, not on the text it replaced.
		b.do("underline an error's column", append([]chromedp.Action[chromedp.Void]{chromedp.SetValue(css("#source"), tc.src), input}, append(run,
			waitFor(fmt.Sprintf(`(() => { const s = document.querySelector("#highlight .squiggle"); return s !== null && s.textContent === %q; })()`, tc.squiggled)))...)...)
		where := eval[[]any](b, `(() => {
			const s = document.querySelector("#highlight .squiggle"), l = s.closest(".ln"), r = document.createRange();
			r.setStart(l, 0);
			r.setEnd(s, 0);
			return [s.textContent, [...l.parentNode.children].indexOf(l) + 1, r.toString().length + 1];
		})()`)
		errText := eval[string](b, `document.querySelector("#output .error").textContent`)
		if fmt.Sprint(where) != fmt.Sprint([]any{tc.squiggled, tc.line, tc.col}) || !strings.Contains(errText, fmt.Sprintf("program.game:%d:%d:", tc.line, tc.col)) {
			t.Fatalf("%q: the squiggle (text, line, column) is %v, want %q at %d:%d; the error: %s", tc.src, where, tc.squiggled, tc.line, tc.col, errText)
		}
		if tc.squiggled == "Nimm" {
			b.screenshot("squiggle")
		}
	}
	// A long line wraps, and the line numbers stay beside their lines.
	long := "# " + strings.Repeat("a long comment ", 30) + "\nprint 1\n"
	b.do("wrap a long line", chromedp.SetValue(css("#source"), long), input,
		waitFor(`document.querySelectorAll("#highlight .ln").length === 3`))
	if !eval[bool](b, `(() => {
		const ls = document.querySelectorAll("#highlight .ln"), gs = document.querySelectorAll("#gutter > div");
		return ls[0].offsetHeight >= 3 * 18 && gs.length === ls.length && [...ls].every((l, i) => gs[i].offsetTop === l.offsetTop && gs[i].offsetHeight === l.offsetHeight);
	})()`) {
		t.Fatal("a long line does not wrap, or the line numbers are not beside their lines")
	}
	b.screenshot("wrapped")
	// The brackets at the cursor are marked; Enter indents after an opening
	// bracket, and a closing one typed on a new line goes back a level.
	b.do("match brackets", chromedp.SetValue(css("#source"), "print sg(Nim(3))\n"), input,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#source"); s.focus(); s.setSelectionRange(9, 9); })()`),
		waitFor(`document.querySelectorAll("#highlight .match").length === 2`))
	if got := eval[string](b, `[...document.querySelectorAll("#highlight .match")].map((m) => m.textContent).join("")`); got != "()" {
		t.Fatalf("the brackets marked are %q", got)
	}
	// (A key pressed through the DevTools protocol arrives as a keydown and a
	// separate character, which the page cannot hold back: Enter and } are
	// given as the keydown events a person's keys make.)
	press := func(key string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](`document.querySelector("#source").dispatchEvent(new KeyboardEvent("keydown", {key: "` + key + `", bubbles: true, cancelable: true}))`)
	}
	b.do("indent", chromedp.SetValue(css("#source"), "game G(n) {}"), input,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#source"); s.focus(); s.setSelectionRange(11, 11); })()`),
		press("Enter"), chromedp.KeyEvent("move -> G(n - 1)"), press("Enter"))
	if got := eval[string](b, `document.querySelector("#source").value`); got != "game G(n) {\n  move -> G(n - 1)\n  \n}" {
		t.Fatalf("after typing, the editor holds %q", got)
	}
	b.do("dedent", chromedp.SetValue(css("#source"), "let s = {\n  1,\n  "), input,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#source"); s.focus(); s.setSelectionRange(s.value.length, s.value.length); })()`),
		press("}"))
	if got := eval[string](b, `document.querySelector("#source").value`); got != "let s = {\n  1,\n}" {
		t.Fatalf("after typing }, the editor holds %q", got)
	}

	// A long run shows each statement's output as soon as it is done and
	// marks the line running; Stop keeps what was shown and says where it
	// stopped; the page works on.
	const running = `!document.querySelector("#stop").disabled && document.querySelector("#output .summary") === null`
	b.do("show output while a long solve runs",
		chromedp.SetValue(css("#source"), "print 6 * 7\nprint \"still running\"\n"+longSolve),
		chromedp.Click(css("#run")),
		waitFor(`document.querySelector("#output").innerText.includes("still running") && `+running),
		waitFor(`document.querySelector("#gutter .run")?.textContent === "8" && document.querySelector('#output .running a.line[data-line="8"]') !== null`))
	if !eval[bool](b, running) {
		t.Fatal("the long solve ended")
	}
	if st := eval[string](b, `document.querySelector("#status").textContent`); !strings.Contains(st, "Running line 8") {
		t.Fatalf("while line 8 runs the status says %q", st)
	}
	if eval[bool](b, `document.querySelector("#runmark").hidden`) {
		t.Fatal("the running line is not marked in the editor")
	}
	b.screenshot("running")
	b.do("stop a long solve",
		chromedp.Click(css("#stop")),
		waitFor(`document.querySelector("#output .stopped") !== null && !document.querySelector("#run").disabled`))
	stopped := eval[string](b, `document.querySelector("#output").innerText`)
	if !strings.Contains(stopped, "42") || !strings.Contains(stopped, "still running") || !strings.Contains(eval[string](b, `document.querySelector("#output .stopped").innerText`), "Stopped at line 8") {
		t.Fatalf("after Stop the output is %q", stopped)
	}
	b.screenshot("stopped")
	// The status shows the positions solved and the rate, as the shell does.
	b.do("progress of a long solve",
		chromedp.SetValue(css("#source"), "game T(n) {\n  move k in 1..3 where k <= n -> T(n - k)\n}\nprint sg(T(1900000))\n"),
		chromedp.Click(css("#run")),
		waitFor(`/Running line 4: [0-9.]+ s, [0-9,]+ positions, [0-9,]+\/s/.test(document.querySelector("#status").textContent) || document.querySelector("#output .summary") !== null`))
	if st := eval[string](b, `document.querySelector("#status").textContent`); !strings.Contains(st, "positions") {
		t.Fatalf("a long solve ended showing no progress: %q", st)
	}
	b.do("stop it", chromedp.Click(css("#stop")), waitFor(`!document.querySelector("#run").disabled`))
	b.do("run after Stop", append([]chromedp.Action[chromedp.Void]{chromedp.SetValue(css("#source"), "print 6 * 7\n")}, run...)...)
	if output := eval[string](b, `document.querySelector("#output").innerText`); !strings.Contains(output, "42") {
		t.Fatalf("after Stop, a run shows %q", output)
	}

	// Links: ?example= and ?code=.
	b.do("open ?example=05_wythoff", append([]chromedp.Action[chromedp.Void]{forget, chromedp.Navigate(server.URL + "/?example=05_wythoff"), ready}, run...)...)
	wythoff, _ := examples.Files.ReadFile("05_wythoff.game")
	if source := eval[string](b, `document.querySelector("#source").value`); source != string(wythoff) {
		t.Fatalf("?example=05_wythoff shows %q", source[:min(len(source), 80)])
	}
	sameAsCommandLine(t, b, "05_wythoff.game", string(wythoff))
	if cells := eval[int](b, `document.querySelectorAll("#output table.values td").length`); cells != 100 {
		t.Fatalf("the printed sgtable of 05_wythoff is drawn with %d cells, want 100", cells)
	}
	b.do("scroll to the table", chromedp.Evaluate[chromedp.Void](`document.querySelector("#output table.values").scrollIntoView()`))
	b.screenshot("wythoff")
	code := base64.StdEncoding.EncodeToString([]byte("# π\nprint [sg(Kayles(n)) for n in 0..5]\n"))
	b.do("open ?code=", append([]chromedp.Action[chromedp.Void]{forget, chromedp.Navigate(server.URL + "/?code=" + code), ready}, run...)...)
	if output := eval[string](b, `document.querySelector("#output").innerText`); !strings.Contains(output, "[0, 1, 2, 3, 1, 4]") {
		t.Fatalf("?code=: %s", output)
	}
	if source := eval[string](b, `document.querySelector("#source").value`); !strings.HasPrefix(source, "# π") {
		t.Fatalf("?code= decodes UTF-8 wrongly: %q", source)
	}
	// A link made with ordinary base64, whose + a URL reads as a space, and
	// the same program in base64url without padding.
	plus := "# a >>> b?\nprint 6 * 7\n"
	std := base64.StdEncoding.EncodeToString([]byte(plus))
	if !strings.Contains(std, "+") || !strings.Contains(std, "=") {
		t.Fatalf("the program's base64 %s has no + and =: the test proves nothing", std)
	}
	for _, code := range []string{std, base64.RawURLEncoding.EncodeToString([]byte(plus))} {
		b.do("open ?code="+code, forget, chromedp.Navigate(server.URL+"/?code="+code), ready)
		if source := eval[string](b, `document.querySelector("#source").value`); source != plus {
			t.Fatalf("?code=%s opens %q, want %q; #output: %s", code, source, plus, eval[string](b, `document.querySelector("#output").innerText`))
		}
	}
	// Link makes a link that opens the program.
	b.do("make a link", chromedp.Click(css("#share")), waitFor(`!document.querySelector("#link").hidden`))
	link := eval[string](b, `document.querySelector("#link").value`)
	b.do("open the link", chromedp.Navigate(link), ready)
	if source := eval[string](b, `document.querySelector("#source").value`); source != plus {
		t.Fatalf("the link %s opens %q", link, source)
	}

	b.do("open ?code= with a broken program", forget, chromedp.Navigate(server.URL+"/?code=%25%25"), ready)
	if output := eval[string](b, `document.querySelector("#output").textContent`); !strings.Contains(output, "not valid base64") {
		t.Fatalf("?code=%%%%: %s", output)
	}
	b.do("open ?example=nosuch", forget, chromedp.Navigate(server.URL+"/?example=nosuch"), ready)
	if output := eval[string](b, `document.querySelector("#output").textContent`); !strings.Contains(output, "There is no example nosuch") {
		t.Fatalf("?example=nosuch: %s", output)
	}
	if source := eval[string](b, `document.querySelector("#source").value`); source != string(tour) {
		t.Fatalf("?example=nosuch opens %q, not the tour", source[:min(len(source), 80)])
	}

	// A table, a graph, and a game played by clicking.
	b.do("table", chromedp.SetValue(css("#expr"), "sg(Wythoff(a, b)) for a in 0..9, b in 0..9"),
		chromedp.Click(css("#table")),
		waitFor(`document.querySelector("#explore-out table.values") !== null`))
	if cells := eval[int](b, `document.querySelectorAll("#explore-out table.values td").length`); cells != 100 {
		t.Fatalf("a 10x10 table has %d cells", cells)
	}
	// The numbers show once: the heat map is a second view, on request, as
	// wide as there is room for.
	if !inView(b, "#explore-out table.values") || eval[bool](b, `document.querySelector("#explore-out details.heatmap").open`) {
		t.Fatal("the table is not in view, or the heat map shows the numbers a second time")
	}
	b.do("open the heat map", chromedp.Click(css("#explore-out details.heatmap summary")),
		waitFor(`document.querySelector("#explore-out details.heatmap").open`))
	if !eval[bool](b, `(() => { const s = document.querySelector("#explore-out details.heatmap svg").getBoundingClientRect(), d = document.querySelector("#explore-out").getBoundingClientRect(); return s.width > 50 && s.left >= d.left - 1 && s.right <= d.right + 1; })()`) {
		t.Fatal("the heat map is clipped")
	}
	b.screenshot("table")
	b.do("graph", chromedp.SetValue(css("#expr"), "Nim(2) + Nim(1)"),
		chromedp.Click(css("#graph")),
		waitFor(`document.querySelector("#explore-out svg.graph") !== null`))
	if nodes := eval[int](b, `document.querySelectorAll("#explore-out svg.graph .node").length`); nodes != 5 {
		t.Fatalf("the graph of Nim(2) + Nim(1) has %d nodes", nodes)
	}
	if legend := eval[string](b, `document.querySelector("#explore-out .legend")?.textContent ?? ""`); !strings.Contains(legend, "P-position") || !strings.Contains(legend, "winning move") || !strings.Contains(legend, "cycle") {
		t.Fatalf("the graph's legend is %q", legend)
	}
	b.screenshot("graph")
	// A wide graph: its root, the position typed, is in view.
	b.do("a wide graph", chromedp.SetValue(css("#expr"), "Nim(4) + Nim(4) + Nim(3)"),
		chromedp.Click(css("#graph")),
		waitFor(`document.querySelector('#explore-out svg.graph .node[data-pos="Nim(4) + Nim(4) + Nim(3)"]') !== null`))
	if wide := eval[bool](b, `(() => { const v = document.querySelector("#explore-out .graphview"); return v.scrollWidth > v.clientWidth; })()`); !wide {
		t.Log("the wide graph fits the panel: its root is in view whatever the scrolling")
	}
	if !inView(b, `#explore-out svg.graph .node[data-pos="Nim(4) + Nim(4) + Nim(3)"] rect`) {
		t.Fatal("the root of a wide graph is not in view")
	}
	b.screenshot("wide-graph")
	b.do("graph again", chromedp.SetValue(css("#expr"), "Nim(2) + Nim(1)"),
		chromedp.Click(css("#graph")),
		waitFor(`document.querySelectorAll("#explore-out svg.graph .node").length === 5`))
	b.do("play from a node of the graph",
		chromedp.Click(css(`#explore-out svg.graph .node[data-pos="Nim(2) + Nim(1)"]`)),
		waitFor(`document.querySelector("#play-moves button[data-n]") !== null`),
		chromedp.Click(css(`#play-moves button[data-n="1"]`)), // take 1 from Nim(2), the winning move
		waitFor(`document.querySelector("#explore-out .transcript").textContent.includes("Computer:")`),
		waitFor(`document.querySelector("#play-moves button[data-n]") !== null`))
	transcript := eval[string](b, `document.querySelector("#explore-out .transcript").textContent`)
	if !strings.Contains(transcript, "You: take 1 from Nim(2) -> Nim(1)") {
		t.Fatalf("the move clicked is not in the game:\n%s", transcript)
	}
	if strings.Contains(strings.ToLower(transcript), "type") {
		t.Fatalf("the transcript speaks of typing, but moves are buttons:\n%s", transcript)
	}
	if !inView(b, `#play-moves button[data-n="1"]`) {
		t.Fatal("the moves are not in view")
	}
	b.screenshot("play")

	// An edit is kept in the browser: a reload brings it back, and picking
	// an example or opening a link asks before replacing it.
	edit := func(what string) {
		b.do("edit the program: "+what,
			chromedp.Evaluate[chromedp.Void](`(() => {
				const s = document.querySelector("#source");
				s.setRangeText("# `+what+`\n", 0, 0, "end");
				s.dispatchEvent(new Event("input", { bubbles: true }));
			})()`))
	}
	hasEdit := func(what string) bool {
		return strings.HasPrefix(eval[string](b, `document.querySelector("#source").value`), "# "+what+"\n")
	}
	pick := func(name string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](`(() => {
			const s = document.querySelector("#example");
			s.value = "` + name + `";
			s.dispatchEvent(new Event("change"));
		})()`)
	}
	asked := waitFor(`document.querySelector("#confirm").open`)
	answered := waitFor(`!document.querySelector("#confirm").open`)
	b.do("open the tour", forget, chromedp.Navigate(server.URL+"/?example=tour"), ready)
	edit("my edit")
	if search := eval[string](b, `location.search`); search != "" {
		t.Fatalf("after an edit the address still says %q: a reload would ask", search)
	}
	b.do("reload", chromedp.Reload(), ready)
	if !hasEdit("my edit") || eval[bool](b, `document.querySelector("#confirm").open`) {
		t.Fatalf("a reload loses the edit, or asks: %q", eval[string](b, `document.querySelector("#source").value`)[:40])
	}
	b.do("pick an example, keep the edit", pick("01_pn_positions"), asked)
	if q := eval[string](b, `document.querySelector("#confirm p").textContent`); !strings.Contains(q, "01_pn_positions") {
		t.Fatalf("the question is %q", q)
	}
	b.screenshot("confirm")
	b.do("keep the edit", chromedp.Click(css("#confirm-no")), answered, waitFor(`document.querySelector("#example").value === ""`))
	if !hasEdit("my edit") || eval[string](b, `document.querySelector("#example").value`) != "" {
		t.Fatal("keeping the edit lost it, or the list names an example")
	}
	pn, _ := examples.Files.ReadFile("01_pn_positions.game")
	pnJSON, _ := json.Marshal(string(pn))
	b.do("pick an example, replace the edit", pick("01_pn_positions"), asked, chromedp.Click(css("#confirm-yes")), answered,
		waitFor(`document.querySelector("#source").value === `+string(pnJSON)))
	if source := eval[string](b, `document.querySelector("#source").value`); source != string(pn) {
		t.Fatal("replacing the edit did not open the example")
	}
	edit("another edit")
	b.do("open a link over an edit", chromedp.Navigate(server.URL+"/?example=05_wythoff"), asked, chromedp.Click(css("#confirm-no")), answered, ready)
	if !hasEdit("another edit") {
		t.Fatal("a link replaced the edit though it was kept")
	}
	b.do("open a link over an edit, replace it", chromedp.Navigate(server.URL+"/?code="+hello), asked, chromedp.Click(css("#confirm-yes")), answered, ready)
	if source := eval[string](b, `document.querySelector("#source").value`); source != "print 6 * 7\n" {
		t.Fatalf("the link's program is not opened: %q", source)
	}
}

// inView reports whether the element sel selects is wholly in the window and
// not hidden by the scrolling of a box around it; if not, it logs why.
func inView(b *tabDriver, sel string) bool {
	b.t.Helper()
	why := eval[string](b, `(() => {
		const e = document.querySelector(`+"`"+sel+"`"+`);
		if (!e) return "there is none";
		const r = e.getBoundingClientRect(), at = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
		if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return "at " + at(r) + ", outside the window " + innerWidth + "x" + innerHeight;
		for (let p = e.parentElement; p; p = p.parentElement) {
			if (getComputedStyle(p).overflow === "visible") continue;
			const q = p.getBoundingClientRect();
			if (r.top < q.top - 1 || r.bottom > q.bottom + 1 || r.left < q.left - 1 || r.right > q.right + 1) return "at " + at(r) + ", outside " + p.tagName + "." + p.className + " at " + at(q);
		}
		return "";
	})()`)
	if why != "" {
		b.t.Logf("%s is not in view: %s", sel, why)
	}
	return why == ""
}

// tabDriver drives one browser tab for a test.
type tabDriver struct {
	t   *testing.T
	ctx context.Context
}

// do runs steps, failing the test with what was being done.
func (b *tabDriver) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		out, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.querySelector("#output").innerText + "\n#status: " + document.querySelector("#status").textContent + "\n#confirm: " + (document.querySelector("#confirm").open ? document.querySelector("#confirm p").textContent : "closed")`))
		b.screenshot("failed")
		b.t.Fatalf("%s: %v\n#output: %s", what, err, out)
	}
}

// screenshot saves a picture of the page as PNG, when GRUNDY_SCREENSHOT=DIR
// asks for them, as DIR/name.png.
func (b *tabDriver) screenshot(name string) {
	b.t.Helper()
	dir := os.Getenv("GRUNDY_SCREENSHOT")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100)) // 100: PNG, not JPEG
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
	}
	if err != nil {
		b.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression in the page.
func eval[T any](b *tabDriver, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitFor waits until a JavaScript condition holds: generously, as a loaded
// machine may be slow, but without sleeping when it is not.
func waitFor(cond string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(20*time.Millisecond))
}

// sameAsCommandLine checks that #output holds, in order, every line that
// grundy run prints for the program, and that every check held.
func sameAsCommandLine(t *testing.T, b *tabDriver, file, src string) {
	t.Helper()
	output := eval[string](b, `document.querySelector("#output").textContent`)
	at := 0
	for _, line := range strings.Split(strings.TrimSpace(commandLine(t, file, src)), "\n") {
		i := strings.Index(output[at:], line)
		if i < 0 {
			t.Fatalf("%s: #output lacks %q (in order) of what grundy run prints:\n%s", file, line, output)
		}
		at += i + len(line)
	}
	if !strings.Contains(output, "checks passed, 0 failed") {
		t.Fatalf("%s: #output has no summary of the checks, or one failed:\n%s", file, output)
	}
}

// longSolve takes minutes (a million positions of a thousand moves each, no
// fast path) in little memory.
const longSolve = `game Queen(a, b) {
  move k in 1..a -> Queen(a - k, b)
  move k in 1..b -> Queen(a, b - k)
  move k in 1..min(a, b) -> Queen(a - k, b - k)
}
print sg(Queen(1000, 1000))
`

// commandLine returns what grundy run prints for a program.
func commandLine(t *testing.T, file, src string) string {
	in := stdlib.New()
	var out bytes.Buffer
	in.Out, in.Diag = &out, io.Discard
	if err := in.Run(context.Background(), file, src); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// The page is served from the binary's handler: its own files, the generated
// ones, the right types, and nothing else.
func TestHandler(t *testing.T) {
	dir := t.TempDir()
	for _, name := range web.Generated {
		os.WriteFile(filepath.Join(dir, name), []byte("generated "+name), 0o644)
	}
	for name, data := range web.Page() {
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("not part of the page"), 0o644)
	big := bytes.Repeat([]byte("wasm "), 2000)
	os.WriteFile(filepath.Join(dir, "grundy.wasm"), big, 0o644)
	server := httptest.NewServer(web.Handler(os.DirFS(dir)))
	defer server.Close()
	for path, want := range map[string]string{
		"/":             "text/html; charset=utf-8",
		"/app.js":       "text/javascript; charset=utf-8",
		"/sheet.css":    "text/css; charset=utf-8",
		"/grundy.wasm":  "application/wasm",
		"/wasm_exec.js": "text/javascript; charset=utf-8",
	} {
		resp, err := server.Client().Get(server.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != want {
			t.Errorf("%s: %d %s, want 200 %s", path, resp.StatusCode, resp.Header.Get("Content-Type"), want)
		}
	}
	for _, path := range []string{"/missing.js", "/../go.mod", "/static/index.html", "/secret.txt"} {
		resp, err := server.Client().Get(server.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", path, resp.StatusCode)
		}
	}
	// Big files go compressed to a browser that accepts gzip.
	req, _ := http.NewRequest("GET", server.URL+"/grundy.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	resp, err := server.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	zr, err := gzip.NewReader(resp.Body)
	if err != nil || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("grundy.wasm is not sent compressed: %v %v", resp.Header, err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, big) {
		t.Fatalf("grundy.wasm compressed and back is %d bytes (%v), want %d", len(got), err, len(big))
	}

	page := web.Page()
	for _, id := range []string{`id="source"`, `id="run"`, `id="stop"`, `id="output"`} {
		if !strings.Contains(string(page["index.html"]), id) {
			t.Errorf("index.html lacks %s", id)
		}
	}
}

// sameColours checks that the editor's coloured text is src, token by token
// as grundy's lexer reads it.
func sameColours(t *testing.T, b *tabDriver, src string) {
	t.Helper()
	got := eval[[]string](b, `[...document.querySelectorAll("#highlight [class^=t-]")].map((s) => s.className.split(" ")[0].slice(2) + " " + s.textContent)`)
	var want []string
	toks, _ := lang.Tokens("t.game", src)
	for _, tok := range toks {
		if tok.Kind != lang.TokenSpace {
			want = append(want, tok.Kind.String()+" "+tok.Text)
		}
	}
	if !slices.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("token %d is coloured as %q, the lexer reads %q", i, got[i], want[i])
			}
		}
		t.Fatalf("%d tokens coloured, the lexer reads %d", len(got), len(want))
	}
}
