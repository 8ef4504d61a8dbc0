package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// readRoutes are the analytics reads, each with the parameters it needs: on a ClickHouse
// cluster every one runs over Distributed tables, where SQL a single server accepts can fail
// (a subquery over another Distributed table inside IN needs GLOBAL IN).
var readRoutes = []string{
	"views", "visitors", "traffic", "traffic?scope=site", "traffic?scope=day", "traffic?scope=agent",
	"traffic?scope=referrer", "traffic/daily", "searches", "searches?noResults=true", "feedback/by-page",
	"assistant/caller-stats", "agents", "engagement", "engagement/pages", "engagement/flows",
	"engagement/funnels", "gaps",
}

// readsAnswer GETs every analytics read of project over the last week from the query service at
// base; it returns the routes that did not answer 200, with their status and error, or "".
func readsAnswer(ctx context.Context, base, adminKey string) string {
	today := time.Now().UTC()
	week := url.Values{"dateFrom": {today.AddDate(0, 0, -7).Format(time.DateOnly)}, "dateTo": {today.Format(time.DateOnly)}}
	var failed []string
	for _, route := range readRoutes {
		path, query, _ := strings.Cut(route, "?")
		q, _ := url.ParseQuery(query)
		for k, v := range week {
			q[k] = v
		}
		if status, body, err := get(ctx, base+"/api/external/v1/analytics/"+project+"/"+path+"?"+q.Encode(), adminKey); err != nil || status != http.StatusOK {
			failed = append(failed, fmt.Sprintf("%s: %d %.200s %v", route, status, body, err))
		}
	}
	if len(failed) == 0 {
		return ""
	}
	return "analytics reads on the cluster failed: " + strings.Join(failed, "; ")
}

// get GETs url with the key and returns the status and the start of the body.
func get(ctx context.Context, url, key string) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return resp.StatusCode, string(body), err
}
