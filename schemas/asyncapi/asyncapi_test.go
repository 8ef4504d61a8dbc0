package asyncapi_test

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/asyncapi"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Every event type on the bus has a channel on its subject; the document converts to JSON.
func TestEveryEventTypeHasAChannel(t *testing.T) {
	var d struct {
		Channels map[string]struct{ Address string }
	}
	if err := json.Unmarshal(asyncapi.JSON(), &d); err != nil {
		t.Fatal(err)
	}
	var addresses []string
	for _, c := range d.Channels {
		addresses = append(addresses, c.Address)
	}
	for _, ty := range append([]event.Type{event.TypeFeedback, event.TypeConversation}, event.TrafficTypes...) {
		want := strings.Replace(event.Subject("P", ty), ".P.", ".{projectId}.", 1)
		if !slices.Contains(addresses, want) {
			t.Errorf("no channel on %s (channels: %v)", want, addresses)
		}
	}
	if len(addresses) != 5 {
		t.Errorf("%d channels, want one per event type", len(addresses))
	}
	if _, err := os.Stat("asyncapi.yaml"); err != nil {
		t.Fatal(err)
	}
}
