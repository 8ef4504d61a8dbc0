package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

// lecternImage is the image docker-compose.yml builds from deploy/Dockerfile.
const lecternImage = "lectern:dev"

// cmdCompose checks docker-compose.yml: `compose REPO LECTERN_BIN [FILE]`.
func cmdCompose(args []string) error {
	if len(args) < 2 || len(args) > 3 {
		return errors.New("usage: compose REPO LECTERN_BIN [FILE]")
	}
	repo, err := filepath.Abs(args[0])
	if err != nil {
		return err
	}
	bin := args[1]
	file := filepath.Join(repo, "docker-compose.yml")
	if len(args) == 3 {
		file = args[2]
	}
	p, err := loadCompose(context.Background(), repo, file)
	if err != nil {
		return err
	}
	problems := checkCompose(p, repo, binaryVerifier(bin))
	fmt.Printf("services: %s\n", strings.Join(slices.Sorted(maps.Keys(p.Services)), ", "))
	if len(problems) > 0 {
		return fmt.Errorf("%s:\n  %s", file, strings.Join(problems, "\n  "))
	}
	fmt.Printf("ok: %s loads with compose-go and passes every check\n", file)
	return nil
}

// loadCompose loads file as `docker compose` would, with repo as the project directory and no
// variables from the caller's environment.
func loadCompose(ctx context.Context, repo, file string) (*types.Project, error) {
	opts, err := cli.NewProjectOptions([]string{file}, cli.WithWorkingDirectory(repo), cli.WithName("lectern"),
		cli.WithEnv(nil), cli.WithResolvedPaths(true))
	if err != nil {
		return nil, err
	}
	p, err := opts.LoadProject(ctx)
	if err != nil {
		return nil, fmt.Errorf("compose-go: %w", err)
	}
	return p, nil
}

// verifier runs one Lectern service's command through the binary's own flag parsing.
type verifier func(command []string, env map[string]string) error

// binaryVerifier runs `bin COMMAND... --verify-config` with the service's environment only.
func binaryVerifier(bin string) verifier {
	return func(command []string, env map[string]string) error {
		cmd := exec.Command(bin, append(slices.Clone(command), "--verify-config")...) // #nosec G204 -- the binary the check was given
		cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err != nil || strings.TrimSpace(out.String()) != "configuration ok" {
			return fmt.Errorf("%v: %s", err, strings.TrimSpace(errs.String()))
		}
		return nil
	}
}

// checkCompose returns every problem of the project; none means it passes.
func checkCompose(p *types.Project, repo string, verify verifier) []string {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	published := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(p.Services)) {
		s := p.Services[name]
		lectern := s.Image == lecternImage || s.Build != nil
		if lectern {
			checkLecternService(name, s, repo, verify, add)
		}
		for _, port := range s.Ports {
			key := port.HostIP + ":" + port.Published + "/" + port.Protocol
			if other, ok := published[key]; ok && port.Published != "" {
				add("%s: host port %s is also published by %s", name, port.Published, other)
			}
			published[key] = name
		}
		for dep, d := range s.DependsOn {
			if d.Condition == types.ServiceConditionHealthy {
				if h := p.Services[dep].HealthCheck; h == nil || h.Disable || len(h.Test) == 0 {
					add("%s waits for %s to be healthy, but %s has no health check", name, dep, dep)
				}
			}
		}
		if dir := natsStoreDir(s.Command); dir != "" && !namedVolumeAt(s, dir) {
			add("%s: the JetStream store %s is not on a named volume (its data would go with the container)", name, dir)
		}
		if strings.HasPrefix(s.Image, "clickhouse/") && !namedVolumeAt(s, "/var/lib/clickhouse") {
			add("%s: /var/lib/clickhouse is not on a named volume (its data would go with the container)", name)
		}
		if strings.HasPrefix(s.Image, "nats:") {
			checkNATSVersion(name, s.Image, repo, add)
		}
		for _, v := range s.Volumes {
			if v.Type == types.VolumeTypeBind {
				if _, err := os.Stat(v.Source); err != nil {
					add("%s: bind mount %s does not exist", name, v.Source)
				}
			}
		}
	}
	return problems
}

