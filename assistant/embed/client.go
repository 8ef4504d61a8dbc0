package embed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// Client calls an OpenAI-compatible embeddings endpoint.
type Client struct {
	cfg  Config
	http *http.Client
}

// NewClient returns a client of the endpoint cfg names.
func NewClient(cfg Config, hc *http.Client) *Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	return &Client{cfg: cfg, http: hc}
}

type embedRequest struct {
	Model string   `json:"model"`
	Input []string `json:"input"`
}

type embedResponse struct {
	Data []struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
}

// ErrBadResponse is an answer of the endpoint that is not the vectors asked for.
var ErrBadResponse = errors.New("embeddings: bad response")

// Embed returns one vector per input, in the inputs' order, all of one dimension.
func (c *Client) Embed(ctx context.Context, inputs []string) ([][]float32, error) {
	body, err := json.Marshal(embedRequest{Model: c.cfg.Model, Input: inputs})
	if err != nil {
		return nil, fmt.Errorf("embeddings: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.endpoint(), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("embeddings: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(req) // #nosec G704 -- the operator's configured endpoint
	if err != nil {
		return nil, fmt.Errorf("embeddings: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return nil, fmt.Errorf("%w: %s: %s", ErrBadResponse, resp.Status, bytes.TrimSpace(msg))
	}
	var out embedResponse
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxResponseBytes)).Decode(&out); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadResponse, err)
	}
	return vectors(out, len(inputs))
}

// vectors puts the answer's vectors in input order and checks there is one per input, each of
// the same non-zero dimension.
func vectors(r embedResponse, n int) ([][]float32, error) {
	if len(r.Data) != n {
		return nil, fmt.Errorf("%w: %d vectors for %d inputs", ErrBadResponse, len(r.Data), n)
	}
	out := make([][]float32, n)
	for _, d := range r.Data {
		if d.Index < 0 || d.Index >= n || out[d.Index] != nil {
			return nil, fmt.Errorf("%w: index %d repeated or out of range", ErrBadResponse, d.Index)
		}
		if len(d.Embedding) == 0 || len(d.Embedding) != len(r.Data[0].Embedding) {
			return nil, fmt.Errorf("%w: vectors of dimensions %d and %d", ErrBadResponse, len(d.Embedding), len(r.Data[0].Embedding))
		}
		out[d.Index] = d.Embedding
	}
	return out, nil
}
