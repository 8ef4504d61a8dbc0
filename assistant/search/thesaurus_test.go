package search_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/search/internal/wordnet"
)

// thesaurusSite's pages use "conceal", "sidewise", "oblique" and "eternally"; none uses
// "hide", "sideways" or "forever", which WordNet relates to them (the Spanish page holds the
// English words too, so that only the question's language keeps them out).
var thesaurusSite = []search.Page{
	{URL: "/secrets", Title: "Secrets", Body: "Conceal the secret files from the build."},
	{URL: "/rotate", Title: "Rotation", Body: "A page scanned sidewise or oblique is turned upright."},
	{URL: "/cache", Title: "Cache", Body: "Entries are kept eternally unless you purge them."},
	{URL: "/hide", Title: "Hide", Body: "Hide a page from the sidebar."},
	{URL: "/es/ocultar", Title: "Ocultar", Body: "conceal sidewise oblique", Language: "es"}, // English words on a Spanish page
	{URL: "/en/x", Title: "Other", Body: "Nothing here.", Language: "en"},
}

// table is WordNet's committed table.
func table(t *testing.T) *search.Thesaurus {
	t.Helper()
	th, err := search.ReadThesaurus(wordnet.Table)
	if err != nil {
		t.Fatal(err)
	}
	return th
}

func thesaurusIndex(t *testing.T, spec string) *search.Index {
	t.Helper()
	ix, err := search.BuildWithThesaurus(thesaurusSite, table(t), spec)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// TestThesaurusExpandsWordsTheSiteLacks: a word of the question no page uses is searched as the
// words WordNet relates to it that the pages use; a word the pages use is not expanded; a
// question in another language is not; and nothing is expanded unless asked (Build).
func TestThesaurusExpandsWordsTheSiteLacks(t *testing.T) {
	on := thesaurusIndex(t, "rel=sr,w=0.4,df=0,word=3,query=8")
	tests := []struct {
		name string
		ix   *search.Index
		q    search.Query
		want []string // terms among the query's, by their English text
		not  []string // terms that must not be among them
	}{
		{"unknown word expanded", on, search.Query{Text: "hide secret files"}, []string{"hide"}, nil},
		{"unknown word, synonyms found", on, search.Query{Text: "my scan came out sideways"}, []string{"sidewise", "oblique"}, nil},
		{"unknown adverb", on, search.Query{Text: "kept forever"}, []string{"eternally"}, nil},
		{"known word not expanded", on, search.Query{Text: "hide the sidebar page"}, []string{"hide"}, []string{"conceal"}},
		{"another language not expanded", on, search.Query{Text: "sideways secret", Filter: search.Filter{Language: "es"}}, nil, []string{"sidewise", "oblique"}},
		{"off by default", search.Build(thesaurusSite), search.Query{Text: "my scan came out sideways"}, nil, []string{"sidewise", "oblique"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := search.QueryTerms(tt.ix, tt.q)
			for _, w := range tt.want {
				if !slices.Contains(got, search.Stem(w)) {
					t.Errorf("%q: terms %v lack %q", tt.q.Text, got, search.Stem(w))
				}
			}
			for _, w := range tt.not {
				if slices.Contains(got, search.Stem(w)) {
					t.Errorf("%q: terms %v hold %q", tt.q.Text, got, search.Stem(w))
				}
			}
		})
	}
}

// TestThesaurusFindsThePage: the page that uses the related word comes first.
func TestThesaurusFindsThePage(t *testing.T) {
	ix := thesaurusIndex(t, "rel=sr,w=0.4,df=0,word=3,query=8")
	rs := ix.Search(search.Query{Text: "the scan came out sideways"})
	if len(rs) == 0 || rs[0].Path != "/rotate" {
		t.Errorf("got %v, want /rotate first", urls(rs))
	}
}

// TestThesaurusBounds: a question of many unknown words adds at most word related terms a
// word and query a question, whatever it holds; a spec past the bounds is refused.
func TestThesaurusBounds(t *testing.T) {
	var pages []search.Page
	words := []string{"conceal", "obscure", "veil", "shroud", "eternally", "evermore", "perpetually", "always",
		"sidewise", "crabwise", "oblique", "slanted", "gradual", "sluggish", "unhurried", "dilatory"}
	for i, w := range words {
		pages = append(pages, search.Page{URL: "/p" + string(rune('a'+i)), Title: "Page", Body: w + " here."})
	}
	q := search.Query{Text: strings.Repeat("hide forever sideways slow ", 20)}
	th := table(t)
	for _, c := range []struct {
		spec     string
		min, max int // each of the four words has one related word the pages hold, some more
	}{
		{"rel=sr,word=1,query=32", 4, 4},
		{"rel=sr,word=2,query=32", 5, 8},
		{"rel=sr,word=8,query=5", 5, 5},
	} {
		ix, err := search.BuildWithThesaurus(pages, th, c.spec)
		if err != nil {
			t.Fatal(err)
		}
		got := search.QueryTerms(ix, q)
		related := 0
		for _, term := range got {
			if slices.ContainsFunc(words, func(w string) bool { return search.Stem(w) == term }) {
				related++
			}
		}
		if related < c.min || related > c.max {
			t.Errorf("%s: %d related terms %v, want %d to %d", c.spec, related, got, c.min, c.max)
		}
	}
	for _, spec := range []string{"word=9", "query=33", "w=0", "w=2", "rel=x", "df=-1", "nope=1", "word=x"} {
		if _, err := search.BuildWithThesaurus(pages, th, spec); err == nil {
			t.Errorf("%q accepted", spec)
		}
	}
	if _, err := search.BuildWithThesaurus(pages, nil, "rel=s"); err == nil {
		t.Error("a spec without a table accepted")
	}
}
