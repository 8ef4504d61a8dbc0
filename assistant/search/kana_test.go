package search_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// boxPages are six Japanese pages of Box's developer docs (testdata/box, see its SOURCE), as
// the site serves them: "ja/guides/uploads/index.mdx" is /ja/guides/uploads. The site's
// docs.json names its Japanese "jp".
func boxPages(t testing.TB) []search.Page {
	t.Helper()
	var pages []search.Page
	err := filepath.WalkDir("testdata/box/ja", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		url := strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(path), "testdata/box"), ".mdx"), "/index")
		pages = append(pages, search.Page{URL: url, Language: "jp", Body: string(body)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 6 {
		t.Fatalf("%d pages in testdata/box/ja, want 6", len(pages))
	}
	return pages
}

// TestJapaneseQuestionEndings reproduces a rehearsal on Box's docs: a Japanese question's
// ending ("…するにはどうすればよいですか") was cut into pairs of hiragana that Box View's FAQ,
// whose questions end the same way, holds more of than the page that answers, and the FAQ came
// first. The question's pairs of hiragana are grammar (cjk.Kana) and are not searched for.
func TestJapaneseQuestionEndings(t *testing.T) {
	const faq = "/ja/guides/embed/box-view/faq"
	pages := boxPages(t)
	tests := []struct{ q, want string }{
		{"Boxにファイルをアップロードするにはどうすればいいですか？", "/ja/guides/uploads"},
		{"ファイルをアップロードするにはどうすればよいですか？", "/ja/guides/uploads"},
		{"大きなファイルをアップロードするにはどうすればよいですか", "/ja/guides/uploads/chunked"},
	}
	with, without := search.Build(pages), search.BuildWithout(pages, "kana")
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			q := search.Query{Text: tt.q, Filter: search.Filter{Language: "jp"}}
			if got := firstOf(with, q); got != tt.want {
				t.Errorf("first result %q, want %q (all: %v)", got, tt.want, urls(with.Search(q)))
			}
			if got := firstOf(without, q); got != faq {
				t.Errorf("with the pairs of hiragana searched, %q leads, not the FAQ: the case does not show the rule", got)
			}
		})
	}
}

// TestKanaQueryTerms: a question's pairs of hiragana are left out when it has other terms, in
// any language's scope; a question of kana alone (or with English stop words only) keeps them.
// Katakana, kanji, Hangul and Chinese pairs stay, and so do pairs that straddle kana and
// another script.
func TestKanaQueryTerms(t *testing.T) {
	tests := []struct{ lang, q, want string }{
		{"jp", "ファイルをアップロードするにはどうすればよいですか", "ファ ァイ イル ルを をア アッ ップ プロ ロー ード"}, // ドす straddles する, a stop word (TestCJKQueryStops)
		{"ja", "変更があったら", "変更 更が"},
		{"ja", "APIはどうすれば", "api"},
		{"", "APIはどうすれば", "api"},
		{"ja", "どうすればいいですか", "どう うす すれ れば ばい いい いで です すか"},
		{"ja", "how do I どうすれば", "どう うす すれ れば"},
		{"ja", "アップロード", "アッ ップ プロ ロー ード"},
		{"ko", "파일을 업로드", "파일 일을 업로 로드"},
		{"zh", "如何上传文件", "上传 传文 文件"}, // 如何, how: a stop word
	}
	checkQueryTerms(t, tests)
}

// TestCJKQueryStops: a question's Chinese, Japanese and Korean runs are cut at their stop words
// of two characters or more before they are paired, so neither the stop word nor a pair that
// straddles it is a term (如何 and 何上 of "如何上传文件"); a piece of one character beside one
// gives nothing; a question of stop words alone keeps them; a page keeps every pair.
func TestCJKQueryStops(t *testing.T) {
	tests := []struct{ lang, q, want string }{
		{"zh", "怎么重置密码", "重置 置密 密码"},
		{"zh", "为什么API密钥无效", "api 密钥 钥无 无效"},
		{"zh", "忘记密码怎么办", "忘记 记密 密码"},
		{"zh", "什么", "什么"},
		{"ja", "型を生成する方法は", "型を を生 生成 方法 法は"}, // する: 成す and る方 go with it
		{"ko", "비밀번호를어떻게변경하나요", "비밀 밀번 번호 호를 변경"},
		{"zh", "重置密码", "重置 置密 密码"},
	}
	checkQueryTerms(t, tests)
	// The page holds every pair: a question that says 如何 still finds a heading that does.
	ix := search.Build([]search.Page{{URL: "/zh/howto", Language: "zh", Title: "如何", Body: "如何。"}})
	if hits := ix.Search(search.Query{Text: "如何", Filter: search.Filter{Language: "zh"}}); len(hits) == 0 {
		t.Error("如何 alone finds no page titled 如何")
	}
}

// TestKanaOnlyQuestion: a question written in hiragana alone keeps its pairs and finds the page
// that holds them, alone or after an earlier turn with other words; its result's line marks
// them.
func TestKanaOnlyQuestion(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/ja/hiragana", Language: "ja", Title: "よみかた", Body: "ひらがなでかいたことばのよみかた。"},
		{URL: "/ja/upload", Language: "ja", Title: "アップロード", Body: "ファイルをアップロードします。"},
	})
	for _, history := range [][]string{nil, {"ファイルのアップロード"}} {
		rs := ix.Search(search.Query{Text: "ひらがなのよみかた", History: history, Lines: true, Filter: search.Filter{Language: "ja"}})
		if len(rs) == 0 || rs[0].Path != "/ja/hiragana" {
			t.Fatalf("history %q: results %v, want /ja/hiragana first", history, urls(rs))
		}
		if len(rs[0].Line.Matches) == 0 {
			t.Errorf("history %q: line %q marks no match", history, rs[0].Line.Text)
		}
	}
}

// BenchmarkSearchJapanese: the Box questions on the Box pages, with the question's pairs of
// hiragana left out (kana) and searched for (pairs), interleaved in one run.
func BenchmarkSearchJapanese(b *testing.B) {
	pages := boxPages(b)
	qs := []search.Query{
		{Text: "Boxにファイルをアップロードするにはどうすればいいですか？", Filter: search.Filter{Language: "jp"}, Limit: 5},
		{Text: "大きなファイルをアップロードするにはどうすればよいですか", Filter: search.Filter{Language: "jp"}, Limit: 5},
		{Text: "どうすればいいですか", Filter: search.Filter{Language: "jp"}, Limit: 5},
	}
	for _, c := range []struct {
		name string
		ix   *search.Index
	}{{"kana", search.Build(pages)}, {"pairs", search.BuildWithout(pages, "kana")}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c.ix.Search(qs[i%len(qs)])
				i++
			}
		})
	}
}

// checkQueryTerms indexes a page holding every question of tests (so that none of their terms
// is unknown to the index) and checks the terms each question searches for, in its language.
func checkQueryTerms(t *testing.T, tests []struct{ lang, q, want string }) {
	t.Helper()
	var body strings.Builder
	for _, tt := range tests {
		body.WriteString(tt.q + "。\n")
	}
	ix := search.Build([]search.Page{{URL: "/all", Title: "All", Body: body.String()}})
	for _, tt := range tests {
		got := strings.Join(search.QueryTerms(ix, search.Query{Text: tt.q, Filter: search.Filter{Language: tt.lang}}), " ")
		if got != tt.want {
			t.Errorf("%s %q: terms %q, want %q", tt.lang, tt.q, got, tt.want)
		}
	}
}
