package answer

// TermsIn exposes the content words the extractive answer reads in s, in a docs.json language.
func TermsIn(code, s string) []string { return readingIn(code).terms(s) }
