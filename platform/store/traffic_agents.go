package store

import (
	"cmp"
	"slices"

	"github.com/lectern-dev/lectern/schemas/event"
)

// AgentViews are the page views of one AI agent or crawler: its class (ai or a crawler class)
// and its name as platform/useragent matched it ("" is a client no list names, shown as "Other
// agents"), with the distinct pages it viewed.
type AgentViews struct {
	Class event.Class
	Agent string
	Views int64
	Pages int64
}

// DayAgentViews is one agent's views on one UTC day.
type DayAgentViews struct {
	Day string // YYYY-MM-DD
	AgentViews
}

// SortAgents orders agents by views desc, then class and name asc: the order of every read of
// agents' views.
func SortAgents(a []AgentViews) {
	slices.SortFunc(a, func(x, y AgentViews) int {
		return cmp.Or(cmp.Compare(y.Views, x.Views), cmp.Compare(x.Class, y.Class), cmp.Compare(x.Agent, y.Agent))
	})
}

// SortAgentDays orders days oldest first, then each day's agents as SortAgents.
func SortAgentDays(d []DayAgentViews) {
	slices.SortFunc(d, func(x, y DayAgentViews) int {
		return cmp.Or(cmp.Compare(x.Day, y.Day), cmp.Compare(y.Views, x.Views), cmp.Compare(x.Class, y.Class), cmp.Compare(x.Agent, y.Agent))
	})
}
