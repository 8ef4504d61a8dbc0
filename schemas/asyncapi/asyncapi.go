// Package asyncapi embeds the contract of Lectern's events on the bus, an AsyncAPI 3.0
// document (asyncapi.yaml), for warehouse loaders that subscribe to JetStream directly.
// GET /asyncapi.json serves it as JSON.
package asyncapi

import (
	"bytes"
	_ "embed"
	"sync"

	"github.com/lectern-dev/lectern/schemas/openapi"
)

//go:embed asyncapi.yaml
var document []byte

var jsonDocument = sync.OnceValue(func() []byte {
	out, err := openapi.ToJSON(document)
	if err != nil {
		panic("asyncapi: the embedded asyncapi.yaml does not convert to JSON: " + err.Error())
	}
	return out
})

// YAML returns the document as written.
func YAML() []byte { return bytes.Clone(document) }

// JSON returns the document as JSON with the YAML's key order.
func JSON() []byte { return bytes.Clone(jsonDocument()) }
