package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lectern-dev/lectern/platform/freeport"
)

// serviceProc is one `lectern ingest|query|assistant` process on an external NATS.
type serviceProc struct {
	cmd      *exec.Cmd
	httpAddr string
	log      string
	exited   chan error
}

// startService starts `lectern target` in dir against natsURL (3 replicas) and waits until it is
// ready.
func startService(ctx context.Context, cfg *config, dir, target, natsURL string, extra ...string) (*serviceProc, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	sites := filepath.Join(dir, "lectern.yaml")
	yaml := fmt.Sprintf("sites:\n  - {domain: %s, project: %s, docs: %q}\n", benchDomain, benchProject, filepath.Join(cfg.repo, "docs"))
	if err := os.WriteFile(sites, []byte(yaml), 0o600); err != nil {
		return nil, err
	}
	port, err := freeport.Port()
	if err != nil {
		return nil, err
	}
	p := &serviceProc{httpAddr: "127.0.0.1:" + strconv.Itoa(port), log: filepath.Join(dir, "stderr.log"), exited: make(chan error, 1)}
	logFile, err := os.Create(p.log)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	args := append([]string{target, "--data-dir", filepath.Join(dir, "data"), "--sites", sites, "--nats-url", natsURL,
		"--nats-replicas", "3", "--ratelimit=false", "--http-addr", p.httpAddr, "--log-level", "warn"}, extra...)
	p.cmd = exec.Command(cfg.lectern, args...) // #nosec G204 -- the bench's own binary
	p.cmd.Stderr = logFile
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { p.exited <- p.cmd.Wait() }()
	if err := waitURL(ctx, "http://"+p.httpAddr+"/readyz", p.exited); err != nil {
		if errors.Is(err, errExitedEarly) { // waitURL took its exit: stop must not wait for another
			p.exited <- nil
		}
		p.stop()
		return nil, fmt.Errorf("lectern %s: %w\n%s", target, err, tailFile(p.log))
	}
	return p, nil
}

func (p *serviceProc) stop() {
	_ = p.cmd.Process.Signal(syscall.SIGCONT) // a stopped process cannot handle SIGTERM
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(20 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
}

// natsCluster is three nats-server processes clustered on loopback, JetStream on each.
type natsCluster struct {
	procs   []*exec.Cmd
	exited  []chan error
	clients []string
}

func startNATSCluster(ctx context.Context, bin, dir string) (*natsCluster, error) {
	var err error
	for try := 1; try <= clusterTries; try++ {
		var c *natsCluster
		if c, err = tryNATSCluster(ctx, bin, filepath.Join(dir, fmt.Sprintf("try-%d", try))); err == nil {
			return c, nil
		}
		if ctx.Err() != nil || !errors.Is(err, errExitedEarly) {
			break
		}
	}
	return nil, err
}

// clusterTries bounds the starts of a cluster whose server exited before it was ready: each try
// takes new ports and a new store directory.
const clusterTries = 3

// errExitedEarly marks a process that exited before it was ready.
var errExitedEarly = errors.New("exited before it was ready")

// tryNATSCluster starts the three servers once, each logging to nats-N.log in dir.
func tryNATSCluster(ctx context.Context, bin, dir string) (*natsCluster, error) {
	const n = 3
	ports, err := freeport.Ports(3 * n) // client, route, monitor per node; distinct
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	c := &natsCluster{}
	var logs []string
	for i := range n {
		var routes []string
		for j := range n {
			if j != i {
				routes = append(routes, fmt.Sprintf("nats://127.0.0.1:%d", ports[3*j+1]))
			}
		}
		logPath := filepath.Join(dir, fmt.Sprintf("nats-%d.log", i+1))
		logFile, err := os.Create(logPath) // #nosec G304 -- under the bench's own temp dir
		if err != nil {
			c.stop()
			return nil, err
		}
		cmd := exec.Command(bin, "-a", "127.0.0.1", "-p", strconv.Itoa(ports[3*i]), "-m", strconv.Itoa(ports[3*i+2]), // #nosec G204 -- the nats-server it built
			"-js", "-sd", filepath.Join(dir, fmt.Sprintf("nats-%d", i+1)), "-n", fmt.Sprintf("nats-%d", i+1),
			"--cluster_name", "bench", "--cluster", fmt.Sprintf("nats://127.0.0.1:%d", ports[3*i+1]), "--routes", strings.Join(routes, ","))
		cmd.Stdout, cmd.Stderr = logFile, logFile
		err = cmd.Start()
		_ = logFile.Close() // the child holds its own descriptor
		if err != nil {
			c.stop()
			return nil, err
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		c.procs, c.exited = append(c.procs, cmd), append(c.exited, exited)
		c.clients = append(c.clients, fmt.Sprintf("nats://127.0.0.1:%d", ports[3*i]))
		logs = append(logs, logPath)
	}
	for i := range n {
		if err := waitURL(ctx, fmt.Sprintf("http://127.0.0.1:%d/healthz", ports[3*i+2]), c.exited[i]); err != nil {
			if errors.Is(err, errExitedEarly) { // waitURL took its exit: stop need not wait for it
				c.exited[i] = make(chan error, 1)
				c.exited[i] <- nil
			}
			c.stop()
			return nil, fmt.Errorf("nats-%d: %w\n%s", i+1, err, tailFile(logs[i]))
		}
	}
	return c, nil
}

// cpu is the CPU time the three servers used so far.
func (c *natsCluster) cpu() time.Duration {
	var sum time.Duration
	for _, cmd := range c.procs {
		d, _ := procCPU(cmd.Process.Pid)
		sum += d
	}
	return sum
}

func (c *natsCluster) url() string { return strings.Join(c.clients, ",") }

func (c *natsCluster) stop() {
	for i, cmd := range c.procs {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-c.exited[i]:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
		}
	}
}

// waitURL polls url until it answers 200, the process exits, or a minute passes.
func waitURL(ctx context.Context, url string, exited <-chan error) error {
	deadline := time.Now().Add(time.Minute)
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if resp, err := http.DefaultClient.Do(req); err == nil { // #nosec G704 -- its own loopback servers
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not ready within a minute", url)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-exited:
			return fmt.Errorf("%w: %v", errExitedEarly, err)
		case <-time.After(50 * time.Millisecond): // polling a process we do not control
		}
	}
}

// buildNATSServer builds nats-server at the version the platform module requires.
func buildNATSServer(ctx context.Context, repo, dir string) (string, error) {
	bin := filepath.Join(dir, "nats-server")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/nats-io/nats-server/v2")
	cmd.Dir = filepath.Join(repo, "platform")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build nats-server: %w\n%s", err, out)
	}
	return bin, nil
}

func tailFile(path string) string {
	data, err := os.ReadFile(path) // #nosec G304 -- its own log file
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	return strings.Join(lines[max(0, len(lines)-20):], "\n")
}
