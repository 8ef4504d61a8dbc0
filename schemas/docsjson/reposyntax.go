package docsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Mintlify's build reads every JSON and YAML file (.json, .yaml, .yml) its file list holds, to
// find the OpenAPI, AsyncAPI and Overlay documents among them; one js-yaml cannot load it
// leaves out with a build warning, "Error parsing /F: Invalid JSON or YAML syntax: ..."
// (@mintlify/prebuild's categorizeFilePaths and warnInvalidSpecFiles), whatever the file is
// for. Its file list skips only Mintlify's default ignores and .mintignore's patterns
// (getFileList): other hidden folders and the snippet folders are read, and .mintlify/'s JSON
// and YAML files too. An AsyncAPI file its parser refuses it leaves out without a warning
// (validateAsyncApi returns its errors rather than throwing them), so that is no warning here.

// repoSyntaxText is the warning of a JSON or YAML file no YAML parser loads.
const repoSyntaxText = "%s is a JSON or YAML file that does not parse (%v); " +
	"Mintlify's build reads every JSON and YAML file it does not ignore and warns of it (\"Error parsing /%[1]s: Invalid JSON or YAML syntax\"); " +
	"fix the file, or list it in .mintignore"

// maxSyntaxBytes bounds a JSON or YAML file read for its syntax; a longer one is not judged.
const maxSyntaxBytes = 32 << 20

// repoSyntaxProblems are the warnings of the JSON and YAML files of Mintlify's file list that
// do not parse, in path order, but for docs.json, mint.json and the files skip says are
// reported elsewhere; bad holds their paths.
func repoSyntaxProblems(fsys fs.FS, skip func(string) bool) (out []Problem, bad map[string]bool) {
	var files []string
	buildFiles(fsys, func(p string) {
		if specExt(p) && p != "docs.json" && p != MintFile && !skip(p) {
			files = append(files, p)
		}
	})
	slices.Sort(files)
	bad = map[string]bool{}
	for _, file := range files {
		data, err := readSyntax(fsys, file)
		if err != nil {
			continue
		}
		if err := loadSyntax(data); err != nil {
			bad[file] = true
			out = append(out, Problem{File: file, Message: fmt.Sprintf(repoSyntaxText, file, err)})
		}
	}
	return out, bad
}

// readSyntax reads file whole, or fails when it is longer than maxSyntaxBytes.
func readSyntax(fsys fs.FS, file string) ([]byte, error) {
	f, err := fsys.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSyntaxBytes+1))
	if err == nil && len(data) > maxSyntaxBytes {
		err = errors.New("too long to judge")
	}
	return data, err
}

// loadSyntax reports why js-yaml's load would refuse data: YAML 1.2 (JSON is its subset) that
// does not parse, a key twice in one mapping, or more than one document. A file of valid JSON
// without repeated keys is read as JSON, which is faster.
func loadSyntax(data []byte) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if json.Valid(data) {
		return jsonDuplicateKey(data)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc any
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // empty: js-yaml loads undefined
		}
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var next any
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return errors.New("expected a single document in the stream, but found more")
}

// jsonDuplicateKey reports the first key that one object of valid JSON data holds twice,
// which js-yaml refuses ("duplicated mapping key").
func jsonDuplicateKey(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		keys   map[string]bool
		object bool
		key    bool // the next string of an object is a key
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // io.EOF: data is valid JSON
		}
		top := len(stack) - 1
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{':
				stack = append(stack, frame{keys: map[string]bool{}, object: true, key: true})
				continue
			case '[':
				stack = append(stack, frame{})
				continue
			}
			stack = stack[:top]
			if top > 0 && stack[top-1].object {
				stack[top-1].key = true
			}
			continue
		}
		if top < 0 || !stack[top].object {
			continue
		}
		if !stack[top].key {
			stack[top].key = true // a value ends; the next string is a key
			continue
		}
		k, _ := tok.(string)
		if stack[top].keys[k] {
			return fmt.Errorf("duplicated mapping key %q", k)
		}
		stack[top].keys[k] = true
		stack[top].key = false
	}
}

// buildFiles calls fn with each file of Mintlify's build file list, at most maxSiteFiles: every
// file but those under a default ignore or a .mintignore pattern (hidden folders are walked;
// the snippet folders are read, as files, by the build).
func buildFiles(fsys fs.FS, fn func(p string)) {
	ig := newIgnorer(fsys)
	seen := 0
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil || seen >= maxSiteFiles:
			return fs.SkipDir
		case p == ".":
			return nil
		case d.IsDir():
			if _, out := ig.decide(p, true, false); out {
				return fs.SkipDir
			}
		case d.Type().IsRegular():
			if _, out := ig.decide(p, false, false); !out {
				seen++
				fn(p)
			}
		}
		return nil
	})
}
