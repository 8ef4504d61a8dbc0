package keys_test

import (
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/keys"
)

func TestGenerateAndParse(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, kind := range []keys.Kind{keys.KindAdmin, keys.KindAssistant} {
		k, token, err := keys.Generate(kind, "acme", now)
		if err != nil {
			t.Fatal(err)
		}
		gotKind, id, secret, err := keys.ParseToken(token)
		if err != nil {
			t.Fatalf("%s: parse %q: %v", kind, token, err)
		}
		if gotKind != kind || id != k.ID {
			t.Errorf("%s: parsed kind %s id %s, want %s %s", kind, gotKind, id, kind, k.ID)
		}
		if !k.Matches(secret) || k.Matches(secret[:len(secret)-1]+"a") && secret[len(secret)-1] != 'a' {
			t.Errorf("%s: secret match is wrong", kind)
		}
		if strings.Contains(k.Hash, secret) {
			t.Errorf("%s: the stored hash contains the secret", kind)
		}
	}
}

func TestParseTokenRejects(t *testing.T) {
	_, good, _ := keys.Generate(keys.KindAdmin, "p", time.Now())
	for _, tc := range []struct{ name, token string }{
		{"empty", ""},
		{"no prefix", strings.TrimPrefix(good, "lk_admin_")},
		{"other prefix", "sk_" + good},
		{"short secret", good[:len(good)-1]},
		{"bad id", "lk_admin_" + strings.Repeat("!", 26) + good[len("lk_admin_")+26:]},
		{"no separator", strings.Replace(good, "_", "", 3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, _, err := keys.ParseToken(tc.token); err == nil {
				t.Errorf("ParseToken(%q) accepted a malformed token", tc.token)
			}
		})
	}
}

func TestExpired(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		expires time.Time
		want    bool
	}{{time.Time{}, false}, {now.Add(time.Hour), false}, {now, true}, {now.Add(-time.Second), true}} {
		k := keys.Key{ExpiresAt: tc.expires}
		if got := k.Expired(now); got != tc.want {
			t.Errorf("Expired with expiry %v = %v, want %v", tc.expires, got, tc.want)
		}
	}
}
