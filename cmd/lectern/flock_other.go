//go:build !unix

package main

import "os"

// flock is a no-op where flock(2) does not exist: the data directory is not locked there.
func flock(*os.File) error { return nil }
