package docsjson

import (
	"cmp"
	"fmt"
	"io/fs"
	"path"
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
	seen := make(map[string]Redirect, len(list)) // the first redirect of each source as written
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
		if first, ok := seen[src]; ok {
			d.c.warnf(field(path, "source"), "source %q is also the source of redirects[%d]; Mintlify's validator rejects a docs.json that uses a source twice (\"Each source path can only be used once\"), so its build fails; Lectern follows the first, to %q: remove one", src, first.at, first.Destination)
			continue
		}
		seen[src] = r
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
// following them find nothing. Destinations with parameters are not checked. specs holds the
// specs Validate loaded (Box's two OpenAPI files, 4.8 MB, took a second each to load again).
func (s *Site) redirectProblems(specs *specCache) (out []Problem) {
	if len(s.Config.Redirects) == 0 {
		return nil
	}
	defer func() {
		if recover() != nil { // as ResolvePartial: a fault resolving costs these warnings only
			out = nil
		}
	}()
	tree, err := s.resolve(specs)
	if err != nil {
		return nil // the configuration's own problems say why
	}
	return s.RedirectProblems(s.AllPages(tree))
}

// RedirectProblems is redirectProblems on the pages of a resolved site (Site.AllPages): what a
// served site reports, as `nav validate` does. Besides destinations that are no page, it warns
// of a source that is a page's URL (the page is shadowed: shadowProblems) and of redirects that
// never end (loopProblems).
func (s *Site) RedirectProblems(all []Page) (out []Problem) {
	pages := make(map[string]bool, len(all))
	for _, p := range all {
		pages[p.URL] = true
		if p.NavPath != "" {
			// A folder's URL without a page of its own (the site's root too) goes to the first
			// page of the navigation inside it, as Mintlify sends it (mintlify/mint#93, #114):
			// a redirect there finds that page.
			markFolders(pages, p.URL)
		}
	}
	rs := CompileRedirects(s.Config.Redirects)
	for _, r := range s.Config.Redirects {
		dest, _, _ := strings.Cut(r.Destination, "#")
		dest, _, _ = strings.Cut(dest, "?")
		if isURL(dest) || strings.Contains(dest, ":") {
			continue
		}
		dest = "/" + strings.Trim(dest, "/")
		if _, _, moved := rs.Lookup(dest); pages[dest] || pages[indexPageURL(dest)] || moved || s.servesFile(dest) {
			continue
		}
		out = append(out, Problem{Path: field(fmt.Sprintf("redirects[%d]", r.at), "destination"),
			Message: fmt.Sprintf("destination %q is no page of the site and no other redirect's source; readers following the redirect find nothing", dest)})
	}
	out = append(out, shadowProblems(rs, all)...)
	return append(out, loopProblems(rs)...)
}

// servesFile reports whether the URL path names a file of the site that is no page source, a
// static file Mintlify serves at its path (notifly-tech/notifly-docs@b03f91d redirects
// /.well-known/api-catalog to /assets/api-catalog.json, a file of the repository): readers
// following a redirect there find it, as `lectern nav links` and Mintlify's link checker find
// a link to it.
func (s *Site) servesFile(urlPath string) bool {
	name := strings.TrimPrefix(urlPath, "/")
	if s.fsys == nil || name == "" || strings.HasSuffix(name, ".mdx") || !fs.ValidPath(name) {
		return false
	}
	info, err := fs.Stat(s.fsys, name)
	return err == nil && info.Mode().IsRegular()
}

// markFolders marks as found the folders a page's URL lies in, "/" included.
func markFolders(pages map[string]bool, url string) {
	for dir := path.Dir(url); ; dir = path.Dir(dir) {
		pages[dir] = true
		if dir == "/" || dir == "." {
			return
		}
	}
}

// indexPageURL is the URL of the page a path names when its last segment is "index": a page
// file dir/index.mdx is served at /dir, and /dir/index reaches it too (Prefect's docs.json sends
// 80 redirects to "/integrations/prefect-aws/index" and the like, PrefectHQ/prefect@ce79dd3d).
func indexPageURL(p string) string {
	if dir, ok := strings.CutSuffix(p, "/index"); ok {
		return cmp.Or(dir, "/")
	}
	return p
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
// with the source's parameters put into the destination, and whether it is permanent: one
// hop (Redirects.Follow follows a chain). It
// compiles the redirects for this one lookup: a caller that looks up many paths compiles them
// once with CompileRedirects.
func (c Config) Redirect(p string) (dest string, permanent, ok bool) {
	return CompileRedirects(c.Redirects).Lookup(p)
}

// Redirects are a site's redirects compiled for lookups: every source and destination split
// into its segments once, when the site loads, rather than on every request that misses a
// page (mem0's docs.json has 167).
type Redirects struct {
	rules []rule
}

// rule is one compiled redirect.
type rule struct {
	source    sourcePattern
	dest      []destSegment
	size      int // the destination's length as written
	permanent bool
	at        int // the redirect's index in the redirects list
}

// segmentKind says how a source segment matches.
type segmentKind uint8

const (
	literal  segmentKind = iota // "page": the segment itself
	param                       // ":slug": any one non-empty segment
	rest                        // ":slug*" (the rest of the path, possibly empty) or ":slug+" (nonEmpty)
	prefixed                    // "concepts-*" as the last segment: the rest of the path starting so
)

// sourceSegment is one segment of a source pattern: its kind, and the literal text, the
// parameter's name or the prefix.
type sourceSegment struct {
	kind     segmentKind
	text     string
	nonEmpty bool // ":slug+"
	last     bool
}

// destSegment is one segment of a destination: text kept as it is, or a parameter (":name"
// followed by what the segment adds, such as "#profile") or a trailing "*" after a prefix.
type destSegment struct {
	text   string // the segment as written, kept when its parameter has no value
	name   string // the parameter's name; "*" for a trailing wildcard
	suffix string // after a parameter; before the wildcard's value (prefix) for "*"
	isVar  bool
}

// binding is one parameter's value; a later one of the same name wins.
type binding struct{ name, value string }

// CompileRedirects compiles a site's redirects for Lookup, keeping their order.
func CompileRedirects(list []Redirect) *Redirects {
	rs := &Redirects{rules: make([]rule, len(list))}
	for i, r := range list {
		rs.rules[i] = rule{source: compileSource(r.Source), dest: compileDestination(r.Destination), size: len(r.Destination), permanent: r.Permanent, at: r.at}
	}
	return rs
}

func compileSource(source string) []sourceSegment {
	parts := strings.Split(strings.Trim(source, "/"), "/")
	out := make([]sourceSegment, len(parts))
	for i, s := range parts {
		seg := sourceSegment{kind: literal, text: s, last: i == len(parts)-1}
		name, isParam := strings.CutPrefix(s, ":")
		switch {
		case isParam && (strings.HasSuffix(name, "*") || strings.HasSuffix(name, "+")):
			seg.kind, seg.text, seg.nonEmpty = rest, name[:len(name)-1], strings.HasSuffix(name, "+")
		case isParam:
			seg.kind, seg.text = param, name
		case strings.HasSuffix(s, "*") && seg.last:
			seg.kind, seg.text = prefixed, strings.TrimSuffix(s, "*")
		}
		out[i] = seg
	}
	return out
}

func compileDestination(dest string) []destSegment {
	parts := strings.Split(dest, "/")
	out := make([]destSegment, len(parts))
	for i, s := range parts {
		seg := destSegment{text: s}
		if r, ok := strings.CutPrefix(s, ":"); ok {
			n := strings.IndexFunc(r, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) })
			if n < 0 {
				n = len(r)
			}
			seg.isVar, seg.name, seg.suffix = true, r[:n], strings.TrimLeft(r[n:], "*+") // ":id#profile" keeps "#profile"
		} else if strings.HasSuffix(s, "*") && i == len(parts)-1 {
			seg.isVar, seg.name, seg.suffix = true, "*", strings.TrimSuffix(s, "*")
		}
		out[i] = seg
	}
	return out
}

