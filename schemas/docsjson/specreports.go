package docsjson

import "fmt"

// specReports reports each spec that pages' frontmatter names and that cannot be used once:
// at the first page that names it, which then counts the others (count). Portkey's docs
// (Portkey-AI/docs-core@b60bcb7) list MDX endpoint pages on one spec 373 times, Helius's
// (helius-labs/docs@3a53273) name a spec no parser accepts from 16 pages: one spec is one
// problem, not one per page.
type specReports map[string]*specReport

// specReport is where a spec's problem was reported and how many other pages it concerns.
type specReport struct {
	problem   int    // index of the problem in the slice count is given
	one, many string // the verbs that join the others: "as does"/"as do", "nor does"/"nor do"
	others    int
}

// again reports whether spec's problem was reported, counting the page as one more.
func (s specReports) again(spec string) bool {
	rp, seen := s[spec]
	if seen {
		rp.others++
	}
	return seen
}

// add records that spec's problem is problem (an index), joining others with one or many.
func (s specReports) add(spec string, problem int, one, many string) {
	s[spec] = &specReport{problem: problem, one: one, many: many}
}

// count adds to each spec's problem the number of other pages whose frontmatter names it.
func (s specReports) count(problems []Problem) {
	for _, rp := range s {
		switch rp.others {
		case 0:
		case 1:
			problems[rp.problem].Message += ", " + rp.one + " 1 other page whose frontmatter names it"
		default:
			problems[rp.problem].Message += fmt.Sprintf(", %s %d other pages whose frontmatter names it", rp.many, rp.others)
		}
	}
}

// specFileText says why the OpenAPI file name (a file of the site) cannot be used.
func specFileText(name string, err error) string {
	if isNotExist(err) {
		return fmt.Sprintf("openapi names %q, which does not exist", name)
	}
	return fmt.Sprintf("OpenAPI spec %q cannot be used: %v", name, err)
}

// unindexed says what a page whose frontmatter names an unusable spec file loses: its
// operation's summary, description and text in search and the assistant's context.
const unindexed = "the page is indexed without its operation"
