package consumer

import (
	"errors"
	"fmt"
	"strconv"

	json "github.com/goccy/go-json" // 4x faster than encoding/json on events; the pipeline decodes every one

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"
)

// errPoison marks an event that can never be stored, whatever is retried.
var errPoison = errors.New("event cannot be stored")

// maxGroup bounds the events one grouped message may announce (bus.PublishConfig allows 10000).
const maxGroup = 10000

// unit is what one message added to a batch: the type of its events and how many.
type unit struct {
	t event.Type
	n int
}

// badEvent is one event of a grouped message that can never be stored, to dead-letter alone.
type badEvent struct {
	data []byte
	err  error
}

// sizeBatch returns a batch with room for the events of msgs, by the types their subjects name
// (and a grouped message's count header), so that decoding appends without growing the slices.
func sizeBatch(msgs []jetstream.Msg) store.Batch {
	var nf, nc, nt int
	for _, msg := range msgs {
		_, t, _, err := event.ParseSubject(msg.Subject())
		if err != nil {
			continue
		}
		n := eventsIn(msg)
		switch t {
		case event.TypeFeedback:
			nf += n
		case event.TypeConversation:
			nc += n
		default:
			if event.IsTraffic(t) {
				nt += n
			}
		}
	}
	var b store.Batch
	if nf > 0 {
		b.Feedback = make([]event.Feedback, 0, nf)
	}
	if nc > 0 {
		b.Conversations = make([]event.Conversation, 0, nc)
	}
	if nt > 0 {
		b.Traffic = make([]event.Traffic, 0, nt)
	}
	return b
}

// eventsIn is how many events msg carries: one, or what a grouped message's header announces
// (a missing or absurd count is taken as one: only sizing depends on it).
func eventsIn(msg jetstream.Msg) int {
	if _, _, grouped, _ := event.ParseSubject(msg.Subject()); !grouped {
		return 1
	}
	n, err := strconv.Atoi(msg.Headers().Get(event.HeaderEvents))
	if err != nil || n < 1 || n > maxGroup {
		return 1
	}
	return n
}

// decodeInto decodes msg and appends its events to b, in place: into the slice's next
// elements rather than into copies appended afterwards. An error means no event of msg can
// be stored; bad lists the events of a grouped message that cannot be (the others are in b).
func decodeInto(b *store.Batch, msg jetstream.Msg, mem *arena) (u unit, bad []badEvent, err error) {
	project, t, grouped, err := event.ParseSubject(msg.Subject())
	if err != nil {
		return unit{t: t}, nil, fmt.Errorf("%w: %w", errPoison, err)
	}
	u.t = t
	data := msg.Data()
	switch t {
	case event.TypeFeedback:
		u.n, bad, err = appendEvents(&b.Feedback, data, mem, grouped, scanFeedback, func(f *event.Feedback) error {
			return checkIDs(project, f.ProjectID, f.ID, f.EventID)
		})
	case event.TypeConversation:
		u.n, bad, err = appendEvents(&b.Conversations, data, mem, grouped, scanConversation, func(c *event.Conversation) error {
			return checkIDs(project, c.ProjectID, c.ID, c.ID)
		})
	default:
		if !event.IsTraffic(t) {
			err = fmt.Errorf("%w: unknown event type %q", errPoison, t)
			break
		}
		u.n, bad, err = appendEvents(&b.Traffic, data, mem, grouped, scanTraffic, func(tr *event.Traffic) error {
			return checkTraffic(project, t, tr)
		})
	}
	return u, bad, err
}

