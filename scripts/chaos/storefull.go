package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// storeDiskSize is the tmpfs the SQLite database lives on in the store-full scenario: room for
// the migrations and the whole run's events once the filler is gone.
const storeDiskSize = "32m"

// storeStreamBytes caps the event stream in the store-full scenario: small enough to fill within
// seconds of the store refusing, big enough that a trim every 2 s keeps up once it stores again.
const storeStreamBytes = 8 << 20

// storeFull puts the SQLite database on a disk of its own (a tmpfs) and fills that disk under
// load, as a full volume would: the store refuses every write, the consumers hand the events
// back to the stream, the stream (capped at 8 MiB) fills and intake answers 503. Then the
// filler is deleted, as an operator freeing space would, and nothing accepted may be missing.
func storeFull(ctx context.Context, e *env) (result, error) {
	disk := filepath.Join(e.dir, "store-disk")
	unmount, err := mountTmpfs(ctx, disk, storeDiskSize)
	if err != nil {
		return result{}, err
	}
	defer unmount()
	l, err := startAllUnderLoad(ctx, e, "lectern all (SQLite on a full disk)", "store-full",
		"--sqlite-path", filepath.Join(disk, "lectern.db"), "--events-max-bytes", strconv.Itoa(storeStreamBytes))
	if err != nil {
		return result{}, err
	}
	defer l.stop()
	ld, admin := l.ld, l.admin
	pause(ctx, e.jitter(time.Second, 3*time.Second))
	ld.fault(true)
	filler := filepath.Join(disk, "filler")
	if err := fillDisk(filler); err != nil {
		ld.finish()
		return result{}, err
	}
	full, err := ld.refusing(ctx, 60*time.Second) // the stream fills with what the store refuses
	if err != nil {
		ld.finish()
		return result{}, err
	}
	pause(ctx, 5*time.Second)
	if err := os.Remove(filler); err != nil {
		ld.finish()
		return result{}, fmt.Errorf("free the store's disk: %w", err)
	}
	recovered := time.Now()
	r := result{faults: 1}
	// The stream is still full when the disk is freed: intake refuses now and then until the
	// consumers have stored the backlog and trimmed it. The fault ends once intake has refused
	// nothing for a second; a refusal after that counts as outside the fault.
	again, err := ld.acceptingAgain(ctx, 30*time.Second)
	if err != nil {
		ld.finish()
		return r, err
	}
	steady, err := ld.steady(ctx, time.Second, 30*time.Second)
	if err != nil {
		ld.finish()
		return r, err
	}
	ld.fault(false)
	pause(ctx, 3*time.Second)
	accepted, errs := ld.finish()
	r.during = summary(errs)
	r.note = fmt.Sprintf("the stream filled %.1fs into the fault; after the disk was freed, intake accepted again in %.1fs and refused nothing from %.1fs on",
		full.Seconds(), again.Seconds(), (again + steady - time.Second).Seconds())
	if err := settleAll(ctx, l.base, admin, ld, accepted, recovered, 60*time.Second, &r); err != nil {
		return r, err
	}
	return r, nil
}

// mountTmpfs mounts a tmpfs of size at dir (which it creates) and returns what unmounts it.
// Mounting needs root (CAP_SYS_ADMIN), as CI and this machine have.
func mountTmpfs(ctx context.Context, dir, size string) (func(), error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	out, err := exec.CommandContext(ctx, "mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput() // #nosec G204 -- fixed arguments and its own directory
	if err != nil {
		return nil, fmt.Errorf("mount a %s tmpfs for the store (needs root): %w: %s", size, err, out)
	}
	return func() { _ = exec.Command("umount", "-l", dir).Run() }, nil // #nosec G204 -- its own mount point
}

// fillDisk writes path until its file system has no space left.
func fillDisk(path string) error {
	f, err := os.Create(path) // #nosec G304 -- a file in its own temporary mount
	if err != nil {
		return err
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	for {
		if _, err := f.Write(chunk); err != nil {
			if errors.Is(err, syscall.ENOSPC) {
				return nil
			}
			return fmt.Errorf("fill the store's disk: %w", err)
		}
	}
}
