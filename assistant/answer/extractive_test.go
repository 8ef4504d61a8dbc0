package answer_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/schemas/event"
)

var (
	verify = answer.Source{
		Title: "Webhooks", Section: "Verify webhook signatures", Path: "/webhooks", URL: "/webhooks#verify-webhook-signatures",
		Breadcrumbs: []string{"Guides", "Webhooks"},
		Text: "Every webhook request carries an `X-Acme-Signature` header. Compute an HMAC-SHA256 of the raw " +
			"request body with your signing secret and compare it with the header in constant time. Reject requests " +
			"whose signature does not match.\n\nSigning secrets are shown once.",
	}
	rotate = answer.Source{
		Title: "Authentication", Section: "Rotate an API key", Path: "/authentication", URL: "/authentication#rotate-an-api-key",
		Breadcrumbs: []string{"Guides", "Get started"},
		Text: "To rotate a key, create a new key, deploy it to your services, then revoke the old key. Revoked keys " +
			"stop working within one minute. Rotate keys at least every 90 days.",
	}
	install = answer.Source{
		Title: "Quickstart", Section: "Install the CLI", Path: "/quickstart", URL: "/quickstart#install-the-cli",
		Text: "Install the `acme` command-line tool with npm. It needs Node.js 18 or later.\n\n```bash\nnpm install -g @acme/cli\n```\n\nCheck the installation with `acme --version`.",
	}
	limits = answer.Source{
		Title: "Rate limits", Path: "/rate-limits", URL: "/rate-limits",
		Text: "Each API key may make 100 requests per minute. Requests over the limit get the status 429.",
	}
)

// withMatch returns s with the search's Match set.
func withMatch(s answer.Source, m float64) answer.Source {
	s.Match = m
	return s
}

