package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Compression bombs against a real `lectern all`: a 256 MiB gzip bomb and a 1 GiB double-gzip
// bomb on every route that reads a body get a 4xx JSON error, and the process's peak RSS stays
// within 128 MiB of where it was (before the fix: +1.1 GB and +4.4 GB).
func TestCompressionBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	one, err := os.ReadFile("testdata/bombs/bomb-256m.gz")
	if err != nil {
		t.Fatal(err)
	}
	two, err := os.ReadFile("testdata/bombs/bomb-1g.gz.gz")
	if err != nil {
		t.Fatal(err)
	}
	bin := buildBinary(t)
	httpAddr, natsAddr := freeAddr(t), freeAddr(t)
	sites, _ := filepath.Abs("../../lectern.yaml")
	p := startProc(t, bin, "all", "--data-dir", t.TempDir(), "--http-addr", httpAddr, "--nats-addr", natsAddr, "--sites", sites, "--log-level", "warn", "--ratelimit=false")
	keys := map[string]string{}
	for len(keys) < 2 && p.stdout.Scan() {
		if k, v, ok := strings.Cut(p.stdout.Text(), "="); ok && strings.HasPrefix(k, "LECTERN_") {
			keys[k] = v
		}
	}
	base := "http://" + httpAddr
	waitHTTP(t, base+"/readyz")
	asst, admin := keys["LECTERN_ASSISTANT_KEY"], keys["LECTERN_ADMIN_KEY"]
	routes := []struct{ method, path, key string }{
		{"POST", "/discovery/v1/feedback/lectern", asst},
		{"PATCH", "/api/external/v1/analytics/lectern-docs/feedback/01J0000000000000000000000X", admin},
		{"POST", "/discovery/v1/assistant/lectern/message", asst},
		{"POST", "/discovery/v2/assistant/lectern/message", asst},
	}
	bombs := []struct {
		name, encoding string
		body           []byte
		want           []int
	}{
		{"256 MiB gzip", "gzip", one, []int{413}},
		{"1 GiB double gzip, both layers named", "gzip, gzip", two, []int{415}},
		{"1 GiB double gzip, one layer named", "gzip", two, []int{400, 413}}, // the inner layer stays compressed: not JSON
		{"deflate", "deflate", one, []int{415}},
		{"br", "br", one, []int{415}},
	}
	before := peakRSS(t, p.cmd.Process.Pid)
	for _, r := range routes {
		for _, b := range bombs {
			for range 3 {
				status, body := sendEncoded(t, base+r.path, r.method, r.key, b.encoding, b.body)
				if !contains(b.want, status) {
					t.Errorf("%s %s with %s: status %d %s; want %v", r.method, r.path, b.name, status, body, b.want)
					continue
				}
				var e struct{ Error string }
				if json.Unmarshal(body, &e) != nil || e.Error == "" {
					t.Errorf("%s %s with %s: %d without a JSON error: %.200s", r.method, r.path, b.name, status, body)
				}
			}
		}
	}
	after := peakRSS(t, p.cmd.Process.Pid)
	t.Logf("peak RSS %d MiB before the bombs, %d MiB after", before>>20, after>>20)
	if after-before > 128<<20 {
		t.Errorf("peak RSS grew by %d MiB under the bombs (at most 128 MiB)", (after-before)>>20)
	}
	// A modest gzip body is still accepted: compression is bounded, not banned.
	status, body := sendEncoded(t, base+routes[0].path, "POST", asst, "gzip", gzipped(t, `{"path":"/quickstart","source":"contextual","helpful":true}`))
	if status != 202 {
		t.Errorf("a gzip feedback body: %d %s", status, body)
	}
}

func sendEncoded(t *testing.T, url, method, key, encoding string, body []byte) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Content-Encoding", encoding)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultTransport.RoundTrip(req) // no transparent decompression on our side
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	return resp.StatusCode, data
}

// peakRSS reads VmHWM, the process's peak resident set, in bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/PID/status")
	return 0
}

func contains(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
