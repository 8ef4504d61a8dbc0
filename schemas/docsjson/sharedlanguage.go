package docsjson

// oneLanguage makes a page that several languages list one page of every language, as
// Mintlify's build does: its search gives a page two languages list no language
// (@mintlify/common's generatePathToLanguageDict), so it shows once, under any language, and
// its language switcher shows it as the default language's (getVersionOrLanguageFromPath).
// The indexed listing is the default language's, else the first; it says EveryLanguage, and
// the others say where it is. Each listing keeps its language, so the page's scope is mixed
// and a question asked on it is answered in the default language. Listings in different
// versions stay apart (versions share pages on purpose), and so do the endpoint pages a spec
// generates, which languages share legitimately (alter's seven languages list one spec's
// three operations: the same text in each, found by a search in each as before), as
// `nav validate` does not warn of them. listedOnce has already left one indexed listing per
// URL, version and language. A listing whose file is not published is no candidate: it keeps
// its rule, a problem of its own (FileProblems).
func oneLanguage(pages []Page, defaultLanguage string) {
	type key struct{ url, version string }
	kept := map[key]int{}
	candidate := func(p *Page) bool {
		return p.Index.Rule != RuleListedElsewhere && !p.Index.Rule.Unpublished() && p.NavPath != "" && p.Language != "" && p.File != ""
	}
	for i := range pages {
		p := &pages[i]
		if !candidate(p) {
			continue
		}
		k := key{p.URL, p.Version}
		j, ok := kept[k]
		if !ok || pages[j].Language != defaultLanguage && p.Language == defaultLanguage && pages[j].Language != p.Language {
			kept[k] = i
		}
	}
	for i := range pages {
		p := &pages[i]
		if !candidate(p) {
			continue
		}
		j := kept[key{p.URL, p.Version}]
		if j == i || pages[j].Language == p.Language {
			continue
		}
		pages[j].EveryLanguage = true
		p.Index = none(RuleListedElsewhere, pages[j].NavPath)
	}
}
