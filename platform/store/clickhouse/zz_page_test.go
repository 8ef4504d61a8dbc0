package clickhouse_test

import (
	"os"
	"sort"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
)

func TestZZPage(t *testing.T) {
	if os.Getenv("ZZFILL") == "" {
		t.Skip()
	}
	s := open(t, "clickhouse://127.0.0.1:19000/bigtest")
	defer s.Close()
	end := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	mid := end.Add(-15 * 24 * time.Hour)
	for _, c := range []struct {
		name string
		q    store.ConversationQuery
	}{
		{"page1", store.ConversationQuery{ProjectID: "bench"}},
		{"page1001", store.ConversationQuery{ProjectID: "bench", Page: store.Page{Cursor: "01M7TB8ZF5Z7Y0VQNWYYV41V57"}}},
		{"page50001", store.ConversationQuery{ProjectID: "bench", Page: store.Page{Cursor: "01M6MG6WC4RW6HSR2YGHJKM9MM"}}},
		{"recent7d", store.ConversationQuery{ProjectID: "bench", Range: store.Range{From: end.Add(-7 * 24 * time.Hour)}}},
		{"dateRangeMid", store.ConversationQuery{ProjectID: "bench", Range: store.Range{From: mid.Add(-time.Hour), To: mid}}},
	} {
		c.q.Page.Limit = 100
		var lat []time.Duration
		for range 100 {
			st := time.Now()
			p, err := s.ListConversations(t.Context(), c.q)
			lat = append(lat, time.Since(st))
			if err != nil || len(p.Records) != 100 {
				t.Fatal(err, len(p.Records))
			}
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		t.Logf("%-14s p50 %6.2fms p90 %6.2fms p99 %6.2fms", c.name, ms(lat[50]), ms(lat[90]), ms(lat[99]))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
