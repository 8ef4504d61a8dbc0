package main

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
)

// The docs team's internal note on a feedback record (Mintlify's analytics, "Add internal
// notes"), end to end: PATCH sets it, the export shows it, a status change keeps it, "" clears
// it, and the reader's fields never change.
func TestFeedbackNoteSQLite(t *testing.T) { testFeedbackNote(t, "sqlite") }

func TestFeedbackNoteClickHouse(t *testing.T) { testFeedbackNote(t, "clickhouse") }

func testFeedbackNote(t *testing.T, store string) {
	l := startLectern(t, testConfig(t, store))
	status, resp := l.do(t, "POST", "/discovery/v1/feedback/acme", l.AsstKey,
		map[string]any{"path": "/quickstart", "source": "contextual", "helpful": false, "comment": "Step 3 fails on Windows"})
	if status != 202 {
		t.Fatalf("post feedback: %d %s", status, resp)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(resp, &created); err != nil {
		t.Fatal(err)
	}
	path := "/api/external/v1/analytics/acme-prod/feedback/" + created.ID
	for _, step := range []struct {
		name       string
		body       map[string]any
		note, stat string // what the export shows after it
	}{
		{"a note", map[string]any{"note": "DOC-42: add the PowerShell command"}, "DOC-42: add the PowerShell command", "pending"},
		{"a status change keeps it", map[string]any{"status": "in_progress"}, "DOC-42: add the PowerShell command", "in_progress"},
		{"both at once", map[string]any{"status": "resolved", "note": "fixed in #311"}, "fixed in #311", "resolved"},
		{"an empty note clears it", map[string]any{"note": ""}, "", "resolved"},
	} {
		t.Run(step.name, func(t *testing.T) {
			var answer map[string]any
			eventually.Succeeds(t, 10*time.Second, func() error { // 404 until the record is stored
				status, body := l.do(t, "PATCH", path, l.AdminKey, step.body)
				if status != 202 {
					return fmt.Errorf("PATCH: %d %s", status, body)
				}
				return json.Unmarshal(body, &answer)
			})
			if answer["status"] != step.stat || (answer["note"] != nil || step.note != "") && answer["note"] != step.note {
				t.Errorf("PATCH answered %v, want status %s and note %q", answer, step.stat, step.note)
			}
			eventually.Succeeds(t, 10*time.Second, func() error {
				var page struct {
					Feedback []map[string]any `json:"feedback"`
				}
				status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/feedback", l.AdminKey, nil)
				if status != 200 {
					return fmt.Errorf("export: %d %s", status, body)
				}
				if err := json.Unmarshal(body, &page); err != nil {
					return err
				}
				if len(page.Feedback) != 1 {
					return fmt.Errorf("%d records", len(page.Feedback))
				}
				r := page.Feedback[0]
				note, has := r["note"]
				if r["status"] != step.stat || (step.note == "") == has || has && note != step.note {
					return fmt.Errorf("export shows %v, want status %s and note %q", r, step.stat, step.note)
				}
				if r["comment"] != "Step 3 fails on Windows" || r["helpful"] != false || r["path"] != "/quickstart" {
					return fmt.Errorf("the reader's fields changed: %v", r)
				}
				return nil
			})
		})
	}
}
