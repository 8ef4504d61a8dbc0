package search_test

import (
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestYoIsYe: Russian is mostly written with "е" for "ё", and its readers type "е": a page's
// "зелёных" is a question's "зеленых". On ER:LC Russia's docs (rehearse36; testdata/erlc, its
// SOURCE) "где посмотреть карту зеленых зон" held 0.37 of its words' weight in the pages that
// say "зелёных зон", against 0.70 asked with "ё", and lost the rule that answers it. The
// Snowball project's Russian stemmer writes "ё" as "е" before it stems; the generated one the
// search uses predates that, so platform/lang does it, for the stop words too ("всё" is the
// list's "все").
func TestYoIsYe(t *testing.T) {
	for _, tt := range []struct{ yo, ye string }{
		{"зелёных", "зеленых"}, {"тяжёлого", "тяжелого"}, {"удалённые", "удаленные"}, {"чёрный", "черный"},
		{"ещё", "еще"}, {"всё", "все"},
	} {
		yo, ye := search.TermsIn("ru", tt.yo), search.TermsIn("ru", tt.ye)
		if !slices.Equal(yo, ye) {
			t.Errorf("ru %q: terms %q, want those of %q: %q", tt.yo, yo, tt.ye, ye)
		}
	}
	ix := search.Build(dirPages(t, "testdata/erlc", 4))
	for _, tt := range []struct{ yo, ye, want string }{
		{"можно ли на ивенте тяжёлое вооружение", "можно ли на ивенте тяжелое вооружение", "/ru/server-rules/general-rules/event-rules"},
		{"возьмут ли в кураторы если я в чёрном списке", "возьмут ли в кураторы если я в черном списке", "/ru/staff-rules/curator-rules"},
		{"какие клиенты поддерживают удалённые MCP-серверы", "какие клиенты поддерживают удаленные MCP-серверы", "/ru/docs-features/mcp-server"},
	} {
		yo := ix.Search(search.Query{Text: tt.yo, Limit: 3})
		ye := ix.Search(search.Query{Text: tt.ye, Limit: 3})
		if len(yo) == 0 || len(ye) == 0 || yo[0].Path != tt.want || ye[0].Path != tt.want {
			t.Errorf("%q and %q: first %v and %v, want %s", tt.yo, tt.ye, resultPaths(yo), resultPaths(ye), tt.want)
			continue
		}
		if yo[0].Match != ye[0].Match {
			t.Errorf("%q: the page holds %.3f of the question, %.3f asked with е (%q)", tt.yo, yo[0].Match, ye[0].Match, tt.ye)
		}
	}
}
