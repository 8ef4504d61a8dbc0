package answer

// TermsIn exposes the content words the extractive answer reads in s, in a docs.json language.
func TermsIn(code, s string) []string { return readingIn(code).terms(s) }

// QuestionTermsIn exposes the content words the extractive answer looks for of a question.
func QuestionTermsIn(code, s string) []string { return readingIn(code).question(s) }

// MatchNeeded exposes the share of a question of n words a page must hold to answer it.
func MatchNeeded(n int) float64 { return Rule{}.needed(n) }

// Needed exposes the share a rule asks of a question of n words.
func (r Rule) Needed(n int) float64 { return r.needed(n) }
