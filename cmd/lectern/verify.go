package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"time"
)

// registerVerify registers --verify-config on a command's flags: the command parses and checks
// its flags and environment, prints "configuration ok" and exits without connecting anywhere.
// docker-compose.yml's test runs every service's command this way.
func registerVerify(fs *flag.FlagSet) *bool {
	return fs.Bool("verify-config", false, `check the flags and the environment, print "configuration ok" and exit without connecting anywhere`)
}

// verifying reports whether fs, which registerVerify registered on, was given --verify-config.
func verifying(fs *flag.FlagSet) bool {
	f := fs.Lookup("verify-config")
	return f != nil && f.Value.String() == "true"
}

func configOK(stdout io.Writer) error {
	fmt.Fprintln(stdout, "configuration ok")
	return nil
}

const probeUsage = `Usage: lectern probe URL

Requests URL and exits 0 when it answers 200, 1 otherwise: a health check for images without a
shell or curl (docker-compose.yml: ["CMD", "/lectern", "probe", "http://127.0.0.1:8080/readyz"]).
`

// probeMain runs `lectern probe URL`.
func probeMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stderr, probeUsage)
		return exitError(2)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, args[0], nil)
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	resp, err := http.DefaultClient.Do(req) // #nosec G107 G704 -- the operator's own health-check URL
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("probe: %s answered %s", args[0], resp.Status)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}
