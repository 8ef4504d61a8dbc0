package wordnet_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search/internal/wordnet"
)

// excerptLemmas are the lemmas testdata holds (testdata/SOURCE).
var excerptLemmas = []string{"answer", "colour", "downgrade", "forever", "hide", "latency", "refund", "sideways", "slow"}

// TestTableMatchesSource regenerates the committed table's lines for the excerpt's lemmas from
// the excerpt of WordNet's files and checks that the table holds exactly those lines.
func TestTableMatchesSource(t *testing.T) {
	db, err := wordnet.Read("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if got := db.Lemmas(); !slices.Equal(got, excerptLemmas) {
		t.Fatalf("excerpt lemmas %v, want %v", got, excerptLemmas)
	}
	table := readTable(t, wordnet.Table)
	for _, lemma := range excerptLemmas {
		want, ok := wordnet.Line(lemma, db.Entry(lemma))
		if !ok {
			t.Errorf("%s: no related word in the excerpt", lemma)
			continue
		}
		if got := table[lemma]; got != want {
			t.Errorf("table line\n%s\nregenerated from the source\n%s", got, want)
		}
	}
}

func readTable(t *testing.T, gz []byte) map[string]string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	prev := ""
	for sc.Scan() {
		lemma, _, _ := strings.Cut(sc.Text(), "\t")
		if lemma <= prev {
			t.Fatalf("table not sorted: %q after %q", lemma, prev)
		}
		prev = lemma
		out[lemma] = sc.Text()
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEntries checks what the relations hold on the excerpt: WordNet's synonyms, hypernyms,
// similar adjectives and derivations, none past the bound, none a phrase or the lemma itself.
func TestEntries(t *testing.T) {
	db, err := wordnet.Read("testdata")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		lemma string
		rel   int // index in wordnet.Relations
		has   string
	}{
		{"forever", 0, "eternally"},
		{"hide", 0, "conceal"},
		{"colour", 0, "color"},
		{"sideways", 0, "sidewise"},
		{"latency", 1, "interval"},
		{"refund", 1, "payment"},
		{"slow", 2, "sluggish"},
		{"slow", 3, "slowness"},
	}
	for _, c := range cases {
		e := db.Entry(c.lemma)
		if !slices.Contains(e[c.rel], c.has) {
			t.Errorf("%s %c: %v lacks %q", c.lemma, wordnet.Relations[c.rel], e[c.rel], c.has)
		}
	}
	for _, lemma := range db.Lemmas() {
		for r, list := range db.Entry(lemma) {
			if len(list) > wordnet.MaxPerRelation {
				t.Errorf("%s %c: %d words", lemma, wordnet.Relations[r], len(list))
			}
			for _, w := range list {
				if w == lemma || !wordnet.Word(w) {
					t.Errorf("%s %c holds %q", lemma, wordnet.Relations[r], w)
				}
			}
		}
	}
}
