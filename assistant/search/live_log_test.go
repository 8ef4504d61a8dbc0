package search_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestLiveLogsOneComponent: the caller names the component; the index must not add a second
// "component" attribute to the records it logs.
func TestLiveLogsOneComponent(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&buf, nil)).With("component", "assistant")
	src := func(context.Context) ([]search.Page, error) { return []search.Page{{URL: "/a", Body: "text"}}, nil }
	if _, err := search.NewLive(src, time.Hour, logger); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) == 0 || lines[0] == "" {
		t.Fatal("no log record")
	}
	for _, line := range lines {
		if n := strings.Count(line, "component="); n != 1 {
			t.Errorf("%d component attributes in %q", n, line)
		}
	}
}
