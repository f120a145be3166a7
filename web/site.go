// Package web is grundy in the browser: one static page (static/) whose
// interpreter is grundy itself compiled to WebAssembly (wasm/). Beside its
// own files the page needs Generated ones, made from the source: Build makes
// the WebAssembly with the Go toolchain, WriteSite writes the whole page into
// a directory, and Handler serves it for grundy serve.
//
// How the WebAssembly gets into `grundy serve` is explained in docs/web.md.
package web

//go:generate go run ./build -o static

import (
	"bytes"
	"compress/gzip"
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/grundy-lang/grundy/sheet"
)

// Module is the path of the module whose source Build compiles.
const Module = "github.com/grundy-lang/grundy"

// Generated are the files of the page that are made from the source, not
// kept in the repository: the WebAssembly, the Go runtime's wasm_exec.js that
// goes with it, and the style of the output (from package sheet).
var Generated = []string{"grundy.wasm", "wasm_exec.js", "sheet.css"}

// static holds the page; the Generated files are among them only when `go
// generate ./web` made them before the binary was built.
//
//go:embed static
var static embed.FS

// Page returns the page's files that are not Generated: index.html, app.js,
// worker.js and style.css.
func Page() map[string][]byte {
	files := map[string][]byte{}
	entries, _ := fs.ReadDir(static, "static") // the directory is embedded
	for _, e := range entries {
		if !slices.Contains(Generated, e.Name()) && !e.IsDir() {
			files[e.Name()], _ = fs.ReadFile(static, "static/"+e.Name())
		}
	}
	return files
}

// Embedded returns the whole page embedded in this binary, or nil when it was
// built without the Generated files.
func Embedded() fs.FS {
	sub, _ := fs.Sub(static, "static") // "static" is a valid path
	for _, name := range Generated {
		if _, err := fs.Stat(sub, name); err != nil {
			return nil
		}
	}
	return sub
}

// startTime is the modification time the page's files are served with.
var startTime = time.Now()

// SourceDir returns the directory of this module's source when the current
// directory is inside it and a Go toolchain is installed, or "" otherwise.
// Only web/build and tests, which a developer runs in the source on purpose,
// use it; grundy serve builds from OwnSource.
func SourceDir(ctx context.Context) string {
	out, err := exec.CommandContext(ctx, "go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		return ""
	}
	mod, dir, ok := strings.Cut(strings.TrimSpace(string(out)), " ")
	if !ok || mod != Module {
		return ""
	}
	return dir
}

// Build compiles the page's WebAssembly from the source in srcDir with the Go
// toolchain and writes grundy.wasm and the toolchain's own wasm_exec.js (which
// must match the compiler) into outDir.
func Build(ctx context.Context, srcDir, outDir string) error {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	wasm, err := filepath.Abs(filepath.Join(outDir, "grundy.wasm"))
	if err != nil {
		return err
	}
	build := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", wasm, "./web/wasm")
	build.Dir = srcDir
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building the WebAssembly: %v\n%s", err, out)
	}
	root, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("finding Go's wasm_exec.js: %v", err)
	}
	goroot := strings.TrimSpace(string(root))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} { // Go 1.24 moved it to lib
		js, err := os.ReadFile(filepath.Join(goroot, p))
		if err == nil {
			return os.WriteFile(filepath.Join(outDir, "wasm_exec.js"), js, 0o644)
		}
	}
	return fmt.Errorf("no wasm_exec.js in %s", goroot)
}

// WriteSite writes the whole page into dir, ready for any static file host:
// the page's files and the Generated ones, the WebAssembly built from the
// source in srcDir (which should be the source of this program).
func WriteSite(ctx context.Context, srcDir, dir string) error {
	if err := Build(ctx, srcDir, dir); err != nil {
		return err
	}
	files := Page()
	files["sheet.css"] = []byte(sheet.Style)
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Handler serves the page from site, which holds its files (those of Page
// and the Generated ones) and nothing else that is served.
func Handler(site fs.FS) http.Handler {
	zipped := &gzipCache{files: map[string][]byte{}}
	page := Page()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if _, ok := page[name]; !ok && !slices.Contains(Generated, name) {
			http.NotFound(w, r)
			return
		}
		data, err := fs.ReadFile(site, name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if ct := contentTypes[path.Ext(name)]; ct != "" {
			w.Header().Set("Content-Type", ct)
		}
		w.Header().Set("Cache-Control", "no-cache") // a new grundy is seen at once
		w.Header().Set("Vary", "Accept-Encoding")
		if len(data) > 1024 && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			data = zipped.get(name, data)
		}
		http.ServeContent(w, r, name, startTime, bytes.NewReader(data))
	})
}

// gzipCache holds the files compressed, each once: a class of browsers
// loading the 7 MB WebAssembly from a teacher's machine fetch a quarter of it.
type gzipCache struct {
	mu    sync.Mutex
	files map[string][]byte
}

// get returns data, the file called name, compressed.
func (c *gzipCache) get(name string, data []byte) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	if z, ok := c.files[name]; ok {
		return z
	}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data) // writing to a buffer cannot fail
	zw.Close()
	c.files[name] = b.Bytes()
	return b.Bytes()
}

// contentTypes are the types of the page's files, which some systems' MIME
// tables lack (.wasm must be application/wasm for streaming compilation).
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
}

// Site returns the whole page for grundy serve. By default it is the page
// embedded in the binary (ErrNoWasm when the binary was built without its
// WebAssembly). With build it is built, with the Go toolchain, from the
// source this binary was compiled from (OwnSource), never from the current
// directory: a checkout someone else prepared would run its own code. The
// build goes into the user cache directory and takes a minute the first time,
// seconds once the Go build cache is warm. say is told what is happening.
func Site(ctx context.Context, build bool, say func(string)) (fs.FS, error) {
	if !build {
		if site := Embedded(); site != nil {
			return site, nil
		}
		if src := OwnSource(); src != "" {
			return nil, fmt.Errorf("%w; grundy serve --build builds it from this grundy's source, %s (Go needed; the first time takes a minute)", ErrNoWasm, src)
		}
		return nil, fmt.Errorf("%w; build the binary with go generate ./web && go build", ErrNoWasm)
	}
	src := OwnSource()
	if src == "" {
		return nil, errors.New("--build builds the page from the source this grundy was compiled from, and that source is not on this machine (or the binary was built with -trimpath); build the binary with go generate ./web && go build, or run go run . serve --build in a clone")
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "grundy", "web")
	say("building the page from " + src + " (the first time takes a minute)")
	cmd := exec.CommandContext(ctx, "go", "run", "./web/build", "-o", dir)
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the page: %v\n%s", err, out)
	}
	return os.DirFS(dir), nil
}

// ErrNoWasm is the error of Site when the binary has no page embedded and
// was not asked to build one.
var ErrNoWasm = errors.New("this grundy was built without the page's WebAssembly")

// OwnSource returns the root of the source tree this binary was compiled
// from, when it is still on this machine and is grundy's (its go.mod names
// Module), or "". It is found from where the compiler saw this file, which
// only the person who built the binary chose; the current directory plays
// no part. A binary built with -trimpath has no such path.
func OwnSource() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	root := filepath.Dir(filepath.Dir(file)) // file is ROOT/web/site.go
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || modulePath(mod) != Module {
		return ""
	}
	if _, err := os.Stat(filepath.Join(root, "web", "build")); err != nil {
		return ""
	}
	return root
}

// modulePath returns the module path a go.mod file declares, or "".
func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}
