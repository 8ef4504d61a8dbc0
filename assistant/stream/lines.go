package stream

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// lines writes whole lines to a Flusher and flushes each. After the first failed write or
// flush every call returns the same error.
type lines struct {
	out Flusher
	buf bytes.Buffer
	enc *json.Encoder
	err error
}

func newLines(out Flusher) *lines {
	l := &lines{out: out}
	l.enc = json.NewEncoder(&l.buf)
	l.enc.SetEscapeHTML(false)
	return l
}

// json writes prefix, v as JSON and a newline, then suffix, as one write, and flushes it.
func (l *lines) json(prefix string, v any, suffix string) error {
	if l.err != nil {
		return l.err
	}
	l.buf.Reset()
	l.buf.WriteString(prefix)
	if err := l.enc.Encode(v); err != nil { // Encode ends the value with '\n'
		return fmt.Errorf("encode %q line: %w", prefix, err)
	}
	l.buf.WriteString(suffix)
	return l.flush()
}

// text writes s as is and flushes it.
func (l *lines) text(s string) error {
	if l.err != nil {
		return l.err
	}
	l.buf.Reset()
	l.buf.WriteString(s)
	return l.flush()
}

// flush hands the buffer to out whole and flushes it.
func (l *lines) flush() error {
	if _, err := l.out.Write(l.buf.Bytes()); err != nil {
		l.err = fmt.Errorf("%w: %w", ErrClosed, err)
		return l.err
	}
	if err := l.out.Flush(); err != nil {
		l.err = fmt.Errorf("%w: %w", ErrClosed, err)
		return l.err
	}
	return nil
}
