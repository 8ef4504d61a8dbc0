package collector_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/lectern-dev/lectern/platform/web"
)

// TestBeaconTypeErrorNamesTheEvent: a value of the wrong type or out of range in one event of
// many is named with its event's index, and the rule says what the value must be.
func TestBeaconTypeErrorNamesTheEvent(t *testing.T) {
	r := newRig(t)
	const ok = `{"type":"search","query":"q","results":3}`
	for _, tc := range []struct {
		name, body, field, rule string
	}{
		{"results a string", `{"events":[` + ok + `,` + ok + `,{"type":"search","query":"q","results":"7"}]}`,
			"events[2].results", "must be a number, not string"},
		{"results too large", `{"events":[` + ok + `,{"type":"search","query":"q","results":1e300}]}`,
			"events[1].results", "must be from 0 to 100000, not 1e300"},
		{"path a number", `{"events":[{"type":"page_view","path":7}]}`, "events[0].path", "must be a string, not number"},
		{"events an object", `{"events":{"type":"page_view"}}`, "events", "must be an array, not object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := r.send(t, http.MethodPost, "/discovery/v1/events/acme", r.asstKey, tc.body)
			var e web.Error
			if status != http.StatusBadRequest || json.Unmarshal([]byte(body), &e) != nil || len(e.Details) != 1 {
				t.Fatalf("status %d %s; want a 400 with one detail", status, body)
			}
			if d := e.Details[0]; d.Field != tc.field || d.Message != tc.rule {
				t.Errorf("detail %q %q; want %q %q", d.Field, d.Message, tc.field, tc.rule)
			}
		})
	}
}
