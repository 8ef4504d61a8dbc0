package answer

import (
	"fmt"
	"strings"
)

// ReaderPage is the page the reader asks from, as the site serves it.
type ReaderPage struct {
	Title string // the site's title of the page
	URL   string // the page's path as the site serves it, under its base path: /docs/guides/setup
}

// readerLine tells the model which page the reader is on; "" for none. The page's own link
// for citing is its excerpt's, when it has one: the served URL (under the site's base path) is
// not a link the answer cites.
func readerLine(r *ReaderPage) string {
	if r == nil {
		return ""
	}
	title := strings.Join(strings.Fields(r.Title), " ")
	return fmt.Sprintf("\n\nThe reader is asking from the page %q (%s). Its excerpt below, when there is one, is marked as the reader's page: cite it like any other excerpt, by its link.", title, r.URL)
}

// readerMark marks the excerpt of the reader's page.
func readerMark(s Source) string {
	if s.Reader {
		return " (the reader's page)"
	}
	return ""
}
