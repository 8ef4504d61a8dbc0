package web_test

import (
	"errors"
	"testing"

	"github.com/lectern-dev/lectern/platform/web"
)

// TestDecodeJSONNumberOutOfRange checks the rule a 400 names for a number its field cannot
// hold: the range or kind it must be in, never "must be a number, not number 1e400".
func TestDecodeJSONNumberOutOfRange(t *testing.T) {
	type body struct {
		Size    int     `json:"size"`
		Small   uint8   `json:"small"`
		Score   float64 `json:"score"`
		Name    string  `json:"name"`
		Enabled bool    `json:"enabled"`
	}
	for _, tc := range []struct {
		body, field, rule string
	}{
		{`{"size":1e400}`, "size", "must be a whole number from -9223372036854775808 to 9223372036854775807, not 1e400"},
		{`{"size":123456789012345678901234567890}`, "size", "must be a whole number from -9223372036854775808 to 9223372036854775807, not 123456789012345678901234567890"},
		{`{"size":2.5}`, "size", "must be a whole number from -9223372036854775808 to 9223372036854775807, not 2.5"},
		{`{"small":-1}`, "small", "must be a whole number from 0 to 255, not -1"},
		{`{"score":1e400}`, "score", "must be a number within ±1.7976931348623157e+308, not 1e400"},
		{`{"name":5}`, "name", "must be a string, not number"},
		{`{"enabled":0}`, "enabled", "must be a boolean, not number"},
		{`{"size":"5"}`, "size", "must be a number, not string"},
		{`{"enabled":"yes"}`, "enabled", "must be a boolean, not string"},
	} {
		var v body
		err := web.DecodeJSONBytes([]byte(tc.body), &v)
		var we *web.Error
		if !errors.As(err, &we) || we.Status != 400 || len(we.Details) != 1 {
			t.Errorf("%s: got %v, want one 400 detail", tc.body, err)
			continue
		}
		if d := we.Details[0]; d.Field != tc.field || d.Message != tc.rule {
			t.Errorf("%s: got %q %q, want %q %q", tc.body, d.Field, d.Message, tc.field, tc.rule)
		}
	}
}
