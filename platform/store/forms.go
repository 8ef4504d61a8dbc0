package store

import (
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/schemas/event"
)

// QueryForms counts the forms in which searches wrote each normalized query: normalized query →
// written form → searches. The form is the query as written, its inner white space collapsed
// (event.NormalizeQuery without the lower-casing): "SAML", "saml" and "Saml" are one query
// written three ways.
type QueryForms map[string]map[string]int64

// Add counts n searches that wrote query.
func (f QueryForms) Add(query string, n int64) {
	norm := event.NormalizeQuery(query)
	if norm == "" || n <= 0 {
		return
	}
	if f[norm] == nil {
		f[norm] = map[string]int64{}
	}
	f[norm][strings.Join(strings.Fields(query), " ")] += n
}

// Commonest is the form of a normalized query that the most searches wrote (ties: the first in
// byte order), or norm itself when none is counted.
func (f QueryForms) Commonest(norm string) string {
	best, most := norm, int64(0)
	for form, n := range f[norm] {
		if n > most || n == most && form < best {
			best, most = form, n
		}
	}
	return best
}

// SetWritten sets each outcome's Written to its query's commonest form in f.
func SetWritten(qs []QueryOutcome, f QueryForms) {
	for i := range qs {
		qs[i].Written = f.Commonest(qs[i].Query)
	}
}

// SetRowsWritten sets each row's Written to its query's commonest form in f.
func SetRowsWritten(rows []SearchRow, f QueryForms) {
	for i := range rows {
		rows[i].Written = f.Commonest(rows[i].Query)
	}
}

// SetAgentsWritten sets each agent query's Written to its query's commonest form in f.
func SetAgentsWritten(qs []AgentQuery, f QueryForms) {
	for i := range qs {
		qs[i].Written = f.Commonest(qs[i].Query)
	}
}

// AgentQueries are the distinct normalized queries of the lists, in byte order.
func AgentQueries(lists ...[]AgentQuery) []string {
	var out []string
	for _, qs := range lists {
		for _, q := range qs {
			out = append(out, q.Query)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// RowQueries are the normalized queries of rows.
func RowQueries(rows []SearchRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Query
	}
	return out
}

// OutcomeQueries are the distinct normalized queries of qs, in byte order.
func OutcomeQueries(qs []QueryOutcome) []string {
	out := make([]string, 0, len(qs))
	for _, q := range qs {
		out = append(out, q.Query)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
