package visitor

import (
	"strings"

	"github.com/lectern-dev/lectern/schemas/event"
)

// Verdict is what a User-Agent says about who made a request.
type Verdict struct {
	Class event.Class // human or ai; "" when the request is dropped
	Agent string      // the matched agent's name, "" for people
}

// Dropped reports whether the request comes from a crawler, monitor or script that is not
// counted (only a metric sees it).
func (v Verdict) Dropped() bool { return v.Class == "" }

// aiAgents are AI crawlers, assistants and agents fetching docs, matched as substrings of the
// User-Agent, case-insensitively. Their traffic is counted as `ai`.
var aiAgents = []string{
	"GPTBot", "ChatGPT-User", "OAI-SearchBot", "ChatGPT Agent",
	"ClaudeBot", "Claude-User", "Claude-SearchBot", "Claude-Web", "anthropic-ai",
	"PerplexityBot", "Perplexity-User",
	"Google-Extended", "Google-CloudVertexBot", "Gemini-Deep-Research",
	"Applebot-Extended", "Bytespider", "CCBot", "Amazonbot",
	"meta-externalagent", "meta-externalfetcher", "FacebookBot",
	"cohere-ai", "cohere-training-data-crawler", "MistralAI-User",
	"DuckAssistBot", "YouBot", "Diffbot", "AI2Bot", "PetalBot", "Timpibot",
	"ImagesiftBot", "omgili", "Kangaroo Bot", "Devin", "Cursor",
}

// robots are crawlers, monitors and previews that are not readers and not AI agents.
var robots = []string{
	"Googlebot", "bingbot", "Slurp", "DuckDuckBot", "Baiduspider", "YandexBot", "Sogou",
	"Exabot", "AhrefsBot", "SemrushBot", "MJ12bot", "DotBot", "SeznamBot", "Applebot",
	"facebookexternalhit", "Twitterbot", "LinkedInBot", "Slackbot", "Discordbot", "TelegramBot",
	"UptimeRobot", "Pingdom", "StatusCake", "Site24x7", "Better Uptime", "Datadog", "NewRelicPinger",
	"HeadlessChrome", "PhantomJS", "Lighthouse", "Chrome-Lighthouse",
	"bot/", "crawler", "spider",
}

// scripts are HTTP libraries and tools: dropped when they bring no page context (a referrer),
// since a person's browser always names itself.
var scripts = []string{"curl/", "Wget/", "python-requests", "python-urllib", "Go-http-client", "axios/", "node-fetch", "okhttp", "libwww-perl", "Java/", "httpie"}

// Classify tells an AI agent from a person and drops other robots. referrer is the page
// context a browser sends; a bare script without one is not a reader.
func Classify(userAgent, referrer string) Verdict {
	ua := strings.ToLower(userAgent)
	for i, a := range lowerAI {
		if strings.Contains(ua, a) {
			return Verdict{Class: event.ClassAI, Agent: aiAgents[i]}
		}
	}
	if strings.TrimSpace(ua) == "" {
		return Verdict{Agent: "empty"}
	}
	for i, r := range lowerRobots {
		if strings.Contains(ua, r) {
			return Verdict{Agent: robots[i]}
		}
	}
	if referrer == "" {
		for i, s := range lowerScripts {
			if strings.Contains(ua, s) {
				return Verdict{Agent: strings.TrimSuffix(scripts[i], "/")}
			}
		}
	}
	return Verdict{Class: event.ClassHuman}
}

// The lists in lower case, made once: Classify runs for every event a beacon carries.
var lowerAI, lowerRobots, lowerScripts = lower(aiAgents), lower(robots), lower(scripts)

func lower(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToLower(s)
	}
	return out
}

// Memo classifies the events of one request: it keeps the last verdict and reuses it while the
// User-Agent, and whether a referrer came, stay the same (all Classify depends on). The zero
// value is ready; a Memo is not safe for concurrent use.
type Memo struct {
	ua       string
	referred bool
	ok       bool
	v        Verdict
}

// Classify is Classify(userAgent, referrer), remembered.
func (m *Memo) Classify(userAgent, referrer string) Verdict {
	if !m.ok || m.ua != userAgent || m.referred != (referrer != "") {
		m.ua, m.referred, m.ok, m.v = userAgent, referrer != "", true, Classify(userAgent, referrer)
	}
	return m.v
}
