package answer

import "strings"

// phrases are the sentences of a model-free answer that are not quoted from the docs, in one
// language: the lead before a quote (with %s for the link), the reply that declines, and the
// reply to a message with no question in it.
type phrases struct {
	lead               string
	notFound, rephrase string
	greet, ask         string
}

// phrasebook holds the phrases by a docs.json language code's primary subtag; English is the
// fallback.
var phrasebook = map[string]phrases{
	"en": {"The documentation covers this in %s.",
		"I could not find anything in the documentation that answers this, so I will not guess.",
		"Try rephrasing the question with the words the docs use, or ask about a specific feature or page.",
		"I answer questions about this documentation.", "What would you like to know?"},
	"es": {"La documentación trata esto en %s.",
		"No encontré nada en la documentación que responda a esto, así que no voy a adivinar.",
		"Prueba a reformular la pregunta con las palabras que usa la documentación, o pregunta por una función o página concreta.",
		"Respondo preguntas sobre esta documentación.", "¿Qué te gustaría saber?"},
	"fr": {"La documentation traite ce sujet dans %s.",
		"Je n'ai rien trouvé dans la documentation qui réponde à cette question, je préfère donc ne pas deviner.",
		"Essayez de reformuler la question avec les mots qu'emploie la documentation, ou posez une question sur une fonctionnalité ou une page précise.",
		"Je réponds aux questions sur cette documentation.", "Que voulez-vous savoir ?"},
	"de": {"Die Dokumentation behandelt das in %s.",
		"Ich habe in der Dokumentation nichts gefunden, was das beantwortet, deshalb rate ich nicht.",
		"Formulieren Sie die Frage mit den Begriffen der Dokumentation um, oder fragen Sie nach einer bestimmten Funktion oder Seite.",
		"Ich beantworte Fragen zu dieser Dokumentation.", "Was möchten Sie wissen?"},
	"pt": {"A documentação aborda isso em %s.",
		"Não encontrei nada na documentação que responda a isso, então não vou adivinhar.",
		"Tente reformular a pergunta com as palavras que a documentação usa, ou pergunte sobre um recurso ou uma página específica.",
		"Respondo a perguntas sobre esta documentação.", "O que você gostaria de saber?"},
	"it": {"La documentazione tratta questo argomento in %s.",
		"Non ho trovato nulla nella documentazione che risponda a questa domanda, quindi non provo a indovinare.",
		"Prova a riformulare la domanda con le parole usate nella documentazione, oppure chiedi di una funzione o di una pagina specifica.",
		"Rispondo alle domande su questa documentazione.", "Cosa vorresti sapere?"},
	"ja": {"ドキュメントの %s で説明されています。",
		"ドキュメントにはこの質問に答える内容が見つからなかったため、推測はしません。",
		"ドキュメントで使われている言葉で質問を言い換えるか、特定の機能やページについて質問してください。",
		"このドキュメントに関する質問にお答えします。", "何を知りたいですか？"},
	"zh": {"文档在 %s 中介绍了这一点。",
		"我在文档中没有找到能回答这个问题的内容，所以不会猜测。",
		"请尝试用文档中的措辞重新表述问题，或询问某个具体的功能或页面。",
		"我可以回答有关本文档的问题。", "你想了解什么？"},
	"ko": {"문서의 %s에서 이 내용을 다룹니다.",
		"문서에서 이 질문에 답하는 내용을 찾지 못했으므로 추측하지 않겠습니다.",
		"문서에서 사용하는 단어로 질문을 바꿔 보거나, 특정 기능이나 페이지에 대해 질문해 주세요.",
		"이 문서에 관한 질문에 답합니다.", "무엇이 궁금하신가요?"},
}

// aliases are docs.json language codes whose primary subtag is not their language's.
var aliases = map[string]string{"cn": "zh", "jp": "ja"}

// phrasesFor returns the phrases of a docs.json language code ("es", "pt-BR", "zh-Hans", "jp"),
// English for "" and for a language it has none in.
func phrasesFor(lang string) phrases {
	p, _, _ := strings.Cut(strings.ToLower(lang), "-")
	if a, ok := aliases[p]; ok {
		p = a
	}
	if ph, ok := phrasebook[p]; ok {
		return ph
	}
	return phrasebook["en"]
}

// sep is what follows a sentence of ph before the next one: a space, or nothing after a
// Chinese or Japanese full stop or question mark.
func sep(s string) string {
	if strings.HasSuffix(s, "。") || strings.HasSuffix(s, "？") {
		return ""
	}
	return " "
}
