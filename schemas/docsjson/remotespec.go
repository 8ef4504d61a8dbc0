package docsjson

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
)

// RemoteSpecs reads the OpenAPI documents a site names by URL (an element's or api.openapi's
// "https://api.example.com/openapi.json", a page's frontmatter "https://… GET /users") and the
// documents their "$ref"s name by URL. docsjson opens no connection: whoever loads the site
// fetches (assistant/specfetch, with its bounds and cache) and hands the documents in through
// Site.SetRemoteSpecs.
type RemoteSpecs interface {
	// ReadSpec returns the document at an absolute URL, or why it cannot.
	ReadSpec(url string) ([]byte, error)
}

// SetRemoteSpecs makes Validate, Resolve and ResolvePartial read the OpenAPI specs given as
// URLs from src: each then generates its endpoint pages as a local spec file does, and one that
// cannot be read or parsed is an error at its JSON path. Without it (the default) a spec given
// as a URL generates no pages and Validate warns that it was not fetched.
func (s *Site) SetRemoteSpecs(src RemoteSpecs) { s.remote = src }

// errRemoteSpec marks a spec given as a URL on a site that fetches none (no SetRemoteSpecs).
var errRemoteSpec = errors.New("the spec is a URL and fetching is off")

// ErrSpecPending is what a RemoteSpecs returns (wrapped) for a document it is still fetching
// and holds no copy of: the spec is reported as a warning, not an error, and generates its
// endpoint pages once the loader has it and resolves the site again.
var ErrSpecPending = errors.New("is being fetched")

// pendingText says that the spec at ref, or a document it refers to, is being fetched
// (err wraps ErrSpecPending).
func pendingText(ref string, err error) string {
	if errors.Is(err, errFetch) { // the spec itself
		return fmt.Sprintf("openapi %q is being fetched in the background (no copy is cached yet)", ref)
	}
	return fmt.Sprintf("openapi %q refers to a document being fetched in the background (%v)", ref, err)
}

// errFetch marks a spec given as a URL whose document could not be read.
var errFetch = errors.New("could not be fetched")

// SpecURLs lists the OpenAPI specs docs.json names by URL, each once, in the order of the
// navigation (api.openapi first; an element's openapi, then the specs its endpoint entries name
// "https://.../openapi.json GET /users"): what a loader fetches before it resolves the site. A
// page's frontmatter may name others; those are read when the page is resolved. The GraphQL
// schemas tabs name by URL come last: they are read through the same RemoteSpecs.
func (s *Site) SpecURLs() []string {
	var out []string
	s.eachSpecRef(func(ref string) {
		if isURL(ref) && !slices.Contains(out, ref) {
			out = append(out, ref)
		}
	})
	return s.graphqlURLs(out)
}

// eachSpecRef calls f on every OpenAPI spec docs.json names, in the order Resolve meets them:
// api.openapi, each element's openapi, and the spec an endpoint entry names ("openapi.json
// GET /users"); a spec named twice is met twice.
func (s *Site) eachSpecRef(f func(ref string)) {
	for _, ref := range s.Config.API.OpenAPI {
		f(ref)
	}
	if nav := s.Config.Navigation; nav != nil {
		eachElement(&nav.Element, func(e *Element) {
			for _, ref := range e.OpenAPI {
				f(ref)
			}
			for _, en := range e.Pages {
				if spec, _, _, ok := specEndpoint(en.Page); ok {
					f(spec)
				}
			}
		})
	}
}

// eachElement calls f on e and every element under it, in the order Resolve walks them.
func eachElement(e *Element, f func(*Element)) {
	f(e)
	for _, cl := range childLists {
		for _, child := range cl.get(e) {
			eachElement(child, f)
		}
	}
	for _, en := range e.Pages {
		if en.Group != nil {
			eachElement(en.Group, f)
		}
	}
}

// loadRemoteSpec reads and parses the spec at an absolute URL through src; the document's
// relative "$ref"s resolve against that URL and are read through src too.
func loadRemoteSpec(src RemoteSpecs, ref string) (*Spec, error) {
	data, err := src.ReadSpec(ref)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errFetch, err)
	}
	loc, err := url.Parse(ref)
	if err != nil {
		return nil, fmt.Errorf("parse OpenAPI spec URL: %w", err)
	}
	return memo.parse(data, ref, loc, func(u *url.URL) ([]byte, error) {
		if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			return nil, fmt.Errorf("reference %s is neither an http nor an https URL; it is not read", u)
		}
		return src.ReadSpec(u.String())
	})
}
