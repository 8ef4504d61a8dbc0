package consumer

import (
	"unsafe"

	"github.com/lectern-dev/lectern/schemas/event"
)

// arena is the memory the strings with escapes and the sources arrays of one run's events
// decode into, so that a batch makes a few large allocations instead of one for each such
// string and array (the conversations of make bench figure 1 had two or three each). What it
// handed out is never written again: new bytes and citations go after the last handed out,
// and a full chunk is left to the events that point into it. The arena lives as long as the
// batch that holds its strings.
type arena struct {
	bytes []byte
	cites []event.Citation
}

// Chunk sizes of an arena: most grouped messages are a few kilobytes.
const (
	arenaBytes = 64 << 10
	arenaCites = 1024
)

// room returns an empty slice with room for n bytes after what the arena handed out; keep
// hands out what was appended to it.
func (a *arena) room(n int) []byte {
	if cap(a.bytes)-len(a.bytes) < n {
		a.bytes = make([]byte, 0, max(arenaBytes, n))
	}
	return a.bytes[len(a.bytes):len(a.bytes):cap(a.bytes)]
}

// keep hands out b, filled from room without growing, as a string.
func (a *arena) keep(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	a.bytes = a.bytes[:len(a.bytes)+len(b)]
	return unsafe.String(&b[0], len(b))
}

// addCite appends c to the array being read, whose citations start at *from in the slab; a full
// slab is left behind, the array's citations so far moved to a new one.
func (a *arena) addCite(c event.Citation, from *int) {
	if len(a.cites) == cap(a.cites) {
		n := len(a.cites) - *from
		next := make([]event.Citation, n, max(arenaCites, 2*n))
		copy(next, a.cites[*from:])
		a.cites, *from = next, 0
	}
	a.cites = append(a.cites, c)
}

// takeCites hands out the array's citations, from *from on: an empty array is an empty slice,
// and an append to what it returns copies instead of writing into the slab.
func (a *arena) takeCites(from int) []event.Citation {
	if a.cites == nil {
		a.cites = make([]event.Citation, 0, arenaCites)
	}
	return a.cites[from:len(a.cites):len(a.cites)]
}
