package lang_test

import (
	"os"
	"testing"

	"github.com/lectern-dev/lectern/platform/lang"
)

// TestTell: a text is told the language whose stop words hold more of its words than any other
// list and at least twice as many as English's, else English; a tie between other languages
// and a text without stop words tell none. The German
// questions are a reader's of dialogshift's German support docs (assistant/testdata/sites/
// dialogshift-de), which docs.json puts in no language.
func TestTell(t *testing.T) {
	tests := []struct {
		text string
		want string // the code told; "" for none
	}{
		{"Ich habe mein Passwort vergessen", "de"},
		{"Wie setze ich mein Passwort zurück?", "de"},
		{"Ich bekomme keine E-Mails bei neuen Chats", "de"},
		{"¿Cómo restablezco mi contraseña?", "es"},
		{"Comment réinitialiser mon mot de passe ?", "fr"},
		{"How do I reset my password?", "en"},
		{"Passwort zurücksetzen", ""},             // no stop word
		{"de la", ""},                             // Spanish, French, Portuguese, ... alike
		{"パスワードを忘れた", ""},                         // no list here: cut into pairs by the callers
		{"I forgot the Passwort, was nun?", "en"}, // two English stop words, two German: a tie goes to English
		{"a e y o", ""},
		{"this is it, de la que en", "en"}, // Spanish and French tie on top, under twice English's
		// Spanish ("me", "el") and Portuguese ("me", "dos") tie; English's "me" is theirs too, so
		// English holds no word of its own: neither is told, not English (rehearse23, Gellum).
		{"me cobraron dos veces, me devuelven el dinero?", ""},
		// With "pueden", Spanish's "can" (stopwords' modals), Spanish holds one word more.
		{"me cobraron dos veces, me pueden devolver el dinero?", "es"},
		// Portuguese's "do" (de + o) is English's "do" too: a tie in which English holds no word
		// of its own tells neither (rehearse27: Meu Ingresso's title-only pages and its readers'
		// short questions were told English).
		{"Saldo do evento", ""},
		{"exclusão do evento", ""},
		{"do it now", "en"}, // "it" is English's alone
		// English technical text that Portuguese's "com", "no" and "num" and Italian's "ai" and
		// "io" would otherwise tell (rehearse20: benzinga's and flatkey's pages)
		{`"phone_num": "(877) 407-3982", "webcast_url": "https://edge.media-server.com/", no access code for the call`, "en"},
		{"Claude Code 接入 AI：在 AI 设置中填入 api.flatkey.io 的 AI key，然后 in the terminal run claude", "en"},
		{"Ich habe das Passwort NICHT vergessen", "de"},
		{"請求書は Billing ページの右上からダウンロードできます。料金プランの変更もここから行います。de facto som standard", ""}, // CJK text: its Latin words tell nothing // "NICHT" in capitals is no stop word; "ich", "habe", "das" are // one-letter words tell nothing
	}
	// A Portuguese API page, whose "do", "no", "as" and "for" are English's stop words too and
	// whose examples are JavaScript (rehearse21: it was told English, testdata/SOURCE).
	page, err := os.ReadFile("testdata/monitora-monitors-overview.mdx")
	if err != nil {
		t.Fatal(err)
	}
	tests = append(tests, struct {
		text string
		want string
	}{string(page), "pt"})
	for _, tt := range tests {
		got := ""
		if l := lang.Tell(tt.text); l != nil {
			got = l.Code()
		}
		if got != tt.want {
			t.Errorf("Tell(%q) = %q, want %q", tt.text[:min(len(tt.text), 80)], got, tt.want)
		}
	}
}

