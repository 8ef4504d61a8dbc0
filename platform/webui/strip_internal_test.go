package webui

import "testing"

func TestStripComments(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"comment lines", "/* a\n   b */\nvar x = 1; /* kept */\n  /* one line */\nx++;\n", "var x = 1; /* kept */\nx++;\n"},
		{"code after a comment", "/* a */ var x = 1;\nx++;\n", "/* a */ var x = 1;\nx++;\n"},
		{"code after a comment's end", "/* a\n b */ var x;\n", "/* a\n b */ var x;\n"},
		{"an unclosed comment", "var x;\n/* a\n", "var x;\n/* a\n"},
		{"a string with a comment opener", "var s = \"/* no\";\n", "var s = \"/* no\";\n"},
	} {
		if got := string(stripComments([]byte(tc.in))); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
