package main

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// lockFile is the file in the data directory a server process holds an exclusive lock on.
const lockFile = "lectern.lock"

// lockDataDir takes the data directory for this process: a second process on the same
// directory (the embedded JetStream store and SQLite database are one process's) refuses at
// once, naming the one that holds it. The lock goes with the process, however it ends.
func lockDataDir(dir string) (release func(), err error) {
	if err := ensureDataDir(dir); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, lockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600) // #nosec G304 -- the operator's data directory
	if err != nil {
		return nil, fmt.Errorf("--data-dir %s: %w", dir, err)
	}
	if err := flock(f); err != nil {
		holder := readHolder(f)
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("--data-dir %s is in use by another lectern (%s): stop it, or give this one a data dir of its own with --data-dir", dir, holder)
		}
		return nil, fmt.Errorf("--data-dir %s: lock %s: %w", dir, path, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = fmt.Fprintf(f, "%d\n%s\n", os.Getpid(), strings.Join(os.Args, " "))
	}
	return func() { _ = f.Close() }, nil // closing the file releases the lock
}

// readHolder describes the process that holds a lock file: the pid and command line it wrote.
func readHolder(f *os.File) string {
	if _, err := f.Seek(0, 0); err != nil {
		return "pid unknown"
	}
	sc := bufio.NewScanner(f)
	var lines []string
	for len(lines) < 2 && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) == 0 {
		return "pid unknown"
	}
	if len(lines) == 2 && lines[1] != "" {
		return fmt.Sprintf("pid %s: %s", lines[0], lines[1])
	}
	return "pid " + lines[0]
}

// listen binds addr for the flag that names it, saying what is wrong in the flag's terms.
func listen(addr, flagName string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		return ln, nil
	}
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		owner := ""
		if o := portOwner(addr); o != "" {
			owner = " by " + o
		}
		return nil, fmt.Errorf("%s %s: the port is in use%s; stop that process or choose another address with %s", flagName, addr, owner, flagName)
	case errors.Is(err, syscall.EACCES):
		return nil, fmt.Errorf("%s %s: permission denied (ports below 1024 need privileges); choose another address with %s", flagName, addr, flagName)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return nil, fmt.Errorf("%s %s: no interface of this machine has that address; choose another with %s", flagName, addr, flagName)
	}
	return nil, fmt.Errorf("%s %s: %w", flagName, addr, err)
}

// portFree checks that addr can be bound now, for a listener another component opens (the
// embedded nats-server), so a port in use is named with its flag before anything starts.
func portFree(addr, flagName string) error {
	if _, port, err := net.SplitHostPort(addr); err == nil && (port == "0" || port == "-1") {
		return nil // a free port picked at start
	}
	ln, err := listen(addr, flagName)
	if err != nil {
		return err
	}
	return ln.Close()
}

// portOwner names the process listening on addr's port, read from /proc (Linux; only processes
// this user may inspect), or "".
func portOwner(addr string) string {
	_, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return ""
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return ""
	}
	inodes := map[string]bool{}
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		listeningInodes(table, port, inodes)
	}
	if len(inodes) == 0 {
		return ""
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/fd/*")
	for _, fd := range procs {
		link, err := os.Readlink(fd)
		if err != nil || !strings.HasPrefix(link, "socket:[") {
			continue
		}
		if inodes[strings.TrimSuffix(strings.TrimPrefix(link, "socket:["), "]")] {
			pid := strings.Split(fd, "/")[2]
			cmd, _ := os.ReadFile("/proc/" + pid + "/cmdline") // #nosec G304 -- /proc of a listening process
			return fmt.Sprintf("pid %s (%s)", pid, strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " ")))
		}
	}
	return ""
}

// listeningInodes adds the socket inodes of table (/proc/net/tcp's format) that listen on port.
func listeningInodes(table string, port int, into map[string]bool) {
	f, err := os.Open(table) // #nosec G304 -- a fixed /proc path
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 10 || fields[3] != "0A" { // 0A: LISTEN
			continue
		}
		_, hexPort, ok := strings.Cut(fields[1], ":")
		if p, err := strconv.ParseInt(hexPort, 16, 32); ok && err == nil && int(p) == port {
			into[fields[9]] = true
		}
	}
}
