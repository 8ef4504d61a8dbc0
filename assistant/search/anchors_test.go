package search

import (
	"slices"
	"testing"
)

func TestEachLinkAndResolve(t *testing.T) {
	body := "See [the guide](/guides/x#part) and [next](./y), ![img](/a.png), [ext](https://e.com), [up](../z/) and [bad\n](/q)."
	var got []string
	eachLink(body, func(text, target string) { got = append(got, text+"→"+resolveLink("/docs/page", target)) })
	want := []string{"the guide→/guides/x", "next→/docs/y", "ext→", "up→/z"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
