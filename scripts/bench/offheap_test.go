package main

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
)

// scannedHeap is the heap a collection scans, right after one.
func scannedHeap() uint64 {
	runtime.GC()
	_, scan := gcSamples()
	return scan
}

// TestOffHeapColumnsNotScanned holds the raw insert's columns of 20,000 events off the heap and
// on it: off it, a collection scans no more than before, and the values survive collections.
func TestOffHeapColumnsNotScanned(t *testing.T) {
	evs := makeEvents(20_000, time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC))
	defer evs.release()
	before := scannedHeap()
	var mem offHeap
	defer mem.release()
	off := rawBlocks(evs, 5_000, 0, &mem)
	offScan := scannedHeap()
	var heap []rawBatch
	evs.runs(5_000, 0, func(b store.Batch) {
		r := rawBatch{n: b.Len()}
		if len(b.Feedback) > 0 {
			r.feedback = heapColumns(rawFeedbackColumns(b.Feedback, &offHeap{}))
		}
		if len(b.Conversations) > 0 {
			r.conversations = heapColumns(rawConversationColumns(b.Conversations, &offHeap{}))
		}
		heap = append(heap, r)
	})
	heapScan := scannedHeap()
	t.Logf("heap scanned: %d bytes before, %d with the columns off the heap, %d with them on it too", before, offScan, heapScan)
	if grew := int64(offScan) - int64(before); grew > 1<<20 {
		t.Errorf("columns off the heap: a collection scans %d bytes more, want under 1 MiB", grew)
	}
	if grew := int64(heapScan) - int64(offScan); grew < 4<<20 {
		t.Errorf("columns on the heap: a collection scans %d bytes more, want over 4 MiB (the measure sees nothing)", grew)
	}
	if got, want := render(off), render(heap); got != want {
		t.Errorf("columns off the heap differ from those on it after collections")
	}
	runtime.KeepAlive(heap)
}

// heapColumns copies columns made in an offHeap onto the heap.
func heapColumns(cols []any) []any {
	out := make([]any, len(cols))
	for i, c := range cols {
		switch c := c.(type) {
		case []string:
			out[i] = cloneStrings(c)
		case rawArrayRows:
			arr := make(rawArrayRows, len(c))
			for j, row := range c {
				arr[j] = make([]*string, len(row))
				for k, p := range row {
					v := string([]byte(*p))
					arr[j][k] = &v
				}
			}
			out[i] = arr
		case []*uint8:
			arr := make([]*uint8, len(c))
			for j, p := range c {
				if p != nil {
					v := *p
					arr[j] = &v
				}
			}
			out[i] = arr
		case []uint64:
			out[i] = append([]uint64(nil), c...)
		case []uint16:
			out[i] = append([]uint16(nil), c...)
		case []uint8:
			out[i] = append([]uint8(nil), c...)
		case []time.Time:
			out[i] = append([]time.Time(nil), c...)
		default:
			panic(fmt.Sprintf("column of %T", c))
		}
	}
	return out
}

func cloneStrings(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string([]byte(s))
	}
	return out
}

// render prints batches, a nullable value as its value or nil.
func render(bs []rawBatch) string {
	var out []any
	for _, b := range bs {
		for _, c := range append(append([]any(nil), b.feedback...), b.conversations...) {
			switch ps := c.(type) {
			case []*uint8:
				vals := make([]any, len(ps))
				for i, p := range ps {
					if p != nil {
						vals[i] = *p
					}
				}
				c = vals
			case rawArrayRows:
				rows := make([][]string, len(ps))
				for i, row := range ps {
					for _, p := range row {
						rows[i] = append(rows[i], *p)
					}
				}
				c = rows
			}
			out = append(out, c)
		}
		out = append(out, b.n)
	}
	return fmt.Sprint(out...)
}
