// Package sites reads the site registry: which docs domain belongs to which project, and
// where each site's docs live.
package sites

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/platform/fault"
	"github.com/lectern-dev/lectern/schemas/event"
	"gopkg.in/yaml.v3"
)

// ErrUnknown reports a domain or project the registry does not hold.
var ErrUnknown error = fault.New(fault.NotFound, "unknown site")

// Site is one documentation site.
type Site struct {
	Domain  string `yaml:"domain"`  // leading label of the docs hostname
	Project string `yaml:"project"` // the projectId of the analytics routes
	Docs    string `yaml:"docs"`    // directory holding docs.json and the pages
	// Root widens what the site reads (root.go): a directory that holds Docs, inside which the
	// docs' symbolic links are followed (a monorepo's "docs/snippets -> ../shared/snippets");
	// "" is Docs itself, whose links are followed only while they stay inside it.
	Root    string   `yaml:"root"`
	Origins []string `yaml:"origins"` // browser origins allowed to call the discovery routes; empty: any
	// Hosts are the hostnames (optionally with a port) whose requests reach the site's agent
	// routes at its root (/mcp, /llms.txt, /guides/setup.md), as Host or, from a trusted
	// proxy, X-Forwarded-Host. Without hosts the routes are under /sites/{domain}/ only.
	Hosts []string `yaml:"hosts"`
	// BasePath is the path the site is served under on its hosts ("/docs"); "" is the root.
	BasePath string `yaml:"basePath"`
	// MCP says who may call the site's MCP server: MCPOpen (anyone, as Mintlify's public
	// server) or MCPKey (the site's assistant key). Load and New set the default, MCPOpen.
	MCP string `yaml:"mcp"`
	// AgentFeedback turns on Mintlify's agent feedback add-on (off by default, as the add-on
	// is): every page's Markdown asks agents to POST {"path", "feedback"} to the site's
	// /feedback, which records it as agent feedback on the page.
	AgentFeedback bool `yaml:"agentFeedback"`
	// Support is where the assistant points a reader whose question the docs do not answer;
	// nil: nowhere (assistant.go).
	Support *Support `yaml:"support"`
	// StarterQuestions are up to three questions the widget offers when Ask AI opens.
	StarterQuestions []string `yaml:"starterQuestions"`
}

// Who may call a site's MCP server.
const (
	MCPOpen = "open" // anyone
	MCPKey  = "key"  // a request with an assistant key of the site
)

// Registry maps domains and projects to their sites.
type Registry struct {
	sites     []Site
	byDomain  map[string]Site
	byProject map[string][]Site
	byHost    map[string]Site // lower-cased host, with its port when the site lists one
}

type file struct {
	Sites []Site `yaml:"sites"`
}

// Load reads a registry file; relative docs and root paths are taken from the file's directory.
func Load(path string) (*Registry, error) {
	data, err := os.ReadFile(path) // #nosec G304 -- the operator names the site registry with --sites
	if err != nil {
		return nil, fmt.Errorf("site registry: %w", err)
	}
	var f file
	if err := decode(data, &f); err != nil {
		return nil, fmt.Errorf("site registry %s: %w", path, err)
	}
	base := filepath.Dir(path)
	for i := range f.Sites {
		if d := f.Sites[i].Docs; d != "" && !filepath.IsAbs(d) {
			f.Sites[i].Docs = filepath.Join(base, d)
		}
		if d := f.Sites[i].Root; d != "" && !filepath.IsAbs(d) {
			f.Sites[i].Root = filepath.Join(base, d)
		}
	}
	r, err := New(f.Sites)
	if err != nil {
		return nil, fmt.Errorf("site registry %s: %w", path, err)
	}
	return r, nil
}

// decode reads a registry file, refusing a field it does not know (a `projet:` typo, an
// `origin:` that would otherwise leave a site open to every origin) with its line.
func decode(data []byte, f *file) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return err
	}
	if len(doc.Content) == 0 {
		return errors.New("the file is empty; it needs a sites: list")
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: want a mapping with a sites: list", root.Line)
	}
	if err := knownKeys(root, "", []string{"sites"}); err != nil {
		return err
	}
	fields := siteFields()
	for i := 0; i+1 < len(root.Content); i += 2 {
		list := root.Content[i+1]
		if list.Kind != yaml.SequenceNode {
			return fmt.Errorf("line %d: sites: want a list of sites", list.Line)
		}
		for j, item := range list.Content {
			if item.Kind == yaml.MappingNode {
				if err := knownKeys(item, fmt.Sprintf("sites[%d]: ", j), fields); err != nil {
					return err
				}
				if err := supportKeys(item, j); err != nil {
					return err
				}
			}
		}
	}
	return root.Decode(f)
}

// knownKeys refuses a key of the mapping m that is not in known.
func knownKeys(m *yaml.Node, prefix string, known []string) error {
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if !slices.Contains(known, k.Value) {
			return fmt.Errorf("line %d: %sunknown field %q (want %s)", k.Line, prefix, k.Value, strings.Join(known, ", "))
		}
	}
	return nil
}

// supportKeys refuses an unknown key of a site's support mapping (`mail:` for `email:`).
func supportKeys(site *yaml.Node, j int) error {
	for i := 0; i+1 < len(site.Content); i += 2 {
		if v := site.Content[i+1]; site.Content[i].Value == "support" && v.Kind == yaml.MappingNode {
			return knownKeys(v, fmt.Sprintf("sites[%d].support: ", j), supportFields)
		}
	}
	return nil
}

