package search

// Division places a page in the part of its site the navigation lists it in (its product,
// tab, anchor, dropdown or menu item; assistant/sitedocs works it out from docs.json).
type Division struct {
	Name string // e.g. "AppKit › React"; "" for a page in no division (or in several)
	// Family names the divisions that repeat one set of pages (one per framework, say), Name's
	// among them; "" when Name repeats no other's.
	Family string
	// Counterpart is the page's URL without its division's own folder: pages of one Family
	// with one Counterpart are one page written for different divisions.
	Counterpart string
}

// The reader's division (Query.Division) orders what the filter lets through; it hides
// nothing. Its rules have no weight to tune, each following from what it means:
//
//   - A division of the reader's family other than the reader's is another edition of the
//     pages the reader uses (Flutter's for a reader of React's): its pages rank after every
//     page of the reader's scope (the reader's division, divisions of no family, pages in no
//     division), best first among themselves, as the rest of the list when the reader's scope
//     has too few matches. The first stage keeps its candidates in that order too.
//   - Of a page and its counterparts in the reader's family, a result list holds the
//     reader's division's when it is a candidate, as it holds one variant of a page.
//   - Two pages that score the same, the reader's division's comes first.
//
// Scores stay the model's relevance, each at most that of the result before it.

// divisionIDs numbers the pages' divisions, families and counterparts (0: none).
type divisionIDs struct {
	names       map[string]uint32 // division name → id
	families    map[uint32]uint32 // division id → its family's id
	counterpart map[string]uint32
}

// setDivisions numbers the divisions, families and counterparts of the pages.
func (ix *Index) setDivisions(pages []Page) {
	ids := divisionIDs{names: map[string]uint32{}, families: map[uint32]uint32{}, counterpart: map[string]uint32{}}
	fams := map[string]uint32{}
	number := func(m map[string]uint32, k string) uint32 {
		if k == "" {
			return 0
		}
		id, ok := m[k]
		if !ok {
			id = uint32(len(m) + 1) // #nosec G115 -- bounded by the number of pages
			m[k] = id
		}
		return id
	}
	for i := range pages {
		d := &pages[i].Division
		p := &ix.pages[i]
		p.division = number(ids.names, d.Name)
		if d.Family == "" || p.division == 0 {
			continue
		}
		p.family = number(fams, d.Family)
		ids.families[p.division] = p.family
		p.counterpart = number(ids.counterpart, d.Family+"\x00"+d.Counterpart)
	}
	ix.divs = ids
}

// reader sets the reader's division and family of the query in sc.
func (ix *Index) reader(sc *scratch, division string) {
	sc.div = ix.divs.names[division]
	sc.fam = ix.divs.families[sc.div]
}

// away reports whether page p is in another division of the reader's family.
func (ix *Index) away(sc *scratch, p uint32) bool {
	return sc.fam != 0 && ix.pages[p].family == sc.fam && ix.pages[p].division != sc.div
}

// home reports whether page p is in the reader's division.
func (ix *Index) home(sc *scratch, p uint32) bool {
	return sc.div != 0 && ix.pages[p].division == sc.div
}

// ahead reports whether hit a (of page pa, ranked by ka) goes before hit b: the reader's
// scope before the other editions of it, then by ka, then the reader's division first, then
// the earlier section.
func (ix *Index) ahead(sc *scratch, a, b hit, ka, kb float32) bool {
	pa, pb := ix.secPage[a.sec], ix.secPage[b.sec]
	if wa, wb := ix.away(sc, pa), ix.away(sc, pb); wa != wb {
		return wb
	}
	if ka != kb {
		return ka > kb
	}
	if ha, hb := ix.home(sc, pa), ix.home(sc, pb); ha != hb {
		return ha
	}
	return a.sec < b.sec
}

// oneCounterpart drops the candidates of other divisions of the reader's family whose
// counterpart in the reader's division is a candidate too.
func (ix *Index) oneCounterpart(sc *scratch) {
	if sc.fam == 0 {
		return
	}
	home := map[uint32]bool{}
	for _, p := range sc.pages {
		if c := ix.pages[p].counterpart; sc.best[p] > 0 && c != 0 && ix.home(sc, p) {
			home[c] = true
		}
	}
	if len(home) == 0 {
		return
	}
	for _, p := range sc.pages {
		if sc.best[p] > 0 && ix.away(sc, p) && home[ix.pages[p].counterpart] {
			sc.best[p] = -1
		}
	}
}

// monotone caps each hit's score at the one before it: a page of another edition, ranked
// after the reader's, may have scored more.
func monotone(hits []hit) {
	for i := 1; i < len(hits); i++ {
		hits[i].score = min(hits[i].score, hits[i-1].score)
	}
}
