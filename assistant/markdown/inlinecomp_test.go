package markdown_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestInlineSnippetComponent: a snippet component inside a line of text renders in place when
// it renders one line of text, as Mintlify shows it beside the text. Meilisearch's
// configuration reference (meilisearch/documentation@52a04d8, testdata/meili-notice) ends 24
// headings with <NoticeTag type="experimental" label="experimental" />, an exported component
// that renders its label: the Markdown dropped it, so agents read no option as experimental.
func TestInlineSnippetComponent(t *testing.T) {
	site := os.DirFS(filepath.Join("testdata", "meili-notice"))
	read := readSite("meili-notice")
	page, err := fs.ReadFile(site, "resources/self_hosting/configuration/reference.mdx")
	if err != nil {
		t.Fatal(err)
	}
	const (
		tag     = "import { NoticeTag } from '/snippets/notice_tag.mdx';\n\n"
		blocks  = "export const Two = () => (<div>\n\nOne.\n\nTwo.\n\n</div>);\n\n"
		oneLine = "export const Ver = ({v}) => (<span>v{v}</span>);\n\n"
	)
	tests := []struct {
		name, src string
		want      []string // in order
		not       []string
	}{
		{name: "meilisearch: headings keep their label", src: string(page),
			want: []string{"### Customize log output experimental\n", "### Reduce indexing memory usage experimental\n",
				"### Search queue size experimental\n", "#### Compression level experimental\n"},
			not: []string{"NoticeTag", "noticeTag"}},
		{name: "in a paragraph", src: tag + "The `CONTAINS` operator <NoticeTag label=\"experimental\" /> matches parts.\n",
			want: []string{"The `CONTAINS` operator experimental matches parts."}},
		{name: "inside inline code it stays a tag", src: tag + "Write `<NoticeTag label=\"x\" />` after a heading.\n",
			want: []string{"Write `<NoticeTag label=\"x\" />` after a heading."}},
		{name: "alone on its line it is a block, as before", src: tag + "## A\n\n<NoticeTag label=\"beta\" />\n\nText.\n",
			want: []string{"## A\n\nbeta\n\nText."}},
		{name: "a component that renders blocks is left out of the line", src: blocks + "Before <Two /> after.\n",
			want: []string{"Before  after."}, not: []string{"One.", "<Two"}},
		{name: "a component defined in the page", src: oneLine + "Since <Ver v=\"1.2\" />, it works.\n",
			want: []string{"Since v1.2, it works."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", read), tt.want, tt.not)
		})
	}
}
