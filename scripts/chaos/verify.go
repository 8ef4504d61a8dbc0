package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// result is one scenario's line.
type result struct {
	accepted, stored, lost, doubled int
	viewsAccepted, viewsStored      int64         // page views through the beacon, counted by the views route
	convsFinished, convsLost        int           // assistant replies read to their end, and those not in the export
	recovery                        time.Duration // from recovery until every accepted event was visible
	faults                          int
	during                          string // non-2xx answers with their causes
	note                            string
	problem                         string // a failed check of the scenario's own
}

func (r result) String() string {
	s := fmt.Sprintf("accepted %d, stored %d, lost %d, doubled %d, visible %.1fs after recovery, faults %d; page views accepted %d, stored %d; replies finished %d, lost %d; non-2xx: %s",
		r.accepted, r.stored, r.lost, r.doubled, r.recovery.Seconds(), r.faults, r.viewsAccepted, r.viewsStored, r.convsFinished, r.convsLost, r.during)
	if r.note != "" {
		s += "; " + r.note
	}
	return s
}

func (r result) verdict(maxRecovery time.Duration) string {
	var bad []string
	if r.accepted == 0 {
		bad = append(bad, "nothing was accepted")
	}
	if r.lost > 0 {
		bad = append(bad, fmt.Sprintf("%d accepted events lost", r.lost))
	}
	if r.doubled > 0 {
		bad = append(bad, fmt.Sprintf("%d events stored twice", r.doubled))
	}
	if r.convsLost > 0 {
		bad = append(bad, fmt.Sprintf("%d finished replies missing from the conversation export", r.convsLost))
	}
	if r.viewsStored < r.viewsAccepted {
		bad = append(bad, fmt.Sprintf("%d accepted page views lost", r.viewsAccepted-r.viewsStored))
	}
	if r.recovery > maxRecovery {
		bad = append(bad, fmt.Sprintf("recovery took %s (at most %s)", r.recovery.Round(100*time.Millisecond), maxRecovery))
	}
	if r.problem != "" {
		bad = append(bad, r.problem)
	}
	if strings.Contains(r.during, "outside a fault") {
		bad = append(bad, "errors outside a fault")
	}
	return strings.Join(bad, "; ")
}

// exported reads every feedback id of project through the export, counting each occurrence.
func exported(ctx context.Context, base, project, adminKey string) (map[string]int, error) {
	return exportedWith(ctx, base, project, adminKey, url.Values{})
}

// exportedWith reads the feedback ids of project through the export with the parameters in q
// (a filter), counting each occurrence.
func exportedWith(ctx context.Context, base, project, adminKey string, q url.Values) (map[string]int, error) {
	seen := map[string]int{}
	cursor := ""
	q.Set("limit", "100")
	for {
		q.Del("cursor")
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/external/v1/analytics/"+project+"/feedback?"+q.Encode(), nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+adminKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		var page struct {
			Feedback   []struct{ ID string }
			NextCursor *string
			HasMore    bool
		}
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close() // #nosec G104 -- a best-effort call in a test tool; its failure shows in the checks that follow
		if resp.StatusCode != http.StatusOK || err != nil {
			return nil, fmt.Errorf("export: status %d, %v", resp.StatusCode, err)
		}
		for _, f := range page.Feedback {
			seen[f.ID]++
		}
		if !page.HasMore || page.NextCursor == nil {
			return seen, nil
		}
		cursor = *page.NextCursor
	}
}

// settle reads the export until every accepted id is there (or timeout) and fills r.
func settle(ctx context.Context, base, project, adminKey string, accepted map[string]bool, recovered time.Time, timeout time.Duration, r *result) error {
	r.accepted = len(accepted)
	deadline := time.Now().Add(timeout)
	for {
		// A poll that finds everything shows it was visible when the poll began.
		began := time.Now()
		seen, err := exported(ctx, base, project, adminKey)
		if err != nil && time.Now().After(deadline) {
			return err
		}
		if err == nil {
			r.stored, r.lost, r.doubled = len(seen), 0, 0
			for id := range accepted {
				if seen[id] == 0 {
					r.lost++
				}
			}
			for _, n := range seen {
				if n > 1 {
					r.doubled++
				}
			}
			r.recovery = max(0, began.Sub(recovered))
			if r.lost == 0 || time.Now().After(deadline) {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond) // re-read the export; nothing to wait on across processes
	}
}

// viewsOf reads how many page views of path the views route counts for project.
func viewsOf(ctx context.Context, base, project, adminKey, path string) (int64, error) {
	q := url.Values{"dateFrom": {"2020-01-01"}, "dateTo": {"2100-01-01"}, "limit": {"250"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/external/v1/analytics/"+project+"/views?"+q.Encode(), nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+adminKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var page struct {
		Views []struct {
			Path  string
			Total int64
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil || resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("views: status %d, %v", resp.StatusCode, err)
	}
	for _, v := range page.Views {
		if v.Path == path {
			return v.Total, nil
		}
	}
	return 0, nil
}

// settleViews waits until the views route counts every accepted page view (or timeout).
func settleViews(ctx context.Context, base, project, adminKey, path string, accepted int64, timeout time.Duration, r *result) {
	r.viewsAccepted = accepted
	deadline := time.Now().Add(timeout)
	for {
		n, err := viewsOf(ctx, base, project, adminKey, path)
		if err == nil {
			r.viewsStored = n
		}
		if (err == nil && n >= accepted) || time.Now().After(deadline) || ctx.Err() != nil {
			return
		}
		time.Sleep(200 * time.Millisecond) // re-read the route; nothing to wait on across processes
	}
}

// settleAll settles the feedback records, then the beacon's page views.
func settleAll(ctx context.Context, base, adminKey string, ld *load, accepted map[string]bool, recovered time.Time, timeout time.Duration, r *result) error {
	if err := settle(ctx, base, project, adminKey, accepted, recovered, timeout, r); err != nil {
		return err
	}
	settleViews(ctx, base, project, adminKey, ld.viewPath(), ld.views.Load(), timeout, r)
	return settleConversations(ctx, base, adminKey, ld.conversations(), timeout, r)
}

// settleConversations waits until the conversation export holds every finished reply.
func settleConversations(ctx context.Context, base, adminKey string, finished map[string]bool, timeout time.Duration, r *result) error {
	r.convsFinished = len(finished)
	deadline := time.Now().Add(timeout)
	for {
		seen, err := exportedConversations(ctx, base, adminKey)
		if err == nil {
			r.convsLost = 0
			for id := range finished {
				if !seen[id] {
					r.convsLost++
				}
			}
			if r.convsLost == 0 {
				return nil
			}
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		time.Sleep(200 * time.Millisecond) // re-read the export; nothing to wait on across processes
	}
}

// exportedConversations reads every conversation id of the project through the export.
func exportedConversations(ctx context.Context, base, adminKey string) (map[string]bool, error) {
	seen := map[string]bool{}
	cursor := ""
	for {
		q := url.Values{"limit": {"1000"}}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/external/v1/analytics/"+project+"/assistant?"+q.Encode(), nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+adminKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		var page struct {
			Conversations []struct{ ID string }
			NextCursor    *string
			HasMore       bool
		}
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || err != nil {
			return nil, fmt.Errorf("conversation export: status %d, %v", resp.StatusCode, err)
		}
		for _, c := range page.Conversations {
			seen[c.ID] = true
		}
		if !page.HasMore || page.NextCursor == nil {
			return seen, nil
		}
		cursor = *page.NextCursor
	}
}
