package answer

import "strings"

// phrases are the sentences of a model-free answer that are not quoted from the docs, in one
// language: the lead before a quote (with %s for the link), the reply that declines, the reply
// to a message with no question in it, and the line of a declined reply before the pages that
// come closest (ending with a colon: the list of links follows).
type phrases struct {
	lead               string
	notFound, rephrase string
	greet, ask         string
	closest            string
}

// phrasebook holds the phrases by a docs.json language code's primary subtag (lower case), or
// by the whole code where its script differs ("zh-hant": Traditional Chinese), one for each
// language of Mintlify's list (organize/navigation: ar, cs, cn, zh-Hant, nl, en, fr, de, he, hi,
// id, it, jp, ko, lv, no, pl, pt-BR, ro, ru, es, sv, tr, ua, uz, vi); English is the fallback.
var phrasebook = map[string]phrases{
	"en": {"The documentation covers this in %s.",
		"I could not find anything in the documentation that answers this, so I will not guess.",
		"Try rephrasing the question with the words the docs use, or ask about a specific feature or page.",
		"I answer questions about this documentation.", "What would you like to know?",
		"These pages come closest:"},
	"es": {"La documentación trata esto en %s.",
		"No encontré nada en la documentación que responda a esto, así que no voy a adivinar.",
		"Prueba a reformular la pregunta con las palabras que usa la documentación, o pregunta por una función o página concreta.",
		"Respondo preguntas sobre esta documentación.", "¿Qué te gustaría saber?",
		"Estas son las páginas que más se acercan:"},
	"fr": {"La documentation traite ce sujet dans %s.",
		"Je n'ai rien trouvé dans la documentation qui réponde à cette question, je préfère donc ne pas deviner.",
		"Essayez de reformuler la question avec les mots qu'emploie la documentation, ou posez une question sur une fonctionnalité ou une page précise.",
		"Je réponds aux questions sur cette documentation.", "Que voulez-vous savoir ?",
		"Voici les pages qui s'en approchent le plus :"},
	"de": {"Die Dokumentation behandelt das in %s.",
		"Ich habe in der Dokumentation nichts gefunden, was das beantwortet, deshalb rate ich nicht.",
		"Formulieren Sie die Frage mit den Begriffen der Dokumentation um, oder fragen Sie nach einer bestimmten Funktion oder Seite.",
		"Ich beantworte Fragen zu dieser Dokumentation.", "Was möchten Sie wissen?",
		"Am nächsten kommen diese Seiten:"},
	"pt": {"A documentação aborda isso em %s.",
		"Não encontrei nada na documentação que responda a isso, então não vou adivinhar.",
		"Tente reformular a pergunta com as palavras que a documentação usa, ou pergunte sobre um recurso ou uma página específica.",
		"Respondo a perguntas sobre esta documentação.", "O que você gostaria de saber?",
		"Estas são as páginas que mais se aproximam:"},
	"it": {"La documentazione tratta questo argomento in %s.",
		"Non ho trovato nulla nella documentazione che risponda a questa domanda, quindi non provo a indovinare.",
		"Prova a riformulare la domanda con le parole usate nella documentazione, oppure chiedi di una funzione o di una pagina specifica.",
		"Rispondo alle domande su questa documentazione.", "Cosa vorresti sapere?",
		"Queste sono le pagine che si avvicinano di più:"},
	"ja": {"ドキュメントの %s で説明されています。",
		"ドキュメントにはこの質問に答える内容が見つからなかったため、推測はしません。",
		"ドキュメントで使われている言葉で質問を言い換えるか、特定の機能やページについて質問してください。",
		"このドキュメントに関する質問にお答えします。", "何を知りたいですか？",
		"内容が最も近いページは次のとおりです："},
	"zh": {"文档在 %s 中介绍了这一点。",
		"我在文档中没有找到能回答这个问题的内容，所以不会猜测。",
		"请尝试用文档中的措辞重新表述问题，或询问某个具体的功能或页面。",
		"我可以回答有关本文档的问题。", "你想了解什么？",
		"以下页面与你的问题最接近："},
	"zh-hant": {"文件在 %s 中介紹了這一點。",
		"我在文件中找不到能回答這個問題的內容，所以不會猜測。",
		"請嘗試用文件中的措辭重新表述問題，或詢問某個具體的功能或頁面。",
		"我可以回答有關本文件的問題。", "你想了解什麼？",
		"以下頁面與你的問題最接近："},
	"ko": {"문서의 %s에서 이 내용을 다룹니다.",
		"문서에서 이 질문에 답하는 내용을 찾지 못했으므로 추측하지 않겠습니다.",
		"문서에서 사용하는 단어로 질문을 바꿔 보거나, 특정 기능이나 페이지에 대해 질문해 주세요.",
		"이 문서에 관한 질문에 답합니다.", "무엇이 궁금하신가요?",
		"가장 가까운 내용을 다루는 페이지는 다음과 같습니다:"},
	"ar": {"تتناول الوثائق هذا في %s.",
		"لم أجد في الوثائق ما يجيب عن هذا السؤال، لذلك لن أخمّن.",
		"جرّب إعادة صياغة السؤال بالكلمات التي تستخدمها الوثائق، أو اسأل عن ميزة أو صفحة محددة.",
		"أجيب عن الأسئلة المتعلقة بهذه الوثائق.", "ماذا تريد أن تعرف؟",
		"هذه أقرب الصفحات إلى سؤالك:"},
	"he": {"התיעוד עוסק בזה ב־%s.",
		"לא מצאתי בתיעוד דבר שעונה על כך, ולכן לא אנחש.",
		"נסו לנסח את השאלה מחדש במילים שבהן התיעוד משתמש, או לשאול על תכונה או דף מסוימים.",
		"אני עונה על שאלות על התיעוד הזה.", "מה תרצו לדעת?",
		"אלה הדפים הקרובים ביותר לשאלה:"},
	"hi": {"दस्तावेज़ में इसकी जानकारी %s में है।",
		"मुझे दस्तावेज़ में ऐसा कुछ नहीं मिला जो इसका उत्तर दे, इसलिए मैं अनुमान नहीं लगाऊँगा।",
		"प्रश्न को उन शब्दों में दोबारा लिखकर देखें जो दस्तावेज़ में इस्तेमाल होते हैं, या किसी खास सुविधा या पेज के बारे में पूछें।",
		"मैं इस दस्तावेज़ के बारे में सवालों के जवाब देता हूँ।", "आप क्या जानना चाहते हैं?",
		"ये पेज इस प्रश्न के सबसे करीब हैं:"},
	"ru": {"В документации это описано в %s.",
		"Я не нашёл в документации ничего, что отвечало бы на этот вопрос, поэтому не буду гадать.",
		"Попробуйте переформулировать вопрос словами, которые используются в документации, или спросите о конкретной функции или странице.",
		"Я отвечаю на вопросы об этой документации.", "Что вы хотите узнать?",
		"Ближе всего к вашему вопросу эти страницы:"},
	"uk": {"У документації це описано в %s.",
		"Я не знайшов у документації нічого, що відповідало б на це запитання, тому не вгадуватиму.",
		"Спробуйте переформулювати запитання словами, які використовує документація, або запитайте про конкретну функцію чи сторінку.",
		"Я відповідаю на запитання про цю документацію.", "Що ви хочете дізнатися?",
		"Найближчі до вашого запитання сторінки:"},
	"nl": {"De documentatie behandelt dit in %s.",
		"Ik heb in de documentatie niets gevonden dat hierop antwoord geeft, dus ik ga niet gokken.",
		"Probeer de vraag anders te formuleren met de woorden die de documentatie gebruikt, of vraag naar een specifieke functie of pagina.",
		"Ik beantwoord vragen over deze documentatie.", "Wat wilt u weten?",
		"Deze pagina's komen het dichtst in de buurt:"},
	"pl": {"Dokumentacja omawia to w %s.",
		"Nie znalazłem w dokumentacji niczego, co odpowiadałoby na to pytanie, więc nie będę zgadywać.",
		"Spróbuj przeformułować pytanie słowami używanymi w dokumentacji albo zapytaj o konkretną funkcję lub stronę.",
		"Odpowiadam na pytania dotyczące tej dokumentacji.", "Co chcesz wiedzieć?",
		"Najbardziej zbliżone są te strony:"},
	"cs": {"Dokumentace se tomu věnuje v %s.",
		"V dokumentaci jsem nenašel nic, co by na to odpovídalo, takže nebudu hádat.",
		"Zkuste otázku přeformulovat slovy, která používá dokumentace, nebo se zeptejte na konkrétní funkci či stránku.",
		"Odpovídám na otázky k této dokumentaci.", "Co byste chtěli vědět?",
		"Nejblíže k této otázce mají tyto stránky:"},
	"ro": {"Documentația tratează acest subiect în %s.",
		"Nu am găsit nimic în documentație care să răspundă la această întrebare, așa că nu voi ghici.",
		"Încercați să reformulați întrebarea cu termenii folosiți în documentație sau întrebați despre o anumită funcție sau pagină.",
		"Răspund la întrebări despre această documentație.", "Ce ați dori să aflați?",
		"Acestea sunt paginile cele mai apropiate de întrebare:"},
	"sv": {"Dokumentationen tar upp detta i %s.",
		"Jag hittade inget i dokumentationen som besvarar detta, så jag tänker inte gissa.",
		"Försök formulera om frågan med de ord som dokumentationen använder, eller fråga om en viss funktion eller sida.",
		"Jag svarar på frågor om den här dokumentationen.", "Vad vill du veta?",
		"Dessa sidor ligger närmast:"},
	"no": {"Dokumentasjonen omtaler dette i %s.",
		"Jeg fant ingenting i dokumentasjonen som svarer på dette, så jeg vil ikke gjette.",
		"Prøv å omformulere spørsmålet med ordene dokumentasjonen bruker, eller spør om en bestemt funksjon eller side.",
		"Jeg svarer på spørsmål om denne dokumentasjonen.", "Hva vil du vite?",
		"Disse sidene kommer nærmest:"},
	"lv": {"Dokumentācijā tas aprakstīts sadaļā %s.",
		"Dokumentācijā neatradu neko, kas uz to atbildētu, tāpēc neminēšu.",
		"Mēģiniet pārfrāzēt jautājumu ar vārdiem, ko izmanto dokumentācija, vai jautājiet par konkrētu funkciju vai lapu.",
		"Es atbildu uz jautājumiem par šo dokumentāciju.", "Ko jūs vēlaties uzzināt?",
		"Vistuvāk jautājumam ir šīs lapas:"},
	"tr": {"Belgeler bu konuyu %s bölümünde ele alıyor.",
		"Belgelerde bunu yanıtlayan bir şey bulamadım, bu yüzden tahminde bulunmayacağım.",
		"Soruyu belgelerde kullanılan kelimelerle yeniden ifade etmeyi deneyin ya da belirli bir özellik veya sayfa hakkında sorun.",
		"Bu belgelerle ilgili soruları yanıtlıyorum.", "Ne öğrenmek istersiniz?",
		"Sorunuza en yakın sayfalar şunlar:"},
	"uz": {"Hujjatlarda bu haqda %s bo‘limida yozilgan.",
		"Hujjatlarda bunga javob beradigan hech narsa topmadim, shuning uchun taxmin qilmayman.",
		"Savolni hujjatlarda ishlatiladigan so‘zlar bilan qayta yozib ko‘ring yoki muayyan funksiya yoki sahifa haqida so‘rang.",
		"Men ushbu hujjatlar haqidagi savollarga javob beraman.", "Nimani bilmoqchisiz?",
		"Savolingizga eng yaqin sahifalar quyidagilar:"},
	"id": {"Dokumentasi membahas hal ini di %s.",
		"Saya tidak menemukan apa pun di dokumentasi yang menjawab ini, jadi saya tidak akan menebak.",
		"Coba ubah pertanyaan dengan kata-kata yang digunakan dokumentasi, atau tanyakan tentang fitur atau halaman tertentu.",
		"Saya menjawab pertanyaan tentang dokumentasi ini.", "Apa yang ingin Anda ketahui?",
		"Halaman berikut paling mendekati pertanyaan Anda:"},
	"vi": {"Tài liệu đề cập đến nội dung này trong %s.",
		"Tôi không tìm thấy nội dung nào trong tài liệu trả lời câu hỏi này, vì vậy tôi sẽ không đoán.",
		"Hãy thử diễn đạt lại câu hỏi bằng những từ mà tài liệu sử dụng, hoặc hỏi về một tính năng hay trang cụ thể.",
		"Tôi trả lời các câu hỏi về tài liệu này.", "Bạn muốn biết điều gì?",
		"Các trang sau gần nhất với câu hỏi của bạn:"},
}

