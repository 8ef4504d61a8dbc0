package markdown

import (
	"path"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// ResolveRelative resolves the relative links and images of a page's Markdown (those that
// start with "./" or "../") against the folder of the page's file, as Mintlify's build does
// (@mintlify/common's remarkResolveRelativeLinks): "../install#x" in guides/setup.mdx is
// "/install#x", "./setup" in guides/index.mdx "/guides/setup". A link's ".md" or ".mdx" is
// dropped and its "/index" collapsed to the folder; a fragment or query is kept as written.
// Root-relative, external and bare links ("guide#x"), and code, are left as written. file ""
// (an endpoint page without a file) leaves the Markdown as it is.
func ResolveRelative(md, file string) string {
	if file == "" || !strings.Contains(md, "./") {
		return md
	}
	base := "/"
	if dir := path.Dir(strings.TrimLeft(file, "/")); dir != "." {
		base += dir
	}
	return RewriteLinks(md, func(dest string, image bool) string {
		if !strings.HasPrefix(dest, "./") && !strings.HasPrefix(dest, "../") {
			return dest
		}
		return resolveAgainst(base, dest, !image)
	})
}

// resolveAgainst resolves a relative destination against the folder base ("/guides").
func resolveAgainst(base, dest string, page bool) string {
	p, tail := dest, ""
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		p, tail = dest[:i], dest[i:]
	}
	abs := path.Join(base, p)
	if strings.HasSuffix(p, "/") && abs != "/" {
		abs += "/" // posix.normalize keeps a trailing slash
	}
	if page {
		lower := strings.ToLower(abs)
		if trimmed, ok := cutExt(abs, lower); ok {
			abs = trimmed
			if dir, ok := strings.CutSuffix(abs, "/index"); ok {
				abs = dir
			}
			if abs == "" {
				abs = "/"
			}
		}
	}
	return abs + tail
}

// cutExt drops a trailing ".md" or ".mdx", in any case (lower is abs in lower case).
func cutExt(abs, lower string) (string, bool) {
	for _, ext := range []string{".mdx", ".md"} {
		if strings.HasSuffix(lower, ext) {
			return abs[:len(abs)-len(ext)], true
		}
	}
	return abs, false
}

// RewriteLinks returns md with the destination of each Markdown link and image, and of each
// link reference definition, replaced by what rewrite returns for it (image tells an image
// from a link). Code, in fences or spans, is left as written.
func RewriteLinks(md string, rewrite func(dest string, image bool) string) string {
	var b strings.Builder
	b.Grow(len(md) + len(md)/16)
	fence := ""
	for rest := md; rest != ""; {
		line, after, found := strings.Cut(rest, "\n")
		rest = after
		inner := strings.TrimLeft(line, " \t>")
		switch {
		case fence != "":
			if mdx.ClosesFence(inner, fence) {
				fence = ""
			}
			b.WriteString(line)
		case mdx.FenceOf(inner) != "":
			fence = mdx.FenceOf(inner)
			b.WriteString(line)
		default:
			rewriteLine(&b, line, rewrite)
		}
		if found {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// rewriteLine writes one line of text with its link destinations rewritten.
func rewriteLine(b *strings.Builder, line string, rewrite func(string, bool) string) {
	if def, ok := refDefinition(line); ok { // "[id]: ./setup"
		start := len(line) - len(strings.TrimLeft(line[def:], " \t"))
		dest, n := mdx.LinkDestination(line[start:])
		b.WriteString(line[:start] + rewrite(dest, false) + line[start+n:])
		return
	}
	for i := 0; i < len(line); {
		switch {
		case line[i] == '`':
			end := codeSpanEnd(line, i)
			b.WriteString(line[i:end])
			i = end
		case line[i] == '\\' && i+1 < len(line):
			b.WriteString(line[i : i+2])
			i += 2
		case line[i] == ']' && i+1 < len(line) && line[i+1] == '(':
			b.WriteString("](")
			start := i + 2
			for start < len(line) && line[start] == ' ' {
				b.WriteByte(' ')
				start++
			}
			dest, n := mdx.LinkDestination(line[start:])
			if angled := n > len(dest); angled {
				b.WriteString("<" + rewrite(dest, isImage(line, i)) + ">")
			} else {
				b.WriteString(rewrite(dest, isImage(line, i)))
			}
			i = start + n
		default:
			b.WriteByte(line[i])
			i++
		}
	}
}

// refDefinition reports whether line is a link reference definition ("[id]: dest"), and the
// offset after its colon.
func refDefinition(line string) (int, bool) {
	t := strings.TrimLeft(line, " \t>")
	if !strings.HasPrefix(t, "[") || strings.HasPrefix(t, "[^") {
		return 0, false
	}
	end := strings.Index(t, "]:")
	if end < 2 || strings.ContainsAny(t[1:end], "[]") {
		return 0, false
	}
	return len(line) - len(t) + end + 2, true
}

// isImage reports whether the bracket closing at line[i] closes an image's text ("![").
func isImage(line string, i int) bool {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch line[j] {
		case ']':
			depth++
		case '[':
			if depth == 0 {
				return j > 0 && line[j-1] == '!'
			}
			depth--
		}
	}
	return false
}

// codeSpanEnd returns the offset after the code span whose backticks start at line[i], or
// after the backticks when no run as long closes it on the line.
func codeSpanEnd(line string, i int) int {
	n := run(line, i, '`')
	for off := i + n; off < len(line); {
		k := strings.Index(line[off:], line[i:i+n])
		if k < 0 {
			break
		}
		if m := run(line, off+k, '`'); m == n {
			return off + k + n
		} else {
			off += k + m
		}
	}
	return i + n
}
