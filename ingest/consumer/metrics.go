package consumer

import (
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/prometheus/client_golang/prometheus"
)

type consumerMetrics struct {
	stored       *prometheus.CounterVec
	deadLettered *prometheus.CounterVec
	batchSize    prometheus.Histogram
	insert       prometheus.Histogram
	lag          prometheus.Histogram
	pending      prometheus.Gauge
	retries      prometheus.Counter
	heartbeats   prometheus.Counter
	trims        prometheus.Counter
}

func newMetrics(reg prometheus.Registerer) *consumerMetrics {
	m := &consumerMetrics{
		stored: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_events_stored_total", Help: "Events committed to the store, by type.",
		}, []string{"type"})),
		deadLettered: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_events_dead_lettered_total", Help: "Events sent to the dead-letter stream, by type and reason.",
		}, []string{"type", "reason"})),
		batchSize: metrics.Register(reg, prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "lectern_consumer_batch_size", Help: "Events per store write.",
			Buckets: prometheus.ExponentialBuckets(1, 4, 9),
		})),
		insert: metrics.Register(reg, prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "lectern_store_insert_duration_seconds", Help: "Time of one batch write to the store.",
			Buckets: metrics.DurationBuckets,
		})),
		lag: metrics.Register(reg, prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "lectern_ingest_lag_seconds", Help: "Time from an event reaching JetStream to its commit in the store.",
			Buckets: metrics.DurationBuckets,
		})),
		pending: metrics.Register(reg, prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "lectern_consumer_pending", Help: "Events in the stream not yet delivered or not yet acknowledged.",
		})),
		retries: metrics.Register(reg, prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lectern_consumer_retries_total", Help: "Batches handed back for redelivery because the store failed.",
		})),
		trims: metrics.Register(reg, prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lectern_events_stream_trims_total", Help: "Purges of already stored events from a byte-capped event stream near its cap.",
		})),
		heartbeats: metrics.Register(reg, prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lectern_consumer_heartbeats_total", Help: "In-progress heartbeats sent for batches whose store write outlasted a third of the ack wait.",
		})),
	}
	for _, t := range []event.Type{event.TypeFeedback, event.TypeConversation} {
		m.stored.WithLabelValues(string(t)) // export zeroes before the first event
		for _, reason := range []string{"decode", "store"} {
			m.deadLettered.WithLabelValues(string(t), reason)
		}
	}
	return m
}
