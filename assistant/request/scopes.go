package request

import (
	"fmt"
	"strings"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/web"
	"golang.org/x/text/language"
)

// CheckScopes checks the filter against the site's versions, languages and tags (matching
// case-insensitively; a language also as a locale names it, see siteLanguage) and returns it
// with each value spelled as the site spells it. Groups are the reader's user groups, which
// the site need not name: they pass as they are.
func CheckScopes(f Filter, s *sitedocs.Scopes) (Filter, error) {
	var p problems
	out := Filter{
		Version:  scope(&p, "filter.version", "version", f.Version, s.Versions),
		Language: scope(&p, "filter.language", "language", siteLanguage(f.Language, s.Languages), s.Languages),
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

// siteLanguage returns the site's language that v names when v is not one of the site's codes
// itself but a locale of one (zh-CN for zh, en-GB for en, pt-BR for pt, zh-TW for zh-Hant, as
// browsers and agents send them), by BCP 47 matching with high confidence; otherwise v, for
// scope to accept or refuse. A locale of another script is not its language: zh-TW does not
// select a site's zh (Simplified). Mintlify's codes cn and jp read as zh and ja.
func siteLanguage(v string, known []string) string {
	if v == "" || len(v) > 35 { // 35: the longest BCP 47 tag a parser need consider
		return v
	}
	for _, k := range known {
		if strings.EqualFold(k, v) {
			return k
		}
	}
	asked, err := language.Parse(mintlifyCode(v))
	if err != nil {
		return v
	}
	var tags []language.Tag
	var of []string
	for _, k := range known {
		if t, err := language.Parse(mintlifyCode(k)); err == nil {
			tags, of = append(tags, t), append(of, k)
		}
	}
	if len(tags) == 0 {
		return v
	}
	if _, i, c := language.NewMatcher(tags).Match(asked); c >= language.High {
		return of[i]
	}
	return v
}

// mintlifyCode reads Mintlify's language codes that are not BCP 47 (cn, jp) as the codes
// they stand for.
func mintlifyCode(code string) string {
	switch strings.ToLower(code) {
	case "cn":
		return "zh"
	case "jp":
		return "ja"
	}
	return code
}