// aliases are docs.json language codes (lower case) spelled otherwise in the phrasebook
// (Mintlify's "ua" is Ukrainian, ISO 639-1 "uk"; Taiwan and Hong Kong write Traditional Chinese).
var aliases = map[string]string{"cn": "zh", "jp": "ja", "ua": "uk", "nb": "no", "nn": "no", "zh-tw": "zh-hant", "zh-hk": "zh-hant"}

// phrasesFor returns the phrases of a docs.json language code ("es", "pt-BR", "zh-Hant",
// "jp"): the code's own, else its primary subtag's, else English (also for "").
func phrasesFor(lang string) phrases { return phrasebook[phraseCode(lang)] }

// phraseCode is the phrasebook's code of a docs.json language code: the code's own, else its
// primary subtag's, else "en".
func phraseCode(lang string) string {
	code := strings.ToLower(strings.TrimSpace(lang))
	primary, _, _ := strings.Cut(code, "-")
	for _, c := range []string{code, primary} {
		if a, ok := aliases[c]; ok {
			c = a
		}
		if _, ok := phrasebook[c]; ok {
			return c
		}
	}
	return "en"
}

// sep is what follows a sentence of ph before the next one: a space, or nothing after a
// Chinese or Japanese full stop or question mark.
func sep(s string) string {
	if strings.HasSuffix(s, "。") || strings.HasSuffix(s, "？") {
		return ""
	}
	return " "
}
