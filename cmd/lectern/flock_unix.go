//go:build unix

package main

import (
	"os"
	"syscall"
)

// flock takes an exclusive lock on f without waiting: syscall.EWOULDBLOCK when another open
// file holds one.
func flock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) // #nosec G115 -- a file descriptor fits an int
}
