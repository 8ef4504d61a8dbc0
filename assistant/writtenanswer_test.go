package assistant_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/event"
)

// TestAnswerReadsContentInNoLanguageInItsOwn reproduces a rehearsal on DialogShift's
// German-first support docs (search/testdata/dialogshift: German and English pages in two
// tabs, docs.json without languages): asked from a German page, "Ich habe mein Passwort
// vergessen" was declined, in English ("I could not find anything..."), though the search's
// first page answers it: read as English, the question's "ich", "habe" and "mein" were words
// the page had to hold. The question is now read, and answered, in German, the language the
// search read it in; an English question of the same site is answered in English as before.
func TestAnswerReadsContentInNoLanguageInItsOwn(t *testing.T) {
	h := startSite(t, "dialogshift", "search/testdata/dialogshift")
	tests := []struct {
		from, q, lead, page string
	}{
		{"/de/basis/user-erstellen", "Ich habe mein Passwort vergessen",
			"Die Dokumentation behandelt das in [", "/de/basis/passwort-vergessen-de"},
		{"", "Wie setze ich mein Passwort zurück?",
			"Die Dokumentation behandelt das in [", "/de/basis/passwort-vergessen-de"},
		{"/en/basics/create-user", "How do I reset my password?",
			"The documentation covers this in [", "/en/basics/password-reset"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			body := ask(tt.q)
			if tt.from != "" {
				body["currentPath"] = tt.from
			}
			parts := checkReply(t, h.post(t, "dialogshift", body))
			answer := text(t, parts)
			if !strings.HasPrefix(answer, tt.lead) {
				t.Errorf("answer %.300q, want it to begin %q", answer, tt.lead)
			}
			fin := finishOf(t, parts)
			if fin.Resolution != event.Answered || len(fin.Sources) == 0 || fin.Sources[0].URL != tt.page {
				t.Errorf("finish %+v, want %s answered and cited first", fin, tt.page)
			}
		})
	}
}

// TestAnswerKoreanContentInNoLanguageInKorean reproduces a rehearsal on D-ALabs Codex, a
// Korean site whose docs.json has no languages (search/testdata/dalabs): every model-free
// answer was written in English ("The documentation covers this in [설치 및 환경 설정 › ...]",
// "I could not find anything in the documentation..."), since Korean, having no stop word
// list, was told no language. Its pages are now told Korean by their script, and so is the
// question, which is answered in Korean as under a docs.json "ko"; an English question of the
// same site is answered in English as before.
func TestAnswerKoreanContentInNoLanguageInKorean(t *testing.T) {
	h := startSite(t, "dalabs", "search/testdata/dalabs")
	tests := []struct {
		from, q, lead string
	}{
		{"/nextjs/routing", "Node 버전 몇 이상이어야 설치돼요?", "문서의 ["},
		{"", "Node.js 몇 버전 이상이 필요해요?", "문서의 ["},
		{"", "Which Node.js version do I need?", "The documentation covers this in ["},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			body := ask(tt.q)
			if tt.from != "" {
				body["currentPath"] = tt.from
			}
			parts := checkReply(t, h.post(t, "dalabs", body))
			if answer := text(t, parts); !strings.HasPrefix(answer, tt.lead) {
				t.Errorf("answer %.300q, want it to begin %q", answer, tt.lead)
			}
			fin := finishOf(t, parts)
			if fin.Resolution != event.Answered || len(fin.Sources) == 0 || fin.Sources[0].URL != "/nextjs/installation" {
				t.Errorf("finish %+v, want /nextjs/installation answered and cited first", fin)
			}
		})
	}
}

// TestAnswerChineseContentInNoLanguageInChinese: MCPHub's Chinese pages, on a site whose
// docs.json has no languages (search/testdata/mcphub), were told no language (Chinese has no
// stop word list, and its script was not told), so a Chinese question was answered in English
// ("The documentation covers this in [安装指南 › ...]"). The pages are now told Simplified
// Chinese by the characters only its script writes, and a Chinese question is answered in
// Chinese as under a docs.json "zh" (Traditional for a question written in it); an English
// question of the same site is answered in English as before.
func TestAnswerChineseContentInNoLanguageInChinese(t *testing.T) {
	h := startSite(t, "mcphub", "search/testdata/mcphub")
	tests := []struct {
		q, lead, source string
	}{
		{"如何使用 Docker 安装 MCPHub？", "文档在 [", "/zh/installation"},
		{"怎么创建分组？", "文档在 [", "/zh/features/group-management"},
		{"如何使用 Docker 安裝 MCPHub？這個問題我們需要說明", "文件在 [", "/zh/installation"},
		{"How do I install MCPHub with Docker?", "The documentation covers this in [", "/zh/installation"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			parts := checkReply(t, h.post(t, "mcphub", ask(tt.q)))
			if answer := text(t, parts); !strings.HasPrefix(answer, tt.lead) {
				t.Errorf("answer %.300q, want it to begin %q", answer, tt.lead)
			}
			fin := finishOf(t, parts)
			if fin.Resolution != event.Answered || len(fin.Sources) == 0 || fin.Sources[0].URL != tt.source {
				t.Errorf("finish %+v, want %s answered and cited first", fin, tt.source)
			}
		})
	}
}
