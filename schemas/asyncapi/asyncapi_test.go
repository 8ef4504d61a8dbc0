package asyncapi_test

import (
	"encoding/json"
	"os"
	"reflect"
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
	types := append([]event.Type{event.TypeFeedback, event.TypeConversation}, event.TrafficTypes...)
	for _, ty := range types {
		for _, subject := range []string{event.Subject("P", ty), event.BatchSubject("P", ty)} {
			want := strings.Replace(subject, ".P.", ".{projectId}.", 1)
			if !slices.Contains(addresses, want) {
				t.Errorf("no channel on %s (channels: %v)", want, addresses)
			}
		}
	}
	if len(addresses) != 2*len(types) {
		t.Errorf("%d channels, want two per event type (one event, and grouped)", len(addresses))
	}
	if _, err := os.Stat("asyncapi.yaml"); err != nil {
		t.Fatal(err)
	}
}

// Each payload schema names exactly the JSON fields of the Go type the bus carries, so a field
// added to an event cannot be left out of the contract.
func TestPayloadsNameEveryField(t *testing.T) {
	var d struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(asyncapi.JSON(), &d); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		schema string
		value  any
	}{
		{"Feedback", event.Feedback{}},
		{"Conversation", event.Conversation{}},
		{"Traffic", event.Traffic{}},
	} {
		var want []string
		ty := reflect.TypeOf(tc.value)
		for i := range ty.NumField() {
			name, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
			want = append(want, name)
		}
		var got []string
		for name := range d.Components.Schemas[tc.schema].Properties {
			got = append(got, name)
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("schema %s names %v; event.%s has %v", tc.schema, got, ty.Name(), want)
		}
	}
}
