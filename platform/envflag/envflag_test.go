package envflag_test

import (
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
)

func TestEnvDefaults(t *testing.T) {
	t.Setenv("T_STR", "from-env")
	t.Setenv("T_INT", "42")
	t.Setenv("T_DUR", "3s")
	t.Setenv("T_BOOL", "false")
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var s string
	var n int
	var d time.Duration
	var b bool
	envflag.String(fs, &s, "str", "T_STR", "def", "")
	envflag.Int(fs, &n, "int", "T_INT", 1, "")
	envflag.Duration(fs, &d, "dur", "T_DUR", time.Second, "")
	envflag.Bool(fs, &b, "bool", "T_BOOL", true, "")
	if err := fs.Parse([]string{"--int", "7"}); err != nil {
		t.Fatal(err)
	}
	if s != "from-env" || n != 7 || d != 3*time.Second || b {
		t.Errorf("got %q %d %v %v; want env values, with --int from the command line", s, n, d, b)
	}
	if err := envflag.Check(fs); err != nil {
		t.Errorf("Check: %v", err)
	}
}

func TestMalformedEnvReported(t *testing.T) {
	t.Setenv("T_WAIT", "fast")
	t.Setenv("T_SIZE", "big")
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var d time.Duration
	var n int
	envflag.Duration(fs, &d, "wait", "T_WAIT", time.Second, "")
	envflag.Int(fs, &n, "size", "T_SIZE", 5, "")
	if err := fs.Parse([]string{"--size", "9"}); err != nil {
		t.Fatal(err)
	}
	err := envflag.Check(fs)
	if err == nil || !strings.Contains(err.Error(), `T_WAIT="fast"`) || !strings.Contains(err.Error(), "--wait") {
		t.Fatalf("Check = %v, want T_WAIT named", err)
	}
	if strings.Contains(err.Error(), "T_SIZE") {
		t.Errorf("Check reports T_SIZE although --size was given: %v", err)
	}
}