func generate(t *testing.T, p answer.Prompt) (string, []string, answer.Answer) {
	t.Helper()
	var chunks []string
	a, err := answer.NewExtractive().Generate(context.Background(), p, func(s string) error {
		chunks = append(chunks, s)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(chunks, ""), chunks, a
}

func citedPaths(a answer.Answer) string {
	var p []string
	for _, c := range a.Cited {
		p = append(p, c.Path)
	}
	return strings.Join(p, ",")
}

// TestRelevanceThreshold checks the rule: a source answers when it holds at least 60% of the
// question's content words, or at least three of them.
func TestRelevanceThreshold(t *testing.T) {
	tests := []struct {
		name     string
		question string
		history  []answer.Turn
		sources  []answer.Source
		cited    string // paths, comma-separated; "" for unanswered
	}{
		{"all words", "How do I verify webhook signatures?", nil, []answer.Source{verify, rotate}, "/webhooks"},
		{"one word", "webhooks", nil, []answer.Source{verify}, "/webhooks"},
		{"plural and verb forms", "verifying a signature", nil, []answer.Source{verify}, "/webhooks"},
		{"nothing matches", "What will the weather be like in Paris?", nil, []answer.Source{verify, rotate, limits}, ""},
		{"one of three words", "Can I bake a cake with the API?", nil, []answer.Source{limits, rotate}, ""},
		{"one of two words", "deploy to kubernetes", nil, []answer.Source{rotate}, ""},
		{"two of three words", "rotate old keys", nil, []answer.Source{limits, rotate}, "/authentication"},
		{"three of many words", "I set up the endpoint on my Express server but signature verification of each webhook keeps failing, what is wrong?", nil, []answer.Source{verify}, "/webhooks"},
		{"two of many words", "I set up the endpoint on my Express server but webhook verification keeps failing, what is wrong?", nil, []answer.Source{verify}, ""},
		{"no sources", "How do I verify webhook signatures?", nil, nil, ""},
		{"follow-up without content words", "and then?", []answer.Turn{{Question: "how to rotate keys", Answer: "..."}}, []answer.Source{rotate}, "/authentication"},
		{"weaker second page left out", "How do I rotate API keys?", nil, []answer.Source{rotate, limits}, "/authentication"},
		{"equally good pages: the first only", "API key", nil, []answer.Source{rotate, limits, verify}, "/authentication"},
		{"a source that fails gives way to the next", "How many requests per minute?", nil, []answer.Source{verify, limits}, "/rate-limits"},
		{"one citation per page", "API key", nil, []answer.Source{rotate, {Title: "Authentication", Path: "/authentication", URL: "/authentication", Text: "An API key."}}, "/authentication"},
		// With the search's Match, the rare words decide: the page holding them answers, the
		// page holding only common ones does not, whatever the count of words.
		{"match: rare words held, few words in all", "how do I put the cli on my laptop with npm", nil, []answer.Source{withMatch(install, 0.8)}, "/quickstart"},
		{"match: common words only", "which api key limits apply to the weather endpoint", nil, []answer.Source{withMatch(limits, 0.3)}, ""},
		{"match: weaker second page left out", "How do I rotate API keys?", nil, []answer.Source{withMatch(rotate, 0.9), withMatch(limits, 0.2)}, "/authentication"},
		{"match: no question word in the section", "rotate keys", nil, []answer.Source{withMatch(verify, 0.9)}, ""},
		// Some source holding enough decides that the docs answer; the search's order decides
		// which page is quoted: the first whose section holds a word of the question.
		{"match: the first source is quoted when a later one holds more", "How do I rotate API keys?", nil, []answer.Source{withMatch(rotate, 0.3), withMatch(limits, 0.6)}, "/authentication"},
		{"match: a first source without the question's words gives way", "What is the limit per minute?", nil, []answer.Source{withMatch(verify, 0.3), withMatch(limits, 0.6)}, "/rate-limits"},
		{"match: no source holds enough", "How do I rotate API keys?", nil, []answer.Source{withMatch(rotate, 0.45), withMatch(limits, 0.3)}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, _, a := generate(t, answer.Prompt{Question: tc.question, History: tc.history, Sources: tc.sources})
			if got := citedPaths(a); got != tc.cited {
				t.Fatalf("cited %q, want %q\n%s", got, tc.cited, text)
			}
			wantRes := event.Answered
			if tc.cited == "" {
				wantRes = event.Unanswered
			}
			if a.Resolution != wantRes {
				t.Errorf("resolution %s, want %s", a.Resolution, wantRes)
			}
			if tc.cited == "" && (strings.Contains(text, "> ") || !strings.HasPrefix(text, "I could not find")) {
				t.Errorf("unanswered text %q: want an honest answer without a quote", text)
			}
		})
	}
}

// TestLongQuestions: a page that answers a long question holds less of it than one that
// answers a short one; past LongQuestion words the share needed falls as
// MatchShare·(LongQuestion/n)^Falloff (0.55·6/n).
func TestLongQuestions(t *testing.T) {
	long := "we put our api key in the backend environment but every single call comes back saying the key is invalid, so where do we rotate it?"
	tests := []struct {
		name  string
		match float64
		words int
		cited string
	}{
		{"short question, half held", 0.5, 4, ""},
		{"short question, 0.55 held", 0.55, 4, "/authentication"},
		{"five words, 0.54 held", 0.54, answer.LongQuestion, ""},
		{"ten words, 0.34 held (0.33 needed)", 0.34, 10, "/authentication"},
		{"ten words, 0.32 held", 0.32, 10, ""},
		{"twenty words, 0.17 held (0.165 needed)", 0.17, 20, "/authentication"},
		{"twenty words, 0.16 held", 0.16, 20, ""},
		{"length unknown: a short question's share", 0.54, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := withMatch(rotate, tc.match)
			s.Words = tc.words
			text, _, a := generate(t, answer.Prompt{Question: long, Sources: []answer.Source{s}})
			if got := citedPaths(a); got != tc.cited {
				t.Errorf("cited %q, want %q\n%s", got, tc.cited, text)
			}
		})
	}
}

// TestMatchNeeded pins the decline rule's curve: MatchShare up to LongQuestion words (and for
// an unknown length), then MatchShare·(LongQuestion/n)^Falloff, never rising with length.
func TestMatchNeeded(t *testing.T) {
	tests := []struct {
		words int
		want  float64
	}{
		{0, answer.MatchShare},
		{1, answer.MatchShare},
		{answer.LongQuestion, answer.MatchShare},
		{answer.LongQuestion + 1, answer.MatchShare * math.Pow(float64(answer.LongQuestion)/float64(answer.LongQuestion+1), answer.Falloff)},
		{10, 0.33},
		{20, 0.165},
		{64, 0.0515625},
	}
	for _, tc := range tests {
		if got := answer.MatchNeeded(tc.words); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("MatchNeeded(%d) = %v, want %v", tc.words, got, tc.want)
		}
	}
	for n := 1; n <= 64; n++ {
		if next, got := answer.MatchNeeded(n+1), answer.MatchNeeded(n); next > got {
			t.Errorf("MatchNeeded(%d) = %v above MatchNeeded(%d) = %v: a longer question never needs more", n+1, next, n, got)
		}
	}
}

