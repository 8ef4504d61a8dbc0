package gaps_test

import (
	"reflect"
	"testing"

	"github.com/lectern-dev/lectern/query/gaps"
)

// TestTermsInOtherLanguages: a question in another language loses that language's stop words
// too, so its terms are what it asks about.
func TestTermsInOtherLanguages(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"Wie lange dauert die KYB-Prüfung?", []string{"lang", "dauert", "kyb", "prufung"}}, // German stems (stem.go)
		{"Comment vérifier la signature des webhooks ?", []string{"vérifi", "signatur", "webhook"}},
		{"¿Cómo creo una clave de API?", []string{"cre", "clav", "api"}},
		{"Come posso annullare un pagamento?", []string{"annull", "pag"}}, // "posso" (can I) names nothing
		{"How do I use the API in Go?", []string{"api", "go"}},
		{"die Farbe", []string{"farb"}},
	} {
		if got := gaps.Terms(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestClusterInOtherLanguages: on a multilingual site, unrelated questions in one language do
// not meet on its function words ("ich", "wie", "comment"), and related ones still meet.
func TestClusterInOtherLanguages(t *testing.T) {
	texts := []string{
		"Wie kann ich meine Lieblingspizza bestellen?",
		"Wie wechsle ich die Farbe des Dashboards?",
		"Wie exportiere ich Rechnungen nach DATEV?",
		"Comment changer la couleur du tableau de bord ?",
		"Comment commander une pizza ?",
		"Wo finde ich meinen API-Schlüssel?",
		"Wie rotiere ich einen API-Schlüssel?",
	}
	var got [][]string
	for _, tp := range gaps.Cluster(texts) {
		got = append(got, tp.Texts)
	}
	want := [][]string{{texts[0]}, {texts[1]}, {texts[2]}, {texts[3]}, {texts[4]}, {texts[5], texts[6]}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("topics:\n got %q\nwant %q", got, want)
	}
}
