package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestProxySnippetsForwardFeedback: each reverse-proxy snippet of agents.mdx ("Serve them at
// your docs' address") sends Lectern an agent's POST /feedback (the agent feedback add-on's
// route) and keeps a reader's GET /feedback on the docs host, where a page of the site may be;
// the agents' GET /llms.txt still goes to Lectern, a page's HTML does not. The Cloudflare
// Worker runs in Node, the nginx and Caddy snippets in Debian's nginx and Caddy, each against
// two real servers (Lectern's and the docs host's); the Vercel snippet, which only Vercel
// runs, is read by what its rewrites say.
func TestProxySnippetsForwardFeedback(t *testing.T) {
	snippets := proxySnippets(t)
	requests := []struct {
		name, method, path, contentType string
		lectern                         bool
	}{
		{"an agent's feedback", "POST", "/feedback", "application/json", true},
		{"a reader's page at /feedback", "GET", "/feedback", "", false},
		{"a POST elsewhere", "POST", "/feedback/form", "application/json", false},
		{"llms.txt", "GET", "/llms.txt", "", true},
		{"a page's HTML", "GET", "/quickstart", "", false},
	}
	for _, proxy := range []struct {
		tab   string
		route func(t *testing.T, code string) router
	}{
		{"nginx", nginxRouter}, {"Caddy", caddyRouter}, {"Vercel", vercelRouter}, {"Cloudflare", workerRouter},
	} {
		t.Run(proxy.tab, func(t *testing.T) {
			code, ok := snippets[proxy.tab]
			if !ok {
				t.Fatalf("agents.mdx has no %s tab among %d", proxy.tab, len(snippets))
			}
			route := proxy.route(t, code)
			for _, r := range requests {
				if got := route(r.method, r.path, r.contentType); got != r.lectern {
					t.Errorf("%s (%s %s): sent to Lectern %v, want %v", r.name, r.method, r.path, got, r.lectern)
				}
			}
		})
	}
}

// router says whether a proxy sends a request to Lectern.
type router func(method, path, contentType string) bool

// proxySnippets are the code blocks of the tabs of agents.mdx's "Serve them at your docs'
// address", by tab title, unindented.
func proxySnippets(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile("../../docs/guides/agents.mdx")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Serve them at your docs' address\n")
	if !ok {
		t.Fatal("agents.mdx has no section Serve them at your docs' address")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	out := map[string]string{}
	tabRE := regexp.MustCompile(`<Tab title="([^"]+)">`)
	lines := strings.Split(section, "\n")
	for i := 0; i < len(lines); i++ {
		m := tabRE.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
		}
		if i == len(lines) {
			break
		}
		indent := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " "))]
		var code []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			code = append(code, strings.TrimPrefix(lines[i], indent))
		}
		out[m[1]] = strings.Join(code, "\n")
	}
	return out
}

// proxyBinary is the path of nginx or caddy that scripts/proxies.sh finds (on PATH, else
// Debian's package unpacked under .tmp, never installed).
func proxyBinary(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("bash", "../../scripts/proxies.sh").Output()
	if err != nil {
		t.Fatalf("scripts/proxies.sh: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && k == name {
			return v
		}
	}
	t.Fatalf("scripts/proxies.sh found no %s: %s", name, out)
	return ""
}

// stubs are two servers standing for Lectern and for the docs host's HTML: each answers its
// name and Lectern's records the X-Forwarded-Host of each request.
type stubs struct {
	lectern, docs *httptest.Server
	mu            sync.Mutex
	forwarded     []string
}

func newStubs(t *testing.T) *stubs {
	s := &stubs{}
	s.lectern = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.forwarded = append(s.forwarded, r.Header.Get("X-Forwarded-Host"))
		s.mu.Unlock()
		_, _ = io.WriteString(w, "lectern")
	}))
	t.Cleanup(s.lectern.Close)
	s.docs = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "docs") }))
	t.Cleanup(s.docs.Close)
	return s
}

// freePort is a loopback port nothing listens on now (nginx and Caddy take a port, not 0).
func freePort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// startProxy runs cmd until the test ends and waits until addr takes connections.
func startProxy(t *testing.T, cmd *exec.Cmd, addr string) {
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-done })
	deadline := time.Now().Add(30 * time.Second)
	for {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return
		}
		select {
		case <-done:
			t.Fatalf("%s exited: %s", filepath.Base(cmd.Path), out.String())
		case <-time.After(20 * time.Millisecond): // polling a port: nothing to wait on
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not listen on %s: %s", filepath.Base(cmd.Path), addr, out.String())
		}
	}
}

