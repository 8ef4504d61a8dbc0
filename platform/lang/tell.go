package lang

import (
	"math/bits"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// Tell returns the language a text is written in, told by its stop words: the language here
// whose list holds more of the text's words than any other list and at least tellMargin times
// as many as English's, else English. It is nil for a text no list holds a word of,
// and for a tie between other languages (a short text's words are in several lists: "de" is
// Spanish, French, Portuguese, Dutch, ...): a text is told only when one language stands out.
// A word of one letter tells nothing ("a", "e" and "y" are in several lists), nor does an
// acronym or a domain's part (Teller.Read); a text in Chinese, Japanese or Korean (cjkText of
// their characters, or a quarter as many as its other letters) is told none: those languages
// have no list here, and the Latin words among them, its code's "die" and "an" or a name's
// "de", would tell German or Danish. It reads the text's first maxTellBytes.
//
// Content that docs.json puts in no language (a site without navigation.languages, written
// in German) is read in the language its text is told, and so is a question asked of it: its
// "ich", "mein" and "wie" are stop words, its "Passwörter" meets the page's "Passwort".
func Tell(text string) *Language {
	var t Teller
	t.Read(text)
	return t.Language()
}

// Teller counts the stop words of each language in the text it reads, up to maxTellBytes in
// all, for Language to tell the language (as Tell does): several parts of a page can be read
// without joining them. The zero Teller is ready; it allocates nothing.
type Teller struct {
	counts [64]int // by bit of stopBits
	shared [64]int // by bit of stopBits: the words counted for that language and for English too
	read   int     // bytes read
	cjk    int     // Chinese, Japanese and Korean characters read
	hangul int     // of those, Hangul (Korean)
	kana   int     // of those, hiragana and katakana (Japanese)
	// of those, Han characters that Simplified Chinese alone writes, and Traditional alone
	simplified, traditional int
	other                   int // other letters read
	word                    [maxTellWord]byte
}

// Read counts the stop words of text's words, while the Teller has read under maxTellBytes. A
// word written in capitals ("AI", "NO") is an acronym, not a function word, and a word after a
// '.' is a domain's or a file's part ("example.com", "get.example.io"): neither counts.
func (t *Teller) Read(text string) {
	text = text[:min(len(text), max(0, maxTellBytes-t.read))]
	t.read += len(text)
	n, runes, upper := 0, 0, 0 // the current word's bytes (lowercased), runes and capitals
	dotted := false            // the current word follows a '.'
	prev := rune(0)
	for i := 0; i <= len(text); {
		r, size := utf8.RuneError, 1
		if i < len(text) {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if i < len(text) && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)) {
			if runes == 0 {
				dotted = prev == '.'
			}
			if unicode.IsUpper(r) {
				upper++
			}
			if cjk.Is(r) {
				t.countCJK(r)
			} else if unicode.IsLetter(r) {
				t.other++
			}
			if n+utf8.UTFMax <= len(t.word) {
				n += utf8.EncodeRune(t.word[n:], unicode.ToLower(r))
			} else {
				n = len(t.word) + 1 // too long to be a stop word
			}
			runes++
		} else {
			if runes >= 2 && n <= len(t.word) && upper < runes && !dotted {
				t.count(t.word[:n])
			}
			n, runes, upper = 0, 0, 0
		}
		prev = r
		i += size
	}
}

// countCJK counts a character that cjk.Is, and its script.
func (t *Teller) countCJK(r rune) {
	t.cjk++
	switch {
	case unicode.Is(unicode.Hangul, r):
		t.hangul++
	case cjk.IsHiragana(r) || cjk.IsKatakana(r):
		t.kana++
	default:
		t.countHan(r)
	}
}

// count adds a word to the counts of the languages whose lists hold it (as Language.Stop
// finds it: also without its accents, for a word of three letters or more).
func (t *Teller) count(w []byte) {
	all := stopBits()
	b := all[string(w)]
	if plain, ok := unaccent(w); ok && utf8.RuneCountInString(plain) >= 3 {
		b |= all[plain]
	}
	english := b&1 != 0
	for b != 0 {
		i := bits.TrailingZeros64(b)
		t.counts[i]++
		if english {
			t.shared[i]++
		}
		b &= b - 1
	}
}

// Language returns the language of what the Teller read, as Tell tells it.
func (t *Teller) Language() *Language {
	top := t.counts[0]
	for i, l := range tellOrder {
		if !l.untold {
			top = max(top, t.counts[i+1])
		}
	}
	switch {
	case top == 0, t.isCJK(): // Chinese, Japanese or Korean: their Latin words (code, names) tell nothing
		return nil
	case t.counts[0] == top: // English wins a tie, unless it holds no word of its own
		for i, l := range tellOrder {
			if !l.untold && t.counts[i+1] == top && t.shared[i+1] == top {
				// Every English word read is a word of this language too ("do", Portuguese's
				// "de" + "o"; "no"): nothing tells English over it. "Link do evento", a
				// Portuguese page with no text but its title, was told English (rehearse27).
				return nil
			}
		}
		return English
	}
	var best *Language
	tie := false
	shared := top // the fewest English words any language on top holds too
	for i, l := range tellOrder {
		if !l.untold && t.counts[i+1] == top {
			tie = best != nil
			best = l
			shared = min(shared, t.shared[i+1])
		}
	}
	english := t.counts[0] - shared // English's words, less those the languages on top hold too
	switch {
	case top < tellMargin*english:
		// Another language must hold twice English's own words (tellMargin). On a tie, the
		// English words every language on top holds too are theirs as much as English's: a
		// Spanish question's "me" (Portuguese's too) made "me cobraron dos veces, me pueden
		// devolver el dinero?" English, and the Spanish site's answer English (rehearse23).
		return English
	case tie:
		return nil // a tie between two other languages tells neither
	}
	return best
}

