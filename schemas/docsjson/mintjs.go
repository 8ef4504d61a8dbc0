package docsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The helpers below give Go the few JavaScript semantics Mintlify's upgrade of mint.json
// (upgradeToDocsConfig in @mintlify/validation) relies on: a missing property is undefined,
// which JSON.stringify leaves out, while null is kept; truthiness; strict equality; and objects
// whose keys keep the order they were set in. Values are what encoding/json decodes
// (map[string]any, []any, string, float64, bool, nil), jsUndefined, or *jsObject.

// undefinedT is JavaScript's undefined: a property that is not there.
type undefinedT struct{}

var jsUndefined any = undefinedT{}

func isUndefined(v any) bool { _, ok := v.(undefinedT); return ok }

// nullish is `v == undefined` in JavaScript: undefined or null.
func nullish(v any) bool { return v == nil || isUndefined(v) }

// prop is `v.k` (or `v?.k`): undefined unless v is an object holding k.
func prop(v any, k string) any {
	switch o := v.(type) {
	case map[string]any:
		if x, ok := o[k]; ok {
			return x
		}
	case *jsObject:
		if x, ok := o.vals[k]; ok {
			return x
		}
	}
	return jsUndefined
}

// dig is prop applied along keys: `v?.a?.b`.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		v = prop(v, k)
	}
	return v
}

// hasProp is `k in v` for an object v.
func hasProp(v any, k string) bool { return !isUndefined(prop(v, k)) }

// truthy is JavaScript's truthiness.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil, undefinedT:
		return false
	case bool:
		return x
	case float64:
		return x != 0 && !math.IsNaN(x)
	case string:
		return x != ""
	}
	return true
}

// strictEq is `a === b`: objects and arrays are equal only to themselves.
func strictEq(a, b any) bool {
	switch x := a.(type) {
	case nil, undefinedT, bool, float64, string:
		return a == b
	case map[string]any, []any, *jsObject:
		y := reflect.ValueOf(b)
		if reflect.TypeOf(b) != reflect.TypeOf(x) || y.Kind() == reflect.Slice && y.Len() != reflect.ValueOf(x).Len() {
			return false
		}
		return reflect.ValueOf(x).UnsafePointer() == y.UnsafePointer()
	}
	return false
}

// array is v when it is an array, else nil (where JavaScript would throw on a mint.json the
// mint.json schema refuses, the upgrade reads nothing instead).
func array(v any) []any { a, _ := v.([]any); return a }

// isObject is `typeof v === 'object'` for a non-null v.
func isObject(v any) bool {
	switch v.(type) {
	case map[string]any, []any, *jsObject:
		return true
	}
	return false
}

// str is v when it is a string, else "" (a string method called on anything else throws).
func str(v any) string { s, _ := v.(string); return s }

// jsString is String(v), for the keys of an object built from values.
func jsString(v any) string {
	switch x := v.(type) {
	case undefinedT:
		return "undefined"
	case nil:
		return "null"
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e21 {
			return strconv.FormatFloat(x, 'f', -1, 64)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if !nullish(e) {
				parts[i] = jsString(e)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// capitalize is lodash's: the first character upper case, the rest lower case.
func capitalize(v any) string {
	s := strings.ToLower(jsString(v))
	if nullish(v) {
		s = ""
	}
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

func ensureLeadingSlash(p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return "/" + p
}

func ensureTrailingSlash(p string) string {
	if strings.HasSuffix(p, "/") {
		return p
	}
	return p + "/"
}

// isRemoteURL is the upgrade's isRemoteUrl: an http(s) URL.
func isRemoteURL(v any) bool {
	s := str(v)
	return strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// isAbsoluteURL is @mintlify/validation's isAbsoluteUrl (URL.canParse): a scheme, and for
// the schemes the URL standard calls special (other than file) a host.
func isAbsoluteURL(v any) bool {
	s := strings.TrimFunc(str(v), func(r rune) bool { return r <= ' ' })
	m := urlScheme.FindString(s)
	if m == "" {
		return false
	}
	switch strings.ToLower(strings.TrimSuffix(m, ":")) {
	case "http", "https", "ftp", "ws", "wss":
		rest := strings.TrimLeft(s[len(m):], `/\`)
		host := rest
		if i := strings.IndexAny(rest, `/?#\`); i >= 0 {
			host = rest[:i]
		}
		if i := strings.LastIndexByte(host, '@'); i >= 0 {
			host = host[i+1:]
		}
		return host != "" && !strings.ContainsAny(host, " <>^|%")
	}
	return true
}

// jsObject is a JavaScript object built by the upgrade: its keys keep the order they were
// first set in, as Mintlify's upgradeToDocsConfig builds them.
type jsObject struct {
	keys []string
	vals map[string]any
}

func newObject() *jsObject { return &jsObject{vals: map[string]any{}} }

// set is `o[k] = v`; an undefined v is left out, as JSON.stringify leaves it out.
func (o *jsObject) set(k string, v any) *jsObject {
	if isUndefined(v) {
		if _, ok := o.vals[k]; ok {
			o.del(k)
		}
		return o
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
	return o
}

func (o *jsObject) del(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, key := range o.keys {
		if key == k {
			o.keys = append(o.keys[:i:i], o.keys[i+1:]...)
			break
		}
	}
}

// assign is Object.assign(o, src) for an object src (a decoded object's keys in sorted order).
func (o *jsObject) assign(src any) *jsObject {
	switch s := src.(type) {
	case *jsObject:
		for _, k := range s.keys {
			o.set(k, s.vals[k])
		}
	case map[string]any:
		for _, k := range sortedKeys(s) {
			o.set(k, s[k])
		}
	}
	return o
}

// without is lodash's omit(o, k): a copy of o without k.
func (o *jsObject) without(k string) *jsObject {
	c := newObject().assign(o)
	c.del(k)
	return c
}

// MarshalJSON writes the keys in their order.
func (o *jsObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := encodeJSON(&b, k); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := encodeJSON(&b, o.vals[k]); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// encodeJSON writes v as JSON without escaping <, > and & (the docs.json is for people).
func encodeJSON(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // Encode's newline
	return nil
}

// plain turns the upgrade's values into what encoding/json decodes, for the decoder.
func plain(v any) any {
	switch x := v.(type) {
	case *jsObject:
		m := make(map[string]any, len(x.keys))
		for _, k := range x.keys {
			m[k] = plain(x.vals[k])
		}
		return m
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = plain(e)
		}
		return m
	case []any:
		a := make([]any, 0, len(x))
		for _, e := range x {
			if !isUndefined(e) {
				a = append(a, plain(e))
			}
		}
		return a
	}
	return v
}

// parseOrdered decodes one JSON value as parseJSON does, but its objects are *jsObject, with
// their keys in the file's order (a repeated key keeps its first place and its last value,
// as JSON.parse has it), so that the upgrade prints them in Mintlify's order.
func parseOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	v, err := decodeOrdered(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("invalid JSON: more than one value")
	}
	return v, nil
}

func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := newObject()
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			o.set(k.(string), v)
		}
		_, err := dec.Token()
		return o, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return tok, nil
}
