package event

import (
	"regexp"
	"testing"
)

// schemeRE is the rule hasScheme implements by hand.
var schemeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

func FuzzHasScheme(f *testing.F) {
	for _, s := range []string{"https://x", "http:", "a+b-c.d:x", "1http:", ":x", "/docs/a:b", "mailto:", "h", "", "javascript:alert(1)", "ht tp:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasScheme(s), schemeRE.MatchString(s); got != want {
			t.Fatalf("hasScheme(%q) = %v, the rule says %v", s, got, want)
		}
	})
}