// Stops returns how many of the words the Teller read are stop words of l (a word in several
// lists counts for each): how strongly a text is written in l beside another language, which
// Language alone does not say.
func (t *Teller) Stops(l *Language) int {
	if l == English {
		return t.counts[0]
	}
	for i, o := range tellOrder {
		if o == l {
			return t.counts[i+1]
		}
	}
	return 0
}

// isCJK reports whether what the Teller read is Chinese, Japanese or Korean text: cjkText of
// their characters, or one for every cjkShare other letters.
func (t *Teller) isCJK() bool { return t.cjk > 0 && (t.cjk >= cjkText || cjkShare*t.cjk >= t.other) }

// CJK returns the docs.json code of the language of what the Teller read when it is Korean,
// Japanese or Chinese text, told by its script, which Language does not tell (those languages
// have no stop word list here): "ko" when most of its CJK characters are Hangul, "ja" when one
// in kanaShare or more is hiragana or katakana (Japanese writes its grammar in kana; Chinese
// and Korean write none), else Chinese when its Han characters tell Simplified ("zh") or
// Traditional ("zh-Hant") by the characters one script alone writes (chineseScript). It is ""
// for text that is not CJK (Language tells it) and for Chinese too short to tell its script.
//
// A site in no language written in Korean was answered in English ("I could not find anything
// in the documentation...", "The documentation covers this in ...") and its skill.md written in
// English (rehearse25: D-ALabs Codex), though a docs.json that names "ko" gets Korean; a
// Chinese site in no language was too, though docs.json's "zh" and "zh-Hant" get Chinese.
func (t *Teller) CJK() string {
	switch {
	case !t.isCJK():
		return ""
	case 2*t.hangul > t.cjk:
		return "ko"
	case kanaShare*t.kana >= t.cjk:
		return "ja"
	}
	return t.chineseScript()
}

// TellCJK returns the code of the language a Korean, Japanese or Chinese text is written in,
// as Teller.CJK tells it; "" for any other text.
func TellCJK(text string) string {
	var t Teller
	t.Read(text)
	return t.CJK()
}

// tellMargin is how many times the stop words of English's list a text needs of another
// language's to be told that language. Some lists hold words of English technical text
// (Portuguese's "for", "no" and "num": "phone_num"): an English API reference page would
// otherwise be Portuguese. A German page or question holds many times more of German's than
// of English's. English's words that the other language's list holds too do not count against
// it: a Portuguese page's "do", "no", "as" and "for" are its own function words ("o nome do
// monitor"), and counted as English they made a Portuguese API page with a table of fields
// English; an English page holds enough of English's own ("the", "is", "to") to stay English.
const tellMargin = 2

// Code returns the language's ISO 639-1 code ("de"), the docs.json code of its primary
// subtag; "en" for English.
func (l *Language) Code() string {
	for code, s := range snowball {
		if s == l {
			return code
		}
	}
	return "en"
}

// Bounds of Tell: the bytes of a text read, the longest stop word (in bytes) looked up, and
// when a text is Chinese, Japanese or Korean: cjkText of their characters, or one for every
// cjkShare other letters. A European page quotes a few ("日本語" in a list of languages). CJK
// text with one kana in kanaShare of its CJK characters is Japanese (CJK).
const (
	maxTellBytes = 4096
	maxTellWord  = 64
	cjkText      = 32
	cjkShare     = 4
	kanaShare    = 5
)

// tellOrder are the languages here by code (bit i+1 of stopBits; English is bit 0).
var tellOrder = func() []*Language {
	codes := slices.Sorted(func(yield func(string) bool) {
		for code := range snowball {
			if !yield(code) {
				return
			}
		}
	})
	out := make([]*Language, len(codes))
	for i, c := range codes {
		out[i] = snowball[c]
	}
	return out
}()

// stopBits are the stop words of every language, each with the bits of the languages whose
// lists hold it: English's bit 0, tellOrder[i]'s bit i+1. Built once, on first use (after
// init has filled the lists).
var stopBits = sync.OnceValue(func() map[string]uint64 {
	if len(tellOrder)+1 > 64 {
		panic("lang: more languages than Teller counts")
	}
	m := map[string]uint64{}
	for w := range English.stop {
		m[w] |= 1
	}
	for i, l := range tellOrder {
		for w := range l.stop {
			m[w] |= 1 << (i + 1)
		}
	}
	return m
})
