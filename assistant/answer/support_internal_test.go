package answer

import (
	"strings"
	"testing"
)

// TestSupportPhrasesComplete: every language of the phrasebook (so every language the decline
// speaks) has its support sentence, translated, holding the link's %s once.
func TestSupportPhrasesComplete(t *testing.T) {
	for lang := range phrasebook {
		s, ok := supportPhrases[lang]
		switch {
		case !ok:
			t.Errorf("%s: no support sentence", lang)
		case lang != "en" && s == supportPhrases["en"]:
			t.Errorf("%s: the support sentence is the English one", lang)
		case strings.Count(s, "%") != 1 || !strings.Contains(s, "%s"):
			t.Errorf("%s: %q must hold one %%s", lang, s)
		}
	}
	for lang := range supportPhrases {
		if _, ok := phrasebook[lang]; !ok {
			t.Errorf("%s: a support sentence for no language of the phrasebook", lang)
		}
	}
}
