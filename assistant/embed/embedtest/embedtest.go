// Package embedtest is an OpenAI-compatible embeddings server for tests: the one fake the
// project allows (no model API is reachable from the tests).
package embedtest

import (
	"encoding/json"
	"hash/fnv"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// Model is the fake embeddings model. A text's vector counts its words hashed into 32
// dimensions, after mapping words of one meaning to one word, which is what makes it a
// "semantic" model: "automobile" lands where "car" does.
type Model struct {
	URL string // the API root to configure (…/v1)

	meanings map[string]string

	mu     sync.Mutex
	fail   bool     // answer 500
	inputs []string // every text asked for, in order
	auth   []string // the Authorization headers seen
	models []string // the model names asked for
}

// Start starts the model on a loopback port until the test ends. Besides its own (automobile
// and vehicle mean car), it knows the meanings given: word → the word it means.
func Start(t testing.TB, meanings ...map[string]string) *Model {
	f := &Model{meanings: map[string]string{"automobile": "car", "cars": "car", "vehicle": "car"}}
	for _, m := range meanings {
		maps.Copy(f.meanings, m)
	}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	f.URL = srv.URL + "/v1"
	return f
}

// SetFail makes the model answer 500 (true) or vectors (false).
func (f *Model) SetFail(v bool) {
	f.mu.Lock()
	f.fail = v
	f.mu.Unlock()
}

// Inputs returns every text the model was asked to embed, in order.
func (f *Model) Inputs() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.inputs...)
}

// ServeHTTP answers POST /v1/embeddings.
func (f *Model) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model string   `json:"model"`
		Input []string `json:"input"`
	}
	if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" || json.NewDecoder(r.Body).Decode(&req) != nil {
		http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	fail := f.fail
	f.inputs = append(f.inputs, req.Input...)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.models = append(f.models, req.Model)
	f.mu.Unlock()
	if fail {
		http.Error(w, `{"error":"overloaded"}`, http.StatusInternalServerError)
		return
	}
	type datum struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	var out struct {
		Data []datum `json:"data"`
	}
	for i := len(req.Input) - 1; i >= 0; i-- { // reversed: clients must use index
		out.Data = append(out.Data, datum{i, f.Vector(req.Input[i])})
	}
	_ = json.NewEncoder(w).Encode(out)
}

// Vector is the vector of text.
func (f *Model) Vector(text string) []float32 {
	v := make([]float32, 32)
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if m, ok := f.meanings[w]; ok {
			w = m
		}
		h := fnv.New32a()
		_, _ = h.Write([]byte(w))
		v[h.Sum32()%32]++
	}
	return v
}

// Requests returns the Authorization header and the model name of each request, in order.
func (f *Model) Requests() (auth, models []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.auth...), append([]string(nil), f.models...)
}
