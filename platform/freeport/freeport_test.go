package freeport_test

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/lectern-dev/lectern/platform/freeport"
)

func TestEphemeralLow(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content string
		want          int
	}{
		{"linux file", "32768\t60999\n", 32768},
		{"a narrowed range", "40000 50000", 40000},
		{"garbage", "forty thousand", 32768},
		{"one field", "40000", 32768},
		{"out of range", "70000 80000", 32768},
		{"missing file", "", 32768},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(dir, strconv.Itoa(i))
			if tc.content != "" {
				if err := os.WriteFile(file, []byte(tc.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if got := freeport.EphemeralLow(file); got != tc.want {
				t.Errorf("ephemeralLow(%q) = %d, want %d", tc.content, got, tc.want)
			}
		})
	}
}

// TestAddrsBelowEphemeralRange: every address handed out is on loopback, below the machine's
// ephemeral range, at or above Floor, distinct from the others of its call, and can be bound.
func TestAddrsBelowEphemeralRange(t *testing.T) {
	hi := freeport.EphemeralLow(freeport.EphemeralFile)
	if hi <= freeport.Floor+100 {
		t.Skipf("ephemeral range starts at %d: the kernel's ports are taken", hi)
	}
	for range 20 {
		addrs, err := freeport.Addrs(9)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, addr := range addrs {
			host, p, err := net.SplitHostPort(addr)
			if err != nil {
				t.Fatal(err)
			}
			port, _ := strconv.Atoi(p)
			switch {
			case host != "127.0.0.1":
				t.Fatalf("%s is not on loopback", addr)
			case port < freeport.Floor || port >= hi:
				t.Fatalf("port %d outside [%d, %d)", port, freeport.Floor, hi)
			case seen[addr]:
				t.Fatalf("%s handed out twice in one call: %v", addr, addrs)
			}
			seen[addr] = true
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				t.Fatalf("bind %s: %v", addr, err)
			}
			_ = ln.Close()
		}
	}
}

// TestPortMatchesAddr: Port and Ports hand out the same kind of port as Addr.
func TestPortMatchesAddr(t *testing.T) {
	if hi := freeport.EphemeralLow(freeport.EphemeralFile); hi <= freeport.Floor+100 {
		t.Skipf("ephemeral range starts at %d: the kernel's ports are taken", hi)
	}
	p, err := freeport.Port()
	if err != nil {
		t.Fatal(err)
	}
	ports, err := freeport.Ports(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, port := range append(ports, p) {
		if port < freeport.Floor || port > 65535 {
			t.Fatalf("port %d below Floor %d or not a port", port, freeport.Floor)
		}
	}
}
