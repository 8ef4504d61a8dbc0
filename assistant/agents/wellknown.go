package agents

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpDiscovery is /.well-known/mcp, as Mintlify documents it.
type mcpDiscovery struct {
	Version   string        `json:"version"`
	Transport string        `json:"transport"`
	URL       string        `json:"url"`
	Servers   []mcpEndpoint `json:"servers"`
}

type mcpEndpoint struct {
	Name           string `json:"name"`
	URL            string `json:"url"`
	Transport      string `json:"transport"`
	Authentication string `json:"authentication"`
}

// serverCard describes the MCP server and its tools, so that a client can list them without
// an initialize call.
type serverCard struct {
	Name           string          `json:"name"`
	Title          string          `json:"title"`
	Version        string          `json:"version"`
	URL            string          `json:"url"`
	Transport      string          `json:"transport"`
	Description    string          `json:"description"`
	Capabilities   cardCaps        `json:"capabilities"`
	Authentication string          `json:"authentication"`
	Tools          []*mcp.Tool     `json:"tools"`
	Resources      []*mcp.Resource `json:"resources,omitempty"`
}

type cardCaps struct {
	Tools     bool `json:"tools"`
	Resources bool `json:"resources"`
}

// authentication names how a site's MCP server is called: "none", or "bearer" (its
// assistant key in Authorization: Bearer).
func authentication(site sites.Site) string {
	if site.MCP == sites.MCPKey {
		return "bearer"
	}
	return "none"
}

func (s *Service) getDiscovery(c *fiber.Ctx) error {
	site, _, err := s.siteOf(c)
	if err != nil {
		return err
	}
	u := s.baseURL(c, site) + "/mcp"
	s.discoveryHeaders(c, site)
	return c.JSON(mcpDiscovery{Version: serverVersion, Transport: "http", URL: u,
		Servers: []mcpEndpoint{{Name: "public", URL: u, Transport: "http", Authentication: authentication(site)}}})
}

func (s *Service) card(c *fiber.Ctx) (serverCard, error) {
	site, st, err := s.siteOf(c)
	if err != nil {
		return serverCard{}, err
	}
	s.discoveryHeaders(c, site)
	base := s.baseURL(c, site)
	card := serverCard{Name: site.Domain + "-docs", Title: docsName(st.name), Version: serverVersion,
		URL: base + "/mcp", Transport: "http",
		Description:    "Search and read the " + docsName(st.name) + ", and report problems with it.",
		Capabilities:   cardCaps{Tools: true},
		Authentication: authentication(site), Tools: st.tools}
	for _, sk := range st.skillsAt(site, base) {
		card.Capabilities.Resources = true
		card.Resources = append(card.Resources, &mcp.Resource{URI: skillURI(sk.Name), Name: sk.Name, Description: sk.Description, MIMEType: "text/markdown"})
	}
	return card, nil
}

func (s *Service) getServerCard(c *fiber.Ctx) error {
	card, err := s.card(c)
	if err != nil {
		return err
	}
	return c.JSON(card)
}

func (s *Service) getServerCards(c *fiber.Ctx) error {
	card, err := s.card(c)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"servers": []serverCard{card}})
}

// getSkill serves /skill.md: the site's skill (its own, else the generated one); with
// several of its own, the index.
func (s *Service) getSkill(c *fiber.Ctx) error {
	site, st, err := s.siteOf(c)
	if err != nil {
		return err
	}
	skills := st.skillsAt(site, s.baseURL(c, site))
	switch len(skills) {
	case 0: // its own files are all restricted to user groups
		return web.Errorf(fiber.StatusNotFound, "%s has no skill.md anyone may read", site.Domain)
	case 1:
		c.Set(fiber.HeaderContentType, "text/markdown; charset=utf-8")
		return c.SendString(skills[0].Content)
	}
	return c.Redirect(s.rootPath(c, site)+"/.well-known/skills/index.json", fiber.StatusFound)
}

// getSkillsList serves Mintlify's original skills index, /.well-known/skills/index.json: each
// skill's slug, description and files (its SKILL.md, at /.well-known/skills/{name}/skill.md).
func (s *Service) getSkillsList(c *fiber.Ctx) error {
	site, st, err := s.siteOf(c)
	if err != nil {
		return err
	}
	type entry struct {
		Name        string   `json:"name"`
		Description string   `json:"description"`
		Files       []string `json:"files"`
	}
	out := []entry{}
	for _, sk := range st.skillsAt(site, s.baseURL(c, site)) {
		out = append(out, entry{Name: sk.Name, Description: sk.Description, Files: []string{"SKILL.md"}})
	}
	return c.JSON(fiber.Map{"skills": out})
}

// getSkillsIndex serves the agent-skills 0.2.0 discovery index.
func (s *Service) getSkillsIndex(c *fiber.Ctx) error {
	site, st, err := s.siteOf(c)
	if err != nil {
		return err
	}
	type entry struct {
		Name        string `json:"name"`
		Type        string `json:"type"`
		Description string `json:"description"`
		URL         string `json:"url"`
		Digest      string `json:"digest"`
	}
	root := s.rootPath(c, site)
	out := []entry{}
	for _, sk := range st.skillsAt(site, s.baseURL(c, site)) {
		sum := sha256.Sum256([]byte(sk.Content))
		out = append(out, entry{Name: sk.Name, Type: "skill-md", Description: sk.Description,
			URL: root + "/.well-known/agent-skills/" + sk.Name + "/SKILL.md", Digest: "sha256:" + hex.EncodeToString(sum[:])})
	}
	return c.JSON(fiber.Map{"$schema": "https://schemas.agentskills.io/discovery/0.2.0/schema.json", "skills": out})
}

func (s *Service) getSkillFile(c *fiber.Ctx) error {
	site, st, err := s.siteOf(c)
	if err != nil {
		return err
	}
	for _, sk := range st.skillsAt(site, s.baseURL(c, site)) {
		if sk.Name == c.Params("skill") {
			c.Set(fiber.HeaderContentType, "text/markdown; charset=utf-8")
			return c.SendString(sk.Content)
		}
	}
	return web.Errorf(fiber.StatusNotFound, "%s has no skill %q", site.Domain, c.Params("skill"))
}
