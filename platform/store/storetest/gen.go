package storetest

import (
	"fmt"
	"math/rand"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Gen makes test records with ULID ids; it is deterministic for a seed and not safe for
// concurrent use.
type Gen struct {
	rng *rand.Rand
}

// NewGen returns a generator seeded with seed.
func NewGen(seed int64) *Gen { return &Gen{rng: rand.New(rand.NewSource(seed))} } // #nosec G404 -- seeded test data

// ID returns a new ULID whose time part is t.
func (g *Gen) ID(t time.Time) string {
	return ulid.MustNew(ulid.Timestamp(t), g.rng).String()
}

// words is text with the characters that trip up quoting and encodings.
var words = []string{
	"docs", "quickstart", "API", "naïve", "Grüße", "日本語", "中文", "한국어", "emoji 🚀👍🏽",
	"it's", `say "hi"`, `back\slash`, "100%", "a_b", "tab\there", "line\nbreak", "مرحبا",
	"e\u0301", "<b>html</b>", "--", "/*x*/", "?", "$1", "@p", "{x:String}",
}

func (g *Gen) text(n int) string {
	parts := make([]string, 1+g.rng.Intn(n))
	for i := range parts {
		parts[i] = words[g.rng.Intn(len(words))]
	}
	return strings.Join(parts, " ")
}

// Feedback returns a new pending record of project created at t (its first version).
func (g *Gen) Feedback(project string, t time.Time) event.Feedback {
	id := g.ID(t)
	f := event.Feedback{
		EventID: id, ID: id, ProjectID: project, Domain: "docs-" + project,
		Path: "/guides/" + g.text(2), Comment: g.text(8),
		CreatedAt: t, UpdatedAt: t, Status: event.StatusPending, FP: g.text(1),
	}
	if g.rng.Intn(2) == 0 {
		f.Source = event.SourceContextual
		switch g.rng.Intn(3) {
		case 0:
			f.Helpful = ptr(true)
		case 1:
			f.Helpful = ptr(false)
		}
		if g.rng.Intn(2) == 0 {
			f.Contact = fmt.Sprintf("reader%d@example.com", g.rng.Intn(1000))
		}
	} else {
		f.Source = event.SourceCodeSnippet
		f.Code, f.Filename, f.Lang = "fmt.Println(\""+g.text(3)+"\")\n", "main.go", "go"
	}
	return f
}

// Revise returns the next version of f: a new event with status st, updated d later.
func (g *Gen) Revise(f event.Feedback, st event.Status, d time.Duration) event.Feedback {
	f.UpdatedAt = f.UpdatedAt.Add(d)
	f.EventID = g.ID(f.UpdatedAt)
	f.Status = st
	return f
}

// Conversation returns a conversation of project at t with up to four sources.
func (g *Gen) Conversation(project string, t time.Time) event.Conversation {
	c := event.Conversation{
		ID: g.ID(t), ProjectID: project, Domain: "docs-" + project, ThreadID: "thr_" + g.text(1),
		Timestamp: t, Query: g.text(6) + "?", Response: g.text(40),
		ResolutionStatus: event.Answered, PageURL: "https://docs.example.com/" + g.text(1),
		FP: "anonymous", Sources: []event.Citation{},
	}
	for range g.rng.Intn(5) {
		c.Sources = append(c.Sources, event.Citation{Title: g.text(3), URL: "https://docs.example.com/p/" + g.text(1)})
	}
	if g.rng.Intn(3) == 0 {
		c.QueryCategory = "how-to"
	}
	if g.rng.Intn(4) == 0 {
		c.ResolutionStatus = event.Unanswered
	}
	c.Aborted = g.rng.Intn(10) == 0
	switch g.rng.Intn(4) {
	case 0:
		c.Caller = event.CallerWeb
	case 1:
		c.Caller = event.CallerAPI
	case 2:
		c.Caller, c.Client = event.CallerOther, g.text(1)
	}
	return c
}

// MakeBatch returns a batch of n conversations and n feedback records of project, at
// millisecond times spread over the day before now; for benchmarks.
func MakeBatch(seed int64, project string, n int) store.Batch {
	g := NewGen(seed)
	end := time.Now().UTC().Truncate(time.Millisecond)
	b := store.Batch{Feedback: make([]event.Feedback, 0, n), Conversations: make([]event.Conversation, 0, n)}
	for range n {
		t := end.Add(-time.Duration(g.rng.Int63n(int64(24 * time.Hour)))).Truncate(time.Millisecond)
		b.Feedback = append(b.Feedback, g.Feedback(project, t))
		b.Conversations = append(b.Conversations, g.Conversation(project, t))
	}
	return b
}

func ptr[T any](v T) *T { return &v }
