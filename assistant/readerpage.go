package assistant

import (
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// maxReaderPath bounds the path of the reader's page the model is told of: currentPath's own
// bound, which a context item's path (up to request.MaxPathChars) is held to here.
const maxReaderPath = request.MaxCurrentPath

// readerPage is the page the reader asks from (currentPath, else the first context item's
// path): a page of the site in the search's scope, exactly the one the path names (not its
// variant in another language or version), that the assistant may read (its indexing: in the
// assistant's context, docsjson.Indexing.Assistant, which is site search's decision). Nil for
// any other path: none, too long, not of the site, unknown, hidden, out of scope.
func readerPage(t *turn) *sitedocs.CatalogPage {
	raw := t.req.PageURL()
	if raw == "" || utf8.RuneCountInString(raw) > maxReaderPath || t.snap.Catalog == nil {
		return nil
	}
	path, err := pageRef(raw, t.site)
	if err != nil {
		return nil
	}
	pg, ok := exactPage(t.snap.Catalog, path, t.site.Domain, t.filter)
	if rest, under := underPrefix(path, t.site.BasePath); !ok && t.site.BasePath != "" && under {
		pg, ok = exactPage(t.snap.Catalog, rest, t.site.Domain, t.filter) // the widget sends location.pathname
	}
	if !ok || !pg.InSearch {
		return nil
	}
	return pg
}

// exactPage is the page at path in f's scope, when it is that page and not its variant in
// another version or language (PageFor maps /fr/factures asked in English to /en/invoices).
func exactPage(cat *sitedocs.Catalog, path, domain string, f search.Filter) (*sitedocs.CatalogPage, bool) {
	pg, at, ok := pageFor(cat, path, domain, f)
	if !ok {
		return nil, false
	}
	at = strings.TrimSuffix(at, "/index")
	return pg, strings.EqualFold(at, pg.URL) || at == "" && pg.URL == "/"
}

// withReader tells the model the reader's page and offers its section that best matches the
// question as a source, marked as the reader's, when the search did not find the page
// (Prompt.Fit then bounds it with the other sources). Only the model is told: the model-free
// answer ranks and quotes the search's sources alone.
func withReader(p *answer.Prompt, t *turn) {
	pg := readerPage(t)
	if pg == nil {
		return
	}
	p.Reader = &answer.ReaderPage{Title: pg.Title, URL: servedURL(t.site.BasePath, pg.URL)}
	for i := range p.Sources {
		if p.Sources[i].Path == pg.URL {
			p.Sources[i].Reader = true
			return
		}
	}
	q := search.Query{Text: t.req.Question(), History: questions(t.history), Context: contextValues(t.req), Filter: t.filter}
	if r, ok := t.snap.Index.PageSection(q, pg.URL); ok {
		src := toSources([]search.Result{r})[0]
		src.Reader = true
		p.Sources = append(p.Sources, src)
	}
}

// servedURL is a page's path as the site serves it: under its base path.
func servedURL(basePath, url string) string {
	if basePath == "" {
		return url
	}
	if url == "/" {
		return basePath
	}
	return basePath + url
}
