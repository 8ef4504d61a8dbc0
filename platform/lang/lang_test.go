package lang_test

import (
	"testing"

	"github.com/lectern-dev/lectern/platform/lang"
)

func TestOf(t *testing.T) {
	tests := []struct {
		code, name string
		english    bool
		stemmer    bool
	}{
		{"", "english", true, false},
		{"en", "english", true, false},
		{"es", "spanish", false, true},
		{"ES", "spanish", false, true},
		{"pt-BR", "portuguese", false, true},
		{"fr", "french", false, true},
		{"de", "german", false, true},
		{"id", "indonesian", false, true},
		{"ja", "english", true, false},
		{"zh-Hans", "english", true, false},
		{"xx", "english", true, false},
	}
	for _, tt := range tests {
		l := lang.Of(tt.code)
		if l.Name() != tt.name || l.IsEnglish() != tt.english || l.HasStemmer() != tt.stemmer {
			t.Errorf("Of(%q) = %s (English %v, stemmer %v), want %s (%v, %v)", tt.code, l.Name(), l.IsEnglish(), l.HasStemmer(), tt.name, tt.english, tt.stemmer)
		}
	}
}

func TestStop(t *testing.T) {
	tests := []struct {
		code, word string
		stop       bool
	}{
		{"en", "the", true},
		{"en", "how", true},
		{"en", "install", false},
		{"es", "como", true},
		{"es", "se", true},
		{"es", "qué", true},
		{"es", "instala", false},
		{"es", "cómo", true},   // the question word, "como" in the list
		{"es", "dónde", true},  // "donde"
		{"es", "cuándo", true}, // "cuando"
		{"es", "sé", false},    // "I know": a word of its own beside "se"
		{"es", "está", true},   // in the list as it is
		{"es", "instalación", false},
		{"fr", "où", true}, // two letters: the accent may tell another word ("ou"), so interrogatives holds it
		{"fr", "ou", true},
		{"fr", "comment", true},
		{"fr", "pourquoi", true},
		{"fr", "quand", true},
		{"fr", "commentaire", false},
		{"pt", "onde", true},
		{"pt", "porque", true},
		{"pt", "porquê", true}, // a circumflex: not folded, so listed
		{"pt", "como", true},
		{"de", "warum", true},
		{"de", "wann", true},
		{"de", "wie", true},
		{"de", "wieviel", false}, // an interrogative stopwords-iso lacks
		{"es", "cuántos", true},
		{"es", "cuantos", true},
		{"it", "perché", true},
		{"it", "perche", true},
		{"it", "quando", true},
		{"en", "pourquoi", false}, // each language's own words only
		{"fr", "les", true},
		{"fr", "clés", false},
		{"de", "für", true},
		{"de", "schlüssel", false},
		{"pt", "os", true},
		{"id", "untuk", true},
		{"ja", "the", true},
		{"ar", "كيف", true},
		{"ar", "وكيف", true},  // and how: "and" written as the word's first letter
		{"ar", "وما", true},   // and what
		{"ar", "والتي", true}, // and which
		{"ar", "ومن", true},   // in the list as it is
		{"ar", "وو", false},   // and and: a letter too short to be a word of the list
		{"ar", "وسم", false},  // a tag: no word of the list follows the letter
		{"ar", "وكيل", false}, // an agent
		{"ar", "فهم", false},  // understanding, not "so they": the other conjunction is not read off
		{"ar", "فلم", false},  // a film
		{"ru", "всё", true},   // "все" in the list: Russian writes "ё" as "е"
		{"ru", "ещё", true},   // "еще"
		{"ru", "всём", false}, // no such word in the list either way
		{"pl", "się", true},   // stopwords-iso's Polish list
		{"pl", "sie", true},   // "się" typed without Polish letters
		{"pl", "mogę", true},  // "can" (platform/stopwords/modals.go)
		{"pl", "moge", true},  // likewise, typed without
		{"pl", "jesli", true}, // "jeśli"
		{"pl", "ze", true},    // in the list as it is
		{"pl", "konta", false},
		{"pl", "sejfow", false},
		{"pl", "usuniecie", false},
	}
	for _, tt := range tests {
		if got := lang.Of(tt.code).Stop([]byte(tt.word)); got != tt.stop {
			t.Errorf("Of(%q).Stop(%q) = %v, want %v", tt.code, tt.word, got, tt.stop)
		}
	}
}

