package storetest

import (
	"math/rand"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// span is how far the paging tests spread records: across several months.
const span = 200 * 24 * time.Hour

// pagingData writes 1,200+ records of each kind, most in project "big", in several batches,
// with redeliveries and feedback versions arriving out of order. A tenth of the records carry
// ids whose time is unrelated to their own time (old, or in the future), so stores must not
// assume that ids and times agree.
func pagingData(t *testing.T, s Store, seed int64) (*reference, []time.Time) {
	g := NewGen(seed)
	rng := rand.New(rand.NewSource(seed)) // #nosec G404 -- seeded test data
	ref := newReference()
	var times []time.Time
	var batches []store.Batch
	for range 6 {
		var b store.Batch
		for range 220 {
			at := base.Add(time.Duration(rng.Int63n(int64(span)))).Truncate(time.Millisecond)
			project := "big"
			if rng.Intn(10) == 0 {
				project = "small"
			}
			f, c := g.Feedback(project, at), g.Conversation(project, at)
			if rng.Intn(10) == 0 {
				idAt := time.Date(2001+rng.Intn(30), 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(rng.Int63n(int64(span))))
				f.ID, c.ID = g.ID(idAt), g.ID(idAt.Add(time.Millisecond))
				f.EventID = f.ID
			}
			b.Feedback = append(b.Feedback, reviseRandomly(g, rng, f)...)
			b.Conversations = append(b.Conversations, c)
			if rng.Intn(20) == 0 {
				b.Conversations = append(b.Conversations, c)
			}
			times = append(times, at)
		}
		rng.Shuffle(len(b.Feedback), func(i, j int) { b.Feedback[i], b.Feedback[j] = b.Feedback[j], b.Feedback[i] })
		batches = append(batches, b)
	}
	batches = append(batches, batches[2]) // a redelivered batch
	for _, b := range batches {
		write(t, s, b)
		ref.add(b)
	}
	return ref, times
}

// reviseRandomly returns f and up to three later versions of it.
func reviseRandomly(g *Gen, rng *rand.Rand, f event.Feedback) []event.Feedback {
	out := []event.Feedback{f}
	for range rng.Intn(4) {
		f = g.Revise(f, event.Statuses[rng.Intn(len(event.Statuses))], time.Duration(1+rng.Intn(1e6))*time.Millisecond)
		out = append(out, f)
	}
	return out
}

// randomRange returns no bound, a bound at a record's exact time, or one between records.
func randomRange(rng *rand.Rand, times []time.Time) store.Range {
	pick := func() time.Time {
		switch rng.Intn(4) {
		case 0:
			return time.Time{}
		case 1:
			return times[rng.Intn(len(times))]
		default:
			return base.Add(time.Duration(rng.Int63n(int64(span))))
		}
	}
	r := store.Range{From: pick(), To: pick()}
	if !r.From.IsZero() && !r.To.IsZero() && r.To.Before(r.From) {
		r.From, r.To = r.To, r.From
	}
	return r
}

func randomStatuses(rng *rand.Rand) []event.Status {
	var st []event.Status
	for _, s := range event.Statuses {
		if rng.Intn(3) == 0 {
			st = append(st, s)
		}
	}
	return st
}

func testPagingFeedback(t *testing.T, s Store) {
	ref, times := pagingData(t, s, 8)
	rng := rand.New(rand.NewSource(9)) // #nosec G404 -- seeded test data
	total := walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: "big", Page: store.Page{Limit: 100}})
	if total < 1000 {
		t.Fatalf("only %d records in project big", total)
	}
	sources := []event.Source{"", "", event.SourceContextual, event.SourceCodeSnippet}
	for range 14 {
		q := store.FeedbackQuery{
			ProjectID: []string{"big", "big", "small"}[rng.Intn(3)], Range: randomRange(rng, times),
			Source: sources[rng.Intn(len(sources))], Statuses: randomStatuses(rng),
			Page: store.Page{Limit: []int{3, 17, 50, 100}[rng.Intn(4)]},
		}
		walkFeedback(t, s, ref, q)
	}
}

func testPagingConversations(t *testing.T, s Store) {
	ref, times := pagingData(t, s, 10)
	rng := rand.New(rand.NewSource(11)) // #nosec G404 -- seeded test data
	total := walkConversations(t, s, ref, store.ConversationQuery{ProjectID: "big", Page: store.Page{Limit: 1000}})
	if total < 1000 {
		t.Fatalf("only %d records in project big", total)
	}
	for range 14 {
		q := store.ConversationQuery{
			ProjectID: []string{"big", "big", "small"}[rng.Intn(3)], Range: randomRange(rng, times),
			Page: store.Page{Limit: []int{5, 33, 100, 1000}[rng.Intn(4)]},
		}
		walkConversations(t, s, ref, q)
	}
}
