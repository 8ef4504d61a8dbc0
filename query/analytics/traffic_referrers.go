package analytics

import (
	"bytes"
	"encoding/csv"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/lectern-dev/lectern/platform/store"
)

// referrerViews is one row of a traffic export by referrer (scope=referrer): the site readers
// came from (its host; "" for none: typed, bookmarked or withheld) and their page views from it.
type referrerViews struct {
	Referrer string `json:"referrer"`
	Views    int64  `json:"views"`
}

// referrerViews reads the readers' page views of the bounded range r by referring site, most
// first, at most limit of them. An empty list, not null, when no reader came.
func (s *Service) referrerViews(c *fiber.Ctx, project string, r store.Range, limit int) ([]referrerViews, error) {
	rows, err := s.store.TrafficReferrers(c.UserContext(), project, r, limit)
	if err != nil {
		return nil, err
	}
	out := make([]referrerViews, len(rows))
	for i, x := range rows {
		out[i] = referrerViews{Referrer: x.Host, Views: x.Views}
	}
	return out, nil
}

// referrersCSV writes one row per referring site: referrer, views.
func referrersCSV(rows []referrerViews) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"referrer", "views"}) // a bytes.Buffer does not fail
	for _, r := range rows {
		_ = w.Write([]string{defuse(r.Referrer), strconv.FormatInt(r.Views, 10)})
	}
	w.Flush()
	return buf.Bytes()
}
