// Package search is the assistant's documentation search index: pages are split into sections
// by heading, analyzed (lowercase, identifier splitting, stop words, Porter stemming) and ranked
// with BM25F over title, heading, breadcrumb and body fields.
//
// An Index is immutable once built and safe for concurrent Search. Live keeps the current Index
// of one site behind an atomic pointer and rebuilds it in the background when the site changes.
package search
