package docsfs

import (
	"slices"
	"strings"
)

// wantsUsage reports whether a command line asks for its command's usage: --help among its
// arguments before a "--" (Mintlify's filesystem tool tells agents to run --help on any
// command, so they do).
func wantsUsage(args []string) bool {
	for _, a := range args[1:] {
		switch a {
		case "--":
			return false
		case "--help":
			return true
		}
	}
	return false
}

// usage is what "CMD --help" prints: CMD's lines of the help (rg's are grep's, which it is
// here), or the whole help for a command without lines of its own.
func usage(name string) string {
	if name == "rg" {
		name = "grep"
	}
	var b strings.Builder
	in := false
	for _, line := range strings.Split(helpText, "\n") {
		switch {
		case strings.HasPrefix(line, "   "): // a continuation of the line above
		case strings.HasPrefix(line, "  "):
			in = slices.Contains(namesOf(line), name)
		default:
			in = false
		}
		if in {
			b.WriteString(strings.TrimPrefix(line, "  ") + "\n")
		}
	}
	if b.Len() == 0 {
		return helpText
	}
	if name == "grep" {
		b.WriteString("rg is grep here: the same flags.\n")
	}
	return b.String()
}

// namesOf is the commands a line of the help shows the use of: the words of its synopsis (up
// to the gap before its description) that are commands.
func namesOf(line string) []string {
	synopsis, _, _ := strings.Cut(strings.TrimSpace(line), "   ")
	var names []string
	for _, w := range strings.Fields(synopsis) {
		if _, ok := commands[w]; ok {
			names = append(names, w)
		}
	}
	return names
}
