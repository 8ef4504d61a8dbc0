package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// proc is one server process the suite starts, kills and restarts with the same arguments.
type proc struct {
	dir     string // working directory
	name    string
	bin     string
	args    []string
	cmd     *exec.Cmd
	logs    *lockedBuffer
	done    chan struct{}
	keys    map[string]string // LECTERN_*_KEY lines a first start printed
	logFile *os.File          // the copy of the log under logDir, when kept
}

func newProc(name, bin string, args ...string) *proc {
	return &proc{name: name, bin: bin, args: args, logs: &lockedBuffer{}, keys: map[string]string{}}
}

// logDir, when set (-keep), receives a copy of every process's stderr in NAME.log.
var logDir string

// start runs the process; its stdout is scanned for printed keys.
func (p *proc) start() error {
	cmd := exec.Command(p.bin, p.args...) // #nosec G204 -- runs the binaries named by its own flags
	cmd.Dir = p.dir
	cmd.Stderr = p.logs
	if logDir != "" {
		f, err := os.OpenFile(filepath.Join(logDir, strings.ReplaceAll(p.name, " ", "_")+".log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600) // #nosec G304 -- its own work dir
		if err != nil {
			return err
		}
		p.logFile = f
		fmt.Fprintf(f, "=== %s start %s\n", time.Now().Format(time.RFC3339Nano), p.name)
		cmd.Stderr = io.MultiWriter(p.logs, f)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", p.name, err)
	}
	p.cmd, p.done = cmd, make(chan struct{})
	keysDone := make(chan struct{})
	go func() {
		defer close(keysDone)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), "="); ok && strings.HasPrefix(k, "LECTERN_") && strings.HasSuffix(k, "_KEY") {
				p.logs.setKey(p.keys, k, v)
			}
		}
	}()
	logFile := p.logFile
	go func() {
		<-keysDone
		_ = cmd.Wait()
		if logFile != nil {
			fmt.Fprintf(logFile, "=== %s exited %s: %v\n", time.Now().Format(time.RFC3339Nano), p.name, cmd.ProcessState)
			_ = logFile.Close()
		}
		close(p.done)
	}()
	return nil
}

// kill sends SIGKILL and waits until the process is gone.
func (p *proc) kill() {
	if p.cmd == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
	p.cmd = nil
}

// stop sends SIGTERM and waits, killing after 20 s.
func (p *proc) stop() {
	if p.cmd == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(20 * time.Second):
		p.kill()
	}
	p.cmd = nil
}

func (p *proc) exited() bool {
	if p.cmd == nil {
		return true
	}
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

func (p *proc) key(name string) string { return p.logs.key(p.keys, name) }

// waitReady polls url (a /readyz or a TCP address) until it answers, the process exits, or
// the deadline passes.
func (p *proc) waitHTTP(ctx context.Context, url string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		if p.exited() {
			return fmt.Errorf("%s exited during start-up:\n%s", p.name, p.logs.tail(30))
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil) // #nosec G704 -- the test tool calls only the loopback servers it started
		if resp, err := http.DefaultClient.Do(req); err == nil {            // #nosec G704 -- the test tool calls only the loopback servers it started
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("%s: %s not ready within %s:\n%s", p.name, url, timeout, p.logs.tail(30))
		}
		time.Sleep(50 * time.Millisecond) // polling a process we do not control; no event to wait on
	}
}

func (p *proc) waitTCP(addr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close() // #nosec G104 -- a best-effort call in a test tool; its failure shows in the checks that follow
			return nil
		}
		if p.exited() || time.Now().After(deadline) {
			return fmt.Errorf("%s: %s not listening within %s:\n%s", p.name, addr, timeout, p.logs.tail(30))
		}
		time.Sleep(50 * time.Millisecond) // as in waitHTTP
	}
}

// lockedBuffer keeps a process's log and the keys it printed.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.buf.Len() > 4<<20 {
		b.buf.Reset() // keep the tail bounded
	}
	return b.buf.Write(p)
}

func (b *lockedBuffer) tail(lines int) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	all := strings.Split(strings.TrimRight(b.buf.String(), "\n"), "\n")
	return strings.Join(all[max(0, len(all)-lines):], "\n")
}

func (b *lockedBuffer) setKey(m map[string]string, k, v string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	m[k] = v
}

func (b *lockedBuffer) key(m map[string]string, k string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return m[k]
}

var errNoKeys = errors.New("no keys printed on first start")
