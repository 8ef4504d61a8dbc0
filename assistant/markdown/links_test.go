package markdown_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestResolveRelative: a page's relative links (./x, ../x) and images resolve against the
// folder of its file, as Mintlify's build resolves them (remarkResolveRelativeLinks): a ".md"
// or ".mdx" dropped and "/index" collapsed for a link, a fragment or query kept; anything
// else, and code, is left as written. Sidero's docs (siderolabs/docs@5debdd9,
// testdata/sidero-links) hold 1,076 pages with such links; their Markdown kept them as
// written, and in llms-full.txt, where every page is one file, they resolved against nothing.
func TestResolveRelative(t *testing.T) {
	page := func(p string) string {
		b, err := os.ReadFile(filepath.Join("testdata", "sidero-links", filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	const dra = "kubernetes-guides/advanced-guides/dynamic-resource-allocation.mdx"
	const hybrid = "omni/cluster-management/create-a-hybrid-cluster.mdx"
	const recovery = "talos/v1.14/build-and-extend-talos/cluster-operations-and-maintenance/disaster-recovery.mdx"
	const connectivity = "talos/v1.14/learn-more/talos-network-connectivity.mdx"
	tests := []struct {
		name, file, src string
		want, not       []string
	}{
		{name: "sidero: a sibling's file name", file: dra, src: page(dra),
			want: []string{"DRA replaces [device plugins](/kubernetes-guides/advanced-guides/device-plugins) for"}},
		{name: "sidero: parent folders, a fragment, images", file: hybrid, src: page(hybrid),
			want: []string{"[Getting Started with Omni guide](/omni/getting-started/getting-started)",
				"[Cluster Template reference documentation](/omni/reference/cluster-templates#patches)",
				"![Create a new cluster-scoped config patch](/omni/cluster-management/images/create-a-hybrid-cluster-create-patch-kubespan-enabled-v1.13.png)"}},
		{name: "sidero: beside code spans", file: recovery, src: page(recovery),
			want: []string{"`etcd` isn't, wipe the node's [EPHEMERAL](/talos/v1.14/learn-more/architecture#file-system-partitions) partition to remove the `etcd`"}},
		{name: "sidero: an HTML link in a table", file: connectivity, src: page(connectivity),
			want: []string{"[apid](/talos/v1.14/learn-more/components#apid)", "[trustd](/talos/v1.14/learn-more/components#trustd)"}},
		{name: "an index page's folder", file: "guides/getting-started/index.mdx", src: "See [setup](./setup#step-1) and [up](../intro?x=1).\n",
			want: []string{"[setup](/guides/getting-started/setup#step-1) and [up](/guides/intro?x=1)"}},
		{name: "a page at the root", file: "quickstart.mdx", src: "[a](./install) [b](../up) ![c](./img/c.png)\n",
			want: []string{"[a](/install) [b](/up) ![c](/img/c.png)"}},
		{name: "an index link collapses, an image keeps its name", file: "a/b.md", src: "[i](./index.mdx) [h](../index.md) [x](./c.MDX#y) ![m](./m.md)\n",
			want: []string{"[i](/a) [h](/) [x](/a/c#y) ![m](/a/m.md)"}},
		{name: "a trailing slash stays", file: "a/b.mdx", src: "[d](./dir/)\n", want: []string{"[d](/a/dir/)"}},
		{name: "components' links", file: "a/b.mdx", src: "<Card title=\"Setup\" href=\"./setup\">\nGo.\n</Card>\n\n<a href=\"../x\">x</a>\n",
			want: []string{"(/a/setup)", "[x](/x)"}},
		{name: "a badge's image inside a link", file: "a/b.mdx", src: "[![ci](./ci.svg)](./ci.mdx)\n", want: []string{"[![ci](/a/ci.svg)](/a/ci)"}},
		{name: "angle brackets and a reference", file: "a/b.mdx", src: "[s](<./my page.mdx>) and [r][1].\n\n[1]: ../ref.mdx\n",
			want: []string{"[s](</a/my page>)", "[1]: /ref"}},
		{name: "others as written", file: "a/b.mdx", src: "[r](/root) [e](https://x.io/./y) [bare](guide#x) [h](#here) [p](//cdn.io/./z)\n",
			want: []string{"[r](/root) [e](https://x.io/./y) [bare](guide#x) [h](#here) [p](//cdn.io/./z)"}},
		{name: "code is code", file: "a/b.mdx", src: "Write `[x](./y)` here.\n\n```md\n[x](./y)\n```\n\n<Note>\n  ```md\n  [n](../n)\n  ```\n</Note>\n",
			want: []string{"`[x](./y)`", "```md\n[x](./y)\n```", "[n](../n)"}, not: []string{"/a/y", "](/n)"}},
		{name: "an endpoint page without a file", file: "", src: "[x](./y)\n", want: []string{"[x](./y)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := markdown.Render(markdown.Page{Title: "T", Body: tt.src, File: tt.file})
			inOrder(t, got, tt.want, tt.not)
			if tt.file != "" && (strings.Contains(got, "](./") || strings.Contains(got, "](../")) && tt.not == nil {
				t.Errorf("a relative link left in:\n%s", got)
			}
		})
	}
}

// FuzzRewriteLinks: any Markdown is read without a panic; rewriting every destination to
// itself gives the Markdown back byte for byte, and resolving keeps valid UTF-8 valid.
func FuzzRewriteLinks(f *testing.F) {
	for _, s := range []string{"[a](./b) ![c](../d#e)", "[a](<./b c>)\n[1]: ../x", "```\n[a](./b)\n", "`[a](./b)` [x](y(z)) \\](./q)",
		"[![i](./i.png)](./l.md)", "> ```\n> [a](./b)\n> ```\n[c](./d)", "[a](", "[a]( ./b", "[1]:", "]("} {
		f.Add(s, "a/b.mdx")
	}
	f.Fuzz(func(t *testing.T, md, file string) {
		if got := markdown.RewriteLinks(md, func(d string, _ bool) string { return d }); got != md {
			t.Errorf("identity rewrite changed %q to %q", md, got)
		}
		if out := markdown.ResolveRelative(md, file); utf8.ValidString(md) && utf8.ValidString(file) && !utf8.ValidString(out) {
			t.Errorf("invalid UTF-8 out of %q in %q", md, file)
		}
	})
}
