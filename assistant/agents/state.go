package agents

import (
	"errors"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/docsfs"
	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/docsjson"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// siteState is what the routes build from one load of a site's docs: made on first use and
// kept until the site's catalog changes.
type siteState struct {
	domain  string
	name    string // the site's name: docs.json's, else its domain
	snap    sitedocs.Snapshot
	tools   []*mcp.Tool
	fsOnce  sync.Once
	fs      *docsfs.FS
	srvOnce sync.Once
	server  *mcp.Server

	mu     sync.Mutex
	files  map[fileKey]string          // generated llms.txt and llms-full.txt by base URL; guarded by mu
	skills map[string][]sitedocs.Skill // the skills served, by base URL; guarded by mu
}

type fileKey struct {
	full bool
	base string
}

// maxCachedBases bounds the generated llms files kept per site: a site is reached through
// its hosts and /sites/, and a Host header is the client's to choose.
const maxCachedBases = 8

// state returns the site's current state, or a 503 saying why its docs are not served. It
// needs the site's pages, not its index: llms.txt, the Markdown pages and the MCP server are
// served while the index is built (the search tool answers a tool error until it is).
func (s *Service) state(domain string) (*siteState, error) {
	snap, err := s.docs.Pages(domain)
	if err != nil {
		return nil, err
	}
	if snap.Catalog == nil {
		return nil, web.Errorf(fiber.StatusServiceUnavailable, "the docs of %s are not indexed yet; retry shortly", domain)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.cache[domain]; ok && st.snap.Catalog == snap.Catalog {
		return st, nil
	}
	name := snap.Catalog.Name
	if name == "" {
		name = domain
	}
	st := &siteState{domain: domain, name: name, snap: snap, files: map[fileKey]string{}, skills: map[string][]sitedocs.Skill{}}
	st.tools = tools(name, snap.Catalog, snap.Scopes, s.cfg.OutputBytes)
	s.cache[domain] = st
	return st, nil
}

// filesystem returns the site's pages as a filesystem, each file its Markdown with its title on
// its first line (sitedocs.Catalog.FileMarkdown): the .md's Documentation Index note is left out
// (the filesystem lists the pages) and the agent instructions end it.
func (st *siteState) filesystem() *docsfs.FS {
	st.fsOnce.Do(func() {
		cat := st.snap.Catalog
		pages, home := cat.Files(), homePage(cat)
		files := make([]docsfs.File, 0, len(pages))
		for _, p := range pages {
			files = append(files, docsfs.File{Path: llmstxt.PageURL("", p.URL), Title: p.Title, Content: cat.FileMarkdown(p), Home: p.URL == home})
		}
		st.fs = docsfs.New(files, docsfs.Moved(func(url string) (string, bool) {
			ch, err := cat.Follow(url)
			if err != nil || !ch.Moved() {
				return "", false
			}
			return ch.Paths[len(ch.Paths)-1], true
		}), docsfs.LeftOut(func(url string) (string, bool) {
			p, ok := cat.Page(url, "", "")
			if !ok || p.Indexed || p.Rule.Unpublished() || p.Rule == docsjson.RuleRedirected {
				return "", false
			}
			return p.Rule.Describe(), true
		}))
	})
	return st.fs
}

// llms returns the site's llms.txt (or llms-full.txt) for a base URL, generated once.
func (st *siteState) llms(full bool, base string) string {
	key := fileKey{full, base}
	st.mu.Lock()
	if out, ok := st.files[key]; ok {
		st.mu.Unlock()
		return out
	}
	st.mu.Unlock()
	site := llmstxt.Site{Catalog: st.snap.Catalog, Name: st.name, Base: base}
	var out string
	if full {
		out = llmstxt.LLMsFullTxt(site)
	} else {
		out = llmstxt.LLMsTxt(site)
	}
	st.mu.Lock()
	if len(st.files) >= maxCachedBases {
		clear(st.files)
	}
	st.files[key] = out
	st.mu.Unlock()
	return out
}

// skillsAt returns the skills the site serves at a base URL: its own skill files (none when
// they are all restricted to groups), else the skill.md Lectern generates from its catalog
// (llmstxt.GeneratedSkill), made once per base.
func (st *siteState) skillsAt(site sites.Site, base string) []sitedocs.Skill {
	if cat := st.snap.Catalog; len(cat.Skills) > 0 || cat.SkillFiles {
		return cat.Skills
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if out, ok := st.skills[base]; ok {
		return out
	}
	server := llmstxt.MCP{URL: base + "/mcp", Key: site.MCP == sites.MCPKey}
	for _, t := range st.tools {
		server.Tools = append(server.Tools, llmstxt.Tool{Name: t.Name, Description: t.Description})
	}
	out := []sitedocs.Skill{llmstxt.GeneratedSkill(llmstxt.Site{Catalog: st.snap.Catalog, Name: st.name, Base: base}, server)}
	if len(st.skills) >= maxCachedBases {
		clear(st.skills)
	}
	st.skills[base] = out
	return out
}

// errNoSite is the MCP server's answer when a request reached it without a site.
var errNoSite = errors.New("no site")

// servesSpec reports whether the site serves an OpenAPI or AsyncAPI document at p, a path from
// its root ("/openapi.json"): one its navigation names.
func (s *Service) servesSpec(domain, p string) bool {
	snap, err := s.docs.Pages(domain)
	return err == nil && snap.Catalog.SpecFile(strings.TrimPrefix(p, "/"))
}
