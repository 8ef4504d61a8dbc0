package answer_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
)

// TestAnswerKeepsStepsWhole: a section of numbered steps, each introducing a code block with a
// colon (testdata/lists, from a real site), is quoted so that it reads: a list number stays
// with its step, each step starts a line, and a sentence that introduces something ("Either:",
// "...(usually Apache/Nginx):") is followed by what it introduces, never by another step or by
// nothing.
func TestAnswerKeepsStepsWhole(t *testing.T) {
	tests := []struct {
		file, question string
		want           string // the quote must hold this run, in this order
	}{
		{"docker-port-conflicts.en.md", "docker compose up says port 80 is already in use",
			"> Port 80 already in use? Either:\n> 1. Stop the conflicting service (usually Apache/Nginx):\n>\n> ```bash\n> sudo service nginx stop\n> sudo service apache2 stop\n> ```"},
		{"docker-port-conflicts.ja.md", "docker compose で起動したらポート80が使用中と言われる",
			"> ポート80が既に使用中ですか？以下のいずれかを選択してください：\n> 1. 競合するサービス（通常Apache/Nginx）を停止する：\n>\n> ```bash\n> sudo service nginx stop"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/lists/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			src := answer.Source{Title: "Docker", Section: "Port conflicts", Path: "/docker-issues", URL: "/docker-issues#port-conflicts",
				Match: 0.8, Text: strings.TrimSpace(string(data))}
			text, _, a := generate(t, answer.Prompt{Question: tc.question, Sources: []answer.Source{src}})
			if len(a.Cited) != 1 {
				t.Fatalf("cited %v, want the section\n%s", a.Cited, text)
			}
			if !strings.Contains(text, tc.want) {
				t.Errorf("answer\n%s\nwant it to quote\n%s", text, tc.want)
			}
			last := strings.TrimSpace(text[strings.LastIndex(strings.TrimSpace(text), "\n")+1:])
			if strings.HasSuffix(last, ":") || strings.HasSuffix(last, "：") {
				t.Errorf("the quote ends with an introduction to something it left out:\n%s", text)
			}
		})
	}
}

// TestListItemsKeepTheirLines: a quoted list keeps one item a line, whatever its marker, and an
// item that wraps over two lines of the page stays one line; prose around it is joined as before.
func TestListItemsKeepTheirLines(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"bullets", "Retries are configured per node:\n- Max retries: how often to retry.\n- Retry interval: how long to wait.",
			"> Retries are configured per node:\n> - Max retries: how often to retry.\n> - Retry interval: how long to wait."},
		{"a wrapped item and other markers", "Retries work like this:\n* Max retries sets\n  how often to retry.\n3) Retries end.",
			"> Retries work like this:\n> * Max retries sets how often to retry.\n> 3) Retries end."},
		{"plus", "Retries:\n+ Max retries set how often.", "> Retries:\n> + Max retries set how often."},
		{"no list: one paragraph", "Retries are configured per node. Max retries sets how often.\nThe interval sets how long.",
			"> Retries are configured per node. Max retries sets how often. The interval sets how long."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := answer.Source{Title: "Retries", Path: "/retries", URL: "/retries", Match: 0.9, Text: tc.text}
			text, _, _ := generate(t, answer.Prompt{Question: "how do retries work, max retries and interval", Sources: []answer.Source{src}})
			if !strings.Contains(text, tc.want) {
				t.Errorf("answer\n%s\nwant it to quote\n%s", text, tc.want)
			}
		})
	}
}

