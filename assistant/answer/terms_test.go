package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestTermsIn: a question's content words are read in the scope's language: its stop words
// (the search's lists, platform/lang) and English ones are left out, and its words are matched
// by their Snowball stems; English keeps its plural folding, and Chinese and Japanese their
// character pairs.
func TestTermsIn(t *testing.T) {
	tests := []struct{ lang, text, want string }{
		{"es", "¿Cómo se instala la CLI con npm?", "instal cli npm"},
		{"es", "¿Dónde guardo las notas?", "guard not"},
		{"es", "Sé que el documento está subido", "se document sub"},                // "sé" (I know) is no stop word; its stem drops the accent
		{"es", "how do I install the cli", "install cli"},                           // a reader on a Spanish page asks in English
		{"fr", "Comment renouveler les clés de mon compte ?", "renouvel clé compt"}, // "comment": a question word (platform/stopwords/interrogatives.go)
		{"de", "Wie ändere ich das Tastenkürzel?", "and tastenkurzel"},
		{"pt-BR", "Como cancelo os rastreamentos?", "cancel rastreament"},
		{"ja", "LinkUp を接続する手順は？", "linkup を接 接続 続す する る手 手順 順は"},
		{"zh", "如何获取路线？", "如何 何获 获取 取路 路线"},
		{"en", "How do I rotate my API keys?", "rotate api key"},
		{"", "How do I rotate my API keys?", "rotate api key"},
		{"xx", "please tell me about webhooks", "webhook"},
		{"es", "instalar v2.1 con npm", "instal v2 npm"},
		{"hi", "पासवर्ड कैसे रीसेट करें?", "पासवर्ड रीसेट"},          // vowel signs are marks: the words stay whole
		{"ta", "கடவுச்சொல்லை மீட்டமைக்க", "கடவுச்சொல்லை மீட்டமைக்க"}, // no list for Tamil: its words, whole
	}
	for _, tt := range tests {
		if got := strings.Join(answer.TermsIn(tt.lang, tt.text), " "); got != tt.want {
			t.Errorf("TermsIn(%q, %q) = %q, want %q", tt.lang, tt.text, got, tt.want)
		}
	}
}

var (
	instalaES = answer.Source{
		Title: "Inicio rápido", Section: "Instala la CLI", Path: "/es/quickstart", URL: "/es/quickstart#instala-la-cli",
		Text: "Instala la herramienta de línea de comandos con npm:\n\n```bash\nnpm install -g @tessera/cli\n```",
	}
	tastenDE = answer.Source{
		Title: "Tastatur", Path: "/de/tastatur", URL: "/de/tastatur",
		Text: "Die Belegung des Tastenkürzels lässt sich in den Einstellungen ändern.",
	}
)

// TestRelevanceInTheScopeLanguage: without the search's Match, a section answers by the share
// of the question's content words it holds, read in the scope's language: the function words
// a Spanish question shares with every Spanish section ("cómo", "se", "la", "con") answer
// nothing, and a German question's words are found in their other forms.
func TestRelevanceInTheScopeLanguage(t *testing.T) {
	tests := []struct {
		name, lang, question string
		sources              []answer.Source
		cited                string
	}{
		{"Spanish, on topic", "es", "¿Cómo se instala la CLI con npm?", []answer.Source{instalaES}, "/es/quickstart"},
		{"Spanish, off topic: only function words match", "es", "¿Cómo se cancela la suscripción con la tarjeta de crédito?", []answer.Source{instalaES}, ""},
		{"German stems: ändere/ändern, Tastenkürzel/Tastenkürzels", "de", "Wie ändere ich das Tastenkürzel?", []answer.Source{tastenDE}, "/de/tastatur"},
		{"German, off topic", "de", "Wie kündige ich mein Abonnement?", []answer.Source{tastenDE}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, a := generate(t, answer.Prompt{Question: tt.question, Sources: tt.sources, Language: tt.lang})
			if got := citedPaths(a); got != tt.cited {
				t.Errorf("cited %q, want %q", got, tt.cited)
			}
			if want := event.Answered; tt.cited == "" {
				if a.Resolution != event.Unanswered {
					t.Errorf("resolution %v, want unanswered", a.Resolution)
				}
			} else if a.Resolution != want {
				t.Errorf("resolution %v, want %v", a.Resolution, want)
			}
		})
	}
}

// TestPassageInTheScopeLanguage: the quoted sentences are those that hold the question's
// content words; a sentence that shares only a Spanish question's function words ("se", "el",
// "de", "la") with it is not quoted.
func TestPassageInTheScopeLanguage(t *testing.T) {
	s := withMatch(answer.Source{
		Title: "Cuenta", Path: "/es/cuenta", URL: "/es/cuenta",
		Text: "La cuenta se crea con el correo de la empresa. El administrador la aprueba en un día. " +
			"Los equipos pequeños se gestionan desde el panel. Para exportar el historial de una conversación, " +
			"abre Ajustes y elige Exportar. El archivo se descarga en formato JSON.",
	}, 0.9)
	text, _, a := generate(t, answer.Prompt{Question: "¿Cómo se exporta el historial de la conversación?", Sources: []answer.Source{s}, Language: "es"})
	if a.Resolution != event.Answered {
		t.Fatalf("resolution %v, want answered", a.Resolution)
	}
	if !strings.Contains(text, "Para exportar el historial de una conversación") {
		t.Errorf("the answer does not quote the sentence that answers: %q", text)
	}
	if strings.Contains(text, "La cuenta se crea") {
		t.Errorf("the answer quotes a sentence that shares only function words with the question: %q", text)
	}
}
