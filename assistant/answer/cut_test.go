package answer_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
)

// searchPage indexes one real page of testdata/cut and returns the first result of q.
func searchPage(t *testing.T, file, url, language, q string) search.Result {
	t.Helper()
	body, err := os.ReadFile("testdata/cut/" + file)
	if err != nil {
		t.Fatal(err)
	}
	rs := search.Build([]search.Page{{URL: url, Language: language, Body: string(body)}}).Search(search.Query{Text: q, Filter: search.Filter{Language: language}})
	if len(rs) == 0 {
		t.Fatalf("no result for %q", q)
	}
	return rs[0]
}

// sourceOf is the answer's source for a search result, as the assistant makes it.
func sourceOf(r search.Result) answer.Source {
	return answer.Source{Title: r.Title, Section: r.Section, Path: r.Path, URL: r.URL, Text: r.Snippet, Whole: r.Text,
		Breadcrumbs: r.Breadcrumbs, Match: r.Match, Words: r.Words}
}

// excerptAnswers answers q from r's section as the search's excerpt gave it, the section's text
// from the first "from" to the end of the first "to" after "… ": once with the section's whole
// text beside it (Source.Whole) and once without. It fails the test when the excerpt is not in
// the section (the case would prove nothing) or a reply quotes nothing of it.
func excerptAnswers(t *testing.T, q string, r search.Result, from, to string) (withWhole, alone string) {
	t.Helper()
	i, j := strings.Index(r.Text, from), strings.Index(r.Text, to)
	if i < 0 || j < i {
		t.Fatalf("section text %q: want %q … %q in it (else this proves nothing)", r.Text, from, to)
	}
	var mds [2]string
	for k, whole := range []string{r.Text, ""} {
		s := sourceOf(r)
		s.Text, s.Whole = "… "+r.Text[i:j+len(to)], whole
		md, _, a := generate(t, answer.Prompt{Question: q, Sources: []answer.Source{s}})
		if len(a.Cited) != 1 || !strings.Contains(md, "\n> ") {
			t.Fatalf("whole text %v: cited %v, want a quote of the section\n%s", whole != "", citedPaths(a), md)
		}
		mds[k] = md
	}
	return mds[0], mds[1]
}

// TestAnswerEndsNoIntroductionTheExcerptCut: the search's excerpt of a section may end at a
// sentence that announces what follows it ("Sellers MUST return `submitted` when:", AdCP's
// create_media_buy page, testdata/cut): the quote must not end with that sentence, which points
// at a list the reader does not get. It did: the end of the excerpt was taken for the end of the
// section, where such a sentence is quoted.
func TestAnswerEndsNoIntroductionTheExcerptCut(t *testing.T) {
	const q = "my create_media_buy call returns status submitted and never completes, what should I do?"
	r := searchPage(t, "adcp-create-media-buy.mdx", "/docs/media-buy/task-reference/create_media_buy", "", q)
	// The excerpt the search of the whole site made (lectern all on AdCP, this question): its
	// passage starts at the second sentence and ends at the paragraph before the list.
	withWhole, alone := excerptAnswers(t, q, r, "A sales-guaranteed seller", "when:")
	for _, md := range []string{withWhole, alone} {
		if last := strings.TrimSpace(md); strings.HasSuffix(last, ":") {
			t.Errorf("the quote ends with an introduction to what the excerpt cut:\n%s", md)
		}
	}
}

// TestAnswerQuotesACard: a section made of cards (InsForge's Spanish TypeScript SDK overview,
// testdata/cut), each a title and a one-line description that ends no sentence, is quoted as the
// card that matches: its title and its description. The answer quoted nothing: each line read as
// a title over another title, and a title is never quoted alone.
func TestAnswerQuotesACard(t *testing.T) {
	const q = "¿Cómo subo un archivo al almacenamiento desde el SDK de TypeScript?"
	r := searchPage(t, "insforge-es-typescript-overview.mdx", "/es/sdks/typescript/overview", "es", q)
	if r.Section != "Referencia de SDK" {
		t.Fatalf("first result %q: want the section of cards (else this proves nothing)", r.Section)
	}
	md, _, a := generate(t, answer.Prompt{Question: q, Language: "es", Sources: []answer.Source{sourceOf(r)}})
	if len(a.Cited) != 1 {
		t.Fatalf("cited %v, want the overview\n%s", citedPaths(a), md)
	}
	if want := "> **Almacenamiento**\n>\n> Carga, descarga y gestión de archivos"; !strings.Contains(md, want) {
		t.Errorf("answer\n%s\nwant it to quote the card\n%s", md, want)
	}
}