// TestGapKeepsListItemsApart: a quote of a later sentence of a list item brings the item's
// first sentence along, and when that does not fit, never joins the later sentence to the item
// quoted before it. Hyperswitch's "Saving Payment Methods"
// (testdata/lists/saving-payment-methods.en.md) was quoted "- Include `customer_id` … This is
// typical for scenarios like saving card details...", as if the sentence, which is of the
// `on_session` item, said what including customer_id is for.
func TestGapKeepsListItemsApart(t *testing.T) {
	data, err := os.ReadFile("testdata/lists/saving-payment-methods.en.md")
	if err != nil {
		t.Fatal(err)
	}
	long := "Retries:\n- Include the node id.\n- The retry policy " + strings.Repeat("applies to every node of the workflow and ", 30) +
		"ends here. Max retries sets how often the default retries failed nodes."
	tests := []struct{ name, text, question, want string }{
		{"hyperswitch: the item's first sentence comes along", strings.TrimSpace(string(data)), "How do I save a customer's card so I can charge it later?",
			"> - `on_session`: Use when the customer is actively present during the transaction. This is typical for scenarios like saving card details"},
		{"a later sentence of the same item", "Retries:\n- Max retries is a count. It is set per node. The default retries failed nodes three times.",
			"how often does the default retry failed nodes, max retries",
			"> - Max retries is a count. … The default retries failed nodes three times."},
		{"the item's first sentence does not fit: a paragraph of its own", long, "how often does the default retry failed nodes, include the node id",
			"> - Include the node id.\n>\n> …\n>\n> Max retries sets how often the default retries failed nodes."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := answer.Source{Title: "Payment flows", Section: "Saving", Path: "/flows", URL: "/flows#saving", Match: 0.8, Text: tc.text}
			text, _, _ := generate(t, answer.Prompt{Question: tc.question, Sources: []answer.Source{src}})
			if !strings.Contains(text, tc.want) {
				t.Errorf("answer\n%s\nwant it to quote\n%s", text, tc.want)
			}
		})
	}
}

// TestAnswerSpeaksTheScopeLanguage: the model-free answer's own sentences (the lead before a
// quote, the reply that declines) are in the language of the search's scope when it has them,
// by the code's primary subtag, and in English otherwise. Every code of Mintlify's language list
// has them (CrewAI's Arabic docs got English leads before Arabic quotes).
func TestAnswerSpeaksTheScopeLanguage(t *testing.T) {
	src := answer.Source{Title: "Retries", Path: "/retries", URL: "/retries", Match: 0.9, Text: "Max retries sets how often to retry a node."}
	tests := []struct{ lang, lead, decline string }{
		{"", "The documentation covers this in [Retries](/retries).", "I could not find anything"},
		{"en", "The documentation covers this in", "I could not find anything"},
		{"es", "La documentación trata esto en [Retries](/retries).", "No encontré nada"},
		{"pt-BR", "A documentação aborda isso em", "Não encontrei nada"},
		{"zh-Hans", "文档在 [Retries](/retries) 中介绍了这一点。", "我在文档中没有找到"},
		{"jp", "ドキュメントの [Retries](/retries) で説明されています。", "ドキュメントにはこの質問に答える内容が見つからなかった"},
		{"ko", "문서의 [Retries](/retries)에서", "문서에서 이 질문에 답하는 내용을 찾지 못했으므로"},
		{"ar", "تتناول الوثائق هذا في [Retries](/retries).", "لم أجد في الوثائق ما يجيب"},
		{"ua", "У документації це описано в [Retries](/retries).", "Я не знайшов у документації"},
		{"ru", "В документации это описано в [Retries](/retries).", "Я не нашёл в документации"},
		{"sw", "The documentation covers this in", "I could not find anything"},
		{"zh-Hant", "文件在 [Retries](/retries) 中介紹了這一點。", "我在文件中找不到"},
		{"zh-TW", "文件在 [Retries](/retries) 中介紹了這一點。", "我在文件中找不到"},
		{"zh-CN", "文档在 [Retries](/retries) 中介绍了这一点。", "我在文档中没有找到"},
		{"nl", "De documentatie behandelt dit in [Retries](/retries).", "Ik heb in de documentatie niets gevonden"},
		{"fr-CA", "La documentation traite ce sujet dans", "Je n'ai rien trouvé"},
		{"hu", "The documentation covers this in", "I could not find anything"},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			text, _, _ := generate(t, answer.Prompt{Question: "max retries of a node", Sources: []answer.Source{src}, Language: tc.lang})
			if !strings.HasPrefix(text, tc.lead) {
				t.Errorf("answer %q, want it to begin %q", text, tc.lead)
			}
			text, _, _ = generate(t, answer.Prompt{Question: "quantum teleportation pricing", Sources: []answer.Source{src}, Language: tc.lang})
			if !strings.HasPrefix(text, tc.decline) {
				t.Errorf("declined %q, want it to begin %q", text, tc.decline)
			}
		})
	}
}
