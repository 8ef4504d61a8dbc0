package assistant_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/event"
)

// TestAnswerReadsTheScopeLanguage: the model-free answer reads a question in the language the
// search answers it in (the reader's page, or the script it is written in), so the question
// words and function words of Spanish, French, German and Portuguese are no words a passage
// must hold, and Chinese and Japanese are matched by their character pairs. Through the
// assistant's stream on alter (search/testdata/eval/alter: a public site in en, es, fr, de,
// pt, ja and zh that nobody on the team wrote), questions written for this test, none of them
// on the pages the evaluation's questions expect, are answered from their page in the
// reader's language, with the lead in that language; an off-topic Spanish question is still
// declined. Before, "¿Dónde guardo las notas?" quoted the general FAQ's "¿Dónde puedo encontrar
// ayuda y apoyo?": its question word was a content word that heading held.
func TestAnswerReadsTheScopeLanguage(t *testing.T) {
	h := startSite(t, "alter", "search/testdata/eval/alter")
	tests := []struct {
		lang, from, q string
		lead          string   // the answer's first words
		pages         []string // the pages it may cite (none: it declines)
	}{
		{"es", "/es/references/faq-core", "¿Cómo uso mi propia clave de OpenAI en lugar de la de Alter?",
			"La documentación trata esto en [", []string{"/es/how-to/use-byok"}},
		{"es", "/es/references/faq-core", "¿Dónde guardo las notas?",
			"La documentación trata esto en [", []string{"/es/apps-tools/notes", "/es/workflows/manage-notes-with-alter"}},
		{"fr", "/fr/references/faq-core", "Comment brancher Exa pour faire des recherches sur le web ?",
			"La documentation traite ce sujet dans [", []string{"/fr/workflows/connect-exa"}},
		{"de", "/de/references/faq-core", "Wie kann ich ein anderes generatives Modell auswählen?",
			"Die Dokumentation behandelt das in [", []string{"/de/how-to/choose-generative-model"}},
		{"pt", "/pt/references/faq-core", "Como faço para o Alter criar lembretes para mim?",
			"A documentação aborda isso em [", []string{"/pt/apps-tools/reminders", "/pt/workflows/manage-reminders-with-alter"}},
		{"ja", "", "Alter に LinkUp をつなぐ手順は？",
			"ドキュメントの [", []string{"/ja/workflows/connect-linkup"}},
		{"zh", "", "如何用 Alter 的地图获取路线？",
			"文档在 [", []string{"/zh/apps-tools/maps", "/zh/workflows/plan-places-and-routes-with-alter-maps"}},
		{"es", "/es/references/faq-core", "¿Cómo pido una pizza a domicilio para la oficina?",
			"No encontré nada en la documentación", nil},
	}
	for _, tt := range tests {
		t.Run(tt.lang+": "+tt.q, func(t *testing.T) {
			body := ask(tt.q)
			if tt.from != "" {
				body["currentPath"] = tt.from
			}
			parts := checkReply(t, h.post(t, "alter", body))
			answer := text(t, parts)
			if !strings.HasPrefix(answer, tt.lead) {
				t.Errorf("answer %.300q, want it to begin %q", answer, tt.lead)
			}
			var cited []string
			for _, m := range citation.FindAllStringSubmatch(answer, -1) {
				cited = append(cited, m[1])
			}
			// A declined reply may link the pages that come closest, but quotes and cites none.
			if fin := finishOf(t, parts); len(tt.pages) == 0 && (fin.Resolution != event.Unanswered || len(fin.Sources) > 0 || strings.Contains(answer, "\n> ")) {
				t.Errorf("answer %.300q, finish %+v; the docs do not cover the question", answer, fin)
			}
			if len(tt.pages) > 0 && (len(cited) == 0 || !slices.Contains(tt.pages, cited[0])) {
				t.Errorf("the answer cites %v, want one of %v", cited, tt.pages)
			}
		})
	}
}
