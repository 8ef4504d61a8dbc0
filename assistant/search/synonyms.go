package search

import (
	"slices"
	"strings"
)

// synonymGroups are words that readers and writers of developer docs in general use for one
// another; a query word is expanded with the others of its groups at a lower weight. Keep it
// general: terms of one site's product belong to what the index mines from that site.
var synonymGroups = [][]string{
	{"auth", "authentication", "authenticate", "login", "credentials"},
	{"login", "log in", "sign in", "signin"},
	{"setup", "set up"},
	{"cli", "command line"},
	{"2fa", "two factor", "mfa", "multi factor"},
	{"authorization", "authorize", "permission", "scope", "access"},
	{"key", "token", "secret"},
	{"install", "installation", "setup"},
	{"configure", "configuration", "config", "settings"},
	{"delete", "remove"},
	{"create", "add", "new"},
	{"update", "modify", "change", "edit"},
	{"limit", "throttle", "quota"},
	{"error", "fail", "failure", "exception"},
	{"webhook", "callback"},
	{"deploy", "deployment", "host", "hosting"},
	{"env", "environment"},
	{"repo", "repository"},
	{"doc", "docs", "documentation"},
	{"sdk", "library", "client", "package"},
	{"cli", "command", "terminal"},
	{"org", "organization", "team", "workspace"},
	{"upgrade", "migrate", "migration"},
	{"paginate", "pagination", "cursor"},
	{"slow", "latency", "performance", "timeout"},
	{"start", "begin", "quickstart"},
	{"log", "logs", "logging"},
}

// synonymWeight scales the weight of a synonym against the query word it expands; a phrase
// ("command line" → "cli") is more specific and counts phraseWeight.
const (
	synonymWeight = 0.4
	phraseWeight  = 0.8
)

// synonymTerms maps each term of the groups to the other terms of its groups; a phrase is
// known by its words joined ("command line" → the term of "commandline").
var synonymTerms = func() map[string][]string {
	var an analyzer
	out := map[string][]string{}
	for _, group := range synonymGroups {
		var terms []string
		for _, w := range group {
			if t := an.normalize([]byte(strings.ReplaceAll(w, " ", ""))); t != nil {
				terms = append(terms, string(t))
			}
		}
		for _, t := range terms {
			for _, u := range terms {
				if u != t && !contains(out[t], u) {
					out[t] = append(out[t], u)
				}
			}
		}
	}
	return out
}()

// synonymIDs resolves the synonym map to the term ids of one index: term → ids of its synonyms.
func synonymIDs(terms map[string]uint32, o options) map[string][]uint32 {
	out := map[string][]uint32{}
	if !o.synonyms {
		return out
	}
	for t, syns := range synonymTerms {
		for _, s := range syns {
			if sid, ok := terms[s]; ok {
				out[t] = append(out[t], sid)
			}
		}
	}
	return out
}

// addSynonymIDs adds synonym terms (term → its synonyms) that the index holds to ids.
func addSynonymIDs(ids map[string][]uint32, syns map[string][]string, terms map[string]uint32) {
	for t, list := range syns {
		for _, s := range list {
			if sid, ok := terms[s]; ok && !slices.Contains(ids[t], sid) {
				ids[t] = append(ids[t], sid)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
