package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// cmdDockerfile checks deploy/Dockerfile against the workspace it builds: every go.work module
// is copied, every COPY source exists and survives .dockerignore, no file the build
// needs is filtered out, and the runtime stage is what the deployment expects.
func cmdDockerfile(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: dockerfile REPO")
	}
	repo := args[0]
	b, err := os.ReadFile(filepath.Join(repo, "deploy", "Dockerfile"))
	if err != nil {
		return err
	}
	lines := joinContinuations(string(b))
	ignore, err := readDockerignore(filepath.Join(repo, ".dockerignore"))
	if err != nil {
		return err
	}
	var p problems
	var copies []string // build-context sources
	stages := 0
	text := strings.Join(lines, "\n")
	for _, line := range lines {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch strings.ToUpper(fields[0]) {
		case "FROM":
			stages++
		case "COPY":
			var srcs []string
			from := false
			for _, f := range fields[1 : len(fields)-1] {
				if strings.HasPrefix(f, "--from=") {
					from = true
				}
				if !strings.HasPrefix(f, "--") {
					srcs = append(srcs, f)
				}
			}
			if !from {
				copies = append(copies, srcs...)
			}
		}
	}
	if stages < 2 {
		p.addf("want a multi-stage build (build, runtime)")
	}
	for _, want := range []struct{ re, what string }{
		{`(?m)^ENV .*CGO_ENABLED=0`, "CGO_ENABLED=0"},
		{`go build -trimpath -ldflags='-s -w' -o /lectern \./cmd/lectern`, "go build -trimpath -ldflags='-s -w' -o /lectern ./cmd/lectern"},
		{`(?m)^ARG RUNTIME_IMAGE=gcr\.io/distroless/static[a-z0-9-]*:nonroot$`, "a distroless/static nonroot runtime"},
		{`(?m)^FROM \$\{RUNTIME_IMAGE\}$`, "the runtime stage FROM ${RUNTIME_IMAGE}"},
		{`(?m)^ENTRYPOINT \["/lectern"\]$`, `ENTRYPOINT ["/lectern"]`},
		{`(?m)^CMD \["all"\]$`, `CMD ["all"]`},
		{`(?m)^EXPOSE 8080 4222$`, "EXPOSE 8080 4222"},
		{`(?m)^VOLUME \["/data"\]$`, `VOLUME ["/data"]`},
		{`LECTERN_HTTP_ADDR=0\.0\.0\.0:8080`, "LECTERN_HTTP_ADDR=0.0.0.0:8080"},
		{`LECTERN_DATA_DIR=/data`, "LECTERN_DATA_DIR=/data"},
		{`(?m)^USER 65532:65532$`, "USER 65532:65532"},
	} {
		if !regexp.MustCompile(want.re).MatchString(text) {
			p.addf("Dockerfile: want %s", want.what)
		}
	}
	// Every module of go.work is copied.
	work, err := os.ReadFile(filepath.Join(repo, "go.work"))
	if err != nil {
		return err
	}
	copied := map[string]bool{}
	for _, c := range copies {
		copied[strings.Trim(filepath.Clean(c), "/")] = true
	}
	modules := regexp.MustCompile(`(?m)^\s*\./(\S+)\s*$`).FindAllStringSubmatch(string(work), -1)
	for _, mm := range modules {
		if !copied[filepath.Clean(mm[1])] {
			p.addf("Dockerfile: go.work module %s is not copied into the build stage", mm[1])
		}
	}
	for _, f := range []string{"go.work", "go.work.sum"} {
		if !copied[f] {
			p.addf("Dockerfile: %s is not copied", f)
		}
	}
	// Every COPY source exists and passes the dockerignore; nothing the build reads is filtered.
	needed := 0
	for _, c := range copies {
		path := filepath.Join(repo, c)
		info, err := os.Stat(path)
		if err != nil {
			p.addf("Dockerfile: COPY source %s: %v", c, err)
			continue
		}
		rel := strings.Trim(filepath.Clean(c), "/")
		if ignore.excluded(rel) && !info.IsDir() {
			p.addf("dockerignore excludes COPY source %s", c)
		}
		if !info.IsDir() {
			needed++
			continue
		}
		_ = filepath.WalkDir(path, func(f string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				if d != nil && d.IsDir() && d.Name() == "node_modules" {
					return filepath.SkipDir
				}
				return nil
			}
			r, _ := filepath.Rel(repo, f)
			r = filepath.ToSlash(r)
			if buildInput(r) {
				needed++
				if ignore.excluded(r) {
					p.addf("dockerignore excludes %s, which the image needs", r)
				}
			}
			return nil
		})
	}
	fmt.Printf("  %d build stages; go.work modules %d, all copied; %d files the build reads pass .dockerignore; runtime: distroless nonroot, /lectern all, :8080 :4222, /data\n",
		stages, len(modules), needed)
	return p.err()
}

// buildInput reports whether the image build reads a file: Go sources, module files, the
// embedded migrations, the demo site.
func buildInput(rel string) bool {
	if strings.HasSuffix(rel, "_test.go") || strings.Contains(rel, "/testdata/") {
		return false
	}
	if strings.HasPrefix(rel, "docs/") || rel == "lectern.yaml" {
		return true
	}
	base := filepath.Base(rel)
	return strings.HasSuffix(rel, ".go") || base == "go.mod" || base == "go.sum" ||
		strings.HasPrefix(rel, "schemas/migrations/") && strings.HasSuffix(rel, ".sql")
}

// joinContinuations returns the Dockerfile's instructions, one per line, comments dropped.
func joinContinuations(text string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#") {
			continue
		}
		if body, ok := strings.CutSuffix(t, "\\"); ok {
			cur.WriteString(strings.TrimSpace(body) + " ")
			continue
		}
		cur.WriteString(t)
		if s := strings.TrimSpace(cur.String()); s != "" {
			out = append(out, s)
		}
		cur.Reset()
	}
	return out
}

// dockerignore holds the patterns of a .dockerignore, matched as Docker does: a path is
// excluded when the last pattern matching it or one of its parent directories excludes it.
type dockerignore []struct {
	re     *regexp.Regexp
	negate bool
}

func readDockerignore(path string) (dockerignore, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var d dockerignore
	for _, line := range strings.Split(string(b), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		neg := strings.HasPrefix(t, "!")
		t = strings.TrimPrefix(t, "!")
		t = strings.Trim(filepath.ToSlash(filepath.Clean(t)), "/")
		d = append(d, struct {
			re     *regexp.Regexp
			negate bool
		}{globRegexp(t), neg})
	}
	return d, nil
}

// globRegexp translates a dockerignore pattern: ** any number of segments, * and ? within one.
func globRegexp(pat string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '*':
			if i+1 < len(pat) && pat[i+1] == '*' {
				i++
				if i+1 < len(pat) && pat[i+1] == '/' {
					i++
					b.WriteString("(?:.*/)?")
				} else {
					b.WriteString(".*")
				}
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

func (d dockerignore) excluded(rel string) bool {
	// The path and each of its parents, as Docker's MatchesOrParentMatches does.
	parts := strings.Split(rel, "/")
	excluded := false
	for _, pat := range d {
		match := false
		for i := 1; i <= len(parts); i++ {
			if pat.re.MatchString(strings.Join(parts[:i], "/")) {
				match = true
				break
			}
		}
		if match {
			excluded = !pat.negate
		}
	}
	return excluded
}
