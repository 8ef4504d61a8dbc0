package sitedocs

// AskedIn returns the site's language other than cur (the language the reader's page tells)
// that question is plainly written in: the one its script tells, or for a question in Latin
// letters its stop words (LanguageOf, read as if cur were the site's default, so that a word
// both languages share tells neither); "" when it is cur, or none is plain. The assistant and
// the discovery search keep the page's language first and search this one only when the
// page's holds nothing that answers: a Chinese question asked from the English landing page of
// WuKongIM's docs (WuKongIM/WuKongIMDocs@9af4d74, English the default, 133 Chinese pages)
// found nothing in the English pages and was declined, 12 questions of 12 (rehearse40).
func (s *Scopes) AskedIn(question, cur string) string {
	if cur == "" {
		return ""
	}
	t := *s
	t.DefaultLanguage = cur
	l := t.LanguageOf(question)
	if l == "" || primary(l) == primary(cur) {
		return ""
	}
	return l
}
