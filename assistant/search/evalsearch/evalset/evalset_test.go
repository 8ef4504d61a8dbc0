package evalset_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
)

func TestLoadTraining(t *testing.T) {
	evalSites := []string{"cline", "zylon"}
	tests := []struct {
		name    string
		file    string // the file's content; "-" for no file at all
		want    []evalset.Question
		wantErr string // a part of the error, "" for none
	}{
		{
			name: "questions on training-only sites, with a reader's page and language",
			file: `[{"site": "dodo", "q": "when do I get paid", "pages": ["/features/payouts/payout-structure"]},
{"site": "benzinga", "q": "API キーをヘッダーで渡す方法", "pages": ["/ja/api-reference/authentication"], "currentPath": "/ja/introduction/introduction", "language": "ja"}]`,
			want: []evalset.Question{
				{Site: "dodo", Text: "when do I get paid", Pages: []string{"/features/payouts/payout-structure"}},
				{Site: "benzinga", Text: "API キーをヘッダーで渡す方法", Pages: []string{"/ja/api-reference/authentication"}, CurrentPath: "/ja/introduction/introduction", Language: "ja"},
			},
		},
		{name: "no file: no training question", file: "-"},
		{name: "an empty list", file: `[]`, want: []evalset.Question{}},
		{name: "a question on an evaluation site", file: `[{"site": "zylon", "q": "reset a password", "pages": ["/en/x"]}]`, wantErr: `site "zylon" is an evaluation site`},
		{name: "a split", file: `[{"site": "dodo", "q": "refunds", "pages": ["/r"], "split": "tune"}]`, wantErr: `split "tune"`},
		{name: "a held split", file: `[{"site": "dodo", "q": "refunds", "pages": ["/r"], "split": "held"}]`, wantErr: `split "held"`},
		{name: "no pages", file: `[{"site": "dodo", "q": "refunds", "pages": []}]`, wantErr: "site, q and pages are required"},
		{name: "no site", file: `[{"q": "refunds", "pages": ["/r"]}]`, wantErr: "site, q and pages are required"},
		{name: "no text", file: `[{"site": "dodo", "pages": ["/r"]}]`, wantErr: "site, q and pages are required"},
		{name: "a follow-up's thread", file: `[{"site": "dodo", "q": "and refunds?", "pages": ["/r"], "before": ["payouts"]}]`, wantErr: "before is for follow-ups"},
		{name: "not JSON", file: `{"site": "dodo"`, wantErr: "decode"},
		{name: "an object, not a list", file: `{"site": "dodo", "q": "x", "pages": ["/r"]}`, wantErr: "decode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkLoad(t, "train.json", tt.file, func(f string) ([]evalset.Question, error) { return evalset.LoadTraining(f, evalSites) }, tt.want, tt.wantErr)
		})
	}
}

// TestLoadTrainingUnreadable: a train.json that exists but cannot be read is an error, not "no
// training questions".
func TestLoadTrainingUnreadable(t *testing.T) {
	dir := t.TempDir()
	if _, err := evalset.LoadTraining(dir, nil); err == nil || !strings.Contains(err.Error(), "read training questions") {
		t.Errorf("a directory as train.json: error %v, want a read error", err)
	}
}

func TestLoadQuestions(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		n       int
		wantErr string
	}{
		{"both splits", `[{"site": "a", "q": "x", "pages": ["/p"], "split": "tune"}, {"site": "a", "q": "y", "pages": ["/p"], "split": "held"}]`, 2, ""},
		{"no split", `[{"site": "a", "q": "x", "pages": ["/p"]}]`, 0, "split must be"},
		{"another split", `[{"site": "a", "q": "x", "pages": ["/p"], "split": "train"}]`, 0, "split must be"},
		{"no pages", `[{"site": "a", "q": "x", "split": "tune"}]`, 0, "site, q and pages are required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "questions.json")
			if err := os.WriteFile(file, []byte(tt.file), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := evalset.LoadQuestions(file)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(got) != tt.n {
				t.Fatalf("got %d questions, %v; want %d", len(got), err, tt.n)
			}
		})
	}
}

