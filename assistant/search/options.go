package search

import "math"

// The fields of a section.
const (
	fieldTitle   = iota // the page title
	fieldHeading        // the section heading and the headings it is under
	fieldMeta           // breadcrumbs and page description
	fieldBody           // the section text, code blocks included
	nFields
)

// options are the ranking parameters; tests change them to measure what each part brings.
type options struct {
	weight      [nFields]float32 // BM25F field weights
	b           [nFields]float32 // BM25F length normalization per field
	k1          float32
	partWeight  float32          // what one part of a multi-part identifier counts in a term frequency, a word counting 1 (quarters; 0 is 1)
	synonyms    bool             // expand query terms with their synonyms
	compounds   bool             // join adjacent query words ("set up" → "setup")
	pageBlend   float32          // weight of the whole page's score added to each of its sections' scores
	anchors     bool             // index the text of links pointing at a page in its meta field
	author      bool             // index frontmatter keywords, sidebarTitle and og:title in the meta field
	acronyms    bool             // acronyms the site defines ("Model Context Protocol (MCP)") as synonyms
	languages   bool             // analyze each page and query in its language (stop words, stemmer)
	langStats   bool             // each language's sections are a collection of their own for idf and lengths
	kanaStops   bool             // a query's pairs of hiragana are function words (cjk.Kana), unless it has nothing else
	cjkStops    bool             // a query's CJK runs are cut at their stop words before pairing (cjk.Stops), unless it has nothing else
	rerank      bool             // re-rank the first stage's best pages with the linear model
	ownSections bool             // a result shows the section of its page that its own heading and text rank first (shown.go)
	rankWeights features         // the model's weights (rerank.json)
	thesaurus   thesaurusOptions // the question's words the site lacks expanded by WordNet (off)
}

var defaultOptions = options{
	weight:      [nFields]float32{fieldTitle: 2.5, fieldHeading: 2, fieldMeta: 0.9, fieldBody: 1},
	b:           [nFields]float32{fieldTitle: 0.3, fieldHeading: 0.4, fieldMeta: 0.4, fieldBody: 0.75},
	k1:          1.2,
	synonyms:    true,
	compounds:   true,
	pageBlend:   0.2,
	anchors:     true,
	author:      true,
	acronyms:    true,
	languages:   true,
	langStats:   true,
	kanaStops:   true,
	cjkStops:    true,
	rerank:      true,
	ownSections: true,
	rankWeights: trainedWeights,
}

// partUnits is what one part of a multi-part identifier adds to a raw term frequency: its
// weight in tfUnits, at least one.
func (o *options) partUnits() uint16 {
	if o.partWeight <= 0 || o.partWeight >= 1 {
		return tfUnit
	}
	return uint16(max(1, math.Round(float64(o.partWeight)*tfUnit))) // #nosec G115 -- between 1 and tfUnit
}
