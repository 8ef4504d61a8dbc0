package request

import (
	"fmt"
	"strings"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/web"
)

// CheckScopes checks the filter against the site's versions, languages and tags (matching
// case-insensitively) and returns it with each value spelled as the site spells it. Groups
// are the reader's user groups, which the site need not name: they pass as they are.
func CheckScopes(f Filter, s *sitedocs.Scopes) (Filter, error) {
	var p problems
	out := Filter{
		Version:  scope(&p, "filter.version", "version", f.Version, s.Versions),
		Language: scope(&p, "filter.language", "language", f.Language, s.Languages),
		Tag:      scope(&p, "filter.tag", "tag", f.Tag, s.Tags),
		Product:  scope(&p, "filter.product", "product", f.Product, s.Products),
		Groups:   f.Groups,
	}
	if len(p) > 0 {
		return Filter{}, web.InvalidAll(p)
	}
	return out, nil
}

// scope returns the site's spelling of v, or records a problem when the site has no such value.
func scope(p *problems, field, what, v string, known []string) string {
	if v == "" {
		return ""
	}
	for _, k := range known {
		if strings.EqualFold(k, v) {
			return k
		}
	}
	if len(known) == 0 {
		p.add(field, "this site has no %ss, so %q cannot be selected", what, v)
		return ""
	}
	p.add(field, "%q is not a %s of this site; use one of: %s", v, what, list(known))
	return ""
}

// list quotes up to 20 values.
func list(vs []string) string {
	q := make([]string, 0, min(len(vs), 20))
	for _, v := range vs[:min(len(vs), 20)] {
		q = append(q, fmt.Sprintf("%q", v))
	}
	s := strings.Join(q, ", ")
	if len(vs) > 20 {
		s += fmt.Sprintf(" and %d more", len(vs)-20)
	}
	return s
}
