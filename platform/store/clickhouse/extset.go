package clickhouse

import (
	"context"
	"fmt"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/ext"
)

// inSet returns the right side of `x IN …` over ss, its bound values, and the context to run
// the query in. A set bound into the query's text counts toward the server's max_query_size,
// 256 KiB by default: the content gaps' 2 × store.MaxGapRecords paths of up to 2,048
// characters each, which the beacon and the feedback route take from a public key, make a
// query of up to 16 MB, which ClickHouse refuses (code 62, "Max query size exceeded"). So a
// set whose text may pass maxInlineSet goes as external data (the table name, one String
// column v): a block of rows beside the query, of any size, which reaches each shard of a
// Distributed table with the query (as GLOBAL IN's sets do) and still selects by the primary
// key; ClickHouse 18.16 reads it as current releases do. A smaller set stays in the text as one
// array literal (parsed far faster than a tuple of as many), so that the statement is whole in
// system.query_log, where make bench takes it to run again with clickhouse-client.
func inSet(ctx context.Context, name string, ss []string) (context.Context, string, []any, error) {
	size := 0
	for _, s := range ss {
		size += 2*len(s) + 4 // quoted, every byte escaped at worst, and a separator
	}
	if size <= maxInlineSet {
		return ctx, "(SELECT arrayJoin(?))", []any{ss}, nil
	}
	t, err := ext.NewTable(name, ext.Column("v", "String"))
	if err != nil {
		return ctx, "", nil, fmt.Errorf("external table %s: %w", name, err)
	}
	for _, s := range ss {
		if err := t.Append(s); err != nil {
			return ctx, "", nil, fmt.Errorf("external table %s: %w", name, err)
		}
	}
	return ch.Context(ctx, ch.WithExternalTable(t)), name, nil, nil
}

// maxInlineSet is the most bytes a set's text may take in a query (inSet): a quarter of the
// default max_query_size, leaving the rest of the statement room.
const maxInlineSet = 64 << 10

// Names of the external tables of inSet.
const (
	pathSet  = "_paths"   // the paths of given pages
	querySet = "_queries" // the queries of a page of searches: up to 100 (the searches route's limit) of the search route's 1,000 characters
	normSet  = "_norms"   // the normalized queries of a gaps read (up to 3 × store.MaxGapRecords), whose written forms it counts
)
