package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestDeclinePointsAtSupport: a declined reply of a site with support ends with the support
// line in the decline's language, linking to the support page (the thread id kept) or the
// mailto: address, and reports itself deflected; a site without support, an answer and a
// greeting get no such line.
func TestDeclinePointsAtSupport(t *testing.T) {
	const (
		page = "https://help.acme.com/new?threadId=01JTHREAD"
		mail = "mailto:help@acme.com"
	)
	tests := []struct {
		name, lang, question, support string
		sources                       []answer.Source
		wantEnd                       string // "" when the reply must hold no support line
		wantDeflected                 bool
		wantResolution                event.Resolution
	}{
		{"link mode", "", "quantum teleportation pricing", page, nil,
			"\n\nIf you need more help, contact support: [help.acme.com/new](https://help.acme.com/new?threadId=01JTHREAD)", true, event.Unanswered},
		{"email mode", "", "rotate the signing secret with terraform", mail, []answer.Source{limits, verify, rotate},
			"page.\n\nIf you need more help, contact support: [help@acme.com](mailto:help@acme.com)", true, event.Unanswered},
		{"in the scope's language", "es", "¿Cuál es el precio de la teletransportación cuántica?", mail, nil,
			"\n\nSi necesitas más ayuda, contacta con el soporte: [help@acme.com](mailto:help@acme.com)", true, event.Unanswered},
		{"a language without a phrasebook entry: English", "tlh", "quantum teleportation pricing", mail, nil,
			"\n\nIf you need more help, contact support: [help@acme.com](mailto:help@acme.com)", true, event.Unanswered},
		{"no support", "", "quantum teleportation pricing", "", nil, "", false, event.Unanswered},
		{"not a support link", "", "quantum teleportation pricing", "javascript:alert(1)", nil, "", false, event.Unanswered},
		{"a greeting", "", "Hello!", page, []answer.Source{verify}, "", false, event.Unanswered},
		{"an answer", "", "How do I verify webhook signatures?", page, []answer.Source{verify}, "", false, event.Answered},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, _, a := generate(t, answer.Prompt{Question: tc.question, Sources: tc.sources, Language: tc.lang, Support: tc.support})
			if tc.wantEnd != "" && !strings.HasSuffix(text, tc.wantEnd) {
				t.Errorf("reply\n%s\nwant it to end with\n%s", text, tc.wantEnd)
			}
			if tc.wantEnd == "" && (strings.Contains(text, "support") || strings.Contains(text, "help.acme.com")) {
				t.Errorf("reply %q points at support", text)
			}
			if a.Deflected != tc.wantDeflected || a.Resolution != tc.wantResolution {
				t.Errorf("deflected %v, resolution %s; want %v, %s", a.Deflected, a.Resolution, tc.wantDeflected, tc.wantResolution)
			}
		})
	}
}
