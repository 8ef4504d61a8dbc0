package assistant_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
	"github.com/lectern-dev/lectern/assistant/internal/uitest"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/sites"
)

// assistantFiles are a docs team's .mintlify files for the acme test site: instructions and
// four skills, one far past Mintlify's 6,000-token cut.
var assistantFiles = map[string]string{
	".mintlify/Assistant.md": "Call every workspace a workspace, never a project.\n",
	".mintlify/assistant/skills/debug-webhooks/skill.md": "---\nname: Debug webhooks\ndescription: When a webhook signature does not verify.\n---\n" +
		"First print the raw body you hash: framework parsers change it.\n",
	".mintlify/assistant/skills/huge-playbook/skill.md": "---\nname: Huge playbook\ndescription: Everything about operations.\n---\n" +
		strings.Repeat("Step. ", 8000) + "THE-END-OF-THE-PLAYBOOK\n",
	".mintlify/assistant/skills/rotate-keys/skill.md": "---\nname: Rotate keys\ndescription: Rotating an API key without downtime.\n---\n" +
		"Create the new key before revoking the old one.\n",
	".mintlify/assistant/skills/rate-limits/skill.md": "---\nname: Rate limits\ndescription: Handling 429 answers.\n---\n" +
		"Back off exponentially.\n",
}

// skillSite is the acme test site with files added, in a temporary directory.
func skillSite(t *testing.T, files map[string]string) []sites.Site {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "acme")
	if err := os.CopyFS(dir, os.DirFS("testdata/sites/acme")); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return []sites.Site{{Domain: "acme", Project: "acme-docs", Docs: dir}}
}

// loadCall is a loadSkill call of the fake model.
func loadCall(id, slug string) llmtest.ToolCall {
	return llmtest.ToolCall{ID: id, Name: "loadSkill", Arguments: `{"slug":"` + slug + `"}`}
}

// TestAssistantInstructionsAndSkills: with a model, the site's Assistant.md follows Lectern's
// instructions in the system prompt, the skills are listed and offered as the loadSkill tool;
// a call loads a skill's content as the tool result (cut at about 6,000 tokens), at most three
// per answer, each shown in the stream as a tool call; a follow-up does not resend them.
func TestAssistantInstructionsAndSkills(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{
		ToolCalls: []llmtest.ToolCall{loadCall("call_1", "debug-webhooks"), loadCall("call_2", "huge-playbook"), loadCall("call_3", "rotate-keys"), loadCall("call_4", "rate-limits")},
		Replies:   []llmtest.Script{{Tokens: []string{"Print the raw body ", "([Webhooks](/v2/webhooks))."}}},
	})
	h := start(t, skillSite(t, assistantFiles), withModel(srv, 10*time.Second))
	first := h.post(t, "acme", ask("Why does my webhook signature not verify?"))
	parts := readParts(t, first.Body)
	first.Body.Close()
	if c := codes(parts); c != "f9aef"+strings.Repeat("9aef", 4)+"0082ed" {
		t.Fatalf("parts %q: want the search step, four loadSkill steps, then the answer", c)
	}
	for i, slug := range []string{"debug-webhooks", "huge-playbook", "rotate-keys", "rate-limits"} {
		call := decodePart[map[string]any](t, parts[5+4*i])
		result := decodePart[map[string]any](t, parts[6+4*i])
		args, _ := call["args"].(map[string]any)
		res, _ := result["result"].(map[string]any)
		if call["toolName"] != "loadSkill" || args["slug"] != slug || res["slug"] != slug || res["loaded"] != (i < 3) {
			t.Errorf("step %d: call %v result %v: want loadSkill of %s, loaded %v", i, call, result, slug, i < 3)
		}
	}

	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d model requests, want 2 (the tool calls, then the answer)", len(reqs))
	}
	sys := reqs[0].Messages[0].Content
	own, team := strings.Index(sys, "You are the documentation assistant"), strings.Index(sys, "Call every workspace a workspace")
	if own < 0 || team < own {
		t.Errorf("system prompt: want Assistant.md after Lectern's instructions:\n%s", sys)
	}
	for _, line := range []string{"- Debug webhooks (slug: debug-webhooks): When a webhook signature does not verify.", "- Rate limits (slug: rate-limits): Handling 429 answers."} {
		if !strings.Contains(sys, line) {
			t.Errorf("system prompt lacks the skill %q", line)
		}
	}
	if strings.Contains(sys, "framework parsers") {
		t.Error("a skill's content is in the system prompt before it is loaded")
	}
	if len(reqs[0].Tools) != 1 || reqs[0].Tools[0].Function.Name != "loadSkill" || !strings.Contains(string(reqs[0].Tools[0].Function.Parameters), `"rotate-keys"`) {
		t.Errorf("tools %+v: want loadSkill with the slugs", reqs[0].Tools)
	}
	msgs := reqs[1].Messages
	if len(msgs) < 6 || msgs[len(msgs)-5].Role != "assistant" || len(msgs[len(msgs)-5].ToolCalls) != 4 {
		t.Fatalf("second request's messages %+v: want the four tool calls and their results", msgs)
	}
	results := msgs[len(msgs)-4:]
	want := []func(string) bool{
		func(s string) bool { return s == "First print the raw body you hash: framework parsers change it." },
		func(s string) bool {
			return len(s) <= 6000*4+200 && strings.HasPrefix(s, "Step. Step.") && strings.HasSuffix(s, "at most about 6,000 tokens of a skill are loaded.]") && !strings.Contains(s, "THE-END")
		},
		func(s string) bool { return s == "Create the new key before revoking the old one." },
		func(s string) bool { return strings.HasPrefix(s, "Not loaded: at most 3 skills") },
	}
	for i, m := range results {
		if m.Role != "tool" || m.ToolCallID != "call_"+string(rune('1'+i)) || !want[i](m.Content) {
			t.Errorf("tool result %d: %s %s %.120q", i, m.Role, m.ToolCallID, m.Content)
		}
	}
	if string(reqs[1].ToolChoice) != `"none"` {
		t.Errorf("tool_choice %s after three skills, want \"none\"", reqs[1].ToolChoice)
	}

	// The follow-up: the earlier answer is history, its loaded skills are not.
	id, key := first.Header.Get("X-Thread-Id"), first.Header.Get("X-Thread-Key")
	checkReply(t, h.post(t, "acme", continueWith("And in Go?", id, key)))
	reqs = srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d model requests, want 3", len(reqs))
	}
	var history strings.Builder
	for _, m := range reqs[2].Messages {
		if m.Role == "tool" || len(m.ToolCalls) > 0 {
			t.Errorf("the follow-up resends a tool message: %+v", m)
		}
		history.WriteString(m.Content)
	}
	if !strings.Contains(history.String(), "Print the raw body") || strings.Contains(history.String(), "framework parsers") {
		t.Errorf("follow-up messages: want the earlier answer and no earlier skill content:\n%s", history.String())
	}
}

