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
