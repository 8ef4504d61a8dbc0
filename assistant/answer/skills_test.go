package answer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestModelSkillRounds: loadSkill calls across rounds, with the fake server's tool calls.
// Three skills load per answer however the calls are spread; a slug no skill has, or another
// tool, is answered as such without counting; a server that goes on calling tools after they
// are refused gets no more requests; a site without skills is offered no tool.
func TestModelSkillRounds(t *testing.T) {
	skills := []answer.Skill{
		{Slug: "one", Name: "One", Description: "First.", Content: "content one"},
		{Slug: "two", Name: "Two", Description: "Second.", Content: "content two"},
		{Slug: "three", Name: "Three", Description: "Third.", Content: "content three"},
		{Slug: "four", Name: "Four", Description: "Fourth.", Content: "content four"},
	}
	call := func(id, slug string) llmtest.ToolCall {
		return llmtest.ToolCall{ID: id, Name: answer.SkillTool, Arguments: `{"slug":"` + slug + `"}`}
	}
	answerScript := llmtest.Script{Tokens: []string{"done"}}
	tests := []struct {
		name     string
		skills   []answer.Skill
		script   llmtest.Script
		requests int
		calls    string // each call as slug:loaded, in order
		text     string
		answered bool // the text cites nothing: answered only when a skill was loaded
	}{
		{
			name: "one per round", skills: skills,
			script: llmtest.Script{ToolCalls: []llmtest.ToolCall{call("a", "one")}, Replies: []llmtest.Script{
				{ToolCalls: []llmtest.ToolCall{call("b", "two")}},
				{ToolCalls: []llmtest.ToolCall{call("c", "three")}},
				answerScript,
			}},
			requests: 4, calls: "one:true two:true three:true", text: "done", answered: true,
		},
		{
			name: "cap across rounds", skills: skills,
			script: llmtest.Script{ToolCalls: []llmtest.ToolCall{call("a", "one"), call("b", "two")}, Replies: []llmtest.Script{
				{ToolCalls: []llmtest.ToolCall{call("c", "three"), call("d", "four")}},
				answerScript,
			}},
			requests: 3, calls: "one:true two:true three:true four:false", text: "done", answered: true,
		},
		{
			name: "unknown slug and tool", skills: skills,
			script:   llmtest.Script{ToolCalls: []llmtest.ToolCall{call("a", "nope"), {ID: "b", Name: "search", Arguments: `{}`}}, Replies: []llmtest.Script{answerScript}},
			requests: 2, calls: "nope:false :false", text: "done",
		},
		{
			name: "server ignores refusal", skills: skills,
			script:   llmtest.Script{Tokens: []string{"x"}, ToolCalls: []llmtest.ToolCall{call("a", "nope")}},
			requests: 4, calls: "nope:false nope:false nope:false", text: "xxxx",
		},
		{
			name: "no skills", script: answerScript, requests: 1, text: "done",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.Start(t, tt.script)
			var calls []string
			p := answer.Prompt{Site: "acme", Question: "q?", Skills: tt.skills, OnSkill: func(c answer.SkillCall) error {
				calls = append(calls, c.Slug+":"+map[bool]string{true: "true", false: "false"}[c.Loaded])
				return nil
			}}
			var text strings.Builder
			a, err := model(srv, 5*time.Second).Generate(context.Background(), p, func(s string) error { text.WriteString(s); return nil })
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Resolution == event.Answered; got != tt.answered {
				t.Errorf("resolution %s, want answered %v (a loaded skill answers; nothing else cited does)", a.Resolution, tt.answered)
			}
			reqs := srv.Requests()
			if len(reqs) != tt.requests || strings.Join(calls, " ") != tt.calls || text.String() != tt.text {
				t.Errorf("%d requests, calls %q, text %q; want %d, %q, %q", len(reqs), strings.Join(calls, " "), text.String(), tt.requests, tt.calls, tt.text)
			}
			if tt.skills == nil && (len(reqs[0].Tools) != 0 || len(reqs[0].ToolChoice) != 0) {
				t.Errorf("a site without skills is offered tools %+v %s", reqs[0].Tools, reqs[0].ToolChoice)
			}
			if tt.name == "server ignores refusal" {
				// The text the model wrote before its calls goes back with them.
				for i, m := range reqs[1].Messages {
					if len(m.ToolCalls) > 0 && m.Content != "x" {
						t.Errorf("message %d: the tool calls' assistant message holds %q, want the text before them", i, m.Content)
					}
				}
			}
			for i, r := range reqs {
				if refused := string(r.ToolChoice) == `"none"`; tt.skills != nil && refused != (i == tt.requests-1 && len(strings.Fields(tt.calls)) >= 3) {
					t.Errorf("request %d tool_choice %s", i, r.ToolChoice)
				}
			}
		})
	}
}
