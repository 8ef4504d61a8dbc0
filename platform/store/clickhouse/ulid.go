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

func crockfordValue(c byte) int {
	for i := range len(crockford) {
		if crockford[i] == c {
			return i
		}
	}
	return -1
}

// idSkewed reports whether id is not a ULID made within skew of the record's time ms; such
// records sit outside the id span a time range implies and are flagged for their own query.
func idSkewed(id string, ms int64) uint8 {
	t, ok := ulidTime(id)
	if ok && t >= ms-skew.Milliseconds() && t <= ms+skew.Milliseconds() {
		return 0
	}
	return 1
}
