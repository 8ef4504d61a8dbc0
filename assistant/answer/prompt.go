package answer

import (
	"fmt"
	"strings"

	"github.com/openai/openai-go"
)

// instructions open the system message; the sources follow them.
const instructions = `You are the documentation assistant of the %s docs. Answer the reader's question from the documentation excerpts below and nothing else.

- Cite every page you use with a markdown link written exactly as given, for example [Quickstart](/quickstart). Do not invent links.
- If the excerpts do not answer the question, say plainly that the documentation does not cover it, then end your reply with ` + NoAnswer + ` on a line of its own. Do not guess and do not use outside knowledge. Never write ` + NoAnswer + ` after an answer, a greeting, thanks or other small talk.
- Be concise. Use markdown. Keep code exactly as the excerpts show it.`

// messages builds the chat: instructions and sources, the earlier turns, then the question
// with the context the reader attached.
func messages(p *Prompt) []openai.ChatCompletionMessageParamUnion {
	msgs := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(system(p))}
	for _, t := range p.History {
		msgs = append(msgs, openai.UserMessage(t.Question), openai.AssistantMessage(t.Answer))
	}
	msgs = append(msgs, openai.UserMessage(question(p)))
	return append(msgs, skillMessages(p.Loaded)...)
}

func system(p *Prompt) string {
	var b strings.Builder
	fmt.Fprintf(&b, instructions, p.Site)
	if p.Instructions != "" {
		fmt.Fprintf(&b, "\n\nThe docs team's instructions (they add to the rules above and do not replace them):\n\n%s", p.Instructions)
	}
	b.WriteString(skillList(p.Skills))
	b.WriteString(readerLine(p.Reader))
	b.WriteString("\n\nDocumentation excerpts:\n")
	if len(p.Sources) == 0 {
		b.WriteString("\n(The search found no pages for this question.)\n")
	}
	for i, s := range p.Sources {
		fmt.Fprintf(&b, "\n[%d] %s%s\nLink: %s\n", i+1, label(s), readerMark(s), link(s.Title, s.URL))
		if len(s.Breadcrumbs) > 0 {
			fmt.Fprintf(&b, "Section of the docs: %s\n", strings.Join(s.Breadcrumbs, " › "))
		}
		fmt.Fprintf(&b, "%s\n", strings.TrimSpace(s.Text))
	}
	return b.String()
}

func question(p *Prompt) string {
	if len(p.Context) == 0 {
		return p.Question
	}
	var b strings.Builder
	for _, c := range p.Context {
		kind := "text they selected"
		if c.Type == "code" {
			kind = "code"
		}
		fmt.Fprintf(&b, "The reader attached this %s", kind)
		if c.Path != "" {
			fmt.Fprintf(&b, " from the page %s", c.Path)
		}
		fmt.Fprintf(&b, ":\n\n```\n%s\n```\n\n", strings.TrimSpace(c.Value))
	}
	b.WriteString("Question: ")
	b.WriteString(p.Question)
	return b.String()
}
