package cjk

import (
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/stopwords"
)

// A question's function words in Chinese, Japanese and Korean are written in the characters of
// its content words ("如何重置密码": 如何, how; "비밀번호를 어떻게 변경하나요": 어떻게, how), so
// their pairs would be terms a text must share: 如何 and 何重, the pair that straddles the stop
// word and the word after it. A question is cut at its stop words before it is paired (Stops):
// the pieces between them are paired, and nothing of the stop words or across them is kept.
// The stop words are those of Chinese, Japanese and Korean of two characters or more
// (platform/stopwords: stopwords-iso's lists); a lone character of the lists (的, 了, は) is as
// often part of a content word, and Japanese hiragana is grammar already (Kana).

// stops are the stop words of Chinese, Japanese and Korean of two characters or more, and
// maxStop the length of the longest, in characters.
var stops, maxStop = func() (map[string]struct{}, int) {
	set, longest := map[string]struct{}{}, 0
	for _, name := range []string{"chinese", "japanese", "korean"} {
		for w := range stopwords.Of(name) {
			if n := utf8.RuneCountInString(w); n >= 2 && Contains(w) {
				set[w] = struct{}{}
				longest = max(longest, n)
			}
		}
	}
	return set, longest
}()

// Stops calls fn with the byte bounds in s of each piece of s between its stop words, in order,
// the stop words found from the left, the longest at each place; it reports whether s holds a
// stop word (when it does not, fn gets s whole). s is a run of characters that Is; Stops
// allocates nothing.
func Stops(s string, fn func(start, end int)) bool {
	from, found := 0, false
	for i := 0; i < len(s); {
		n := stopAt(s, i)
		if n == 0 {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
			continue
		}
		if from < i {
			fn(from, i)
		}
		i += n
		from, found = i, true
	}
	if from < len(s) {
		fn(from, len(s))
	}
	return found
}

// stopAt is the length in bytes of the longest stop word at s[i:], 0 when none starts there.
func stopAt(s string, i int) int {
	var ends [16]int // the end of the next 1, 2, ... characters
	n := 0
	for j := i; j < len(s) && n < min(maxStop, len(ends)); n++ {
		_, size := utf8.DecodeRuneInString(s[j:])
		j += size
		ends[n] = j
	}
	for k := n - 1; k >= 1; k-- { // two characters or more
		if _, ok := stops[s[i:ends[k]]]; ok {
			return ends[k] - i
		}
	}
	return 0
}
