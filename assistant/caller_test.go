package assistant_test

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"github.com/lectern-dev/lectern/schemas/event"
)

// Each turn records how it reached the assistant: a browser page (Origin), a script (no
// Origin), or a named integration (X-Lectern-Client).
func TestCallerType(t *testing.T) {
	h := start(t, nil)
	sub := h.subscribe("acme-docs")
	for _, tc := range []struct {
		name, origin, client string
		status               int
		caller               event.Caller
		clientName           string
	}{
		{"browser", "https://docs.acme.dev", "", 200, event.CallerWeb, ""},
		{"script", "", "", 200, event.CallerAPI, ""},
		{"integration", "https://docs.acme.dev", "Slack", 200, event.CallerOther, "slack"},
		{"bad integration name", "", "slack bot!", 400, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, h.base+"/discovery/v1/assistant/acme/message", bytes.NewReader(encode(t, ask("How do I verify webhook signatures?"))))
			req.Header.Set("Authorization", "Bearer "+h.tokens["acme"])
			req.Header.Set("Content-Type", "application/json")
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			if tc.client != "" {
				req.Header.Set("X-Lectern-Client", tc.client)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if tc.status != 200 {
				return
			}
			ev := nextEvent(t, sub)
			if ev.Caller != tc.caller || ev.Client != tc.clientName {
				t.Errorf("caller %q client %q; want %q %q", ev.Caller, ev.Client, tc.caller, tc.clientName)
			}
		})
	}
}
