// Package useragent tells from a request's User-Agent who made it: a person, an AI agent, one of
// the crawlers a traffic export counts apart, or a robot that is not counted.
package useragent

import (
	"hash/maphash"
	"strings"
	"sync/atomic"

	"github.com/lectern-dev/lectern/schemas/event"
)

// Verdict is what a User-Agent says about who made a request.
type Verdict struct {
	Class event.Class // human, ai or a crawler class; "" when the request is dropped
	Agent string      // the matched agent's name, "" for people
}

// Dropped reports whether the request comes from a crawler, monitor or script that is not
// counted (only a metric sees it).
func (v Verdict) Dropped() bool { return v.Class == "" }

// agent is a name matched as a substring of the User-Agent, case-insensitively, and its class.
type agent struct {
	name  string
	class event.Class
}

// agents are the AI agents and crawlers whose traffic is stored, by the names their vendors
// publish, in the categories of a traffic export: assistants and agents fetching for a person
// (ai), search and indexing crawlers (search_index), crawlers collecting content for AI
// training (training) and other AI-related bots (other_ai). The first match wins: a longer name
// comes before the name it contains (Applebot-Extended before Applebot).
var agents = []agent{
	// Assistants and agents acting for a person.
	{"ChatGPT-User", event.ClassAI}, {"ChatGPT Agent", event.ClassAI},
	{"Claude-User", event.ClassAI}, {"Claude-Web", event.ClassAI},
	{"Perplexity-User", event.ClassAI}, {"MistralAI-User", event.ClassAI},
	{"Gemini-Deep-Research", event.ClassAI}, {"meta-externalfetcher", event.ClassAI},
	{"DuckAssistBot", event.ClassAI}, {"Devin", event.ClassAI}, {"Cursor", event.ClassAI},
	// Crawlers collecting content for AI training.
	{"GPTBot", event.ClassTraining}, {"ClaudeBot", event.ClassTraining}, {"anthropic-ai", event.ClassTraining},
	{"CCBot", event.ClassTraining}, {"Google-Extended", event.ClassTraining}, {"Applebot-Extended", event.ClassTraining},
	{"Bytespider", event.ClassTraining}, {"meta-externalagent", event.ClassTraining}, {"FacebookBot", event.ClassTraining},
	{"cohere-training-data-crawler", event.ClassTraining}, {"AI2Bot", event.ClassTraining}, {"Amazonbot", event.ClassTraining},
	{"omgili", event.ClassTraining},
	// Search and indexing crawlers, AI search included.
	{"OAI-SearchBot", event.ClassSearchIndex}, {"Claude-SearchBot", event.ClassSearchIndex}, {"PerplexityBot", event.ClassSearchIndex},
	{"Googlebot", event.ClassSearchIndex}, {"bingbot", event.ClassSearchIndex}, {"Applebot", event.ClassSearchIndex},
	{"DuckDuckBot", event.ClassSearchIndex}, {"Slurp", event.ClassSearchIndex}, {"Baiduspider", event.ClassSearchIndex},
	{"YandexBot", event.ClassSearchIndex}, {"Sogou", event.ClassSearchIndex}, {"SeznamBot", event.ClassSearchIndex},
	{"PetalBot", event.ClassSearchIndex}, {"YouBot", event.ClassSearchIndex}, {"Exabot", event.ClassSearchIndex},
	// Other AI-related bots.
	{"Google-CloudVertexBot", event.ClassOtherAI}, {"cohere-ai", event.ClassOtherAI}, {"Diffbot", event.ClassOtherAI},
	{"Timpibot", event.ClassOtherAI}, {"ImagesiftBot", event.ClassOtherAI}, {"Kangaroo Bot", event.ClassOtherAI},
}

// robots are crawlers, monitors and previews that are neither readers, AI agents nor the
// crawlers of a traffic export: SEO tools, link previews, uptime checks, headless browsers.
var robots = []string{
	"AhrefsBot", "SemrushBot", "MJ12bot", "DotBot", "AdsBot-Google",
	"facebookexternalhit", "Twitterbot", "LinkedInBot", "Slackbot", "Discordbot", "TelegramBot",
	"UptimeRobot", "Pingdom", "StatusCake", "Site24x7", "Better Uptime", "Datadog", "NewRelicPinger",
	"HeadlessChrome", "PhantomJS", "Lighthouse", "Chrome-Lighthouse",
	"bot/", "crawler", "spider",
}

// scripts are HTTP libraries and tools: dropped when they bring no page context (a referrer),
// since a person's browser always names itself.
var scripts = []string{"curl/", "Wget/", "python-requests", "python-urllib", "Go-http-client", "axios/", "node-fetch", "okhttp", "libwww-perl", "Java/", "httpie"}

