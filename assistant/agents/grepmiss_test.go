package agents_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestFilesystemGrepWithoutMatch: a grep that finds nothing answers "no match", as the search
// tool answers "No results"; it is no error of the call (the agents analytics' errors count the
// calls an agent got wrong: bad arguments, a path that is no page). It still stops an "&&";
// before a "|" it passes the next command nothing, as a shell's does (wc -l prints 0).
func TestFilesystemGrepWithoutMatch(t *testing.T) {
	h := start(t, nil)
	cs := connect(t, h.base+"/sites/agents-cline/mcp", http.Header{"User-Agent": {"go-test-agent/1"}})
	tests := []struct {
		command, want string
		isError       bool
	}{
		{"grep -rn zorblat /", "grep: no match (grep -i ignores case; -F takes the pattern literally)\n", false},
		{"grep -n zorblat / && ls /getting-started", "$ grep -n zorblat /\ngrep: no match (grep -i ignores case; -F takes the pattern literally)\n", false},
		{"grep -rn zorblat / | wc -l", "0 \n", false},
		{"grep -n zorblat /; cat /nope.md", "$ grep -n zorblat /\ngrep: no match (grep -i ignores case; -F takes the pattern literally)\n$ cat /nope.md\ncat: /nope.md: no such file or directory (ls / lists the site)", true},
		{"cat /nope.md", "cat: /nope.md: no such file or directory (ls / lists the site)", true},
	}
	for _, tc := range tests {
		r := callTool(t, cs, "query_docs_filesystem", map[string]any{"command": tc.command})
		if r.IsError != tc.isError || text(t, r) != tc.want {
			t.Errorf("%s: error %v %q, want error %v %q", tc.command, r.IsError, text(t, r), tc.isError, tc.want)
		}
	}
	eventually.Succeeds(t, 10*time.Second, func() error {
		var statuses []string
		for _, c := range h.events.traffic(event.TypeMCPCall) {
			statuses = append(statuses, c.Query+"="+c.Status)
		}
		if len(statuses) != len(tests) {
			return fmt.Errorf("%d mcp_call events, want %d", len(statuses), len(tests))
		}
		got := strings.Join(statuses, ", ")
		for _, tc := range tests {
			want := map[bool]string{false: "ok", true: "error"}[tc.isError]
			if !strings.Contains(got, tc.command+"="+want) {
				return fmt.Errorf("statuses %s: want %s=%s", got, tc.command, want)
			}
		}
		return nil
	})
	for series, want := range map[string]float64{
		`lectern_mcp_tool_calls_total{status="ok",tool="query_docs_filesystem"}`:    3,
		`lectern_mcp_tool_calls_total{status="error",tool="query_docs_filesystem"}`: 2,
	} {
		if got := h.metric(t, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
}
