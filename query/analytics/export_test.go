package analytics

import "github.com/lectern-dev/lectern/platform/store"

// FlowChart exposes the flow envelope to the tests, as the JSON the route writes.
func FlowChart(f store.Flows) any { return flowEnvelope(f) }
