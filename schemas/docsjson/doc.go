// Package docsjson reads the navigation of a documentation site's docs.json: it loads the
// file (expanding "$ref"), decodes it into a model, validates it (reporting every problem at
// once, each with a JSON path such as navigation.tabs[2].groups[0].pages[3]) and resolves it
// into a tree of pages with their files, URLs, titles, breadcrumbs, scopes and OpenAPI
// operations.
//
// Typical use:
//
//	site, err := docsjson.Load("docs")
//	report := site.Validate(docsjson.ValidateOptions{})
//	tree, err := site.Resolve()
package docsjson
