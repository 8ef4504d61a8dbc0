package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/keys"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gmtext "github.com/yuin/goldmark/text"
)

// Hostile docs through a whole `lectern all`: answers carry no live HTML and no unsafe link
// (issue 18.4), and code blocks shown inside longer fences come out whole (issue 18.7).
func TestHostileDocsThroughLecternAll(t *testing.T) {
	cfg := testConfig(t, "sqlite")
	hostile, err := filepath.Abs("../../assistant/testdata/sites/hostile")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Sites = filepath.Join(t.TempDir(), "sites.yaml")
	docs, _ := filepath.Abs("../../docs")
	yaml := fmt.Sprintf("sites:\n  - {domain: acme, project: acme-prod, docs: %q}\n  - {domain: other, project: other-prod, docs: %q}\n  - {domain: hostile, project: hostile-prod, docs: %q}\n", docs, docs, hostile)
	if err := os.WriteFile(cfg.Sites, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	l := startLectern(t, cfg)
	token := createdToken(t, l, "hostile")
	for _, q := range []string{"How do I show a tag in a widget page?", "How do I open the widget settings?", "What raw markup can a widget page hold?"} {
		answer := askText(t, l, token, q)
		if !strings.Contains(answer, "](/") {
			t.Errorf("%q: nothing cited:\n%s", q, answer)
		}
		for _, p := range inertProblems(answer) {
			t.Errorf("%q: %s\n%s", q, p, answer)
		}
	}
	answer := askText(t, l, token, "How do I show a fenced code block inside another fence?")
	blocks := fenced(answer)
	found := false
	for _, b := range blocks {
		if strings.Contains(b, "```js\nconst answer = 42\n```") {
			found = true
		}
	}
	if !found {
		t.Errorf("the nested example is not one whole code block in the answer; blocks %q\n%s", blocks, answer)
	}
}

// createdToken makes an assistant key for domain and returns its token.
func createdToken(t *testing.T, l *testLectern, domain string) string {
	t.Helper()
	_, token, err := l.keys.Create(t.Context(), keys.KindAssistant, domain, keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the new key accepted", func() bool {
		status, _ := l.do(t, "POST", "/discovery/v1/feedback/"+domain, token, map[string]any{"path": "/x", "source": "contextual", "helpful": true})
		return status == 202
	})
	return token
}

// askText asks the v1 endpoint and returns the answer's text parts joined.
func askText(t *testing.T, l *testLectern, token, q string) string {
	t.Helper()
	status, body := l.do(t, "POST", "/discovery/v1/assistant/hostile/message", token,
		map[string]any{"fp": "t", "messages": []any{map[string]any{"id": "1", "role": "user", "content": q}}})
	if status != 200 {
		t.Fatalf("%q: %d %s", q, status, body)
	}
	var b strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "0:"); ok {
			var s string
			if err := json.Unmarshal([]byte(rest), &s); err != nil {
				t.Fatal(err)
			}
			b.WriteString(s)
		}
	}
	return b.String()
}

func parseMarkdown(md string) (ast.Node, []byte) {
	src := []byte(md)
	return goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(gmtext.NewReader(src)), src
}

// inertProblems lists live HTML and links that are neither site paths nor http(s).
func inertProblems(md string) []string {
	doc, src := parseMarkdown(md)
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			var b strings.Builder
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				b.Write(seg.Value(src))
			}
			out = append(out, "live inline HTML: "+b.String())
		case *ast.HTMLBlock:
			out = append(out, "live HTML block")
		case *ast.Link:
			d := string(n.Destination)
			if !(strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "//")) && !strings.HasPrefix(d, "https://") && !strings.HasPrefix(d, "http://") && d != "#" {
				out = append(out, "link to "+d)
			}
		case *ast.Image:
			out = append(out, "image "+string(n.Destination))
		}
		return ast.WalkContinue, nil
	})
	return out
}

// fenced returns the contents of the fenced code blocks in md.
func fenced(md string) []string {
	doc, src := parseMarkdown(md)
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fb, ok := n.(*ast.FencedCodeBlock); ok && entering {
			var b strings.Builder
			for i := 0; i < fb.Lines().Len(); i++ {
				seg := fb.Lines().At(i)
				b.Write(seg.Value(src))
			}
			out = append(out, b.String())
		}
		return ast.WalkContinue, nil
	})
	return out
}
