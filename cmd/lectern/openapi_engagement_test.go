package main

import (
	"strings"
	"testing"
	"time"
)

// engagementOps are the agents, engagement and gaps reads: operation, path under the project,
// the longest range they take, and their own parameters' calls.
var engagementOps = []struct {
	op, sub string
	days    int
}{
	{"getAgents", "agents", 366}, {"getEngagement", "engagement", 92}, {"getEngagementPages", "engagement/pages", 366},
	{"getEngagementFlows", "engagement/flows", 92}, {"getEngagementFunnels", "engagement/funnels", 92}, {"getContentGaps", "gaps", 92},
}

// engagementRoutes checks every status of the agents, engagement and gaps reads and their aliases.
func (c *contract) engagementRoutes(t *testing.T, g ghostKeys) {
	l := c.l
	today := time.Now().UTC().Truncate(24 * time.Hour)
	week := "?dateFrom=" + today.Add(-6*24*time.Hour).Format(time.DateOnly) + "&dateTo=" + today.Add(24*time.Hour).Format(time.DateOnly)
	for _, alias := range []bool{false, true} {
		prefix, suffix := "/api/external/v1/analytics/acme-prod/", ""
		if alias {
			prefix, suffix = "/v1/analytics/acme-prod/", "Alias"
		}
		for _, r := range engagementOps {
			op, path := r.op+suffix, prefix+r.sub
			tooLong := "?dateFrom=2024-01-01&dateTo=" + time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.days+1).Format(time.DateOnly)
			longest := "?dateFrom=2024-01-01&dateTo=" + time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.days).Format(time.DateOnly)
			t.Run(op, func(t *testing.T) {
				calls := []apiCall{
					{name: "a week", op: op, method: "GET", path: path + week, key: l.AdminKey, status: 200},
					{name: "the longest range", op: op, method: "GET", path: path + longest, key: l.AdminKey, status: 200},
					{name: "too long a range", op: op, method: "GET", path: path + tooLong, key: l.AdminKey, status: 400, req: reqValid},
					{name: "no dates", op: op, method: "GET", path: path, key: l.AdminKey, status: 400, req: reqInvalid},
					{name: "time of day", op: op, method: "GET", path: path + "?dateFrom=2024-01-01T12:00:00Z&dateTo=2024-01-03", key: l.AdminKey, status: 200, req: reqValid},
					{name: "dateTo before dateFrom", op: op, method: "GET", path: path + "?dateFrom=2024-05-02&dateTo=2024-05-01", key: l.AdminKey, status: 400},
					{name: "no key", op: op, method: "GET", path: path + week, status: 401, req: reqInvalid},
					{name: "another project's key", op: op, method: "GET", path: path + week, key: l.OtherAdmin, status: 403},
					{name: "assistant key", op: op, method: "GET", path: path + week, key: l.AsstKey, status: 403},
					{name: "unregistered project", op: op, method: "GET", path: strings.Replace(path, "acme-prod", "ghost-prod", 1) + week, key: g.admin, status: 404},
				}
				c.run(t, append(calls, engagementParamCalls(strings.TrimSuffix(op, "Alias"), op, path+week, l.AdminKey)...))
			})
		}
	}
}

// engagementParamCalls are the calls of the parameters one route takes beyond the dates.
func engagementParamCalls(base, op, path, key string) []apiCall {
	var calls []apiCall
	add := func(name, query string, status, req int) {
		calls = append(calls, apiCall{name: name, op: op, method: "GET", path: path + query, key: key, status: status, req: req})
	}
	switch base {
	case "getAgents":
		add("one per list", "&limit=1", 200, reqValid)
		add("limit too big", "&limit=101", 400, reqInvalid)
	case "getEngagementPages":
		add("one per page", "&limit=1&offset=1", 200, reqValid)
		add("limit 0", "&limit=0", 400, reqInvalid)
		add("negative offset", "&offset=-1", 400, reqInvalid)
	case "getEngagementFlows":
		add("an entry page", "&entry=/quickstart", 200, reqValid)
		add("an entry on another host", "&entry=//evil.example/x", 400, reqValid)
		add("an empty entry", "&entry=", 400, reqInvalid)
	case "getContentGaps":
		add("topics", "&kind=topic&limit=5", 200, reqValid)
		add("pages as CSV", "&kind=page&format=csv", 200, reqValid)
		add("CSV", "&format=csv", 200, reqValid)
		add("unknown kind", "&kind=thread", 400, reqInvalid)
		add("unknown format", "&format=xml", 400, reqInvalid)
		add("limit too big", "&limit=501", 400, reqInvalid)
	}
	return calls
}
