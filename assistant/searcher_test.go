package assistant_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/schemas/event"
)

const (
	chrome   = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	headless = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36"
	google   = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	ahrefs   = "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)"
	chatgpt  = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot"
)

// TestSearcher reproduces a rehearsal on CData's docs: searches sent to the discovery search
// route by Googlebot and by headless Chromium with an Origin were counted as readers' searches
// (the searches export, and search_no_click in the content gaps, since their clicks are dropped
// at the beacon's intake), though traffic.mdx says a crawler's search is dropped at intake. A
// crawler's search is not recorded now, nor a robot's from a browser; a person's and an API
// caller's are as before.
func TestSearcher(t *testing.T) {
	tests := []struct {
		name, origin, referer, ua string
		caller                    event.Caller
		class                     event.Class
		kept                      bool
	}{
		{"a reader's browser", "https://docs.acme.dev", "", chrome, event.CallerWeb, event.ClassHuman, true},
		{"a reader's browser with its page", "https://docs.acme.dev", "https://docs.acme.dev/quickstart", chrome, event.CallerWeb, event.ClassHuman, true},
		{"an agent's browser", "https://docs.acme.dev", "", chatgpt, event.CallerWeb, event.ClassAI, true},
		{"a script that sends Origin", "https://docs.acme.dev", "", "Go-http-client/1.1", event.CallerWeb, event.ClassHuman, true},
		{"an API caller", "", "", "python-requests/2.32", event.CallerAPI, event.ClassAI, true},
		{"an API caller without a User-Agent", "", "", "", event.CallerAPI, event.ClassAI, true},
		{"Googlebot from a page", "https://docs.acme.dev", "", google, "", "", false},
		{"Googlebot", "", "", google, "", "", false},
		{"headless Chromium", "https://docs.acme.dev", "", headless, "", "", false},
		{"an SEO crawler", "https://docs.acme.dev", "", ahrefs, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			caller, class, kept := assistant.Searcher(tt.origin, tt.referer, tt.ua)
			if kept != tt.kept || kept && (caller != tt.caller || class != tt.class) {
				t.Errorf("searcher = %q, %q, kept %v; want %q, %q, kept %v", caller, class, kept, tt.caller, tt.class, tt.kept)
			}
		})
	}
}
