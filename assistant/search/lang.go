package search

import (
	"embed"
	"strings"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/arabic"
	"github.com/blevesearch/snowballstem/danish"
	"github.com/blevesearch/snowballstem/dutch"
	"github.com/blevesearch/snowballstem/finnish"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/hungarian"
	"github.com/blevesearch/snowballstem/italian"
	"github.com/blevesearch/snowballstem/norwegian"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/blevesearch/snowballstem/romanian"
	"github.com/blevesearch/snowballstem/russian"
	"github.com/blevesearch/snowballstem/spanish"
	"github.com/blevesearch/snowballstem/swedish"
	"github.com/blevesearch/snowballstem/turkish"
)

// A page is analyzed in its docs.json language, and a query in the language it is asked in
// (its filter's): each language has its own stop words and stemmer. English, and a page or
// query in no language or one without a stemmer here, keep the English analysis (stopwords.go,
// stem.go). The other languages use the Snowball project's stemmers (Go code generated from
// its algorithms by github.com/blevesearch/snowballstem) and its stop word lists
// (stopwords/, from snowballstem.org). Chinese, Japanese and Korean text is cut into character
// pairs whatever the language (analyze.go), so those languages need no stemmer.

// language is how the words of one language become terms.
type language struct {
	name string
	stop map[string]struct{}
	stem func(*snowballstem.Env) bool // the Snowball stemmer; nil for none
	// porter: the English Porter stemmer (stem.go), on ASCII words only
	porter bool
}

// english is the analysis of English, of pages in no language and of unknown languages.
var english = &language{name: "english", stop: stopWords, porter: true}

//go:embed stopwords/*.txt
var stopFiles embed.FS

// snowball are the languages with a Snowball stemmer or stop word list, by ISO 639-1 code.
var snowball = map[string]*language{
	"id": {name: "indonesian"},
	"ar": {name: "arabic", stem: arabic.Stem},
	"da": {name: "danish", stem: danish.Stem},
	"de": {name: "german", stem: german.Stem},
	"es": {name: "spanish", stem: spanish.Stem},
	"fi": {name: "finnish", stem: finnish.Stem},
	"fr": {name: "french", stem: french.Stem},
	"hu": {name: "hungarian", stem: hungarian.Stem},
	"it": {name: "italian", stem: italian.Stem},
	"nl": {name: "dutch", stem: dutch.Stem},
	"no": {name: "norwegian", stem: norwegian.Stem},
	"pt": {name: "portuguese", stem: portuguese.Stem},
	"ro": {name: "romanian", stem: romanian.Stem},
	"ru": {name: "russian", stem: russian.Stem},
	"sv": {name: "swedish", stem: swedish.Stem},
	"tr": {name: "turkish", stem: turkish.Stem},
}

func init() {
	for _, l := range snowball {
		l.stop = map[string]struct{}{}
		if data, err := stopFiles.ReadFile("stopwords/" + l.name + ".txt"); err == nil {
			l.stop = snowballStopWords(string(data))
		}
	}
}

// snowballStopWords reads a Snowball stop word list: words at the start of lines (several on
// some), comments after "|".
func snowballStopWords(data string) map[string]struct{} {
	set := map[string]struct{}{}
	for _, line := range strings.Split(data, "\n") {
		if i := strings.IndexByte(line, '|'); i >= 0 {
			line = line[:i]
		}
		for _, w := range strings.Fields(line) {
			set[w] = struct{}{}
		}
	}
	return set
}

// languageOf returns the analysis of a docs.json language code ("es", "pt-BR", "zh-Hans"):
// that of its primary subtag, English for "", "en" and languages without a stemmer here.
func languageOf(code string) *language {
	primary, _, _ := strings.Cut(strings.ToLower(code), "-")
	if l := snowball[primary]; l != nil {
		return l
	}
	return english
}

// language returns the analysis of a language code: its own with o.languages, else English.
func (o *options) language(code string) *language {
	if !o.languages {
		return english
	}
	return languageOf(code)
}

// snowballStem stems w, a lowercase word of letters, with the language's stemmer; env is
// the stemmer's reusable state.
func (l *language) snowballStem(env *snowballstem.Env, w []byte) string {
	env.SetCurrent(string(w))
	l.stem(env)
	return env.Current()
}
