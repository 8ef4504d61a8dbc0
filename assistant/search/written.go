package search

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/platform/lang"
)

// Content that docs.json puts in no language (a site without navigation.languages: a German
// support site, a Japanese one) is read in the language its text is written in, told by its
// stop words (lang.Tell), as the same pages would be under a docs.json language: a German page
// loses "ich", "und" and "der", and its "Passwörter" and "Passwort" meet on their Snowball stem.
// A question of such content is read in the language its own stop words tell when some page is
// written in it, else (a question of keywords alone, "Passwort zurücksetzen") in the language
// under which the index holds most of its words; a question in a language no page is written
// in keeps English. Before, such a site was read as English: a German question's "ich" and "habe"
// matched every German page, and the model-free answer declined "Ich habe mein Passwort
// vergessen" for want of them in the page that answers it. A page or question whose language
// is given keeps it.

// tellPage returns the language a page in no language is written in: "" for a page with a
// language, English, or one no language stands out in, and whether its text tells none at all
// (untold: no stop word, or only words English shares with another language). Korean, Japanese
// and Chinese are told by their script (lang.Teller.CJK: Chinese as Simplified "zh" or
// Traditional "zh-Hant"), so that a question of a Korean or Chinese site in no language is
// answered in its language, as under a docs.json "ko" or "zh"; their analysis is English's
// either way.
func tellPage(d *doc) (code string, untold bool) {
	if d.info.language != "" {
		return "", false
	}
	var t lang.Teller
	t.Read(d.info.title)
	for i := range d.secs {
		t.Read("\n")
		readProse(&t, d.secs[i].text)
	}
	l := t.Language()
	if l != nil && !l.IsEnglish() {
		return l.Code(), false
	}
	code = t.CJK() // Korean, Japanese or Chinese, told by its script: analyzed as English (lang.Of), cut into pairs
	return code, l == nil && code == ""
}

// adoptWritten reads each untold page in the language most pages in no language are written
// in (w.main: of more pages than English and the untold ones together; else English): a page of a Portuguese site with nothing but its
// title ("Saldo do evento") is Portuguese like the site, so that the site's questions, read in
// Portuguese, find it and it does not make a second, English site of title-only pages that a
// question told English searches alone (rehearse27: "exclusão do evento" found four empty
// pages, not the one that answers it).
func adoptWritten(docs []doc, w writtenLangs) {
	for i := range docs {
		if docs[i].untold {
			docs[i].info.written = w.main
		}
	}
}

// readProse gives t the lines of text outside its code blocks: code is written in no natural
// language, and its "if", "for" and "this" (English's stop words) or "no" and "num" (Portuguese's)
// would tell the language of the page's examples, not of its prose (rehearse21: a Portuguese
// API page with JavaScript examples was told English).
func readProse(t *lang.Teller, text string) {
	inCode := false
	for line := range strings.Lines(text) {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			inCode = !inCode
			continue
		}
		if !inCode {
			t.Read(line)
		}
	}
}

// analysis is the language a page is analyzed in: its own, else the one its text is written in.
func (p *pageInfo) analysis() string { return cmp.Or(p.language, p.written) }

// writtenLangs are the languages of the pages in no language other than English, with the
// number of pages in each, and the one a question that tells none is read in.
type writtenLangs struct {
	pages map[string]int
	main  string // the language of more such pages than English and any other; "" for none
}

// writtenOf counts the languages the pages in no language are written in.
func writtenOf(docs []doc) writtenLangs {
	w := writtenLangs{pages: map[string]int{}}
	english := 0
	for i := range docs {
		switch d := &docs[i]; {
		case d.info.language != "":
		case d.info.written == "": // English, or untold (an untold page moves only to a language of more pages than both)
			english++
		default:
			w.pages[d.info.written]++
		}
	}
	top := english // English wins a tie; among others, the first by code
	for _, code := range slices.Sorted(maps.Keys(w.pages)) {
		if n := w.pages[code]; n > top {
			w.main, top = code, n
		}
	}
	return w
}

// readsIn returns the language a query of filter f is analyzed in: the filter's, else (content
// in no language) the one its text tells (its stop words, or Korean's and Japanese's script)
// when some page is written in it (Chinese: in either of its scripts), else English for a text
// told English or in a language no page is written in; a text that tells none (keywords:
// "Passwort zurücksetzen", "Benachrichtigungen") is read in the language, of those the pages in
// no language are written in, under which the index holds most of its words, a tie going to the
// one most of those pages are written in, then English.
func (ix *Index) readsIn(f Filter, text string) string {
	if f.Language != "" || len(ix.written.pages) == 0 {
		return f.Language
	}
	l := lang.Tell(text)
	switch {
	case l == nil:
		switch code := lang.TellCJK(text); {
		case code == "":
			return ix.holdsMost(text)
		case ix.written.pages[code] > 0 || ix.written.pages[otherScript(code)] > 0:
			return code // a Korean, Japanese or Chinese question, of pages written in it (Chinese: in either script)
		}
		return "" // Korean, Japanese or Chinese, which no page is written in
	case l.IsEnglish():
		return ""
	case ix.written.pages[l.Code()] > 0:
		return l.Code()
	}
	return ""
}

// otherScript returns the code of Chinese's other script ("zh-Hant" for "zh"), "" for a code
// that is not Chinese: a Traditional question of Simplified pages is read in Traditional, so
// that the model-free answer is written in the reader's script (the analysis is the same).
func otherScript(code string) string {
	switch code {
	case "zh":
		return "zh-Hant"
	case "zh-Hant":
		return "zh"
	}
	return ""
}

// holdsMost returns the language (English "") of the pages in no language under which the
// index holds most of the words of text; ties go to written.main, then to English, then to
// the first by code.
func (ix *Index) holdsMost(text string) string {
	text = text[:min(len(text), maxPartBytes)]
	codes := append([]string{ix.written.main, ""}, slices.Sorted(maps.Keys(ix.written.pages))...)
	best, top := ix.written.main, -1
	var an analyzer
	an.englishStops = true
	for _, code := range codes {
		an.lang = ix.o.language(code)
		n := 0
		an.words(text, func(w []byte, joined bool) {
			if t := an.normalize(w); !joined && t != nil {
				if _, ok := ix.terms[string(t)]; ok {
					n++
				}
			}
		})
		if n > top {
			best, top = code, n
		}
	}
	return best
}

// ReadsIn is the language the search reads a question of filter f in (readsIn): the model-free
// answer reads it and writes its own sentences in the same. "" is English.
func (ix *Index) ReadsIn(f Filter, text string) string {
	if ix == nil {
		return f.Language
	}
	return ix.readsIn(f, text)
}