// TestCJKQuestions: a Chinese or Japanese question, written without spaces, is read as pairs of
// characters, so the section that holds its words is quoted.
func TestCJKQuestions(t *testing.T) {
	credits := answer.Source{
		Title: "账单", Section: "积分", Path: "/zh/billing", URL: "/zh/billing#积分", Match: 0.8,
		Text: "账单按月发送给团队的所有者。每月的积分会在账单周期结束时重置，未使用的积分不会结转到下个月。发票可以在设置中下载。未使用的积分不会结转到下个月。",
	}
	parse := answer.Source{
		Title: "ファイルの解析", Path: "/ja/parse", URL: "/ja/parse", Match: 0.7,
		Text: "料金はページ数で決まります。PDFやWordファイルをアップロードしてMarkdownに変換します。",
	}
	tests := []struct {
		q         string
		src       answer.Source
		cited     string
		quote     string
		unrelated string // a sentence of the section that does not answer: not quoted
	}{
		{"没用完的积分会结转到下个月吗？", credits, "/zh/billing", "> 每月的积分会在账单周期结束时重置，未使用的积分不会结转到下个月。发票可以在设置中下载。", "账单按月发送"},
		{"手元のファイルをMarkdownに変換したい", parse, "/ja/parse", "Markdownに変換します。", "料金"},
	}
	for _, tc := range tests {
		text, _, a := generate(t, answer.Prompt{Question: tc.q, Sources: []answer.Source{tc.src}})
		if got := citedPaths(a); got != tc.cited {
			t.Errorf("%q: cited %q, want %q\n%s", tc.q, got, tc.cited, text)
		}
		if !strings.Contains(text, tc.quote) || strings.Contains(text, tc.unrelated) {
			t.Errorf("%q: answer\n%s\nwant it to quote %q and not %q", tc.q, text, tc.quote, tc.unrelated)
		}
	}
}

func TestAnswerQuotesAndCites(t *testing.T) {
	text, chunks, a := generate(t, answer.Prompt{Question: "How do I verify webhook signatures?", Sources: []answer.Source{verify, rotate}})
	want := "The documentation covers this in [Webhooks › Verify webhook signatures](/webhooks#verify-webhook-signatures).\n\n" +
		"> Every webhook request carries an `X-Acme-Signature` header. Compute an HMAC-SHA256 of the raw request body " +
		"with your signing secret and compare it with the header in constant time. Reject requests whose signature does not match."
	if text != want {
		t.Errorf("answer\n%s\nwant\n%s", text, want)
	}
	if len(chunks) < 3 {
		t.Errorf("%d chunks, want the answer streamed in several", len(chunks))
	}
	if a.Usage.CompletionTokens == 0 || a.Usage.PromptTokens == 0 {
		t.Errorf("usage %+v", a.Usage)
	}
}

func TestAnswerQuotesCode(t *testing.T) {
	text, _, _ := generate(t, answer.Prompt{Question: "How do I install the CLI?", Sources: []answer.Source{install}})
	// "It needs Node.js 18 or later." is left out, and the quote says so.
	want := "> Install the `acme` command-line tool with npm.\n>\n> …\n>\n> ```bash\n> npm install -g @acme/cli\n> ```\n>\n> Check the installation with `acme --version`."
	if !strings.Contains(text, want) {
		t.Errorf("answer\n%s\nlacks\n%s", text, want)
	}
}

