package linkcheck

import (
	"bufio"
	"encoding/json"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// matchAny reports whether file matches one of patterns: a path, or a glob whose "**" stands
// for any number of folders.
func matchAny(patterns []string, file string) bool {
	for _, p := range patterns {
		p = strings.TrimPrefix(path.Clean(strings.ReplaceAll(p, `\`, "/")), "./")
		if p == file || docsjson.GlobMatch(strings.Split(p, "/"), strings.Split(file, "/")) {
			return true
		}
	}
	return false
}

// lineOfString is the line of file that first holds s as a JSON string, 0 when none does.
func lineOfString(fsys fs.FS, file, s string) int {
	f, err := fsys.Open(file)
	if err != nil {
		return 0
	}
	defer f.Close()
	q, _ := json.Marshal(s)
	sc := bufio.NewScanner(io.LimitReader(f, maxConfigBytes))
	sc.Buffer(make([]byte, 64<<10), maxConfigBytes)
	for n := 1; sc.Scan(); n++ {
		if strings.Contains(sc.Text(), string(q)) {
			return n
		}
	}
	return 0
}
