package sitedocs

import (
	"slices"
	"strings"
	"unicode"

	"github.com/lectern-dev/lectern/platform/lang"
)

// scripts are the writing systems that tell a question's language among a site's languages,
// each with the docs.json language codes (their primary subtag) written in it. Latin is not
// among them: a question in Latin letters may be in any of a site's Latin languages.
// A letter of a script weighs weight Latin letters when the question's letters are counted: a
// Chinese, Japanese or Korean character is about a word ("如何在代码节点中使用 Python 库" is
// Chinese, not the English of "Python").
var scripts = []struct {
	table  *unicode.RangeTable
	langs  []string
	weight int
}{
	{unicode.Hiragana, []string{"ja", "jp"}, 3},
	{unicode.Katakana, []string{"ja", "jp"}, 3},
	{unicode.Hangul, []string{"ko"}, 3},
	{unicode.Han, []string{"zh", "cn", "ja", "jp"}, 3}, // Chinese first: Japanese has kana besides
	{unicode.Cyrillic, []string{"ru", "uk", "bg", "sr", "kk", "mn", "be"}, 1},
	{unicode.Arabic, []string{"ar", "fa", "ur"}, 1},
	{unicode.Hebrew, []string{"he"}, 1},
	{unicode.Thai, []string{"th"}, 1},
	{unicode.Devanagari, []string{"hi", "mr", "ne"}, 1},
	{unicode.Greek, []string{"el"}, 1},
}

// LanguageOf returns the site's language that text is written in when its script tells it:
// the script of most of its letters outside Latin, when they outweigh the Latin ones or the
// Latin words tell no Latin language by their stop words (names: toldLatin), any kana making
// it Japanese (kanji are Han),
// matched to the site's language written in it; Han without kana is Chinese before Japanese, and
// zh-Hans before zh-Hant when listed so; a text of mostly Latin letters, the site's Latin
// language latinLanguage tells. "" when no language of the site or two of different primary
// subtags (ru and uk) are written in the script, or when the default language is written in it
// already.
func (s *Scopes) LanguageOf(text string) string {
	if len(s.Languages) < 2 {
		return ""
	}
	counts := make([]int, len(scripts))
	latin, other := 0, 0
	for _, r := range text {
		if !unicode.IsLetter(r) {
			continue
		}
		if unicode.Is(unicode.Latin, r) {
			latin++
			continue
		}
		for i, sc := range scripts {
			if unicode.Is(sc.table, r) {
				counts[i]++
				other += sc.weight
				break
			}
		}
	}
	if other == 0 || other <= latin && toldLatin(text) {
		return s.latinLanguage(text, latin)
	}
	best := 0
	if counts[0]+counts[1] == 0 { // no kana
		for i, n := range counts {
			if n > counts[best] {
				best = i
			}
		}
	}
	return s.writtenIn(scripts[best].langs, scripts[best].table == unicode.Han)
}

// toldLatin reports whether text's stop words tell a language written in Latin letters. The
// Latin letters of a question may outnumber its others and still be names, which tell no
// language: "подключить Claude Desktop MCP" is Russian naming two products and a protocol,
// and was searched in the English pages of a site whose default is Russian (rehearse36).
func toldLatin(text string) bool {
	l := lang.Tell(text)
	return l != nil && !nonLatin(l.Code())
}

// latinLanguage returns the site's language a text of mostly Latin letters is written in.
// When the default language is not written in Latin letters: the one such language of the
// site, or among several the one its stop words tell (lang.Tell). An English question on a
// site whose default is Chinese, with English pages besides (zhayujie/CowAgent), was searched
// in the Chinese pages and declined in Chinese (rehearse30). When the default is written in
// them: another Latin language of the site that the text's stop words tell plainly (foreign),
// else "" (the default). "" too when the text has no Latin letter or no language of the site
// is written in them.
func (s *Scopes) latinLanguage(text string, latin int) string {
	if latin == 0 {
		return ""
	}
	var found []string
	for _, l := range s.Languages {
		if !nonLatin(l) {
			found = append(found, l)
		}
	}
	if !nonLatin(s.DefaultLanguage) {
		return foreign(text, s.DefaultLanguage, found)
	}
	if len(found) == 1 {
		return found[0]
	}
	told := lang.Tell(text)
	if told == nil {
		return ""
	}
	for _, l := range found {
		if primary(l) == told.Code() {
			return l
		}
	}
	return ""
}

// Stop words a question needs of a language other than the site's default, at least
// foreignStops and foreignMargin times as many as of the default's, to be searched and
// answered in it. Docs in German or Indonesian borrow English words ("Pop Up", "Powered by",
// "Text-to-Speech"): a title or question with one of English's stop words and none of its own
// language's is told English, but holds too few to leave the default.
const (
	foreignStops  = 2
	foreignMargin = 2
)

// foreign returns the language of langs (the site's Latin ones) other than def that text's
// stop words tell, when it holds foreignStops of them and foreignMargin times as many as of
// def's, a word both lists hold counting for neither; "" otherwise. An English question asked
// from no page of Famulor's docs (German the default, English besides) was searched in the
// German pages and declined in German (rehearse33). Polish's list holds English's "do", "i",
// "my", "to" and "no": counted for both, they kept "How long do I have to cancel after I asked
// to delete my account?" in murmurvault's Polish pages (rehearse37).
func foreign(text, def string, langs []string) string {
	var t lang.Teller
	t.Read(text)
	told := t.Language()
	if told == nil || told.Code() == primary(def) {
		return ""
	}
	if n, d := apart(text, told, lang.Of(def)); n < foreignStops || n < foreignMargin*d {
		return ""
	}
	for _, l := range langs {
		if primary(l) == told.Code() {
			return l
		}
	}
	return ""
}

// apart counts the words of text (of two letters or more, not written in capitals, as the
// Teller reads them) that are stop words of a and not of b, and those of b and not of a.
func apart(text string, a, b *lang.Language) (onlyA, onlyB int) {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
		if len([]rune(w)) < 2 || strings.ToUpper(w) == w {
			continue
		}
		lw := []byte(strings.ToLower(w))
		switch inA, inB := a.Stop(lw), b.Stop(lw); {
		case inA && !inB:
			onlyA++
		case inB && !inA:
			onlyB++
		}
	}
	return onlyA, onlyB
}

// nonLatin reports whether a language code names a language written in one of scripts.
func nonLatin(code string) bool {
	for _, sc := range scripts {
		if slices.Contains(sc.langs, primary(code)) {
			return true
		}
	}
	return false
}

// writtenIn returns the site's language written in the script of langs (primary subtags, in the
// order preferred when ordered), "" when none is, when the default language is, or when two of
// different subtags are and the script prefers none.
func (s *Scopes) writtenIn(langs []string, ordered bool) string {
	rank := func(l string) int {
		for i, p := range langs {
			if primary(l) == p {
				return i
			}
		}
		return -1
	}
	if rank(s.DefaultLanguage) >= 0 {
		return ""
	}
	found := ""
	for _, l := range s.Languages {
		switch r := rank(l); {
		case r < 0:
		case found == "" || ordered && r < rank(found):
			found = l
		case primary(found) != primary(l) && !ordered:
			return ""
		}
	}
	return found
}

// primary is a language code's primary subtag, lower case: "zh" of "zh-Hans", "pt" of "pt-BR".
func primary(lang string) string {
	p, _, _ := strings.Cut(lang, "-")
	return strings.ToLower(p)
}
