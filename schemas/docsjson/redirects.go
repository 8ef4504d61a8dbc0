package docsjson

import (
	"fmt"
	"strings"
	"unicode"
)

// Redirect is one entry of docs.json "redirects" (create/redirects): a source path, which may
// hold parameters (":slug"), a wildcard parameter (":slug*", the rest of the path) or a
// trailing wildcard in its last segment ("/articles/concepts-*"), and the destination they
// are put into.
type Redirect struct {
	Source      string `json:"source"`
	Destination string `json:"destination"`
	Permanent   bool   `json:"permanent"` // 308 (the default); false: 307
	at          int    // its index in the redirects list, for problems
}

// redirects decodes the "redirects" list; an entry with a problem is a warning and left out.
func (d *decoder) redirects(v any) []Redirect {
	if v == nil {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		d.c.warnf("redirects", "redirects must be a list of {\"source\", \"destination\"} objects, but it is %s; it is ignored", describe(v))
		return nil
	}
	var out []Redirect
	for i, item := range list {
		path := fmt.Sprintf("redirects[%d]", i)
		obj, ok := item.(map[string]any)
		if !ok {
			d.c.warnf(path, "a redirect must be an object with \"source\" and \"destination\", but it is %s; it is ignored", describe(item))
			continue
		}
		src, _ := obj["source"].(string)
		dst, _ := obj["destination"].(string)
		r := Redirect{Source: sitePathOf(src), Destination: strings.TrimSpace(dst), Permanent: true, at: i}
		if !isURL(r.Destination) && r.Destination != "" {
			r.Destination = sitePathOf(r.Destination)
		}
		switch {
		case strings.Trim(r.Source, "/") == "" && r.Source != "/":
			d.c.warnf(field(path, "source"), "source must be a path such as \"/old/page\", but it is %s; the redirect is ignored", describe(obj["source"]))
			continue
		case strings.ContainsAny(r.Source, "#?"):
			d.c.warnf(field(path, "source"), "source %q holds an anchor or a query; a redirect's source is a path only; the redirect is ignored", r.Source)
			continue
		case r.Destination == "":
			d.c.warnf(field(path, "destination"), "destination must be a path or a URL, but it is %s; the redirect is ignored", describe(obj["destination"]))
			continue
		}
		if p, ok := obj["permanent"]; ok {
			b, isBool := p.(bool)
			if !isBool {
				d.c.warnf(field(path, "permanent"), "permanent must be true or false, but it is %s; the redirect is permanent", describe(p))
			} else {
				r.Permanent = b
			}
		}
		out = append(out, r)
	}
	return out
}

// redirectProblems warns of the redirects whose destination is a path of the site that no page
// answers (listed, unlisted or generated from a spec) and no other redirect moves on: readers
// following them find nothing. Destinations with parameters are not checked.
func (s *Site) redirectProblems() []Problem {
	if len(s.Config.Redirects) == 0 {
		return nil
	}
	tree, _, err := s.ResolvePartial()
	if err != nil {
		return nil // the configuration's own problems say why
	}
	pages := map[string]bool{}
	for _, p := range s.AllPages(tree) {
		pages[p.URL] = true
	}
	var out []Problem
	for _, r := range s.Config.Redirects {
		dest, _, _ := strings.Cut(r.Destination, "#")
		dest, _, _ = strings.Cut(dest, "?")
		if isURL(dest) || strings.Contains(dest, ":") {
			continue
		}
		dest = "/" + strings.Trim(dest, "/")
		if _, _, moved := s.Config.Redirect(dest); pages[dest] || moved {
			continue
		}
		out = append(out, Problem{Path: field(fmt.Sprintf("redirects[%d]", r.at), "destination"),
			Message: fmt.Sprintf("destination %q is no page of the site and no other redirect's source; readers following the redirect find nothing", dest)})
	}
	return out
}

// sitePathOf writes a redirect's path from the site root: "features/extract" (as some sites
// write it) is "/features/extract".
func sitePathOf(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || strings.HasPrefix(p, "/") {
		return p
	}
	return "/" + p
}

// Redirect returns where the first redirect whose source matches p (a site path) sends it,
// with the source's parameters put into the destination, and whether it is permanent.
func (c Config) Redirect(p string) (dest string, permanent, ok bool) {
	p = "/" + strings.Trim(p, "/")
	for _, r := range c.Redirects {
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
