package consumer

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"time"
	"unicode/utf8"
	"unsafe"
)

// scanner reads the JSON of the events Lectern's publishers write, without reflection. It is
// the fast path of decoding and it is narrow on purpose: it takes exactly the keys of the
// event types, strings, integers, booleans, UTC timestamps in RFC 3339 and the sources array,
// and answers false for anything else (an unknown or differently cased key, a number
// with a fraction, a zone offset, a surrogate escape, invalid UTF-8, bad JSON). The caller
// then decodes the whole message again with go-json, which has encoding/json's meaning for
// every input and gives the error a dead letter carries. What the scanner accepts it decodes
// to what encoding/json would (FuzzScannerMatchesEncodingJSON).
//
// Strings without escapes are not copied: they point into the message's payload, which the
// NATS client allocates for each message and nothing writes to afterwards. A batch's events
// therefore keep their messages' payloads alive until the batch is written, no longer.
type scanner struct {
	data []byte
	i    int
	mem  *arena // where unescaped strings and sources go; nil: each allocated alone
}

func (s *scanner) ws() {
	for s.i < len(s.data) && s.data[s.i] <= ' ' { // one test for the usual next byte, not white space
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next skips white space and reports whether the next byte is c, consuming it if so.
func (s *scanner) next(c byte) bool {
	s.ws()
	if s.i < len(s.data) && s.data[s.i] == c {
		s.i++
		return true
	}
	return false
}

// end reports whether only white space is left.
func (s *scanner) end() bool {
	s.ws()
	return s.i == len(s.data)
}

// object reads an object, calling field for each key with the scanner on the key's value;
// field returns false for a key it does not take or a value it cannot read.
func (s *scanner) object(field func(key string) bool) bool {
	if !s.next('{') {
		return false
	}
	if s.next('}') {
		return true
	}
	for {
		s.ws()
		key, ok := s.rawString()
		if !ok || !s.next(':') || !field(key) {
			return false
		}
		if s.next(',') {
			continue
		}
		return s.next('}')
	}
}

// array reads an array, calling elem for each element.
func (s *scanner) array(elem func() bool) bool {
	if !s.next('[') {
		return false
	}
	if s.next(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if s.next(',') {
			continue
		}
		return s.next(']')
	}
}

// quoteAt returns the index of the first '"' at or after j, or len(d). It tests eight bytes at
// a time: a byte that is '"' is 0 in the word's xor with '"' in every byte, and the lowest byte
// flagged by the zero test is the first such (a borrow runs on only past one).
func quoteAt(d []byte, j int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for j+8 <= len(d) {
		x := binary.LittleEndian.Uint64(d[j:]) ^ '"'*ones
		if m := (x - ones) &^ x & highs; m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
		j += 8
	}
	for j < len(d) && d[j] != '"' {
		j++
	}
	return j
}

// stops marks the bytes a run of string text ends at: '"', '\\' and control bytes.
var stops = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// textRun returns the index of the first byte at or after j that is '"', '\\' or a control
// byte, or len(d), and whether the bytes before it hold any of 0x80 and above (the caller then
// checks them with utf8.Valid, once for the run rather than a character at a time). It tests
// eight bytes at a time.
func textRun(d []byte, j int) (int, bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	var seen uint64
	for j+8 <= len(d) {
		w := binary.LittleEndian.Uint64(d[j:])
		// A byte below 0x20, or one whose xor with '"' or '\\' is 0, sets its high bit in
		// the differences, and the lowest such is the first (a borrow runs on only past one);
		// a byte of 0x80 and above sets it too, and is masked out by ^w.
		if m := ((w - 0x20*ones) | (w ^ '"'*ones - ones) | (w ^ '\\'*ones - ones)) &^ w & highs; m != 0 {
			k := bits.TrailingZeros64(m) / 8
			seen |= w & (1<<(8*k) - 1) // the bytes before it
			return j + k, seen&highs != 0
		}
		seen |= w
		j += 8
	}
	for j < len(d) && !stops[d[j]] {
		seen |= uint64(d[j])
		j++
	}
	return j, seen&highs != 0
}

// rawString reads a key as its bytes up to the next '"', pointing into the payload. Escapes are
// not read: a key is only taken when it equals one of a decoder's keys, which are plain
// letters, so a key with an escape, a control byte or a multi-byte character matches none (an
// escaped quote ends it early, and what it leaves matches none either) and the message goes
// to go-json.
func (s *scanner) rawString() (string, bool) {
	d := s.data
	if s.i >= len(d) || d[s.i] != '"' {
		return "", false
	}
	start := s.i + 1
	j := quoteAt(d, start)
	if j == len(d) {
		return "", false
	}
	s.i = j + 1
	return alias(d[start:j]), true
}

// str reads a string value.
func (s *scanner) str() (string, bool) {
	s.ws()
	d := s.data
	if s.i >= len(d) || d[s.i] != '"' {
		return "", false
	}
	start := s.i + 1
	j, high := textRun(d, start)
	if j == len(d) || high && !utf8.Valid(d[start:j]) {
		return "", false // encoding/json replaces invalid bytes; go-json decides
	}
	switch d[j] {
	case '"':
		s.i = j + 1
		return alias(d[start:j]), true
	case '\\':
		return s.escaped(start, j)
	default: // a control byte
		return "", false
	}
}

// escaped reads the rest of a string that has an escape at j, into a new string.
func (s *scanner) escaped(start, j int) (string, bool) {
	d := s.data
	var out []byte
	if s.mem != nil {
		out = s.mem.room(len(d) - start) // unescaping never lengthens: the rest of the payload fits
	} else {
		out = make([]byte, 0, j-start+64)
	}
	out = append(out, d[start:j]...)
	for j < len(d) {
		run := j
		var high bool
		j, high = textRun(d, j)
		if j == len(d) || high && !utf8.Valid(d[run:j]) {
			return "", false
		}
		out = append(out, d[run:j]...)
		c := d[j]
		switch {
		case c == '"':
			s.i = j + 1
			if s.mem != nil {
				return s.mem.keep(out), true
			}
			return alias(out), true
		case c < 0x20:
			return "", false
		}
		// A backslash.
		if j+1 >= len(d) {
			return "", false
		}
		j += 2
		switch e := d[j-1]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(d[j:])
			if !ok || (r >= 0xD800 && r < 0xE000) { // surrogates: go-json pairs them
				return "", false
			}
			out = utf8.AppendRune(out, r)
			j += 4
		default:
			return "", false
		}
	}
	return "", false
}

// hex4 reads the four hex digits of a \u escape.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// null consumes a null, reporting whether there was one.
func (s *scanner) null() bool {
	s.ws()
	if len(s.data)-s.i >= 4 && s.data[s.i] == 'n' && string(s.data[s.i:s.i+4]) == "null" {
		s.i += 4
		return true
	}
	return false
}

// strTo, intTo, boolTo and timeTo read a value into *v; a null leaves *v as it is, as
// encoding/json does.
func (s *scanner) strTo(v *string) (ok bool) {
	if s.null() {
		return true
	}
	*v, ok = s.str()
	return ok
}

func (s *scanner) intTo(v *int) (ok bool) {
	if s.null() {
		return true
	}
	*v, ok = s.int()
	return ok
}

func (s *scanner) boolTo(v *bool) (ok bool) {
	if s.null() {
		return true
	}
	*v, ok = s.boolean()
	return ok
}

func (s *scanner) timeTo(v *time.Time) (ok bool) {
	if s.null() {
		return true
	}
	*v, ok = s.time()
	return ok
}

// int reads an integer without fraction or exponent.
func (s *scanner) int() (int, bool) {
	s.ws()
	start := s.i
	if s.i < len(s.data) && s.data[s.i] == '-' {
		s.i++
	}
	digits := s.i
	for s.i < len(s.data) && s.data[s.i] >= '0' && s.data[s.i] <= '9' {
		s.i++
	}
	if s.i == digits || (s.data[digits] == '0' && s.i-digits > 1) {
		return 0, false
	}
	if s.i < len(s.data) {
		if c := s.data[s.i]; c == '.' || c == 'e' || c == 'E' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(unsafe.String(&s.data[start], s.i-start))
	return n, err == nil
}

// boolean reads true or false.
func (s *scanner) boolean() (bool, bool) {
	s.ws()
	rest := s.data[s.i:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		s.i += 4
		return true, true
	case len(rest) >= 5 && string(rest[:5]) == "false":
		s.i += 5
		return false, true
	}
	return false, false
}

// time reads a timestamp of the form 2006-01-02T15:04:05Z, with 1 to 9 digits of a fraction
// of a second or none: the wire format, in UTC.
func (s *scanner) time() (time.Time, bool) {
	s.ws()
	d := s.data[s.i:]
	if len(d) < 22 || d[0] != '"' || d[5] != '-' || d[8] != '-' || d[11] != 'T' || d[14] != ':' || d[17] != ':' {
		return time.Time{}, false
	}
	num := func(a, b int) (int, bool) {
		n := 0
		for _, c := range d[a:b] {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		return n, true
	}
	year, ok1 := num(1, 5)
	month, ok2 := num(6, 8)
	day, ok3 := num(9, 11)
	hour, ok4 := num(12, 14)
	minute, ok5 := num(15, 17)
	sec, ok6 := num(18, 20)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 || month < 1 || month > 12 || day < 1 ||
		day > daysIn(time.Month(month), year) || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	i, nsec := 20, 0
	if d[i] == '.' {
		i++
		digits := 0
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			if digits < 9 {
				nsec = nsec*10 + int(d[i]-'0')
			}
			digits++
			i++
		}
		if digits == 0 || digits > 9 {
			return time.Time{}, false
		}
		for range 9 - digits {
			nsec *= 10
		}
	}
	if i+1 >= len(d) || d[i] != 'Z' || d[i+1] != '"' {
		return time.Time{}, false
	}
	s.i += i + 2
	unix := unixDays(year, month, day)*86400 + int64(hour*3600+minute*60+sec)
	return time.Unix(unix, int64(nsec)).UTC(), true // time.Date's value, without its normalising
}

// unixDays is the number of days from 1970-01-01 to a valid date of the proleptic Gregorian
// calendar (Howard Hinnant's days_from_civil).
func unixDays(year, month, day int) int64 {
	if month <= 2 {
		year--
	}
	era := year
	if era < 0 {
		era -= 399
	}
	era /= 400
	yoe := year - era*400
	mp := month + 9
	if month > 2 {
		mp = month - 3
	}
	doy := (153*mp+2)/5 + day - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era*146097 + doe - 719468)
}

func daysIn(m time.Month, year int) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// alias is b as a string without a copy; b must never be written again.
func alias(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
