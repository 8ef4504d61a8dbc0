package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// cmdContext stages what the Dockerfile's COPY lines take from the build context into OUT,
// filtered by .dockerignore as Docker filters the context, so that the build stage can
// be reproduced without Docker (deploy_test.sh does, with LECTERN_IMAGE_TEST=1).
func cmdContext(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: context REPO OUT")
	}
	repo, out := args[0], args[1]
	b, err := os.ReadFile(filepath.Join(repo, "deploy", "Dockerfile"))
	if err != nil {
		return err
	}
	ignore, err := readDockerignore(filepath.Join(repo, ".dockerignore"))
	if err != nil {
		return err
	}
	files := 0
	for _, line := range joinContinuations(string(b)) {
		fields := strings.Fields(line)
		if len(fields) < 3 || strings.ToUpper(fields[0]) != "COPY" || strings.Contains(line, "--from=") {
			continue
		}
		for _, src := range fields[1 : len(fields)-1] {
			if strings.HasPrefix(src, "--") {
				continue
			}
			root := filepath.Join(repo, src)
			err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(repo, path)
				rel = filepath.ToSlash(rel)
				if d.IsDir() || ignore.excluded(rel) {
					return nil
				}
				if !d.Type().IsRegular() {
					return nil
				}
				files++
				return copyFile(path, filepath.Join(out, rel))
			})
			if err != nil {
				return err
			}
		}
	}
	fmt.Printf("  staged %d context files in %s\n", files, out)
	return nil
}

func copyFile(src, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	o, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(o, in); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}
