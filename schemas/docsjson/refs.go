package docsjson

import (
	"fmt"
	"regexp"
	"strings"
)

// undefinedRef names the reference behind the loader's error for a "$ref" to something the
// document does not define: the loader says only `map key "apiKeyParam" not found`, which
// names neither the reference nor the file's problem (Helius's openapi/webhooks.yaml,
// helius-labs/docs@3a53273, references #/components/parameters/apiKeyParam and defines no
// such parameter). Other errors, and a key no "$ref" of data holds, are returned as they are.
func undefinedRef(err error, data []byte) error {
	var key string
	if _, scan := fmt.Sscanf(err.Error(), "map key %q not found", &key); scan != nil || key == "" {
		return err
	}
	for _, m := range refValue.FindAllSubmatch(data, -1) {
		ref := string(m[1])
		if _, frag, ok := strings.Cut(ref, "#"); ok && hasSegment(frag, key) {
			return fmt.Errorf("$ref %q names something the document does not define (%w)", ref, err)
		}
	}
	return err
}

// refValue matches a "$ref" and its value, in YAML or JSON.
var refValue = regexp.MustCompile(`["']?\$ref["']?\s*:\s*["']?([^"'\s,}\]]+)`)

// hasSegment reports whether the JSON pointer fragment has key as one of its segments.
func hasSegment(fragment, key string) bool {
	for _, seg := range strings.Split(fragment, "/") {
		if strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~") == key {
			return true
		}
	}
	return false
}
