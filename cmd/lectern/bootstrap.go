package main

import (
	"context"
	"fmt"
	"io"

	"github.com/lectern-dev/lectern/platform/keys"
)

// bootstrapKeys creates one admin key and one assistant key for the first site when no key
// exists yet, and prints them: the demo needs no other step.
func bootstrapKeys(ctx context.Context, d *deps, stdout io.Writer) error {
	existing, err := d.keys.List(ctx)
	if err != nil || len(existing) > 0 {
		return err
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
