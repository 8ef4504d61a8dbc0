package event

import (
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"
)

// AppendJSON appends t encoded as JSON to b: the bytes encoding/json's Marshal gives for t
// (a test holds them equal), written without reflection. Every traffic event is encoded once
// at intake, so this is on the hot path of the collector. The error is Marshal's, for a
// timestamp JSON cannot carry (a year outside 0 to 9999).
func (t Traffic) AppendJSON(b []byte) ([]byte, error) {
	if !jsonTime(t.Timestamp) {
		_, err := json.Marshal(t)
		return b, err
	}
	b = append(b, `{"id":`...)
	b = appendJSONString(b, t.ID)
	b = append(b, `,"type":`...)
	b = appendJSONString(b, string(t.Type))
	b = append(b, `,"projectId":`...)
	b = appendJSONString(b, t.ProjectID)
	b = append(b, `,"domain":`...)
	b = appendJSONString(b, t.Domain)
	b = append(b, `,"timestamp":"`...)
	b = t.Timestamp.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","visitorId":`...)
	b = appendJSONString(b, t.VisitorID)
	b = append(b, `,"class":`...)
	b = appendJSONString(b, string(t.Class))
	b = appendOptString(b, `,"caller":`, string(t.Caller))
	b = appendOptString(b, `,"userAgent":`, t.UserAgent)
	b = appendOptString(b, `,"agent":`, t.Agent)
	b = appendOptString(b, `,"path":`, t.Path)
	b = appendOptString(b, `,"title":`, t.Title)
	b = appendOptString(b, `,"referrer":`, t.Referrer)
	b = appendOptString(b, `,"query":`, t.Query)
	b = appendOptInt(b, `,"results":`, t.Results)
	b = appendOptInt(b, `,"position":`, t.Position)
	b = appendOptString(b, `,"format":`, string(t.Format))
	if t.Repeat {
		b = append(b, `,"repeat":true`...)
	}
	b = appendOptString(b, `,"tool":`, t.Tool)
	b = appendOptString(b, `,"client":`, t.Client)
	b = appendOptString(b, `,"clientVersion":`, t.ClientVersion)
	b = appendOptString(b, `,"status":`, t.Status)
	b = appendOptInt(b, `,"durationMs":`, t.DurationMs)
	b = appendOptInt(b, `,"block":`, t.Block)
	b = appendOptString(b, `,"lang":`, t.Lang)
	b = appendOptString(b, `,"target":`, t.Target)
	b = appendOptString(b, `,"label":`, t.Label)
	b = appendOptString(b, `,"action":`, t.Action)
	b = appendOptString(b, `,"threadId":`, t.ThreadID)
	b = appendOptInt(b, `,"engagedMs":`, t.EngagedMs)
	b = appendOptInt(b, `,"scrollDepth":`, t.ScrollDepth)
	return append(b, '}'), nil
}

// jsonTime reports whether encoding/json encodes t without an error: a four-digit year and a
// zone offset under 24 hours.
func jsonTime(t time.Time) bool {
	_, off := t.Zone()
	return t.Year() >= 0 && t.Year() <= 9999 && off > -24*3600 && off < 24*3600
}

func appendOptString(b []byte, key, v string) []byte {
	if v == "" {
		return b
	}
	return appendJSONString(append(b, key...), v)
}

func appendOptInt(b []byte, key string, v int) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(append(b, key...), int64(v), 10)
}

// appendJSONString appends s as a JSON string exactly as encoding/json writes it: <, > and &
// escaped for HTML, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if jsonSafe[c] { // one load a byte: the common case, and the whole of most strings
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"

// htmlSafe reports whether encoding/json writes the ASCII byte c as it is.
func htmlSafe(c byte) bool {
	return c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
}

// jsonSafe holds htmlSafe for every byte: true for the ASCII bytes written as they are, false
// for the others and for every byte of a multi-byte character.
var jsonSafe = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = htmlSafe(byte(c))
	}
	return t
}()
