package assistant

import (
	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/stream"
	"github.com/lectern-dev/lectern/platform/sites"
)

// RouteSettings serves a site's assistant settings to the pages that show the assistant: the
// widget, or a client building its own UI.
const RouteSettings = "/discovery/v1/assistant/:domain/settings"

// Settings are what a page showing the assistant or a search box needs of its site (the sites
// file's starterQuestions and support, docs.json's search prompt).
type Settings struct {
	// StarterQuestions are offered when the assistant opens with no conversation; a click asks one.
	StarterQuestions []string `json:"starterQuestions"`
	// Support is where a declined reply points its reader: the support page (a reply's finish
	// metadata carries it with the thread as threadId) or a mailto: address; absent without.
	Support *stream.Support `json:"support,omitempty"`
	// SearchPrompt is docs.json's search.prompt, the placeholder of an empty search box, as
	// Mintlify's search bar shows it; absent when docs.json sets none or the site's pages are
	// not read yet.
	SearchPrompt string `json:"searchPrompt,omitempty"`
}

// settingsCache is how long a browser may reuse the settings: the sites file changes with a
// restart, rarely.
const settingsCache = "private, max-age=300"

// getSettings answers GET RouteSettings.
func (s *Service) getSettings(c *fiber.Ctx) error {
	site, err := s.sites.Domain(c.Params("domain"))
	if err != nil {
		return err
	}
	out := settingsOf(site)
	if snap, err := s.Pages(site.Domain); err == nil && snap.Catalog != nil {
		out.SearchPrompt = snap.Catalog.SearchPrompt
	}
	c.Set(fiber.HeaderCacheControl, settingsCache)
	return c.JSON(out)
}

// settingsOf returns a site's settings.
func settingsOf(site sites.Site) Settings {
	out := Settings{StarterQuestions: append([]string{}, site.StarterQuestions...)}
	switch sp := site.Support; {
	case sp == nil:
	case sp.URL != "":
		out.Support = &stream.Support{Mode: stream.SupportLink, URL: sp.URL}
	default:
		out.Support = &stream.Support{Mode: stream.SupportEmail, URL: "mailto:" + sp.Email}
	}
	return out
}
