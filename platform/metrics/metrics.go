// Package metrics holds Lectern's Prometheus plumbing shared by every component.
package metrics

import (
	"errors"

	"github.com/prometheus/client_golang/prometheus"
)

// Register registers c on reg and returns it, or returns the collector of the same
// description already registered there, so components built twice in one process share series.
func Register[T prometheus.Collector](reg prometheus.Registerer, c T) T {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(T); ok {
				return existing
			}
		}
		panic(err) // a programming error: two different collectors under one name
	}
	return c
}

// DurationBuckets suits request and insert latencies from 0.5 ms to 10 s.
var DurationBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}
