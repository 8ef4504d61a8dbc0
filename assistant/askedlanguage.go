package assistant

import (
	"slices"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// askedIn is the language to search a question in when the language of the reader's page
// finds nothing that answers it: the one the question is plainly written in
// (sitedocs.Scopes.AskedIn), unless the caller named a language, which stays.
func askedIn(s *sitedocs.Scopes, named, question string, f search.Filter) string {
	if named != "" {
		return ""
	}
	return s.AskedIn(question, f.Language)
}

// searchAsked runs q; when alt names a language and no result holds enough of the question
// to answer it (answer.DefaultRule, the extractive answer's), it runs q again in alt and keeps
// that search when one of its results does. It returns the query whose results it returns,
// whose language the answer is then written in. The page's language stays first, as issue 24
// asks: an English question asked from a Spanish page that the Spanish pages answer is
// answered from them.
func searchAsked(ix *search.Index, q search.Query, alt string) (search.Query, []search.Result) {
	res := ix.Search(q)
	if alt == "" || alt == q.Filter.Language || covers(res) {
		return q, res
	}
	in := q
	in.Filter.Language = alt
	if other := ix.Search(in); covers(other) {
		return in, other
	}
	return q, res
}

// covers reports whether a result holds enough of the question to answer it.
func covers(res []search.Result) bool {
	return slices.ContainsFunc(res, func(r search.Result) bool { return answer.DefaultRule.Covers(r.Match, r.SectionMatch, r.Words) })
}
