package export

import (
	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/web"
)

// listParams gathers the parameters both exports share, collecting every problem.
type listParams struct {
	c       *fiber.Ctx
	details []web.Detail
}

func (p *listParams) fail(field string, err error) {
	p.details = append(p.details, web.Detail{Field: field, Message: err.Error()})
}

func (p *listParams) rangeParam() store.Range {
	var r store.Range
	for _, f := range []struct {
		name string
		dst  *store.Range
		to   bool
	}{{"dateFrom", &r, false}, {"dateTo", &r, true}} {
		v, ok := queryPresent(p.c, f.name)
		if !ok {
			continue
		}
		t, err := ParseDate(v)
		if err != nil {
			p.fail(f.name, err)
			continue
		}
		if f.to {
			f.dst.To = t
		} else {
			f.dst.From = t
		}
	}
	if !r.From.IsZero() && !r.To.IsZero() && !r.To.After(r.From) {
		p.fail("dateTo", Unordered(r.From))
	}
	return r
}

func (p *listParams) page(defaultLimit, maxLimit int) store.Page {
	pg := store.Page{Limit: defaultLimit}
	if v, ok := queryPresent(p.c, "limit"); ok {
		n, err := ParseLimit(v, maxLimit)
		if err != nil {
			p.fail("limit", err)
		}
		pg.Limit = n
	}
	if v, ok := queryPresent(p.c, "cursor"); ok {
		cur, err := ParseCursor(v)
		if err != nil {
			p.fail("cursor", err)
		}
		pg.Cursor = cur
	}
	return pg
}

func (p *listParams) err() error {
	if len(p.details) == 0 {
		return nil
	}
	return web.InvalidAll(p.details)
}