func TestStem(t *testing.T) {
	tests := []struct{ code, word, want string }{
		{"es", "conversaciones", "convers"},
		{"es", "instalar", "instal"},
		{"fr", "renouveler", "renouvel"},
		{"de", "schlüssel", "schlussel"},
		{"pt", "rastreamentos", "rastreament"},
		{"en", "keys", "keys"},   // English stems are the caller's
		{"id", "kunci", "kunci"}, // two vowels: too short to stem
		// Indonesian (Snowball's algorithm, indonesian.go): a possessive, then a first-order
		// prefix and a suffix, or a second-order prefix and a suffix
		{"id", "verifikasinya", "verifikasi"},
		{"id", "verifikasi", "verifikasi"}, // -i after s stays
		{"id", "pengaturan", "atur"},
		{"id", "mengatur", "atur"},
		{"id", "diatur", "atur"},
		{"id", "aturan", "atur"},
		{"id", "menyimpan", "simpan"}, // meny- before a vowel is s-
		{"id", "memakai", "paka"},     // mem- before a vowel is p-, then -i
		{"id", "bersekolah", "seko"},  // -lah, then ber-: the algorithm's known overstemming
		{"id", "bekerja", "kerja"},    // be- before a consonant and "er"
		{"id", "pelajaran", "ajar"},   // pel- of "ajar", then -an
		{"id", "menarik", "arik"},     // men-, whose t the algorithm does not restore
		{"id", "penarikan", "arik"},   // pen-, then -an: one stem with "menarik"
		{"id", "dijalankan", "jalan"}, // di-, then -kan
		{"id", "permainan", "main"},   // per-, then -an
		{"id", "ketahuilah", "tahui"}, // -lah, ke-: no -i after ke-
		{"id", "tokennya", "token"},
		{"ru", "зелёных", "зелен"}, // "ё" read as "е", as Snowball's Russian stemmer reads it now
		{"ru", "зеленых", "зелен"},
		{"ru", "чёрный", "черн"}, // stemmed "чёрны" when "ё" was a letter the stemmer did not know
		// Polish, Snowball 3's stemmer (internal/polish) on the word spelled without Polish
		// letters: a reader's "sejfu", "adresy" and "logowań" are a page's "sejf", "adres" and
		// "logowania", and typed without them, "usuniecie" and "anulowac" are still the page's
		// "usunięcie" and "anulować".
		{"pl", "sejfu", "sejf"},
		{"pl", "sejf", "sejf"},
		{"pl", "adresy", "adres"},
		{"pl", "adres", "adres"},
		{"pl", "logowań", "logowan"},
		{"pl", "logowania", "logowan"},
		{"pl", "usunięcie", "usuni"},
		{"pl", "usuniecie", "usuni"},
		{"pl", "anulować", "anulowac"},
		{"pl", "anulowac", "anulowac"},
	}
	for _, tt := range tests {
		if got := lang.Of(tt.code).Stem(nil, tt.word); got != tt.want {
			t.Errorf("Of(%q).Stem(%q) = %q, want %q", tt.code, tt.word, got, tt.want)
		}
	}
}

func TestNamed(t *testing.T) {
	tests := []struct {
		name    string
		want    string // "" for nil
		stemmer bool
	}{
		{"english", "english", false},
		{"german", "german", true},
		{"russian", "russian", true},
		{"hindi", "hindi", false},
		{"polish", "polish", true},
		{"indonesian", "indonesian", true},
		{"chinese", "", false},
		{"klingon", "", false},
	}
	for _, tt := range tests {
		l := lang.Named(tt.name)
		switch {
		case tt.want == "" && l != nil:
			t.Errorf("Named(%q) = %s, want nil", tt.name, l.Name())
		case tt.want == "":
		case l == nil:
			t.Errorf("Named(%q) = nil, want %s", tt.name, tt.want)
		case l.Name() != tt.want || l.HasStemmer() != tt.stemmer || (tt.want == "english") != l.IsEnglish():
			t.Errorf("Named(%q) = %s (stemmer %v), want %s (%v)", tt.name, l.Name(), l.HasStemmer(), tt.want, tt.stemmer)
		}
	}
	if lang.Named("spanish") != lang.Of("es") {
		t.Error(`Named("spanish") is not Of("es")`)
	}
}
