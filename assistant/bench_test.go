package assistant_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/sites"
)

// benchPages is the size of the generated site of the benchmarks (design.md §8).
const benchPages = 2000

// BenchmarkFirstText measures the time from sending a question to reading the first text part
// of the answer, through the whole service on a generated 2,000-page site (extractive answers,
// a new thread per question), beside the bare search call on the same index as a baseline.
//
//	go test -run '^$' -bench FirstText -benchtime 2000x ./
func BenchmarkFirstText(b *testing.B) {
	dir, questions := generateSite(b, benchPages)
	b.Run("service", func(b *testing.B) {
		h := start(b, []sites.Site{{Domain: "big", Project: "big-docs", Docs: dir}})
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
		for i := range 20 { // warm up connections and pools
			firstText(b, h, client, questions[i%len(questions)])
		}
		lat := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := range b.N {
			lat = append(lat, firstText(b, h, client, questions[i%len(questions)]))
		}
		b.StopTimer()
		report(b, lat)
		m := gather(b, h)
		answered := m[`lectern_assistant_answers_total{resolution="answered"}`]
		b.ReportMetric(100*answered/(answered+m[`lectern_assistant_answers_total{resolution="unanswered"}`]), "answered-%")
	})
	b.Run("search-baseline", func(b *testing.B) {
		d, err := sitedocs.Load(context.Background(), dir)
		if err != nil {
			b.Fatal(err)
		}
		ix := search.Build(d.Pages)
		lat := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := range b.N {
			start := time.Now()
			if len(ix.Search(search.Query{Text: questions[i%len(questions)], Filter: search.Filter{}, Limit: 5})) == 0 {
				b.Fatal("no results")
			}
			lat = append(lat, time.Since(start))
		}
		b.StopTimer()
		report(b, lat)
	})
}

// firstText asks one question and returns the time until its first "0:" line; it reads the
// rest of the reply untimed.
func firstText(b *testing.B, h *harness, client *http.Client, q string) time.Duration {
	body, _ := json.Marshal(ask(q))
	req, _ := http.NewRequest(http.MethodPost, h.base+"/discovery/v1/assistant/big/message", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+h.tokens["big"])
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			b.Fatalf("no text part (status %d): %v", resp.StatusCode, err)
		}
		if strings.HasPrefix(line, "0:") {
			d := time.Since(start)
			_, _ = io.Copy(io.Discard, br)
			return d
		}
	}
}

// report adds latency percentiles to the benchmark's output.
func report(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.90), "p90-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

// generateSite writes a docs.json site of n pages (10 tabs of groups of 20 pages, each page a
// few sections of generated prose and a code block) and returns its directory and questions
// built from page topics.
func generateSite(b *testing.B, n int) (string, []string) {
	b.Helper()
	dir := b.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	vocab := words(rng, 3000)
	type group struct {
		Group string   `json:"group"`
		Pages []string `json:"pages"`
	}
	type tab struct {
		Tab    string  `json:"tab"`
		Groups []group `json:"groups"`
	}
	var tabs []tab
	var questions []string
	for i := range n {
		if i%200 == 0 {
			tabs = append(tabs, tab{Tab: "Tab " + vocab[i/200]})
		}
		tb := &tabs[len(tabs)-1]
		if i%20 == 0 {
			tb.Groups = append(tb.Groups, group{Group: "Group " + vocab[100+i/20]})
		}
		g := &tb.Groups[len(tb.Groups)-1]
		topic := []string{vocab[rng.IntN(len(vocab))], vocab[rng.IntN(len(vocab))]}
		name := fmt.Sprintf("p%04d-%s", i, topic[0])
		g.Pages = append(g.Pages, "pages/"+name)
		writePage(b, filepath.Join(dir, "pages", name+".mdx"), topic, vocab, rng)
		if i%7 == 0 {
			questions = append(questions, fmt.Sprintf("How do I use %s with %s?", topic[0], topic[1])) // in the site's words, so it is answered
		}
	}
	data, _ := json.Marshal(map[string]any{"navigation": map[string]any{"tabs": tabs}})
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), data, 0o644); err != nil {
		b.Fatal(err)
	}
	return dir, questions
}

func writePage(b *testing.B, path string, topic, vocab []string, rng *rand.Rand) {
	var w strings.Builder
	fmt.Fprintf(&w, "---\ntitle: %s %s\ndescription: How to use %s with %s.\n---\n\n", strings.ToUpper(topic[0][:1])+topic[0][1:], topic[1], topic[0], topic[1])
	w.WriteString(prose(rng, vocab, topic, 4))
	for s := range 4 {
		fmt.Fprintf(&w, "\n\n## %s %s %d\n\n%s", vocab[rng.IntN(len(vocab))], topic[s%2], s, prose(rng, vocab, topic, 5))
		if s == 1 {
			fmt.Fprintf(&w, "\n\n```bash\n%s --%s %s\n```", topic[0], topic[1], vocab[rng.IntN(len(vocab))])
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(w.String()+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
}

// prose writes n sentences of 8-20 words, mentioning the topic now and then.
func prose(rng *rand.Rand, vocab, topic []string, n int) string {
	var sentences []string
	for range n {
		k := 8 + rng.IntN(13)
		ws := make([]string, k)
		for j := range ws {
			ws[j] = vocab[rng.IntN(len(vocab))]
			if rng.IntN(8) == 0 {
				ws[j] = topic[rng.IntN(2)]
			}
		}
		ws[0] = strings.ToUpper(ws[0][:1]) + ws[0][1:]
		sentences = append(sentences, strings.Join(ws, " ")+".")
	}
	return strings.Join(sentences, " ")
}

// words makes n distinct pronounceable words.
func words(rng *rand.Rand, n int) []string {
	cons, vow := "bcdfghklmnprstvz", "aeiou"
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		var w strings.Builder
		for range 2 + rng.IntN(3) {
			w.WriteByte(cons[rng.IntN(len(cons))])
			w.WriteByte(vow[rng.IntN(len(vow))])
		}
		if s := w.String(); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
