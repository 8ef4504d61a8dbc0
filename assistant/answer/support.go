package answer

import (
	"fmt"
	"net/url"
	"strings"
)

// supportPhrases are the sentences that point a declined reply's reader at the site's support
// (Mintlify's deflection), by the phrasebook's codes; %s is the link.
var supportPhrases = map[string]string{
	"en":      "If you need more help, contact support: %s",
	"es":      "Si necesitas más ayuda, contacta con el soporte: %s",
	"fr":      "Si vous avez besoin d'aide, contactez le support : %s",
	"de":      "Wenn Sie weitere Hilfe brauchen, wenden Sie sich an den Support: %s",
	"pt":      "Se precisar de mais ajuda, entre em contato com o suporte: %s",
	"it":      "Se hai bisogno di altro aiuto, contatta l'assistenza: %s",
	"ja":      "さらにサポートが必要な場合は、サポートにお問い合わせください：%s",
	"zh":      "如需更多帮助，请联系支持团队：%s",
	"zh-hant": "如需更多協助，請聯絡支援團隊：%s",
	"ko":      "추가 도움이 필요하면 지원팀에 문의하세요: %s",
	"ar":      "إذا كنت بحاجة إلى مزيد من المساعدة، فتواصل مع الدعم: %s",
	"he":      "אם אתם צריכים עזרה נוספת, פנו לתמיכה: %s",
	"hi":      "अगर आपको और मदद चाहिए, तो सहायता टीम से संपर्क करें: %s",
	"ru":      "Если вам нужна дополнительная помощь, обратитесь в поддержку: %s",
	"uk":      "Якщо вам потрібна додаткова допомога, зверніться до служби підтримки: %s",
	"nl":      "Hebt u meer hulp nodig, neem dan contact op met support: %s",
	"pl":      "Jeśli potrzebujesz dalszej pomocy, skontaktuj się z pomocą techniczną: %s",
	"cs":      "Pokud potřebujete další pomoc, obraťte se na podporu: %s",
	"ro":      "Dacă aveți nevoie de ajutor suplimentar, contactați asistența: %s",
	"sv":      "Om du behöver mer hjälp kan du kontakta supporten: %s",
	"no":      "Trenger du mer hjelp, kan du kontakte kundestøtte: %s",
	"lv":      "Ja jums nepieciešama papildu palīdzība, sazinieties ar atbalsta dienestu: %s",
	"tr":      "Daha fazla yardıma ihtiyacınız varsa destek ekibiyle iletişime geçin: %s",
	"uz":      "Qo‘shimcha yordam kerak bo‘lsa, qo‘llab-quvvatlash xizmatiga murojaat qiling: %s",
	"id":      "Jika Anda memerlukan bantuan lebih lanjut, hubungi dukungan: %s",
	"vi":      "Nếu bạn cần thêm trợ giúp, hãy liên hệ bộ phận hỗ trợ: %s",
}

// SupportLine is the sentence a declined reply ends with when its site has support: in the
// docs language lang (its phrasebook's, English otherwise), linking to support, an http(s)
// URL (the thread id already in it) or a mailto: address. "" when support is "" or neither.
func SupportLine(lang, support string) string {
	text, ok := supportLabel(support)
	if !ok {
		return ""
	}
	phrase, found := supportPhrases[phraseCode(lang)]
	if !found {
		phrase = supportPhrases["en"]
	}
	return fmt.Sprintf(phrase, supportLink(text, support))
}

// supportLabel is a support link's text: the address of a mailto: link, the host and path of
// a page (its query, the thread id, left out).
func supportLabel(support string) (string, bool) {
	u, err := url.Parse(support)
	switch {
	case err != nil:
		return "", false
	case u.Scheme == "mailto" && u.Opaque != "":
		return u.Opaque, true
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
		return strings.TrimSuffix(u.Host+u.EscapedPath(), "/"), true
	}
	return "", false
}

// supportLink writes a markdown link to a checked support URL, escaping what would end its
// text or its URL early.
func supportLink(text, target string) string {
	text = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "<", `\<`, "_", `\_`, "*", `\*`).Replace(text)
	target = strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(target)
	return "[" + text + "](" + target + ")"
}