// siteFields are the yaml names of Site's fields.
func siteFields() []string {
	t := reflect.TypeFor[Site]()
	names := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// New builds a registry from sites, checking that domains are unique and well formed.
func New(list []Site) (*Registry, error) {
	r := &Registry{byDomain: map[string]Site{}, byProject: map[string][]Site{}, byHost: map[string]Site{}}
	for i, s := range list {
		if !event.ValidToken(s.Domain) {
			return nil, fmt.Errorf("sites[%d].domain %q: want 1-64 letters, digits, '-' or '_'", i, s.Domain)
		}
		if !event.ValidToken(s.Project) {
			return nil, fmt.Errorf("sites[%d].project %q: want 1-64 letters, digits, '-' or '_'", i, s.Project)
		}
		for j, o := range s.Origins {
			if !validOrigin(o) {
				return nil, fmt.Errorf("sites[%d].origins[%d] %q: want *, an origin such as https://docs.acme.com, a wildcard such as https://*.acme.com, or a host", i, j, o)
			}
		}
		if _, dup := r.byDomain[s.Domain]; dup {
			return nil, fmt.Errorf("sites[%d].domain %q: listed twice", i, s.Domain)
		}
		if err := r.addressing(i, &s); err != nil {
			return nil, err
		}
		if err := checkAssistant(i, &s); err != nil {
			return nil, err
		}
		if err := checkRoot(i, &s); err != nil {
			return nil, err
		}
		r.byDomain[s.Domain] = s
		r.byProject[s.Project] = append(r.byProject[s.Project], s)
		r.sites = append(r.sites, s)
	}
	return r, nil
}

// Domain returns the site of a domain.
func (r *Registry) Domain(domain string) (Site, error) {
	s, ok := r.byDomain[domain]
	if !ok {
		return Site{}, fmt.Errorf("domain %q: %w", domain, ErrUnknown)
	}
	return s, nil
}

// addressing checks and indexes a site's hosts, base path and MCP access.
func (r *Registry) addressing(i int, s *Site) error {
	switch s.MCP {
	case "":
		s.MCP = MCPOpen
	case MCPOpen, MCPKey:
	default:
		return fmt.Errorf("sites[%d].mcp %q: want %q (anyone may call /mcp) or %q (the site's assistant key)", i, s.MCP, MCPOpen, MCPKey)
	}
	if s.BasePath != "" && (!basePathRE.MatchString(s.BasePath) || len(s.BasePath) > 200) {
		return fmt.Errorf("sites[%d].basePath %q: want a path such as /docs (starting with /, no trailing /, no . or .. segments, at most 200 characters)", i, s.BasePath)
	}
	s.Hosts = slices.Clone(s.Hosts)
	for j, h := range s.Hosts {
		if !hostRE.MatchString(h) || len(h) > 253 {
			return fmt.Errorf("sites[%d].hosts[%d] %q: want a hostname such as docs.acme.com, optionally with a port (docs.acme.com:8443)", i, j, h)
		}
		key := strings.ToLower(h)
		if other, dup := r.byHost[key]; dup {
			return fmt.Errorf("sites[%d].hosts[%d] %q: already a host of site %q", i, j, h, other.Domain)
		}
		s.Hosts[j] = key
		r.byHost[key] = *s
	}
	return nil
}

// Host returns the site a request's host (from Host, or X-Forwarded-Host behind a trusted
// proxy) names: an exact match of a listed host with its port, else of the host without it.
func (r *Registry) Host(host string) (Site, bool) {
	host = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(host), "."))
	if host == "" || len(r.byHost) == 0 {
		return Site{}, false
	}
	if s, ok := r.byHost[host]; ok {
		return s, true
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		s, ok := r.byHost[strings.Trim(h, "[]")]
		return s, ok
	}
	return Site{}, false
}

// URL is the site's own root URL, with no trailing slash, when it lists hosts: its first host
// under its base path, over https (http on a loopback host, localhost or 127.x.x.x: a try-out
// on one machine). "" when it lists none: its routes are then only under /sites/{domain}/.
// For what a route names where no request tells where the site is served (the discovery routes).
func (s Site) URL() string {
	if len(s.Hosts) == 0 {
		return ""
	}
	scheme := "https"
	name, _, _ := strings.Cut(s.Hosts[0], ":") // a host is never an IPv6 literal (hostRE)
	if ip := net.ParseIP(name); name == "localhost" || strings.HasSuffix(name, ".localhost") || ip != nil && ip.IsLoopback() {
		scheme = "http"
	}
	return scheme + "://" + s.Hosts[0] + s.BasePath
}

// hostRE matches a hostname (letters, digits, hyphens, dots) with an optional port.
var hostRE = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?$`)

// basePathRE matches a base path: "/" and segments of letters, digits, "-", "_", "~", ".".
var basePathRE = regexp.MustCompile(`^(/[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,63}){1,8}$`)

// HasProject reports whether any site belongs to project.
func (r *Registry) HasProject(project string) bool { return len(r.byProject[project]) > 0 }

// Project returns the sites of project, in file order.
func (r *Registry) Project(project string) []Site { return r.byProject[project] }

// All returns every site in file order.
func (r *Registry) All() []Site { return r.sites }

// originRE matches an allowlist entry: an optional http(s) scheme, a host (optionally "*."
// first, for any subdomain) and an optional port.
var originRE = regexp.MustCompile(`^(https?://)?(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?/?$`)

// validOrigin reports whether o is "*" or an origin pattern the CORS check can match.
func validOrigin(o string) bool { return o == "*" || originRE.MatchString(o) }
