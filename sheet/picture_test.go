package sheet

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
	"github.com/grundy-lang/grundy/teach"
)

// A printed thermograph is drawn in the worksheet, its words on request.
func TestPictureInSheet(t *testing.T) {
	in := stdlib.New()
	teach.Register(in)
	s := Run(context.Background(), in, "t.game", "print thermograph(cg(\"{3|-1}\"))\n")
	if s.Err != nil {
		t.Fatal(s.Err)
	}
	it := s.Chunks[0].Output[0]
	if it.Picture == nil || !strings.HasPrefix(it.Text, "thermograph of {3|-1}: mast at 1 from temperature 2") {
		t.Fatalf("item %+v", it)
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, s); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<div class="picture"><svg`, `class="left-wall"`, `<summary>as printed</summary>`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the worksheet lacks %q", want)
		}
	}
	b.Reset()
	if err := WriteMarkdown(&b, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "![picture](data:image/svg+xml;base64,") {
		t.Errorf("the Markdown worksheet lacks the picture:\n%s", b.String())
	}
}
