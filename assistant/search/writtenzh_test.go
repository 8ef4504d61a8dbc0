package search_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestChinesePagesTellTheirScript reads every committed real site with Chinese pages as a
// docs.json without languages gives it: each page of its zh folders (Simplified, as the sites'
// docs.json say) is told Simplified Chinese, but for pages with too little Chinese prose to
// be told CJK (fewer than 32 Han characters outside code and front matter: a title over an
// OpenAPI operation, a code snippet), and no other page (English, and the other languages'
// folders) is told Chinese.
func TestChinesePagesTellTheirScript(t *testing.T) {
	sites := []struct {
		dir     string
		chinese bool // has a zh folder
	}{
		{"eval/alter", true}, {"eval/flatkey", true}, {"eval/firecrawl", true},
		{"box", false}, {"dalabs", false}, {"dialogshift", false}, {"gellum", false},
		{"monitora", false}, {"ngrok", false}, {"sidero", false}, {"swipelux", false},
	}
	for _, tt := range sites {
		site := tt.dir
		t.Run(site, func(t *testing.T) {
			dir := filepath.Join("testdata", site)
			pages := allPages(t, dir)
			han := map[string]int{}
			for _, p := range pages {
				han[p.URL] = proseHan(p.Body)
			}
			written := search.WrittenAll(search.Build(pages))
			zh, short, other := 0, 0, 0
			for path, code := range written {
				inZh := strings.Contains(path, "/zh/")
				switch {
				case inZh && code == "" && han[path] < 32:
					short++
				case inZh && code != "zh":
					t.Errorf("%s: told %q, want zh", path, code)
				case !inZh && (code == "zh" || code == "zh-Hant"):
					t.Errorf("%s: told %q, want no Chinese", path, code)
				case inZh:
					zh++
				default:
					other++
				}
			}
			if tt.chinese && zh == 0 {
				t.Errorf("no page told Simplified")
			}
			t.Logf("%s: %d pages told Simplified, %d Chinese too short to tell, %d others", site, zh, short, other)
		})
	}
}

// proseHan counts the Han characters of body outside its front matter and code blocks.
func proseHan(body string) int {
	if rest, ok := strings.CutPrefix(body, "---\n"); ok {
		if _, after, ok := strings.Cut(rest, "\n---"); ok {
			body = after
		}
	}
	n, inCode := 0, false
	for line := range strings.Lines(body) {
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inCode = !inCode
			continue
		}
		for _, r := range line {
			if !inCode && unicode.Is(unicode.Han, r) {
				n++
			}
		}
	}
	return n
}

// allPages are the .mdx pages under dir, in no language, each at its path under dir without
// the extension.
func allPages(t testing.TB, dir string) []search.Page {
	t.Helper()
	var pages []search.Page
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mdx") {
			return err
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		url := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(path), filepath.ToSlash(dir)), ".mdx")
		pages = append(pages, search.Page{URL: url, Body: string(body)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// TestReadsInChineseContentInNoLanguage: the pages of a Chinese site whose docs.json has no
// languages (testdata/mcphub) are told Simplified, and a Chinese question is read in Chinese,
// which the model-free answer writes in: Simplified, or Traditional for a question written in
// it; a question too short to tell its script (keywords) in the pages' own; English stays
// English. Before, Chinese was told no language and every question was read in English.
func TestReadsInChineseContentInNoLanguage(t *testing.T) {
	ix := search.Build(dirPages(t, "testdata/mcphub", 2))
	for path, code := range search.WrittenAll(ix) {
		if code != "zh" {
			t.Errorf("page %s told %q, want zh", path, code)
		}
	}
	tests := []struct{ q, want string }{
		{"如何使用 Docker 安装 MCPHub？我需要先准备什么？", "zh"},
		{"怎么创建分组？这个功能对用户有什么用处？", "zh"},
		{"如何使用 Docker 安裝 MCPHub？我需要先準備什麼？這個問題", "zh-Hant"}, // Traditional: answered in it
		{"分组管理", "zh"}, // keywords alone: the language of the site's pages
		{"How do I install MCPHub with Docker?", ""},
	}
	for _, tt := range tests {
		if got := ix.ReadsIn(search.Filter{}, tt.q); got != tt.want {
			t.Errorf("ReadsIn(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}
