package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
)

// The ports the suite hands to the servers it starts are picked in [portFloor, the kernel's
// ephemeral range). A port from the ephemeral range (what "127.0.0.1:0" hands out) can be taken
// by the local end of any outgoing connection on the machine between the check and the
// server's bind: on a busy machine a NATS route port went that way ("bind: address already in
// use") and failed make cluster-test. Below the range only another explicit bind can take it.
const (
	portFloor     = 20000 // above the fixed ports of scripts/clickhouse.sh and the docs (18123, 19000...)
	ephemeralFile = "/proc/sys/net/ipv4/ip_local_port_range"
	portTries     = 200
)

var errNoFreePort = errors.New("no free loopback port below the ephemeral range")

// freePort returns a loopback address whose port was free when checked, below the ephemeral
// range.
func freePort() (string, error) {
	hi := ephemeralLow(ephemeralFile)
	if hi <= portFloor+100 {
		return anyPort() // a range configured too low to pick under: take the kernel's
	}
	for range portTries {
		addr := "127.0.0.1:" + strconv.Itoa(portFloor+rand.IntN(hi-portFloor))
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			continue
		}
		_ = ln.Close()
		return addr, nil
	}
	return "", fmt.Errorf("%w: %d tries in [%d, %d)", errNoFreePort, portTries, portFloor, hi)
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

func anyPort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}
