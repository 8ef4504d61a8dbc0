package main

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
)

// cmdXML checks that each file is well-formed XML with one root element, which ClickHouse
// requires to be <clickhouse> (or <yandex> on old releases).
func cmdXML(files []string) error {
	var p problems
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			p.addf("%v", err)
			continue
		}
		dec := xml.NewDecoder(fh)
		root, depth, roots, broken := "", 0, 0, false
		for {
			tok, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				p.addf("%s: %v", f, err)
				broken = true
				break
			}
			switch t := tok.(type) {
			case xml.StartElement:
				if depth == 0 {
					root = t.Name.Local
					roots++
				}
				depth++
			case xml.EndElement:
				depth--
			}
		}
		fh.Close()
		if broken {
			continue
		}
		if roots != 1 || (root != "clickhouse" && root != "yandex") {
			p.addf("%s: want one root element <clickhouse>, got %d root(s), <%s>", f, roots, root)
			continue
		}
		fmt.Printf("  ok  %s (<%s>)\n", f, root)
	}
	return p.err()
}
