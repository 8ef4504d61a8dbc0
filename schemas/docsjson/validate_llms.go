package docsjson

import (
	"bufio"
	"strconv"
	"strings"
)

// customLLMsFiles are the files at the site's root that replace the generated llms.txt and
// llms-full.txt.
var customLLMsFiles = []string{"llms.txt", "llms-full.txt"}

// maxTitleScan bounds how far into a custom llms file its title is looked for.
const maxTitleScan = 64 << 10

// customLLMs warns about a custom llms.txt or llms-full.txt that does not open with the site's
// title as an H1 heading, which Mintlify requires of them (llmstxt.org: the title is the one
// required section), showing the heading with the site's name. Lectern serves the file as it is.
func (v *validator) customLLMs(name string) {
	heading := "an H1 heading"
	if name = oneLine(name); name != "" {
		heading += " (" + strconv.Quote("# "+name) + ")"
	}
	for _, file := range customLLMsFiles {
		f, err := v.fsys.Open(file)
		if err != nil {
			continue
		}
		ok := opensWithH1(bufio.NewReaderSize(f, 4096))
		f.Close()
		if !ok {
			v.fc.warns = append(v.fc.warns, Problem{File: file, Message: file + " replaces the generated one but does not open with the site's title as " + heading + ", which Mintlify requires; Lectern serves it as it is"})
		}
	}
}

// opensWithH1 reports whether the first line with text is an H1 heading ("# Title").
func opensWithH1(r *bufio.Reader) bool {
	read := 0
	for read < maxTitleScan {
		line, err := r.ReadString('\n')
		read += len(line)
		line = strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
		if line != "" {
			title, ok := strings.CutPrefix(line, "# ")
			return ok && strings.TrimSpace(title) != ""
		}
		if err != nil {
			return false
		}
	}
	return false
}

// oneLine is s with its runs of white space, line ends included, as single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
