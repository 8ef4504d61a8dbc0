package consumer

import "github.com/lectern-dev/lectern/schemas/event"

// The scanner's decoders of the three event payloads, one case per JSON key of the type (the
// names of its struct tags). A key a decoder does not list sends the message to go-json.

func scanTraffic(s *scanner, t *event.Traffic) bool {
	return s.object(func(k string) (ok bool) {
		switch k {
		case "id":
			ok = s.strTo(&t.ID)
		case "type":
			ok = s.strTo((*string)(&t.Type))
		case "projectId":
			ok = s.strTo(&t.ProjectID)
		case "domain":
			ok = s.strTo(&t.Domain)
		case "timestamp":
			ok = s.timeTo(&t.Timestamp)
		case "visitorId":
			ok = s.strTo(&t.VisitorID)
		case "class":
			ok = s.strTo((*string)(&t.Class))
		case "caller":
			ok = s.strTo((*string)(&t.Caller))
		case "userAgent":
			ok = s.strTo(&t.UserAgent)
		case "agent":
			ok = s.strTo(&t.Agent)
		case "path":
			ok = s.strTo(&t.Path)
		case "title":
			ok = s.strTo(&t.Title)
		case "referrer":
			ok = s.strTo(&t.Referrer)
		case "query":
			ok = s.strTo(&t.Query)
		case "results":
			ok = s.intTo(&t.Results)
		case "position":
			ok = s.intTo(&t.Position)
		case "format":
			ok = s.strTo((*string)(&t.Format))
		case "repeat":
			if s.null() {
				t.Repeat = false // as encoding/json leaves a bool for null
				return true
			}
			t.Repeat, ok = s.boolean()
		case "tool":
			ok = s.strTo(&t.Tool)
		case "client":
			ok = s.strTo(&t.Client)
		case "clientVersion":
			ok = s.strTo(&t.ClientVersion)
		case "status":
			ok = s.strTo(&t.Status)
		case "durationMs":
			ok = s.intTo(&t.DurationMs)
		case "block":
			ok = s.intTo(&t.Block)
		case "lang":
			ok = s.strTo(&t.Lang)
		case "target":
			ok = s.strTo(&t.Target)
		case "label":
			ok = s.strTo(&t.Label)
		case "action":
			ok = s.strTo(&t.Action)
		case "threadId":
			ok = s.strTo(&t.ThreadID)
		case "engagedMs":
			ok = s.intTo(&t.EngagedMs)
		case "scrollDepth":
			ok = s.intTo(&t.ScrollDepth)
		}
		return ok
	})
}

func scanFeedback(s *scanner, f *event.Feedback) bool {
	return s.object(func(k string) (ok bool) {
		switch k {
		case "eventId":
			ok = s.strTo(&f.EventID)
		case "id":
			ok = s.strTo(&f.ID)
		case "projectId":
			ok = s.strTo(&f.ProjectID)
		case "domain":
			ok = s.strTo(&f.Domain)
		case "path":
			ok = s.strTo(&f.Path)
		case "comment":
			ok = s.strTo(&f.Comment)
		case "createdAt":
			ok = s.timeTo(&f.CreatedAt)
		case "updatedAt":
			ok = s.timeTo(&f.UpdatedAt)
		case "source":
			ok = s.strTo((*string)(&f.Source))
		case "status":
			ok = s.strTo((*string)(&f.Status))
		case "helpful":
			if s.null() {
				f.Helpful = nil // as encoding/json sets a pointer
				return true
			}
			h := new(bool)
			*h, ok = s.boolean()
			f.Helpful = h
		case "contact":
			ok = s.strTo(&f.Contact)
		case "code":
			ok = s.strTo(&f.Code)
		case "filename":
			ok = s.strTo(&f.Filename)
		case "lang":
			ok = s.strTo(&f.Lang)
		case "fp":
			ok = s.strTo(&f.FP)
		case "threadId":
			ok = s.strTo(&f.ThreadID)
		}
		return ok
	})
}

func scanConversation(s *scanner, c *event.Conversation) bool {
	return s.object(func(k string) (ok bool) {
		switch k {
		case "id":
			ok = s.strTo(&c.ID)
		case "projectId":
			ok = s.strTo(&c.ProjectID)
		case "domain":
			ok = s.strTo(&c.Domain)
		case "threadId":
			ok = s.strTo(&c.ThreadID)
		case "timestamp":
			ok = s.timeTo(&c.Timestamp)
		case "query":
			ok = s.strTo(&c.Query)
		case "response":
			ok = s.strTo(&c.Response)
		case "sources":
			if s.null() {
				c.Sources = nil // as encoding/json sets a slice
				return true
			}
			if c.Sources != nil {
				// A repeated array: encoding/json decodes it into the first one's elements,
				// keeping the fields the second does not set; go-json decides.
				return false
			}
			c.Sources, ok = scanCitations(s)
		case "queryCategory":
			ok = s.strTo(&c.QueryCategory)
		case "resolutionStatus":
			ok = s.strTo((*string)(&c.ResolutionStatus))
		case "pageUrl":
			ok = s.strTo(&c.PageURL)
		case "fp":
			ok = s.strTo(&c.FP)
		case "aborted":
			ok = s.boolTo(&c.Aborted)
		case "caller":
			ok = s.strTo((*string)(&c.Caller))
		case "client":
			ok = s.strTo(&c.Client)
		}
		return ok
	})
}

// scanCitations reads the sources array: an empty array is an empty slice, as encoding/json
// leaves it. With an arena the citations go into its shared slab.
func scanCitations(s *scanner) ([]event.Citation, bool) {
	if s.mem == nil {
		out := []event.Citation{}
		ok := s.array(func() bool {
			c, ok := scanCitation(s)
			out = append(out, c)
			return ok
		})
		return out, ok
	}
	from := len(s.mem.cites)
	ok := s.array(func() bool {
		c, ok := scanCitation(s)
		s.mem.addCite(c, &from)
		return ok
	})
	return s.mem.takeCites(from), ok
}

func scanCitation(s *scanner) (event.Citation, bool) {
	var c event.Citation
	ok := s.object(func(k string) (ok bool) {
		switch k {
		case "title":
			ok = s.strTo(&c.Title)
		case "url":
			ok = s.strTo(&c.URL)
		}
		return ok
	})
	return c, ok
}

// scanOne decodes data, one event, into *v with scan; scanMany decodes a grouped message's
// array, appending to *dst. Either reports false, with *dst as it was, when the scanner does
// not take the message.
func scanOne[T any](data []byte, mem *arena, v *T, scan func(*scanner, *T) bool) bool {
	s := scanner{data: data, mem: mem}
	return scan(&s, v) && s.end()
}

func scanMany[T any](data []byte, mem *arena, dst *[]T, scan func(*scanner, *T) bool) bool {
	n := len(*dst)
	s := scanner{data: data, mem: mem}
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
