package clickhouse_test

import (
	"errors"
	"fmt"
	"testing"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// Server errors that a node or ZooKeeper going away under a Distributed insert produces are
// "try again later" (the consumer retries the batch whole); errors about the data are not.
func TestServerErrorsThatMeanTryAgain(t *testing.T) {
	for _, c := range []struct {
		code  int32
		name  string
		again bool
	}{
		{32, "ATTEMPT_TO_READ_AFTER_EOF", true},
		{209, "SOCKET_TIMEOUT", true},
		{210, "NETWORK_ERROR", true},
		{225, "NO_ZOOKEEPER", true},
		{242, "TABLE_IS_READ_ONLY", true},
		{252, "TOO_MANY_PARTS", true},
		{279, "ALL_CONNECTION_TRIES_FAILED", true},
		{319, "UNKNOWN_STATUS_OF_INSERT", true},
		{999, "KEEPER_EXCEPTION", true},
		{27, "CANNOT_PARSE_INPUT_ASSERTION_FAILED", false},
		{53, "TYPE_MISMATCH", false},
		{60, "UNKNOWN_TABLE", false},
	} {
		err := clickhouse.Wrap("write feedback", fmt.Errorf("send: %w", &ch.Exception{Code: c.code, Name: "DB::Exception", Message: c.name}))
		if got := errors.Is(err, store.ErrUnavailable); got != c.again {
			t.Errorf("code %d (%s): unavailable %v, want %v (%v)", c.code, c.name, got, c.again, err)
		}
	}
}
