package docsjson

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"reflect"
	"testing"
)

// TestSpecMemoBounds fills a memo of two entries and 160 bytes and checks what it holds: the
// most recently used entries within both bounds, never a document over the bytes bound alone,
// never a parse one of whose reads failed.
func TestSpecMemoBounds(t *testing.T) {
	doc := func(title string, pad int) []byte {
		return fmt.Appendf(nil, `{"openapi": "3.1.0", "info": {"title": %q, "version": "1"}, "paths": {}}%*s`, title, pad, "")
	}
	noRefs := func(*url.URL) ([]byte, error) { return nil, errors.New("no $ref expected") }
	cases := []struct {
		name  string
		docs  [][]byte
		refs  func(*url.URL) ([]byte, error)
		holds []int // indexes of docs the memo holds after parsing all of them in order
	}{
		{"two of three, the last two", [][]byte{doc("a", 0), doc("b", 0), doc("c", 0)}, noRefs, []int{1, 2}},
		{"by bytes: the second's 90 push the first out", [][]byte{doc("a", 0), doc("b", 90-len(doc("b", 0)))}, noRefs, []int{1}},
		{"a document over the bound alone", [][]byte{doc("a", 100)}, noRefs, nil},
		{"a $ref that failed", [][]byte{[]byte(`{"openapi": "3.1.0", "info": {"title": "r", "version": "1"}, "paths": {"/x": {"$ref": "x.json"}}}`)},
			func(*url.URL) ([]byte, error) { return nil, fs.ErrNotExist }, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newSpecMemo(2, 160)
			for _, d := range tc.docs {
				m.parse(d, "openapi.json", &url.URL{Path: "openapi.json"}, tc.refs)
			}
			var holds []int
			for i, d := range tc.docs {
				if m.lookup(memoKey{file: "openapi.json", loc: "openapi.json", sum: sha256Sum(d)}) != nil {
					holds = append(holds, i)
				}
			}
			if fmt.Sprint(holds) != fmt.Sprint(tc.holds) {
				t.Errorf("holds docs %v, want %v", holds, tc.holds)
			}
			if parses, entries, bytes := m.stats(); parses != len(tc.docs) || entries != len(tc.holds) || bytes > 160 {
				t.Errorf("stats: %d parses, %d entries, %d bytes; want %d, %d, at most 160", parses, entries, bytes, len(tc.docs), len(tc.holds))
			}
		})
	}
}

// TestResolvingLeavesSharedSpecsAsParsed resolves and validates real sites twice, the second
// time with the specs the first parsed, and checks that each shared Spec is still what a
// fresh parse of its file makes: a load never writes to a Spec another load reads.
func TestResolvingLeavesSharedSpecsAsParsed(t *testing.T) {
	for _, dir := range []string{"testdata/sites/upstash-api", "testdata/sites/openapi", "testdata/sites/sequence-relative-specs",
		"testdata/sites/mem0-exports", "testdata/sites/alter-api"} {
		t.Run(dir, func(t *testing.T) {
			site, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			var tree *Tree
			for range 2 {
				site.Validate(ValidateOptions{})
				if tree, _, err = site.ResolvePartial(); err != nil {
					t.Fatal(err)
				}
			}
			checked := 0
			for file, err := range tree.specs {
				if err != nil {
					continue
				}
				shared, err := LoadSpec(site.fsys, file)
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				data, _ := fs.ReadFile(site.fsys, file)
				fresh, err := parseSpec(data, file, &url.URL{Path: file}, func(u *url.URL) ([]byte, error) { return fs.ReadFile(site.fsys, u.Path) })
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				if !reflect.DeepEqual(shared, fresh) {
					t.Errorf("%s: the shared Spec differs from a fresh parse after two loads", file)
				}
				checked++
			}
			if checked == 0 {
				t.Fatalf("no spec loaded; specs %v", tree.specs)
			}
		})
	}
}
