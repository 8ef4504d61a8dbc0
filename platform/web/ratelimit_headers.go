package web

import (
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/ratelimit"
)

// writeLimitHeaders sets the X-RateLimit headers from d, unless the request already carries
// those of a tighter limit: fewer remaining, or as many and a later reset.
func writeLimitHeaders(c *fiber.Ctx, d ratelimit.Decision) {
	h := &c.Response().Header
	reset := ceilSeconds(d.Reset)
	if prev, ok := parseHeaderInt(h.Peek(HeaderRateLimitRemaining)); ok {
		prevReset, _ := parseHeaderInt(h.Peek(HeaderRateLimitReset))
		if prev < d.Remaining || prev == d.Remaining && prevReset >= reset {
			return
		}
	}
	setIntHeader(c, HeaderRateLimitLimit, d.Limit)
	setIntHeader(c, HeaderRateLimitRemaining, d.Remaining)
	setIntHeader(c, HeaderRateLimitReset, reset)
}

// setIntHeader sets a response header to n without allocating.
func setIntHeader(c *fiber.Ctx, name string, n int) {
	var buf [20]byte
	c.Response().Header.SetBytesV(name, strconv.AppendInt(buf[:0], int64(n), 10))
}

// ceilSeconds rounds d up to whole seconds.
func ceilSeconds(d time.Duration) int {
	return int((d + time.Second - 1) / time.Second)
}

// parseHeaderInt reads a non-negative decimal header value.
func parseHeaderInt(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	n := 0
	for _, ch := range b {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		n = n*10 + int(ch-'0')
	}
	return n, true
}
