// Package sites reads the site registry: which docs domain belongs to which project, and
// where each site's docs live.
package sites

import (
	"errors"
	"fmt"
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
	Domain  string   `yaml:"domain"`  // leading label of the docs hostname
	Project string   `yaml:"project"` // the projectId of the analytics routes
	Docs    string   `yaml:"docs"`    // directory holding docs.json and the pages
	Origins []string `yaml:"origins"` // browser origins allowed to call the discovery routes; empty: any
}

// Registry maps domains and projects to their sites.
type Registry struct {
	sites     []Site
	byDomain  map[string]Site
	byProject map[string][]Site
}

type file struct {
	Sites []Site `yaml:"sites"`
}

// Load reads a registry file; relative docs paths are taken from the file's directory.
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
	r := &Registry{byDomain: map[string]Site{}, byProject: map[string][]Site{}}
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
