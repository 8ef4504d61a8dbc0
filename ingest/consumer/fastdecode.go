package consumer

import "github.com/lectern-dev/lectern/schemas/event"

// The scanner's decoders of the three event payloads, one case per JSON key of the type (the
// names of its struct tags). A key a decoder does not list sends the message to go-json.

func scanTraffic(s *scanner, t *event.Traffic) bool {
	return s.object(func(k string) (ok bool) {
		var v string
		switch k {
		case "id":
			t.ID, ok = s.str()
		case "type":
			v, ok = s.str()
			t.Type = event.Type(v)
		case "projectId":
			t.ProjectID, ok = s.str()
		case "domain":
			t.Domain, ok = s.str()
		case "timestamp":
			t.Timestamp, ok = s.time()
		case "visitorId":
			t.VisitorID, ok = s.str()
		case "class":
			v, ok = s.str()
			t.Class = event.Class(v)
		case "caller":
			v, ok = s.str()
			t.Caller = event.Caller(v)
		case "userAgent":
			t.UserAgent, ok = s.str()
		case "path":
			t.Path, ok = s.str()
		case "title":
			t.Title, ok = s.str()
		case "referrer":
			t.Referrer, ok = s.str()
		case "query":
			t.Query, ok = s.str()
		case "results":
			t.Results, ok = s.int()
		case "position":
			t.Position, ok = s.int()
		case "format":
			v, ok = s.str()
			t.Format = event.Format(v)
		case "tool":
			t.Tool, ok = s.str()
		case "client":
			t.Client, ok = s.str()
		case "clientVersion":
			t.ClientVersion, ok = s.str()
		case "status":
			t.Status, ok = s.str()
		case "durationMs":
			t.DurationMs, ok = s.int()
		case "block":
			t.Block, ok = s.int()
		case "lang":
			t.Lang, ok = s.str()
		case "target":
			t.Target, ok = s.str()
		case "label":
			t.Label, ok = s.str()
		case "action":
			t.Action, ok = s.str()
		case "threadId":
			t.ThreadID, ok = s.str()
		}
		return ok
	})
}

func scanFeedback(s *scanner, f *event.Feedback) bool {
	return s.object(func(k string) (ok bool) {
		var v string
		switch k {
		case "eventId":
			f.EventID, ok = s.str()
		case "id":
			f.ID, ok = s.str()
		case "projectId":
			f.ProjectID, ok = s.str()
		case "domain":
			f.Domain, ok = s.str()
		case "path":
			f.Path, ok = s.str()
		case "comment":
			f.Comment, ok = s.str()
		case "createdAt":
			f.CreatedAt, ok = s.time()
		case "updatedAt":
			f.UpdatedAt, ok = s.time()
		case "source":
			v, ok = s.str()
			f.Source = event.Source(v)
		case "status":
			v, ok = s.str()
			f.Status = event.Status(v)
		case "helpful":
			var h bool
			h, ok = s.boolean()
			f.Helpful = &h
		case "contact":
			f.Contact, ok = s.str()
		case "code":
			f.Code, ok = s.str()
		case "filename":
			f.Filename, ok = s.str()
		case "lang":
			f.Lang, ok = s.str()
		case "fp":
			f.FP, ok = s.str()
		case "threadId":
			f.ThreadID, ok = s.str()
		}
		return ok
	})
}

func scanConversation(s *scanner, c *event.Conversation) bool {
	return s.object(func(k string) (ok bool) {
		var v string
		switch k {
		case "id":
			c.ID, ok = s.str()
		case "projectId":
			c.ProjectID, ok = s.str()
		case "domain":
			c.Domain, ok = s.str()
		case "threadId":
			c.ThreadID, ok = s.str()
		case "timestamp":
			c.Timestamp, ok = s.time()
		case "query":
			c.Query, ok = s.str()
		case "response":
			c.Response, ok = s.str()
		case "sources":
			c.Sources, ok = scanCitations(s, c.Sources[:0])
		case "queryCategory":
			c.QueryCategory, ok = s.str()
		case "resolutionStatus":
			v, ok = s.str()
			c.ResolutionStatus = event.Resolution(v)
		case "pageUrl":
			c.PageURL, ok = s.str()
		case "fp":
			c.FP, ok = s.str()
		case "aborted":
			c.Aborted, ok = s.boolean()
		case "caller":
			v, ok = s.str()
			c.Caller = event.Caller(v)
		case "client":
			c.Client, ok = s.str()
		}
		return ok
	})
}

// scanCitations reads the sources array: an empty array is an empty slice, as encoding/json
// leaves it.
func scanCitations(s *scanner, out []event.Citation) ([]event.Citation, bool) {
	if out == nil {
		out = []event.Citation{}
	}
	ok := s.array(func() bool {
		var c event.Citation
		if !s.object(func(k string) (ok bool) {
			switch k {
			case "title":
				c.Title, ok = s.str()
			case "url":
				c.URL, ok = s.str()
			}
			return ok
		}) {
			return false
		}
		out = append(out, c)
		return true
	})
	return out, ok
}

// scanOne decodes data, one event, into *v with scan; scanMany decodes a grouped message's
// array, appending to *dst. Either reports false, with *dst as it was, when the scanner does
// not take the message.
func scanOne[T any](data []byte, v *T, scan func(*scanner, *T) bool) bool {
	s := scanner{data: data}
	return scan(&s, v) && s.end()
}

func scanMany[T any](data []byte, dst *[]T, scan func(*scanner, *T) bool) bool {
	n := len(*dst)
	s := scanner{data: data}
	ok := s.array(func() bool {
		var zero T
		*dst = append(*dst, zero)
		return scan(&s, &(*dst)[len(*dst)-1])
	}) && s.end()
	if !ok {
		clear((*dst)[n:])
		*dst = (*dst)[:n]
	}
	return ok
}
