package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestDeclineNamesClosestPages: when no source answers, the reply still says so first, then
// names the pages that come closest (the sources holding a word of the question, in the
// search's order, one per page, at most three) as links in the lead's form, quoting nothing;
// with no such source it is the bare decline. It stays unanswered and cites nothing, and a
// message without a question still gets the greeting.
func TestDeclineNamesClosestPages(t *testing.T) {
	const (
		notFound = "I could not find anything in the documentation that answers this, so I will not guess.\n\n"
		rephrase = "Try rephrasing the question with the words the docs use, or ask about a specific feature or page."
		closest  = "These pages come closest:\n\n"
	)
	revoke := answer.Source{Title: "Authentication", Section: "Revoke a key", Path: "/authentication", URL: "/authentication#revoke-a-key",
		Text: "Revoked keys stop working within one minute."}
	limitsES := answer.Source{Title: "Límites de uso", Path: "/es/limits", URL: "/es/limits", Match: 0.3,
		Text: "Cada clave puede hacer 100 solicitudes por minuto."}
	signES := answer.Source{Title: "Webhooks", Path: "/es/webhooks", URL: "/es/webhooks", Match: 0.2,
		Text: "Firma cada petición con tu secreto."}
	tests := []struct {
		name, lang, question string
		sources              []answer.Source
		want                 string
	}{
		{"the pages holding a word of the question, in the search's order", "", "rotate the signing secret with terraform",
			[]answer.Source{withMatch(limits, 0.2), withMatch(verify, 0.3), withMatch(rotate, 0.3)},
			notFound + closest + "- [Webhooks › Verify webhook signatures](/webhooks#verify-webhook-signatures)\n" +
				"- [Authentication › Rotate an API key](/authentication#rotate-an-api-key)\n\n" + rephrase},
		{"without the search's Match", "en", "rotate the signing secret with terraform",
			[]answer.Source{limits, verify, rotate},
			notFound + closest + "- [Webhooks › Verify webhook signatures](/webhooks#verify-webhook-signatures)\n" +
				"- [Authentication › Rotate an API key](/authentication#rotate-an-api-key)\n\n" + rephrase},
		{"one link a page, three at most", "", "key webhooks limits cli in kubernetes",
			[]answer.Source{withMatch(rotate, 0.2), withMatch(revoke, 0.2), withMatch(verify, 0.2), withMatch(limits, 0.3), withMatch(install, 0.2)},
			notFound + closest + "- [Authentication › Rotate an API key](/authentication#rotate-an-api-key)\n" +
				"- [Webhooks › Verify webhook signatures](/webhooks#verify-webhook-signatures)\n- [Rate limits](/rate-limits)\n\n" + rephrase},
		{"no source holds a word of the question: the bare decline", "", "quantum teleportation pricing",
			[]answer.Source{withMatch(verify, 0.2), withMatch(rotate, 0.2)}, notFound + rephrase},
		{"no sources", "", "quantum teleportation pricing", nil, notFound + rephrase},
		{"in the scope's language", "es", "¿Cuál es el límite de solicitudes en Terraform?",
			[]answer.Source{signES, limitsES},
			"No encontré nada en la documentación que responda a esto, así que no voy a adivinar.\n\n" +
				"Estas son las páginas que más se acercan:\n\n- [Límites de uso](/es/limits)\n\n" +
				"Prueba a reformular la pregunta con las palabras que usa la documentación, o pregunta por una función o página concreta."},
		{"a greeting is no decline", "", "Hello!", []answer.Source{verify, rotate},
			"I answer questions about this documentation. What would you like to know?"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, _, a := generate(t, answer.Prompt{Question: tc.question, Sources: tc.sources, Language: tc.lang})
			if text != tc.want {
				t.Errorf("reply\n%s\nwant\n%s", text, tc.want)
			}
			if a.Resolution != event.Unanswered || len(a.Cited) != 0 {
				t.Errorf("resolution %s, cited %v: want unanswered, citing nothing", a.Resolution, citedPaths(a))
			}
			if strings.Contains(text, "> ") {
				t.Errorf("reply %q quotes a passage", text)
			}
		})
	}
}
