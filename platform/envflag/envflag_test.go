package envflag_test

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
)

// upper is a flag.Value of its own, as the rate limits have: it takes only upper-case words.
type upper struct{ s string }

func (u *upper) String() string { return u.s }
func (u *upper) Set(s string) error {
	if strings.ToUpper(s) != s {
		return io.ErrUnexpectedEOF
	}
	u.s = s
	return nil
}

// settings is one of each kind of flag envflag registers.
type settings struct {
	s    string
	n    int
	n64  int64
	f    float64
	d    time.Duration
	b    bool
	word upper
}

func register(fs *flag.FlagSet, c *settings) {
	envflag.String(fs, &c.s, "str", "T_STR", "def", "a string")
	envflag.Int(fs, &c.n, "int", "T_INT", 1, "an int")
	envflag.Int64(fs, &c.n64, "int64", "T_INT64", 2, "an int64")
	envflag.Float(fs, &c.f, "float", "T_FLOAT", 0.5, "a float")
	envflag.Duration(fs, &c.d, "dur", "T_DUR", time.Second, "a duration")
	envflag.Bool(fs, &c.b, "bool", "T_BOOL", false, "a bool")
	c.word = upper{"DEF"}
	envflag.Var(fs, &c.word, "word", "T_WORD", "an upper-case word")
}

func TestApply(t *testing.T) {
	defaults := settings{s: "def", n: 1, n64: 2, f: 0.5, d: time.Second, word: upper{"DEF"}}
	tests := []struct {
		name    string
		env     map[string]string
		args    []string
		want    settings
		wantErr []string // substrings of the error; none: no error
		notErr  []string
	}{
		{name: "nothing set: the code's defaults", want: defaults},
		{
			name: "every variable",
			env:  map[string]string{"T_STR": "e", "T_INT": "42", "T_INT64": "9000000000", "T_FLOAT": "2.5", "T_DUR": "3s", "T_BOOL": "true", "T_WORD": "ENV"},
			want: settings{s: "e", n: 42, n64: 9000000000, f: 2.5, d: 3 * time.Second, b: true, word: upper{"ENV"}},
		},
		{
			name: "the command line wins over the environment",
			env:  map[string]string{"T_INT": "42", "T_WORD": "ENV", "T_BOOL": "true"},
			args: []string{"--int", "7", "--word", "ARG", "--bool=false"},
			want: settings{s: "def", n: 7, n64: 2, f: 0.5, d: time.Second, word: upper{"ARG"}},
		},
		{
			name: "a bool flag without a value",
			args: []string{"--bool"},
			want: settings{s: "def", n: 1, n64: 2, f: 0.5, d: time.Second, b: true, word: upper{"DEF"}},
		},
		{
			name:    "malformed values are named, each with its flag",
			env:     map[string]string{"T_DUR": "fast", "T_INT64": "1e3", "T_WORD": "lower", "T_INT": "x"},
			args:    []string{"--int", "3"},
			want:    settings{s: "def", n: 3, n64: 2, f: 0.5, d: time.Second, word: upper{"DEF"}},
			wantErr: []string{`T_DUR="fast" (for --dur)`, `T_INT64="1e3" (for --int64)`, `T_WORD="lower" (for --word)`},
			notErr:  []string{"T_INT="},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			var got settings
			register(fs, &got)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			err := envflag.ApplyFrom(fs, func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if len(tt.wantErr) == 0 && err != nil {
				t.Fatalf("ApplyFrom: %v", err)
			}
			for _, w := range tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("ApplyFrom = %v, want it to name %s", err, w)
				}
			}
			for _, w := range tt.notErr {
				if err != nil && strings.Contains(err.Error(), w) {
					t.Errorf("ApplyFrom = %v, names %s although its flag was given", err, w)
				}
			}
		})
	}
}

// TestRegisteringReadsNoEnvironment: a Config built from its flags is the same whatever the
// developer's shell holds; only Apply reads the environment.
func TestRegisteringReadsNoEnvironment(t *testing.T) {
	t.Setenv("T_STR", "from-env")
	t.Setenv("T_DUR", "9s")
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var c settings
	register(fs, &c)
	if c.s != "def" || c.d != time.Second {
		t.Fatalf("after registering: %q %v, want the defaults def 1s", c.s, c.d)
	}
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	if err := envflag.Apply(fs); err != nil {
		t.Fatal(err)
	}
	if c.s != "from-env" || c.d != 9*time.Second {
		t.Errorf("after Apply: %q %v, want from-env 9s", c.s, c.d)
	}
}

func TestVarsAndHelp(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var c settings
	register(fs, &c)
	fs.Int("plain", 0, "a flag without a variable")
	vars := envflag.Vars(fs)
	if len(vars) != 7 || vars["T_INT64"] != "int64" || vars["T_WORD"] != "word" {
		t.Errorf("Vars = %v, want the 7 variables mapped to their flags", vars)
	}
	var out bytes.Buffer
	fs.SetOutput(&out)
	envflag.PrintDefaults(fs)
	for _, want := range []string{"-dur duration", "a duration (env T_DUR) (default 1s)", "-str string", `(env T_STR) (default "def")`, "-int64 int", "-word value"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "default false") {
		t.Errorf("help shows a false bool's default:\n%s", out.String())
	}
}