// through sends requests to a running proxy at addr with the docs' Host and says whether
// Lectern's stub answered; a request sent to Lectern must carry the docs' host in
// X-Forwarded-Host.
func (s *stubs) through(t *testing.T, addr, host string) router {
	return func(method, path, contentType string) bool {
		var body io.Reader
		if method == "POST" {
			body = strings.NewReader(`{"path": "/quickstart", "feedback": "Step 2 is outdated."}`)
		}
		req, err := http.NewRequest(method, "http://"+addr+path, body)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		req.Header.Set("Accept", "text/html")
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		s.mu.Lock()
		before := len(s.forwarded)
		s.mu.Unlock()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(got) != "lectern" {
			return false
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if fwd := s.forwarded[before:]; len(fwd) != 1 || !strings.HasPrefix(fwd[0], "docs.acme.com") {
			t.Errorf("%s %s reached Lectern with X-Forwarded-Host %q, want docs.acme.com", method, path, fwd)
		}
		return true
	}
}

// nginxRouter runs the nginx snippet in a real nginx (Debian's), its upstream lectern and
// docs-html the stubs, on a loopback port.
func nginxRouter(t *testing.T, code string) router {
	s, dir, port := newStubs(t), t.TempDir(), freePort(t)
	for from, to := range map[string]string{"10.0.0.5:8080": s.lectern.Listener.Addr().String()} {
		if !strings.Contains(code, from) {
			t.Fatalf("the nginx snippet names no %s", from)
		}
		code = strings.ReplaceAll(code, from, to)
	}
	const server = "server_name docs.acme.com;"
	if !strings.Contains(code, server) {
		t.Fatalf("the nginx snippet has no %q", server)
	}
	code = strings.Replace(code, server, server+"\n        listen 127.0.0.1:"+port+";", 1)
	conf := "daemon off;\nmaster_process off;\npid " + dir + "/nginx.pid;\nerror_log " + dir + "/error.log;\nevents {}\nhttp {\n" +
		"access_log off;\n"
	for _, temp := range []string{"client_body", "proxy", "fastcgi", "uwsgi", "scgi"} {
		conf += temp + "_temp_path " + dir + "/" + temp + ";\n"
	}
	conf += "upstream docs-html { server " + s.docs.Listener.Addr().String() + "; }\n" + code + "\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	startProxy(t, exec.Command(proxyBinary(t, "nginx"), "-p", dir, "-e", dir+"/error.log", "-c", dir+"/nginx.conf"), "127.0.0.1:"+port)
	return s.through(t, "127.0.0.1:"+port, "docs.acme.com")
}

// caddyRouter runs the Caddyfile in a real Caddy (Debian's), its site served over plain HTTP
// on a loopback port, Lectern and docs-html the stubs.
func caddyRouter(t *testing.T, code string) router {
	s, dir, port := newStubs(t), t.TempDir(), freePort(t)
	for from, to := range map[string]string{"10.0.0.5:8080": s.lectern.Listener.Addr().String(), "docs-html:3000": s.docs.Listener.Addr().String(),
		"docs.acme.com {": "http://docs.acme.com:" + port + " {\n    bind 127.0.0.1"} {
		if !strings.Contains(code, from) {
			t.Fatalf("the Caddyfile names no %s", from)
		}
		code = strings.ReplaceAll(code, from, to)
	}
	conf := "{\n    admin off\n    auto_https off\n    storage file_system " + dir + "/data\n}\n" + code + "\n"
	if err := os.WriteFile(filepath.Join(dir, "Caddyfile"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(proxyBinary(t, "caddy"), "run", "--adapter", "caddyfile", "--config", dir+"/Caddyfile")
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	startProxy(t, cmd, "127.0.0.1:"+port)
	return s.through(t, "127.0.0.1:"+port, "docs.acme.com:"+port)
}

// vercelRouter reads vercel.json's rewrites, the first whose source (path-to-regexp: :name,
// :name*, :name(regex)) and has conditions match deciding; one to lectern.acme.com is Lectern.
// No rewrite: the docs project's own files.
func vercelRouter(t *testing.T, code string) router {
	var cfg struct {
		Rewrites []struct {
			Source, Destination string
			Has                 []struct{ Type, Key, Value string }
		}
	}
	if err := json.Unmarshal([]byte(code), &cfg); err != nil {
		t.Fatalf("vercel.json: %v", err)
	}
	paramRE := regexp.MustCompile(`:\w+(\(([^)]*)\))?(\*)?`)
	type rewrite struct {
		source  *regexp.Regexp
		headers map[string]*regexp.Regexp
		lectern bool
	}
	var rewrites []rewrite
	for _, r := range cfg.Rewrites {
		var re strings.Builder
		last := 0
		for _, m := range paramRE.FindAllStringSubmatchIndex(r.Source, -1) {
			re.WriteString(regexp.QuoteMeta(r.Source[last:m[0]]))
			switch {
			case m[4] >= 0:
				re.WriteString("(" + r.Source[m[4]:m[5]] + ")")
			case m[6] >= 0:
				re.WriteString("(.*)")
			default:
				re.WriteString("([^/]+)")
			}
			last = m[1]
		}
		re.WriteString(regexp.QuoteMeta(r.Source[last:]))
		rw := rewrite{source: regexp.MustCompile("^" + re.String() + "$"), headers: map[string]*regexp.Regexp{},
			lectern: strings.HasPrefix(r.Destination, "https://lectern.acme.com/")}
		for _, h := range r.Has {
			if h.Type != "header" {
				t.Fatalf("has %+v", h)
			}
			rw.headers[strings.ToLower(h.Key)] = regexp.MustCompile("^(?:" + h.Value + ")$")
		}
		rewrites = append(rewrites, rw)
	}
	return func(_, path, contentType string) bool {
		headers := map[string]string{"accept": "text/html", "content-type": contentType}
		for _, r := range rewrites {
			ok := r.source.MatchString(path)
			for k, re := range r.headers {
				ok = ok && headers[k] != "" && re.MatchString(headers[k])
			}
			if ok {
				return r.lectern
			}
		}
		return false
	}
}

// workerRouter runs the Cloudflare Worker in Node, its LECTERN a real server standing for
// Lectern and each request sent to another standing for the docs host: the request went to
// Lectern when Lectern's server answered it, at /sites/acme plus its path, with its body.
func workerRouter(t *testing.T, code string) router {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("node is required: %v", err)
	}
	var mu sync.Mutex
	var got []string // what Lectern's server was sent: "POST /sites/acme/feedback {...}"
	lectern := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, r.Method+" "+r.URL.Path+" "+string(body))
		mu.Unlock()
		_, _ = io.WriteString(w, "lectern")
	}))
	t.Cleanup(lectern.Close)
	docs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "docs") }))
	t.Cleanup(docs.Close)
	const want = `const LECTERN = "https://lectern.acme.com/sites/acme";`
	if !strings.Contains(code, want) {
		t.Fatalf("the worker does not begin with %s", want)
	}
	dir := t.TempDir()
	worker := strings.Replace(code, want, `const LECTERN = "`+lectern.URL+`/sites/acme";`, 1)
	// Node's fetch needs duplex "half" for a streamed body, which Cloudflare's does not.
	driver := `const real = globalThis.fetch;
globalThis.fetch = (input, init) => real(input, init && init.body ? { ...init, duplex: "half" } : init);
const { default: worker } = await import("./worker.mjs");
const [url, method, contentType] = process.argv.slice(2);
const init = { method, headers: contentType ? { "content-type": contentType } : {} };
if (method === "POST") init.body = JSON.stringify({ path: "/quickstart", feedback: "Step 2 is outdated." });
const res = await worker.fetch(new Request(url, init));
process.stdout.write(await res.text());
`
	for name, content := range map[string]string{"worker.mjs": worker, "driver.mjs": driver} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return func(method, path, contentType string) bool {
		mu.Lock()
		before := len(got)
		mu.Unlock()
		cmd := exec.Command("node", "driver.mjs", docs.URL+path, method, contentType)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("node: %v\n%s", err, out)
		}
		if string(out) != "lectern" {
			return false
		}
		mu.Lock()
		defer mu.Unlock()
		if sent := got[before:]; len(sent) != 1 || !strings.HasPrefix(sent[0], method+" /sites/acme"+path+" ") ||
			method == "POST" && !strings.HasSuffix(sent[0], `"feedback":"Step 2 is outdated."}`) {
			t.Errorf("Lectern was sent %q for %s %s", sent, method, path)
		}
		return true
	}
}
