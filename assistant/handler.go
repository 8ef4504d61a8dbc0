package assistant

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// Response headers of a reply naming its thread.
const (
	HeaderThreadID  = "X-Thread-Id"
	HeaderThreadKey = "X-Thread-Key"
)

// turn is everything one reply needs, copied out of the request: the stream writer runs after
// the handler returns, when fasthttp forbids touching the request.
type turn struct {
	start   time.Time
	id      ulid.ULID
	site    sites.Site
	req     *request.Request
	filter  search.Filter
	askedIn string        // the language the question is searched in when its page's finds no answer (askedIn); "" for none
	found   search.Filter // the scope the sources were found in: filter, or filter in askedIn (searchAsked)
	reader  string        // the division the question is asked from (sitedocs.Scopes.ReaderDivision); "" for none
	snap    sitedocs.Snapshot
	thread  thread.Thread
	newKey  string        // the key of a thread this turn started; "" when continuing one
	history []answer.Turn // earlier turns, oldest first
	caller  event.Caller  // web (a browser page), api, or other (a named integration)
	client  string        // the integration X-Lectern-Client named
}

// postMessage returns the handler that checks the request completely, then streams the reply
// in protocol p.
func (s *Service) postMessage(p protocol) fiber.Handler {
	return func(c *fiber.Ctx) error {
		t, err := s.prepare(c)
		if err != nil {
			s.m.requests.WithLabelValues(resultRejected).Inc()
			return err
		}
		p.setHeaders(c)
		c.Set(HeaderThreadID, t.thread.ID)
		if t.newKey != "" {
			c.Set(HeaderThreadKey, t.newKey)
		}
		c.Append(fiber.HeaderAccessControlExposeHeaders, HeaderThreadID, HeaderThreadKey, p.header)
		c.Set(fiber.HeaderCacheControl, "no-cache")
		c.Set("X-Accel-Buffering", "no")
		c.Context().SetBodyStreamWriter(func(w *bufio.Writer) { s.reply(t, p, w) })
		return nil
	}
}

// prepare resolves the site, checks the body and the filter, and finds or starts the thread.
func (s *Service) prepare(c *fiber.Ctx) (*turn, error) {
	t := &turn{start: time.Now(), id: ulid.Make()}
	var err error
	if t.site, err = s.sites.Domain(c.Params("domain")); err != nil {
		return nil, err
	}
	if t.req, err = request.Parse(c); err != nil {
		return nil, err
	}
	if err := s.checkBudget(t.req); err != nil {
		return nil, err
	}
	if t.caller, t.client, err = callerOf(c); err != nil {
		return nil, err
	}
	if t.snap, err = s.Snapshot(t.site.Domain); err != nil {
		return nil, err
	}
	f, err := request.CheckScopes(t.req.Filter, t.snap.Scopes)
	if err != nil {
		return nil, err
	}
	t.filter = searchFilter(f, t.snap.Scopes, t.req.Question(), scopePaths(t.site, t.req.ScopePaths()...)...)
	t.askedIn, t.found = askedIn(t.snap.Scopes, f.Language, t.req.Question(), t.filter), t.filter
	ctx, cancel := context.WithTimeout(c.UserContext(), 10*time.Second)
	defer cancel()
	if err := s.openThread(ctx, t); err != nil {
		return nil, err
	}
	t.history = history(t, s.cfg.ThreadTurns)
	// A division the conversation names, in the question or an earlier one the search weighs
	// in, beats the page's.
	asked := strings.Join(append(questions(t.history), t.req.Question()), "\n")
	t.reader = t.snap.Scopes.ReaderDivision(asked, f.Product, scopePaths(t.site, t.req.ScopePaths()...)...)
	return t, nil
}

// searchFilter is the search's scope: the filter the caller set, its version and language
// completed from the pages the reader is on (currentPath, context items' paths), else (the
// language) from the script the question is written in, else the site's defaults, so a
// question is answered in one language and version.
func searchFilter(f request.Filter, s *sitedocs.Scopes, question string, paths ...string) search.Filter {
	version, language := s.ResolveAsked(f.Version, f.Language, question, paths...)
	return search.Filter{Version: version, DefaultVersions: version == "", Language: language, Tag: f.Tag, Product: f.Product, Groups: f.Groups}
}

// errNotIndexed marks the 503 of a site whose docs are not served (yet).
var errNotIndexed = errors.New("docs not indexed")

// retryIndexing is the Retry-After of a site whose first index is being built. How long the
// build takes cannot be told in advance (2 s for 200 pages, 2 min for 24,000 on 2 cores) and a
// 503 costs the server microseconds: a client retrying every 5 s gets its answer at most 5 s
// after the site is ready.
const retryIndexing = 5 * time.Second

// Snapshot returns a site's current index, scopes and catalog, or a 503 error (wrapping
// errNotIndexed, with a Retry-After) saying why the site is not served.
func (s *Service) Snapshot(domain string) (sitedocs.Snapshot, error) {
	docs, ok := s.docs[domain]
	if !ok {
		// Not a state that passes: the process must be restarted; logged as a failure.
		return sitedocs.Snapshot{}, notIndexedError{web.Errorf(fiber.StatusServiceUnavailable, "the docs of %s are not indexed; the site was added after the assistant started", domain)}
	}
	snap, err := docs.Snapshot()
	if err != nil {
		return sitedocs.Snapshot{}, s.notServed(domain, docs)
	}
	return snap, nil
}

