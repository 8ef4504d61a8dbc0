package mdx_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

func TestScanTag(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		tag   mdx.Tag
		end   int
		attrs []mdx.Attr
	}{
		{"component", `<Note>text`, mdx.Tag{Name: "Note"}, 6, nil},
		{"closing", `</Note> after`, mdx.Tag{Name: "Note", Closing: true}, 7, nil},
		{"self-closing", `<Icon icon="x" />`, mdx.Tag{Name: "Icon", Self: true}, 17, []mdx.Attr{{"icon", "x", mdx.Quoted}}},
		{"fragment", `<>x</>`, mdx.Tag{}, 2, nil},
		{"dotted name", `<Tree.Folder name='src'>`, mdx.Tag{Name: "Tree.Folder"}, 24, []mdx.Attr{{"name", "src", mdx.Quoted}}},
		{"every kind of value", `<Card title="T" href={"/a"} cols={2} open width=100 {...rest}>`, mdx.Tag{Name: "Card"}, 62,
			[]mdx.Attr{{"title", "T", mdx.Quoted}, {"href", `"/a"`, mdx.Braced}, {"cols", "2", mdx.Braced}, {"open", "", mdx.NoValue}, {"width", "100", mdx.Unquoted}}},
		{"spaces around =", "<Tab title= \"A\"\n  icon =\t'b'>", mdx.Tag{Name: "Tab"}, 29, []mdx.Attr{{"title", "A", mdx.Quoted}, {"icon", "b", mdx.Quoted}}},
		{"lines between attributes", "<Step\n  title=\"s\"\n>", mdx.Tag{Name: "Step"}, 19, []mdx.Attr{{"title", "s", mdx.Quoted}}},
		{"brace in a string of an expression", `<A b={"}"}>`, mdx.Tag{Name: "A"}, 11, []mdx.Attr{{"b", `"}"`, mdx.Braced}}},
		{"html", `<img src="/a.png" alt="A"/>`, mdx.Tag{Name: "img", Self: true}, 27, []mdx.Attr{{"src", "/a.png", mdx.Quoted}, {"alt", "A", mdx.Quoted}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var attrs []mdx.Attr
			tag, end, ok := mdx.ScanTag(tt.in, func(a mdx.Attr) { attrs = append(attrs, a) })
			if !ok || tag != tt.tag || end != tt.end {
				t.Fatalf("ScanTag(%q) = %+v, %d, %v; want %+v, %d, true", tt.in, tag, end, ok, tt.tag, tt.end)
			}
			if !equalAttrs(attrs, tt.attrs) {
				t.Errorf("attributes %+v, want %+v", attrs, tt.attrs)
			}
		})
	}
}

// TestScanTagRejects: what is not a whole tag is text to the readers ("a < b", "<YOUR_KEY",
// an e-mail address).
func TestScanTagRejects(t *testing.T) {
	for _, in := range []string{
		"", "<", "x<Note>", "< Note>", "<1a>", "<Note", `<Note title="x`, `<Note title=>`, "<Note title={x>", "<foo@bar.com>", "<a!>",
		`</Note x="1">`, "<Card{...p}>", "<Note title=\"x\"\n", "<=>", `<a"b">`, "<a <b>",
	} {
		if tag, end, ok := mdx.ScanTag(in, nil); ok {
			t.Errorf("ScanTag(%q) = %+v, %d, true; want not a tag", in, tag, end)
		}
	}
}

func TestAttrText(t *testing.T) {
	tests := []struct {
		attr mdx.Attr
		want string
	}{
		{mdx.Attr{"t", "x y", mdx.Quoted}, "x y"},
		{mdx.Attr{"t", "100", mdx.Unquoted}, "100"},
		{mdx.Attr{"t", "", mdx.NoValue}, ""},
		{mdx.Attr{"t", ` "a" `, mdx.Braced}, "a"},
		{mdx.Attr{"t", "`tpl`", mdx.Braced}, "tpl"},
		{mdx.Attr{"t", "`x ${y}`", mdx.Braced}, ""},
		{mdx.Attr{"t", `'it\'s'`, mdx.Braced}, "it's"},
		{mdx.Attr{"t", "-1.5", mdx.Braced}, "-1.5"},
		{mdx.Attr{"t", "true", mdx.Braced}, "true"},
		{mdx.Attr{"t", "props.title", mdx.Braced}, ""},
		{mdx.Attr{"t", "[1, 2]", mdx.Braced}, ""},
	}
	for _, tt := range tests {
		if got := tt.attr.Text(); got != tt.want {
			t.Errorf("%+v.Text() = %q, want %q", tt.attr, got, tt.want)
		}
	}
}

