package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestJapaneseQuestionTerms: the answer looks for a question's words without its pairs of
// hiragana, Japanese grammar (platform/cjk's Kana), and without its Chinese, Japanese and
// Korean stop words of two characters or more and the pairs that straddle them (cjk.Stops), as
// the search does; a question of kana or stop words alone keeps them. A text's words keep
// every pair.
func TestJapaneseQuestionTerms(t *testing.T) {
	tests := []struct{ lang, q, want string }{
		{"ja", "LinkUp を接続する手順は？", "linkup を接 接続 手順 順は"}, // する, a stop word, cut before pairing: no 続す, る手
		{"jp", "ファイルをアップロードするにはどうすればよいですか？", "ファ ァイ イル ルを をア アッ ップ プロ ロー ード"},
		{"ja", "どうすればいいですか", "どう うす すれ れば ばい いい いで です すか"},
		{"zh", "如何获取路线？", "获取 取路 路线"}, // 如何, how
		{"zh", "什么？", "什么"}, // stop words alone: kept
		{"ko", "비밀번호를 어떻게 변경하나요?", "비밀 밀번 번호 호를 변경"}, // 어떻게, 하나; 요 alone
	}
	for _, tt := range tests {
		if got := strings.Join(answer.QuestionTermsIn(tt.lang, tt.q), " "); got != tt.want {
			t.Errorf("QuestionTermsIn(%q, %q) = %q, want %q", tt.lang, tt.q, got, tt.want)
		}
	}
	if got := strings.Join(answer.TermsIn("ja", "どうすれば手順"), " "); got != "どう うす すれ れば ば手 手順" {
		t.Errorf("a text's terms %q: want every pair", got)
	}
}

// TestJapanesePassage: the quoted sentence is the one that holds the question's content words,
// not the one that shares more of its polite ending ("…するにはどうすればよいですか").
func TestJapanesePassage(t *testing.T) {
	s := withMatch(answer.Source{
		Title: "アップロード", Path: "/ja/uploads", URL: "/ja/uploads",
		Text: "設定を変更するにはどうすればよいですか？管理者に連絡してください。\n\n" +
			"ファイルはアップロードAPIで送信します。",
	}, 0.9)
	text, _, a := generate(t, answer.Prompt{Question: "ファイルをアップロードするにはどうすればよいですか？", Sources: []answer.Source{s}, Language: "ja"})
	if a.Resolution != event.Answered {
		t.Fatalf("resolution %v, want answered", a.Resolution)
	}
	if !strings.Contains(text, "ファイルはアップロードAPIで送信します。") || strings.Contains(text, "設定を変更") {
		t.Errorf("answer\n%s\nwant it to quote the sentence on uploads, not the one sharing the question's ending", text)
	}
}
