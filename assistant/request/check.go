package request

import (
	"encoding/json"
	"fmt"
	"github.com/lectern-dev/lectern/schemas/event"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/platform/web"
)

// check validates the decoded body and returns the request it describes.
func (b *body) check(p *problems) *Request {
	r := &Request{PageSize: DefaultPageSize}
	r.FP = b.checkFP(p)
	r.Messages = checkMessages(b.Messages, p)
	r.ThreadID, r.ThreadKey = b.checkThread(p)
	if b.RetrievalPageSize != nil {
		n := *b.RetrievalPageSize
		if n != math.Trunc(n) || n < MinPageSize || n > MaxPageSize {
			p.add("retrievalPageSize", "%s, not %v", pageSizeRule, n)
		} else {
			r.PageSize = int(n)
		}
	}
	if b.Filter != nil {
		r.Filter = b.Filter.check(p)
	}
	r.Context = checkContext(b.Context, p)
	r.CurrentPath = checkCurrentPath(b.CurrentPath, p)
	return r
}

// checkCurrentPath checks currentPath: a page path or URL of at most MaxCurrentPath characters.
func checkCurrentPath(cp *string, p *problems) string {
	if cp == nil || strings.TrimSpace(*cp) == "" {
		return ""
	}
	if tooLong(*cp, MaxCurrentPath) {
		p.add("currentPath", "must be at most %d characters", MaxCurrentPath)
		return ""
	}
	clean, err := event.PagePath(*cp)
	if err != nil {
		p.add("currentPath", "%s", err.Error())
		return ""
	}
	return clean
}

func (b *body) checkFP(p *problems) string {
	switch {
	case b.FP == nil || strings.TrimSpace(*b.FP) == "":
		p.add("fp", `is required: "anonymous" or an identifier of the user`)
	case tooLong(*b.FP, MaxFPChars):
		p.add("fp", "must be at most %d characters", MaxFPChars)
	default:
		return *b.FP
	}
	return ""
}

func (b *body) checkThread(p *problems) (id, key string) {
	if b.ThreadID != nil {
		id = *b.ThreadID
	}
	if b.ThreadKey != nil {
		key = *b.ThreadKey
	}
	if id != "" && (tooLong(id, MaxIDChars) || !thread.ValidID(id)) {
		p.add("threadId", "must be a thread id as sent in the X-Thread-Id header (thr_ and 26 letters and digits)")
	}
	switch {
	case tooLong(key, MaxIDChars):
		p.add("threadKey", "must be at most %d characters", MaxIDChars)
	case key != "" && id == "":
		p.add("threadKey", "is given without threadId: send both to continue a thread, neither to start one")
	}
	return id, key
}

func (f *filterBody) check(p *problems) Filter {
	if tooLong(f.Version, MaxScopeChars) {
		p.add("filter.version", "must be at most %d characters", MaxScopeChars)
	}
	if tooLong(f.Language, MaxScopeChars) {
		p.add("filter.language", "must be at most %d characters", MaxScopeChars)
	}
	if tooLong(f.Tag, MaxScopeChars) {
		p.add("filter.tag", "must be at most %d characters", MaxScopeChars)
	}
	if tooLong(f.Product, MaxScopeChars) {
		p.add("filter.product", "must be at most %d characters", MaxScopeChars)
	}
	if len(f.Groups) > MaxGroups {
		p.add("filter.groups", "must hold at most %d groups", MaxGroups)
		return Filter{}
	}
	for i, g := range f.Groups {
		if strings.TrimSpace(g) == "" || tooLong(g, MaxScopeChars) {
			p.add(fmt.Sprintf("filter.groups[%d]", i), "must be a group name of 1 to %d characters", MaxScopeChars)
		}
	}
	return Filter{Version: f.Version, Language: f.Language, Tag: f.Tag, Product: f.Product, Groups: f.Groups}
}

func checkContext(items []json.RawMessage, p *problems) []ContextItem {
	if len(items) > MaxContextItems {
		p.add("context", "must hold at most %d items", MaxContextItems)
		return nil
	}
	var out []ContextItem
	for i, raw := range items {
		path := fmt.Sprintf("context[%d]", i)
		var c contextBody
		if !decode(raw, &c, path, p) {
			continue
		}
		switch c.Type {
		case "code", "textSelection":
		case "":
			p.add(path+".type", "is required: code or textSelection")
		default:
			p.add(path+".type", "must be code or textSelection, not %q", c.Type)
		}
		switch {
		case strings.TrimSpace(c.Value) == "":
			p.add(path+".value", "is required: the code snippet or the selected text")
		case tooLong(c.Value, MaxContextChars):
			p.add(path+".value", "must be at most %d characters", MaxContextChars)
		}
		if tooLong(c.ElementID, MaxIDChars) {
			p.add(path+".elementId", "must be at most %d characters", MaxIDChars)
		}
		if tooLong(c.Path, MaxPathChars) {
			p.add(path+".path", "must be at most %d characters", MaxPathChars)
		} else if c.Path != "" {
			clean, err := event.PagePath(c.Path)
			if err != nil {
				p.add(path+".path", "%s", err.Error())
			}
			c.Path = clean
		}
		out = append(out, ContextItem(c))
	}
	return out
}

func tooLong(s string, n int) bool { return len(s) > n && utf8.RuneCountInString(s) > n }

// CheckFilter checks a filter given outside a message request (the discovery search): the
// same bounds, each problem naming its field under filter.
func CheckFilter(f Filter) (Filter, []web.Detail) {
	var p problems
	fb := filterBody(f)
	out := fb.check(&p)
	return out, p
}

// CheckCurrentPath checks a currentPath given outside a message request (the discovery search).
func CheckCurrentPath(cp string) (string, []web.Detail) {
	var p problems
	out := checkCurrentPath(&cp, &p)
	return out, p
}
