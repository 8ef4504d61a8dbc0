package search

import "strings"

// passage returns the part of a section's text a result quotes: the whole text when it is
// short, else about snippetLen bytes starting at the matching paragraph or sentence whose window
// holds the most of the query's weight (each term counted once, weighted by weight · idf); the
// section's start wins ties, so a section that answers in its opening is quoted from there;
// between two later starts, the one whose own sentence or line holds more of that weight: a
// table's rows each hold "ERR_NGROK", and the row of ERR_NGROK_8012 is quoted, not a row
// above it whose window reaches it and whose quote, cut at a sentence's end, does not.
// A passage that starts inside the text begins with "… ".
func (ix *Index) passage(sc *scratch, text string) string {
	if len(text) <= snippetLen || len(sc.q) == 0 {
		return snippet(text, snippetLen)
	}
	hits := sc.hits[:0]
	sc.an.wordsAt(text, func(w []byte, _ bool, at int) {
		t := sc.an.normalize(w)
		if t == nil {
			return
		}
		if id, ok := ix.terms[string(t)]; ok && sc.slot[id] > 0 {
			hits = append(hits, termHit{at: at, k: int(sc.slot[id]) - 1})
		}
	})
	sc.hits = hits
	best, bestW, bestU := 0, float32(-1), float32(-1)
	ss := starts(text)
	for i, start := range ss {
		end := next(ss, i, len(text))
		if i > 0 && !hitIn(hits, start, end) {
			continue // a passage starts with a sentence that matches, or at the start
		}
		w, u := sc.weightIn(hits, start, start+snippetLen), sc.weightIn(hits, start, end)
		if w > bestW || w == bestW && best != 0 && u > bestU {
			best, bestW, bestU = start, w, u
		}
	}
	if best == 0 {
		return snippet(text, snippetLen)
	}
	return "… " + snippet(text[best:], snippetLen)
}

// weightIn is the query's weight that text[from:to] holds, each term counted once.
func (sc *scratch) weightIn(hits []termHit, from, to int) float32 {
	var seen uint64
	var w float32
	for _, h := range hits {
		if h.at >= from && h.at < to && seen&(1<<h.k) == 0 {
			seen |= 1 << h.k
			w += sc.wq[h.k]
		}
	}
	return w
}

// next returns where the unit after starts[i] starts, or end.
func next(starts []int, i, end int) int {
	if i+1 < len(starts) {
		return starts[i+1]
	}
	return end
}

// hitIn reports whether a query term was found in text[from:to].
func hitIn(hits []termHit, from, to int) bool {
	for _, h := range hits {
		if h.at >= from && h.at < to {
			return true
		}
	}
	return false
}

// termHit is a query term found in a text: its byte offset and its place in the query.
type termHit struct {
	at, k int
}

// starts returns where a passage may start: the text's start, each paragraph's and each
// sentence's, never inside a code block.
func starts(text string) []int {
	out := []int{0}
	inCode := false
	for off := 0; off < len(text); {
		line, _, _ := strings.Cut(text[off:], "\n")
		trimmed := strings.TrimSpace(line)
		fence := strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")
		switch {
		case fence && inCode:
			inCode = false
		case fence:
			inCode = true
			out = appendStart(out, off)
		case !inCode && trimmed != "":
			out = appendStart(out, off+len(line)-len(strings.TrimLeft(line, " \t")))
			out = sentenceStarts(out, line, off)
		}
		off += len(line) + 1
	}
	return out
}

// sentenceStarts adds the starts of the sentences after the first on one line.
func sentenceStarts(out []int, line string, off int) []int {
	for i := 0; i+2 < len(line); i++ {
		if (line[i] == '.' || line[i] == '?' || line[i] == '!') && line[i+1] == ' ' && isUpperASCII(line[i+2]) {
			out = appendStart(out, off+i+2)
		}
	}
	return out
}

func appendStart(out []int, at int) []int {
	if out[len(out)-1] != at {
		out = append(out, at)
	}
	return out
}

func isUpperASCII(c byte) bool { return c >= 'A' && c <= 'Z' }
