package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// source holds what the Go code of the repository declares: metric names, environment
// variables and flag names. Test files and the deploy/ tree are left out.
type source struct {
	metrics       map[string]bool   // lectern_* names registered with Prometheus
	goCollector   bool              // collectors.NewGoCollector registered (go_* series)
	procCollector bool              // collectors.NewProcessCollector registered (process_* series)
	env           map[string]bool   // LECTERN_* names in string literals
	envTypes      map[string]string // LECTERN_* name -> String, Int, Float, Duration or Bool (envflag)
	flags         map[string]bool   // names given to envflag.* / fs.*Var / rateFlag
	files         int
}

var (
	reMetricName = regexp.MustCompile(`(?:Name:\s*|NewDesc\(\s*)"(lectern_[a-z0-9_]+)"`)
	reEnvName    = regexp.MustCompile(`"(LECTERN_[A-Z0-9_]+)"`)
	reEnvflag    = regexp.MustCompile(`envflag\.\w+\(\s*fs,\s*[^,]+,\s*"([a-z0-9-]+)"`)
	reFlagVar    = regexp.MustCompile(`\bfs\.(?:String|Int|Bool|Duration|Float64)Var\([^,]+,\s*"([a-z0-9-]+)"`)
	reEnvVarFlag = regexp.MustCompile(`envVar\(\s*fs,\s*[^,]+,\s*"([a-z0-9-]+)"`)
	reEnvType    = regexp.MustCompile(`envflag\.(String|Int|Float|Duration|Bool)\(\s*fs,\s*[^,]+,\s*"[a-z0-9-]+",\s*"(LECTERN_[A-Z0-9_]+)"`)
)

func scanSource(repo string) (*source, error) {
	src := &source{metrics: map[string]bool{}, env: map[string]bool{}, envTypes: map[string]string{}, flags: map[string]bool{}}
	err := filepath.WalkDir(repo, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", ".tmp", "node_modules", "deploy", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(b)
		src.files++
		for _, mm := range reMetricName.FindAllStringSubmatch(text, -1) {
			src.metrics[mm[1]] = true
		}
		for _, mm := range reEnvName.FindAllStringSubmatch(text, -1) {
			src.env[mm[1]] = true
		}
		for _, mm := range reEnvType.FindAllStringSubmatch(text, -1) {
			src.envTypes[mm[2]] = mm[1]
		}
		for _, re := range []*regexp.Regexp{reEnvflag, reFlagVar, reEnvVarFlag} {
			for _, mm := range re.FindAllStringSubmatch(text, -1) {
				src.flags[mm[1]] = true
			}
		}
		if strings.Contains(text, "collectors.NewGoCollector(") {
			src.goCollector = true
		}
		if strings.Contains(text, "collectors.NewProcessCollector(") {
			src.procCollector = true
		}
		return nil
	})
	return src, err
}

// hasMetric reports whether name is a series the code exports: a registered name, a
// histogram's _bucket/_sum/_count, or a Go/process collector series when those are registered.
func (s *source) hasMetric(name string) bool {
	if s.metrics[name] {
		return true
	}
	for _, suffix := range []string{"_bucket", "_sum", "_count"} {
		if base, ok := strings.CutSuffix(name, suffix); ok && s.metrics[base] {
			return true
		}
	}
	switch {
	case strings.HasPrefix(name, "go_"):
		return s.goCollector
	case strings.HasPrefix(name, "process_"):
		return s.procCollector
	}
	return false
}

// hasFlag reports whether --name is a flag of the binary; rate-limit flags are registered
// under names built at run time (ratelimit-<kind>-<scope>), accepted by their prefix.
func (s *source) hasFlag(name string) bool {
	if s.flags[name] {
		return true
	}
	return strings.HasPrefix(name, "ratelimit-") && s.env["LECTERN_RATELIMIT"]
}

// hasEnv reports whether a LECTERN_* variable is read by the code. Rate-limit variables are
// built from their flag names (LECTERN_RATELIMIT_<KIND>_<SCOPE>).
func (s *source) hasEnv(name string) bool {
	if s.env[name] {
		return true
	}
	return strings.HasPrefix(name, "LECTERN_RATELIMIT_") && s.env["LECTERN_RATELIMIT"]
}

// checkEnvValue parses v as the type the code reads name with. envflag ignores a malformed
// value and keeps the default without a word, so a typo in a manifest would go unnoticed.
func (s *source) checkEnvValue(name, v string) error {
	var err error
	switch s.envTypes[name] {
	case "Int":
		_, err = strconv.Atoi(v)
	case "Float":
		_, err = strconv.ParseFloat(v, 64)
	case "Duration":
		_, err = time.ParseDuration(v)
	case "Bool":
		_, err = strconv.ParseBool(v)
	}
	if err != nil {
		return fmt.Errorf("%s=%q is not a valid %s (the binary would silently use its default)", name, v, strings.ToLower(s.envTypes[name]))
	}
	return nil
}