func checkLecternService(name string, s types.ServiceConfig, repo string, verify verifier, add func(string, ...any)) {
	if s.Image != lecternImage {
		add("%s: image %q, want %q", name, s.Image, lecternImage)
	}
	if !builtFromDockerfile(s.Build, repo) {
		add("%s: the image must be built from deploy/Dockerfile with the repository root as context", name)
	}
	env := map[string]string{}
	for k, v := range s.Environment {
		if v != nil {
			env[k] = *v
		}
	}
	if len(s.Command) == 0 {
		add("%s: no command (the image would run `lectern all`, with its own NATS and SQLite)", name)
		return
	}
	if _, ok := env["LECTERN_SITES"]; !ok {
		// The image's own: deploy/Dockerfile copies lectern.yaml to /srv/lectern and sets
		// LECTERN_SITES to it.
		env["LECTERN_SITES"] = filepath.Join(repo, "lectern.yaml")
	}
	if err := verify(s.Command, env); err != nil {
		add("%s: `lectern %s` is refused by the binary's flag parsing: %v", name, strings.Join(s.Command, " "), err)
	}
	if s.Restart == "no" {
		return // a one-shot job
	}
	h := s.HealthCheck
	if h == nil || h.Disable || !slices.ContainsFunc(h.Test, func(t string) bool { return strings.HasSuffix(t, "/readyz") }) {
		add("%s: the health check must ask /readyz", name)
	}
}

// builtFromDockerfile reports a build of deploy/Dockerfile with the repository root as context
// (compose-go resolves the context; the dockerfile stays relative to it unless absolute).
func builtFromDockerfile(b *types.BuildConfig, repo string) bool {
	if b == nil || filepath.Clean(b.Context) != filepath.Clean(repo) {
		return false
	}
	df := b.Dockerfile
	if !filepath.IsAbs(df) {
		df = filepath.Join(b.Context, df)
	}
	return filepath.Clean(df) == filepath.Join(repo, "deploy", "Dockerfile")
}

var storeDirFlag = regexp.MustCompile(`^(-sd|--store_dir)$`)

// natsStoreDir is the JetStream store directory a nats-server command names, or "".
func natsStoreDir(command []string) string {
	for i, a := range command {
		if storeDirFlag.MatchString(a) && i+1 < len(command) && slices.Contains(command, "-js") {
			return command[i+1]
		}
	}
	return ""
}

func namedVolumeAt(s types.ServiceConfig, target string) bool {
	return slices.ContainsFunc(s.Volumes, func(v types.ServiceVolumeConfig) bool {
		return v.Type == types.VolumeTypeVolume && v.Source != "" && filepath.Clean(v.Target) == filepath.Clean(target)
	})
}

// checkNATSVersion wants the nats image at the major.minor of the nats-server the code pins.
func checkNATSVersion(name, image, repo string, add func(string, ...any)) {
	mod, err := os.ReadFile(filepath.Join(repo, "platform", "go.mod")) // #nosec G304 -- the repository's own go.mod
	if err != nil {
		add("%s: %v", name, err)
		return
	}
	m := regexp.MustCompile(`github.com/nats-io/nats-server/v2 v(\d+\.\d+)\.`).FindSubmatch(mod)
	if m == nil {
		add("%s: platform/go.mod pins no nats-server", name)
		return
	}
	if tag := strings.TrimPrefix(image, "nats:"); !strings.HasPrefix(tag, string(m[1])+"-") && tag != string(m[1]) && !strings.HasPrefix(tag, string(m[1])+".") {
		add("%s: image %s, want nats:%s (the nats-server platform/go.mod pins)", name, image, m[1])
	}
}