// Classify tells an AI agent or a known crawler from a person and drops other robots.
// referrer is the page context a browser sends; a bare script without one is not a reader.
func Classify(userAgent, referrer string) Verdict {
	ua := strings.ToLower(userAgent)
	if a, ok := matchAgent(ua); ok {
		return Verdict{Class: a.class, Agent: a.name}
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

// ClassifyFetch classifies a fetch of a page in an agent's format (Markdown, llms.txt): a
// known crawler keeps its class, and every other client, script or browser, is an AI view.
func ClassifyFetch(userAgent string) Verdict {
	if a, ok := matchAgent(strings.ToLower(userAgent)); ok {
		return Verdict{Class: a.class, Agent: a.name}
	}
	return Verdict{Class: event.ClassAI}
}

func matchAgent(lowerUA string) (agent, bool) {
	for i, a := range lowerAgents {
		if strings.Contains(lowerUA, a) {
			return agents[i], true
		}
	}
	return agent{}, false
}

// The lists in lower case, made once: Classify runs for every event a beacon carries.
var lowerRobots, lowerScripts = lower(robots), lower(scripts)

var lowerAgents = func() []string {
	out := make([]string, len(agents))
	for i, a := range agents {
		out[i] = strings.ToLower(a.name)
	}
	return out
}()

func lower(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToLower(s)
	}
	return out
}

// Memo classifies the events of one request: it keeps the last few verdicts and reuses one
// while its User-Agent, and whether a referrer came, are the same (all Classify depends on). A
// beacon's events share one reader; a server-side batch's alternate between a few (people and
// an agent or two), which a single remembered verdict would classify again at every switch.
// The zero value is ready; with a Cache, it asks the Cache for a verdict it does not hold. A
// Memo is not safe for concurrent use.
type Memo struct {
	Cache *Cache
	seen  [memoSize]memoEntry
	n     int // entries in use
	next  int // the entry a new verdict replaces once all are in use
}

// memoSize is how many verdicts a Memo keeps: a linear scan of this many is far cheaper than
// one Classify (a lower-cased copy and some eighty substring searches).
const memoSize = 4

type memoEntry struct {
	ua       string
	referred bool
	v        Verdict
}

// Classify is Classify(userAgent, referrer), remembered.
func (m *Memo) Classify(userAgent, referrer string) Verdict {
	referred := referrer != ""
	for i := range m.n {
		if e := &m.seen[i]; e.referred == referred && e.ua == userAgent {
			return e.v
		}
	}
	var v Verdict
	if m.Cache != nil {
		v = m.Cache.Classify(userAgent, referrer)
	} else {
		v = Classify(userAgent, referrer)
	}
	m.seen[m.next] = memoEntry{ua: userAgent, referred: referred, v: v}
	m.next = (m.next + 1) % memoSize
	m.n = min(m.n+1, memoSize)
	return v
}

// Cache remembers the verdicts of recent User-Agents across requests: a docs site's readers
// use a few hundred browsers, and a widget's beacon carries one page view, so a verdict made
// once serves many requests (Classify lower-cases the User-Agent and searches it for some
// eighty names, microseconds a call). It holds cacheSlots verdicts, each in the slot its
// User-Agent hashes to, a newer one replacing an older: its memory is bounded whatever
// clients send. Safe for concurrent use.
type Cache struct {
	seed  maphash.Seed
	slots [cacheSlots]atomic.Pointer[memoEntry]
}

// cacheSlots is how many verdicts a Cache holds; User-Agents longer than cacheMaxUA are not
// kept (a real browser's is under 300 bytes), so that it holds at most about 600 KB.
const (
	cacheSlots = 1024
	cacheMaxUA = 512
)

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{seed: maphash.MakeSeed()}
}

// Classify is Classify(userAgent, referrer), from the cache when it holds the verdict.
func (c *Cache) Classify(userAgent, referrer string) Verdict {
	if len(userAgent) > cacheMaxUA {
		return Classify(userAgent, referrer)
	}
	referred := referrer != ""
	h := maphash.String(c.seed, userAgent)
	if referred {
		h = ^h
	}
	slot := &c.slots[h%cacheSlots]
	if e := slot.Load(); e != nil && e.referred == referred && e.ua == userAgent {
		return e.v
	}
	v := Classify(userAgent, referrer)
	slot.Store(&memoEntry{ua: strings.Clone(userAgent), referred: referred, v: v}) // the caller's may be borrowed
	return v
}
