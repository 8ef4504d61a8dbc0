package docsjson

import (
	"fmt"
	"io"
	"strings"
)

// maxRefusedScan bounds how much of a refused OpenAPI file is read for an operation's path.
const maxRefusedScan = 8 << 20

// inRefusedSpec says why an MDX page's operation, which no OpenAPI file of the site that a
// parser accepts has, shows no API reference when one of the files the parser refuses lists
// its path: that file, and why it cannot be used. Mintlify's build drops such a file too
// ("Error validating OpenAPI file"), so the page shows no API reference there either; naming
// the operations of the other files instead sent the team looking in the wrong place
// (MetaGLM/devbook@93bca6f: "POST /v1/agents" is in openapi/openapi.json, refused for a $ref
// to a schema it does not define). "" when no refused file lists the path.
func (c *specCache) inRefusedSpec(value, apiPath string, refused []string) string {
	for _, ref := range refused {
		p, ok := sitePath(ref)
		if !ok || !c.listsPath(p, apiPath) {
			continue
		}
		_, err := c.get(ref)
		return fmt.Sprintf("openapi %q is in %s, but no OpenAPI parser accepts that file (%v), so the page shows no API reference; fix the file", value, specName(ref), err)
	}
	return ""
}

// listsPath reports whether the file's text holds apiPath as a key of paths, quoted (JSON,
// YAML) or followed by a colon (YAML).
func (c *specCache) listsPath(file, apiPath string) bool {
	f, err := c.fsys.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxRefusedScan))
	if err != nil {
		return false
	}
	text := string(data)
	for _, key := range []string{`"` + apiPath + `"`, `'` + apiPath + `'`, "\n  " + apiPath + ":"} {
		if strings.Contains(text, key) {
			return true
		}
	}
	return false
}
