package event_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
)

// sameAsMarshal fails t unless AppendJSON writes what encoding/json's Marshal writes for tr,
// and fails the same way when Marshal fails.
func sameAsMarshal(t *testing.T, tr *event.Traffic) {
	t.Helper()
	want, wantErr := json.Marshal(tr)
	got, err := tr.AppendJSON([]byte("prefix"))
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("AppendJSON error %v, Marshal error %v", err, wantErr)
	}
	if err != nil {
		return
	}
	if !bytes.HasPrefix(got, []byte("prefix")) || !bytes.Equal(got[len("prefix"):], want) {
		t.Fatalf("AppendJSON wrote\n%s\nMarshal wrote\n%s", got, want)
	}
}

func TestTrafficAppendJSON(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 0, 1, 123_000_000, time.UTC)
	for name, tr := range map[string]event.Traffic{
		"zero": {},
		"page view": {ID: "01JDQ4Z5V8K3M2N1P0Q9R8S7T6", Type: event.TypePageView, ProjectID: "acme", Domain: "docs",
			Timestamp: at, VisitorID: "v1", Class: event.ClassHuman, Caller: event.CallerWeb, UserAgent: "Mozilla/5.0",
			Path: "/quickstart", Agent: "ChatGPT-User", Title: "Quick <start> & go", Referrer: "https://example.com/?a=1&b=2"},
		"search": {Type: event.TypeSearch, Timestamp: at, Query: "  How \"to\" \\ install\n\t", Results: 7},
		"repeat click": {Type: event.TypeSearchClick, Timestamp: at, Query: "sso", Path: "/sso", Position: 2, Repeat: true,
			Format: event.FormatMarkdown},
		"mcp": {Type: event.TypeMCPCall, Timestamp: at.Add(time.Nanosecond), Tool: "search", Client: "claude-code",
			ClientVersion: "1.0", Status: event.MCPStatusError, DurationMs: 12, Format: event.FormatLLMsFull},
		"engagement": {Type: event.TypeCodeCopy, Timestamp: at, Block: 3, Lang: "c++", Target: "https://x.y/\u2028z",
			Label: "Sign\u2029up", Action: "custom:x", ThreadID: "thr_1", Position: -4},
		"page engagement":           {Type: event.TypePageEngagement, Timestamp: at, Path: "/a", EngagedMs: 41_250, ScrollDepth: 100},
		"control and invalid UTF-8": {Path: "a\x00b\x1f\x7f\b\f\r\xff\xfe\u00e9\U0001F600", Timestamp: at},
		"zone":                      {Timestamp: at.In(time.FixedZone("x", 5*3600+30*60))},
		"whole second":              {Timestamp: at.Truncate(time.Second)},
		"year out of range":         {Timestamp: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		"negative year":             {Timestamp: time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)},
	} {
		t.Run(name, func(t *testing.T) { sameAsMarshal(t, &tr) })
	}
}

func FuzzTrafficAppendJSON(f *testing.F) {
	f.Add("/quickstart", "how to <install>", "Mozilla/5.0", int64(1_732_000_000_123), 5)
	f.Add("a\x00\xff\u2028", "\"\\\n", "", int64(-62_135_596_800_000), -1)
	f.Fuzz(func(t *testing.T, path, query, ua string, ms int64, n int) {
		tr := event.Traffic{ID: path, Type: event.Type(query), Path: path, Query: query, UserAgent: ua, Title: query + path,
			Timestamp: time.UnixMilli(ms).UTC(), Results: n, Block: -n, Label: ua, Agent: query}
		sameAsMarshal(t, &tr)
	})
}

// BenchmarkTrafficAppendJSON encodes a beacon's page view as the publisher does, for every
// event the intake takes.
func BenchmarkTrafficAppendJSON(b *testing.B) {
	tr := event.Traffic{ID: "01JDQ4Z5V8K3M2N1P0Q9R8S7T6", Type: event.TypePageView, ProjectID: "acme-prod", Domain: "acme",
		Timestamp: time.Date(2026, 11, 24, 9, 0, 1, 123_456_789, time.UTC), VisitorID: "v_4f1c2a9e0b7d3c5a8e6f1b2d",
		Class: event.ClassHuman, UserAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
		Path: "/guides/page-7", Title: "Page 7: getting started", Referrer: "https://www.google.com/"}
	buf := make([]byte, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = tr.AppendJSON(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(buf)))
}
