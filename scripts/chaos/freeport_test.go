package main

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
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
			if got := ephemeralLow(file); got != tc.want {
				t.Errorf("ephemeralLow(%q) = %d, want %d", tc.content, got, tc.want)
			}
		})
	}
}

// TestFreePortBelowEphemeralRange: every port handed out is below the machine's ephemeral
// range, at or above portFloor, and can be bound.
func TestFreePortBelowEphemeralRange(t *testing.T) {
	hi := ephemeralLow(ephemeralFile)
	if hi <= portFloor+100 {
		t.Skipf("ephemeral range starts at %d: freePort takes the kernel's ports", hi)
	}
	for range 50 {
		addr, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		_, p, err := net.SplitHostPort(addr)
		if err != nil {
			t.Fatal(err)
		}
		port, _ := strconv.Atoi(p)
		if port < portFloor || port >= hi {
			t.Fatalf("port %d outside [%d, %d)", port, portFloor, hi)
		}
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatalf("bind %s: %v", addr, err)
		}
		_ = ln.Close()
	}
}
