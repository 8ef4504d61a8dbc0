package search

// porter is the state of one run of Martin Porter's 1980 stemming algorithm (with the two
// departures of his reference implementation: "bli"→"ble" and "logi"→"log").
// b holds the word; b[:k+1] is the current stem; j is a working offset set by ends.
type porter struct {
	b    []byte
	k, j int
}

// stem reduces a lowercase ASCII word in place and returns the stem (a prefix of an extension of w).
func stem(w []byte) []byte {
	if len(w) <= 2 {
		return w
	}
	p := porter{b: w, k: len(w) - 1}
	p.step1ab()
	if p.k > 0 {
		p.step1c()
		p.step2()
		p.step3()
		p.step4()
		p.step5()
	}
	return p.b[:p.k+1]
}

func (p *porter) cons(i int) bool {
	switch p.b[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !p.cons(i-1)
	}
	return true
}

// m counts the consonant-vowel sequences in b[:j+1].
func (p *porter) m() int {
	n, i := 0, 0
	for ; i <= p.j && p.cons(i); i++ {
	}
	for i <= p.j {
		for ; i <= p.j && !p.cons(i); i++ {
		}
		if i > p.j {
			return n
		}
		n++
		for ; i <= p.j && p.cons(i); i++ {
		}
	}
	return n
}

func (p *porter) vowelInStem() bool {
	for i := 0; i <= p.j; i++ {
		if !p.cons(i) {
			return true
		}
	}
	return false
}

func (p *porter) doublec(j int) bool {
	return j >= 1 && p.b[j] == p.b[j-1] && p.cons(j)
}

// cvc reports whether b[i-2:i+1] is consonant-vowel-consonant, the last not w, x or y.
func (p *porter) cvc(i int) bool {
	if i < 2 || !p.cons(i) || p.cons(i-1) || !p.cons(i-2) {
		return false
	}
	c := p.b[i]
	return c != 'w' && c != 'x' && c != 'y'
}

func (p *porter) ends(s string) bool {
	l := len(s)
	if l > p.k+1 || string(p.b[p.k-l+1:p.k+1]) != s {
		return false
	}
	p.j = p.k - l
	return true
}

func (p *porter) setto(s string) {
	p.b = append(p.b[:p.j+1], s...)
	p.k = p.j + len(s)
}

func (p *porter) r(s string) {
	if p.m() > 0 {
		p.setto(s)
	}
}

func (p *porter) step1ab() {
	if p.b[p.k] == 's' {
		switch {
		case p.ends("sses"):
			p.k -= 2
		case p.ends("ies"):
			p.setto("i")
		case p.b[p.k-1] != 's':
			p.k--
		}
	}
	if p.ends("eed") {
		if p.m() > 0 {
			p.k--
		}
		return
	}
	if (p.ends("ed") || p.ends("ing")) && p.vowelInStem() {
		p.k = p.j
		p.step1bTail()
	}
}

func (p *porter) step1bTail() {
	switch {
	case p.ends("at"):
		p.setto("ate")
	case p.ends("bl"):
		p.setto("ble")
	case p.ends("iz"):
		p.setto("ize")
	case p.doublec(p.k):
		p.k--
		if c := p.b[p.k]; c == 'l' || c == 's' || c == 'z' {
			p.k++
		}
	case p.m() == 1 && p.cvc(p.k):
		p.setto("e")
	}
}

func (p *porter) step1c() {
	if p.ends("y") && p.vowelInStem() {
		p.b[p.k] = 'i'
	}
}

// replaceFirst applies the first rule whose suffix matches (rules are suffix, replacement pairs).
func (p *porter) replaceFirst(rules ...string) bool {
	for i := 0; i+1 < len(rules); i += 2 {
		if p.ends(rules[i]) {
			p.r(rules[i+1])
			return true
		}
	}
	return false
}

func (p *porter) step2() {
	switch p.b[p.k-1] {
	case 'a':
		p.replaceFirst("ational", "ate", "tional", "tion")
	case 'c':
		p.replaceFirst("enci", "ence", "anci", "ance")
	case 'e':
		p.replaceFirst("izer", "ize")
	case 'l':
		p.replaceFirst("bli", "ble", "alli", "al", "entli", "ent", "eli", "e", "ousli", "ous")
	case 'o':
		p.replaceFirst("ization", "ize", "ation", "ate", "ator", "ate")
	case 's':
		p.replaceFirst("alism", "al", "iveness", "ive", "fulness", "ful", "ousness", "ous")
	case 't':
		p.replaceFirst("aliti", "al", "iviti", "ive", "biliti", "ble")
	case 'g':
		p.replaceFirst("logi", "log")
	}
}

func (p *porter) step3() {
	switch p.b[p.k] {
	case 'e':
		p.replaceFirst("icate", "ic", "ative", "", "alize", "al")
	case 'i':
		p.replaceFirst("iciti", "ic")
	case 'l':
		p.replaceFirst("ical", "ic", "ful", "")
	case 's':
		p.replaceFirst("ness", "")
	}
}

// step4Suffixes lists, by the second-to-last letter, the suffixes step 4 removes.
var step4Suffixes = map[byte][]string{
	'a': {"al"}, 'c': {"ance", "ence"}, 'e': {"er"}, 'i': {"ic"}, 'l': {"able", "ible"},
	'n': {"ant", "ement", "ment", "ent"}, 's': {"ism"}, 't': {"ate", "iti"}, 'u': {"ous"},
	'v': {"ive"}, 'z': {"ize"},
}

func (p *porter) step4() {
	if !p.step4Match() {
		return
	}
	if p.m() > 1 {
		p.k = p.j
	}
}

func (p *porter) step4Match() bool {
	c := p.b[p.k-1]
	if c == 'o' {
		if p.ends("ion") && p.j >= 0 && (p.b[p.j] == 's' || p.b[p.j] == 't') {
			return true
		}
		return p.ends("ou")
	}
	for _, s := range step4Suffixes[c] {
		if p.ends(s) {
			return true
		}
	}
	return false
}

func (p *porter) step5() {
	p.j = p.k
	if p.b[p.k] == 'e' {
		if a := p.m(); a > 1 || a == 1 && !p.cvc(p.k-1) {
			p.k--
		}
	}
	if p.b[p.k] == 'l' && p.doublec(p.k) && p.m() > 1 {
		p.k--
	}
}
