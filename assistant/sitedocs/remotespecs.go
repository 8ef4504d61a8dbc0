package sitedocs

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/lectern-dev/lectern/assistant/specfetch"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// LoadOption configures one Load.
type LoadOption func(*loadConfig)

type loadConfig struct {
	specs      *specfetch.Fetcher
	background bool
	root       string // LoadWithin's root; "": the site directory
	feedback   bool   // FeedbackRoute: the site takes agents' feedback at /feedback
}

// LoadWithin makes Load read the site through symbolic links while they stay inside root, a
// directory that holds the site's (docsjson.LoadWithin): the operator's choice, in the sites
// file, for a monorepo whose docs link a shared folder. "" is the site directory.
func LoadWithin(root string) LoadOption {
	return func(c *loadConfig) { c.root = root }
}

// FetchSpecs makes Load fetch the OpenAPI specs docs.json names by URL through f, so they
// generate their endpoint pages; a nil or disabled f fetches none.
func FetchSpecs(f *specfetch.Fetcher) LoadOption {
	return func(c *loadConfig) { c.specs = f }
}

// FetchInBackground makes Load wait on no fetch of a spec the fetcher never asked its server
// for, or whose last fetch failed (specfetch.Fetcher.BackgroundSession): the site loads
// without its endpoint pages (a warning says the spec is being fetched), and whoever keeps
// the site current loads it again when Docs.SpecDigest no longer matches the fetcher's.
func FetchInBackground() LoadOption {
	return func(c *loadConfig) { c.background = true }
}

// fetchSpecs starts the load's fetches: the specs the navigation names by URL, a few at a
// time, before the site resolves (a page's frontmatter spec or a "$ref" by URL is fetched when
// it is read). It returns nil when nothing is fetched.
func fetchSpecs(ctx context.Context, site *docsjson.Site, lc loadConfig) *specfetch.Session {
	f := lc.specs
	if !f.Enabled() {
		return nil
	}
	var sess *specfetch.Session
	if lc.background {
		sess = f.BackgroundSession(ctx)
	} else {
		sess = f.Session(ctx)
	}
	sess.Prefetch(site.SpecURLs())
	site.SetRemoteSpecs(sess)
	return sess
}

// fetchProblems are the problems of the load's fetches that docs.json's report does not hold:
// a copy served stale because its fetch failed. (A spec that could not be fetched or used is
// reported where it is named: the navigation's at their JSON path, a page's frontmatter's
// among the page problems, a "$ref"'s by the spec that holds it.)
// A schema a tab's graphql names (one of schemas) is called graphql, any other openapi.
func fetchProblems(sess *specfetch.Session, schemas []string) []string {
	if sess == nil {
		return nil
	}
	var out []string
	for _, f := range sess.Fetched() {
		if f.Stale() {
			kind := "openapi"
			if slices.Contains(schemas, f.URL) {
				kind = "graphql"
			}
			out = append(out, fmt.Sprintf("warning: %s %s: %v; serving the copy fetched at %s", kind, f.URL, f.Err, f.Copy.FetchedAt.UTC().Format(time.RFC3339)))
		}
	}
	return out
}

// remoteSpecs is what a site's last load fetched by URL, and the generation of those
// documents its fingerprint carries: it moves when a refresh finds one changed upstream.
type remoteSpecs struct {
	mu     sync.Mutex
	urls   []string
	digest string // the documents the current index was built from, then the last refresh's
	gen    uint64
}

// loaded records the URLs a load fetched and the digest of the copies it used (not the
// fetcher's, which a fetch in the background may have changed since the load read it).
func (r *remoteSpecs) loaded(d *Docs) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.urls = slices.Clone(d.SpecURLs)
	r.digest = d.SpecDigest
}

// refresh starts the fetches of the documents that are due (specfetch.Fetcher.Refresh: every
// refresh interval, and 30 s after a failure even without one) and returns the generation: one
// more when a document changed, failed or came back since the last load or refresh (a fetch
// in the background, the load's or a refresh's, is seen by the first refresh after it ends).
func (r *remoteSpecs) refresh(f *specfetch.Fetcher) uint64 {
	r.mu.Lock()
	urls := r.urls
	r.mu.Unlock()
	if !f.Enabled() || len(urls) == 0 {
		return r.generation()
	}
	d := f.Refresh(urls)
	r.mu.Lock()
	defer r.mu.Unlock()
	if d != r.digest {
		r.digest = d
		r.gen++
	}
	return r.gen
}

func (r *remoteSpecs) generation() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen
}

// fingerprint is the site's files' fingerprint and the generation of its specs given by URL.
func (s *Site) fingerprint() (string, error) {
	fp, err := s.dirPrint()
	if err != nil {
		return "", err
	}
	return fp + "/" + strconv.FormatUint(s.remote.refresh(s.specs), 10), nil
}
