package ratelimit_test

import (
	"net/netip"
	"testing"

	"github.com/lectern-dev/lectern/platform/ratelimit"
)

// TestClientAddr checks which address is the client's: the right-most X-Forwarded-For hop
// that is not a trusted proxy, and the peer itself when the peer is not trusted.
func TestClientAddr(t *testing.T) {
	tests := []struct {
		name      string
		trusted   string
		peer      string
		forwarded []string
		want      string
	}{
		{"no proxies: the peer", "", "203.0.113.9", []string{"6.6.6.6"}, "203.0.113.9"},
		{"untrusted peer: the header is ignored", "10.0.0.0/8", "203.0.113.9", []string{"6.6.6.6"}, "203.0.113.9"},
		{"trusted peer: the right-most hop", "10.0.0.0/8", "10.0.0.1", []string{"6.6.6.6, 203.0.113.5"}, "203.0.113.5"},
		{"hops through trusted proxies", "10.0.0.0/8", "10.0.0.1", []string{"6.6.6.6, 203.0.113.5, 10.9.9.9"}, "203.0.113.5"},
		{"several header lines, the last one first", "10.0.0.0/8", "10.0.0.1", []string{"198.51.100.1", "10.1.1.1"}, "198.51.100.1"},
		{"a port in a hop", "10.0.0.0/8", "10.0.0.1", []string{"203.0.113.5:4711"}, "203.0.113.5"},
		{"IPv6 hop in brackets with a port", "10.0.0.0/8", "10.0.0.1", []string{"[2001:db8::1]:443"}, "2001:db8::1"},
		{"garbled hop: the last vouched address", "10.0.0.0/8", "10.0.0.1", []string{"203.0.113.5, garbage, 10.2.2.2"}, "10.2.2.2"},
		{"empty hops skipped", "10.0.0.0/8", "10.0.0.1", []string{"203.0.113.5, ,"}, "203.0.113.5"},
		{"all trusted: the left-most", "10.0.0.0/8", "10.0.0.1", []string{"10.3.3.3"}, "10.3.3.3"},
		{"mapped peer", "10.0.0.0/8", "::ffff:10.0.0.1", []string{"203.0.113.5"}, "203.0.113.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p ratelimit.ProxyList
			if err := p.Set(tt.trusted); err != nil {
				t.Fatal(err)
			}
			var fwd [][]byte
			for _, f := range tt.forwarded {
				fwd = append(fwd, []byte(f))
			}
			if got := p.ClientAddr(netip.MustParseAddr(tt.peer), fwd); got != netip.MustParseAddr(tt.want) {
				t.Fatalf("ClientAddr = %s, want %s", got, tt.want)
			}
		})
	}
}
