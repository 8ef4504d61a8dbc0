package docsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// docOrder is the order in which an OpenAPI document writes its paths and webhooks, and each
// one's operations: what Mintlify's build generates endpoint pages in (@mintlify/scraping's
// generateOpenApiPagesForDocsConfig walks Object.entries of paths, then of webhooks, and
// each path item's operations as its keys come). The loader's maps keep no order, and a JSON
// document has no line numbers, so the order is read from the document's own text.
type docOrder struct {
	sections map[string]map[string]itemOrder // "paths" or "webhooks" → item key → its order
}

// itemOrder is one path item's place among its section's and its keys' places in it.
type itemOrder struct {
	pos  int
	keys map[string]int // upper-cased key ("GET", ...) → place
}

// orderedSections are the top-level keys whose items make pages.
var orderedSections = []string{"paths", "webhooks"}

// readDocOrder reads the order of data's paths and webhooks, as JSON when it is JSON, else as
// YAML. A document it cannot read has no order (the operations then come sorted by path and
// method); the loader reports what is wrong with it. A panic of the YAML parser on malformed
// input is no order either.
func readDocOrder(data []byte) (o docOrder) {
	defer func() {
		if recover() != nil {
			o = docOrder{}
		}
	}()
	if bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n\ufeff"), []byte("{")) {
		if o, err := jsonOrder(data); err == nil {
			return o
		}
	}
	o, err := yamlOrder(data)
	if err != nil {
		return docOrder{}
	}
	return o
}

// rank is where the operation method of item (a key of section) comes: the item's place, then
// the method's place in it. An item the document does not list comes after those it does, and
// so does a method its item does not list (one of a path item given by $ref).
func (o docOrder) rank(section, item, method string) (int, int) {
	it, ok := o.sections[section][item]
	if !ok {
		return len(o.sections[section]), -1
	}
	m, ok := it.keys[strings.ToUpper(method)]
	if !ok {
		return it.pos, len(it.keys)
	}
	return it.pos, m
}

// add records key of section at the next place; a key written twice keeps its first place,
// as a JavaScript object does.
func (o *docOrder) add(section, key string) map[string]int {
	if o.sections == nil {
		o.sections = map[string]map[string]itemOrder{}
	}
	items := o.sections[section]
	if items == nil {
		items = map[string]itemOrder{}
		o.sections[section] = items
	}
	if it, ok := items[key]; ok {
		return it.keys
	}
	it := itemOrder{pos: len(items), keys: map[string]int{}}
	items[key] = it
	return it.keys
}

// addKey records key at the next place of an item's keys, keeping a repeated key's first.
func addKey(keys map[string]int, key string) {
	k := strings.ToUpper(key)
	if _, ok := keys[k]; !ok {
		keys[k] = len(keys)
	}
}

// jsonOrder walks a JSON document's tokens: the keys of its paths and webhooks objects and of
// each of their items.
func jsonOrder(data []byte) (docOrder, error) {
	var o docOrder
	dec := json.NewDecoder(bytes.NewReader(data))
	err := eachJSONKey(dec, func(section string) error {
		if !isOrderedSection(section) {
			return skipJSON(dec)
		}
		return eachJSONKey(dec, func(item string) error {
			keys := o.add(section, item)
			return eachJSONKey(dec, func(key string) error {
				addKey(keys, key)
				return skipJSON(dec)
			})
		})
	})
	return o, err
}

// eachJSONKey reads an object from dec, calling visit at each key (visit reads its value). A
// value that is not an object is skipped.
func eachJSONKey(dec *json.Decoder, visit func(key string) error) error {
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("read JSON: %w", err)
	}
	if tok != json.Delim('{') {
		return skipRest(dec, tok)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("read JSON key: %w", err)
		}
		key, ok := tok.(string)
		if !ok {
			return errors.New("read JSON: a key is not a string")
		}
		if err := visit(key); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return fmt.Errorf("read JSON: %w", err)
	}
	return nil
}

// skipJSON reads one value from dec.
func skipJSON(dec *json.Decoder) error {
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("read JSON value: %w", err)
	}
	return nil
}

// skipRest reads the rest of an array whose opening tok was read; any other tok was a whole
// value.
func skipRest(dec *json.Decoder, tok json.Token) error {
	if tok != json.Delim('[') {
		return nil
	}
	for dec.More() {
		if err := skipJSON(dec); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing bracket
		return fmt.Errorf("read JSON: %w", err)
	}
	return nil
}

// yamlOrder reads the same keys from a YAML document's node tree.
func yamlOrder(data []byte) (docOrder, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return docOrder{}, fmt.Errorf("read YAML: %w", err)
	}
	var o docOrder
	if len(root.Content) == 0 {
		return o, nil
	}
	eachYAMLKey(root.Content[0], func(section string, v *yaml.Node) {
		if !isOrderedSection(section) {
			return
		}
		eachYAMLKey(v, func(item string, v *yaml.Node) {
			keys := o.add(section, item)
			eachYAMLKey(v, func(key string, _ *yaml.Node) { addKey(keys, key) })
		})
	})
	return o, nil
}

// eachYAMLKey calls visit with each key of a mapping node and its value, following an alias
// to its mapping; nothing when n is not a mapping.
func eachYAMLKey(n *yaml.Node, visit func(key string, value *yaml.Node)) {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		visit(n.Content[i].Value, n.Content[i+1])
	}
}

func isOrderedSection(key string) bool { return slices.Contains(orderedSections, key) }