// Lookup returns where the first redirect whose source matches p (a site path) sends it,
// with the source's parameters put into the destination, and whether it is permanent.
func (rs *Redirects) Lookup(p string) (dest string, permanent, ok bool) {
	dest, r := rs.lookup(p)
	if r == nil {
		return "", false, false
	}
	return dest, r.permanent, true
}

// lookup is Lookup, returning the rule that matched (nil: none).
func (rs *Redirects) lookup(p string) (string, *rule) {
	if rs == nil || len(rs.rules) == 0 {
		return "", nil
	}
	segs := strings.Split(strings.Trim(p, "/"), "/")
	var vals []binding
	for i := range rs.rules {
		r := &rs.rules[i]
		var matched bool
		if vals, matched = r.match(segs, vals[:0]); matched {
			return r.fill(vals), r
		}
	}
	return "", nil
}

// match matches a path's segments against the rule's source and appends the values of its
// parameters to vals, by name ("*" for a trailing wildcard).
func (r *rule) match(segs []string, vals []binding) ([]binding, bool) {
	for i, s := range r.source {
		switch {
		case s.kind == rest:
			v := strings.Join(segs[min(i, len(segs)):], "/")
			if !s.last || (s.nonEmpty && v == "") {
				return vals, false
			}
			return append(vals, binding{s.text, v}), true
		case i >= len(segs):
			return vals, false
		case s.kind == param:
			if segs[i] == "" {
				return vals, false
			}
			vals = append(vals, binding{s.text, segs[i]})
		case s.kind == prefixed:
			v := strings.Join(segs[i:], "/")
			if !strings.HasPrefix(v, s.text) {
				return vals, false
			}
			return append(vals, binding{"*", strings.TrimPrefix(v, s.text)}), true
		case s.text != segs[i]:
			return vals, false
		}
	}
	return vals, len(r.source) == len(segs)
}

// fill puts the parameters' values into the rule's destination: ":name*", ":name+",
// ":name", and a trailing "*".
func (r *rule) fill(vals []binding) string {
	var b strings.Builder
	b.Grow(r.size + 32)
	for i, d := range r.dest {
		if i > 0 {
			b.WriteByte('/')
		}
		v, found := value(vals, d.name)
		switch {
		case !d.isVar:
			b.WriteString(d.text)
		case d.name == "*":
			b.WriteString(d.suffix + v)
		case found:
			b.WriteString(v + d.suffix)
		default:
			b.WriteString(d.text)
		}
	}
	return b.String()
}

// value returns the last value bound to name.
func value(vals []binding, name string) (string, bool) {
	for i := len(vals) - 1; i >= 0; i-- {
		if vals[i].name == name {
			return vals[i].value, true
		}
	}
	return "", false
}
