package gaps_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/query/gaps"
)

// FuzzCluster: any texts (split from the input at "|"), in any script or none, valid UTF-8 or
// not, cluster without a panic; every text is in exactly one topic, and a topic has a key.
func FuzzCluster(f *testing.F) {
	for _, s := range []string{"如何重置密码|忘记密码怎么办", "パスワードを忘れました|パスワード リセット|ですます", "비밀번호를 잊어버렸어요|비밀번호 변경",
		"पासवर्ड कैसे बदलें?|पासवर्ड रीसेट", "كيف أغير كلمة المرور؟|نسيت كلمة المرور", "api keys|api key rotation|\xe3\x81|ー|ーー",
		"", "|", "a|b|c|d|e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		texts := strings.Split(in, "|")
		var got []string
		for _, tp := range gaps.Cluster(texts) {
			if tp.Key == "" && !slices.Contains(tp.Texts, "") {
				t.Fatalf("topic without a key: %+v", tp)
			}
			for _, w := range tp.Terms {
				if utf8.ValidString(in) && !utf8.ValidString(w) {
					t.Fatalf("term %q cut inside a character", w)
				}
			}
			got = append(got, tp.Texts...)
		}
		if slices.Sort(got); !slices.Equal(got, slices.Sorted(slices.Values(texts))) {
			t.Fatalf("texts %q clustered into %q", texts, got)
		}
	})
}
