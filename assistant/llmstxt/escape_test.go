package llmstxt_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestPageLinksEscaped: Flashduty's docs (../testdata/sites/flashduty-spaces) name a page
// whose file has a space ("alert-sources/standard alert"). Its link in llms.txt, its Source
// line in llms-full.txt and the example of the generated skill.md are one URL each (a raw
// space ends a Markdown link destination, so the line was no link at all); the Chinese of
// the site's titles and paths stays as written.
func TestPageLinksEscaped(t *testing.T) {
	docs, err := sitedocs.Load(context.Background(), "../testdata/sites/flashduty-spaces")
	if err != nil {
		t.Fatal(err)
	}
	site := llmstxt.Site{Catalog: docs.Catalog, Base: "https://docs.flashcat.cloud"}
	const page = "https://docs.flashcat.cloud/zh/on-call/integration/alert-integration/alert-sources/standard%20alert"
	skill := llmstxt.GeneratedSkill(site, llmstxt.MCP{URL: site.Base + "/mcp"})
	for _, tt := range []struct{ name, got, want string }{
		{"llms.txt", llmstxt.LLMsTxt(site), "- [标准告警事件](" + page + ".md): 通过标准协议推送"},
		{"llms-full.txt", llmstxt.LLMsFullTxt(site), "\nSource: " + page + "\n"},
		{"skill.md", skill.Content, "(for example " + page + ".md)"},
		{"llms.txt, a page without a space", llmstxt.LLMsTxt(site), "- [入门指南](https://docs.flashcat.cloud/zh/on-call/quickstart/quickstart.md)"},
	} {
		if !strings.Contains(tt.got, tt.want) {
			t.Errorf("%s: no %q in\n%s", tt.name, tt.want, tt.got[:min(len(tt.got), 1500)])
		}
		if strings.Contains(tt.got, "standard alert") {
			t.Errorf("%s: a raw space in a page's URL", tt.name)
		}
	}
}

func TestEscapePath(t *testing.T) {
	for in, want := range map[string]string{
		"/guides/setup":                    "/guides/setup",
		"/zh/快速开始#配置告警":                    "/zh/快速开始#配置告警",
		"/alert-sources/standard alert.md": "/alert-sources/standard%20alert.md",
		"/a (b)/100%#x y":                  "/a%20%28b%29/100%25#x%20y",
		"/q\"<>\\^`{|}[]":                  "/q%22%3C%3E%5C%5E%60%7B%7C%7D%5B%5D",
		"/jp/attributes#%23tries-—-回数":     "/jp/attributes#%23tries-—-回数",
		"/a#100% b":                        "/a#100%25%20b",
	} {
		if got := llmstxt.EscapePath(in); got != want {
			t.Errorf("EscapePath(%q) = %q, want %q", in, got, want)
		}
	}
}
