package main

import (
	"strings"
	"testing"
)

// TestKeysAgainstTheSitesFile runs `lectern keys` in-process against a running lectern: a key
// for a project or domain that no site has is made with a warning naming it and the sites file
// (stdout stays the key alone, for INGEST=$(lectern keys create ...)); list warns about such
// keys; revoke takes an id or the whole key, and names an id no key has.
func TestKeysAgainstTheSitesFile(t *testing.T) {
	cfg := testConfig(t, "sqlite")
	l := startLectern(t, cfg)
	conn := []string{"--nats-url", l.NATSURL, "--data-dir", cfg.DataDir, "--sites", cfg.Sites}
	keysCmd := func(args ...string) (int, string, string) {
		return runCmd(t, nil, append(append([]string{"keys"}, args...), conn...)...)
	}

	code, out, errOut := keysCmd("create", "--kind", "admin", "--project", "nope")
	if code != 0 || !strings.HasPrefix(out, "lk_admin_") || strings.Count(out, "\n") != 1 {
		t.Fatalf("create for an unknown project: exit %d, stdout %q\n%s", code, out, errOut)
	}
	unknownProject := strings.TrimSpace(out)
	want := `warning: project "nope" has no site (projects: acme-prod, other-prod) in ` + cfg.Sites
	if !strings.Contains(errOut, want) {
		t.Errorf("stderr %q; want %q", errOut, want)
	}
	code, out, errOut = keysCmd("create", "--kind", "assistant", "--domain", "acmee")
	if code != 0 || !strings.HasPrefix(out, "lk_pub_") || !strings.Contains(errOut, `warning: domain "acmee" is not a site (domains: acme, other)`) {
		t.Errorf("create for an unknown domain: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, errOut = keysCmd("create", "--kind", "ingest", "--project", "acme-prod"); code != 0 || errOut != "" {
		t.Errorf("create for a known project: exit %d, stderr %q (want no warning)", code, errOut)
	}

	code, out, errOut = keysCmd("list")
	if code != 0 || strings.Count(out, "\n") != 8 { // a header, 4 keys of the harness, 3 above
		t.Errorf("list: exit %d\n%s%s", code, out, errOut)
	}
	if strings.Count(errOut, "warning: key ") != 2 || !strings.Contains(errOut, `project "nope" has no site`) {
		t.Errorf("list warns %q; want the two keys whose scope has no site", errOut)
	}

	if code, out, errOut = keysCmd("revoke", unknownProject); code != 0 || !strings.HasPrefix(out, "revoked ") {
		t.Errorf("revoke by the whole key: exit %d, %q %q", code, out, errOut)
	}
	code, _, errOut = keysCmd("revoke", strings.TrimPrefix(strings.TrimSpace(out), "revoked "))
	if code != 1 || !strings.Contains(errOut, "no key has the id") {
		t.Errorf("revoking it again: exit %d, stderr %q; want 1 and 'no key has the id'", code, errOut)
	}
}
