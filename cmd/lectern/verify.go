package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"time"
)

const toolsGroup = "Tools"

// registerVerify registers --verify-config on a command's flags: the command parses its flags
// and environment, runs its checks, prints "configuration ok" and exits without connecting
// anywhere. docker-compose.yml's test runs every service's command this way.
func registerVerify(fs *flag.FlagSet) *bool {
	return fs.Bool("verify-config", false, `run the checks of the flags, the environment and the sites file, print "configuration ok" and exit without connecting anywhere`)
}

// probeCommand is `lectern probe URL`.
func probeCommand() *command {
	return &command{
		name:    "probe",
		summary: "GET a URL and exit 0 on 200 (a health check for the container image)",
		group:   toolsGroup,
		usage:   "lectern probe URL",
		about: `Requests URL and exits 0 when it answers 200, 1 otherwise: a health check for images without a
shell or curl (docker-compose.yml: ["CMD", "/lectern", "probe", "http://127.0.0.1:8080/readyz"]).`,
		setup: func(*flag.FlagSet) action {
			return action{args: argSpec{min: 1, max: 1, name: "URL"}, run: probe}
		},
	}
}

func probe(ctx context.Context, c *call) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.args[0], nil)
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	resp, err := http.DefaultClient.Do(req) // #nosec G107 G704 -- the operator's own health-check URL
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("probe: %s answered %s", c.args[0], resp.Status)
	}
	fmt.Fprintln(c.stdout, "ok")
	return nil
}