// TestAnswerMarksWhatTheQuoteLeavesOut: a quote that leaves out part of its section between
// two of its pieces says so with "…". The Japanese "Claude Code にフックを設定する" of
// failproofai (testdata/cut) is four steps, each a title and a code block; asked why policies
// do not apply after installing, the quote took step 1's `npm install` and then step 3's "you
// should see the hook entries", reading as if installing the package were enough: step 2, the
// `failproofai policies --install` the reader missed, was left out without a mark.
func TestAnswerMarksWhatTheQuoteLeavesOut(t *testing.T) {
	const q = "フックをインストールしたのにClaude Codeでポリシーが効かない"
	r := searchPage(t, "failproofai-ja-examples.mdx", "/ja/examples", "ja", q)
	// The excerpt the search of the whole site made (lectern all on failproofai, this
	// question, currentPath /ja/getting-started): from step 1's title to step 4's code.
	withWhole, alone := excerptAnswers(t, q, r, "failproofai をインストールする", "claude\n```")
	for _, md := range []string{withWhole, alone} {
		quote := md[strings.Index(md, "\n> "):]
		pieces := []string{"npm install -g failproofai", "failproofai policies --install", "cat ~/.claude/settings.json", "イベントのフックエントリが表示されるはずです", "> claude\n", "これでポリシーがすべて"}
		last := -1 // the piece of the section quoted last
		for i, p := range pieces {
			at := strings.Index(quote, p)
			if at < 0 {
				continue
			}
			if last >= 0 && i > last+1 {
				between := quote[strings.Index(quote, pieces[last])+len(pieces[last]) : at]
				if !strings.Contains(between, "…") {
					t.Errorf("the quote goes from %q to %q, leaving %q out with no mark:\n%s", pieces[last], p, pieces[last+1], md)
				}
			}
			last = i
		}
	}
}

// TestAnswerQuotesTheCardOfAGroup: a page's lead that is a sentence and then a CardGroup whose
// cards are a title over a value (Z.AI's Chinese GLM-4-Plus page, testdata/cut: "上下文窗口" over
// "128K", "价格" over "5 元 / 百万Tokens") is quoted as the card that answers, beside the sentence.
// The answer quoted the page's description alone: the card that matched best was a title over
// another title, which the quote left out, and only the description could be picked.
func TestAnswerQuotesTheCardOfAGroup(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"GLM-4-Plus 的上下文窗口有多大？", "> **上下文窗口**\n>\n> 128K"},
		{"GLM-4-Plus 每百万 tokens 多少钱？", "> **价格**\n>\n> 5 元 / 百万Tokens"},
	} {
		t.Run(tt.q, func(t *testing.T) {
			r := searchPage(t, "zai-cn-glm-4-plus.mdx", "/cn/guide/GLM-4-Plus", "cn", tt.q)
			if r.Section != "" || !strings.Contains(r.Snippet, "128K") {
				t.Fatalf("first result %q %q: want the lead with its cards (else this proves nothing)", r.Section, r.Snippet)
			}
			md, _, a := generate(t, answer.Prompt{Question: tt.q, Language: "cn", Sources: []answer.Source{sourceOf(r)}})
			if len(a.Cited) != 1 {
				t.Fatalf("cited %v, want the page\n%s", citedPaths(a), md)
			}
			if !strings.Contains(md, tt.want) {
				t.Errorf("answer\n%s\nwant it to quote the card\n%s", md, tt.want)
			}
		})
	}
}

// TestAnswerEndingInAnIntroduction: a section whose last sentence introduces what the excerpt
// cut ("…the following command:") is answered without a panic: looking past it for the unit it
// introduces looked for a card past the end (make eval-search panicked on a site's question).
func TestAnswerEndingInAnIntroduction(t *testing.T) {
	s := answer.Source{Title: "Widget", URL: "/widget", Path: "/widget",
		Text: "Create the widget token first.\n\nThen start the widget with the following command:"}
	md, _, _ := generate(t, answer.Prompt{Question: "how do I start the widget with a command", Sources: []answer.Source{s}})
	if !strings.Contains(md, "> ") {
		t.Errorf("answer\n%s\nwant a quote", md)
	}
}

// TestAnswerKeepsAParagraphWithoutItsPeriodApart: a paragraph that ends no sentence (B3's
// description "Pelajari cara menarik token … yang didukung lainnya", which the search puts
// before the page's first paragraph, testdata/cut) was joined to the next paragraph with a
// space, so the quote read "… lainnya Perlu memindahkan token …" as one sentence. It is a
// paragraph of its own.
func TestAnswerKeepsAParagraphWithoutItsPeriodApart(t *testing.T) {
	const q = "Bagaimana cara menarik token saya dari jaringan B3 kembali ke Ethereum?"
	r := searchPage(t, "b3-id-withdrawing-tokens.mdx", "/id/learn/deposits-withdrawals/withdrawing-tokens-from-b3", "id", q)
	md, _, a := generate(t, answer.Prompt{Question: q, Language: "id", Sources: []answer.Source{sourceOf(r)}})
	if len(a.Cited) != 1 || !strings.Contains(md, "yang didukung lainnya") || !strings.Contains(md, "Perlu memindahkan") {
		t.Fatalf("cited %v, want a quote of the description and the paragraph after it (else this proves nothing):\n%s", citedPaths(a), md)
	}
	if strings.Contains(md, "lainnya Perlu") || !strings.Contains(md, "lainnya\n>\n> Perlu") {
		t.Errorf("the description and the next paragraph run on as one sentence:\n%s", md)
	}
}
