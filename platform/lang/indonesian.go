package lang

import (
	"strings"

	"github.com/blevesearch/snowballstem"
)

// Snowball's Indonesian stemmer (snowballstem.org/algorithms/indonesian: Tala's "Porter
// stemmer for Bahasa Indonesia", 2003, with Snowball's amendments), which
// github.com/blevesearch/snowballstem does not generate: the particles -kah, -lah, -pun, the
// possessives -ku, -mu, -nya, the first-order prefixes (di-, ke-, me-, ter-, meng- and pe-
// with their variants, meny- and peny- read as s-, mem- and pem- before a vowel as p-), the
// suffixes -kan, -an and -i where the prefix allows them, and the second-order prefixes
// (ber-, be- before a consonant and "er", per-, pe-, bel- and pel- of "ajar"), each removed
// only while the word keeps more than two vowels. Without it "verifikasinya" ("its
// verification") and "verifikasi" were two words, and "pengaturan", "mengatur", "diatur" and
// "aturan" four (b3-fun/b3@fc00b0a's Indonesian pages, asked in Indonesian).

// Indonesian prefix codes: the kind of first-order prefix removed, which decides the suffixes
// that may follow it.
const (
	idNone = iota
	idDiMengTer
	idPer
	idKePeng
	idBer
)

// indonesianStem stems the word in env as Snowball's algorithm does.
func indonesianStem(env *snowballstem.Env) bool {
	env.SetCurrent(stemIndonesian(env.Current()))
	return true
}

// stemIndonesian is the algorithm on a lower-case word.
func stemIndonesian(w string) string {
	measure := strings.Count(w, "a") + strings.Count(w, "e") + strings.Count(w, "i") + strings.Count(w, "o") + strings.Count(w, "u")
	if measure <= 2 {
		return w
	}
	if rest, ok := cutAnySuffix(w, "kah", "lah", "pun"); ok {
		w, measure = rest, measure-1
	}
	if measure <= 2 {
		return w
	}
	if rest, ok := cutAnySuffix(w, "nya", "ku", "mu"); ok {
		w, measure = rest, measure-1
	}
	if measure <= 2 {
		return w
	}
	if rest, prefix, ok := firstOrderPrefix(w); ok {
		w, measure = rest, measure-1
		if measure <= 2 {
			return w
		}
		rest, ok := idSuffix(w, prefix)
		if !ok {
			return w
		}
		w, measure = rest, measure-1
		if measure > 2 {
			if rest, _, ok := secondOrderPrefix(w, prefix); ok {
				w = rest
			}
		}
		return w
	}
	prefix := idNone
	if rest, p, ok := secondOrderPrefix(w, prefix); ok {
		w, prefix, measure = rest, p, measure-1
	}
	if measure > 2 {
		if rest, ok := idSuffix(w, prefix); ok {
			w = rest
		}
	}
	return w
}

// cutAnySuffix removes the first of suffixes that w ends with.
func cutAnySuffix(w string, suffixes ...string) (string, bool) {
	for _, s := range suffixes {
		if rest, ok := strings.CutSuffix(w, s); ok {
			return rest, true
		}
	}
	return w, false
}

// firstOrderPrefix removes di-, ke-, me-, ter-, meng-, men-, mem-, peng-, pen- or pem-
// (the longest that w starts with) and returns the kind removed.
func firstOrderPrefix(w string) (string, int, bool) {
	switch {
	case strings.HasPrefix(w, "meng"):
		return w[4:], idDiMengTer, true
	case strings.HasPrefix(w, "peng"):
		return w[4:], idKePeng, true
	case strings.HasPrefix(w, "men"):
		return nasal(w[3:], "s"), idDiMengTer, true
	case strings.HasPrefix(w, "pen"):
		return nasal(w[3:], "s"), idKePeng, true
	case strings.HasPrefix(w, "mem"):
		return labial(w[3:]), idDiMengTer, true
	case strings.HasPrefix(w, "pem"):
		return labial(w[3:]), idKePeng, true
	case strings.HasPrefix(w, "ter"):
		return w[3:], idDiMengTer, true
	case strings.HasPrefix(w, "di"), strings.HasPrefix(w, "me"):
		return w[2:], idDiMengTer, true
	case strings.HasPrefix(w, "ke"):
		return w[2:], idKePeng, true
	}
	return w, idNone, false
}

// nasal is what follows men- or pen-: "y" and a vowel are the s they stand for (menyimpan,
// simpan).
func nasal(rest, s string) string {
	if len(rest) >= 2 && rest[0] == 'y' && isIDVowel(rest[1]) {
		return s + rest[1:]
	}
	return rest
}

// labial is what follows mem- or pem-: before a vowel, the p it stands for (memakai, pakai).
func labial(rest string) string {
	if rest != "" && isIDVowel(rest[0]) {
		return "p" + rest
	}
	return rest
}

// idSuffix removes -kan (not after ke-, peng- or per-), -an (not after di-, meng- or ter-) or
// -i (not after s, nor after ke-, peng- or ber-).
func idSuffix(w string, prefix int) (string, bool) {
	if rest, ok := strings.CutSuffix(w, "an"); ok {
		if prefix != idKePeng && prefix != idPer && strings.HasSuffix(rest, "k") {
			return rest[:len(rest)-1], true
		}
		if prefix == idDiMengTer {
			return w, false
		}
		return rest, true
	}
	if rest, ok := strings.CutSuffix(w, "i"); ok && prefix <= idPer && !strings.HasSuffix(rest, "s") {
		return rest, true
	}
	return w, false
}

// secondOrderPrefix removes per-, pe-, ber- or be- before a consonant and "er" (bekerja,
// kerja), and bel- and pel- of "ajar"; it returns the kind removed (pel- leaves prefix as it
// was).
func secondOrderPrefix(w string, prefix int) (string, int, bool) {
	switch {
	case strings.HasPrefix(w, "per"):
		return w[3:], idPer, true
	case strings.HasPrefix(w, "pelajar"):
		return w[3:], prefix, true
	case strings.HasPrefix(w, "pe"):
		return w[2:], idPer, true
	case strings.HasPrefix(w, "ber"):
		return w[3:], idBer, true
	case strings.HasPrefix(w, "belajar"):
		return w[3:], idBer, true
	case strings.HasPrefix(w, "be") && len(w) >= 5 && !isIDVowel(w[2]) && w[3:5] == "er":
		return w[2:], idBer, true
	}
	return w, prefix, false
}

// isIDVowel reports whether b is one of the vowels the algorithm counts.
func isIDVowel(b byte) bool {
	return b == 'a' || b == 'e' || b == 'i' || b == 'o' || b == 'u'
}
