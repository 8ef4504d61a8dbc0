package text_test

import (
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/internal/text"
)

func TestCut(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abc", 2, "ab"},
		{"été", 1, ""},
		{"été", 2, "é"},
		{"été", 3, "ét"},
		{"a😀b", 4, "a"},
		{"a😀b", 5, "a😀"},
		{"", 0, ""},
	}
	for _, tt := range tests {
		if got := text.Cut(tt.s, tt.n); got != tt.want || !utf8.ValidString(got) {
			t.Errorf("Cut(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

func FuzzCut(f *testing.F) {
	f.Add("été 😀", 3)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || !utf8.ValidString(s) {
			return
		}
		got := text.Cut(s, n)
		if len(got) > n || !utf8.ValidString(got) || got != s[:len(got)] || len(s) > n && n-len(got) >= utf8.UTFMax {
			t.Fatalf("Cut(%q, %d) = %q", s, n, got)
		}
	})
}

func TestSlug(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Acme Docs!", "acme-docs"},
		{"  --Trails--  ", "trails"},
		{"Zylon AI: Operator Manual", "zylon-ai-operator-manual"},
		{"Déjà vu", "d-j-vu"},
		{"日本語", ""},
		{"v2.1", "v2-1"},
	} {
		if got := text.Slug(tc.in); got != tc.want {
			t.Errorf("Slug(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
