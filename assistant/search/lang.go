package search

import "github.com/lectern-dev/lectern/platform/lang"

// A page is analyzed in its docs.json language, and a query in the language it is asked in
// (its filter's): each language has its own stop words and stemmer (platform/lang, which the
// model-free answer reads questions with too). English, and a page or query in no language or
// one without a stemmer there, keep the English analysis: lang's English stop words and the
// Porter stemmer (stem.go). Chinese, Japanese and Korean text is cut into character pairs
// whatever the language (analyze.go), so those languages need no stemmer; a query's pairs of
// hiragana are Japanese grammar and are left out (cjk.Kana, analyze.go's hasTopic).

// language returns the analysis of a language code: its own with o.languages, else English.
func (o *options) language(code string) *lang.Language {
	if !o.languages {
		return lang.English
	}
	return lang.Of(code)
}
