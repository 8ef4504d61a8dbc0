package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// DecodeJSON decodes the request body into v, answering a 400 that names the offending field
// for a wrong type and says where the JSON broke for a syntax error. Unknown fields are ignored.
func DecodeJSON(c *fiber.Ctx, v any) error {
	if ct := c.Get(fiber.HeaderContentType); ct != "" && !strings.Contains(strings.ToLower(ct), "json") {
		return Errorf(fiber.StatusUnsupportedMediaType, "Content-Type must be application/json, not %q", ct)
	}
	body, err := ReadBody(c, bodyLimit(c))
	if err != nil {
		return err
	}
	return DecodeJSONBytes(body, v)
}

// DecodeJSONBytes decodes a body read with ReadBody into v, with DecodeJSON's errors.
func DecodeJSONBytes(body []byte, v any) error {
	if len(body) == 0 {
		return Invalid("body", "a JSON object is required")
	}
	err := json.Unmarshal(body, v)
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return Invalid(field, typeRule(v, typeErr))
	case errors.As(err, &syntaxErr):
		return Invalid("body", fmt.Sprintf("invalid JSON at byte %d: %s", syntaxErr.Offset, syntaxErr.Error()))
	default:
		return Invalid("body", "invalid JSON: "+err.Error())
	}
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "map", "struct", "ptr":
		return "an object"
	default:
		return "a number"
	}
}
