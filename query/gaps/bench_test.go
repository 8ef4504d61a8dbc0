package gaps_test

import (
	"strconv"
	"testing"

	"github.com/lectern-dev/lectern/query/gaps"
)

// benchTexts are 1,000 texts of a multilingual site: readers' ways of asking in ten languages
// and English, each with a number, as queries that differ by a version or an error code do.
func benchTexts() []string {
	base := []string{
		"how do i set a custom domain", "custom domain not working", "verify webhook signature", "rate limits per key",
		"如何重置密码", "忘记密码怎么办", "怎么创建api密钥", "パスワードをリセットする方法", "apiキーが無効です",
		"비밀번호를 재설정하는 방법", "api 키 발급 방법", "पासवर्ड कैसे रीसेट करें", "एपीआई कुंजी कैसे बनाएं",
		"كيف أعيد تعيين كلمة المرور", "مفتاح api غير صالح", "как сбросить пароль", "wie setze ich mein passwort zurück?",
		"comment changer mon mot de passe ?", "¿cómo restablecer la contraseña?", "como redefinir a senha",
	}
	out := make([]string, 0, 1000)
	for i := 0; len(out) < 1000; i++ {
		out = append(out, base[i%len(base)]+" "+strconv.Itoa(i/len(base)))
	}
	return out
}

func BenchmarkCluster(b *testing.B) {
	texts := benchTexts()
	b.ReportAllocs()
	for b.Loop() {
		gaps.Cluster(texts)
	}
}
