package llmstxt_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestSkillLanguage: Mintlify's skill.md is written by a model that reads the site's docs, so
// it is in their language; Lectern's generated skill.md of Gellum's Spanish site (no languages
// in docs.json, no description) had English headings and an English description. Its own
// words are now those of the site's default language: docs.json's, else the language its pages
// are written in, else English.
func TestSkillLanguage(t *testing.T) {
	gellum := siteDir("gellum-hidden")
	french := t.TempDir() // Gellum's pages under a docs.json whose default language is fr-CA
	for _, f := range []string{"introduccion.mdx", "snippets/ayuda.mdx"} {
		data, err := os.ReadFile(filepath.Join(gellum, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(french, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(french, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(french, "docs.json"), []byte(`{"theme": "almond", "name": "Gellum Recursos", "colors": {"primary": "#006AFF"},
		"navigation": {"languages": [{"language": "fr-CA", "groups": [{"group": "Inicio", "pages": ["introduccion"]}]}]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, dir string
		want      []string
		not       []string
	}{
		{"Gellum: Spanish, told by its pages", gellum,
			[]string{"\n## Cómo usar esta documentación\n", "\n## Qué cubre la documentación\n", `description: "Gellum Recursos: documentación sobre Docs."`},
			[]string{"How to use these docs", "What the docs cover", "documentation covering"}},
		{"docs.json's default language (fr-CA) before the pages' text", french,
			[]string{"\n## Comment utiliser cette documentation\n", "\n## Ce que couvre la documentation\n", `description: "Gellum Recursos : documentation sur Inicio."`},
			[]string{"How to use these docs", "Cómo usar"}},
		// rehearse25: Korean has no stop word list, so a Korean site in no language was told none
		// and its skill.md written in English; Korean is told by its script.
		{"D-ALabs Codex: Korean, told by its pages' script", "../search/testdata/dalabs",
			[]string{"\n## 이 문서를 사용하는 방법\n", "\n## 문서에서 다루는 내용\n"},
			[]string{"How to use these docs", "What the docs cover"}},
		{"Trails: English", siteDir("agents-trails"),
			[]string{"\n## How to use these docs\n", "\n## What the docs cover\n"},
			[]string{"Cómo usar"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := sitedocs.Load(context.Background(), tt.dir)
			if err != nil {
				t.Fatal(err)
			}
			sk := llmstxt.GeneratedSkill(llmstxt.Site{Catalog: docs.Catalog, Name: "s", Base: "https://docs.example.com"}, skillServer("https://docs.example.com"))
			for _, w := range tt.want {
				if !strings.Contains(sk.Content, w) {
					t.Errorf("skill.md lacks %q:\n%.900s", w, sk.Content)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(sk.Content, w) {
					t.Errorf("skill.md holds %q:\n%.900s", w, sk.Content)
				}
			}
			checkFrontmatter(t, sk)
		})
	}
}
