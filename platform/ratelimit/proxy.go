package ratelimit

import (
	"bytes"
	"fmt"
	"net/netip"
	"strings"
)

// ProxyList is a set of trusted proxy addresses and networks; it is a flag.Value read from a
// comma-separated list such as "10.0.0.0/8,192.168.1.7".
type ProxyList []netip.Prefix

// String formats the list as Set reads it.
func (p *ProxyList) String() string {
	parts := make([]string, len(*p))
	for i, pr := range *p {
		parts[i] = pr.String()
	}
	return strings.Join(parts, ",")
}

// Set replaces the list with the comma-separated addresses and CIDRs in s.
func (p *ProxyList) Set(s string) error {
	var list ProxyList
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		pr, err := parseProxy(f)
		if err != nil {
			return err
		}
		list = append(list, pr)
	}
	*p = list
	return nil
}

func parseProxy(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		pr, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("trusted proxy %q: %w", s, err)
		}
		return pr.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("trusted proxy %q: %w", s, err)
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// trusts reports whether a is one of the proxies.
func (p ProxyList) trusts(a netip.Addr) bool {
	for _, pr := range p {
		if pr.Contains(a) {
			return true
		}
	}
	return false
}

// ClientAddr returns the address a request came from: the TCP peer, or, when the peer is a
// trusted proxy, the right-most X-Forwarded-For entry (forwarded holds the header's values in
// order) that is not a trusted proxy. The left-most entry is the client's to forge, so it is
// believed only when every proxy after it is trusted.
func (p ProxyList) ClientAddr(peer netip.Addr, forwarded [][]byte) netip.Addr {
	addr := peer.Unmap()
	if len(p) == 0 || !p.trusts(addr) {
		return addr
	}
	for i := len(forwarded) - 1; i >= 0; i-- {
		v := forwarded[i]
		for len(v) > 0 {
			var hop []byte
			if j := bytes.LastIndexByte(v, ','); j >= 0 {
				v, hop = v[:j], v[j+1:]
			} else {
				v, hop = nil, v
			}
			if hop = bytes.TrimSpace(hop); len(hop) == 0 {
				continue
			}
			a, ok := parseHop(string(hop))
			if !ok {
				return addr // a garbled hop: the last address a trusted proxy vouched for
			}
			if addr = a; !p.trusts(addr) {
				return addr
			}
		}
	}
	return addr
}

// parseHop reads one X-Forwarded-For entry: an address, or an address with a port.
func parseHop(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

// Trusts reports whether a is one of the trusted proxies.
func (p ProxyList) Trusts(a netip.Addr) bool { return p.trusts(a) }
