package web

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
)

// TypeMismatch is the rule a JSON value broke when it does not fit the Go field it decodes
// into: "must be a string, not number", or, for a number too large or not whole for its
// field ("pageSize": 1e400, 2.5 or 123456789012345678901234567890), "must be a whole number
// from -2147483648 to 2147483647, not 1e400" rather than "must be a number, not number 1e400".
func TypeMismatch(te *json.UnmarshalTypeError) string {
	value, isNumber := strings.CutPrefix(te.Value, "number ")
	if !isNumber || te.Type == nil {
		return fmt.Sprintf("must be %s, not %s", jsonKind(kindOf(te.Type)), te.Value)
	}
	switch t := te.Type; t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lo, hi := int64(-1)<<(t.Bits()-1), int64(1)<<(t.Bits()-1)-1
		return fmt.Sprintf("must be a whole number from %d to %d, not %s", lo, hi, value)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return fmt.Sprintf("must be a whole number from 0 to %d, not %s", uint64(math.MaxUint64)>>(64-t.Bits()), value)
	case reflect.Float32, reflect.Float64:
		return fmt.Sprintf("must be a number within ±%g, not %s", maxFloat(t.Bits()), value)
	}
	return fmt.Sprintf("must be %s, not a number (%s)", jsonKind(te.Type.Kind().String()), value)
}

// FieldRules is implemented by a request body whose number fields have rules of their own
// ("pageSize": "must be from 1 to 50"). DecodeJSON answers a number the field's Go type cannot
// hold (1e400, or 2.5 for a whole number) with the field's rule and the value ("must be from 1
// to 50, not 1e400"), as the route answers 0 or 51, rather than the Go type's range.
type FieldRules interface {
	// FieldRule is the rule of field, a JSON path as encoding/json names it ("pageSize",
	// "events.results": no index); "" when the route has none for it.
	FieldRule(field string) string
}

// typeRule is the rule a type error of a value decoded into v broke: a number field's own
// rule when v has one (FieldRules), else TypeMismatch.
func typeRule(v any, te *json.UnmarshalTypeError) string {
	value, isNumber := strings.CutPrefix(te.Value, "number ")
	if r, ok := v.(FieldRules); ok && isNumber && te.Type != nil && isNumberKind(te.Type.Kind()) {
		if rule := r.FieldRule(te.Field); rule != "" {
			return rule + ", not " + value
		}
	}
	return TypeMismatch(te)
}

// isNumberKind reports whether k is a Go number kind.
func isNumberKind(k reflect.Kind) bool {
	return k >= reflect.Int && k <= reflect.Float64
}

func kindOf(t reflect.Type) string {
	if t == nil {
		return ""
	}
	return t.Kind().String()
}

func maxFloat(bits int) float64 {
	if bits == 32 {
		return math.MaxFloat32
	}
	return math.MaxFloat64
}
