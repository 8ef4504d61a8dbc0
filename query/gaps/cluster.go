package gaps

import (
	"cmp"
	"slices"
	"strings"
)

// Topic is a group of queries and questions that share their most common significant word.
type Topic struct {
	Key   string   // the shared word (head), or the text itself when it shares none
	Terms []string // the head, then up to two words most frequent across the topic's texts
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
// Topics come in the order of their first text.
func Cluster(texts []string) []Topic {
	terms := make([][]string, len(texts))
	df := map[string]int{}
	for i, t := range texts {
		terms[i] = Terms(t)
		for _, w := range terms[i] {
			df[w]++
		}
	}
	general := func(w string) bool { return len(texts) >= 4 && 2*df[w] > len(texts) }
	var out []Topic
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
		}
		out[j].Texts = append(out[j].Texts, t)
	}
	for i := range out {
		out[i].Terms = topTerms(out[i])
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

// topTerms is the topic's head followed by the two terms most frequent among its texts.
func topTerms(tp Topic) []string {
	if len(tp.Texts) == 1 && tp.Key == tp.Texts[0] { // a text that shares no word
		return Terms(tp.Key)
	}
	n := map[string]int{}
	for _, t := range tp.Texts {
		for _, w := range Terms(t) {
			if w != tp.Key {
				n[w]++
			}
		}
	}
	var others []string
	for w := range n {
		others = append(others, w)
	}
	slices.SortFunc(others, func(a, b string) int { return cmp.Or(cmp.Compare(n[b], n[a]), strings.Compare(a, b)) })
	return append([]string{tp.Key}, others[:min(len(others), 2)]...)
}
