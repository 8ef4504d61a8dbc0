package docsjson

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"gopkg.in/yaml.v3"
)

// describeValue is describe, telling an empty string apart.
func describeValue(v any) string {
	if s, ok := v.(string); ok && strings.TrimSpace(s) == "" {
		return "empty"
	}
	return describe(v)
}

// asyncBesideOpenAPI drops the asyncapi of a group that also sets openapi, as Mintlify does.
func (d *decoder) asyncBesideOpenAPI(e *Element) {
	if e.Kind != KindGroup || len(e.OpenAPI) == 0 || len(e.AsyncAPI) == 0 {
		return
	}
	d.c.warnf(field(e.Path, "asyncapi"), "%s sets both openapi and asyncapi; Mintlify ignores asyncapi on such a group, so it is ignored here too: put the AsyncAPI spec on a group of its own", named("group", e.Label))
	e.AsyncAPI = nil
}

// asyncSpecs checks that each asyncapi value of e names a readable AsyncAPI document in the
// site, or a URL (linked as it is, never fetched).
func (v *validator) asyncSpecs(e *Element) {
	jpath := field(e.Path, "asyncapi")
	for _, ref := range e.AsyncAPI {
		if isURL(ref) {
			continue
		}
		file, ok := sitePath(ref)
		if !ok {
			v.c.errorf(jpath, "asyncapi %q points outside the site; name a spec file inside the site directory", ref)
			continue
		}
		if !v.files {
			continue
		}
		switch err := v.specs.async(file); {
		case isNotExist(err):
			v.fc.errorf(jpath, "asyncapi names %q, which does not exist; asyncapi must name an AsyncAPI file (JSON or YAML) in the site", ref)
		case err != nil:
			v.fc.errorf(jpath, "AsyncAPI spec %q cannot be used: %v", ref, err)
		}
	}
}

// maxAsyncAPIBytes bounds an AsyncAPI document read to check it.
const maxAsyncAPIBytes = 32 << 20

// async checks the AsyncAPI document at a site path once: it must be a JSON or YAML object
// with an "asyncapi" version.
func (c *specCache) async(file string) error {
	if err, ok := c.asyncs[file]; ok {
		return err
	}
	err := checkAsyncAPI(c.fsys, file)
	if c.asyncs == nil {
		c.asyncs = map[string]error{}
	}
	c.asyncs[file] = err
	return err
}

func checkAsyncAPI(fsys fs.FS, file string) error {
	f, err := fsys.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxAsyncAPIBytes+1))
	if err != nil {
		return fmt.Errorf("read AsyncAPI spec: %w", err)
	}
	if len(data) > maxAsyncAPIBytes {
		return fmt.Errorf("the file is larger than %d MiB", maxAsyncAPIBytes>>20)
	}
	var doc struct {
		AsyncAPI any `yaml:"asyncapi"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("parse AsyncAPI spec: %w", err)
	}
	switch v := doc.AsyncAPI.(type) {
	case int, float64:
		return nil // asyncapi: 3.0 written unquoted
	case string:
		if strings.TrimSpace(v) != "" {
			return nil
		}
	}
	return errNoAsyncAPIVersion
}

var errNoAsyncAPIVersion = errors.New(`it has no "asyncapi" version; an AsyncAPI document starts with asyncapi: 3.0.0`)
