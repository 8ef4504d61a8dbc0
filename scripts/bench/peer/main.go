// Command peer is the stock stream processor a data engineer would assemble instead of
// Lectern's consumers: Benthos v4.27.0 (the project Redpanda Connect continues) with only its
// NATS, SQL and pure (mapping, switch) components. `make bench` runs it with a configuration
// that reads Lectern's event stream and writes the same ClickHouse tables, beside Lectern's
// own consumers. It is its own module so that Benthos's dependencies stay out of the bench.
package main

import (
	"context"

	_ "github.com/benthosdev/benthos/v4/public/components/nats"
	_ "github.com/benthosdev/benthos/v4/public/components/pure"
	_ "github.com/benthosdev/benthos/v4/public/components/sql"
	"github.com/benthosdev/benthos/v4/public/service"
)

func main() { service.RunCLI(context.Background()) }
