package store

import (
	"cmp"
	"net/url"
	"slices"
	"strings"
)

// ReferrerViews counts the readers' page views that came from one referring site in a range:
// Host is the referrer's host name, lower case, without "www." or a port; "" for views with no
// referrer (typed, bookmarked, or a referrer the browser withheld) or one that names no host.
type ReferrerViews struct {
	Host  string
	Views int64
}

// ReferrerURLViews is a store's count of the readers' page views of one referrer as sent.
type ReferrerURLViews struct {
	Referrer string
	Views    int64
}

// MaxReferrers bounds the hosts a referrers read returns.
const MaxReferrers = 5000

// ReferrerHost is the host a referrer counts under (see ReferrerViews).
func ReferrerHost(ref string) string {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
}

// ByReferrerHost adds up the views of each referrer's host, most views first (then host),
// and keeps the first limit hosts.
func ByReferrerHost(rows []ReferrerURLViews, limit int) []ReferrerViews {
	byHost := map[string]int64{}
	for _, r := range rows {
		byHost[ReferrerHost(r.Referrer)] += r.Views
	}
	out := make([]ReferrerViews, 0, len(byHost))
	for h, v := range byHost {
		out = append(out, ReferrerViews{Host: h, Views: v})
	}
	slices.SortFunc(out, func(x, y ReferrerViews) int {
		return cmp.Or(cmp.Compare(y.Views, x.Views), cmp.Compare(x.Host, y.Host))
	})
	return out[:min(len(out), max(limit, 0))]
}
