package search_test

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestLineIsPlainText reproduces a rehearsal on Mysoleas' French API docs (rehearse35,
// testdata/soleas): the one-line preview of a table section, which the widget's search box
// shows under each result and the discovery route documents as plain text, was its Markdown,
// pipes, delimiter row, backticks and list markers included ("… | | `MONTHLY` | Facturation
// mensuelle | | `QUARTERLY` | …", "- paiement d'une facture; - paiement hors panier;"). It reads as the table's cells now, a row's cells joined by " · " and ended
// by ";", and the matched words are marked where they are in it.
func TestLineIsPlainText(t *testing.T) {
	ix := search.Build(dirPages(t, "testdata/soleas", 14))
	tests := []struct{ q, want, marked string }{
		{"facturation mensuelle", "WEEKLY · Facturation hebdomadaire; MONTHLY · Facturation mensuelle;", "mensuelle"},
		{"paiement hors panier recouvrement client", "paiement d'une facture; paiement hors panier; recouvrement client;", "panier"},
		{"statut PROCESSING polling backoff", "Statut · Action recommandee; INITIATED · Attendez l'execution ou relancez execute si", "polling"},
	}
	for _, tt := range tests {
		rs := ix.Search(search.Query{Text: tt.q, Limit: 1, Lines: true})
		if len(rs) == 0 {
			t.Fatalf("%q: no result", tt.q)
		}
		line := rs[0].Line
		if !strings.Contains(line.Text, tt.want) || strings.ContainsAny(line.Text, "|`") || strings.Contains(line.Text, "---") || strings.Contains(line.Text, "; - ") {
			t.Errorf("%q: line %q, want it to hold %q and no pipe, backtick, delimiter row or list marker", tt.q, line.Text, tt.want)
		}
		u := utf16.Encode([]rune(line.Text))
		var marked []string
		for _, m := range line.Matches {
			marked = append(marked, string(utf16.Decode(u[m.Start:m.End])))
		}
		if !strings.Contains(strings.Join(marked, " "), tt.marked) {
			t.Errorf("%q: line %q marks %q, want %q among them", tt.q, line.Text, marked, tt.marked)
		}
	}
}