// TestAnswerQuotesOnePassage: when later sources pass the relevance rule too (a section that
// mentions the question's words in passing), the answer still quotes and cites the first one
// only, so it leads with the passage that answers and adds nothing unrelated.
func TestAnswerQuotesOnePassage(t *testing.T) {
	runTests := answer.Source{
		Title: "Quickstart", Section: "Run the tests", Path: "/quickstart", URL: "/quickstart#run-the-tests", Match: 1,
		Text: "```bash\nacme test\n```\n\n`acme test` runs the unit tests of every package.",
	}
	lint := answer.Source{
		Title: "Security", Section: "Static analysis", Path: "/security", URL: "/security#static-analysis", Match: 1,
		Text: "The linter runs on every commit; its findings in test helpers are left as they are.",
	}
	text, _, a := generate(t, answer.Prompt{Question: "How do I run the tests?", Sources: []answer.Source{runTests, lint, withMatch(limits, 1)}})
	if got := citedPaths(a); got != "/quickstart" {
		t.Fatalf("cited %q, want /quickstart only\n%s", got, text)
	}
	want := "The documentation covers this in [Quickstart › Run the tests](/quickstart#run-the-tests).\n\n" +
		"> ```bash\n> acme test\n> ```\n>\n> `acme test` runs the unit tests of every package."
	if text != want {
		t.Errorf("answer\n%s\nwant\n%s", text, want)
	}
}

func TestAnswerEscapesLinks(t *testing.T) {
	s := answer.Source{Title: "Arrays [deprecated]", Path: "/a (old)", URL: "/a (old)#x", Text: "Arrays are deprecated."}
	text, _, _ := generate(t, answer.Prompt{Question: "deprecated arrays", Sources: []answer.Source{s}})
	if !strings.Contains(text, `[Arrays \[deprecated\]](/a%20%28old%29#x)`) {
		t.Errorf("link not escaped:\n%s", text)
	}
}

func TestGreeting(t *testing.T) {
	text, _, a := generate(t, answer.Prompt{Question: "Hello!", Sources: []answer.Source{verify}})
	if a.Resolution != event.Unanswered || len(a.Cited) != 0 || !strings.Contains(text, "What would you like to know?") {
		t.Errorf("greeting answered %q, %+v", text, a)
	}
}