func TestSkipExpr(t *testing.T) {
	tests := []struct {
		in   string
		i    int
		want int
	}{
		{"{a}", 0, 3},
		{"x {a} y", 2, 5},
		{"{a{b}c} d", 0, 7},
		{`{"}"}`, 0, 5},
		{`{'a\'}'}`, 0, 8},
		{"{`}` + b}", 0, 9},
		{"{/* } */}", 0, 9},
		{"{a", 0, -1},
		{`{"a}`, 0, -1},
		{"{/* a }", 0, -1},
		// JSX in an expression: its text is no JavaScript (Upstash's landing page).
		{`{<>See <a href="https://upstash.com/pricing">pricing</a> for each product's plans.</>} x`, 0, 86},
		{`{sub ? <p className="u-sub">{sub}</p> : null}`, 0, 45},
		{`{items.map((i) => <li key={i}>it's "{i}</li>)}`, 0, 46},
		{`{<Card title={<b>don't</b>} />}`, 0, 31},
		{`{a < b ? "x" : 'y'}`, 0, 19},
		{`{n<limit && '}'}`, 0, 16},
		{`{<a>it's}`, 0, -1},
		{`{<a>x</b>}`, 0, -1},
	}
	for _, tt := range tests {
		if got := mdx.SkipExpr(tt.in, tt.i); got != tt.want {
			t.Errorf("SkipExpr(%q, %d) = %d, want %d", tt.in, tt.i, got, tt.want)
		}
	}
}

func TestStringLiteral(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{`"a b"`, "a b", true},
		{` 'a' `, "a", true},
		{"`a`", "a", true},
		{`""`, "", true},
		{`"a\"b"`, `a"b`, true},
		{`"a\nb\\c"`, "a\nb\\c", true},
		{`"a"b"`, "", false},
		{"`a ${b}`", "", false},
		{`"a'`, "", false},
		{`"`, "", false},
		{"a", "", false},
	}
	for _, tt := range tests {
		if got, ok := mdx.StringLiteral(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("StringLiteral(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestAutolink(t *testing.T) {
	tests := []struct {
		in  string
		end int
		ok  bool
	}{
		{"<https://example.com/a> b", 22, true},
		{"<mailto:a@b.c>", 13, true},
		{"<git+ssh://x>", 12, true},
		{"<a:x>", 0, false},   // a scheme has 2 characters at least
		{"<1ab:x>", 0, false}, // and starts with a letter
		{"<https:>", 0, false},
		{"<https://a b>", 0, false},
		{"<https://a", 0, false},
		{"<Note>", 0, false},
	}
	for _, tt := range tests {
		if end, ok := mdx.Autolink(tt.in); ok != tt.ok || ok && end != tt.end {
			t.Errorf("Autolink(%q) = %d, %v; want %d, %v", tt.in, end, ok, tt.end, tt.ok)
		}
	}
}

func equalAttrs(a, b []mdx.Attr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FuzzScanTag: any input scans without a panic; a tag ends at its '>' inside the input, a
// closing tag has no attributes, and every attribute is text of the tag.
func FuzzScanTag(f *testing.F) {
	for _, s := range []string{
		"<Note>", "</Note>", "<>", `<Card title="a" href={"/b"} {...p} open w=1 />`, "<A b={`}`}>", "<A b='x", "<A b={", "<foo@bar.com>",
		"<Tab title= \"x\">", "<a\n b\n =\n 'c'>", `</A b="1">`, "<https://x.y>", "<{", "</{...p}>", "", "x<A>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var attrs []mdx.Attr
		tag, end, ok := mdx.ScanTag(s, func(a mdx.Attr) { attrs = append(attrs, a) })
		if !ok {
			if tag != (mdx.Tag{}) || end != 0 {
				t.Fatalf("not a tag, but %+v, %d", tag, end)
			}
			return
		}
		if end < 2 || end > len(s) || s[0] != '<' || s[end-1] != '>' || tag.Self && s[end-2] != '/' {
			t.Fatalf("tag %+v ends at %d of %q", tag, end, s)
		}
		if tag.Closing && len(attrs) > 0 {
			t.Errorf("closing tag with attributes %+v", attrs)
		}
		for _, a := range attrs {
			if a.Name == "" || !strings.Contains(s[:end], a.Name) || !strings.Contains(s[:end], a.Value) {
				t.Errorf("attribute %+v is not text of %q", a, s[:end])
			}
		}
		if ext, ok := mdx.Autolink(s); ok && (ext <= 0 || ext >= len(s) || s[ext] != '>') {
			t.Errorf("autolink ends at %d of %q", ext, s)
		}
	})
}

// FuzzSkipExpr: an expression that closes ends with its '}' after where it opened.
func FuzzSkipExpr(f *testing.F) {
	for _, s := range []string{"{a}", "{'}'}", "{/* } */}", "{`${a}`}", `{"\"}"}`, "{{}", "{", "{<>it's <a href={x}>y</a></>}", "{a < b}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			return
		}
		if end := mdx.SkipExpr(s, i); end != -1 && (end <= i+1 || end > len(s) || s[end-1] != '}') {
			t.Fatalf("SkipExpr(%q, %d) = %d", s, i, end)
		}
	})
}
