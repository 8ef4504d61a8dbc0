package specfetch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// diskCache keeps the last good copy of each URL in a directory: "<key>.body" holds the
// document and "<key>.json" what was fetched (URL, validators, time, checksum), key being the
// URL's SHA-256. Both are written to a temporary file and renamed, so a reader (another
// process sharing the directory included) sees a whole copy or none; a copy whose body does
// not match its checksum is not used.
type diskCache struct {
	dir    string
	budget int64 // bytes of bodies the directory holds at most: the least recently used go first
	logger *slog.Logger

	mu     sync.Mutex
	warned bool // a failed write was logged: once per process is enough
}

// meta is the JSON file beside each cached body.
type meta struct {
	URL          string    `json:"url"`
	ETag         string    `json:"etag,omitempty"`
	LastModified string    `json:"lastModified,omitempty"`
	FetchedAt    time.Time `json:"fetchedAt"`
	SHA256       string    `json:"sha256"`
}

func (d *diskCache) key(rawURL string) string {
	return filepath.Join(d.dir, cacheName(rawURL))
}

// cacheName is the file name (without extension) of rawURL's copy.
func cacheName(rawURL string) string {
	sum := sha256.Sum256([]byte(rawURL))
	return hex.EncodeToString(sum[:])
}

// read returns the cached copy of rawURL, or nil when there is none that is whole.
func (d *diskCache) read(rawURL string) *Copy {
	base := d.key(rawURL)
	data, err := os.ReadFile(base + ".json")
	if err != nil {
		return nil
	}
	var m meta
	if json.Unmarshal(data, &m) != nil || m.URL != rawURL {
		return nil
	}
	body, err := os.ReadFile(base + ".body")
	if err != nil {
		return nil
	}
	sum := sha256.Sum256(body)
	if hex.EncodeToString(sum[:]) != m.SHA256 {
		return nil
	}
	return &Copy{URL: rawURL, Body: body, ETag: m.ETag, LastModified: m.LastModified, FetchedAt: m.FetchedAt, Sum: sum}
}

// write stores c, then drops the least recently used copies past the budget, never one of
// inUse; a failure is logged (once) and otherwise ignored: the copy in memory serves until the
// process stops.
func (d *diskCache) write(c *Copy, inUse map[string]bool) {
	err := d.store(c)
	if err == nil {
		err = d.prune(inUse)
	}
	if err == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.warned {
		d.warned = true
		d.logger.Warn("OpenAPI spec not cached on disk; a restart without network will not serve it", "dir", d.dir, "err", err)
	}
}

func (d *diskCache) store(c *Copy) error {
	if err := os.MkdirAll(d.dir, 0o750); err != nil {
		return fmt.Errorf("create cache dir: %w", err)
	}
	m, err := json.Marshal(meta{URL: c.URL, ETag: c.ETag, LastModified: c.LastModified, FetchedAt: c.FetchedAt, SHA256: hex.EncodeToString(c.Sum[:])})
	if err != nil {
		return fmt.Errorf("encode cache entry: %w", err)
	}
	base := d.key(c.URL)
	if err := writeFile(base+".body", c.Body); err != nil {
		return err
	}
	return writeFile(base+".json", m)
}

// writeFile replaces file with data through a temporary file in the same directory.
func writeFile(file string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), ".tmp-*")
	if err != nil {
		return fmt.Errorf("write cache: %w", err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("write cache: %w", err)
	}
	return nil
}

// touch marks the cached copy of rawURL as used now (a revalidation): pruning keeps it longer.
func (d *diskCache) touch(rawURL string) {
	now := time.Now()
	_ = os.Chtimes(d.key(rawURL)+".json", now, now)
}

// prune removes the least recently used copies (by their metadata file's time) until the
// bodies fit the budget; the copies of inUse (keys) stay whatever their size.
func (d *diskCache) prune(inUse map[string]bool) error {
	metas, err := filepath.Glob(filepath.Join(d.dir, "*.json"))
	if err != nil {
		return fmt.Errorf("prune cache: %w", err)
	}
	type cached struct {
		base string
		size int64
		used time.Time
	}
	var all []cached
	var total int64
	for _, m := range metas {
		base := strings.TrimSuffix(m, ".json")
		mi, err1 := os.Stat(m)
		bi, err2 := os.Stat(base + ".body")
		if err1 != nil || err2 != nil {
			continue
		}
		total += bi.Size()
		if !inUse[filepath.Base(base)] {
			all = append(all, cached{base, bi.Size(), mi.ModTime()})
		}
	}
	slices.SortFunc(all, func(a, b cached) int { return a.used.Compare(b.used) })
	for _, c := range all {
		if total <= d.budget {
			break
		}
		_ = os.Remove(c.base + ".json")
		if err := os.Remove(c.base + ".body"); err != nil {
			return fmt.Errorf("prune cache: %w", err)
		}
		total -= c.size
	}
	return nil
}
