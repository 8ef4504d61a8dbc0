package llmstxt

import (
	"strings"

	"github.com/lectern-dev/lectern/platform/lang"
)

// Mintlify writes a site's skill.md with a model that reads the site's docs (its skill.md
// guide: "generates a skill.md file for your project by analyzing your documentation with an
// agentic loop"), so the file is in the docs' language, not a fixed English template. Lectern
// builds the file from what the site says of itself; its own words (the headings, and the
// description written when docs.json has none) are in the site's default language: docs.json's
// (navigation.languages' default), else the language most of the llms.txt pages are written
// in (platform/lang's Tell; Korean, Japanese and Chinese by their script, TellCJK), else English.
// skillWords holds them for every language docs.json allows.

// skillWords are the words of a generated skill.md in one language.
type skillWords struct {
	use      string // the heading of how to read the docs
	cover    string // the heading of what they cover
	covering string // the description: the site's title, then the labels of its top navigation
	andMore  string // ends a list of labels cut short
	and      string // joins a list's last two labels
	sep      string // joins the others
	docs     string // the description of a site without labels: its title
}

// skillLanguages are skillWords by docs.json language code (its primary subtag; Chinese by script).
var skillLanguages = map[string]skillWords{
	"en":      {"How to use these docs", "What the docs cover", "%s: documentation covering %s.", " and more", " and ", ", ", "%s documentation."},
	"es":      {"Cómo usar esta documentación", "Qué cubre la documentación", "%s: documentación sobre %s.", " y más", " y ", ", ", "Documentación de %s."},
	"fr":      {"Comment utiliser cette documentation", "Ce que couvre la documentation", "%s : documentation sur %s.", " et plus", " et ", ", ", "Documentation de %s."},
	"de":      {"So nutzen Sie diese Dokumentation", "Was die Dokumentation abdeckt", "%s: Dokumentation zu %s.", " und mehr", " und ", ", ", "Dokumentation von %s."},
	"pt":      {"Como usar esta documentação", "O que a documentação cobre", "%s: documentação sobre %s.", " e mais", " e ", ", ", "Documentação de %s."},
	"it":      {"Come usare questa documentazione", "Cosa copre la documentazione", "%s: documentazione su %s.", " e altro", " e ", ", ", "Documentazione di %s."},
	"nl":      {"Zo gebruikt u deze documentatie", "Wat de documentatie behandelt", "%s: documentatie over %s.", " en meer", " en ", ", ", "Documentatie van %s."},
	"sv":      {"Så använder du dokumentationen", "Vad dokumentationen omfattar", "%s: dokumentation om %s.", " med mera", " och ", ", ", "Dokumentation för %s."},
	"no":      {"Slik bruker du dokumentasjonen", "Hva dokumentasjonen dekker", "%s: dokumentasjon om %s.", " med mer", " og ", ", ", "Dokumentasjon for %s."},
	"da":      {"Sådan bruger du dokumentationen", "Hvad dokumentationen dækker", "%s: dokumentation om %s.", " med mere", " og ", ", ", "Dokumentation for %s."},
	"fi":      {"Näin käytät dokumentaatiota", "Mitä dokumentaatio kattaa", "%s: dokumentaatio aiheista %s.", " ja muuta", " ja ", ", ", "Dokumentaatio: %s."},
	"ru":      {"Как пользоваться документацией", "Что охватывает документация", "%s: документация по темам %s.", " и другим", " и ", ", ", "Документация %s."},
	"uk":      {"Як користуватися документацією", "Що охоплює документація", "%s: документація з тем %s.", " та інших", " та ", ", ", "Документація %s."},
	"pl":      {"Jak korzystać z dokumentacji", "Co obejmuje dokumentacja", "%s: dokumentacja na tematy: %s.", " i więcej", " i ", ", ", "Dokumentacja %s."},
	"cs":      {"Jak používat tuto dokumentaci", "Co dokumentace pokrývá", "%s: dokumentace k tématům %s.", " a další", " a ", ", ", "Dokumentace %s."},
	"ro":      {"Cum folosiți această documentație", "Ce acoperă documentația", "%s: documentație despre %s.", " și altele", " și ", ", ", "Documentația %s."},
	"hu":      {"Hogyan használd ezt a dokumentációt", "Mit fed le a dokumentáció", "%s: dokumentáció a következőkről: %s.", " és más", " és ", ", ", "Dokumentáció: %s."},
	"tr":      {"Bu belgeler nasıl kullanılır", "Belgelerin kapsamı", "%s: %s konularını kapsayan belgeler.", " ve daha fazlası", " ve ", ", ", "%s belgeleri."},
	"id":      {"Cara menggunakan dokumentasi ini", "Cakupan dokumentasi", "%s: dokumentasi tentang %s.", " dan lainnya", " dan ", ", ", "Dokumentasi %s."},
	"vi":      {"Cách sử dụng tài liệu này", "Nội dung của tài liệu", "%s: tài liệu về %s.", " và hơn nữa", " và ", ", ", "Tài liệu %s."},
	"ca":      {"Com utilitzar aquesta documentació", "Què cobreix la documentació", "%s: documentació sobre %s.", " i més", " i ", ", ", "Documentació de %s."},
	"lv":      {"Kā izmantot šo dokumentāciju", "Ko aptver dokumentācija", "%s: dokumentācija par %s.", " un citu", " un ", ", ", "Dokumentācija: %s."},
	"uz":      {"Hujjatlardan qanday foydalanish", "Hujjatlar nimani qamrab oladi", "%s: %s bo‘yicha hujjatlar.", " va boshqalar", " va ", ", ", "%s hujjatlari."},
	"ar":      {"كيفية استخدام هذه الوثائق", "ما تغطيه الوثائق", "%s: وثائق تغطي %s.", " والمزيد", " و", "، ", "وثائق %s."},
	"he":      {"איך להשתמש בתיעוד", "מה התיעוד מכסה", "%s: תיעוד בנושאי %s.", " ועוד", " ו", ", ", "התיעוד של %s."},
	"hi":      {"इस दस्तावेज़ का उपयोग कैसे करें", "दस्तावेज़ में क्या शामिल है", "%s: %s से जुड़ा दस्तावेज़।", " और अधिक", " और ", ", ", "%s दस्तावेज़।"},
	"zh":      {"如何使用本文档", "文档涵盖的内容", "%s：涵盖%s的文档。", "等", "和", "、", "%s 文档。"},
	"zh-Hant": {"如何使用本文件", "文件涵蓋的內容", "%s：涵蓋%s的文件。", "等", "和", "、", "%s 文件。"},
	"ja":      {"このドキュメントの使い方", "ドキュメントの内容", "%s：%sについてのドキュメント。", "など", "と", "、", "%s のドキュメント。"},
	"ko":      {"이 문서를 사용하는 방법", "문서에서 다루는 내용", "%s: %s에 관한 문서입니다.", " 등", " 및 ", ", ", "%s 문서입니다."},
}

