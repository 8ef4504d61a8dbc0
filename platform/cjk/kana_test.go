package cjk_test

import (
	"testing"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// TestKana: a pair (or a lone character) of hiragana is Japanese grammar; a pair with a kanji,
// a katakana character or the prolonged sound mark, and any other word, is not.
func TestKana(t *testing.T) {
	tests := []struct {
		w    string
		kana bool
	}{
		{"です", true},  // polite copula
		{"すか", true},  // "…ですか": the question ending
		{"れば", true},  // "どうすれば"
		{"を", true},   // a particle alone, between Latin words ("Boxを")
		{"ゝゞ", true},  // the hiragana iteration marks
		{"使い", false}, // a kanji and its okurigana
		{"ルを", false}, // katakana and a particle: the pair straddles a content word
		{"アッ", false},
		{"ァイ", false},
		{"手順", false},
		{"すー", false}, // the prolonged sound mark is in no script
		{"파일", false}, // Hangul
		{"什么", false}, // Chinese
		{"api", false},
		{"", false},
		{"\xe3\x81", false}, // a truncated character
	}
	for _, tt := range tests {
		if got := cjk.Kana([]byte(tt.w)); got != tt.kana {
			t.Errorf("Kana(%q) = %v, want %v", tt.w, got, tt.kana)
		}
	}
}
