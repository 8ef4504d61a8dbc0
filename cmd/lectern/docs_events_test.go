package main

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/event"
)

// TestDocsEventsPage keeps docs/concepts/events.mdx true to the event contract: it names every
// event type and every feedback source, and counts them right.
func TestDocsEventsPage(t *testing.T) {
	page, err := os.ReadFile("../../docs/concepts/events.mdx")
	if err != nil {
		t.Fatal(err)
	}
	text := string(page)
	types := append([]event.Type{event.TypeFeedback, event.TypeConversation}, event.TrafficTypes...)
	for _, typ := range types {
		if !strings.Contains(text, "`"+string(typ)+"`") {
			t.Errorf("events.mdx does not name the event type %s", typ)
		}
	}
	for _, src := range event.Sources {
		if !strings.Contains(text, "`"+string(src)+"`") {
			t.Errorf("events.mdx does not name the feedback source %s", src)
		}
	}
	counts := map[int]string{2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}
	for what, n := range map[string]int{" event types": len(types), " sources": len(event.Sources), " traffic types": len(event.TrafficTypes)} {
		if !strings.Contains(text, counts[n]+what) {
			t.Errorf("events.mdx does not say %q", counts[n]+what)
		}
	}
}
