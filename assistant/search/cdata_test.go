package search_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
)

// TestJapaneseWordsTheDocsLack reproduces a rehearsal on CData's docs (testdata/cdata, see its
// SOURCE): "東京から大阪まで新幹線で何時間かかりますか" (how long is the bullet train from Tokyo
// to Osaka) was answered from the caching page, which says live data "takes time" (時間がかかる):
// the pairs the index lacks (東京, 大阪, 新幹, 幹線) were left out of the question's words as
// pairs that straddle two words, so 時間 alone made the whole question. A piece of the question
// between its stop words none of whose pairs the index holds is a word the docs lack; the
// pages hold a small share of such a question, while questions the pages answer keep theirs.
func TestJapaneseWordsTheDocsLack(t *testing.T) {
	var pages []search.Page
	for _, name := range []string{"Caching", "Scheduled-Queries", "Users"} {
		body, err := os.ReadFile(filepath.Join("testdata/cdata/ja", name+".mdx"))
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, search.Page{URL: "/ja/" + name, Language: "ja", Body: string(body)})
	}
	ix := search.Build(pages)
	tests := []struct {
		q      string
		answer string // the page that answers, "" for a question the pages do not cover
	}{
		{"東京から大阪まで新幹線で何時間かかりますか？", ""},
		{"京都の天気は明日どうなりますか？", ""},
		{"データをキャッシュして、変わった分だけ差分更新したいです", "/ja/Caching"},
		{"同僚にユーザーの招待を送りたいのですが、どうすればいいですか", "/ja/Users"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			rs := ix.Search(search.Query{Text: tt.q, Filter: search.Filter{Language: "ja"}})
			if len(rs) == 0 && tt.answer == "" {
				return // nothing found: the answer declines
			}
			if len(rs) == 0 {
				t.Fatal("no results")
			}
			best := 0.0
			for _, r := range rs {
				best = max(best, r.Match)
			}
			if tt.answer == "" {
				if best >= answer.MatchShare {
					t.Errorf("a page holds %.2f of the question (%d words), at least MatchShare %.2f: the extractive answer quotes %s", best, rs[0].Words, answer.MatchShare, rs[0].Path)
				}
				return
			}
			if rs[0].Path != tt.answer || rs[0].Match < answer.MatchShare {
				t.Errorf("first %s holding %.2f of the question, want %s holding at least %.2f (all: %v)", rs[0].Path, rs[0].Match, tt.answer, answer.MatchShare, urls(rs))
			}
		})
	}
}
