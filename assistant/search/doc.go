// Package search is the assistant's documentation search index.
//
// Build splits each page into sections by heading (Sections cleans the MDX: frontmatter,
// imports/exports, JSX tags and expressions go, their text stays, code blocks stay). Each
// section is indexed with four BM25F fields: the page title (weight 2.5), its heading and the
// headings it is under (2), the breadcrumbs, page description, frontmatter keywords/sidebarTitle/og:title and the text of
// links on other pages that point at the page (0.9), and its text with code
// (1). Text is analyzed into terms: lowercase words, identifiers also split at camelCase and
// '_' ("apiKey" → api, key, apikey), dotted names also whole ("client.messages.send" → client,
// messages, send, clientmessagessend), stop words dropped and words stemmed in the page's
// docs.json language (English: Porter; others: Snowball, lang.go), Chinese, Japanese and Korean
// cut into pairs of characters (a query's pairs of hiragana, Japanese grammar, left out). Each language's sections are a collection of their own for the
// idf and the average lengths, and a query is analyzed in the language of its filter.
//
// A query's terms come from the last message (weight 1), earlier turns (0.5, decaying by 0.7
// per turn) and context items such as a selected code snippet (0.8); a long part has its
// weights scaled down by √(10/n). Query words are expanded with a small table of synonyms
// common in developer docs (0.4; phrases such as "command line" → cli 0.8) and with the
// acronyms the site itself defines ("Model Context Protocol (MCP)": mcp → model, context,
// protocol at 0.4; "context protocol" → mcp at 0.8; acronyms.go; BuildWithThesaurus also
// expands an English question's words the site lacks with WordNet's related words, off:
// measured on the evaluation, it did not help, thesaurus.go), and two adjacent words
// become one term when one of them means nothing alone ("log in" → login, which then counts 1
// and "log" 0.5). With Query.Dense (an embeddings model's ranking of sections, assistant/embed)
// the final ranking fuses it with this one by reciprocal rank (fuse.go).
//
// A section scores Σ weight · idf · tf̃/(k1 + tf̃) over the query terms, plus 0.2 times the same
// score of its whole page, so that a section of a page about the question wins over a stray
// mention. Each page contributes its best section. (A result then shows the section of its
// page that ranks first by its own heading and text, without the title, breadcrumbs,
// description and in-links every section of the page shares: shown.go. The pages and their
// order stay the first stage's and the re-ranker's.) A second stage re-ranks the 50 best pages
// with a linear model (rerank.go; weights in rerank.json, fitted by `make train-rerank` on the
// tuning half of `make eval-search` and the training-only sites of its train.json, never the
// held-out half, its L2 penalty chosen by leaving one site out) over
// the first stage's scores, the shares of the query's idf-weighted terms in the section, page,
// title, headings, meta field and path, the most of the query found within 8 terms
// (proximity), its word pairs found in order (phrase), the votes of the page's other sections,
// the page's length, and whether the page holds the query's heaviest term and how much of its
// three heaviest (the fitted model weighs both negatively: a single rare word of a long
// question, often an incidental one, counts for less once the shares above are known). A
// result quotes the part of its section that best matches the query, and its Match tells how
// much of the question its page holds (the extractive answer cites by it, and says the docs do
// not cover a question when no page holds enough of it).
//
// Impacts are computed at build time, so a search is a walk over the postings of a few terms
// with pooled accumulators. An Index is immutable and safe for concurrent use. Live keeps the
// current Index of one site behind an atomic pointer and rebuilds it in the background when
// the site's files change.
package search
