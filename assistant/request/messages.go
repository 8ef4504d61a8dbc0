package request

import (
	"encoding/json"
	"fmt"
	"strings"
)

// checkMessages checks the messages and extracts their text; the last must be the user's
// question.
func checkMessages(raws []json.RawMessage, p *problems) []Message {
	switch {
	case raws == nil:
		p.add("messages", "is required: the conversation, ending with the user's question")
		return nil
	case len(raws) == 0:
		p.add("messages", "must not be empty: send at least the user's question")
		return nil
	case len(raws) > MaxMessages:
		p.add("messages", "must hold at most %d messages", MaxMessages)
		return nil
	}
	out := make([]Message, 0, len(raws))
	before := len(*p)
	var textField string // where the last message's text was read from
	for i, raw := range raws {
		var m Message
		m, textField = checkMessage(raw, fmt.Sprintf("messages[%d]", i), p)
		out = append(out, m)
	}
	if len(*p) > before {
		return out
	}
	last := len(out) - 1
	if out[last].Role != RoleUser {
		p.add(fmt.Sprintf("messages[%d].role", last), "the last message must be the user's question (role user), not %s", out[last].Role)
	} else if strings.TrimSpace(out[last].Text) == "" {
		p.add(textField, "the question is empty")
	}
	return out
}

// checkMessage checks one message and returns it with the field its text was read from:
// path.parts (ai@4.2+, ai@5) or path.content (ai@4.1).
func checkMessage(raw json.RawMessage, path string, p *problems) (Message, string) {
	var m messageBody
	if !decode(raw, &m, path, p) {
		return Message{}, path
	}
	var msg Message
	switch {
	case m.Role == nil || *m.Role == "":
		p.add(path+".role", "is required: one of system, user, assistant, data")
	case *m.Role != RoleSystem && *m.Role != RoleUser && *m.Role != RoleAssistant && *m.Role != RoleData:
		p.add(path+".role", "must be one of system, user, assistant, data, not %q", *m.Role)
	default:
		msg.Role = *m.Role
	}
	if len(m.Parts) > MaxParts {
		p.add(path+".parts", "must hold at most %d parts", MaxParts)
		return msg, path + ".parts"
	}
	text, ok := partsText(m.Parts, path+".parts", p)
	field := path + ".parts"
	if !ok {
		text, ok = contentText(m.Content, path, p)
		if len(m.Content) > 0 || m.Parts == nil { // a v5 message has parts and no content
			field = path + ".content"
		}
	}
	if ok && tooLong(text, MaxMessageChars) {
		p.add(field, "must be at most %d characters", MaxMessageChars)
	}
	msg.Text = text
	return msg, field
}

// partsText joins the text parts of a message; ok is false when it has none (ai@4.1 sends no
// parts; other parts are tool calls, reasoning, sources, files or step starts).
func partsText(parts []json.RawMessage, path string, p *problems) (text string, ok bool) {
	var texts []string
	for i, raw := range parts {
		pp := fmt.Sprintf("%s[%d]", path, i)
		var part partBody
		if !decode(raw, &part, pp, p) || part.Type != "text" {
			continue
		}
		var s string
		if err := json.Unmarshal(part.Text, &s); err != nil {
			p.add(pp+".text", "must be a string")
			continue
		}
		texts = append(texts, s)
	}
	return strings.Join(texts, "\n\n"), len(texts) > 0
}

// contentText reads content: a string, or an array of {type: "text", text} parts.
func contentText(raw json.RawMessage, path string, p *problems) (string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	var parts []json.RawMessage
	if json.Unmarshal(raw, &parts) != nil {
		p.add(path+".content", "must be a string")
		return "", false
	}
	text, _ := partsText(parts, path+".content", p)
	return text, true
}
