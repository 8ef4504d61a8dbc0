package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

func TestFeedbackPathSQLite(t *testing.T) { testFeedbackPath(t, "sqlite") }

func TestFeedbackPathClickHouse(t *testing.T) { testFeedbackPath(t, "clickhouse") }

func testFeedbackPath(t *testing.T, store string) {
	l := startLectern(t, testConfig(t, store))
	ref := postFeedback(t, l, 1200)
	changeStatuses(t, l, ref, 300)
	waitForExport(t, l, ref)
	rng := rand.New(rand.NewPCG(7, uint64(len(store))))
	for i := range 25 {
		f := randomFilter(rng, ref)
		t.Run(fmt.Sprintf("filter%02d", i), func(t *testing.T) { checkPaging(t, l, ref, f) })
	}
	t.Run("bad input", func(t *testing.T) { testFeedbackBadInput(t, l, ref[0].ID) })
	t.Run("isolation", func(t *testing.T) { testFeedbackIsolation(t, l, ref[0].ID) })
}

// refFeedback is what the test knows of a record it posted.
type refFeedback struct {
	ID        string
	CreatedAt time.Time
	Source    event.Source
	Status    event.Status
	Path      string
	Helpful   *bool
	ThreadID  string
}

func postFeedback(t *testing.T, l *testLectern, n int) []refFeedback {
	t.Helper()
	out := make([]refFeedback, n)
	var wg sync.WaitGroup
	errs := make(chan string, n)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += 8 {
				r, err := postOne(t, l, i)
				if err != "" {
					errs <- err
					return
				}
				out[i] = r
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	return out
}

func postOne(t *testing.T, l *testLectern, i int) (refFeedback, string) {
	body := map[string]any{"path": fmt.Sprintf("/guides/page-%d", i%37), "fp": "anonymous", "comment": fmt.Sprintf("comment %d — ünïcode ✓", i)}
	r := refFeedback{Path: body["path"].(string), Status: event.StatusPending}
	switch {
	case i%3 == 0:
		r.Source = event.SourceCodeSnippet
		body["source"], body["code"], body["filename"], body["lang"] = "code_snippet", "curl -X POST", "run.sh", "bash"
	case i%7 == 1: // a rating of an assistant answer: no comment, the answer's thread
		helpful := i%2 == 0
		r.Source, r.Helpful, r.ThreadID = event.SourceThumbsOnly, &helpful, "thr_"+ulid.Make().String()
		body["source"], body["helpful"], body["threadId"] = "thumbs_only", helpful, r.ThreadID
		delete(body, "comment")
	default:
		helpful := i%2 == 0
		r.Source, r.Helpful = event.SourceContextual, &helpful
		body["source"], body["helpful"] = "contextual", helpful
		if i%5 == 0 {
			body["contact"] = "reader@example.com"
		}
	}
	status, resp := l.do(t, "POST", "/discovery/v1/feedback/acme", l.AsstKey, body)
	if status != 202 {
		return r, fmt.Sprintf("post feedback %d: %d %s", i, status, resp)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(resp, &created); err != nil {
		return r, err.Error()
	}
	id, err := ulid.ParseStrict(created.ID)
	if err != nil {
		return r, fmt.Sprintf("id %q is not a ULID", created.ID)
	}
	r.ID, r.CreatedAt = created.ID, ulid.Time(id.Time()).UTC()
	return r, ""
}

// changeStatuses moves n random records through the review workflow, retrying while the
// record has not reached the store yet (the PATCH answers 404 until then).
func changeStatuses(t *testing.T, l *testLectern, ref []refFeedback, n int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for range n {
		i := rng.IntN(len(ref))
		st := event.Statuses[rng.IntN(len(event.Statuses))]
		path := "/api/external/v1/analytics/acme-prod/feedback/" + ref[i].ID
		eventually.Succeeds(t, 10*time.Second, func() error {
			status, body := l.do(t, "PATCH", path, l.AdminKey, map[string]string{"status": string(st)})
			switch status {
			case 202:
				return nil
			case 404: // the record is not stored yet
				return fmt.Errorf("PATCH %s: %d %s", path, status, body)
			}
			t.Fatalf("PATCH %s: %d %s", path, status, body)
			return nil
		})
		ref[i].Status = st
	}
}

// exportPage is the feedback export envelope.
type exportPage struct {
	Feedback []struct {
		ID        string       `json:"id"`
		Path      string       `json:"path"`
		Comment   string       `json:"comment"`
		CreatedAt string       `json:"createdAt"`
		Source    event.Source `json:"source"`
		Status    event.Status `json:"status"`
		Helpful   *bool        `json:"helpful"`
		Code      *string      `json:"code"`
		ThreadID  string       `json:"threadId"`
	} `json:"feedback"`
	NextCursor *string `json:"nextCursor"`
	HasMore    bool    `json:"hasMore"`
}

func getPage(t *testing.T, l *testLectern, q url.Values) exportPage {
	t.Helper()
	status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/feedback?"+q.Encode(), l.AdminKey, nil)
	if status != 200 {
		t.Fatalf("export %s: %d %s", q.Encode(), status, body)
	}
	var p exportPage
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("export body: %v: %s", err, body)
	}
	return p
}

// waitForExport waits until the export shows every record with its latest status.
func waitForExport(t *testing.T, l *testLectern, ref []refFeedback) {
	t.Helper()
	want := map[string]event.Status{}
	for _, r := range ref {
		want[r.ID] = r.Status
	}
	eventually.Succeeds(t, 30*time.Second, func() error {
		got := map[string]event.Status{}
		q := url.Values{"limit": {"100"}}
		for {
			p := getPage(t, l, q)
			for _, f := range p.Feedback {
				got[f.ID] = f.Status
			}
			if !p.HasMore {
				break
			}
			q.Set("cursor", *p.NextCursor)
		}
		if len(got) != len(want) || !mapsEqual(got, want) {
			return fmt.Errorf("export shows %d records, want %d with their statuses", len(got), len(want))
		}
		return nil
	})
}

func mapsEqual(a, b map[string]event.Status) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// filter is one random combination of export parameters.
type filter struct {
	from, to time.Time
	source   event.Source
	statuses []event.Status
	limit    int
}

func (f filter) values() url.Values {
	q := url.Values{"limit": {fmt.Sprint(f.limit)}}
	if !f.from.IsZero() {
		q.Set("dateFrom", f.from.Format("2006-01-02T15:04:05.000Z07:00"))
	}
	if !f.to.IsZero() {
		q.Set("dateTo", f.to.Format("2006-01-02T15:04:05.000Z07:00"))
	}
	if f.source != "" {
		q.Set("source", string(f.source))
	}
	if len(f.statuses) > 0 {
		parts := make([]string, len(f.statuses))
		for i, s := range f.statuses {
			parts[i] = string(s)
		}
		q.Set("status", strings.Join(parts, ","))
	}
	return q
}

func (f filter) match(r refFeedback) bool {
	return (f.from.IsZero() || !r.CreatedAt.Before(f.from)) &&
		(f.to.IsZero() || r.CreatedAt.Before(f.to)) &&
		(f.source == "" || r.Source == f.source) &&
		(len(f.statuses) == 0 || slices.Contains(f.statuses, r.Status))
}

func randomFilter(rng *rand.Rand, ref []refFeedback) filter {
	f := filter{limit: 10 + rng.IntN(91)}
	if rng.IntN(2) == 0 {
		f.from = ref[rng.IntN(len(ref))].CreatedAt // a record's own millisecond: inclusive edge
	}
	if rng.IntN(2) == 0 {
		f.to = ref[rng.IntN(len(ref))].CreatedAt // exclusive edge
		if !f.from.IsZero() && !f.to.After(f.from) {
			f.from, f.to = f.to, f.from.Add(time.Millisecond)
		}
	}
	if rng.IntN(3) == 0 {
		f.source = []event.Source{event.SourceContextual, event.SourceCodeSnippet, event.SourceThumbsOnly}[rng.IntN(3)]
	}
	for _, s := range event.Statuses {
		if rng.IntN(3) == 0 {
			f.statuses = append(f.statuses, s)
		}
	}
	return f
}

// checkPaging pages through the export with f and compares with the reference filter.
func checkPaging(t *testing.T, l *testLectern, ref []refFeedback, f filter) {
	var want []string
	for _, r := range ref {
		if f.match(r) {
			want = append(want, r.ID)
		}
	}
	slices.Sort(want)
	slices.Reverse(want)
	byID := map[string]refFeedback{}
	for _, r := range ref {
		byID[r.ID] = r
	}
	var got []string
	q := f.values()
	for pages := 0; ; pages++ {
		p := getPage(t, l, q)
		for _, r := range p.Feedback {
			got = append(got, r.ID)
			w := byID[r.ID]
			if r.Source != w.Source || r.Status != w.Status || r.Path != w.Path || (w.Helpful == nil) != (r.Helpful == nil) ||
				(w.Helpful != nil && *w.Helpful != *r.Helpful) || r.CreatedAt != event.FormatTime(w.CreatedAt) || r.ThreadID != w.ThreadID {
				t.Fatalf("record %s = %+v, want %+v", r.ID, r, w)
			}
		}
		if len(p.Feedback) > f.limit {
			t.Fatalf("page of %d records, limit %d", len(p.Feedback), f.limit)
		}
		if !p.HasMore {
			if p.NextCursor != nil {
				t.Fatalf("last page has nextCursor %q", *p.NextCursor)
			}
			break
		}
		if len(p.Feedback) != f.limit || p.NextCursor == nil || *p.NextCursor != p.Feedback[len(p.Feedback)-1].ID {
			t.Fatalf("hasMore page: %d records (limit %d), nextCursor %v", len(p.Feedback), f.limit, p.NextCursor)
		}
		q.Set("cursor", *p.NextCursor)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("filter %s: got %d records, want %d (first difference at %d)", f.values().Encode(), len(got), len(want), firstDiff(got, want))
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
