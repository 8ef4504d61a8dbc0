package request

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/web"
)

// body is the JSON body; lists are decoded item by item so errors can name the item.
type body struct {
	FP                *string           `json:"fp"`
	Messages          []json.RawMessage `json:"messages"`
	ThreadID          *string           `json:"threadId"`
	ThreadKey         *string           `json:"threadKey"`
	RetrievalPageSize *float64          `json:"retrievalPageSize"`
	Filter            *filterBody       `json:"filter"`
	Context           []json.RawMessage `json:"context"`
	CurrentPath       *string           `json:"currentPath"`
}

type filterBody struct {
	Version  string   `json:"version"`
	Language string   `json:"language"`
	Tag      string   `json:"tag"`
	Product  string   `json:"product"`
	Groups   []string `json:"groups"`
}

type messageBody struct {
	Role    *string           `json:"role"`
	Content json.RawMessage   `json:"content"`
	Parts   []json.RawMessage `json:"parts"`
}

type partBody struct {
	Type string          `json:"type"`
	Text json.RawMessage `json:"text"`
}

type contextBody struct {
	Type      string `json:"type"`
	Value     string `json:"value"`
	ElementID string `json:"elementId"`
	Path      string `json:"path"`
}

// pageSizeRule is the rule of retrievalPageSize, for a value out of range and for one its Go
// field cannot hold (1e400: web.FieldRules) alike.
var pageSizeRule = fmt.Sprintf("must be a whole number from %d to %d (recommended %d)", MinPageSize, MaxPageSize, DefaultPageSize)

// FieldRule is the rule of the body's number fields (web.FieldRules).
func (*body) FieldRule(field string) string {
	if field == "retrievalPageSize" {
		return pageSizeRule
	}
	return ""
}

// Parse reads and checks the request body, answering every problem at once as a 400.
func Parse(c *fiber.Ctx) (*Request, error) {
	var b body
	if err := web.DecodeJSON(c, &b); err != nil {
		return nil, err
	}
	var p problems
	r := b.check(&p)
	if len(p) > 0 {
		return nil, web.InvalidAll(p)
	}
	return r, nil
}

// problems collects the details of a 400.
type problems []web.Detail

func (p *problems) add(field, format string, args ...any) {
	*p = append(*p, web.Detail{Field: field, Message: fmt.Sprintf(format, args...)})
}

// decode unmarshals one list item, naming a type error's field under path.
func decode(raw json.RawMessage, v any, path string, p *problems) bool {
	err := json.Unmarshal(raw, v)
	if err == nil {
		return true
	}
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te) && te.Field != "":
		p.add(path+"."+te.Field, "%s", web.TypeMismatch(te))
	case errors.As(err, &te):
		p.add(path, "must be an object, not %s", te.Value)
	default:
		p.add(path, "invalid: %v", err)
	}
	return false
}
