package assistant

import (
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/prometheus/client_golang/prometheus"
)

// serviceMetrics are the assistant's Prometheus series.
type serviceMetrics struct {
	requests  *prometheus.CounterVec
	firstText prometheus.Histogram
	search    prometheus.Histogram
	answers   *prometheus.CounterVec
	tokens    *prometheus.CounterVec
	rewrites  *prometheus.CounterVec
}

// searchBuckets suit in-memory searches from 50 µs to 250 ms.
var searchBuckets = []float64{.00005, .0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25}

func newServiceMetrics(reg prometheus.Registerer, docs map[string]*sitedocs.Site) *serviceMetrics {
	metrics.Register(reg, &indexCollector{docs: docs})
	return &serviceMetrics{
		requests: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_assistant_requests_total",
			Help: "Assistant message requests by result: ok, rejected (JSON error before streaming), aborted (client went away), failed (error part).",
		}, []string{"result"})),
		firstText: metrics.Register(reg, prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "lectern_assistant_first_text_seconds",
			Help:    "Time from receiving a message request to flushing the first text part of the answer.",
			Buckets: metrics.DurationBuckets,
		})),
		search: metrics.Register(reg, prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "lectern_assistant_search_seconds",
			Help:    "Time of one documentation search.",
			Buckets: searchBuckets,
		})),
		rewrites: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_assistant_rewrites_total",
			Help: "Follow-up questions the model was asked to rewrite into a search query (--llm-rewrite), by result: ok, or error (searched as asked).",
		}, []string{"result"})),
		tokens: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_llm_tokens_total",
			Help: "Language-model tokens by project and kind (prompt, completion): the server's usage report, or an estimate at 4 bytes a token when it sends none. Alert on its rate to cap cost.",
		}, []string{"project", "kind"})),
		answers: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_assistant_answers_total",
			Help: "Completed answers by resolution: answered or unanswered (the docs did not cover the question).",
		}, []string{"resolution"})),
	}
}

// indexCollector reports the size of each site's current index when scraped.
type indexCollector struct {
	docs map[string]*sitedocs.Site
}

var (
	indexPagesDesc = prometheus.NewDesc("lectern_assistant_index_pages",
		"Pages in the site's current search index.", []string{"domain"}, nil)
	indexSectionsDesc = prometheus.NewDesc("lectern_assistant_index_sections",
		"Sections in the site's current search index.", []string{"domain"}, nil)
	siteProblemsDesc = prometheus.NewDesc("lectern_assistant_site_problems",
		"Problems of the site's docs at its last load: docs.json errors and warnings (the site is served as far as it resolves), or 1 when it could not be loaded at all.", []string{"domain"}, nil)
)

// Describe sends the descriptions of the index gauges.
func (c *indexCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- indexPagesDesc
	ch <- indexSectionsDesc
	ch <- siteProblemsDesc
}

// Collect sends the index sizes of the sites indexed so far, and every site's problems.
func (c *indexCollector) Collect(ch chan<- prometheus.Metric) {
	for domain, site := range c.docs {
		ch <- prometheus.MustNewConstMetric(siteProblemsDesc, prometheus.GaugeValue, float64(len(site.State().Problems)), domain)
		snap, err := site.Snapshot()
		if err != nil {
			continue
		}
		ch <- prometheus.MustNewConstMetric(indexPagesDesc, prometheus.GaugeValue, float64(snap.Index.Pages()), domain)
		ch <- prometheus.MustNewConstMetric(indexSectionsDesc, prometheus.GaugeValue, float64(snap.Index.Len()), domain)
	}
}
