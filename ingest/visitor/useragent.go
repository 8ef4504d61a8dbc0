package visitor

import "github.com/lectern-dev/lectern/platform/useragent"

// Verdict is what a User-Agent says about who made a request (platform/useragent).
type Verdict = useragent.Verdict

// Memo classifies the events of one request, remembering the last verdict (platform/useragent).
type Memo = useragent.Memo

// Classify tells an AI agent or a known crawler from a person and drops other robots
// (platform/useragent.Classify).
func Classify(userAgent, referrer string) Verdict { return useragent.Classify(userAgent, referrer) }
