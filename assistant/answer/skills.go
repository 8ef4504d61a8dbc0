package answer

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/openai/openai-go"
	"github.com/openai/openai-go/shared"
)

// Skill is a topic guide of the docs team (Mintlify's assistant skills) the model may load
// when a question matches its name and description.
type Skill struct {
	Slug, Name, Description, Content string
}

// SkillCall is one call of the loadSkill tool: the slug asked for and what the model was sent.
type SkillCall struct {
	ID     string // the model's tool call id
	Slug   string
	Name   string // the skill's name; "" when no skill has the slug
	Loaded bool   // a skill was found and sent (it counts towards MaxSkillLoads)
	Result string // the tool result the model read: the skill's content, cut at MaxSkillTokens, or why it was not loaded
	round  int    // the model request that asked for it
	said   string // the text the model wrote in that request before its calls (on its first call)
}

// Mintlify's bounds of skills in one response.
const (
	SkillTool      = "loadSkill" // the function tool the model loads a skill with
	MaxSkillLoads  = 3           // skills loaded per response
	MaxSkillTokens = 6000        // a loaded skill is cut at about this many tokens
)

// skillCut closes a skill cut at MaxSkillTokens.
const skillCut = "\n\n[The skill is cut here: at most about 6,000 tokens of a skill are loaded.]"

// skillTool is the loadSkill function the model is offered when the site has skills: its slug
// is one of the listed skills' or of those called already.
func skillTool(skills []Skill, called []SkillCall) openai.ChatCompletionToolParam {
	slugs := []string{}
	for _, s := range skills {
		slugs = append(slugs, s.Slug)
	}
	for _, c := range called {
		if c.Loaded && !slices.Contains(slugs, c.Slug) {
			slugs = append(slugs, c.Slug)
		}
	}
	return openai.ChatCompletionToolParam{Function: shared.FunctionDefinitionParam{
		Name:        SkillTool,
		Description: openai.String("Load one of the docs team's skills (listed in the instructions by slug) to follow it in your answer."),
		Parameters: shared.FunctionParameters{
			"type":                 "object",
			"properties":           map[string]any{"slug": map[string]any{"type": "string", "enum": slugs, "description": "the skill's slug"}},
			"required":             []string{"slug"},
			"additionalProperties": false,
		},
	}}
}

// skillList is the system prompt's part that lists the skills.
func skillList(skills []Skill) string {
	if len(skills) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n\nSkills: the docs team's guides for specific topics. When the question matches a skill's description, call %s with its slug before you answer (at most %d skills per answer) and follow the loaded skill: it takes precedence over the documentation excerpts.\n", SkillTool, MaxSkillLoads)
	for _, s := range skills {
		fmt.Fprintf(&b, "- %s (slug: %s): %s\n", s.Name, s.Slug, s.Description)
	}
	return b.String()
}

// loadSkills answers the tool calls of one model request: each loadSkill call for a listed
// skill loads it, while fewer than MaxSkillLoads are loaded; every call gets a result (the
// chat API wants one per call).
func loadSkills(p *Prompt, calls []openai.ChatCompletionMessageToolCall, round int, said string) []SkillCall {
	loaded := loadedSkills(p.Loaded)
	out := make([]SkillCall, 0, len(calls))
	for _, c := range calls {
		var args struct {
			Slug string `json:"slug"`
		}
		_ = json.Unmarshal([]byte(c.Function.Arguments), &args)
		sc := SkillCall{ID: c.ID, Slug: args.Slug, round: round}
		s, found := findSkill(p.Skills, args.Slug)
		switch {
		case c.Function.Name != SkillTool:
			sc.Result = fmt.Sprintf("There is no tool %q; the only tool is %s.", c.Function.Name, SkillTool)
		case !found:
			sc.Result = fmt.Sprintf("No skill has the slug %q.", args.Slug)
		case loaded >= MaxSkillLoads:
			sc.Name = s.Name
			sc.Result = fmt.Sprintf("Not loaded: at most %d skills are loaded per answer.", MaxSkillLoads)
		default:
			loaded++
			sc.Name, sc.Loaded, sc.Result = s.Name, true, cutSkill(s.Content)
		}
		out = append(out, sc)
	}
	if len(out) > 0 {
		out[0].said = said
	}
	return out
}

func findSkill(skills []Skill, slug string) (Skill, bool) {
	for _, s := range skills {
		if s.Slug == slug {
			return s, true
		}
	}
	return Skill{}, false
}

// cutSkill cuts a skill's content at MaxSkillTokens (estimated at four bytes a token).
func cutSkill(content string) string {
	if len(content) <= MaxSkillTokens*bytesPerToken {
		return content
	}
	return truncate(content, MaxSkillTokens*bytesPerToken) + skillCut
}

// skillMessages are the model's tool calls and their results, a request's calls in one
// assistant message followed by a tool message per call, in the order they were made.
func skillMessages(calls []SkillCall) []openai.ChatCompletionMessageParamUnion {
	var out []openai.ChatCompletionMessageParamUnion
	for i := 0; i < len(calls); {
		j := i
		var asst openai.ChatCompletionAssistantMessageParam
		for ; j < len(calls) && calls[j].round == calls[i].round; j++ {
			asst.ToolCalls = append(asst.ToolCalls, openai.ChatCompletionMessageToolCallParam{
				ID: calls[j].ID, Function: openai.ChatCompletionMessageToolCallFunctionParam{Name: SkillTool, Arguments: skillArgs(calls[j].Slug)},
			})
		}
		if calls[i].said != "" {
			asst.Content.OfString = openai.String(calls[i].said)
		}
		out = append(out, openai.ChatCompletionMessageParamUnion{OfAssistant: &asst})
		for ; i < j; i++ {
			out = append(out, openai.ToolMessage(calls[i].Result, calls[i].ID))
		}
	}
	return out
}

// skillArgs are a loadSkill call's arguments as the model is sent them back.
func skillArgs(slug string) string {
	args, _ := json.Marshal(struct {
		Slug string `json:"slug"`
	}{slug})
	return string(args)
}

// skillBytes is what the tool calls and their results send to the model: each call's id
// (twice: the call and its result name it), tool name and arguments, and its result.
func skillBytes(calls []SkillCall) int {
	n := 0
	for _, c := range calls {
		n += 2*len(c.ID) + len(SkillTool) + len(skillArgs(c.Slug)) + len(c.Result) + len(c.said)
	}
	return n
}

// loadedSkills counts the calls that loaded a skill.
func loadedSkills(calls []SkillCall) int {
	n := 0
	for _, c := range calls {
		if c.Loaded {
			n++
		}
	}
	return n
}
