package agents

import "time"

// SetPublishTimeout shortens the wait for the bus in tests of a bus outage.
func SetPublishTimeout(d time.Duration) (restore func()) {
	old := publishTimeout
	publishTimeout = d
	return func() { publishTimeout = old }
}
