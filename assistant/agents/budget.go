package agents

import (
	"fmt"
	"time"
)

// toolKey names one tool of one site: a bucket of the site budget.
type toolKey struct{ domain, tool string }

// maxBudgets bounds the site budget's buckets (sites × tools); a full bucket is the same as an
// absent one, so only the sites whose agents called lately hold one.
const maxBudgets = 1 << 14

// spend takes one call of tool from the budget of cl's site (--agents-site-rate), shared by all
// its clients as Mintlify's per-site limit is: the per-address limit of the public routes
// bounds one client, this bounds them all. A refused call is counted, not recorded as an
// event, and the agent reads when to retry.
func (s *Service) spend(cl *call, tool string) error {
	retry, ok := s.take(cl.site.Domain, tool)
	if ok {
		return nil
	}
	return fmt.Errorf("rate limit: the %s docs answer at most %s calls of %s from all clients together; retry in %s",
		cl.site.Domain, s.cfg.SiteRate, tool, retry)
}

// take takes one call of tool from domain's budget, or says after how long (whole seconds, at
// least one) to retry; the feedback route (POST /feedback) spends submit_feedback's budget.
func (s *Service) take(domain, tool string) (retry time.Duration, ok bool) {
	k := toolKey{domain: domain, tool: tool}
	d := s.budget.Allow(k)
	if d.Allowed {
		if _, was := s.spent.Load(k); was {
			s.spent.Delete(k)
		}
		return 0, true
	}
	s.m.calls.WithLabelValues(tool, statusLimited).Inc()
	if _, was := s.spent.LoadOrStore(k, struct{}{}); !was { // once per spell of refusals, not per call
		s.logger.Warn("MCP site budget spent: calls refused until it refills", "domain", k.domain, "tool", tool, "rate", s.cfg.SiteRate.String())
	}
	return max(d.RetryAfter.Round(time.Second), time.Second), false
}
