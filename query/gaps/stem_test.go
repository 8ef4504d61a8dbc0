package gaps_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/query/gaps"
)

// TestClusterWordForms: in each language with a Snowball stemmer, the forms of one word
// (a case, a plural, a verb and its noun) meet in one topic, shown by the form most of its
// texts write; the other words a topic shows are words as its texts write them too, never a
// stem. Before stemming, each form was a topic of its own.
func TestClusterWordForms(t *testing.T) {
	type topic struct {
		key   string
		texts []string
	}
	for _, tc := range []struct {
		lang  string
		texts []string
		want  []topic
	}{
		{"ru", []string{"как сбросить пароль", "забыл пароль", "восстановление пароля", "не могу войти с паролем", "как создать api ключ", "api ключи не работают", "скачать счёт"}, []topic{
			{"пароль", []string{"как сбросить пароль", "забыл пароль", "восстановление пароля", "не могу войти с паролем"}},
			{"api", []string{"как создать api ключ", "api ключи не работают"}},
			{"скачать счёт", []string{"скачать счёт"}},
		}},
		{"de", []string{"Wie setze ich den Schlüssel zurück?", "Schlüssel rotieren", "Länge des Schlüssels", "Wo finde ich meine Rechnungen?", "Rechnung herunterladen", "Webhook Signatur prüfen"}, []topic{
			{"Schlüssel", []string{"Wie setze ich den Schlüssel zurück?", "Schlüssel rotieren", "Länge des Schlüssels"}},
			{"Rechnung", []string{"Wo finde ich meine Rechnungen?", "Rechnung herunterladen"}}, // one each: the stem, a form too
			{"Webhook Signatur prüfen", []string{"Webhook Signatur prüfen"}},
		}},
		{"es", []string{"cómo configurar el dominio", "configurar dominio personalizado", "error en la configuración del dominio", "configuraciones avanzadas de la cuenta", "eliminar la cuenta", "descargar facturas", "factura duplicada", "webhooks no llegan"}, []topic{
			{"configurar", []string{"cómo configurar el dominio", "configurar dominio personalizado", "error en la configuración del dominio", "configuraciones avanzadas de la cuenta"}},
			{"cuenta", []string{"eliminar la cuenta"}}, // its other text went with its commoner word
			{"factura", []string{"descargar facturas", "factura duplicada"}},
			{"webhooks no llegan", []string{"webhooks no llegan"}},
		}},
		{"fr", []string{"comment réinitialiser le mot de passe", "clé API invalide", "où trouver mes clés API", "générer une clé", "factures en double", "télécharger la facture", "configurer les webhooks", "configuration du domaine"}, []topic{
			{"comment réinitialiser le mot de passe", []string{"comment réinitialiser le mot de passe"}},
			{"clé", []string{"clé API invalide", "où trouver mes clés API", "générer une clé"}},
			{"facture", []string{"factures en double", "télécharger la facture"}},
			{"configuration", []string{"configurer les webhooks", "configuration du domaine"}}, // one each: the alphabetically first
		}},
		{"pt", []string{"como redefinir a senha", "esqueci minha senha", "senhas fracas", "configurar o domínio", "configuração de domínio personalizado", "baixar faturas", "fatura duplicada", "erro ao integrar"}, []topic{
			{"senha", []string{"como redefinir a senha", "esqueci minha senha", "senhas fracas"}},
			{"configurar", []string{"configurar o domínio", "configuração de domínio personalizado"}},
			{"fatura", []string{"baixar faturas", "fatura duplicada"}},
			{"erro ao integrar", []string{"erro ao integrar"}},
		}},
		{"it", []string{"scaricare le fatture", "fattura duplicata", "fatture non ricevute", "configurare il dominio", "configurazione del dominio personalizzato", "webhook non arrivano"}, []topic{
			{"fatture", []string{"scaricare le fatture", "fattura duplicata", "fatture non ricevute"}},
			{"configurare", []string{"configurare il dominio", "configurazione del dominio personalizzato"}},
			{"webhook non arrivano", []string{"webhook non arrivano"}},
		}},
		{"ar", []string{"نسيت كلمة المرور", "تغيير كلمة مرور الحساب", "الفاتورة مكررة", "تنزيل فاتورة"}, []topic{ // المرور and مرور: the article
			{"كلمة", []string{"نسيت كلمة المرور", "تغيير كلمة مرور الحساب"}},
			{"الفاتورة", []string{"الفاتورة مكررة", "تنزيل فاتورة"}},
		}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			var got []topic
			for _, tp := range gaps.Cluster(tc.texts) {
				got = append(got, topic{tp.Key, tp.Texts})
				for _, w := range tp.Terms {
					if !slices.ContainsFunc(tp.Texts, func(s string) bool { return slices.Contains(wordsOf(s), w) }) {
						t.Errorf("topic %q shows %q, which none of its texts writes", tp.Key, w)
					}
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Cluster:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// wordsOf are a text's words, lower-cased.
func wordsOf(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" ?¿.,'-", r) }) // as written: a topic shows its words so
}

// TestTermsStemmed: a word is its Snowball stem in its text's language; a text without stop
// words is read in the one language written in its script (Cyrillic: Russian), or as English
// (a Latin text alone); a loanword the stemmer leaves loses its plural "s"; a word with digits
// is not stemmed.
func TestTermsStemmed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"пароля", []string{"парол"}}, // no stop word: Russian, the one Cyrillic language here
		{"длина пароля и api ключей", []string{"длин", "парол", "api", "ключ"}}, // api: Latin, read as English
		{"die Länge des Schlüssels", []string{"lang", "schlussel"}},
		{"Passwort vergessen", []string{"passwort", "vergessen"}}, // no stop word, Latin alone: English's fold
		{"¿Cómo funcionan los webhooks?", []string{"funcion", "webhook"}},
		{"¿cómo cambio la configuración de oauth2?", []string{"cambi", "configur", "oauth2"}},
		{"the settings of the webhooks", []string{"setting", "webhook"}}, // English: plurals folded, as before
	} {
		if got := gaps.Terms(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestClusterLanguageOfABatch: a text whose stop words are in several languages' lists, or that
// has none, is read in the language the batch tells: on a Spanish site "configurar mi cuenta"
// ("mi" is Hungarian and Italian too) and "configuraciones avanzadas" (no stop word) meet
// "¿cómo cambio la configuración del dominio?"; on a multilingual one "restablecer contraseña"
// meets the Spanish questions that write "contraseña"; a site of English keywords stays
// English though one search reads as Italian ("per").
func TestClusterLanguageOfABatch(t *testing.T) {
	for _, tc := range []struct {
		name  string
		texts []string
		key   string
		first []string // the first topic's texts
	}{
		{"spanish", []string{"¿cómo cambio la configuración del dominio?", "error en la configuración", "configurar mi cuenta", "configuraciones avanzadas",
			"descargar facturas", "factura duplicada", "webhooks no llegan", "eliminar cuenta"},
			"configuración", []string{"¿cómo cambio la configuración del dominio?", "error en la configuración", "configurar mi cuenta", "configuraciones avanzadas"}},
		{"multilingual", []string{"restablecer contraseña", "¿Cómo cambio mi contraseña?", "olvidé mi contraseña", "redefinir senha", "Como altero minha senha?", "esqueci a senha",
			"Passwort zurücksetzen", "Wie ändere ich mein Passwort?", "how do I reset my password"},
			"contraseña", []string{"restablecer contraseña", "¿Cómo cambio mi contraseña?", "olvidé mi contraseña"}},
		{"english keywords", []string{"custom pages", "page missing", "api per user", "rate limits", "rate limit exceeded", "webhooks"},
			"page", []string{"custom pages", "page missing"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := gaps.Cluster(tc.texts)
			if len(got) == 0 || got[0].Key != tc.key || !reflect.DeepEqual(got[0].Texts, tc.first) {
				var keys []string
				for _, tp := range got {
					keys = append(keys, tp.Key+": "+strings.Join(tp.Texts, " | "))
				}
				t.Errorf("topics %q; want %s with %q first", keys, tc.key, tc.first)
			}
		})
	}
}