func TestEmitFailureStops(t *testing.T) {
	gone := errors.New("client gone")
	calls := 0
	_, err := answer.NewExtractive().Generate(context.Background(), answer.Prompt{Question: "webhook signature", Sources: []answer.Source{verify}},
		func(string) error { calls++; return gone })
	if !errors.Is(err, gone) || calls != 1 {
		t.Errorf("err %v after %d emits: want the emit error at once", err, calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := answer.NewExtractive().Generate(ctx, answer.Prompt{Question: "webhook"}, func(string) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}

// TestAnswerQuotesCodeTheExcerptStartsAt: a search excerpt that starts at a code fence ("…
// ```shell") is quoted as that code block. Sequence's "Fetch Native Network Balance from all
// chains" (0xsequence/docs@2e7df85, api-references/indexer-gateway/examples/
// get-native-token-balances.mdx, a CodeGroup) gave this excerpt for "How do I get the native
// token balance of an address with the indexer API?": the fence went unseen after the "… ", so
// the command was quoted as one line of prose, with two bare fences after it.
func TestAnswerQuotesCodeTheExcerptStartsAt(t *testing.T) {
	src := answer.Source{
		Title: "Fetch Native Network Balance from all chains", Section: "Fetch all native balances from all chains at once",
		Path: "/api-references/indexer-gateway/examples/get-native-token-balances", Match: 1,
		URL: "/api-references/indexer-gateway/examples/get-native-token-balances#fetch-all-native-balances-from-all-chains-at-once",
		Text: "… ```shell\ncurl -X POST \\\n  -H \"Content-Type: application/json\" \\\n  -H \"X-Access-Key: AQAAAAAAAF_JvPALhBthL7VGn6jV0YDqaFY\" \\\n" +
			"  https://indexer.sequence.app/rpc/IndexerGateway/GetNativeTokenBalance \\\n  -d '{\n    \"accountAddress\": \"0x8e3E38fe7367dd3b52D1e281E4e8400447C8d8B9\"\n  }'\n```",
	}
	text, _, _ := generate(t, answer.Prompt{Question: "How do I get the native token balance of an address with the indexer API?", Sources: []answer.Source{src}})
	want := "\n\n> ```shell\n> curl -X POST \\\n>   -H \"Content-Type: application/json\" \\\n>   -H \"X-Access-Key: AQAAAAAAAF_JvPALhBthL7VGn6jV0YDqaFY\" \\\n" +
		">   https://indexer.sequence.app/rpc/IndexerGateway/GetNativeTokenBalance \\\n>   -d '{\n>     \"accountAddress\": \"0x8e3E38fe7367dd3b52D1e281E4e8400447C8d8B9\"\n>   }'\n> ```"
	if !strings.HasSuffix(text, want) {
		t.Errorf("answer\n%s\nwant it to end with\n%s", text, want)
	}
}

// TestAnswerParagraphAfterAList: a sentence of the paragraph after a list is quoted as a
// paragraph, not on the last item's line, where Markdown reads it as part of that item.
// Unstructured's "Account billing › How is pay-per-page billing calculated?"
// (Unstructured-IO/docs@8905f62, ui/account/billing.mdx with its snippet pages-billing.mdx)
// quoted "- For these file types, ... `.tiff`. The Billing tab shows your account's current
// billing rate per page." as one item (the list is quoted whole, TestAnswerQuotesWholeList, and
// the paragraph after it apart). An indented paragraph carries on its item and stays on its line.
func TestAnswerParagraphAfterAList(t *testing.T) {
	billing := answer.Source{Title: "Account billing", Section: "How is pay-per-page billing calculated?", Path: "/ui/account/billing", Match: 1,
		URL: "/ui/account/billing#how-is-pay-per-page-billing-calculated",
		Text: "Unstructured calculates a page as follows:\n\n- For these file types, a page is a page, slide, or image: `.pdf`, `.pptx`, and `.tiff`.\n" +
			"- For `.docx` files that have page metadata, Unstructured calculates the number of pages based on that metadata.\n" +
			"- For all other file types, Unstructured calculates the number of pages as the file's size divided by 100 KB.\n" +
			"- For non-file data, Unstructured calculates a page as 100 KB of incoming data to be processed.\n\n" +
			"The Billing tab shows your account's current billing rate per page.\n\nTo complete usage-related tasks in your account, see Account usage."}
	indented := answer.Source{Title: "Outlook", Section: "Requirements", Path: "/ui/sources/outlook", URL: "/ui/sources/outlook#requirements", Match: 1,
		Text: "- The Entra ID app registration must have the Graph API permission levels of the application type.\n\n  Learn how to grant the permission levels."}
	tests := []struct {
		name, question string
		src            answer.Source
		want           string
	}{
		{name: "a paragraph after the list", question: "how much does it cost per page", src: billing,
			want: "> - For non-file data, Unstructured calculates a page as 100 KB of incoming data to be processed.\n>\n> The Billing tab shows your account's current billing rate per page."},
		{name: "an indented paragraph of the item", question: "which Graph API permission levels does the Entra ID app registration need", src: indented,
			want: "> - The Entra ID app registration must have the Graph API permission levels of the application type. Learn how to grant the permission levels."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, _, _ := generate(t, answer.Prompt{Question: tt.question, Sources: []answer.Source{tt.src}})
			if !strings.Contains(text, tt.want) {
				t.Errorf("answer\n%s\nlacks\n%s", text, tt.want)
			}
		})
	}
}

// TestAnswerExcerptStartsAtAListItem: a search excerpt that starts at a list item ("… - Within
// a Pinecone serverless index, ...") is quoted as that item, and the paragraph after it apart.
// Unstructured's Pinecone destination connector (Unstructured-IO/docs@8905f62,
// open-source/ingestion/destination-connectors/pinecone.mdx) was quoted for "How do I set up a
// Pinecone destination?" as "… - Within a Pinecone serverless index, custom namespaces are
// supported but are not required. The Pinecone connector dependencies.", one line of prose.
func TestAnswerExcerptStartsAtAListItem(t *testing.T) {
	src := answer.Source{Title: "Pinecone", Path: "/open-source/ingestion/destination-connectors/pinecone", Match: 1,
		URL:  "/open-source/ingestion/destination-connectors/pinecone",
		Text: "… - Within a Pinecone serverless index, custom namespaces are supported but are not required.\n\nThe Pinecone connector dependencies.\n\n```bash\npip install \"unstructured-ingest[pinecone]\"\n```\n\nYou might also need to install additional dependencies, depending on your needs. Learn more.",
	}
	text, _, _ := generate(t, answer.Prompt{Question: "How do I set up a Pinecone destination?", Sources: []answer.Source{src}})
	want := "\n\n> - Within a Pinecone serverless index, custom namespaces are supported but are not required.\n>\n> The Pinecone connector dependencies."
	if !strings.Contains(text, want) {
		t.Errorf("answer\n%s\nlacks\n%s", text, want)
	}
}

// TestRule: the zero Rule is DefaultRule, and an Extractive's Rule decides where a source's
// Match, and with a SectionShare its SectionMatch, is enough (the search evaluation's
// -declinegrid tries others).
func TestRule(t *testing.T) {
	for n := 0; n <= 64; n++ {
		if got, want := (answer.Rule{}).Needed(n), answer.DefaultRule.Needed(n); got != want {
			t.Errorf("zero Rule needs %v of %d words, DefaultRule %v", got, n, want)
		}
	}
	long := "we put our api key in the backend environment but every single call comes back saying the key is invalid, so where do we rotate it?"
	tests := []struct {
		name  string
		rule  answer.Rule
		match float64
		sec   float64 // the best section's share (Source.SectionMatch); 0 unknown
		words int
		cited string
	}{
		{"default, 0.34 of ten words (0.33 needed)", answer.Rule{}, 0.34, 0, 10, "/authentication"},
		{"square root from five words (0.389 needed)", answer.Rule{MatchShare: 0.55, LongQuestion: 5, Falloff: 0.5}, 0.34, 0, 10, ""},
		{"square root from five words, 0.39 held", answer.Rule{MatchShare: 0.55, LongQuestion: 5, Falloff: 0.5}, 0.39, 0, 10, "/authentication"},
		{"default (no floor), 0.25 of thirty words (0.11 needed)", answer.Rule{}, 0.25, 0, 30, "/authentication"},
		{"floor 0.3, 0.25 of thirty words (0.3 needed)", answer.Rule{MatchShare: 0.55, LongQuestion: 6, Falloff: 1, Floor: 0.3}, 0.25, 0, 30, ""},
		{"floor 0.3, 0.31 of thirty words", answer.Rule{MatchShare: 0.55, LongQuestion: 6, Falloff: 1, Floor: 0.3}, 0.31, 0, 30, "/authentication"},
		{"floor 0.2, 0.25 of thirty words", answer.Rule{MatchShare: 0.55, LongQuestion: 6, Falloff: 1, Floor: 0.2}, 0.25, 0, 30, "/authentication"},
		{"default (no section need), 0.34 of ten words, 0.05 in a section", answer.Rule{}, 0.34, 0.05, 10, "/authentication"},
		{"section 0.6, 0.34 of ten words, 0.19 in a section (0.198 needed)", answer.Rule{MatchShare: 0.55, LongQuestion: 6, Falloff: 1, SectionShare: 0.6}, 0.34, 0.19, 10, ""},
		{"section 0.6, 0.34 of ten words, 0.2 in a section", answer.Rule{MatchShare: 0.55, LongQuestion: 6, Falloff: 1, SectionShare: 0.6}, 0.34, 0.2, 10, "/authentication"},
		{"section 0.6, 0.34 of ten words, section unknown", answer.Rule{MatchShare: 0.55, LongQuestion: 6, Falloff: 1, SectionShare: 0.6}, 0.34, 0, 10, "/authentication"},
		{"section 0.6 needs the page's share first", answer.Rule{MatchShare: 0.55, LongQuestion: 6, Falloff: 1, SectionShare: 0.6}, 0.3, 0.3, 10, ""},
		{"section 0.6, 0.6 of five words, 0.3 in a section (0.33 needed)", answer.Rule{MatchShare: 0.55, LongQuestion: 6, Falloff: 1, SectionShare: 0.6}, 0.6, 0.3, 5, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := withMatch(rotate, tc.match)
			s.Words, s.SectionMatch = tc.words, tc.sec
			var text strings.Builder
			a, err := (&answer.Extractive{Rule: tc.rule}).Generate(context.Background(), answer.Prompt{Question: long, Sources: []answer.Source{s}}, func(c string) error {
				text.WriteString(c)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := citedPaths(a); got != tc.cited {
				t.Errorf("cited %q, want %q\n%s", got, tc.cited, text.String())
			}
		})
	}
}
