package main

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// The content gaps of a site read in ten languages, end to end through a whole lectern all:
// readers' searches that found nothing and assistant questions left unanswered, several ways
// of asking one thing in each language, go onto the bus; the gaps route groups each language's
// ways into one topic, named by the word as its readers write it.
func TestGapsLanguagesSQLite(t *testing.T) { testGapsLanguages(t, "sqlite") }

func TestGapsLanguagesClickHouse(t *testing.T) { testGapsLanguages(t, "clickhouse") }

// gapsLanguagesTexts are each language's searches (found nothing) and questions (unanswered),
// by the topic key the route should give them.
var gapsLanguagesTexts = []struct {
	key       string
	searches  []string
	questions []string
}{
	{"密码", []string{"重置密码", "忘记密码"}, []string{"如何重置密码？"}},
	{"パスワード", []string{"パスワード リセット"}, []string{"パスワードを忘れました", "パスワードを再設定する方法は？"}},
	{"비밀번호", []string{"비밀번호 재설정"}, []string{"비밀번호를 잊어버렸어요", "비밀번호를 어떻게 변경하나요?"}},
	{"पासवर्ड", []string{"पासवर्ड रीसेट"}, []string{"पासवर्ड कैसे बदलें?", "मेरा पासवर्ड काम नहीं कर रहा"}},
	{"كلمة", []string{"إعادة تعيين كلمة المرور"}, []string{"كيف أغير كلمة المرور؟", "نسيت كلمة المرور"}},
	{"пароль", []string{"сбросить пароль"}, []string{"Как изменить пароль?", "Забыл пароль"}},
	{"Passwort", []string{"Passwort zurücksetzen"}, []string{"Wie ändere ich mein Passwort?", "Passwort vergessen"}},
	{"mot", []string{"comment réinitialiser mon mot de passe"}, []string{"Comment changer mon mot de passe ?"}}, // not "mot de passe oublié": read as Norwegian (mot, de), see content-gaps.mdx
	{"contraseña", []string{"restablecer contraseña"}, []string{"¿Cómo cambio mi contraseña?", "olvidé mi contraseña"}},
	{"senha", []string{"redefinir senha"}, []string{"Como altero minha senha?", "esqueci a senha"}},
}

func testGapsLanguages(t *testing.T, store string) {
	l := startLectern(t, testConfig(t, store))
	day := time.Now().UTC().Truncate(24 * time.Hour).Add(-24 * time.Hour)
	publishGapsLanguages(t, l, day.Add(9*time.Hour))
	want := map[string][]string{}
	for _, tc := range gapsLanguagesTexts {
		for _, q := range append(append([]string{}, tc.searches...), tc.questions...) {
			want[tc.key] = append(want[tc.key], strings.Join(strings.Fields(q), " ")) // as written
		}
	}
	var page struct {
		Gaps []struct {
			Kind, Key string
			Queries   []struct{ Text string }
		}
	}
	eventually.Succeeds(t, 30*time.Second, func() error { // until every signal is stored
		page.Gaps = nil
		get(t, l, "gaps"+engagementRange(day)+"&kind=topic&limit=100", &page)
		got := map[string][]string{}
		for _, g := range page.Gaps {
			for _, q := range g.Queries {
				got[g.Key] = append(got[g.Key], q.Text)
			}
		}
		for k := range got {
			slices.Sort(got[k])
		}
		for k := range want {
			slices.Sort(want[k])
		}
		if !reflect.DeepEqual(got, want) {
			return fmt.Errorf("topics\n %q\nwant\n %q", got, want)
		}
		return nil
	})
}

// publishGapsLanguages puts gapsLanguagesTexts on the bus: each search once, found nothing, by
// a reader; each question once, unanswered, in a thread of its own.
func publishGapsLanguages(t *testing.T, l *testLectern, t0 time.Time) {
	t.Helper()
	nc, js, err := bus.Connect(l.NATSURL, "gaps-languages-test", slog.New(slog.DiscardHandler), l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub := bus.NewPublisher(js, prometheus.NewRegistry())
	ctx, m := context.Background(), 0
	at := func() time.Time { m++; return t0.Add(time.Duration(m) * time.Minute) }
	for _, tc := range gapsLanguagesTexts {
		for _, q := range tc.searches {
			ts := at()
			e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(ts), ulid.DefaultEntropy()).String(), Type: event.TypeSearch, ProjectID: "acme-prod",
				Domain: "acme", Timestamp: ts, VisitorID: "reader", Class: event.ClassHuman, UserAgent: chromeUA, Query: q, Results: 0}
			if err := pub.Publish(ctx, "acme-prod", e.Type, e.ID, e); err != nil {
				t.Fatal(err)
			}
		}
		for _, q := range tc.questions {
			ts := at()
			c := event.Conversation{ID: ulid.MustNew(ulid.Timestamp(ts), ulid.DefaultEntropy()).String(), ProjectID: "acme-prod", Domain: "acme",
				ThreadID: "thr_" + ulid.Make().String(), Timestamp: ts, Query: q, Response: "…", Sources: []event.Citation{},
				ResolutionStatus: event.Unanswered}
			if err := pub.Publish(ctx, "acme-prod", event.TypeConversation, c.ID, c); err != nil {
				t.Fatal(err)
			}
		}
	}
}
