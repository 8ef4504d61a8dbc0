package web

import (
	"testing"
	"unsafe"
)

func TestMethodLabel(t *testing.T) {
	for in, want := range map[string]string{
		"GET": "GET", "POST": "POST", "PATCH": "PATCH", "OPTIONS": "OPTIONS", "DELETE": "DELETE",
		"PAT": "other", "get": "other", "PROPFIND": "other", "": "other",
	} {
		if got := methodLabel(in); got != want {
			t.Errorf("methodLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

// The label survives the reuse of the request buffer its input came from, as Fiber's strings do.
func TestMethodLabelOutlivesRequestBuffer(t *testing.T) {
	buf := []byte("PATCH")
	method := unsafe.String(&buf[0], len(buf)) // aliases buf, like c.Method()
	label := methodLabel(method)
	copy(buf, "GET\x00\x00") // the next request reuses the buffer
	if label != "PATCH" {
		t.Fatalf("label changed with the request buffer: %q", label)
	}
}
