package sites_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

func TestLoadResolvesDocsRelativeToTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lectern.yaml")
	yaml := "sites:\n  - domain: acme\n    project: acme-prod\n    docs: ./docs\n    origins: [https://docs.acme.com]\n    agentFeedback: true\n  - domain: beta\n    project: acme-prod\n    docs: /abs/docs\n"
	if err := os.WriteFile(path, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	reg, err := sites.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	acme, err := reg.Domain("acme")
	if err != nil || acme.Docs != filepath.Join(dir, "docs") || acme.Project != "acme-prod" || len(acme.Origins) != 1 {
		t.Errorf("acme = %+v, %v", acme, err)
	}
	if beta, _ := reg.Domain("beta"); beta.Docs != "/abs/docs" || beta.AgentFeedback || !acme.AgentFeedback {
		t.Errorf("beta %+v: absolute docs path changed, or agentFeedback not acme's alone (acme's %v)", beta, acme.AgentFeedback)
	}
	if !reg.HasProject("acme-prod") || reg.HasProject("other") || len(reg.All()) != 2 {
		t.Errorf("projects: HasProject(acme-prod)=%v HasProject(other)=%v All=%d", reg.HasProject("acme-prod"), reg.HasProject("other"), len(reg.All()))
	}
	if _, err := reg.Domain("nosuch"); !errors.Is(err, sites.ErrUnknown) {
		t.Errorf("unknown domain: %v, want ErrUnknown", err)
	}
}

