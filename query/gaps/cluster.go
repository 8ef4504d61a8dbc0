package gaps

import (
	"cmp"
	"slices"
	"strings"
)

// Topic is a group of queries and questions that share their most common significant word.
type Topic struct {
	Key   string   // the shared word (head) as the texts write it (surfaceOf), or the text itself when it shares none
	Terms []string // the key, then up to two words most frequent across the topic's texts, as written
	Texts []string // the topic's texts, in the order given
}

// Cluster groups texts into topics, deterministically and without a model:
//
//  1. each text's terms are its significant words (Terms);
//  2. a term's frequency is the number of texts it appears in;
//  3. a text's head is its most frequent term that appears in at least two texts (ties: the
//     alphabetically first), passing over terms in more than half of the texts when there are
//     at least four (too broad to tell topics apart: "api" in an API's docs) unless the text
//     shares no other term;
//  4. texts with the same head form a topic; a text without one is a topic of its own.
//
// A topic is shown by its head as its texts write it (surfaceOf): the commonest form of a word,
// the word around a pair of CJK characters. Topics come in the order of their first text.
func Cluster(texts []string) []Topic {
	split := tellAll(texts)
	r := newReader(split)
	words := make([][]word, len(texts))
	terms := make([][]string, len(texts))
	df := map[string]int{}
	for i := range texts {
		words[i] = analyze(split[i], r)
		terms[i] = make([]string, 0, len(words[i]))
		for _, w := range words[i] {
			terms[i] = append(terms[i], w.term)
			df[w.term]++
		}
	}
	general := func(w string) bool { return len(texts) >= 4 && 2*df[w] > len(texts) }
	var out []Topic
	var members [][][]word // each topic's texts' words
	at := map[string]int{}
	for i, t := range texts {
		key := head(terms[i], df, func(w string) bool { return !general(w) })
		if key == "" {
			key = head(terms[i], df, general)
		}
		if key == "" {
			key = t
		}
		j, ok := at[key]
		if !ok {
			j = len(out)
			at[key] = j
			out = append(out, Topic{Key: key})
			members = append(members, nil)
		}
		out[j].Texts = append(out[j].Texts, t)
		members[j] = append(members[j], words[i])
	}
	for i := range out {
		if len(out[i].Texts) == 1 && out[i].Key == out[i].Texts[0] { // a text that shares no word
			out[i].Terms = surfaces(members[i][0])
			continue
		}
		out[i].Terms = topTerms(out[i].Key, members[i])
		out[i].Key = out[i].Terms[0]
	}
	return out
}

// head is the most frequent of the terms that keep accepts and appear in two texts or more
// (ties: the alphabetically first), "" when there is none.
func head(terms []string, df map[string]int, keep func(string) bool) string {
	key, best := "", 1
	for _, w := range terms {
		if keep(w) && (df[w] > best || (df[w] == best && best > 1 && w < key)) {
			key, best = w, df[w]
		}
	}
	return key
}

// topTerms is the topic's head followed by the two terms most frequent among its texts, each
// as the texts write it (surfaceOf); a term whose form holds or is held by one already shown
// (two pairs of one Korean word) is passed over, of the first maxTermsTried terms.
func topTerms(head string, texts [][]word) []string {
	n := map[string]int{}
	for _, ws := range texts {
		for _, w := range ws {
			if w.term != head {
				n[w.term]++
			}
		}
	}
	var others []string
	for w := range n {
		others = append(others, w)
	}
	slices.SortFunc(others, func(a, b string) int { return cmp.Or(cmp.Compare(n[b], n[a]), strings.Compare(a, b)) })
	out := []string{surfaceOf(head, texts)}
	for i, w := range others {
		if len(out) == 3 || i == maxTermsTried {
			break
		}
		s := surfaceOf(w, texts)
		if !slices.ContainsFunc(out, func(o string) bool { return strings.Contains(o, s) || strings.Contains(s, o) }) {
			out = append(out, s)
		}
	}
	return out
}

// maxTermsTried bounds the terms topTerms looks at for the two it shows: each costs a pass over
// the topic's words (surfaceOf), and in a topic of texts of long runs of Chinese or Korean all
// the pairs of a text have its whole run as their form, so thousands are passed over in turn
// (1,000 unanswered questions of 32,000 characters made the content gaps take 50 s).
const maxTermsTried = 16

// surfaces are a text's words as written, each once: a word as it is, the CJK text between
// stop words and hiragana for its pairs (one surface for all the pairs of a stretch, which are
// consecutive).
func surfaces(ws []word) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range ws {
		if n := len(out); n > 0 && out[n-1] == w.surface || seen[w.surface] {
			continue
		}
		seen[w.surface] = true
		out = append(out, w.surface)
	}
	return out
}
