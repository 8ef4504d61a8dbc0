package answer

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/schemas/event"
)

// compose writes the answer from the source that answers: a lead sentence citing its page and
// section ("Page › Section", linked to the section), then the passage of that section that
// matches the question as a quote, streamed a line or a sentence at a time. The reply's finish
// item lists the cited page, which the widget shows as its link row: the text cites it once.
func compose(s Source, q query, ph phrases) []string {
	lead := fmt.Sprintf(ph.lead, link(label(s), s.URL))
	quote := quoteUnits(passage(s.Text, s.Whole, q))
	if quote == "" {
		return []string{lead}
	}
	return append([]string{lead + "\n\n"}, pieces(quote)...)
}

// pieces cuts text after each line break and each sentence end (". "), so that it streams in
// several parts; the parts join back to text.
func pieces(text string) []string {
	var out []string
	for text != "" {
		end := len(text)
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			end = i + 1
		}
		if i := strings.Index(text, ". "); i >= 0 && i+2 < end {
			end = i + 2
		}
		out = append(out, text[:end])
		text = text[end:]
	}
	return out
}

// quoteUnits renders units as a markdown quote: sentences joined into one paragraph, code
// blocks and tables as their own paragraphs. Where the passage left units of the section out,
// the quote says so with "…", inside a paragraph of sentences or as a paragraph of its own:
// otherwise a step's code would read as followed by the sentence of a later step.
func quoteUnits(us []unit) string {
	var paras []string
	var prose []unit
	flush := func() {
		if len(prose) > 0 {
			paras = append(paras, joinSentences(prose))
			prose = nil
		}
	}
	for _, u := range us {
		// After a gap, a sentence of another list item than the last one quoted (or of none, or
		// of one after prose) reads as part of what it is joined to: it starts a paragraph.
		otherItem := len(prose) > 0 && prose[len(prose)-1].of != u.of
		if u.gap && (u.block || u.title || u.item || u.opens || len(prose) == 0 || otherItem) {
			flush()
			paras = append(paras, gapMark)
			u.gap = false
		}
		if u.block || u.title {
			flush()
			if u.caption != "" {
				paras = append(paras, bold(u.caption))
			}
			if u.title {
				paras = append(paras, bold(u.text))
			} else {
				paras = append(paras, u.text)
			}
			continue
		}
		prose = append(prose, u)
	}
	flush()
	if len(paras) == 0 {
		return ""
	}
	lines := strings.Split(strings.Join(paras, "\n\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight("> "+l, " ")
	}
	return strings.Join(lines, "\n")
}

// gapMark stands for units of the section a quote leaves out.
const gapMark = "…"

// bold writes a block's title in bold, as the page's Markdown writes a tab's title; a title
// with its own emphasis stays as it is.
func bold(title string) string {
	if strings.Contains(title, "*") {
		return title
	}
	return "**" + title + "**"
}

// joinSentences joins sentences with a space, or with none after a Chinese or Japanese one; a
// sentence that starts a list item starts a line, and one that starts a paragraph after a list
// item, or after a paragraph that ends no sentence, starts a paragraph (joined to the item's
// line, it would read as part of the item; joined to that paragraph, as its sentence's end).
func joinSentences(us []unit) string {
	var b strings.Builder
	inList := false
	for i, u := range us {
		switch prev := ""; {
		case i == 0:
		case u.item:
			b.WriteByte('\n')
		case u.opens && inList:
			b.WriteString("\n\n")
			inList = false
		case u.opens && !u.gap && !endsSentence(us[i-1].text):
			// A paragraph that ends no sentence (a description without its period, as B3's
			// "… rantai yang didukung lainnya" before "Perlu memindahkan token …") joined to
			// the next one read as one sentence running on.
			b.WriteString("\n\n")
		default:
			prev = us[i-1].text
			if !strings.HasSuffix(prev, "。") && !strings.HasSuffix(prev, "？") && !strings.HasSuffix(prev, "！") {
				b.WriteByte(' ')
			}
			if u.gap {
				b.WriteString(gapMark + " ")
			}
		}
		b.WriteString(u.text)
		inList = inList || u.item
	}
	return b.String()
}

// label is a source's citation text: "Page › Section", or the page title alone.
func label(s Source) string {
	if s.Section == "" || s.Section == s.Title {
		return s.Title
	}
	return s.Title + " › " + s.Section
}

// link writes a markdown link, escaping what would end the text or the URL early or open an
// HTML tag; a URL that is neither a site path nor http(s) becomes "#".
func link(text, url string) string {
	text = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "<", `\<`, "\n", " ").Replace(text)
	if clean, err := event.PagePath(url); err != nil || clean != url {
		url = "#"
	}
	url = strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(url)
	return "[" + text + "](" + url + ")"
}

// endsSentence reports whether s ends as a sentence does: with a full stop, a question or
// exclamation mark, a colon or an ellipsis (after closing quotes, brackets or emphasis).
func endsSentence(s string) bool {
	s = strings.TrimRight(s, "\"')]*_`’”»")
	last, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune(".!?:;…。？！：", last)
}