func equal(a, b evalset.Question) bool {
	return a.Site == b.Site && a.Text == b.Text && slices.Equal(a.Pages, b.Pages) && a.Split == b.Split &&
		slices.Equal(a.Before, b.Before) && a.CurrentPath == b.CurrentPath && a.Language == b.Language
}

func TestLoadBlind(t *testing.T) {
	seen := []string{"cline", "dodo"}
	tests := []struct {
		name    string
		file    string // the file's content; "-" for no file at all
		n       int
		wantErr string // a part of the error, "" for none
	}{
		{"questions on blind sites, one from a translated page", `[{"site": "greptile", "q": "why no review", "pages": ["/code-review-bot/best-practices"], "split": "blind"},
{"site": "greptile", "q": "レビューが来ない", "pages": ["/ja/code-review-bot/best-practices"], "currentPath": "/ja/introduction", "language": "ja", "split": "blind"}]`, 2, ""},
		{"no file: no blind question", "-", 0, ""},
		{"a tuning split", `[{"site": "greptile", "q": "x", "pages": ["/p"], "split": "tune"}]`, 0, `split "tune", want "blind"`},
		{"a held split", `[{"site": "greptile", "q": "x", "pages": ["/p"], "split": "held"}]`, 0, `split "held", want "blind"`},
		{"no split", `[{"site": "greptile", "q": "x", "pages": ["/p"]}]`, 0, `split "", want "blind"`},
		{"a site of questions.json", `[{"site": "cline", "q": "x", "pages": ["/p"], "split": "blind"}]`, 0, `site "cline" is tuned or trained on`},
		{"a site of train.json", `[{"site": "dodo", "q": "x", "pages": ["/p"], "split": "blind"}]`, 0, `site "dodo" is tuned or trained on`},
		{"no pages", `[{"site": "greptile", "q": "x", "split": "blind"}]`, 0, "site, q and pages are required"},
		{"a follow-up's thread", `[{"site": "greptile", "q": "and then?", "pages": ["/p"], "split": "blind", "before": ["x"]}]`, 0, "before is for follow-ups"},
		{"not JSON", `[{"site"`, 0, "decode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "blind.json")
			if tt.file != "-" {
				if err := os.WriteFile(file, []byte(tt.file), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := evalset.LoadBlind(file, seen)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(got) != tt.n {
				t.Fatalf("got %d questions, %v; want %d", len(got), err, tt.n)
			}
		})
	}
}

func TestLoadUnanswerableSplits(t *testing.T) {
	tests := []struct {
		split   string
		wantErr bool
	}{
		{"tune", false}, {"held", false}, {"blind", false}, {"", true}, {"train", true},
	}
	for _, tt := range tests {
		t.Run(tt.split, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "unanswerable.json")
			if err := os.WriteFile(file, []byte(`[{"site": "a", "q": "x", "split": "`+tt.split+`"}]`), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := evalset.LoadUnanswerable(file); (err != nil) != tt.wantErr {
				t.Errorf("split %q: error %v, want error %v", tt.split, err, tt.wantErr)
			}
		})
	}
}

