// Package stopwords holds the stop word lists of the languages documentation is written in,
// for the languages' analysis (platform/lang, platform/cjk's Stops) that the assistant and the
// content gaps' topics (query/gaps) share: the Snowball project's lists (snowball/, see its
// SOURCE) with the question
// words some of them lack (interrogatives.go), the forms of the modal "can" the Romance ones lack
// (modals.go), German's pronominal adverbs ("danach", "dafür": pronominal.go), the personal
// pronouns Hindi's lacks (pronouns.go) and the verb forms a list's comments name but its
// tables leave out (verbForms), and for the languages Snowball has no list for
// (Hindi, Arabic, Chinese, Japanese, Korean, Polish) those of stopwords-iso (iso/, see its SOURCE),
// Arabic's with its words written after و, "and", which Arabic writes as the next word's first
// letter (conjunctions.go).
// English's lists are each user's own.
package stopwords

import (
	"embed"
	"sort"
	"strings"
)

//go:embed snowball/*.txt iso/*.txt
var files embed.FS

// dirs are the directories of lists: a language has its list in one of them.
var dirs = []string{"snowball", "iso"}

// lists are the stop words of each language with a list here, by its English name.
var lists = func() map[string]map[string]struct{} {
	out := map[string]map[string]struct{}{}
	for _, dir := range dirs {
		entries, err := files.ReadDir(dir)
		if err != nil {
			panic(err) // embedded at build time
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".txt") {
				continue
			}
			data, err := files.ReadFile(dir + "/" + e.Name())
			if err != nil {
				panic(err)
			}
			name := strings.TrimSuffix(e.Name(), ".txt")
			set := snowball(string(data))
			for w := range verbForms(string(data)) {
				set[w] = struct{}{}
			}
			for _, w := range strings.Fields(interrogatives[name] + " " + modals[name] + " " + pronominalAdverbs[name] + " " + personalPronouns[name]) {
				set[w] = struct{}{}
			}
			if c := conjunctions[name]; c != "" {
				withConjunction(set, c)
			}
			out[name] = set
		}
	}
	return out
}()

// homonyms are, of each list that notes some, the function words it leaves out because they
// are also content words ("| est - Omitted because it is homonym of "east"" in French's): a
// full-text search must find the east, but what a reader asks is mostly the verb.
var homonyms = func() map[string]map[string]struct{} {
	out := map[string]map[string]struct{}{}
	for _, dir := range dirs {
		entries, _ := files.ReadDir(dir)
		for _, e := range entries {
			data, err := files.ReadFile(dir + "/" + e.Name())
			if err != nil || !strings.HasSuffix(e.Name(), ".txt") {
				continue
			}
			if set := omitted(string(data)); len(set) > 0 {
				out[strings.TrimSuffix(e.Name(), ".txt")] = set
			}
		}
	}
	return out
}()

// omitted reads the words a Snowball list comments out as omitted on purpose: a comment line
// (nothing before its "|") that names a word first and says "Omitted because".
func omitted(data string) map[string]struct{} {
	set := map[string]struct{}{}
	for _, line := range strings.Split(data, "\n") {
		before, comment, ok := strings.Cut(line, "|")
		if !ok || strings.TrimSpace(before) != "" || !strings.Contains(comment, "Omitted because") {
			continue
		}
		if f := strings.Fields(comment); len(f) > 0 {
			set[f[0]] = struct{}{}
		}
	}
	return set
}

// verbForms reads the verb forms a Snowball list's ranked part names on comment lines ("| é
// from SER": nothing before the "|", then the form, "from" and the verb's tag in capitals), the
// infinitive aside. The list comments them out there because it gives each verb's forms in full
// at its end ("forms of ser, to be (not including the infinitive)"), but Portuguese's tables
// leave out three of the forms its ranked part names: "é" (is), the language's commonest verb
// form and a question's usual verb ("qual é", "o que é"), "têm" (its table writes "tém") and
// "havia". Taken from the comments, they are stop words as the list means them to be; Spanish's
// comments name only forms its tables hold, and its infinitives ("ser", "haber").
func verbForms(data string) map[string]struct{} {
	set := map[string]struct{}{}
	for _, line := range strings.Split(data, "\n") {
		before, comment, ok := strings.Cut(line, "|")
		if !ok || strings.TrimSpace(before) != "" {
			continue
		}
		f := strings.Fields(comment)
		if len(f) != 3 || f[1] != "from" || f[2] != strings.ToUpper(f[2]) || f[0] == strings.ToLower(f[2]) {
			continue
		}
		set[f[0]] = struct{}{}
	}
	return set
}

// Homonyms returns the function words a language's list leaves out because they are also
// content words (French's "est", east, and "son", sound), nil for a list that notes none. A
// reader of short texts in the language (the content gaps' topics) may take them for stop
// words; the search keeps them, as the list does. The set is shared: callers must not change it.
func Homonyms(name string) map[string]struct{} {
	return homonyms[name]
}

// snowball reads a stop word list in Snowball's format: words at the start of lines (several
// on some), comments after "|".
func snowball(data string) map[string]struct{} {
	set := map[string]struct{}{}
	for _, line := range strings.Split(data, "\n") {
		if i := strings.IndexByte(line, '|'); i >= 0 {
			line = line[:i]
		}
		for _, w := range strings.Fields(line) {
			set[w] = struct{}{}
		}
	}
	return set
}

// Of returns the stop words of a language by its English name ("german"), nil for a language
// without a list here. The set is shared: callers must not change it.
func Of(name string) map[string]struct{} {
	return lists[name]
}

// Names are the languages with a list here, sorted.
func Names() []string {
	names := make([]string, 0, len(lists))
	for n := range lists {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
