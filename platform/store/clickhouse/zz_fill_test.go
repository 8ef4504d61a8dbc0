package clickhouse_test

import (
	"os"
	"testing"
	"time"
)

func TestZZFill(t *testing.T) {
	if os.Getenv("ZZFILL") == "" {
		t.Skip()
	}
	s := open(t, "clickhouse://127.0.0.1:19000/bigtest")
	defer s.Close()
	b := &testing.B{}
	_ = b
	end := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	ids := fillConversations(t, s, 10_000_000, end)
	os.WriteFile("/tmp/bigids.txt", []byte(ids[0]+"\n"+ids[100_000]+"\n"+ids[5_000_000]+"\n"), 0o644)
}
