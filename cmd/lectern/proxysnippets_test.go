package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// TestProxySnippetsForwardFeedback: each reverse-proxy snippet of agents.mdx ("Serve them at
// your docs' address") sends Lectern an agent's POST /feedback (the agent feedback add-on's
// route) and keeps a reader's GET /feedback on the docs host, where a page of the site may be;
// the agents' GET /llms.txt still goes to Lectern, a page's HTML does not. The Cloudflare
// Worker runs in Node against two real servers (Lectern's and the docs host's); the nginx,
// Caddy and Vercel snippets are read by what their rules say.
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

// nginxRouter reads the nginx snippet's maps and locations: an exact location, then the regex
// locations in order, then location / with its ifs, each going to Lectern when it proxies to
// http://lectern.
func nginxRouter(t *testing.T, code string) router {
	type entry struct {
		key *regexp.Regexp
		val string
	}
	type mapping struct {
		source  string
		entries []entry
		dflt    string
	}
	maps := map[string]*mapping{}
	var cur *mapping
	var exact = map[string]bool{}
	var regexLocs []*regexp.Regexp
	var ifs []string // the variables of location /'s ifs that proxy to Lectern
	mapRE := regexp.MustCompile(`^\s*map\s+("[^"]+"|\S+)\s+\$(\w+)\s*\{`)
	entryRE := regexp.MustCompile(`^\s*("[^"]*"|\S+)\s+(\S+);`)
	exactRE := regexp.MustCompile(`^\s*location\s+=\s+(\S+)\s*\{\s*proxy_pass http://lectern;`)
	regexLocRE := regexp.MustCompile(`^\s*location\s+~\s+(\S+)\s*\{\s*proxy_pass http://lectern;`)
	ifRE := regexp.MustCompile(`^\s*if\s+\(\$(\w+)\)\s*\{\s*proxy_pass http://lectern;`)
	for _, line := range strings.Split(code, "\n") {
		switch m := mapRE.FindStringSubmatch(line); {
		case m != nil:
			cur = &mapping{source: strings.Trim(m[1], `"`)}
			maps[m[2]] = cur
		case cur != nil && strings.TrimSpace(line) == "}":
			cur = nil
		case cur != nil:
			e := entryRE.FindStringSubmatch(line)
			if e == nil {
				t.Fatalf("map entry %q", line)
			}
			key, val := strings.Trim(e[1], `"`), strings.Trim(e[2], `"`)
			switch {
			case key == "default":
				cur.dflt = val
			case strings.HasPrefix(key, "~*"):
				cur.entries = append(cur.entries, entry{regexp.MustCompile("(?i)" + key[2:]), val})
			case strings.HasPrefix(key, "~"):
				cur.entries = append(cur.entries, entry{regexp.MustCompile(key[1:]), val})
			default:
				cur.entries = append(cur.entries, entry{regexp.MustCompile("^" + regexp.QuoteMeta(key) + "$"), val})
			}
		case exactRE.MatchString(line):
			exact[exactRE.FindStringSubmatch(line)[1]] = true
		case regexLocRE.MatchString(line):
			regexLocs = append(regexLocs, regexp.MustCompile(regexLocRE.FindStringSubmatch(line)[1]))
		case ifRE.MatchString(line):
			ifs = append(ifs, ifRE.FindStringSubmatch(line)[1])
		}
	}
	return func(method, path, _ string) bool {
		if exact[path] {
			return true
		}
		for _, re := range regexLocs {
			if re.MatchString(path) {
				return true
			}
		}
		vars := strings.NewReplacer("$request_method", method, "$uri", path, "$http_accept", "text/html")
		for _, name := range ifs {
			m, ok := maps[name]
			if !ok {
				t.Fatalf("if ($%s) names no map", name)
			}
			val, source := m.dflt, vars.Replace(m.source)
			for _, e := range m.entries {
				if e.key.MatchString(source) {
					val = e.val
					break
				}
			}
			if val != "" && val != "0" {
				return true
			}
		}
		return false
	}
}

// caddyRouter reads the Caddyfile's named matchers (path, method, header_regexp; one line or
// a block, whose matchers all must match) and its handle blocks, the first that matches
// deciding; a handle that reverse_proxies to 10.0.0.5:8080 is Lectern.
func caddyRouter(t *testing.T, code string) router {
	type matcher []func(method, path, contentType string) bool
	matchers := map[string]*matcher{}
	var handles []struct {
		name    string
		lectern bool
	}
	add := func(m *matcher, line string) {
		f := strings.Fields(line)
		switch f[0] {
		case "path":
			globs := f[1:]
			*m = append(*m, func(_, p, _ string) bool {
				for _, g := range globs {
					switch {
					case strings.HasSuffix(g, "*") && strings.HasPrefix(p, g[:len(g)-1]),
						strings.HasPrefix(g, "*") && strings.HasSuffix(p, g[1:]), g == p:
						return true
					}
				}
				return false
			})
		case "method":
			methods := f[1:]
			*m = append(*m, func(method, _, _ string) bool {
				return strings.Contains(" "+strings.Join(methods, " ")+" ", " "+method+" ")
			})
		case "header_regexp":
			if strings.EqualFold(f[1], "Accept") { // the requests here accept HTML
				re := regexp.MustCompile(f[2])
				*m = append(*m, func(_, _, _ string) bool { return re.MatchString("text/html") })
			} else {
				t.Fatalf("header_regexp of %s", f[1])
			}
		default:
			t.Fatalf("matcher %q", line)
		}
	}
	var block *matcher
	var handle = -1
	for _, line := range strings.Split(code, "\n") {
		s := strings.TrimSpace(line)
		switch {
		case s == "" || strings.HasPrefix(s, "#"):
		case strings.HasPrefix(s, "@") && strings.HasSuffix(s, "{"):
			block = &matcher{}
			matchers[strings.Fields(s)[0][1:]] = block
		case strings.HasPrefix(s, "@"):
			name, rest, _ := strings.Cut(s, " ")
			m := &matcher{}
			add(m, rest)
			matchers[name[1:]] = m
		case block != nil && s == "}":
			block = nil
		case block != nil:
			add(block, s)
		case strings.HasPrefix(s, "handle"):
			name := strings.TrimPrefix(strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "handle"), "{")), "@")
			handles = append(handles, struct {
				name    string
				lectern bool
			}{name: name})
			handle = len(handles) - 1
		case handle >= 0 && s == "reverse_proxy 10.0.0.5:8080":
			handles[handle].lectern = true
		}
	}
	return func(method, path, contentType string) bool {
		for _, h := range handles {
			if h.name == "" {
				return h.lectern
			}
			m, ok := matchers[h.name]
			if !ok {
				t.Fatalf("handle @%s names no matcher", h.name)
			}
			all := true
			for _, f := range *m {
				all = all && f(method, path, contentType)
			}
			if all {
				return h.lectern
			}
		}
		return false
	}
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
