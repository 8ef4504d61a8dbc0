package search_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// dialogshiftPages are the 26 pages of testdata/dialogshift (see its SOURCE), German and
// English, in no language, as a docs.json without languages gives them.
func dialogshiftPages(t testing.TB) []search.Page { return dirPages(t, "testdata/dialogshift", 26) }

// dirPages are the n .mdx pages under dir, in no language, each at its path under dir without
// the extension, as a docs.json without languages gives them.
func dirPages(t testing.TB, dir string, n int) []search.Page {
	t.Helper()
	var pages []search.Page
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mdx") {
			return err
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		url := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(path), dir), ".mdx")
		pages = append(pages, search.Page{URL: url, Body: string(body)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != n {
		t.Fatalf("%d pages in %s, want %d", len(pages), dir, n)
	}
	return pages
}

// TestContentInNoLanguageIsReadInItsOwn reproduces a rehearsal on DialogShift's German-first
// support docs, whose docs.json has no languages: every page was read as English, so a German
// question's "ich", "habe" and "gibt es" matched every German page ("Ich habe mein Passwort
// vergessen" came with "Hallo, ich bin Gast im Hotel und habe eine Frage"), "Passwörter" never
// met "Passwort", and "Benachrichtigungen" (English-stemmed) met no German page at all once
// the page was read German. A page in no language is now read in the language its text is
// written in, a question in the one its stop words tell, and keywords alone in the language
// under which the index holds most of them; English questions are read as before.
func TestContentInNoLanguageIsReadInItsOwn(t *testing.T) {
	ix := search.Build(dialogshiftPages(t))
	tests := []struct{ q, want string }{
		{"Ich habe mein Passwort vergessen", "/de/basis/passwort-vergessen-de"},
		{"Welche Stimmen gibt es für den Telefonassistenten?", "/de/phone-ai/stimmen-auswahl"},
		{"Wie beantworte ich Live Chats?", "/de/chat-ai/live-chat/live-chats-beantworten"},
		{"Passwörter ändern", "/de/basis/passwort-vergessen-de"},
		{"Benachrichtigungen", "/de/basis/benachrichtigungsoptionen"},
		{"How do I reset my password?", "/en/basics/password-reset"},
		{"Which voices can the phone AI use?", "/en/phone-ai/voice-selection"},
	}
	for _, tt := range tests {
		res := ix.Search(search.Query{Text: tt.q, Limit: 3})
		var got []string
		for _, r := range res {
			got = append(got, r.Path)
		}
		if len(got) == 0 || got[0] != tt.want {
			t.Errorf("%q: got %v, want %s first", tt.q, got, tt.want)
		}
	}
}

// TestReadsIn: the language the search reads a question in, which the model-free answer
// writes in: the filter's; for content in no language, the one the question's stop words tell
// when a page is written in it, else (keywords) the one under which the index holds most of
// its words; English ("") for an English question.
func TestReadsIn(t *testing.T) {
	ix := search.Build(dialogshiftPages(t))
	tests := []struct {
		filter search.Filter
		q      string
		want   string
	}{
		{search.Filter{}, "Ich habe mein Passwort vergessen", "de"},
		{search.Filter{}, "Passwort zurücksetzen", "de"},
		{search.Filter{}, "How do I reset my password?", ""},
		{search.Filter{}, "¿Cómo restablezco mi contraseña?", ""}, // no page is written in Spanish
		{search.Filter{Language: "fr"}, "Ich habe mein Passwort vergessen", "fr"},
	}
	for _, tt := range tests {
		if got := ix.ReadsIn(tt.filter, tt.q); got != tt.want {
			t.Errorf("ReadsIn(%+v, %q) = %q, want %q", tt.filter, tt.q, got, tt.want)
		}
	}
}

// TestReadsInKoreanContentInNoLanguage reproduces a rehearsal on D-ALabs Codex, a Korean
// site whose docs.json has no languages (testdata/dalabs): Korean has no stop word list, so
// its pages were read as English and a Korean question was read in English, which the
// model-free answer then wrote in ("I could not find anything in the documentation..."). Its
// pages are now told Korean by their script and a Korean question is read in Korean; an
// English question of the same site stays English.
func TestReadsInKoreanContentInNoLanguage(t *testing.T) {
	ix := search.Build(dirPages(t, "testdata/dalabs", 4))
	tests := []struct{ q, want string }{
		{"튜플이랑 배열 차이가 뭐예요", "ko"},
		{"Node 버전 몇 이상이어야 설치돼요?", "ko"},
		{"tsconfig에서 strict 켜는 법", "ko"},
		{"npm run dev", "ko"}, // keywords alone: the language of the site's pages
		{"How do I install Next.js?", ""},
		{"パスワードを忘れた", ""}, // no page is written in Japanese: English, as a Spanish question of a German site
	}
	for _, tt := range tests {
		if got := ix.ReadsIn(search.Filter{}, tt.q); got != tt.want {
			t.Errorf("ReadsIn(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}
