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
		{"german", "kann", true},       // "can", which Snowball's German list holds
		{"german", "danach", true},     // a pronominal adverb ("after that"), which the list lacks
		{"german", "dafür", true},      // likewise ("for it")
		{"german", "damit", true},      // one the list holds
		{"german", "wonach", false},    // one stopwords-iso's list lacks too, left out
		{"french", "puis", true},       // "can" ("Comment puis-je"), which the Romance lists lack
		{"italian", "posso", true},     // likewise ("Come posso")
		{"spanish", "puedo", true},     // likewise ("¿Cómo puedo")
		{"portuguese", "pode", true},   // likewise ("Como pode")
		{"italian", "potere", false},   // an infinitive (also a noun, power), left out
		{"klingon", "und", false},      // no list
		{"english", "the", false},      // English's lists are the users' own
		{"portuguese", "porquê", true}, // interrogative
		{"portuguese", "é", true},      // a verb form the list's comments name and its tables lack
		{"portuguese", "têm", true},    // likewise (the table writes "tém")
		{"portuguese", "havia", true},  // likewise
		{"portuguese", "ser", false},   // an infinitive, which the tables leave out on purpose
		{"spanish", "haber", false},    // likewise
		{"hindi", "में", true},         // stopwords-iso's list
		{"hindi", "कैसे", true},        // an interrogative it lacks
		{"hindi", "पासवर्ड", false},
		{"hindi", "मैंने", true}, // a personal pronoun it lacks (I, ergative)
		{"hindi", "आपके", true},  // likewise (your)
		{"hindi", "करूँ", true},  // the first person of करना, whose other forms it holds
		{"polish", "się", true},  // stopwords-iso's list
		{"polish", "mogę", true}, // "can" ("Jak mogę"), which it lacks
		{"polish", "konto", false},
		{"arabic", "كيف", true},
		{"arabic", "لماذا", true},
		{"arabic", "مفتاح", false},
		{"arabic", "وكيف", true},  // and how: "and" is the next word's first letter
		{"arabic", "والتي", true}, // and which
		{"arabic", "وسم", false},  // a tag: no word of the list after the letter
		{"arabic", "فهم", false},  // understanding: "so" (ف) is not read off
		{"hindi", "वकैसे", false}, // only Arabic's list
		{"chinese", "如何", true},
		{"chinese", "密码", false},
		{"japanese", "です", true},
		{"korean", "어떻게", true},
		{"korean", "비밀번호", false},
		{"russian", "где", true},      // Snowball's list
		{"russian", "почему", true},   // an interrogative it lacks ("why")
		{"russian", "сколько", true},  // likewise ("how much")
		{"russian", "откуда", true},   // likewise ("where from")
		{"russian", "фракции", false}, // a content word
	} {
		_, got := stopwords.Of(tc.lang)[tc.word]
		if got != tc.stop {
			t.Errorf("Of(%q)[%q] = %v, want %v", tc.lang, tc.word, got, tc.stop)
		}
	}
	names := stopwords.Names()
	if !slices.IsSorted(names) || len(names) != 19 || !slices.Contains(names, "indonesian") || !slices.Contains(names, "polish") || !slices.Contains(names, "korean") {
		t.Errorf("Names() = %q, want the 13 Snowball lists and the 6 of stopwords-iso, sorted", names)
	}
}

// TestHomonyms: the words a list leaves out for their homonyms, as it notes them, are read
// from its comments, and only those: French's forms of être and avoir and "son"; no other
// list here notes any.
func TestHomonyms(t *testing.T) {
	fr := stopwords.Homonyms("french")
	var got []string
	for w := range fr {
		got = append(got, w)
	}
	slices.Sort(got)
	want := []string{"as", "aura", "auras", "avions", "est", "fût", "sommes", "son", "été", "étés"}
	if !slices.Equal(got, want) {
		t.Errorf("Homonyms(french) = %q, want %q", got, want)
	}
	for w := range fr {
		if _, stop := stopwords.Of("french")[w]; stop {
			t.Errorf("%q is a homonym and in the list", w)
		}
	}
	for _, name := range stopwords.Names() {
		if name != "french" && stopwords.Homonyms(name) != nil {
			t.Errorf("Homonyms(%q) = %v, want none", name, stopwords.Homonyms(name))
		}
	}
}
