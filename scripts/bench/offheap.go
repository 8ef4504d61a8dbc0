package main

import (
	"fmt"
	"syscall"
	"time"
	"unsafe"
)

// offHeap is memory outside the Go heap, from anonymous mappings, for the fixtures a figure holds
// while it measures: the events of figure 1 and the raw insert's columns. Held on the heap,
// those hundreds of megabytes of strings and slices were marked by every collection during a
// measured side (a collection of figure 1 marked 450-530 MB and cost the raw insert 2.4-2.8 µs
// of its 3.1-3.9 µs per event), and they raised the heap goal, so collections came rarer than
// in a process that holds no fixture. A production lectern holds no fixture: out here, they
// cost the collector nothing and leave the heap goal to what the code measured allocates.
//
// What is put here must point only into the same offHeap or at memory that is never freed: the
// collector does not see pointers held outside the heap, so a heap object reachable only from
// here would be freed under it. The helpers copy strings in for that reason, and times are
// stored in UTC (whose location pointer is nil).
type offHeap struct {
	maps [][]byte // the mappings
	free []byte   // the unused rest of the last one
}

// offHeapChunk is the size of one mapping (larger requests get their own).
const offHeapChunk = 64 << 20

// alloc returns size bytes, zeroed, aligned to align (a power of two up to the page size).
func (m *offHeap) alloc(size, align int) unsafe.Pointer {
	pad := int(-uintptr(unsafe.Pointer(unsafe.SliceData(m.free))) & uintptr(align-1))
	if len(m.free) < pad+size {
		n := max(offHeapChunk, size)
		b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			panic(fmt.Sprintf("bench: mapping %d bytes for fixtures: %v", n, err))
		}
		m.maps = append(m.maps, b)
		m.free, pad = b, 0
	}
	p := unsafe.Pointer(&m.free[pad])
	m.free = m.free[pad+size:]
	return p
}

// offSlice returns a zeroed slice of n Ts in m. T's pointers, if any, must be set only to
// memory of m (see offHeap).
func offSlice[T any](m *offHeap, n int) []T {
	var zero T
	if n == 0 || unsafe.Sizeof(zero) == 0 {
		return nil // no memory: and no pointer to convert (a shared zero byte is not aligned for T)
	}
	return unsafe.Slice((*T)(m.alloc(n*int(unsafe.Sizeof(zero)), int(unsafe.Alignof(zero)))), n)
}

// str copies s into m.
func (m *offHeap) str(s string) string {
	if s == "" {
		return ""
	}
	b := offSlice[byte](m, len(s))
	copy(b, s)
	return unsafe.String(&b[0], len(b))
}

// bytes copies b into m.
func (m *offHeap) bytes(b []byte) []byte {
	out := offSlice[byte](m, len(b))
	copy(out, b)
	return out
}

// utc is t in UTC, whose location pointer is nil: a time.Time safe to store in m.
func utc(t time.Time) time.Time { return t.UTC() }

// release gives the memory back to the system. The mappings stay reserved (read as zeros from
// then on) rather than unmapped, so that their addresses are never reused by the Go heap while
// a stale pointer into them might remain.
func (m *offHeap) release() {
	for _, b := range m.maps {
		_ = syscall.Madvise(b, syscall.MADV_DONTNEED)
	}
	m.maps, m.free = nil, nil
}
