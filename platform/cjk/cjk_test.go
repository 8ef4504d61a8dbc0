package cjk_test

import (
	"reflect"
	"testing"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// TestPairs: each pair of adjacent characters, overlapping, by byte bounds; a lone character
// is itself; nothing for nothing.
func TestPairs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"密码", []string{"密码"}},
		{"重置密码", []string{"重置", "置密", "密码"}},
		{"キー", []string{"キー"}},
		{"비밀번호", []string{"비밀", "밀번", "번호"}},
		{"钱", []string{"钱"}},
		{"", nil},
	} {
		var got []string
		cjk.Pairs(tc.in, func(start, end int) { got = append(got, tc.in[start:end]) })
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Pairs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestIs: the four scripts and the prolonged sound mark; not Latin, digits, CJK punctuation or
// other scripts.
func TestIs(t *testing.T) {
	for _, tc := range []struct {
		r    rune
		want bool
	}{
		{'密', true}, {'キ', true}, {'ー', true}, {'を', true}, {'비', true},
		{'a', false}, {'1', false}, {'。', false}, {'、', false}, {'п', false}, {'क', false}, {'م', false},
	} {
		if got := cjk.Is(tc.r); got != tc.want {
			t.Errorf("Is(%q) = %v, want %v", tc.r, got, tc.want)
		}
	}
	if !cjk.IsHiragana('を') || cjk.IsHiragana('キ') || !cjk.Contains("apiキー") || cjk.Contains("api key") {
		t.Error("IsHiragana or Contains is wrong")
	}
	if !cjk.IsKatakana('キ') || !cjk.IsKatakana('ー') || cjk.IsKatakana('を') || cjk.IsKatakana('密') || cjk.IsKatakana('a') {
		t.Error("IsKatakana is wrong")
	}
}
