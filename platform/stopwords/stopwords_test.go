package stopwords_test

import (
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/platform/stopwords"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		lang, word string
		stop       bool
	}{
		{"german", "und", true},        // Snowball's list
		{"german", "warum", true},      // an interrogative the list lacks
		{"french", "comment", true},    // likewise
		{"spanish", "dónde", true},     // an accented form
		{"german", "webhook", false},   // a content word
		{"klingon", "und", false},      // no list
		{"english", "the", false},      // English's lists are the users' own
		{"portuguese", "porquê", true}, // interrogative
	} {
		_, got := stopwords.Of(tc.lang)[tc.word]
		if got != tc.stop {
			t.Errorf("Of(%q)[%q] = %v, want %v", tc.lang, tc.word, got, tc.stop)
		}
	}
	names := stopwords.Names()
	if !slices.IsSorted(names) || len(names) != 13 || !slices.Contains(names, "indonesian") {
		t.Errorf("Names() = %q, want the 13 Snowball lists, sorted", names)
	}
}
