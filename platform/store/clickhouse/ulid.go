package clickhouse

// crockford is the ULID alphabet; its characters sort like their values.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ulidFloor returns the smallest ULID string whose time part is ms.
func ulidFloor(ms int64) string {
	var b [26]byte
	for i := 9; i >= 0; i-- {
		b[i] = crockford[ms&31]
		ms >>= 5
	}
	for i := 10; i < len(b); i++ {
		b[i] = '0'
	}
	return string(b[:])
}

// ulidTime returns the time part of a canonical (upper-case) ULID string in unix milliseconds.
func ulidTime(s string) (int64, bool) {
	if len(s) < 10 || s[0] > '7' {
		return 0, false
	}
	var ms int64
	for i := range 10 {
		v := crockfordValue(s[i])
		if v < 0 {
			return 0, false
		}
		ms = ms<<5 | int64(v)
	}
	return ms, true
}

func crockfordValue(c byte) int { return int(crockfordValues[c]) }

// crockfordValues maps a byte to its value in crockford, or -1.
var crockfordValues = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := range len(crockford) {
		t[crockford[i]] = int8(i) // #nosec G115 -- 0 to 31
	}
	return t
}()

// idSkewed reports whether id is not a ULID made within skew of the record's time ms; such
// records sit outside the id span a time range implies and are flagged for their own query.
func idSkewed(id string, ms int64) uint8 {
	t, ok := ulidTime(id)
	if ok && t >= ms-skew.Milliseconds() && t <= ms+skew.Milliseconds() {
		return 0
	}
	return 1
}
