package main

import (
	"io"
	"io/fs"
	"net/url"
	"regexp"
	"strings"
)

// maxOwnLLMsTxt is the largest llms.txt of a site's own that is read, as the served site
// reads it (sitedocs' custom files).
const maxOwnLLMsTxt = 32 << 20

// ownLLMsTxt returns the site's own llms.txt, the file at its root that Mintlify serves in
// place of the generated one (and Lectern too, llmstxt.LLMsTxt); "" when it has none, or an
// empty or too large one, which the served site passes over as well.
func ownLLMsTxt(fsys fs.FS) string {
	if fsys == nil {
		return ""
	}
	f, err := fsys.Open("llms.txt")
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxOwnLLMsTxt+1))
	if err != nil || len(data) > maxOwnLLMsTxt {
		return ""
	}
	return string(data)
}

// markdownLink is a Markdown link's destination: "](dest)" or "](<dest>)".
var markdownLink = regexp.MustCompile(`\]\(\s*<?([^\s)>]+)`)

// linkedPages returns the page URLs a llms.txt links to: each Markdown link's path, on any
// host, without its ".md" (the page's Markdown), its query and its fragment; "/index" is "/".
func linkedPages(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range markdownLink.FindAllStringSubmatch(text, -1) {
		u, err := url.Parse(m[1])
		if err != nil || (u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		p := strings.TrimSuffix(strings.TrimSuffix(u.Path, ".md"), "/")
		if p == "" || p == "/index" {
			p = "/"
		}
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		out[p] = true
	}
	return out
}
