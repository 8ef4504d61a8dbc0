package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/lectern-dev/lectern/platform/keys"
)

// bootstrapKeys creates one admin key and one assistant key for the first site on the first
// start of an empty key bucket, and prints them: the demo needs no other step. A bucket whose
// keys were all revoked (an operator answering a leak) gets none: printing a fresh admin key
// to a log that shippers forward would undo the revocation.
func bootstrapKeys(ctx context.Context, d *deps, stdout io.Writer, logger *slog.Logger) error {
	existing, err := d.keys.List(ctx)
	if err != nil || len(existing) > 0 {
		return err
	}
	issued, err := d.keys.Issued(ctx)
	if err != nil {
		return err
	}
	if issued {
		logger.Warn("no API key is active (all were revoked); create one with `lectern keys create --kind admin --project PROJECT`")
		return nil
	}
	all := d.sites.All()
	if len(all) == 0 {
		return nil
	}
	site := all[0]
	_, admin, err := d.keys.Create(ctx, keys.KindAdmin, site.Project, keys.CreateOptions{})
	if err != nil {
		return err
	}
	_, assistant, err := d.keys.Create(ctx, keys.KindAssistant, site.Domain, keys.CreateOptions{})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "First start: API keys for site %q (project %q). Keep the admin key secret.\n", site.Domain, site.Project)
	fmt.Fprintf(stdout, "LECTERN_ADMIN_KEY=%s\n", admin)
	fmt.Fprintf(stdout, "LECTERN_ASSISTANT_KEY=%s\n", assistant)
	return nil
}
