package docsjson

import (
	clist "container/list"
	"crypto/sha256"
	"net/url"
	"sync"
)

// A site is loaded again on every change of one of its files, and a spec its pages' frontmatter
// names is parsed on each load: 40 ms of a 90 ms load for 0xtrails' 414 KB spec. specMemo keeps
// the parsed specs across loads, process-wide, by what the parse read: the location and a hash
// of the document's bytes, and of every document its "$ref"s read (re-read and compared on each
// use, so an edited file, or a referred file edited, is parsed again). Reading and hashing the
// bytes costs a fraction of a millisecond next to the parse, so no mtime or size is trusted.
//
// A *Spec is never written after parseSpec returns it (resolving and validating read it; the
// Operations they return are copies), so one is shared by the loads that find it. Two sites
// holding the same bytes at the same path share it too: what the parse depends on is all in the
// key.

// Bounds of specMemo: the entries, and the bytes of the documents they were parsed from (a
// reduced Spec is far smaller than its document; the documents bound it from above). A
// document larger than maxMemoBytes alone is parsed every time.
const (
	maxMemoSpecs = 64
	maxMemoBytes = 64 << 20
)

// memo is the process's parsed specs.
var memo = newSpecMemo(maxMemoSpecs, maxMemoBytes)

type specMemo struct {
	mu       sync.Mutex
	entries  map[memoKey]*clist.Element // of *memoEntry
	order    *clist.List                // most recently used first
	bytes    int
	maxItems int
	maxBytes int
	parses   int // parses run through the memo, for tests
}

type memoKey struct {
	file, loc string
	sum       [sha256.Size]byte
}

type memoEntry struct {
	key   memoKey
	deps  []memoDep // what the "$ref"s read, in order
	bytes int
	spec  *Spec
	err   error
}

// memoDep is one document a parse read through its "$ref"s.
type memoDep struct {
	u   *url.URL
	sum [sha256.Size]byte
}

func newSpecMemo(maxItems, maxBytes int) *specMemo {
	return &specMemo{entries: map[memoKey]*clist.Element{}, order: clist.New(), maxItems: maxItems, maxBytes: maxBytes}
}

// parse returns parseSpec's answer for the document, from the memo when the document and every
// document its "$ref"s read are unchanged.
func (m *specMemo) parse(data []byte, file string, loc *url.URL, read func(*url.URL) ([]byte, error)) (*Spec, error) {
	key := memoKey{file: file, loc: loc.String(), sum: sha256.Sum256(data)}
	if e := m.lookup(key); e != nil && depsUnchanged(e.deps, read) {
		return e.spec, e.err
	}
	e := &memoEntry{key: key, bytes: len(data)}
	failed := false
	e.spec, e.err = parseSpec(data, file, loc, func(u *url.URL) ([]byte, error) {
		b, err := read(u)
		if err != nil {
			failed = true // a read that fails may not fail next time (a document being fetched)
			return nil, err
		}
		e.deps = append(e.deps, memoDep{u: u, sum: sha256.Sum256(b)})
		e.bytes += len(b)
		return b, nil
	})
	m.store(e, failed)
	return e.spec, e.err
}

// depsUnchanged reports whether every document a parse read reads the same now.
func depsUnchanged(deps []memoDep, read func(*url.URL) ([]byte, error)) bool {
	for _, d := range deps {
		b, err := read(d.u)
		if err != nil || sha256.Sum256(b) != d.sum {
			return false
		}
	}
	return true
}

func (m *specMemo) lookup(key memoKey) *memoEntry {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.entries[key]
	if !ok {
		return nil
	}
	m.order.MoveToFront(el)
	return el.Value.(*memoEntry)
}

// store keeps a parse's answer unless one of its reads failed or it is over the bytes bound,
// dropping the least recently used entries to stay within the bounds.
func (m *specMemo) store(e *memoEntry, failed bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.parses++
	if failed || e.bytes > m.maxBytes {
		return
	}
	if old, ok := m.entries[e.key]; ok { // a "$ref"d document changed: the new parse replaces it
		m.remove(old)
	}
	m.entries[e.key] = m.order.PushFront(e)
	m.bytes += e.bytes
	for m.order.Len() > m.maxItems || m.bytes > m.maxBytes {
		m.remove(m.order.Back())
	}
}

func (m *specMemo) remove(el *clist.Element) {
	e := m.order.Remove(el).(*memoEntry)
	delete(m.entries, e.key)
	m.bytes -= e.bytes
}

// stats returns the parses run and the entries and bytes held.
func (m *specMemo) stats() (parses, entries, bytes int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.parses, m.order.Len(), m.bytes
}

func sha256Sum(b []byte) [sha256.Size]byte { return sha256.Sum256(b) }
