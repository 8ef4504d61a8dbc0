package search

import (
	"bytes"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// Weights of the parts of a query.
const (
	historyWeight  = 0.5  // the turn before the last message; older turns decay by historyDecay
	historyDecay   = 0.7  //
	maxHistory     = 4    // turns looked at
	contextWeight  = 0.8  // each context item
	maxContext     = 4    // context items looked at
	compoundWeight = 0.5  // a word joined with the next into a term ("set" of "set up" → "setup")
	partTerms      = 10.0 // a part with n > partTerms distinct terms has its weights scaled by √(partTerms/n)
	maxTermWeight  = 2.0  // cap on the summed weight of one term
	maxQueryTerms  = 64   // terms kept per query, the first ones
	maxPartTerms   = 64   // terms kept per part, the first ones
	maxPartBytes   = 4096 // bytes of a part read, the first ones
)

// qterm is one term of a query with its weight.
type qterm struct {
	id uint32
	w  float32
	of uint32 // for a synonym of a word of the query, the word's term id + 1; 0 for the query's own terms
}

// queryTerms turns a query into weighted terms of this index.
func (ix *Index) queryTerms(q *Query, sc *scratch) []qterm {
	sc.q = sc.q[:0]
	sc.an.lang, sc.group = ix.o.language(ix.readsIn(q.Filter, q.Text)), ix.group(q.Filter.Language)
	sc.an.englishStops = true
	sc.main, sc.thes = true, 0
	ix.addPart(sc, q.Text, 1, true)
	sc.main, sc.mainN = false, len(sc.q)
	for k := 0; k < maxHistory && k < len(q.History); k++ {
		w := historyWeight * math.Pow(historyDecay, float64(k))
		ix.addPart(sc, q.History[len(q.History)-1-k], float32(w), true)
	}
	for k := 0; k < maxContext && k < len(q.Context); k++ {
		ix.addPart(sc, q.Context[k], contextWeight, false)
	}
	sc.an.kanaStops, sc.an.cjkStops = false, false // a result's passage and line show every word that matches
	return sc.q
}

// addPart adds the terms of one part of the query: each distinct term gets the part's weight,
// scaled down for long parts; synonyms and joined words get a share of it.
func (ix *Index) addPart(sc *scratch, text string, w float32, compounds bool) {
	if text == "" {
		return
	}
	sc.part, sc.prev, sc.words = sc.part[:0], sc.prev[:0], 0
	text = text[:min(len(text), maxPartBytes)]
	sc.an.kanaStops, sc.an.cjkStops = false, ix.o.cjkStops && cjk.Contains(text)
	sc.an.cjkStops = sc.an.cjkStops && sc.an.hasTopic(text) // a question of stop words alone keeps them
	sc.an.kanaStops = ix.o.kanaStops && strings.ContainsFunc(text, cjk.IsHiragana) && sc.an.hasTopic(text)
	// In Japanese, kana between them mark where a question's words end, so a piece between its
	// stop words none of whose pairs the index holds is a word the index lacks; Chinese has no
	// such marks, and a piece there is often several words.
	piece := cjkPiece{on: strings.ContainsFunc(text, cjk.IsHiragana)}
	sc.an.wordsAt(text, func(word []byte, joined bool, at int) {
		known := ix.word(sc, word)
		switch {
		case joined || !sc.main:
		case bytes.ContainsFunc(word, cjk.Is):
			// A pair of CJK characters the index lacks most often straddles two words.
			if piece.next(word, at, known) {
				sc.unknown++
			}
		case !known:
			sc.unknown++
		}
		if !joined && compounds {
			ix.compound(sc, word, at > 0 && text[at-1] == '-')
		}
	})
	if sc.main && piece.lacked() {
		sc.unknown++
	}
	scale := float32(1)
	if sc.words > partTerms {
		scale = float32(math.Sqrt(partTerms / float64(sc.words)))
	}
	for _, t := range sc.part {
		sc.add(t.id, w*scale*t.w, t.of)
	}
}

// word adds the term of one query word and its synonyms; it reports false for a word that is
// not a stop word and that the index lacks.
func (ix *Index) word(sc *scratch, word []byte) bool {
	t := sc.an.normalize(word)
	if t == nil {
		return true
	}
	id, ok := ix.terms[string(t)]
	synonyms := ix.synonyms[string(t)] // before plainTerm reuses t's buffer
	pid, plain := ix.plainTerm(sc, word)
	switch {
	case !ok:
		id, ok, plain = pid, plain, false
	case plain && pid == id:
		plain = false
	}
	if ok && sc.addPartTerm(id, 1, 0) {
		sc.words++
	}
	if ok && sc.main && len(sc.seq) < maxPartTerms {
		sc.seq = append(sc.seq, id)
	}
	of := uint32(0)
	if ok {
		of = id + 1
	}
	if plain {
		sc.addPartTerm(pid, 1, of) // the word as pages written without accents spell it
	}
	for _, sid := range synonyms {
		sc.addPartTerm(sid, synonymWeight, of)
	}
	ix.expandRare(sc, word, id, ok)
	return ok
}

// plainTerm looks a word the index lacks up by its plain spelling, its Latin letters without
// their diacritics (fold.go), stemmed: the stemmers read an accented ending apart from its plain
// one ("activité" is "activ", "activite" "activit"; "configuración" "configur", "configuracion"
// itself), so a question written with accents on pages written without them finds their words
// by the spelling the pages use.
func (ix *Index) plainTerm(sc *scratch, word []byte) (uint32, bool) {
	if !hasNonASCII(word) {
		return 0, false
	}
	sc.plain = appendFolded(sc.plain[:0], word)
	if string(sc.plain) == string(word) {
		return 0, false
	}
	t := sc.an.normalize(sc.plain)
	if t == nil {
		return 0, false
	}
	id, ok := ix.terms[string(t)]
	return id, ok
}

// compound joins a word to the previous one ("set up" → "setup", "command line" → "cli"). When
// one of the two means nothing alone (a stop word, or a word the index lacks) and the index has
// the joined term, that term takes the word's place: it counts fully and the other word of the
// pair drops to compoundWeight. Synonyms of the joined term count as a phrase's. Two stop words
// are never joined ("do I" is not "doi"). Otherwise a stop word is joined in English only, whose
// phrasal verbs make nouns ("log in", "login"; in Spanish "de precios" is no word), and first
// only when a hyphen joins the two (hyphenated is written compound: "e-mail", "re-sync"), for
// "my chatbot" is not the "mychatbot" of a code sample.
func (ix *Index) compound(sc *scratch, word []byte, hyphen bool) {
	prev := sc.prev
	sc.prev = append(sc.pair[:0], word...)
	sc.pair = prev
	if len(prev) == 0 || !ix.o.compounds || cjk.Contains(string(word)) || cjk.Contains(string(prev)) {
		return // CJK bigrams overlap already
	}
	id1, ok1, stop1 := ix.termID(sc, prev)
	id2, ok2, stop2 := ix.termID(sc, word)
	if stop1 && stop2 || (stop1 || stop2) && !sc.an.english() || stop1 && !hyphen {
		return // two function words make no word ("do I"), nor does one outside English ("de precios") or first, unhyphenated ("my app")
	}
	prev = append(prev, word...)
	sc.pair = prev
	t := sc.an.normalize(prev)
	if t == nil {
		return
	}
	if id, ok := ix.terms[string(t)]; ok && !(ok1 && ok2) {
		sc.addPartTerm(id, 1, 0)
		sc.demote(id1, ok1)
		sc.demote(id2, ok2)
	}
	for _, sid := range ix.synonyms[string(t)] {
		sc.addPartTerm(sid, phraseWeight, 0)
	}
}

// termID returns the term id of a word, if the index has it; stop reports a word that is no
// term at all (a stop word, or a single letter).
func (ix *Index) termID(sc *scratch, word []byte) (id uint32, ok, stop bool) {
	t := sc.an.normalize(word)
	if t == nil {
		return 0, false, true
	}
	id, ok = ix.terms[string(t)]
	return id, ok, false
}

// demote lowers a term of the current part to compoundWeight.
func (sc *scratch) demote(id uint32, ok bool) {
	for i := range sc.part {
		if ok && sc.part[i].id == id {
			sc.part[i].w = min(sc.part[i].w, compoundWeight)
		}
	}
}

// addPartTerm records a term of the current part at the highest weight it was given, as the
// synonym of the word of term id of-1 (0: the query's own); it reports whether the term is new.
// A term that is both a word of the query and a synonym is the query's own.
func (sc *scratch) addPartTerm(id uint32, w float32, of uint32) bool {
	for i := range sc.part {
		if sc.part[i].id == id {
			sc.part[i].w = max(sc.part[i].w, w)
			sc.part[i].of = ownOf(sc.part[i].of, of)
			return false
		}
	}
	if len(sc.part) < maxPartTerms {
		sc.part = append(sc.part, qterm{id: id, w: w, of: of})
	}
	return true
}

// ownOf merges the origins of a term given twice: the query's own if either is.
func ownOf(a, b uint32) uint32 {
	if a == 0 || b == 0 {
		return 0
	}
	return a
}

// add adds weight to a query term.
func (sc *scratch) add(id uint32, w float32, of uint32) {
	for i := range sc.q {
		if sc.q[i].id == id {
			sc.q[i].w = min(sc.q[i].w+w, maxTermWeight)
			sc.q[i].of = ownOf(sc.q[i].of, of)
			return
		}
	}
	if len(sc.q) < maxQueryTerms {
		sc.q = append(sc.q, qterm{id: id, w: min(w, maxTermWeight), of: of})
	}
}

// cjkPiece follows the CJK words of a query, each pair at its offset, through the pieces they
// come from (a run of CJK characters between stop words, whose pairs overlap by a character):
// a piece of two characters or more none of whose pairs the index holds is one word it lacks,
// in a Japanese question (on).
type cjkPiece struct {
	on       bool // the question is Japanese: pieces are followed
	end      int  // offset where the piece's next pair would start
	pairs    bool // the piece has a pair (two characters or more)
	anyKnown bool // the index holds one of its words, or one is a stop word
}

// next takes the CJK word at offset at and reports whether the piece it ended (the word starts
// another) was a word the index lacks.
func (p *cjkPiece) next(word []byte, at int, known bool) bool {
	if !p.on {
		return false
	}
	lacked := false
	_, n := utf8.DecodeRune(word)
	if at != p.end {
		lacked = p.lacked()
		p.pairs, p.anyKnown = false, false
	}
	p.end = at + n
	p.pairs = p.pairs || utf8.RuneCount(word) > 1
	p.anyKnown = p.anyKnown || known
	return lacked
}

// lacked reports whether the piece followed so far is a word the index lacks.
func (p *cjkPiece) lacked() bool { return p.pairs && !p.anyKnown }
