package docsfs

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// bounded collects output up to a limit; what comes after is counted, not kept.
type bounded struct {
	b       strings.Builder
	limit   int
	cut     bool
	dropped int
}

func (w *bounded) WriteString(s string) {
	if w.cut {
		w.dropped += len(s)
		return
	}
	room := w.limit - w.b.Len()
	if len(s) <= room {
		w.b.WriteString(s)
		return
	}
	keep := s[:max(room, 0)]
	if i := strings.LastIndexByte(keep, '\n'); i >= 0 {
		keep = keep[:i+1] // cut at a line end
	} else {
		for len(keep) > 0 && !utf8.ValidString(keep) {
			keep = keep[:len(keep)-1]
		}
	}
	w.b.WriteString(keep)
	w.dropped += len(s) - len(keep)
	w.cut = true
}

// full reports whether the limit was reached.
func (w *bounded) full() bool { return w.cut }

// finish returns the output, with the truncation marker when it was cut.
func (w *bounded) finish() string {
	if !w.cut {
		return w.b.String()
	}
	s := w.b.String()
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s + fmt.Sprintf("[output truncated at %d bytes; %d more bytes not shown. Narrow the command: cat FILE:START-END for lines, grep -n PATTERN PATH, head -n N]\n", w.limit, w.dropped)
}
