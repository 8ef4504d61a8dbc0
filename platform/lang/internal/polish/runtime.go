package polish

import snowballRuntime "github.com/blevesearch/snowballstem"

// The three steps of the Snowball 3 runtime that the code generated from polish.sbl calls
// and blevesearch/snowballstem v0.9.0 (the runtime of every other stemmer here) predates,
// written with the steps it has. They walk forward from the cursor, a character at a time.

// goOutGrouping moves the cursor to the next character in the grouping; false when it reaches
// the limit first.
func goOutGrouping(env *snowballRuntime.Env, g []byte, lo, hi int32) bool {
	for env.Cursor < env.Limit {
		c := env.Cursor
		if env.InGrouping(g, lo, hi) {
			env.Cursor = c
			return true
		}
		env.NextChar()
	}
	return false
}

// goInGrouping moves the cursor past the characters in the grouping; false when it reaches the
// limit.
func goInGrouping(env *snowballRuntime.Env, g []byte, lo, hi int32) bool {
	for env.Cursor < env.Limit {
		if !env.InGrouping(g, lo, hi) {
			return true
		}
	}
	return false
}

// hop moves the cursor n characters forward; false, leaving it where it was, when fewer are
// left before the limit.
func hop(env *snowballRuntime.Env, n int) bool {
	c := env.Cursor
	for range n {
		if env.Cursor >= env.Limit {
			env.Cursor = c
			return false
		}
		env.NextChar()
	}
	return true
}
