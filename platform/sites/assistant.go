package sites

import (
	"fmt"
	"net/mail"
	"net/url"
	"strings"
	"unicode/utf8"
)

// Support is where the assistant sends a reader whose question the docs do not answer
// (Mintlify's deflection): a support page (link mode: the reply links to it with the thread
// id appended as threadId) or an address (email mode: the reply shows it as a mailto: link;
// Lectern sends no email). One of the two.
type Support struct {
	URL   string `yaml:"url"`
	Email string `yaml:"email"`
}

// Bounds of a site's assistant settings.
const (
	MaxSupportURL     = 2000 // characters of support.url
	MaxSupportEmail   = 254  // characters of support.email (RFC 5321's path limit)
	MaxStarters       = 3    // starter questions of a site, as Mintlify's
	MaxStarterLength  = 200  // characters of a starter question
	supportFieldsHelp = "url (a support page, http or https) or email (an address)"
)

// supportFields are the keys a support mapping may hold.
var supportFields = []string{"url", "email"}

// checkAssistant checks a site's support and starter questions, naming the field.
func checkAssistant(i int, s *Site) error {
	if err := checkSupport(i, s.Support); err != nil {
		return err
	}
	if len(s.StarterQuestions) > MaxStarters {
		return fmt.Errorf("sites[%d].starterQuestions: %d questions; at most %d", i, len(s.StarterQuestions), MaxStarters)
	}
	for j, q := range s.StarterQuestions {
		n := utf8.RuneCountInString(q)
		switch {
		case strings.TrimSpace(q) == "":
			return fmt.Errorf("sites[%d].starterQuestions[%d]: empty; want a question of 1 to %d characters", i, j, MaxStarterLength)
		case n > MaxStarterLength || !utf8.ValidString(q):
			return fmt.Errorf("sites[%d].starterQuestions[%d]: %d characters; want a question of 1 to %d characters", i, j, n, MaxStarterLength)
		case strings.ContainsAny(q, "\n\r\t"):
			return fmt.Errorf("sites[%d].starterQuestions[%d]: holds a line break or tab; want one line", i, j)
		}
	}
	return nil
}

// checkSupport checks a support mapping: exactly one of url and email, each well formed.
func checkSupport(i int, sp *Support) error {
	if sp == nil {
		return nil
	}
	switch {
	case sp.URL == "" && sp.Email == "":
		return fmt.Errorf("sites[%d].support: empty; want %s", i, supportFieldsHelp)
	case sp.URL != "" && sp.Email != "":
		return fmt.Errorf("sites[%d].support: both url and email; want one (url: link mode, email: email mode)", i)
	case sp.URL != "":
		if err := checkSupportURL(sp.URL); err != nil {
			return fmt.Errorf("sites[%d].support.url %q: %w", i, clip(sp.URL), err)
		}
	default:
		if err := checkSupportEmail(sp.Email); err != nil {
			return fmt.Errorf("sites[%d].support.email %q: %w", i, clip(sp.Email), err)
		}
	}
	return nil
}

// checkSupportURL accepts an absolute http(s) URL with a host, no credentials and no fragment.
func checkSupportURL(raw string) error {
	if len(raw) > MaxSupportURL {
		return fmt.Errorf("%d characters; at most %d", len(raw), MaxSupportURL)
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil || strings.ContainsAny(raw, " \t\n\r"):
		return fmt.Errorf("not a URL; want one such as https://help.acme.com/new-ticket")
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("want an http or https URL such as https://help.acme.com/new-ticket")
	case u.User != nil:
		return fmt.Errorf("must not hold credentials (user:password@)")
	case u.Hostname() == "" || !hostRE.MatchString(u.Host):
		return fmt.Errorf("want a host, as in https://help.acme.com/new-ticket")
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return fmt.Errorf("must not hold a fragment (#...): the thread id is appended as a query parameter")
	}
	return nil
}

// checkSupportEmail accepts a bare address (no display name) of a domain with a dot.
func checkSupportEmail(raw string) error {
	if len(raw) > MaxSupportEmail {
		return fmt.Errorf("%d characters; at most %d", len(raw), MaxSupportEmail)
	}
	a, err := mail.ParseAddress(raw)
	_, host, _ := strings.Cut(raw, "@")
	if err != nil || a.Address != raw || a.Name != "" || !strings.Contains(host, ".") || !hostRE.MatchString(host) {
		return fmt.Errorf("want an address such as support@acme.com")
	}
	return nil
}

// clip shortens a value quoted in an error.
func clip(s string) string {
	if len(s) <= 80 {
		return s
	}
	return s[:77] + "..."
}

// SupportLink returns where a reply of thread sends its reader, as a link: the support URL
// with threadId set (link mode), or mailto: and the address (email mode); "" without support.
func (s Site) SupportLink(threadID string) string {
	switch {
	case s.Support == nil:
		return ""
	case s.Support.URL != "":
		u, err := url.Parse(s.Support.URL)
		if err != nil { // checked by New
			return s.Support.URL
		}
		q := u.Query()
		q.Set("threadId", threadID)
		u.RawQuery = q.Encode()
		return u.String()
	default:
		return "mailto:" + s.Support.Email
	}
}
