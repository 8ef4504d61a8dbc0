package main

import (
	"bufio"
	"fmt"
	"os"

	"context"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/freeport"
	"github.com/nats-io/nats.go"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildBinary builds cmd/lectern once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "lectern")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func freeAddr(t *testing.T) string {
	t.Helper()
	addr, err := freeport.Addr() // below the ephemeral range: no outgoing connection takes it first
	if err != nil {
		t.Fatal(err)
	}
	return addr
}

// proc is a running lectern process.
type proc struct {
	cmd    *exec.Cmd
	stdout *bufio.Scanner
	logs   *syncBuffer
}

func startProc(t *testing.T, bin string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, stdout: bufio.NewScanner(out), logs: &syncBuffer{}}
	cmd.Stderr = p.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return p
}

// stop sends SIGTERM and returns the exit code.
func (p *proc) stop(t *testing.T) int {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("lectern did not stop within 30s of SIGTERM\n%s", p.logs.String())
	}
	return p.cmd.ProcessState.ExitCode()
}

func waitHTTP(t *testing.T, url string) {
	t.Helper()
	eventually.Succeeds(t, readyWithin, func() error {
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return fmt.Errorf("%s: %d", url, resp.StatusCode)
		}
		return nil
	})
}

func runCLI(t *testing.T, bin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, args...).Output()
	if err != nil {
		t.Fatalf("lectern %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

func TestBinaryLifecycle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	dataDir := t.TempDir()
	httpAddr, natsAddr := freeAddr(t), freeAddr(t)
	sites, _ := filepath.Abs("../../lectern.yaml")
	args := []string{"all", "--data-dir", dataDir, "--http-addr", httpAddr, "--nats-addr", natsAddr, "--sites", sites, "--log-level", "warn"}
	base := "http://" + httpAddr

	p := startProc(t, bin, args...)
	keys := map[string]string{}
	for len(keys) < 2 && p.stdout.Scan() {
		if k, v, ok := strings.Cut(p.stdout.Text(), "="); ok && strings.HasPrefix(k, "LECTERN_") {
			keys[k] = v
		}
	}
	if len(keys) != 2 {
		t.Fatalf("first start printed keys %v\n%s", keys, p.logs.String())
	}
	waitHTTP(t, base+"/readyz")
	if strings.Contains(p.logs.String(), "Plaintext passwords") {
		t.Errorf("the embedded NATS warns about its own credentials:\n%s", p.logs.String())
	}
	second := exec.Command(bin, "all", "--data-dir", dataDir, "--http-addr", freeAddr(t), "--nats-addr", freeAddr(t), "--sites", sites)
	msg, err := second.CombinedOutput()
	want := fmt.Sprintf("lectern: --data-dir %s is in use by another lectern (pid %d: %s all", dataDir, p.cmd.Process.Pid, bin)
	if second.ProcessState.ExitCode() != 1 || !strings.HasPrefix(string(msg), want) {
		t.Errorf("a second lectern on the data dir: %v\n%s\nwant exit 1 and %q", err, msg, want)
	}

	natsURL := "nats://" + natsAddr
	created := strings.TrimSpace(runCLI(t, bin, "keys", "create", "--kind", "admin", "--project", "lectern-docs", "--nats-url", natsURL, "--data-dir", dataDir))
	if strings.Count(created, "\n") != 0 || !strings.HasPrefix(created, "lk_admin_") {
		t.Fatalf("keys create printed %q, want one admin key", created)
	}
	checkNATSAuth(t, natsAddr, dataDir)
	// The tools take the server's own --nats-addr too, as 'lectern data delete' does.
	list := runCLI(t, bin, "keys", "list", "--nats-addr", natsAddr, "--data-dir", dataDir)
	if strings.Count(list, "\n") != 4 || strings.Contains(list, created[len("lk_admin_")+27:]) {
		t.Fatalf("keys list shows %q: want a header and three keys, no secrets", list)
	}

	status, body := httpDo(t, "POST", base+"/discovery/v1/feedback/lectern", keys["LECTERN_ASSISTANT_KEY"],
		`{"path":"/quickstart","source":"contextual","helpful":true,"comment":"kept across restarts"}`)
	if status != 202 {
		t.Fatalf("post feedback: %d %s", status, body)
	}
	if code := p.stop(t); code != 0 {
		t.Fatalf("exit code after SIGTERM = %d, want 0\n%s", code, p.logs.String())
	}

	p2 := startProc(t, bin, args...)
	waitHTTP(t, base+"/readyz")
	eventually.Succeeds(t, 10*time.Second, func() error {
		status, body = httpDo(t, "GET", base+"/api/external/v1/analytics/lectern-docs/feedback", created, "")
		if status != 200 || !strings.Contains(body, "kept across restarts") {
			return fmt.Errorf("after restart the export shows %d %s", status, body)
		}
		return nil
	})
	id := strings.Fields(strings.TrimSpace(runCLI(t, bin, "keys", "list", "--nats-url", natsURL, "--data-dir", dataDir)))
	revokeID := id[len(id)-6] // the newest key's id: the last row's first column
	if out := runCLI(t, bin, "keys", "revoke", revokeID, "--nats-url", natsURL, "--data-dir", dataDir); !strings.Contains(out, revokeID) {
		t.Fatalf("revoke printed %q", out)
	}
	eventually.Succeeds(t, 10*time.Second, func() error { // the server's watcher applies the revocation
		if status, _ = httpDo(t, "GET", base+"/api/external/v1/analytics/lectern-docs/feedback", created, ""); status != 401 {
			return fmt.Errorf("the revoked key still answers %d", status)
		}
		return nil
	})
	metrics := func() string { _, b := httpDo(t, "GET", base+"/metrics", "", ""); return b }()
	for _, series := range []string{"lectern_http_requests_total", "lectern_events_stored_total", "lectern_consumer_pending", "lectern_store_insert_duration_seconds_bucket", "lectern_consumer_batch_size_bucket"} {
		if !strings.Contains(metrics, series) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
	if code := p2.stop(t); code != 0 {
		t.Fatalf("second exit code = %d\n%s", code, p2.logs.String())
	}
}

func httpDo(t *testing.T, method, url, key, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// checkNATSAuth: the embedded NATS announces auth_required and refuses a client without the
// credentials, whose file only the owner can read.
func checkNATSAuth(t *testing.T, natsAddr, dataDir string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", natsAddr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	info, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.Contains(info, `"auth_required":true`) {
		t.Errorf("embedded NATS INFO does not require auth: %q, %v", info, err)
	}
	if nc, err := nats.Connect("nats://"+natsAddr, nats.MaxReconnects(0)); err == nil {
		nc.Close()
		t.Error("a client without credentials connected to the embedded NATS")
	} else if !strings.Contains(strings.ToLower(err.Error()), "authorization violation") {
		t.Errorf("a client without credentials got %v; want Authorization Violation", err)
	}
	st, err := os.Stat(filepath.Join(dataDir, bus.EmbeddedAuthFile))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("%s has mode %v; want 0600", bus.EmbeddedAuthFile, st.Mode().Perm())
	}
}
