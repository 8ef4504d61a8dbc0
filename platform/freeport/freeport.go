// Package freeport picks loopback ports for the servers that tests, the bench and the chaos
// suite start as processes of their own (nats-server, ClickHouse, ZooKeeper, lectern), which
// cannot be handed a listener the way an embedded server is (Port: -1).
//
// A port is picked in [Floor, the kernel's ephemeral range), never from that range: a port from
// it (what "127.0.0.1:0" hands out) can be taken by the local end of any outgoing connection on
// the machine between the check and the server's bind. On a busy machine a NATS route port went
// that way ("bind: address already in use") and failed make cluster-test, and a clustered
// nats-server of make bench's scale-out figure exited the same way. Below the range only another
// explicit bind can take it.
package freeport

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
)

// Floor is the lowest port handed out: above the fixed ports of scripts/clickhouse.sh and the
// docs (18123, 19000...).
const Floor = 20000

const (
	ephemeralFile = "/proc/sys/net/ipv4/ip_local_port_range"
	tries         = 200
)

// ErrNone is returned when no port below the ephemeral range could be bound.
var ErrNone = errors.New("no free loopback port below the ephemeral range")

// Addr returns a loopback address ("127.0.0.1:port") whose port was free when checked.
func Addr() (string, error) {
	addrs, err := Addrs(1)
	if err != nil {
		return "", err
	}
	return addrs[0], nil
}

// Port returns a loopback port that was free when checked.
func Port() (int, error) {
	addr, err := Addr()
	if err != nil {
		return 0, err
	}
	return portOf(addr), nil
}

// Addrs returns n distinct loopback addresses whose ports were free when checked: each is held
// bound until all n are chosen, so two servers of one cluster never get the same port.
func Addrs(n int) ([]string, error) {
	hi := ephemeralLow(ephemeralFile)
	held := make([]net.Listener, 0, n)
	defer func() {
		for _, ln := range held {
			_ = ln.Close()
		}
	}()
	addrs := make([]string, 0, n)
	for len(addrs) < n {
		ln, err := listenBelow(hi)
		if err != nil {
			return nil, err
		}
		held = append(held, ln)
		addrs = append(addrs, ln.Addr().String())
	}
	return addrs, nil
}

// Ports is Addrs as port numbers.
func Ports(n int) ([]int, error) {
	addrs, err := Addrs(n)
	if err != nil {
		return nil, err
	}
	ports := make([]int, n)
	for i, a := range addrs {
		ports[i] = portOf(a)
	}
	return ports, nil
}

// listenBelow binds a random loopback port in [Floor, hi), or one the kernel picks when the
// ephemeral range is configured too low to pick under.
func listenBelow(hi int) (net.Listener, error) {
	if hi <= Floor+100 {
		return net.Listen("tcp", "127.0.0.1:0")
	}
	for range tries {
		ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(Floor+rand.IntN(hi-Floor))) // #nosec G404 -- a port number, not a secret
		if err == nil {
			return ln, nil
		}
	}
	return nil, fmt.Errorf("%w: %d tries in [%d, %d)", ErrNone, tries, Floor, hi)
}

// ephemeralLow returns the first port of the kernel's ephemeral range, Linux's default
// (32768) when the file is missing or unreadable.
func ephemeralLow(file string) int {
	const linuxDefault = 32768
	b, err := os.ReadFile(file) // #nosec G304 -- a fixed /proc path, or a test's file
	if err != nil {
		return linuxDefault
	}
	fields := strings.Fields(string(b))
	if len(fields) != 2 {
		return linuxDefault
	}
	lo, err := strconv.Atoi(fields[0])
	if err != nil || lo <= 0 || lo > 65535 {
		return linuxDefault
	}
	return lo
}

func portOf(addr string) int {
	_, p, _ := net.SplitHostPort(addr)
	port, _ := strconv.Atoi(p)
	return port
}
