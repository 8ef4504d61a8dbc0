package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

const navUpgradeAbout = `Prints the docs.json a site configured by mint.json is read as: mint.json upgraded as
Mintlify's build upgrades it (upgradeToDocsConfig of @mintlify/validation), which is what
Lectern serves and validates for a site without docs.json. PATH is a site directory holding
mint.json, or a mint.json file. With --write the docs.json is written beside mint.json, only
when there is none (an existing docs.json is never overwritten; a site with one is read from
it, and its mint.json is ignored). Exit status 0 on success, 1 when there is no mint.json to
read, it is not JSON, or docs.json already exists.`

// navUpgradeCommand is `lectern nav upgrade`.
func navUpgradeCommand() *command {
	return &command{
		name:    "upgrade",
		summary: "print the docs.json a mint.json site is read as, upgraded as Mintlify's build does",
		usage:   "lectern nav upgrade [--write] PATH",
		about:   navUpgradeAbout,
		setup:   navUpgrade,
	}
}

var mintPath = argSpec{min: 1, max: 1, name: "PATH (a site directory or its mint.json)"}

func navUpgrade(fs *flag.FlagSet) action {
	write := fs.Bool("write", false, "write the docs.json beside mint.json (never over an existing one) instead of printing it")
	return action{args: mintPath, run: func(_ context.Context, c *call) error {
		file, err := mintFile(c.args[0])
		if err != nil {
			fmt.Fprintf(c.stderr, "%s: %v\n", c.args[0], err)
			return exitError(1)
		}
		data, err := os.ReadFile(file)
		if err == nil {
			data, err = docsjson.MarshalUpgrade(data)
		}
		if err != nil {
			fmt.Fprintf(c.stderr, "%s: %v\n", file, err)
			return exitError(1)
		}
		if !*write {
			if _, err := c.stdout.Write(data); err != nil {
				return fmt.Errorf("write docs.json: %w", err)
			}
			return nil
		}
		out := filepath.Join(filepath.Dir(file), "docs.json")
		if err := writeNew(out, data); err != nil {
			fmt.Fprintf(c.stderr, "%s: %v\n", out, err)
			return exitError(1)
		}
		fmt.Fprintf(c.stdout, "wrote %s (from %s)\n", out, file)
		return nil
	}}
}

// mintFile is the mint.json of path: path itself when it is a file, else the mint.json of a
// site directory that has no docs.json.
func mintFile(path string) (string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if !info.IsDir() {
		return path, nil
	}
	if _, err := os.Stat(filepath.Join(path, "docs.json")); err == nil {
		return "", errors.New("the site has a docs.json, which it is read from; its mint.json (if any) is not read")
	}
	file := filepath.Join(path, docsjson.MintFile)
	if _, err := os.Stat(file); err != nil {
		return "", fmt.Errorf("no %s to upgrade: %w", docsjson.MintFile, err)
	}
	return file, nil
}

// writeNew writes a file that must not exist yet.
func writeNew(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return errors.New("already exists; it is never overwritten (the site is read from it)")
	}
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
