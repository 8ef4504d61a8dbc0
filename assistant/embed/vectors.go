package embed

import (
	"math"
	"sort"
)

// table holds one vector per section of an index, normalised, in one slice.
type table struct {
	dim  int
	vecs []float32 // section s is vecs[s*dim : (s+1)*dim]
}

// newTable normalises and packs vs (one per section, all of one dimension).
func newTable(vs [][]float32) *table {
	if len(vs) == 0 {
		return &table{}
	}
	t := &table{dim: len(vs[0]), vecs: make([]float32, 0, len(vs)*len(vs[0]))}
	for _, v := range vs {
		t.vecs = append(t.vecs, normalize(v)...)
	}
	return t
}

// normalize returns v scaled to length 1 (a zero vector stays zero).
func normalize(v []float32) []float32 {
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	if sum == 0 {
		return out
	}
	inv := float32(1 / math.Sqrt(sum))
	for i, x := range v {
		out[i] = x * inv
	}
	return out
}

// nearest returns the k sections most similar to q (cosine), best first; ties go to the
// earlier section. A vector of another dimension finds nothing.
func (t *table) nearest(q []float32, k int) []int {
	if t.dim == 0 || len(q) != t.dim || k <= 0 {
		return nil
	}
	q = normalize(q)
	type scored struct {
		s   int
		sim float32
	}
	best := make([]scored, 0, k+1)
	for s := 0; s*t.dim < len(t.vecs); s++ {
		v := t.vecs[s*t.dim : (s+1)*t.dim]
		var sim float32
		for i, x := range v {
			sim += x * q[i]
		}
		if len(best) == k && sim <= best[k-1].sim {
			continue
		}
		i := sort.Search(len(best), func(i int) bool { return best[i].sim < sim })
		best = append(best, scored{})
		copy(best[i+1:], best[i:])
		best[i] = scored{s, sim}
		if len(best) > k {
			best = best[:k]
		}
	}
	out := make([]int, len(best))
	for i, b := range best {
		out[i] = b.s
	}
	return out
}
