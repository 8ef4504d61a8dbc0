package analytics_test

import (
	"errors"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/query/analytics"
)

func TestSearchCursorRoundTrip(t *testing.T) {
	for _, k := range []store.SearchKey{{Hits: 1, Query: ""}, {Hits: 42, Query: "custom domain"}, {Hits: 1 << 40, Query: "grüße 日本語 a:b"}} {
		got, err := analytics.DecodeSearchCursor(analytics.EncodeSearchCursor(k))
		if err != nil || got != k {
			t.Errorf("round trip of %+v = %+v, %v", k, got, err)
		}
	}
}

func TestSearchCursorRejects(t *testing.T) {
	for name, c := range map[string]string{
		"empty":               "",
		"not base64":          "!!",
		"no colon":            "NDI",          // "42"
		"zero hits":           "MDpx",         // "0:q"
		"leading zero":        "MDE6cQ",       // "01:q"
		"not normalized":      "MTogWA",       // "1: X"
		"negative":            "LTE6cQ",       // "-1:q"
		"not a number":        "eDpx",         // "x:q"
		"padded base64":       "NDI6cQ==",     // padding is not the cursor's alphabet
		"std base64 alphabet": "Pz8_Pz8_OnE+", // '+' is not base64url
	} {
		if _, err := analytics.DecodeSearchCursor(c); !errors.Is(err, analytics.ErrCursor) {
			t.Errorf("%s: DecodeSearchCursor(%q) err = %v, want ErrCursor", name, c, err)
		}
	}
}

func FuzzSearchCursor(f *testing.F) {
	f.Add("NDI6Y3VzdG9tIGRvbWFpbg")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		k, err := analytics.DecodeSearchCursor(s)
		if err != nil {
			return
		}
		if k.Hits < 1 || analytics.EncodeSearchCursor(k) != s {
			t.Errorf("DecodeSearchCursor(%q) = %+v, which does not encode back", s, k)
		}
	})
}