func TestNewRejects(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sites []sites.Site
		want  string
	}{
		{"empty domain", []sites.Site{{Domain: "", Project: "p"}}, "sites[0].domain"},
		{"domain with a dot", []sites.Site{{Domain: "docs.acme", Project: "p"}}, "sites[0].domain"},
		{"project with a slash", []sites.Site{{Domain: "a", Project: "p/q"}}, "sites[0].project"},
		{"duplicate domain", []sites.Site{{Domain: "a", Project: "p"}, {Domain: "a", Project: "q"}}, "sites[1].domain \"a\": listed twice"},
		{"too long", []sites.Site{{Domain: strings.Repeat("a", 65), Project: "p"}}, "sites[0].domain"},
		{"origin with a path", []sites.Site{{Domain: "a", Project: "p", Origins: []string{"https://docs.acme.com/guides"}}}, "sites[0].origins[0]"},
		{"origin with a scheme only", []sites.Site{{Domain: "a", Project: "p", Origins: []string{"https://"}}}, "sites[0].origins[0]"},
		{"ftp origin", []sites.Site{{Domain: "a", Project: "p", Origins: []string{"https://ok.com", "ftp://files.acme.com"}}}, "sites[0].origins[1]"},
		{"host with a path", []sites.Site{{Domain: "a", Project: "p", Hosts: []string{"docs.acme.com/x"}}}, "sites[0].hosts[0]"},
		{"host with a scheme", []sites.Site{{Domain: "a", Project: "p", Hosts: []string{"https://docs.acme.com"}}}, "sites[0].hosts[0]"},
		{"host of two sites", []sites.Site{{Domain: "a", Project: "p", Hosts: []string{"docs.acme.com"}}, {Domain: "b", Project: "p", Hosts: []string{"DOCS.acme.com"}}},
			"sites[1].hosts[0] \"DOCS.acme.com\": already a host of site \"a\""},
		{"base path without slash", []sites.Site{{Domain: "a", Project: "p", BasePath: "docs"}}, "sites[0].basePath"},
		{"base path with a trailing slash", []sites.Site{{Domain: "a", Project: "p", BasePath: "/docs/"}}, "sites[0].basePath"},
		{"base path with dots", []sites.Site{{Domain: "a", Project: "p", BasePath: "/docs/../x"}}, "sites[0].basePath"},
		{"mcp mode", []sites.Site{{Domain: "a", Project: "p", MCP: "closed"}}, "sites[0].mcp \"closed\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sites.New(tc.sites)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New = %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
}

func TestOriginsAccepted(t *testing.T) {
	origins := []string{"*", "https://docs.acme.com", "http://localhost:3000", "https://*.acme.com", "docs.acme.com", "https://docs.acme.com/"}
	if _, err := sites.New([]sites.Site{{Domain: "a", Project: "p", Origins: origins}}); err != nil {
		t.Errorf("New rejected valid origins: %v", err)
	}
}

// TestLoadErrors: a file that cannot be read or parsed, or that holds a field the registry does
// not know (a typo), is refused with the line and the field.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, yaml string
		want       string // in the error
	}{
		{"missing", "", "no such file"},
		{"unparsable", "sites: [\n", "yaml"},
		{"empty", "\n", "empty"},
		{"a list at the top", "- domain: a\n", "want a mapping"},
		{"a misspelt site field", "sites:\n  - domain: acme\n    projet: acme-prod\n", `line 3: sites[0]: unknown field "projet" (want domain, project, docs, root, origins, hosts, basePath, mcp, agentFeedback, support, starterQuestions)`},
		{"a misspelt top-level field", "site:\n  - domain: acme\n", `line 1: unknown field "site" (want sites)`},
		{"origin for origins", "sites:\n  - {domain: a, project: p, docs: d}\n  - {domain: b, project: p, origin: [x]}\n", `line 3: sites[1]: unknown field "origin"`},
		{"sites not a list", "sites: acme\n", "want a list of sites"},
		{"a site without project", "sites:\n  - domain: acme\n", `sites[0].project ""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".yaml")
			if tt.name != "missing" {
				if err := os.WriteFile(path, []byte(tt.yaml), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			_, err := sites.Load(path)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestHosts(t *testing.T) {
	reg, err := sites.New([]sites.Site{
		{Domain: "acme", Project: "p", Hosts: []string{"Docs.Acme.com", "acme.dev:8443"}, BasePath: "/docs", MCP: "key"},
		{Domain: "beta", Project: "p"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for host, want := range map[string]string{
		"docs.acme.com": "acme", "DOCS.ACME.COM.": "acme", "docs.acme.com:443": "acme", "acme.dev:8443": "acme",
		"acme.dev": "", "acme.dev:80": "", "beta": "", "": "", "evil.com": "", "[::1]:80": "",
	} {
		s, ok := reg.Host(host)
		if ok != (want != "") || s.Domain != want {
			t.Errorf("Host(%q) = %q, %v; want %q", host, s.Domain, ok, want)
		}
	}
	acme, _ := reg.Domain("acme")
	beta, _ := reg.Domain("beta")
	if acme.BasePath != "/docs" || acme.MCP != sites.MCPKey || beta.MCP != sites.MCPOpen || acme.Hosts[0] != "docs.acme.com" {
		t.Errorf("acme %+v, beta %+v", acme, beta)
	}
}

// TestSiteURL: a site that lists hosts is at its first host under its base path, over https
// (http on a loopback host); one that lists none has no URL of its own.
func TestSiteURL(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hosts []string
		base  string
		want  string
	}{
		{"first host, base path", []string{"Docs.Acme.com", "acme.dev:8443"}, "/docs", "https://docs.acme.com/docs"},
		{"a port", []string{"acme.dev:8443"}, "", "https://acme.dev:8443"},
		{"localhost", []string{"localhost:3000"}, "", "http://localhost:3000"},
		{"a loopback address", []string{"127.0.0.1:8080"}, "/docs", "http://127.0.0.1:8080/docs"},
		{"no hosts", nil, "/docs", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg, err := sites.New([]sites.Site{{Domain: "acme", Project: "p", Hosts: tc.hosts, BasePath: tc.base}})
			if err != nil {
				t.Fatal(err)
			}
			s, _ := reg.Domain("acme")
			if got := s.URL(); got != tc.want {
				t.Errorf("URL() = %q, want %q", got, tc.want)
			}
		})
	}
}