// TestTellerStops: Stops counts the words read that a language's list holds, a word in several
// lists for each, so a caller can weigh one language against another (the assistant keeps a
// question in the site's default language unless another's words outnumber it plainly).
func TestTellerStops(t *testing.T) {
	cases := []struct {
		text  string
		lang  string
		stops int
	}{
		{"Is there a daily cap and how do I get it raised?", "en", 6},
		{"Is there a daily cap and how do I get it raised?", "de", 0},
		{"Gibt es ein Tageslimit und wie kann ich es erhöhen?", "de", 7},
		{"Gibt es ein Tageslimit und wie kann ich es erhöhen?", "en", 0},
		{"Tageslimit Outbound erhöhen via Support", "en", 1},
		{"Tageslimit Outbound erhöhen via Support", "de", 0},
		{"Cara Memunculkan Pop Up Sales Notification", "id", 0},
	}
	for _, c := range cases {
		var te lang.Teller
		te.Read(c.text)
		if got := te.Stops(lang.Of(c.lang)); got != c.stops {
			t.Errorf("Stops(%s) of %q = %d, want %d", c.lang, c.text, got, c.stops)
		}
	}
}

// TestTellCJK: Korean, Japanese and Chinese text, which Tell tells none (no stop word list
// here), is told by its script, Chinese as Simplified or Traditional by the characters one
// script alone writes; Chinese too short to tell its script and text that is not CJK are not
// (rehearse25: a Korean site in no language was answered in English, and a Chinese one).
func TestTellCJK(t *testing.T) {
	tests := []struct{ text, want string }{
		{"튜플이랑 배열 차이가 뭐예요", "ko"},
		{"any 쓰지 말라는데 대신 뭘 써요", "ko"},
		{"tsconfig에서 strict 켜는 법", "ko"},
		{"Next.js App Router는 파일 시스템 기반의 라우터를 사용합니다.", "ko"},
		{"パスワードを忘れた", "ja"},
		{"請求書は Billing ページの右上からダウンロードできます。料金プランの変更もここから行います。", "ja"},
		{"如何重置我的密码？", ""},                                                                                                   // too few characters of one script alone (码)
		{"文件在設定頁面中介紹了這一點", "zh-Hant"},                                                                                       // 設, 頁, 紹, 這
		{"这个问题的答案在设置页面中，我们会为你说明。", "zh"},                                                                                    // Simplified
		{"這個問題的答案在設定頁面中，我們會為你說明。", "zh-Hant"},                                                                               // Traditional
		{"使用 API 密钥调用接口时，请在请求头中传递 Authorization 字段。", "zh"},                                                                 // mixed with English
		{"使用 API 金鑰呼叫介面時，請在請求標頭中傳遞 Authorization 欄位。", "zh-Hant"},                                                           // mixed with English
		{"这個問题说明們", ""},                                                                                                     // as many of each script: neither
		{"天地人山水火木日月", ""},                                                                                                   // Han characters both scripts write
		{"設定頁面", ""},                                                                                                        // two of one script alone: too few
		{"日本語の説明: 这个问题我们会说明。ここで説明します。", "ja"},                                                                               // kana wins over Han
		{"The Chinese pages write settings as 设置 and the page as 页面 or 这个页面; see the list of languages for the others", ""}, // a few Simplified in English text
		{"How do I reset my password?", ""},
		{"Ich habe mein Passwort vergessen", ""},
		{"a list of languages: English, 日本語, 한국어, Deutsch, Français, Español and more of them", ""}, // a few CJK characters in English text
		{"", ""},
	}
	for _, tt := range tests {
		if got := lang.TellCJK(tt.text); got != tt.want {
			t.Errorf("TellCJK(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestScriptPairs: no character CJK tells Chinese's scripts by stands for both scripts, and
// each pair is two characters that differ.
func TestScriptPairs(t *testing.T) {
	pairs := lang.ScriptPairs()
	if len(pairs) < 100 {
		t.Fatalf("%d pairs, want 100 or more", len(pairs))
	}
	simplified, traditional := map[rune]bool{}, map[rune]bool{}
	for _, p := range pairs {
		r := []rune(p)
		if len(r) != 2 || r[0] == r[1] {
			t.Errorf("pair %q: want two different characters", p)
			continue
		}
		simplified[r[0]], traditional[r[1]] = true, true
	}
	for r := range simplified {
		if traditional[r] {
			t.Errorf("%q is listed as both Simplified and Traditional", r)
		}
	}
}
