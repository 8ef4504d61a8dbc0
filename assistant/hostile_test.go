package assistant_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gmtext "github.com/yuin/goldmark/text"
)

// Docs that show HTML as text, hold raw tags, script links and MDX expressions never make the
// assistant answer with a live tag or a link that is not a site path or http(s): the answer is
// parsed as Markdown (GFM, as widgets render it) and every HTML node and link destination is
// checked.
func TestHostileDocsGiveInertAnswers(t *testing.T) {
	h := startSite(t, "hostile", "testdata/sites/hostile")
	for _, q := range []string{
		"How do I show a tag in a widget page?",
		"What raw markup can a widget page hold?",
		"How do widget expressions and math work?",
		"How do I open the widget settings?",
		"What hidden frames can widget markup hold?", // the <details> block: its tag is dropped, its text kept
	} {
		answer := text(t, checkReply(t, h.post(t, "hostile", ask(q))))
		if !strings.Contains(answer, "](/") {
			t.Errorf("%q: the answer cites nothing, so it tests nothing:\n%s", q, answer)
		}
		for _, problem := range liveMarkup(answer) {
			t.Errorf("%q: %s\nanswer:\n%s", q, problem, answer)
		}
	}
}

// liveMarkup lists the HTML nodes and unsafe link destinations in md outside code.
func liveMarkup(md string) []string {
	src := []byte(md)
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(gmtext.NewReader(src))
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			var b strings.Builder
			for i := 0; i < n.Segments.Len(); i++ {
				s := n.Segments.At(i)
				b.Write(s.Value(src))
			}
			out = append(out, "live inline HTML "+b.String())
		case *ast.HTMLBlock:
			out = append(out, "live HTML block")
		case *ast.Link:
			if !safeURL(string(n.Destination)) {
				out = append(out, "link to "+string(n.Destination))
			}
		case *ast.Image:
			out = append(out, "image "+string(n.Destination))
		case *ast.AutoLink:
			if u := string(n.URL(src)); !safeURL(u) {
				out = append(out, "autolink to "+u)
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

func safeURL(s string) bool {
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") || s == "#" {
		return true
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
