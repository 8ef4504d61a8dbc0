package answer

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPhrasebookComplete: every language of the phrasebook has every sentence, translated
// (none is the English one), the lead holds the link's %s once and no other verb, and each
// sentence ends as a sentence does (the line before a declined reply's closest pages with a
// colon); every alias names a language of the phrasebook.
func TestPhrasebookComplete(t *testing.T) {
	en := phrasebook["en"]
	for lang, ph := range phrasebook {
		sentences := map[string]string{"lead": ph.lead, "notFound": ph.notFound, "rephrase": ph.rephrase, "greet": ph.greet, "ask": ph.ask, "closest": ph.closest}
		english := map[string]string{"lead": en.lead, "notFound": en.notFound, "rephrase": en.rephrase, "greet": en.greet, "ask": en.ask, "closest": en.closest}
		for name, s := range sentences {
			ends := ".?。？।؟"
			if name == "closest" { // it introduces the list of pages
				ends = ":："
			}
			switch {
			case strings.TrimSpace(s) == "" || !utf8.ValidString(s):
				t.Errorf("%s: %s is empty", lang, name)
			case lang != "en" && s == english[name]:
				t.Errorf("%s: %s is the English sentence", lang, name)
			case !strings.ContainsRune(ends, lastRune(s)):
				t.Errorf("%s: %s %q does not end as it should (one of %q)", lang, name, s, ends)
			}
			verbs := strings.Count(s, "%")
			if want := map[bool]int{true: 1, false: 0}[name == "lead"]; verbs != want || (want == 1 && !strings.Contains(s, "%s")) {
				t.Errorf("%s: %s %q holds %d verbs, want %d %%s", lang, name, s, verbs, want)
			}
		}
		if lang != strings.ToLower(lang) {
			t.Errorf("%s: phrasebook keys are lower case", lang)
		}
	}
	for code, lang := range aliases {
		if _, ok := phrasebook[lang]; !ok {
			t.Errorf("alias %s names %s, which the phrasebook lacks", code, lang)
		}
	}
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