// appendEvents decodes data, one event or a grouped message's JSON array of them, onto *dst
// and keeps those check accepts; it returns how many it kept and the grouped events it did not.
// The scanner decodes what Lectern's publishers write; anything it does not take is decoded by
// go-json, whose error names what is wrong.
func appendEvents[T any](dst *[]T, data []byte, mem *arena, grouped bool, scan func(*scanner, *T) bool, check func(*T) error) (int, []badEvent, error) {
	n := len(*dst)
	if !grouped {
		var zero T
		*dst = append(*dst, zero)
		if !scanOne(data, mem, &(*dst)[n], scan) {
			(*dst)[n] = zero
			if err := json.Unmarshal(data, &(*dst)[n]); err != nil {
				*dst = (*dst)[:n]
				return 0, nil, fmt.Errorf("%w: decode: %w", errPoison, err)
			}
		}
		if err := check(&(*dst)[n]); err != nil {
			*dst = (*dst)[:n]
			return 0, nil, err
		}
		return 1, nil, nil
	}
	if !scanMany(data, mem, dst, scan) {
		tail := (*dst)[n:] // decoding an array into a slice with room appends to it in place
		if err := json.Unmarshal(data, &tail); err != nil {
			return 0, nil, fmt.Errorf("%w: decode grouped message: %w", errPoison, err)
		}
		if len(tail) > 0 && (cap(*dst) == n || &(*dst)[:n+1][n] != &tail[0]) {
			*dst = append(*dst, tail...) // the room ran out: the decoder grew a slice of its own
		} else {
			*dst = (*dst)[:n+len(tail)]
		}
	}
	if k := len(*dst) - n; k > maxGroup {
		clear((*dst)[n:])
		*dst = (*dst)[:n]
		return 0, nil, fmt.Errorf("%w: a grouped message of %d events; at most %d", errPoison, k, maxGroup)
	}
	var bad []badEvent
	kept := n
	for i := n; i < len(*dst); i++ {
		if err := check(&(*dst)[i]); err != nil {
			raw, _ := json.Marshal(&(*dst)[i])
			bad = append(bad, badEvent{data: raw, err: err})
			continue
		}
		if kept != i {
			(*dst)[kept] = (*dst)[i]
		}
		kept++
	}
	clear((*dst)[kept:])
	*dst = (*dst)[:kept]
	return kept - n, bad, nil
}

func checkIDs(subjectProject, project, id, eventID string) error {
	if project != subjectProject {
		return fmt.Errorf("%w: project %q does not match subject project %q", errPoison, project, subjectProject)
	}
	if _, err := ulid.ParseStrict(id); err != nil {
		return fmt.Errorf("%w: id %q is not a ULID", errPoison, id)
	}
	if eventID != id {
		if _, err := ulid.ParseStrict(eventID); err != nil {
			return fmt.Errorf("%w: id %q is not a ULID", errPoison, eventID)
		}
	}
	return nil
}

// checkTraffic rejects a traffic event whose ids, type, class or format the stores cannot
// hold. An agent's fetch (a page_view in Markdown or llms form, an MCP tool call) is stored as
// AI traffic unless its publisher named a crawler class (a training crawler fetching Markdown is
// a training view); crawler classes hold page views only.
func checkTraffic(subjectProject string, subjectType event.Type, tr *event.Traffic) error {
	if err := checkIDs(subjectProject, tr.ProjectID, tr.ID, tr.ID); err != nil {
		return err
	}
	if tr.Type != subjectType {
		return fmt.Errorf("%w: type %q does not match subject type %q", errPoison, tr.Type, subjectType)
	}
	if !tr.Format.Valid() {
		return fmt.Errorf("%w: format %q is not markdown, llms or llms-full", errPoison, tr.Format)
	}
	if tr.Type == event.TypeMCPCall || (tr.Type == event.TypePageView && tr.Format != event.FormatHTML && !tr.Class.Crawler()) {
		tr.Class = event.ClassAI
	}
	if !tr.Class.Valid() {
		return fmt.Errorf("%w: class %q is not human, ai, search_index, training or other_ai", errPoison, tr.Class)
	}
	if tr.Class.Crawler() && tr.Type != event.TypePageView {
		return fmt.Errorf("%w: class %q is for page views only, not %s", errPoison, tr.Class, tr.Type)
	}
	return nil
}