// TestSkillsWithinPromptBound: a loaded skill and the instructions stay inside
// --llm-max-prompt-tokens: the excerpts give way first, then the skill is cut.
func TestSkillsWithinPromptBound(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{
		ToolCalls: []llmtest.ToolCall{loadCall("call_1", "huge-playbook")},
		Replies:   []llmtest.Script{{Tokens: []string{"Step."}}},
	})
	h := start(t, skillSite(t, assistantFiles), withModel(srv, 10*time.Second), func(c *assistant.Config) { c.Model.MaxPromptTokens = 1000 })
	resp := h.post(t, "acme", ask("How do I run operations?"))
	if c := codes(readParts(t, resp.Body)); c != "f9aef9aef082ed" {
		t.Errorf("parts %q: want the search, the skill, then the answer", c)
	}
	resp.Body.Close()
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d model requests, want 2", len(reqs))
	}
	for i, r := range reqs {
		n := 0
		for _, m := range r.Messages {
			n += len(m.Content)
			for _, c := range m.ToolCalls {
				n += len(c.ID) + len(c.Function.Name) + len(c.Function.Arguments)
			}
		}
		if n > 1000*4 {
			t.Errorf("request %d sends %d bytes of messages, over 1000 tokens at 4 bytes", i, n)
		}
		if !strings.Contains(r.Messages[0].Content, "Call every workspace a workspace") {
			t.Errorf("request %d lost the site's instructions", i)
		}
	}
	last := reqs[1].Messages[len(reqs[1].Messages)-1]
	if last.Role != "tool" || !strings.HasPrefix(last.Content, "Step. Step.") {
		t.Errorf("the skill's result %.80q: want its start", last.Content)
	}
}

