package useragent_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/lectern-dev/lectern/platform/useragent"
	"github.com/lectern-dev/lectern/schemas/event"
)

func TestClassify(t *testing.T) {
	const chrome = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	for _, tc := range []struct {
		ua, referrer string
		want         event.Class // "" is dropped
	}{
		// AI agents and crawlers, one per entry the issue names, in the export's categories.
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "", event.ClassTraining},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "", event.ClassAI},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", "", event.ClassSearchIndex},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "", event.ClassTraining},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)", "", event.ClassAI},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)", "", event.ClassSearchIndex},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "", event.ClassSearchIndex},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", "", event.ClassAI},
		{"Google-Extended", "", event.ClassTraining},
		{"Mozilla/5.0 (compatible; Applebot-Extended/0.1; +http://www.apple.com/go/applebot)", "", event.ClassTraining},
		{"Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)", "", event.ClassTraining},
		{"CCBot/2.0 (https://commoncrawl.org/faq/)", "", event.ClassTraining},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)", "", event.ClassTraining},
		{"meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "", event.ClassTraining},
		{"cohere-ai", "", event.ClassOtherAI},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)", "", event.ClassAI},
		{"DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)", "", event.ClassAI},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "", event.ClassSearchIndex},
		{"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "", event.ClassSearchIndex},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", "", event.ClassSearchIndex},
		{"Mozilla/5.0 (compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search)", "", event.ClassOtherAI},
		{"Mozilla/5.0 (compatible; Diffbot/0.1; +http://www.diffbot.com)", "", event.ClassOtherAI},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Cursor/0.48.6 Chrome/132.0.6834.210 Electron/34.3.4 Safari/537.36", "", event.ClassAI},
		// Other crawlers and monitors: dropped.
		{"Mozilla/5.0 (compatible; AdsBot-Google; +http://www.google.com/adsbot.html)", "", ""},
		{"Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)", "", ""},
		{"Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", "", ""},
		{"Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)", "", ""},
		{"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "", ""},
		{"facebookexternalhit/1.1", "", ""},
		{"", "", ""},
		// Scripts: dropped without page context, counted with it.
		{"curl/8.5.0", "", ""},
		{"python-requests/2.32.3", "", ""},
		{"Go-http-client/1.1", "", ""},
		{"curl/8.5.0", "https://docs.example.com/quickstart", event.ClassHuman},
		// People.
		{chrome, "", event.ClassHuman},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "https://docs.example.com/", event.ClassHuman},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "", event.ClassHuman},
	} {
		got := useragent.Classify(tc.ua, tc.referrer)
		if got.Class != tc.want || got.Dropped() != (tc.want == "") {
			t.Errorf("Classify(%q, %q) = %+v; want class %q", tc.ua, tc.referrer, got, tc.want)
		}
	}
}

// A Memo answers as Classify does, whatever came before: the same agent with and without a
// referrer, one agent after another, and back.
func TestMemoMatchesClassify(t *testing.T) {
	const chrome = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
	calls := [][2]string{
		{"curl/8.5.0", ""}, {"curl/8.5.0", "https://docs.example.com/"}, {"curl/8.5.0", ""},
		{chrome, ""}, {chrome, "https://www.google.com/"}, {chrome, "https://other.example/"},
		{"GPTBot/1.2", ""}, {"Googlebot/2.1", ""}, {"", ""}, {chrome, ""}, {"curl/8.5.0", "x"},
		// A batch alternating between readers, more of them than the Memo keeps.
		{chrome, "x"}, {"GPTBot/1.2", "x"}, {chrome, "x"}, {"Claude-User/1.0", ""}, {"GPTBot/1.2", "x"},
		{"UptimeRobot/2.0", ""}, {"Googlebot/2.1", "x"}, {"python-requests/2.32", ""}, {chrome, "x"},
		{"python-requests/2.32", "x"}, {"UptimeRobot/2.0", ""}, {"Claude-User/1.0", ""}, {"", "x"},
	}
	var m useragent.Memo
	for _, c := range calls {
		if got, want := m.Classify(c[0], c[1]), useragent.Classify(c[0], c[1]); got != want {
			t.Errorf("Memo.Classify(%q, %q) = %+v; Classify says %+v", c[0], c[1], got, want)
		}
	}
}

// A Cache answers as Classify does, from many goroutines at once, whatever it held before: each
// User-Agent with and without a referrer, far more of them than it keeps (so that slots are
// taken over), ones too long to keep, and a Memo in front of it.
func TestCacheMatchesClassify(t *testing.T) {
	var uas []string
	for i := range 3000 {
		uas = append(uas, []string{
			fmt.Sprintf("Mozilla/5.0 (X11; Linux x86_64; rv:%d.0) Gecko/20100101 Firefox/%d.0", i, i),
			fmt.Sprintf("Mozilla/5.0 (compatible; GPTBot/1.%d)", i),
			fmt.Sprintf("curl/8.%d.0", i),
			fmt.Sprintf("Mozilla/5.0 (compatible; Googlebot/2.%d)", i),
			fmt.Sprintf("UptimeRobot/2.%d", i),
		}[i%5])
	}
	uas = append(uas, "", strings.Repeat("a", 600)+"GPTBot", strings.Repeat("b", 600)+"curl/8", "curl/8.5.0")
	c := useragent.NewCache()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			var m useragent.Memo
			m.Cache = c
			for round := range 3 {
				for i, ua := range uas {
					ref := ""
					if (i+g+round)%2 == 0 {
						ref = "https://docs.example.com/"
					}
					want := useragent.Classify(ua, ref)
					if got := c.Classify(ua, ref); got != want {
						t.Errorf("Cache.Classify(%.40q, %q) = %+v; Classify says %+v", ua, ref, got, want)
						return
					}
					if got := m.Classify(ua, ref); got != want {
						t.Errorf("Memo with a Cache: Classify(%.40q, %q) = %+v; Classify says %+v", ua, ref, got, want)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// A fetch of a page's Markdown or llms.txt is an AI view unless a known crawler made it.
func TestClassifyFetch(t *testing.T) {
	for _, tc := range []struct {
		ua   string
		want event.Class
	}{
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", event.ClassTraining},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", event.ClassSearchIndex},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", event.ClassSearchIndex},
		{"Mozilla/5.0 (compatible; Diffbot/0.1; +http://www.diffbot.com)", event.ClassOtherAI},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)", event.ClassAI},
		{"curl/8.5.0", event.ClassAI},
		{"python-requests/2.32.3", event.ClassAI},
		{"", event.ClassAI},
		{"Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", event.ClassAI},
	} {
		if got := useragent.ClassifyFetch(tc.ua); got.Class != tc.want {
			t.Errorf("ClassifyFetch(%q) = %+v; want class %q", tc.ua, got, tc.want)
		}
	}
}
