// Package storetest is the conformance suite every Lectern store passes: round trips of every
// field, idempotent writes, feedback versions, filters, project isolation, keyset paging checked
// against an in-memory reference, not-found and cancellation.
package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Store is what the suite exercises; both store implementations satisfy it.
type Store interface {
	Migrate(ctx context.Context) error
	WriteBatch(ctx context.Context, b store.Batch) error
	GetFeedback(ctx context.Context, projectID, id string) (event.Feedback, error)
	ListFeedback(ctx context.Context, q store.FeedbackQuery) (store.FeedbackPage, error)
	ListConversations(ctx context.Context, q store.ConversationQuery) (store.ConversationPage, error)
	Erase(ctx context.Context, project string, subject store.Subject) (store.Erased, error)
	Expire(ctx context.Context, kind store.Kind, before time.Time) (int, error)
	Views(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	Visitors(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	DailyTraffic(ctx context.Context, projectID string, r store.Range) ([]store.DayTraffic, error)
	TrafficExport(ctx context.Context, q store.TrafficQuery) (store.TrafficExportPage, error)
	TrafficClassDays(ctx context.Context, projectID string, r store.Range) ([]store.DayClassViews, error)
	TrafficAgents(ctx context.Context, projectID string, r store.Range) ([]store.AgentViews, error)
	TrafficReferrers(ctx context.Context, projectID string, r store.Range, limit int) ([]store.ReferrerViews, error)
	TrafficAgentDays(ctx context.Context, projectID string, r store.Range) ([]store.DayAgentViews, error)
	Searches(ctx context.Context, q store.SearchQuery) (store.SearchPage, error)
	FeedbackByPage(ctx context.Context, q store.FeedbackByPageQuery) (store.PageFeedbackPage, error)
	FeedbackDaily(ctx context.Context, projectID string, r store.Range) ([]store.DayFeedback, error)
	CallerStats(ctx context.Context, projectID string, r store.Range) (store.CallerStats, error)
	Thread(ctx context.Context, projectID, threadID string) ([]event.Conversation, error)
	Engagement(ctx context.Context, projectID string, r store.Range) (store.EngagementCounts, error)
	EngagementDaily(ctx context.Context, projectID string, r store.Range) ([]store.DayEngagement, error)
	EngagementPages(ctx context.Context, q store.EngagementPagesQuery) (store.PageEngagementPage, error)
	Flows(ctx context.Context, q store.FlowQuery) (store.Flows, error)
	Funnels(ctx context.Context, projectID string, r store.Range) (store.Funnels, error)
	Agents(ctx context.Context, q store.AgentsQuery) (store.AgentStats, error)
	GapSignals(ctx context.Context, projectID string, r store.Range) (store.GapSignals, error)
	Pending(ctx context.Context, before time.Time) ([]store.Pending, error)
	Summarise(ctx context.Context, ps []store.Pending) error
	Ping(ctx context.Context) error
	Close() error
}

// Run runs the suite. open must return a new, empty, migrated store for each call; the suite
// closes it when the calling test ends (cleanups registered by open run after that).
func Run(t *testing.T, open func(t *testing.T) Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s Store)
	}{
		{"RoundTripFeedback", testRoundTripFeedback},
		{"RoundTripConversations", testRoundTripConversations},
		{"Idempotent", testIdempotent},
		{"FeedbackVersions", testFeedbackVersions},
		{"DateBounds", testDateBounds},
		{"FeedbackFilters", testFeedbackFilters},
		{"ProjectIsolation", testProjectIsolation},
		{"Cursors", testCursors},
		{"PagingFeedback", testPagingFeedback},
		{"PagingConversations", testPagingConversations},
		{"NotFound", testNotFound},
		{"Cancellation", testCancellation},
		{"MigrateAgain", testMigrateAgain},
		{"Erase", testErase},
		{"Expire", testExpire},
		{"ExpireQueryForms", testExpireQueryForms},
		{"TrafficReads", testTrafficReads},
		{"SearchClicked", testSearchClicked},
		{"CrawlerClasses", testCrawlerClasses},
		{"AgentNames", testAgentNames},
		{"Referrers", testReferrers},
		{"VisitorsAccuracy", testVisitorsAccuracy},
		{"FeedbackByPage", testFeedbackByPage},
		{"FeedbackDaily", testFeedbackDaily},
		{"CallerStatsAndThreads", testCallerStatsAndThreads},
		{"EngagementReads", testEngagementReads},
		{"AgentReads", testAgentReads},
		{"MCPStatuses", testMCPStatuses},
		{"GapSignals", testGapSignals},
		{"GapQuestionsCut", testGapQuestionsCut},
		{"Summaries", testSummaries},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tt.fn(t, s)
		})
	}
}

// write writes one batch and fails the test on error.
func write(t *testing.T, s Store, b store.Batch) {
	t.Helper()
	if err := s.WriteBatch(t.Context(), b); err != nil {
		t.Fatalf("WriteBatch(%d events): %v", b.Len(), err)
	}
}