// TestSkillStepV2: the loadSkill step in the v5 UI message stream is a tool step the
// reader of the tests accepts chunk by chunk, between the search and the answer.
func TestSkillStepV2(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{
		ToolCalls: []llmtest.ToolCall{loadCall("call_1", "rotate-keys")},
		Replies:   []llmtest.Script{{Tokens: []string{"Create the new key first ", "([Authentication](/v2/authentication))."}}},
	})
	h := start(t, skillSite(t, assistantFiles), withModel(srv, 10*time.Second))
	resp := h.postV2(t, "acme", ask("How do I rotate an API key?"))
	defer resp.Body.Close()
	chunks, done, err := uitest.Read(resp.Body)
	if err != nil || !done {
		t.Fatalf("stream: done %v, %v", done, err)
	}
	want := "start start-step tool-input-start tool-input-available tool-output-available finish-step " +
		"start-step tool-input-start tool-input-available tool-output-available finish-step " +
		"start-step text-start text-delta text-delta text-end finish-step finish"
	if got := uitest.Types(chunks); got != want {
		t.Fatalf("chunks %q, want %q", got, want)
	}
	in, out := chunks[8], chunks[9]
	input, _ := json.Marshal(in.Fields["input"])
	if in.Str("toolName") != "loadSkill" || string(input) != `{"slug":"rotate-keys"}` || out.Str("toolCallId") != "call_1" {
		t.Errorf("skill step %s %s", in.Raw, out.Raw)
	}
}

