package gaps_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/query/gaps"
)

// TestHomonymsAreNoTopic: a function word its language's list leaves out for a homonym
// (Snowball's French list omits "est", east, and "son", sound, on purpose) is a stop word of a
// text told in that language: French questions that share only "est" or "son" are no topic
// "est" or "son", and meet on what they ask; in an English text "EST" stays a word.
func TestHomonymsAreNoTopic(t *testing.T) {
	texts := []string{
		"Qu'est-ce qu'un webhook ?",
		"Comment est calculé le prix de l'abonnement ?",
		"Pourquoi mon paiement est refusé ?",
		"Comment vérifier la signature d'un webhook ?",
		"Où est son historique de facturation ?",
		"Comment changer son mot de passe ?",
	}
	type topic struct {
		key   string
		texts []string
	}
	var got []topic
	for _, tp := range gaps.Cluster(texts) {
		got = append(got, topic{tp.Key, tp.Texts})
		if slices.Contains(tp.Terms, "est") || slices.Contains(tp.Terms, "son") {
			t.Errorf("topic %q names a homonym of a stop word: %q", tp.Key, tp.Terms)
		}
	}
	want := []topic{
		{"webhook", []string{texts[0], texts[3]}},
		{texts[1], []string{texts[1]}},
		{texts[2], []string{texts[2]}},
		{texts[4], []string{texts[4]}},
		{texts[5], []string{texts[5]}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Cluster:\n got %q\nwant %q", got, want)
	}
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"Le webhook est refusé", []string{"webhook", "refus"}},
		{"Is the EST timezone supported?", []string{"est", "timezone", "supported"}},
	} {
		if got := gaps.Terms(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
