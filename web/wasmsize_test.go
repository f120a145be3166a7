package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/grundy-lang/grundy/web"
)

// docs/web.md says how big grundy.wasm is; the number must stay true within
// 10% (build the WebAssembly and measure it to update it). The build shares
// the Go build cache with TestBrowser's, so it costs little more than a link.
func TestDocumentedWasmSize(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	src := web.SourceDir(t.Context())
	if src == "" {
		t.Skip("not inside grundy's source")
	}
	doc, err := os.ReadFile(filepath.Join(src, "docs", "web.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("`grundy.wasm` \\(([0-9.]+) MB").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/web.md does not say `grundy.wasm` (N MB, ...)")
	}
	said, _ := strconv.ParseFloat(string(m[1]), 64)
	dir := t.TempDir()
	if err := web.Build(t.Context(), src, dir); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, "grundy.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if size := float64(st.Size()) / 1e6; size < said*0.9 || size > said*1.1 {
		t.Errorf("docs/web.md says grundy.wasm is %s MB; it is %s MB", m[1], fmt.Sprintf("%.1f", size))
	}
}
