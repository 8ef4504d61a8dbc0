package event_test

import (
	"errors"
	"testing"

	"github.com/lectern-dev/lectern/schemas/event"
)

func TestParseSubject(t *testing.T) {
	for _, tc := range []struct {
		subject string
		project string
		t       event.Type
		batch   bool
		bad     bool
	}{
		{subject: event.Subject("acme", event.TypePageView), project: "acme", t: event.TypePageView},
		{subject: event.BatchSubject("acme", event.TypePageView), project: "acme", t: event.TypePageView, batch: true},
		{subject: event.BatchSubject("a-b_c", event.TypeFeedback), project: "a-b_c", t: event.TypeFeedback, batch: true},
		{subject: "lectern.events.acme", bad: true},
		{subject: "lectern.events.acme.page_view.other", bad: true},
		{subject: "lectern.events.acme.page_view.batch.more", bad: true},
		{subject: "lectern.events.acme..batch", bad: true},
		{subject: "lectern.dlq.acme.feedback", bad: true},
		{subject: "", bad: true},
	} {
		project, typ, batch, err := event.ParseSubject(tc.subject)
		if tc.bad {
			if !errors.Is(err, event.ErrInvalidSubject) {
				t.Errorf("ParseSubject(%q) = %q, %q, %v, %v; want ErrInvalidSubject", tc.subject, project, typ, batch, err)
			}
			continue
		}
		if err != nil || project != tc.project || typ != tc.t || batch != tc.batch {
			t.Errorf("ParseSubject(%q) = %q, %q, %v, %v; want %q, %q, %v", tc.subject, project, typ, batch, err, tc.project, tc.t, tc.batch)
		}
	}
}
