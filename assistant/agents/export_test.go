package agents

import "time"

// SetPublishTimeout shortens the wait for the bus in tests of a bus outage.
func SetPublishTimeout(d time.Duration) (restore func()) {
	old := publishTimeout
	publishTimeout = d
	return func() { publishTimeout = old }
}

// DurationMs is the tool call's duration as its mcp_call event records it.
func DurationMs(d time.Duration) int { return durationMs(d) }