func TestLoadTrainingUnanswerable(t *testing.T) {
	trainSites := []string{"dodo", "benzinga"}
	tests := []struct {
		name    string
		file    string // the file's content; "-" for no file at all
		want    []evalset.Question
		wantErr string // a part of the error, "" for none
	}{
		{
			name: "questions on training-only sites, with a reader's page and language",
			file: `[{"site": "dodo", "q": "pay with cash at an OXXO store"},
{"site": "benzinga", "q": "¿Hay una biblioteca para Rust?", "currentPath": "/es/introduction/welcome", "language": "es"}]`,
			want: []evalset.Question{
				{Site: "dodo", Text: "pay with cash at an OXXO store"},
				{Site: "benzinga", Text: "¿Hay una biblioteca para Rust?", CurrentPath: "/es/introduction/welcome", Language: "es"},
			},
		},
		{name: "no file: no question", file: "-"},
		{name: "a site that is not training-only", file: `[{"site": "zylon", "q": "a Slack bot"}]`, wantErr: `site "zylon" is not a training-only site`},
		{name: "a blind site", file: `[{"site": "greptile", "q": "Bitbucket"}]`, wantErr: `site "greptile" is not a training-only site`},
		{name: "a tuning split", file: `[{"site": "dodo", "q": "escrow", "split": "tune"}]`, wantErr: "split, pages and before are not allowed"},
		{name: "a blind split", file: `[{"site": "dodo", "q": "escrow", "split": "blind"}]`, wantErr: "split, pages and before are not allowed"},
		{name: "pages", file: `[{"site": "dodo", "q": "escrow", "pages": ["/r"]}]`, wantErr: "split, pages and before are not allowed"},
		{name: "a follow-up's thread", file: `[{"site": "dodo", "q": "and escrow?", "before": ["payouts"]}]`, wantErr: "split, pages and before are not allowed"},
		{name: "no text", file: `[{"site": "dodo"}]`, wantErr: "site and q are required"},
		{name: "not JSON", file: `[{"site": "dodo"`, wantErr: "decode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkLoad(t, "train_unanswerable.json", tt.file, func(f string) ([]evalset.Question, error) {
				return evalset.LoadTrainingUnanswerable(f, trainSites)
			}, tt.want, tt.wantErr)
		})
	}
}

// checkLoad writes content to a file named name ("-": no file at all), loads it, and checks the
// questions against want, or the error against a part of it, wantErr.
func checkLoad(t *testing.T, name, content string, load func(string) ([]evalset.Question, error), want []evalset.Question, wantErr string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if content != "-" {
		if err := os.WriteFile(file, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	got, err := load(file)
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("error %v, want one saying %q", err, wantErr)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(got, want, equal) || (got == nil) != (want == nil) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestLoadReader(t *testing.T) {
	q := func(asked, from, split string) string {
		return `[{"site": "cline", "q": "undo its edits", "pages": ["/checkpoints"], "currentPath": "` + from + `", "asked": "` + asked + `", "split": "` + split + `"}]`
	}
	tests := []struct {
		name, file string
		want       []evalset.Question
		wantErr    string
	}{
		{name: "asked from its page", file: q("page", "/checkpoints", "tune"),
			want: []evalset.Question{{Site: "cline", Text: "undo its edits", Pages: []string{"/checkpoints"}, CurrentPath: "/checkpoints", Asked: evalset.AskedPage, Split: "tune"}}},
		{name: "asked elsewhere", file: q("elsewhere", "/kanban", "held"),
			want: []evalset.Question{{Site: "cline", Text: "undo its edits", Pages: []string{"/checkpoints"}, CurrentPath: "/kanban", Asked: evalset.AskedElsewhere, Split: "held"}}},
		{name: "page but asked from another", file: q("page", "/kanban", "tune"), wantErr: "needs currentPath /checkpoints"},
		{name: "elsewhere but asked from its page", file: q("elsewhere", "/checkpoints", "tune"), wantErr: "other than its page"},
		{name: "no asked", file: q("", "/checkpoints", "tune"), wantErr: "asked must be"},
		{name: "a blind split", file: q("page", "/checkpoints", "blind"), wantErr: "split must be"},
		{name: "no currentPath", file: q("page", "", "tune"), wantErr: "currentPath are required"},
		{name: "two pages", file: `[{"site": "cline", "q": "x", "pages": ["/a", "/b"], "currentPath": "/a", "asked": "page", "split": "tune"}]`, wantErr: "one page"},
		{name: "a follow-up's thread", file: `[{"site": "cline", "q": "x", "pages": ["/a"], "currentPath": "/a", "asked": "page", "split": "tune", "before": ["y"]}]`, wantErr: "before is for follow-ups"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkLoad(t, "reader.json", tt.file, evalset.LoadReader, tt.want, tt.wantErr)
		})
	}
}
