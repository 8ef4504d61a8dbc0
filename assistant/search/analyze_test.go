package search_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

func TestStem(t *testing.T) {
	// Pairs from Porter's paper and his reference vocabulary.
	tests := []struct{ in, want string }{
		{"caresses", "caress"}, {"ponies", "poni"}, {"ties", "ti"}, {"caress", "caress"}, {"cats", "cat"},
		{"feed", "feed"}, {"agreed", "agre"}, {"plastered", "plaster"}, {"motoring", "motor"}, {"sing", "sing"},
		{"conflated", "conflat"}, {"troubled", "troubl"}, {"sized", "size"}, {"hopping", "hop"}, {"tanned", "tan"},
		{"falling", "fall"}, {"hissing", "hiss"}, {"fizzed", "fizz"}, {"failing", "fail"}, {"filing", "file"},
		{"happy", "happi"}, {"sky", "sky"}, {"relational", "relat"}, {"conditional", "condit"},
		{"rational", "ration"}, {"valenci", "valenc"}, {"digitizer", "digit"}, {"conformabli", "conform"},
		{"radicalli", "radic"}, {"differentli", "differ"}, {"vileli", "vile"}, {"analogousli", "analog"},
		{"vietnamization", "vietnam"}, {"predication", "predic"}, {"operator", "oper"}, {"feudalism", "feudal"},
		{"decisiveness", "decis"}, {"hopefulness", "hope"}, {"callousness", "callous"}, {"formaliti", "formal"},
		{"sensitiviti", "sensit"}, {"sensibiliti", "sensibl"}, {"triplicate", "triplic"}, {"formative", "form"},
		{"formalize", "formal"}, {"electriciti", "electr"}, {"electrical", "electr"}, {"hopeful", "hope"},
		{"goodness", "good"}, {"revival", "reviv"}, {"allowance", "allow"}, {"inference", "infer"},
		{"airliner", "airlin"}, {"gyroscopic", "gyroscop"}, {"adjustable", "adjust"}, {"defensible", "defens"},
		{"irritant", "irrit"}, {"replacement", "replac"}, {"adjustment", "adjust"}, {"dependent", "depend"},
		{"adoption", "adopt"}, {"homologou", "homolog"}, {"communism", "commun"}, {"activate", "activ"},
		{"angulariti", "angular"}, {"homologous", "homolog"}, {"effective", "effect"}, {"bowdlerize", "bowdler"},
		{"probate", "probat"}, {"rate", "rate"}, {"cease", "ceas"}, {"controll", "control"}, {"roll", "roll"},
		{"generalizations", "gener"}, {"oscillators", "oscil"}, {"webhooks", "webhook"}, {"is", "is"},
	}
	for _, tt := range tests {
		if got := search.Stem(tt.in); got != tt.want {
			t.Errorf("stem(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"How do I authenticate?", []string{"authent"}},
		{"apiKey", []string{"api", "kei", "apikei"}},
		{"RELAY_API_KEY", []string{"relai", "api", "kei", "relayapikei"}},
		{"HTTPServer OAuth2", []string{"http", "server", "httpserver", "oauth2"}},
		{"X-RateLimit-Limit", []string{"rate", "limit", "ratelimit", "limit"}},
		{"Ünïcode Wörter 429", []string{"unicod", "worter", "429"}}, // folded (fold.go), then stemmed
		{"a b c don't", nil},
		{"relay.messages.send(params)", []string{"relai", "messag", "send", "relaymessagessend", "param"}},
		{"config.json, then stop. Next", []string{"config", "json", "configjson", "stop", "next"}},
		{"end. Start", []string{"end", "start"}},
		{"积分余额", []string{"积分", "分余", "余额"}},
		{"クレジットの繰り越し", []string{"クレ", "レジ", "ジッ", "ット", "トの", "の繰", "繰り", "り越", "越し"}},
		{"v2に移行", []string{"v2", "に移", "移行"}},
		{"API키 발급", []string{"api", "키", "발급"}},
		{"用", []string{"用"}},
	}
	for _, tt := range tests {
		if got := search.Terms(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Terms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPartTerms: the parts of a multi-part identifier are told from words written as words
// (marked '~'); the joined form, a one-part identifier and a dotted name's parts are words.
func TestPartTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Sign in with OneLogin", []string{"sign", "login~", "onelogin"}},
		{"ONELOGIN_CLIENT_ID login", []string{"onelogin~", "client~", "id~", "oneloginclientid", "login"}},
		{"_private HTTPServer", []string{"privat", "http~", "server~", "httpserver"}},
		{"relay.messages.send", []string{"relai", "messag", "send", "relaymessagessend"}},
		{"クレジットのapiKey", []string{"クレ", "レジ", "ジッ", "ット", "トの", "api~", "kei~", "apikei"}},
	}
	for _, tt := range tests {
		if got := search.PartTerms(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("PartTerms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSnippet(t *testing.T) {
	sentences := strings.Repeat("This is one sentence. ", 50)
	early := "First sentence is here. " + strings.Repeat("Word ", 100) + "end. Last sentence."
	code := "Intro text that is long enough to keep on its own here. " + strings.Repeat("More prose. ", 20) + "\n\n```js\n" + strings.Repeat("code();\n", 100) + "```"
	leadingCode := "```js\n" + strings.Repeat("callSomething();\n", 60) + "```\n\nAfter."
	callCode := "```ts\n" + strings.Repeat("const r = await client.register(args)\n", 4) + "  console.log(\n    `registered ${r.ipId}`\n  )\n```"
	// Shapes of LangChain's docs (langchain-ai/docs): a code block followed by its output block,
	// and an ordered list under a sentence.
	codeThenOutput := "Replay the full state history:\n\n```python\n" + strings.Repeat("for s in history(): print(s)\n", 12) + "```\n\n```\n" + strings.Repeat("Num Messages: 8 Next: ()\n", 20) + "```"
	wordAfterCode := "Run it:\n\n```bash\n" + strings.Repeat("make all\n", 10) + "```\n" + strings.Repeat("x", 300)
	orderedList := "Manually update the state and resume the graph from the interrupt:\n" +
		"1. get the list of most recent messages from the graph state with `graph.get_state(config)`\n" +
		"2. modify the list of messages to either remove unanswered tool calls from AIMessages or add ToolMessages with ids that match them"
	tests := []struct {
		name, in string
		n        int
		check    func(string) bool
	}{
		{"short stays", "Short. Text.", 600, func(s string) bool { return s == "Short. Text." }},
		{"cut at a sentence", sentences, 200, func(s string) bool { return len(s) <= 200 && len(s) > 150 && s[len(s)-1] == '.' }},
		{"sentence end too early", early, 200, func(s string) bool { return len(s) > 150 && strings.HasSuffix(s, "Word …") }},
		{"cut at a word", strings.Repeat("word ", 200), 100, func(s string) bool { return len(s) <= 104 && s[len(s)-3:] == "…" }},
		{"code not cut open", code, 600, func(s string) bool { return !strings.Contains(s, "```") }},
		{"leading code closed, marked cut", leadingCode, 300, func(s string) bool {
			return strings.HasSuffix(s, "callSomething();\n…\n```") && len(s) <= 304
		}},
		// Story Protocol's docs: a quote ended at "console.log(" and a closing fence, as if the
		// docs' code were broken there.
		{"code cut in a call is cut at a line and marked", callCode, 200, func(s string) bool {
			return strings.HasSuffix(s, "  console.log(\n…\n```") && len(s) <= 204
		}},
		{"paragraph end after code has no ellipsis", codeThenOutput, 600, func(s string) bool { return strings.HasSuffix(s, "print(s)\n```") }},
		{"ellipsis not on a fence line", wordAfterCode, 200, func(s string) bool {
			return strings.HasSuffix(s, "…") && !strings.Contains(s, "``` …") && strings.Count(s, "```") == 2
		}},
		{"list number is no sentence end", orderedList, 200, func(s string) bool { return !strings.HasSuffix(s, "2.") && strings.HasSuffix(s, "…") }},
	}
	for _, tt := range tests {
		if got := search.Snippet(tt.in, tt.n); !tt.check(got) {
			t.Errorf("%s: snippet %q", tt.name, got)
		}
	}
}