// skillLanguage is the key of skillLanguages for a docs.json language code ("pt-BR" is "pt",
// "zh-TW" "zh-Hant", "cn" "zh", "jp" "ja"); "en" for a code it has no words for.
func skillLanguage(code string) string {
	lower := strings.ToLower(code)
	switch lower {
	case "zh-hant", "zh-tw":
		return "zh-Hant"
	case "cn":
		return "zh"
	case "jp":
		return "ja"
	}
	primary, _, _ := strings.Cut(lower, "-")
	if _, ok := skillLanguages[primary]; ok {
		return primary
	}
	return "en"
}

// maxToldPages bounds the pages read to tell a site's language.
const maxToldPages = 200

// words are the skill.md words of the site's default language.
func (s Site) words() skillWords {
	if code := s.Catalog.DefaultLanguage; code != "" {
		return skillLanguages[skillLanguage(code)]
	}
	votes := map[string]int{}
	best, top := "en", 0
	for i, p := range s.Catalog.LLMsPages() {
		if i == maxToldPages {
			break
		}
		code := lang.TellCJK(p.Body) // Korean or Japanese, which Tell leaves untold
		if l := lang.Tell(p.Body); l != nil {
			code = l.Code()
		} else if code == "" {
			continue
		}
		code = skillLanguage(code)
		votes[code]++
		if votes[code] > top {
			best, top = code, votes[code]
		}
	}
	return skillLanguages[best]
}
