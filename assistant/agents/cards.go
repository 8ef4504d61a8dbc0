package agents

import (
	"path"
	"strings"
	"unicode"

	"github.com/gofiber/fiber/v2"
)

// agentCard is the A2A agent card (protocol 0.3) of /.well-known/agent-card.json, as Mintlify's
// ai/skillmd documents it: the site by name and description, where its documentation is, and
// its skills, so that an A2A agent discovers the site in one request.
type agentCard struct {
	ProtocolVersion     string           `json:"protocolVersion"`
	Name                string           `json:"name"`
	Description         string           `json:"description"`
	URL                 string           `json:"url"`
	PreferredTransport  string           `json:"preferredTransport"`
	SupportedInterfaces []agentInterface `json:"supportedInterfaces"`
	Provider            agentProvider    `json:"provider"`
	Version             string           `json:"version"`
	DocumentationURL    string           `json:"documentationUrl"`
	Capabilities        agentCaps        `json:"capabilities"`
	DefaultInputModes   []string         `json:"defaultInputModes"`
	DefaultOutputModes  []string         `json:"defaultOutputModes"`
	Skills              []agentSkill     `json:"skills"`
}

type agentInterface struct {
	URL             string `json:"url"`
	ProtocolBinding string `json:"protocolBinding"`
	ProtocolVersion string `json:"protocolVersion"`
}

type agentProvider struct {
	URL          string `json:"url"`
	Organization string `json:"organization"`
}

type agentCaps struct {
	Streaming         bool `json:"streaming"`
	PushNotifications bool `json:"pushNotifications"`
}

// agentSkill is one skill of the card: A2A's fields (id, name, description, tags) and where its
// SKILL.md is.
type agentSkill struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	URL         string   `json:"url"`
}

func (s *Service) getAgentCard(c *fiber.Ctx) error {
	site, st, err := s.siteOf(c)
	if err != nil {
		return err
	}
	base := s.baseURL(c, site)
	s.discoveryHeaders(c, site)
	card := agentCard{
		ProtocolVersion: "0.3", Name: st.name, URL: base, PreferredTransport: "HTTP+JSON",
		Description:         cardDescription(st.snap.Catalog.Description, st.name),
		SupportedInterfaces: []agentInterface{{URL: base, ProtocolBinding: "HTTP+JSON", ProtocolVersion: "0.3"}},
		Provider:            agentProvider{URL: base, Organization: st.name},
		Version:             serverVersion, DocumentationURL: base,
		DefaultInputModes: []string{"text/plain"}, DefaultOutputModes: []string{"text/plain"},
		Skills: []agentSkill{},
	}
	for _, sk := range st.skillsAt(site, base) {
		card.Skills = append(card.Skills, agentSkill{ID: sk.Name, Name: sk.Name, Description: sk.Description,
			Tags: []string{"documentation"}, URL: base + "/.well-known/agent-skills/" + sk.Name + "/SKILL.md"})
	}
	return c.JSON(card)
}

// cardDescription is the site's docs.json description, else a sentence naming the site.
func cardDescription(description, name string) string {
	if d := strings.TrimSpace(description); d != "" {
		return d
	}
	return "The " + docsName(name) + "."
}

// docsName names a site's documentation in a sentence: its docs.json name followed by
// "documentation", unless the name already ends so ("Upstash Documentation", "Acme Docs"),
// which would make "the Upstash Documentation documentation".
func docsName(name string) string {
	if _, ok := docsWord(name); ok {
		return name
	}
	return name + " documentation"
}

// docsTeam names the team that writes a site's docs: "the Upstash docs team", not "the Upstash
// Documentation docs team".
func docsTeam(name string) string {
	if rest, ok := docsWord(name); ok {
		name = rest
	}
	return strings.Join(strings.Fields("the "+name+" docs team"), " ")
}

// docsWord reports whether name ends in a word for documentation, and returns it without.
func docsWord(name string) (string, bool) {
	name = strings.TrimSpace(name)
	i := strings.LastIndexFunc(name, unicode.IsSpace)
	switch strings.ToLower(name[i+1:]) {
	case "documentation", "docs", "doc":
		return strings.TrimSpace(name[:i+1]), true
	}
	return name, false
}

// linkTarget is one link of a linkset (RFC 9264).
type linkTarget struct {
	Href string `json:"href"`
	Type string `json:"type,omitempty"`
}

// apiCatalogType is the media type of an API catalog (RFC 9727).
const apiCatalogType = `application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"`

// getAPICatalog serves /.well-known/api-catalog (RFC 9727), which Mintlify's Link header
// advertises: one linkset entry for the site, whose service-desc links are the OpenAPI and
// AsyncAPI documents its navigation names (the ones llms.txt lists) and whose service-doc links
// are the documentation and its llms.txt.
func (s *Service) getAPICatalog(c *fiber.Ctx) error {
	site, st, err := s.siteOf(c)
	if err != nil {
		return err
	}
	base := s.baseURL(c, site)
	s.discoveryHeaders(c, site)
	cat := st.snap.Catalog
	descs := []linkTarget{}
	for _, ref := range append(append([]string{}, cat.Specs...), cat.AsyncAPI...) {
		descs = append(descs, linkTarget{Href: absoluteRef(base, ref), Type: specType(ref)})
	}
	entry := map[string]any{
		"anchor":       base + "/",
		"service-desc": descs,
		"service-doc":  []linkTarget{{Href: base + "/", Type: "text/html"}, {Href: base + "/llms.txt", Type: "text/plain"}},
	}
	c.Set(fiber.HeaderContentType, apiCatalogType)
	c.Set(fiber.HeaderCacheControl, "public, max-age=300")
	return c.JSON(map[string]any{"linkset": []any{entry}}, apiCatalogType)
}

// absoluteRef is a spec's URL: a URL as written, a site file under the site's base URL.
func absoluteRef(base, ref string) string {
	if strings.Contains(ref, "://") {
		return ref
	}
	return base + "/" + strings.TrimPrefix(ref, "/")
}

// specType is the media type of a spec document by its extension; "" when it cannot be told.
func specType(ref string) string {
	switch strings.ToLower(path.Ext(strings.SplitN(ref, "?", 2)[0])) {
	case ".json":
		return "application/json"
	case ".yaml", ".yml":
		return "application/yaml"
	}
	return ""
}
