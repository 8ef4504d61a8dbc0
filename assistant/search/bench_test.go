package search_test

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// bigSite makes a site of n pages from the test site: each page is a copy of a test page under
// its own prefix, with three extra sections of text drawn from a Zipf-distributed vocabulary of
// 20,000 made-up words, so that it has a large vocabulary and pages of about 3.5 KB.
func bigSite(tb testing.TB, n int) []search.Page {
	base := loadSite(tb)
	rng := rand.New(rand.NewPCG(1, 2))
	vocab := make([]string, 20000)
	for i := range vocab {
		vocab[i] = word(rng)
	}
	zipf := rand.NewZipf(rand.New(rand.NewPCG(3, 4)), 1.1, 1, uint64(len(vocab)-1))
	pages := make([]search.Page, n)
	for i := range pages {
		p := base[i%len(base)]
		p.URL = fmt.Sprintf("/product-%d%s", i/len(base), p.URL)
		var b strings.Builder
		b.WriteString(p.Body)
		for s := range 3 {
			fmt.Fprintf(&b, "\n\n## %s %s %d\n\n", vocab[zipf.Uint64()], vocab[zipf.Uint64()], s)
			for w := range 120 {
				b.WriteString(vocab[zipf.Uint64()])
				if w%12 == 11 {
					b.WriteString(". ")
				} else {
					b.WriteByte(' ')
				}
			}
		}
		p.Body = b.String()
		pages[i] = p
	}
	return pages
}

func word(rng *rand.Rand) string {
	const letters = "abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, 3+rng.IntN(8))
	for i := range b {
		b[i] = letters[rng.IntN(len(letters))]
	}
	return string(b)
}

func BenchmarkBuild2000Pages(b *testing.B) {
	pages := bigSite(b, 2000)
	var size int
	for _, p := range pages {
		size += len(p.Body)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var ix *search.Index
	for b.Loop() {
		ix = search.Build(pages)
	}
	b.ReportMetric(float64(ix.Len()), "sections")
}

// benchQueries are the test questions, asked in turn.
func benchQueries() []search.Query {
	var qs []search.Query
	for _, q := range append(questions, holdout...) {
		qs = append(qs, search.Query{Text: q.q, Limit: 5})
	}
	return qs
}

func BenchmarkSearch(b *testing.B) {
	ix := search.Build(bigSite(b, 2000))
	qs := benchQueries()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ix.Search(qs[i%len(qs)])
		i++
	}
}

func BenchmarkSearchConversation(b *testing.B) {
	ix := search.Build(bigSite(b, 2000))
	q := search.Query{
		Text:    "and how do I check the signature?",
		History: []string{"how do I set up webhooks", "which events are there"},
		Context: []string{"const event = relay.webhooks.constructEvent(rawBody, req.headers['relay-signature'], secret);"},
		Limit:   5,
	}
	b.ReportAllocs()
	for b.Loop() {
		ix.Search(q)
	}
}

func BenchmarkSearchParallel(b *testing.B) {
	ix := search.Build(bigSite(b, 2000))
	qs := benchQueries()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			ix.Search(qs[i%len(qs)])
			i++
		}
	})
}

// BenchmarkSearchBaselineScan is the naive search to compare BenchmarkSearch with: a linear scan
// counting which query words (lowercase, 3+ bytes) occur in each section's lowercased text.
func BenchmarkSearchBaselineScan(b *testing.B) {
	var texts []string
	for _, p := range bigSite(b, 2000) {
		title, _, secs := search.Sections(p.Body)
		for _, s := range secs {
			texts = append(texts, strings.ToLower(title+"\n"+s.Heading+"\n"+s.Text))
		}
	}
	qs := benchQueries()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		scan(texts, qs[i%len(qs)].Text, 5)
		i++
	}
}

func scan(texts []string, q string, n int) []int {
	var words []string
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if len(w) >= 3 {
			words = append(words, w)
		}
	}
	type hit struct{ i, n int }
	var hits []hit
	for i, t := range texts {
		c := 0
		for _, w := range words {
			if strings.Contains(t, w) {
				c++
			}
		}
		if c > 0 {
			hits = append(hits, hit{i, c})
		}
	}
	sort.Slice(hits, func(a, b int) bool { return hits[a].n > hits[b].n })
	out := make([]int, 0, n)
	for _, h := range hits[:min(n, len(hits))] {
		out = append(out, h.i)
	}
	return out
}

// translated returns the pages as a site's Spanish translation: the same text (the bench
// measures the Snowball analysis's cost, not its quality), each page in language "es".
func translated(pages []search.Page) []search.Page {
	for i := range pages {
		pages[i].Language = "es"
	}
	return pages
}

// BenchmarkBuild2000PagesSpanish is BenchmarkBuild2000Pages with every page analyzed in Spanish
// (Snowball stems and stop words).
func BenchmarkBuild2000PagesSpanish(b *testing.B) {
	pages := translated(bigSite(b, 2000))
	b.ReportAllocs()
	for b.Loop() {
		search.Build(pages)
	}
}

// BenchmarkSearchSpanish is BenchmarkSearch on the Spanish site, each question analyzed in
// Spanish.
func BenchmarkSearchSpanish(b *testing.B) {
	ix := search.Build(translated(bigSite(b, 2000)))
	qs := benchQueries()
	for i := range qs {
		qs[i].Filter.Language = "es"
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ix.Search(qs[i%len(qs)])
		i++
	}
}

// BenchmarkSections cleans and splits every page of two public sites of the evaluation
// (continue and cline, about 250 pages of MDX): the MDX reading alone, without the index.
func BenchmarkSections(b *testing.B) {
	var pages []string
	var size int
	for _, site := range []string{"continue", "cline"} {
		err := filepath.WalkDir("testdata/eval/"+site, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".mdx") {
				return err
			}
			data, err := os.ReadFile(p)
			pages = append(pages, string(data))
			size += len(data)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if len(pages) == 0 {
		b.Fatal("no pages")
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		n = 0
		for _, p := range pages {
			_, _, secs := search.Sections(p)
			n += len(secs)
		}
	}
	b.ReportMetric(float64(n), "sections")
}

// BenchmarkAcronymDefsCode: the acronym miner on a 24 KB page of Python, a call's parentheses
// on every line (CrewAI's tool pages are such; the miner split the whole text before each
// parenthesis, and mining took an eighth of a 23,000-page site's build).
func BenchmarkAcronymDefsCode(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("Retrieval-Augmented Generation (RAG) with a Large Language Model (LLM).\n\n")
	for i := 0; sb.Len() < 24<<10; i++ {
		fmt.Fprintf(&sb, "result_%d = tool.run(query=%q, limit=len(items_%d))\n", i, "find the docs", i)
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if len(search.AcronymDefs(text)) != 2 {
			b.Fatal("the two definitions are not found")
		}
	}
}

// BenchmarkAcronymDefsParens: the acronym miner on 48 KB of "()" (ASCII art, minified code):
// each parenthesis read back over the whole run before it, 5.2 s an operation, until the miner
// read no further back than acronymWindow.
func BenchmarkAcronymDefsParens(b *testing.B) {
	text := "a" + strings.Repeat("()", 24<<10)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if len(search.AcronymDefs(text)) != 0 {
			b.Fatal("a definition in parentheses alone")
		}
	}
}
