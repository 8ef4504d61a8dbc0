package embed_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/embed"
	"github.com/lectern-dev/lectern/assistant/embed/embedtest"
)

func TestClientEmbeds(t *testing.T) {
	f := embedtest.Start(t)
	url := f.URL
	c := embed.NewClient(embed.Config{BaseURL: url + "/", Model: "tiny", APIKey: "sk-test", Timeout: time.Second}, nil)
	got, err := c.Embed(context.Background(), []string{"car", "automobile", "holidays"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || !slices.Equal(got[0], got[1]) || slices.Equal(got[0], got[2]) {
		t.Errorf("vectors not in input order: %v", got)
	}
	if auth, models := f.Requests(); auth[0] != "Bearer sk-test" || models[0] != "tiny" {
		t.Errorf("sent Authorization %q, model %q", auth[0], models[0])
	}
}

func TestClientRefusesBadAnswers(t *testing.T) {
	tests := []struct {
		name, body string
		status     int
		want       string
	}{
		{"server error", `{"error":"overloaded"}`, 500, "500 Internal Server Error"},
		{"not JSON", `<html>`, 200, "bad response"},
		{"too few vectors", `{"data":[{"index":0,"embedding":[1,2]}]}`, 200, "1 vectors for 2 inputs"},
		{"index repeated", `{"data":[{"index":0,"embedding":[1]},{"index":0,"embedding":[1]}]}`, 200, "repeated or out of range"},
		{"index out of range", `{"data":[{"index":0,"embedding":[1]},{"index":5,"embedding":[1]}]}`, 200, "repeated or out of range"},
		{"dimensions differ", `{"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1]}]}`, 200, "dimensions"},
		{"empty vector", `{"data":[{"index":0,"embedding":[]},{"index":1,"embedding":[]}]}`, 200, "dimensions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(tt.status)
				_, _ = w.Write([]byte(tt.body))
			}))
			defer srv.Close()
			_, err := embed.NewClient(embed.Config{BaseURL: srv.URL, Model: "m"}, nil).Embed(context.Background(), []string{"a", "b"})
			if !errors.Is(err, embed.ErrBadResponse) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want ErrBadResponse naming %q", err, tt.want)
			}
		})
	}
}

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		cfg  embed.Config
		want string // "" for valid
	}{
		{embed.Config{Timeout: time.Second}, ""},
		{embed.Config{Model: "m", Timeout: time.Second}, ""},
		{embed.Config{BaseURL: "http://127.0.0.1:1/v1", Model: "m", Timeout: time.Second}, ""},
		{embed.Config{BaseURL: "ftp://x", Model: "m", Timeout: time.Second}, "embed-base-url"},
		{embed.Config{BaseURL: "http://x/v1", Timeout: time.Second}, "embed-model is empty"},
		{embed.Config{Model: "m"}, "embed-timeout"},
		{embed.Config{Model: "m", Timeout: time.Hour}, "embed-timeout"},
	}
	for _, tt := range tests {
		err := tt.cfg.Validate()
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%+v: %v, want %q", tt.cfg, err, tt.want)
		}
	}
}