// Pages returns a site's pages as soon as they are read, before their index is built: the
// scopes, entries and catalog of its last load (the Markdown pages, llms.txt and the page
// route need no more), with its index when one is built, else nil. Before the pages are read
// it returns Snapshot's 503.
func (s *Service) Pages(domain string) (sitedocs.Snapshot, error) {
	docs, ok := s.docs[domain]
	if !ok {
		return s.Snapshot(domain)
	}
	snap, err := docs.Pages()
	if err != nil {
		return sitedocs.Snapshot{}, s.notServed(domain, docs)
	}
	return snap, nil
}

// notServed is the 503 of a site without an index: one that failed to load names its problems
// and is retried after the interval its files are read again (its failure was logged once by
// the site); one still indexing is logged once, when it is first asked for.
func (s *Service) notServed(domain string, docs *sitedocs.Site) error {
	if st := docs.State(); st.Attempted {
		return notIndexed(s.cfg.IndexInterval, "the docs of %s cannot be served: %s", domain, firstProblems(st.Problems))
	}
	if _, logged := s.waiting.LoadOrStore(domain, struct{}{}); !logged {
		s.logger.Info("docs asked for while their first index is built; answering 503 with Retry-After until it is ready (logged once)",
			"domain", domain, "retry", retryIndexing)
	}
	return notIndexed(retryIndexing, "the docs of %s are not indexed yet; retry shortly", domain)
}

// notIndexed returns a 503 that errors.Is recognises as errNotIndexed: an expected state, not
// logged as a failed request, answered with Retry-After.
func notIndexed(retry time.Duration, format string, args ...any) error {
	e := web.Errorf(fiber.StatusServiceUnavailable, format, args...)
	e.RetryAfter, e.Expected = retry, true
	return notIndexedError{e}
}

// notIndexedError is the 503 of a site that is not served.
type notIndexedError struct{ err *web.Error }

func (e notIndexedError) Error() string      { return e.err.Error() }
func (e notIndexedError) Unwrap() error      { return e.err }
func (notIndexedError) Is(target error) bool { return target == errNotIndexed }

// openThread continues the thread the request names, or starts one. A threadId sent without
// a threadKey is how Mintlify's API continues a thread (its clients were never given a key):
// the conversation is in messages, so the turn is answered as the first of a new thread, whose
// id and key the reply carries, rather than refused; a key that is wrong stays a 404.
func (s *Service) openThread(ctx context.Context, t *turn) error {
	var err error
	if t.req.ThreadID == "" || t.req.ThreadKey == "" {
		t.thread, t.newKey, err = s.threads.Create(ctx, t.site.Domain)
	} else {
		t.thread, err = s.threads.Get(ctx, t.site.Domain, t.req.ThreadID, t.req.ThreadKey)
	}
	switch {
	case errors.Is(err, thread.ErrNotFound):
		return web.Errorf(fiber.StatusNotFound, "thread %s not found: it does not exist, has expired, belongs to another site, or its threadKey is wrong", t.req.ThreadID)
	case err != nil:
		s.logger.Error("thread store failed", "err", err)
		return web.Errorf(fiber.StatusServiceUnavailable, "assistant threads are unavailable; retry shortly")
	}
	return nil
}

// checkBudget refuses a question that alone would take more than half of the model budget:
// Fit never cuts the question, so it must fit beside the excerpts.
func (s *Service) checkBudget(r *request.Request) error {
	if !s.cfg.Model.Enabled() {
		return nil
	}
	most := s.cfg.Model.MaxPromptTokens * 4 / 2
	if q := r.Question(); len(q) > most {
		field := fmt.Sprintf("messages[%d].content", len(r.Messages)-1)
		return web.Invalid(field, fmt.Sprintf("the question is %d bytes; with a language model at most %d (half of --llm-max-prompt-tokens at 4 bytes a token)", len(q), most))
	}
	return nil
}

// HeaderClient names the integration a request comes from (slack, mcp, ...).
const HeaderClient = "X-Lectern-Client"

var clientRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,31}$`)

// callerOf says how the request reached the assistant: a named integration (X-Lectern-Client),
// a browser page (it sends Origin), or a script or server (neither). The values are copied
// out of the request: the reply outlives it.
func callerOf(c *fiber.Ctx) (event.Caller, string, error) {
	if name := strings.ToLower(strings.TrimSpace(c.Get(HeaderClient))); name != "" {
		if !clientRE.MatchString(name) {
			return "", "", web.Invalid(HeaderClient, "must name an integration in 1 to 32 lower-case letters, digits, '.', '_' or '-', e.g. slack or mcp")
		}
		return event.CallerOther, strings.Clone(name), nil
	}
	if c.Get(fiber.HeaderOrigin) != "" {
		return event.CallerWeb, "", nil
	}
	return event.CallerAPI, "", nil
}

// firstProblems names the first few of a site's problems for a reader's 503; the operators
// see all of them at /readyz?verbose.
func firstProblems(problems []string) string {
	const most = 3
	if len(problems) <= most {
		return strings.Join(problems, "; ")
	}
	return fmt.Sprintf("%s; and %d more", strings.Join(problems[:most], "; "), len(problems)-most)
}
