package docsjson

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzRedirectLookup checks the compiled redirects against the matcher they replaced (kept
// below as it was, splitting each source on every lookup): the same destination, permanence
// and match for any source, destination and path.
func FuzzRedirectLookup(f *testing.F) {
	for _, seed := range [][3]string{
		{"/v0x/components/:slug*", "/components/:slug*", "/v0x/components/llms/models/openai"},
		{"/users/:id/profile", "/people/:id#profile", "/users/42/profile"},
		{"/old/article-*", "/new/article-*", "/old/article-123"},
		{"/docs/:path+", "/:path", "/docs/"},
		{"/", "/home", "/"},
		{"/a/:x/:x", "/b/:x", "/a/1/2"},
		{"/:*", "/:*x*", "//"},
	} {
		f.Add(seed[0], seed[1], seed[2], true)
	}
	f.Fuzz(func(t *testing.T, source, dest, p string, permanent bool) {
		list := []Redirect{{Source: "/exact/page", Destination: "/elsewhere", Permanent: !permanent}, {Source: source, Destination: dest, Permanent: permanent}}
		gotDest, gotPerm, gotOK := CompileRedirects(list).Lookup(p)
		wantDest, wantPerm, wantOK := referenceRedirect(list, p)
		if gotDest != wantDest || gotPerm != wantPerm || gotOK != wantOK {
			t.Fatalf("source %q dest %q path %q: Lookup = %q, %v, %v; the previous matcher %q, %v, %v", source, dest, p, gotDest, gotPerm, gotOK, wantDest, wantPerm, wantOK)
		}
	})
}

// referenceRedirect is Config.Redirect before the redirects were compiled.
func referenceRedirect(list []Redirect, p string) (dest string, permanent, ok bool) {
	p = "/" + strings.Trim(p, "/")
	for _, r := range list {
		if vals, matched := matchSource(r.Source, p); matched {
			return fillDestination(r.Destination, vals), r.Permanent, true
		}
	}
	return "", false, false
}

// matchSource matches p against a source pattern and returns the values of its parameters,
// by name ("*" for a trailing wildcard).
func matchSource(source, p string) (map[string]string, bool) {
	pat := strings.Split(strings.Trim(source, "/"), "/")
	segs := strings.Split(strings.Trim(p, "/"), "/")
	vals := map[string]string{}
	for i, s := range pat {
		name, isParam := strings.CutPrefix(s, ":")
		switch {
		case isParam && (strings.HasSuffix(name, "*") || strings.HasSuffix(name, "+")):
			rest := strings.Join(segs[min(i, len(segs)):], "/")
			if i != len(pat)-1 || (strings.HasSuffix(name, "+") && rest == "") {
				return nil, false
			}
			vals[name[:len(name)-1]] = rest
			return vals, true
		case i >= len(segs):
			return nil, false
		case isParam:
			if segs[i] == "" {
				return nil, false
			}
			vals[name] = segs[i]
		case strings.HasSuffix(s, "*") && i == len(pat)-1:
			prefix := strings.TrimSuffix(s, "*")
			rest := strings.Join(segs[i:], "/")
			if !strings.HasPrefix(rest, prefix) {
				return nil, false
			}
			vals["*"] = strings.TrimPrefix(rest, prefix)
			return vals, true
		case s != segs[i]:
			return nil, false
		}
	}
	return vals, len(pat) == len(segs)
}

// fillDestination puts the parameters' values into a destination: ":name*", ":name+",
// ":name", and a trailing "*".
func fillDestination(dest string, vals map[string]string) string {
	segs := strings.Split(dest, "/")
	for i, s := range segs {
		if rest, ok := strings.CutPrefix(s, ":"); ok {
			n := strings.IndexFunc(rest, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) })
			if n < 0 {
				n = len(rest)
			}
			if v, found := vals[rest[:n]]; found {
				segs[i] = v + strings.TrimLeft(rest[n:], "*+") // ":id#profile" keeps "#profile"
			}
		} else if strings.HasSuffix(s, "*") && i == len(segs)-1 {
			segs[i] = strings.TrimSuffix(s, "*") + vals["*"]
		}
	}
	return strings.Join(segs, "/")
}
