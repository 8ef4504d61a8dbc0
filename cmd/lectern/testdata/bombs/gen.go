//go:build ignore

// Regenerates the compression bombs of bomb_test.go: `go run testdata/bombs/gen.go` from
// cmd/lectern. bomb-256m.gz is 256 MiB of zeros in one gzip layer (about 255 KiB);
// bomb-1g.gz.gz is 1 GiB of zeros in two layers (about 4 KiB). Both are far below the body
// limit as sent, which is the attack.
package main

import (
	"bytes"
	"compress/gzip"
	"log"
	"os"
)

func gz(data func(w *gzip.Writer)) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	data(w)
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	return b.Bytes()
}

func zeros(n int64) func(w *gzip.Writer) {
	return func(w *gzip.Writer) {
		chunk := make([]byte, 1<<20)
		for i := int64(0); i < n>>20; i++ {
			if _, err := w.Write(chunk); err != nil {
				log.Fatal(err)
			}
		}
	}
}

func main() {
	one := gz(zeros(256 << 20))
	inner := gz(zeros(1 << 30))
	two := gz(func(w *gzip.Writer) { _, _ = w.Write(inner) })
	for name, data := range map[string][]byte{"testdata/bombs/bomb-256m.gz": one, "testdata/bombs/bomb-1g.gz.gz": two} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