// TestAISDKClientsReadSkillSteps runs the real AI SDK clients (scripts/usechat/skills.mjs:
// processDataStream of ai@4.3.19 and ai@4.1.15, callChatApi as useChat calls it, AbstractChat
// of ai@5 on the v2 route) on replies in which the model loads a skill: each shows the
// loadSkill step as a finished tool call between the search and the text. It needs the
// clients installed: scripts/usechat/run.sh (make test-clients) runs it with
// LECTERN_USECHAT_NODE_DIR set to scripts/usechat; go test alone skips it.
func TestAISDKClientsReadSkillSteps(t *testing.T) {
	dir := os.Getenv("LECTERN_USECHAT_NODE_DIR")
	if dir == "" {
		t.Skip("LECTERN_USECHAT_NODE_DIR is not set: scripts/usechat/run.sh runs this test with the AI SDK clients installed")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ai-5")); err != nil {
		t.Fatalf("LECTERN_USECHAT_NODE_DIR=%s has no ai-5: %v", dir, err)
	}
	load := llmtest.Script{ToolCalls: []llmtest.ToolCall{loadCall("call_skill", "rotate-keys")}}
	reply := llmtest.Script{Tokens: []string{"Create the new key first ", "([Authentication](/v2/authentication))."}}
	script := load
	script.Replies = []llmtest.Script{reply, load, reply, load, reply, load, reply, load, reply}
	srv := llmtest.Start(t, script)
	h := start(t, skillSite(t, assistantFiles), withModel(srv, 10*time.Second))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "skills.mjs", h.base+"/discovery/v1/assistant/acme/message", h.base+"/discovery/v2/assistant/acme/message",
		h.tokens["acme"], "How do I rotate an API key?")
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node skills.mjs: %v\n%s", err, stderr.String())
	}
	var got struct {
		UIUtils12 string `json:"ui-utils-1.2.11"`
		UIUtils11 string `json:"ui-utils-1.1.8"`
		UseChat   struct {
			Parts, Tools []string
			Text         string
		} `json:"useChat"`
		V5 struct {
			Status               string
			Errors, Parts, Tools []string
			Text                 string
		} `json:"v5"`
		V5FollowUp struct {
			Status        string
			Errors, Parts []string
			Messages      int
		} `json:"v5FollowUp"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node output %s: %v", out, err)
	}
	const lines = "start_step tool_call:search tool_result finish_step start_step tool_call:loadSkill tool_result finish_step " +
		"start_step text text message_annotations data finish_step finish_message"
	for name, parts := range map[string]string{"ui-utils 1.2.11": got.UIUtils12, "ui-utils 1.1.8": got.UIUtils11} {
		if parts != lines {
			t.Errorf("processDataStream of %s: %q, want %q", name, parts, lines)
		}
	}
	const answer = "Create the new key first ([Authentication](/v2/authentication))."
	if strings.Join(got.UseChat.Parts, " ") != "step-start tool-invocation step-start tool-invocation step-start text" ||
		strings.Join(got.UseChat.Tools, " ") != "search:result: loadSkill:result:rotate-keys" || got.UseChat.Text != answer {
		t.Errorf("useChat's message: %+v", got.UseChat)
	}
	if got.V5.Status != "ready" || len(got.V5.Errors) > 0 || strings.Join(got.V5.Parts, " ") != "step-start tool-search step-start tool-loadSkill step-start text" ||
		strings.Join(got.V5.Tools, " ") != "tool-search:output-available: tool-loadSkill:output-available:rotate-keys" || got.V5.Text != answer {
		t.Errorf("ai@5's message: %+v", got.V5)
	}
	// ai@5's follow-up sends the first turn back with its tool-loadSkill part: accepted, and the
	// model is not sent the skill again unless it loads it.
	if f := got.V5FollowUp; f.Status != "ready" || len(f.Errors) > 0 || f.Messages != 4 || strings.Join(f.Parts, " ") != "step-start tool-search step-start tool-loadSkill step-start text" {
		t.Errorf("ai@5's follow-up: %+v", f)
	}
	reqs := srv.Requests()
	if len(reqs) != 10 {
		t.Fatalf("%d model requests, want 10", len(reqs))
	}
	var sent strings.Builder
	for _, m := range reqs[8].Messages {
		sent.WriteString(m.Role + ": " + m.Content + "\n")
	}
	if !strings.Contains(sent.String(), "assistant: "+answer) || strings.Contains(sent.String(), "before revoking") || strings.Contains(sent.String(), "tool:") {
		t.Errorf("the follow-up's first model request: want the first answer and no skill:\n%s", sent.String())
	}
}

// TestAssistantFilesReloaded: a bad skill is a warning of the site (its state, /readyz, and
// lectern_assistant_site_problems) and the site is served; fixing it and changing
// Assistant.md reach the model's next request without a restart (the site's fingerprint
// covers .mintlify).
func TestAssistantFilesReloaded(t *testing.T) {
	list := skillSite(t, map[string]string{
		".mintlify/Assistant.md":                      "Answer like a pirate.",
		".mintlify/assistant/skills/refunds/skill.md": "# Refunds\n\nNo frontmatter here.\n",
	})
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"See [Webhooks](/v2/webhooks)."}})
	h := start(t, list, withModel(srv, 10*time.Second))
	const warning = "warning: .mintlify/assistant/skills/refunds/skill.md: the skill has no YAML frontmatter"
	st := siteState(t, h, "acme")
	if !st.Serving || !slices.ContainsFunc(st.Problems, func(p string) bool { return strings.HasPrefix(p, warning) }) {
		t.Fatalf("acme state %+v: want it served with the bad skill's warning", st)
	}
	checkReadiness(t, h.svc, "ok", "ok", fmt.Sprintf("site acme: %d warning%s (lectern nav validate lists them)", len(st.Problems), map[bool]string{true: "", false: "s"}[len(st.Problems) == 1]))
	if got := gather(t, h)[`lectern_assistant_site_problems{domain="acme"}`]; got != float64(len(st.Problems)) {
		t.Errorf("lectern_assistant_site_problems = %v, want %d", got, len(st.Problems))
	}
	checkReply(t, h.post(t, "acme", ask("How do I verify webhook signatures?")))
	if sys := srv.Requests()[0].Messages[0].Content; !strings.Contains(sys, "Answer like a pirate.") || strings.Contains(sys, "refunds") {
		t.Errorf("system prompt before the change: want the instructions and no bad skill:\n%s", sys)
	}

	dir := list[0].Docs
	for _, f := range []struct{ name, content string }{
		{".mintlify/Assistant.md", "Answer like a librarian."},
		{".mintlify/assistant/skills/refunds/skill.md", "---\nname: Refunds\ndescription: Asking for a refund.\n---\nOpen a ticket.\n"},
	} {
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	eventually.Succeeds(t, 10*time.Second, func() error {
		if st := siteState(t, h, "acme"); slices.ContainsFunc(st.Problems, func(p string) bool { return strings.HasPrefix(p, warning) }) {
			return fmt.Errorf("the bad skill's warning is still there: %q", st.Problems)
		}
		return nil
	})
	checkReply(t, h.post(t, "acme", ask("How do I verify webhook signatures?")))
	reqs := srv.Requests()
	sys := reqs[len(reqs)-1].Messages[0].Content
	if !strings.Contains(sys, "Answer like a librarian.") || strings.Contains(sys, "pirate") || !strings.Contains(sys, "- Refunds (slug: refunds): Asking for a refund.") {
		t.Errorf("system prompt after the change: want the new instructions and the fixed skill:\n%s", sys)
	}
}

// siteState is one site's state as /readyz?verbose shows it.
func siteState(t *testing.T, h *harness, domain string) sitedocs.State {
	t.Helper()
	states, ok := h.svc.SiteStates(context.Background()).(map[string]sitedocs.State)
	if !ok {
		t.Fatalf("SiteStates is %T", h.svc.SiteStates(context.Background()))
	}
	return states[domain]
}
