package linkcheck

import (
	"strconv"
	"strings"
)

// validAuthority reports whether the URL parser (WHATWG URL, what URL.canParse runs) accepts
// the host and port after a special scheme's colon (rest: "//example.com:8080/path"). A host it
// refuses makes the whole URL unparsable, which Mintlify's checker then reads as a path of the
// site: "http://xx.xx.xx.xx.1:5172" (a host that ends in a number but is no IPv4 address),
// "http://localhost:port" (a port that is no number). The host is checked as the parser's host
// parser does for an ASCII domain: no forbidden code point, and a host whose last label is a
// number an IPv4 address; a host in brackets (IPv6) and one with letters beyond ASCII (IDNA)
// are taken as they are.
func validAuthority(rest string) bool {
	rest = strings.TrimLeft(rest, `/\`)
	if i := strings.IndexAny(rest, `/\?#`); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	host, port := rest, ""
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 {
			return false
		}
		port = host[end+1:] // the address in brackets is taken as it is
		if port != "" && port[0] != ':' {
			return false
		}
		port = strings.TrimPrefix(port, ":")
		return validPort(port)
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host, port = host[:i], host[i+1:]
	}
	if !validPort(port) {
		return false
	}
	host = decode(host)
	if host == "" || strings.ContainsFunc(host, forbiddenDomain) {
		return false
	}
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			return true // IDNA's rules are not checked
		}
	}
	if endsInNumber(strings.ToLower(host)) {
		return ipv4(strings.ToLower(host))
	}
	return true
}

// validPort reports whether p is a port the parser accepts: empty, or ASCII digits up to 65535.
func validPort(p string) bool {
	if p == "" {
		return true
	}
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return false
		}
	}
	p = strings.TrimLeft(p, "0")
	return len(p) <= 5 && (p == "" || mustAtoi(p) <= 65535)
}

// forbiddenDomain reports a forbidden domain code point of the URL standard.
func forbiddenDomain(r rune) bool {
	return r <= 0x1f || r == 0x7f || strings.ContainsRune(" #%/:<>?@[\\]^|", r)
}

// endsInNumber is the URL standard's ends-in-a-number checker: the last label (a trailing dot
// left out) is all digits, or an IPv4 number ("0x1f").
func endsInNumber(host string) bool {
	labels := strings.Split(host, ".")
	if labels[len(labels)-1] == "" {
		if len(labels) == 1 {
			return false
		}
		labels = labels[:len(labels)-1]
	}
	last := labels[len(labels)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := ipv4Number(last)
	return ok
}

// ipv4 reports whether the URL standard's IPv4 parser accepts host.
func ipv4(host string) bool {
	parts := strings.Split(host, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return false
	}
	for i, p := range parts {
		n, ok := ipv4Number(p)
		if !ok {
			return false
		}
		if i < len(parts)-1 && n > 255 {
			return false
		}
		if i == len(parts)-1 && n >= 1<<(8*(5-len(parts))) {
			return false
		}
	}
	return true
}

// ipv4Number parses one part of an IPv4 address as the URL standard does: "0x" hexadecimal, a
// leading zero octal, else decimal; an empty part fails.
func ipv4Number(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(p) >= 2 && (p[:2] == "0x" || p[:2] == "0X"):
		p, base = p[2:], 16
	case len(p) >= 2 && p[0] == '0':
		p, base = p[1:], 8
	}
	if p == "" {
		return 0, true
	}
	n, err := strconv.ParseUint(p, base, 64)
	if err != nil {
		// A number too large for 64 bits is still a number (out of range for any part).
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 1 << 40, true
		}
		return 0, false
	}
	return n, true
}

// mustAtoi is strconv.Atoi of at most five ASCII digits.
func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
