package analytics

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/query/export"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Rules the parameters break; the messages are what a caller reads.
var (
	ErrOffset    = errors.New("must be a whole number from 0 to 1000000")
	ErrCursor    = errors.New("must be the nextCursor of a previous page")
	ErrRequired  = errors.New("is required: a UTC day, YYYY-MM-DD")
	ErrSpan      = errors.New("the range may span at most " + strconv.Itoa(store.MaxTrafficDays) + " days")
	ErrPathParam = errors.New("must be a page path of 1 to 2048 characters, e.g. /quickstart")
)

// maxPathParam bounds a page path parameter, as the intake bounds a page path.
const maxPathParam = 2048

// params gathers the query parameters of one request, collecting every problem.
type params struct {
	c       *fiber.Ctx
	details []web.Detail
}

func (p *params) fail(field string, err error) {
	p.details = append(p.details, web.Detail{Field: field, Message: err.Error()})
}

func (p *params) err() error {
	if len(p.details) == 0 {
		return nil
	}
	return web.InvalidAll(p.details)
}

// lookup returns a query parameter and whether it was given at all (even empty).
func (p *params) lookup(name string) (string, bool) {
	v := p.c.Context().QueryArgs().Peek(name)
	return string(v), v != nil
}

// timeRange reads dateFrom (inclusive) and dateTo (exclusive) as the exports do.
func (p *params) timeRange() store.Range {
	var r store.Range
	for _, f := range []struct {
		name string
		dst  *time.Time
	}{{"dateFrom", &r.From}, {"dateTo", &r.To}} {
		v, ok := p.lookup(f.name)
		if !ok {
			continue
		}
		t, err := export.ParseDate(v)
		if err != nil {
			p.fail(f.name, err)
			continue
		}
		*f.dst = t
	}
	if !r.From.IsZero() && !r.To.IsZero() && !r.To.After(r.From) {
		p.fail("dateTo", export.Unordered(r.From))
	}
	return r
}

// dayRange is timeRange for the traffic rollups, which count whole UTC days: a bound given as a
// time of day is read as its UTC day, as Mintlify's reference reads dateTo ("Results include
// dates before, but not on, the specified date"), so dateFrom's day is counted and dateTo's is
// not. Both in one day is no day.
func (p *params) dayRange() store.Range {
	r := p.timeRange()
	r.From, r.To = utcDay(r.From), utcDay(r.To)
	return r
}

// utcDay is the UTC midnight that starts t's UTC day; the zero time stays zero.
func utcDay(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC().Truncate(24 * time.Hour)
}

// boundedDays is dayRange with both bounds required and at most most days between them.
func (p *params) boundedDays(most int) store.Range {
	for _, name := range []string{"dateFrom", "dateTo"} {
		if _, ok := p.lookup(name); !ok {
			p.fail(name, ErrRequired)
		}
	}
	r := p.dayRange()
	if len(p.details) == 0 && r.To.Sub(r.From) > time.Duration(most)*24*time.Hour {
		if most == store.MaxTrafficDays {
			p.fail("dateTo", ErrSpan)
		} else {
			p.fail("dateTo", fmt.Errorf("the range may span at most %d days", most))
		}
	}
	return r
}

// pagePath reads an optional page path (a site path or an http(s) URL, as stored).
func (p *params) pagePath(name string) string {
	v, ok := p.lookup(name)
	if !ok {
		return ""
	}
	if v == "" || utf8.RuneCountInString(v) > maxPathParam {
		p.fail(name, ErrPathParam)
		return ""
	}
	clean, err := event.PagePath(v)
	if err != nil {
		p.fail(name, err)
	}
	return clean
}

// oneOf reads an optional parameter that takes one of values, def when absent.
func (p *params) oneOf(name, def string, values ...string) string {
	v, ok := p.lookup(name)
	if !ok {
		return def
	}
	if !slices.Contains(values, v) {
		p.fail(name, fmt.Errorf("must be one of %s", strings.Join(values, ", ")))
		return def
	}
	return v
}

func (p *params) limit(def, most int) int {
	v, ok := p.lookup("limit")
	if !ok {
		return def
	}
	n, err := export.ParseLimit(v, most)
	if err != nil {
		p.fail("limit", err)
	}
	return n
}

func (p *params) offset() int {
	v, ok := p.lookup("offset")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > MaxOffset {
		p.fail("offset", ErrOffset)
		return 0
	}
	return n
}

func (p *params) feedbackFilters() (event.Source, []event.Status) {
	var src event.Source
	var sts []event.Status
	var err error
	if v, ok := p.lookup("source"); ok {
		if src, err = export.ParseSource(v); err != nil {
			p.fail("source", err)
		}
	}
	if v, ok := p.lookup("status"); ok {
		if sts, err = export.ParseStatuses(v); err != nil {
			p.fail("status", err)
		}
	}
	return src, sts
}

func (p *params) searchCursor() *store.SearchKey {
	v, ok := p.lookup("cursor")
	if !ok {
		return nil
	}
	k, err := DecodeSearchCursor(v)
	if err != nil {
		p.fail("cursor", err)
		return nil
	}
	return &k
}

// EncodeSearchCursor writes the position after a search row: base64url of "<hits>:<query>".
// It holds the row's sort key, so the next page starts right after it however the rows
// before it change.
func EncodeSearchCursor(k store.SearchKey) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(k.Hits, 10) + ":" + k.Query))
}

// DecodeSearchCursor reads a cursor EncodeSearchCursor wrote.
func DecodeSearchCursor(s string) (store.SearchKey, error) {
	if s == "" || len(s) > maxSearchCursorBytes {
		return store.SearchKey{}, ErrCursor
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || !utf8.Valid(b) {
		return store.SearchKey{}, ErrCursor
	}
	hits, query, ok := strings.Cut(string(b), ":")
	n, err := strconv.ParseInt(hits, 10, 64)
	if !ok || err != nil || n < 1 || strconv.FormatInt(n, 10) != hits || event.NormalizeQuery(query) != query {
		return store.SearchKey{}, ErrCursor
	}
	return store.SearchKey{Hits: n, Query: query}, nil
}
