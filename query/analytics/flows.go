package analytics

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
)

// FlowNamedNodes is how many pages a column of the user flow names; the others share one
// "other" node, so that the sessions continuing from them still count.
const FlowNamedNodes = 6

type flowEntry struct {
	Path     string `json:"path"`
	Sessions int64  `json:"sessions"`
}

// flowNode is a page (or the other pages) at one position of the sessions' trails: In sessions
// arrive there, Out continue to the next column (null in the last), DropOff = 1 - Out/In.
type flowNode struct {
	ID      string   `json:"id"`
	Path    *string  `json:"path"` // null for the other node
	Other   bool     `json:"other"`
	Pages   int      `json:"pages"` // pages the node stands for: 1, or the other node's count
	In      int64    `json:"in"`
	Out     *int64   `json:"out"`
	DropOff *float64 `json:"dropOff"`
}

type flowColumn struct {
	Step  int        `json:"step"`
	Nodes []flowNode `json:"nodes"`
}

type flowLink struct {
	Source   string `json:"source"`
	Target   string `json:"target"`
	Sessions int64  `json:"sessions"`
}

type flowPage struct {
	Entries  []flowEntry  `json:"entries"`
	Entry    *string      `json:"entry"`
	Sessions int64        `json:"sessions"`
	Columns  []flowColumn `json:"columns"`
	Links    []flowLink   `json:"links"`
}

// nodeID names the node of path in column step ("" for the other node).
func nodeID(step int, path string) string {
	if path == "" {
		return strconv.Itoa(step) + ":other"
	}
	return strconv.Itoa(step) + ":" + path
}

// flowEnvelope turns the links of the entry page into the columns of a Sankey chart: column 0
// is the entry page, columns 1 to 3 the pages after it, each with at most FlowNamedNodes pages
// (by arriving sessions, then path) and an "other" node for the rest.
func flowEnvelope(f store.Flows) flowPage {
	out := flowPage{Entries: []flowEntry{}, Columns: []flowColumn{}, Links: []flowLink{}}
	for _, e := range f.Entries {
		out.Entries = append(out.Entries, flowEntry{Path: e.Path, Sessions: e.Sessions})
	}
	if f.Entry == "" {
		return out
	}
	out.Entry = &f.Entry
	// arrive[k][path]: sessions whose trail has path at position k; leave[k][path]: of those, continuing.
	arrive := make([]map[string]int64, store.FlowSteps+1)
	leave := make([]map[string]int64, store.FlowSteps+1)
	for k := range arrive {
		arrive[k], leave[k] = map[string]int64{}, map[string]int64{}
	}
	for _, l := range f.Links {
		if l.Step == 0 {
			arrive[0][l.From] += l.Sessions
		}
		if l.To != "" {
			leave[l.Step][l.From] += l.Sessions
			arrive[l.Step+1][l.To] += l.Sessions
		}
	}
	out.Sessions = arrive[0][f.Entry]
	if out.Sessions == 0 {
		return out
	}
	named := make([]map[string]bool, store.FlowSteps+1)
	for k := range arrive {
		col, names := flowColumnOf(k, arrive[k], leave[k])
		named[k] = names
		out.Columns = append(out.Columns, col)
	}
	links := map[[2]string]int64{}
	for _, l := range f.Links {
		if l.To == "" {
			continue
		}
		from, to := l.From, l.To
		if !named[l.Step][from] {
			from = ""
		}
		if !named[l.Step+1][to] {
			to = ""
		}
		links[[2]string{nodeID(l.Step, from), nodeID(l.Step+1, to)}] += l.Sessions
	}
	for k, n := range links {
		out.Links = append(out.Links, flowLink{Source: k[0], Target: k[1], Sessions: n})
	}
	slices.SortFunc(out.Links, func(a, b flowLink) int {
		return cmp.Or(cmp.Compare(b.Sessions, a.Sessions), strings.Compare(a.Source, b.Source), strings.Compare(a.Target, b.Target))
	})
	return out
}

// flowColumnOf builds column k from the sessions arriving at and leaving each page, and says
// which pages it names.
func flowColumnOf(k int, arrive, leave map[string]int64) (flowColumn, map[string]bool) {
	paths := make([]string, 0, len(arrive))
	for p := range arrive {
		paths = append(paths, p)
	}
	slices.SortFunc(paths, func(a, b string) int { return cmp.Or(cmp.Compare(arrive[b], arrive[a]), strings.Compare(a, b)) })
	last := k == store.FlowSteps
	node := func(path string, pages int, in, out int64) flowNode {
		n := flowNode{ID: nodeID(k, path), Other: path == "", Pages: pages, In: in}
		if path != "" {
			n.Path = &path
		}
		if !last {
			n.Out = &out
			n.DropOff = new(0.0)
			if in > 0 {
				*n.DropOff = round(1 - float64(out)/float64(in))
			}
		}
		return n
	}
	col := flowColumn{Step: k, Nodes: []flowNode{}}
	names := map[string]bool{}
	var otherIn, otherOut int64
	for i, p := range paths {
		if i < FlowNamedNodes {
			names[p] = true
			col.Nodes = append(col.Nodes, node(p, 1, arrive[p], leave[p]))
			continue
		}
		otherIn, otherOut = otherIn+arrive[p], otherOut+leave[p]
	}
	if len(paths) > FlowNamedNodes {
		col.Nodes = append(col.Nodes, node("", len(paths)-FlowNamedNodes, otherIn, otherOut))
	}
	return col, names
}
