package answer

// Bounds of a list quoted whole: its items past them are left out, and the quote says so.
const (
	maxListItems = 8
	maxListBytes = 1200
)

// wholeList completes the list an item of which the passage quotes: a reader of one item of a
// checklist needs the others. The list is the run of units in list items around the first
// picked one (a code block between items ends it); its items are taken whole in order, with
// the sentence that introduces the list ("…提供两种绑定方式："), from the first item (or from
// the picked one, when that is past the bounds) until maxListItems items or maxListBytes bytes
// of them; past that the quote ends the list with "…". The passage's own limits do not apply to
// the list, whose own bound them.
func (p *picker) wholeList() {
	first := -1
	for i, ok := range p.picked {
		if ok && p.us[i].of != 0 {
			first = i
			break
		}
	}
	if first < 0 {
		return
	}
	lo, hi := first, first
	for lo > 0 && p.us[lo-1].of != 0 {
		lo--
	}
	for hi < len(p.us) && p.us[hi].of != 0 {
		hi++
	}
	items := listRun(p.us, lo, hi)
	if len(items) < 2 {
		return
	}
	start := 0
	for k, it := range items {
		if first < it[1] {
			start = k // the picked item
			break
		}
	}
	if start < maxListItems {
		start = 0
		if lo > 0 && introduces(p.us[lo-1].text) {
			p.pick(lo - 1)
		}
	}
	n, bytes := 0, 0
	for _, it := range items[start:] {
		size := 0
		for i := it[0]; i < it[1]; i++ {
			size += p.us[i].size()
		}
		if n > 0 && (n >= maxListItems || bytes+size > maxListBytes) {
			p.more = it[0]
			return
		}
		for i := it[0]; i < it[1]; i++ {
			p.pick(i)
		}
		n, bytes = n+1, bytes+size
	}
}

// listRun returns the items of the units us[lo:hi], each as the range of its units.
func listRun(us []unit, lo, hi int) [][2]int {
	var out [][2]int
	for i := lo; i < hi; {
		j := i + 1
		for j < hi && us[j].of == us[i].of {
			j++
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

// pick picks unit i whatever the passage's limits.
func (p *picker) pick(i int) {
	if !p.picked[i] {
		p.picked[i], p.n, p.bytes = true, p.n+1, p.bytes+p.us[i].size()
	}
}
