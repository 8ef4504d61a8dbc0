package wordnet

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Excerpt writes to out the lines of dir's index.*, data.* and index.sense files that the
// entries of words read (each word's index and sense lines, the synsets of all its senses and
// the synsets they point to), unchanged and in their files' order: a small source the package's test regenerates
// those entries from.
func Excerpt(dir, out string, words []string) error {
	db, err := Read(dir)
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, w := range words {
		for _, senses := range db.index[w] { // every sense: the test may read others than the table's Share
			for _, key := range senses {
				keep[key] = true
				if s := db.synsets[key]; s != nil {
					for _, p := range s.ptrs {
						keep[p.target] = true
					}
				}
			}
		}
	}
	senseOf := func(line string) bool { f, _, _ := strings.Cut(line, "%"); return slices.Contains(words, f) }
	if err := filterFile(filepath.Join(dir, "index.sense"), filepath.Join(out, "index.sense"), senseOf); err != nil {
		return err
	}
	for _, pos := range posNames {
		lemma := func(line string) bool { f, _, _ := strings.Cut(line, " "); return slices.Contains(words, f) }
		if err := filterFile(filepath.Join(dir, "index."+pos), filepath.Join(out, "index."+pos), lemma); err != nil {
			return err
		}
		synset := func(line string) bool { f, _, _ := strings.Cut(line, " "); return keep[pos+":"+f] }
		if err := filterFile(filepath.Join(dir, "data."+pos), filepath.Join(out, "data."+pos), synset); err != nil {
			return err
		}
	}
	return nil
}

func filterFile(from, to string, keep func(string) bool) error {
	f, err := os.Create(to) // #nosec G304 -- the folder the command is told to write
	if err != nil {
		return fmt.Errorf("wordnet: %w", err)
	}
	w := bufio.NewWriter(f)
	err = eachLine(from, func(line string) error {
		if keep(line) {
			_, err := fmt.Fprintln(w, line)
			return err
		}
		return nil
	})
	if err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("wordnet: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("wordnet: %w", err)
	}
	return nil
}
