package search_test

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestSectionsHeadingTagOverLines: an HTML heading whose opening tag is written over several
// lines (ComfyUI's home page, Comfy-Org/docs@ffb27fc2 index.mdx in the Markdown renderer's
// testdata: "<h1", a style={{...}} object, className, then ">" on a line of its own) opens a
// section as the one-line tag does, within a bound of lines; a tag that runs on past it, or
// into a code fence, is text.
func TestSectionsHeadingTagOverLines(t *testing.T) {
	comfy, err := os.ReadFile("../markdown/testdata/comfy-home/index.mdx")
	if err != nil {
		t.Fatal(err)
	}
	type sec struct {
		Heading, Anchor string
		Level           int
	}
	long := "<h2\n" + strings.Repeat("  data-x=\"y\"\n", 10) + ">Far</h2>\nText"
	tests := []struct {
		name, body string
		want       []sec  // after the lead
		lead       string // held by the lead's text
		text       string // the last section's text, when given
	}{
		{"Comfy-Org/docs@ffb27fc2 index.mdx", string(comfy), []sec{
			{"ComfyUI Official Documentation", "comfyui-official-documentation", 1},
			{"Getting Started", "getting-started", 2}, {"AI Agents & MCP", "ai-agents-&-mcp", 2},
			{"Learn & Tutorials", "learn-&-tutorials", 2}, {"Development & Extension", "development-&-extension", 2},
			{"Get Help", "get-help", 2}, {"About ComfyUI", "about-comfyui", 2},
		}, "", ""},
		{"id on a line of its own", "Lead.\n<h2\n  id=\"install-step\"\n  className=\"mt-4\"\n>\n  Install\n</h2>\nBody.",
			[]sec{{"Install", "install-step", 2}}, "Lead.", "Body."},
		{"after a tag on its line", "<a href=\"/x\"><h3\n  className=\"t\">Card</h3></a>\nAbout.",
			[]sec{{"Card", "card", 3}}, "", "About."},
		{"past the bound: text", long, nil, "Far", ""},
		{"a code fence ends the tag", "<h2\n```\n>T</h2>\n```", nil, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, secs := search.Sections(tt.body)
			var got []sec
			for _, s := range secs[1:] {
				got = append(got, sec{s.Heading, s.Anchor, s.Level})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("sections\n got %+v\nwant %+v", got, tt.want)
			}
			if last := secs[len(secs)-1].Text; tt.text != "" && last != tt.text {
				t.Errorf("last section's text %q, want %q", last, tt.text)
			}
			if tt.lead != "" && !strings.Contains(secs[0].Text, tt.lead) {
				t.Errorf("lead %q, want it to hold %q", secs[0].Text, tt.lead)
			}
		})
	}
}
