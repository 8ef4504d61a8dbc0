package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/lectern-dev/lectern/platform/keys"
)

// bootstrapKeys creates the API keys of the sites on the first start of an empty key bucket,
// and prints them: the demo needs no other step, nor does a sites file of several sites. The
// first site's are LECTERN_ADMIN_KEY and LECTERN_ASSISTANT_KEY; each further site's carry its
// domain (LECTERN_ASSISTANT_KEY_ACME), and a project gets one admin key however many sites
// share it. A bucket whose keys were all revoked (an operator answering a leak) gets none:
// printing a fresh admin key to a log that shippers forward would undo the revocation.
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
	admins := map[string]bool{} // projects given an admin key
	for i, site := range d.sites.All() {
		suffix := ""
		if i > 0 {
			suffix = "_" + envName(site.Domain)
		}
		fmt.Fprintf(stdout, "First start: API keys for site %q (project %q). Keep the admin key secret.\n", site.Domain, site.Project)
		if !admins[site.Project] {
			_, admin, err := d.keys.Create(ctx, keys.KindAdmin, site.Project, keys.CreateOptions{})
			if err != nil {
				return err
			}
			admins[site.Project] = true
			fmt.Fprintf(stdout, "LECTERN_ADMIN_KEY%s=%s\n", suffix, admin)
		}
		_, assistant, err := d.keys.Create(ctx, keys.KindAssistant, site.Domain, keys.CreateOptions{})
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "LECTERN_ASSISTANT_KEY%s=%s\n", suffix, assistant)
	}
	return nil
}

// envName is a site's domain as the end of an environment variable's name: "docs.acme-2"
// is DOCS_ACME_2.
func envName(domain string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			return r
		}
		return '_'
	}, domain)
}
