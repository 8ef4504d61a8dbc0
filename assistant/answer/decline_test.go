package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestDeclineNamesClosestPages: when no source answers, the reply still says so first, then
// names the pages that come closest (the sources holding a word of the question, in the
// search's order, one per page, at most three) as links in the lead's form, quoting nothing;
// with no such source it is the bare decline. It stays unanswered and cites nothing, and a
// message without a question still gets the greeting.
func TestDeclineNamesClosestPages(t *testing.T) {
	const (
		notFound = "I could not find anything in the documentation that answers this, so I will not guess.\n\n"
		rephrase = "Try rephrasing the question with the words the docs use, or ask about a specific feature or page."
		closest  = "These pages come closest:\n\n"
	)
	revoke := answer.Source{Title: "Authentication", Section: "Revoke a key", Path: "/authentication", URL: "/authentication#revoke-a-key",
		Text: "Revoked keys stop working within one minute."}
	limitsES := answer.Source{Title: "Límites de uso", Path: "/es/limits", URL: "/es/limits", Match: 0.3,
		Text: "Cada clave puede hacer 100 solicitudes por minuto."}
	signES := answer.Source{Title: "Webhooks", Path: "/es/webhooks", URL: "/es/webhooks", Match: 0.2,
		Text: "Firma cada petición con tu secreto."}
	tests := []struct {
		name, lang, question string
		sources              []answer.Source
		want                 string
	}{
		{"the pages holding a word of the question, in the search's order", "", "rotate the signing secret with terraform",
			[]answer.Source{withMatch(limits, 0.2), withMatch(verify, 0.3), withMatch(rotate, 0.3)},
			notFound + closest + "- [Webhooks › Verify webhook signatures](/webhooks#verify-webhook-signatures)\n" +
				"- [Authentication › Rotate an API key](/authentication#rotate-an-api-key)\n\n" + rephrase},
		{"without the search's Match", "en", "rotate the signing secret with terraform",
			[]answer.Source{limits, verify, rotate},
			notFound + closest + "- [Webhooks › Verify webhook signatures](/webhooks#verify-webhook-signatures)\n" +
				"- [Authentication › Rotate an API key](/authentication#rotate-an-api-key)\n\n" + rephrase},
		{"one link a page, three at most", "", "key webhooks limits cli in kubernetes",
			[]answer.Source{withMatch(rotate, 0.2), withMatch(revoke, 0.2), withMatch(verify, 0.2), withMatch(limits, 0.3), withMatch(install, 0.2)},
			notFound + closest + "- [Authentication › Rotate an API key](/authentication#rotate-an-api-key)\n" +
				"- [Webhooks › Verify webhook signatures](/webhooks#verify-webhook-signatures)\n- [Rate limits](/rate-limits)\n\n" + rephrase},
		{"no source holds a word of the question: the bare decline", "", "quantum teleportation pricing",
			[]answer.Source{withMatch(verify, 0.2), withMatch(rotate, 0.2)}, notFound + rephrase},
		{"no sources", "", "quantum teleportation pricing", nil, notFound + rephrase},
		{"in the scope's language", "es", "¿Cuál es el límite de solicitudes en Terraform?",
			[]answer.Source{signES, limitsES},
			"No encontré nada en la documentación que responda a esto, así que no voy a adivinar.\n\n" +
				"Estas son las páginas que más se acercan:\n\n- [Límites de uso](/es/limits)\n\n" +
				"Prueba a reformular la pregunta con las palabras que usa la documentación, o pregunta por una función o página concreta."},
		{"a greeting is no decline", "", "Hello!", []answer.Source{verify, rotate},
			"I answer questions about this documentation. What would you like to know?"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, _, a := generate(t, answer.Prompt{Question: tc.question, Sources: tc.sources, Language: tc.lang})
			if text != tc.want {
				t.Errorf("reply\n%s\nwant\n%s", text, tc.want)
			}
			if a.Resolution != event.Unanswered || len(a.Cited) != 0 {
				t.Errorf("resolution %s, cited %v: want unanswered, citing nothing", a.Resolution, citedPaths(a))
			}
			if strings.Contains(text, "> ") {
				t.Errorf("reply %q quotes a passage", text)
			}
		})
	}
}

// TestDeclineTellsSameTitledPagesApart: pages the declined reply names that share a title are
// told apart by the navigation group each is in, the last of its breadcrumbs, as a search box
// shows it beside the title. WuKongIM's docs (WuKongIM/WuKongIMDocs@9af4d74) title the upgrade
// guide of each way to deploy "版本升级"; asked "升级的时候会不会丢数据？", the reply named
// three links that read the same, [版本升级], [版本升级] and [版本升级 › 说明].
func TestDeclineTellsSameTitledPagesApart(t *testing.T) {
	// The search's sources for the question, as the assistant's search step returned them.
	docker := answer.Source{Title: "版本升级", Path: "/zh/installation/docker/upgrade", URL: "/zh/installation/docker/upgrade",
		Breadcrumbs: []string{"快速开始", "安装配置", "Docker部署（推荐）"}, Text: "WuKongIM Docker 部署的版本升级指南\n\nWuKongIM 支持平滑升级，确保服务的连续性和数据安全。"}
	k8s := answer.Source{Title: "版本升级", Path: "/zh/installation/k8s/upgrade", URL: "/zh/installation/k8s/upgrade",
		Breadcrumbs: []string{"快速开始", "安装配置", "Kubernetes部署（beta）"}, Text: "WuKongIM Kubernetes 部署的版本升级指南\n\nWuKongIM 支持在 Kubernetes 环境中进行版本升级。"}
	linux := answer.Source{Title: "版本升级", Section: "说明", Path: "/zh/installation/linux/upgrade", URL: "/zh/installation/linux/upgrade#说明",
		Breadcrumbs: []string{"快速开始", "安装配置", "Linux部署"}, Text: "WuKongIM的版本号规则为 `主版本号.次版本号.修订号`，例如 `1.0.0`。当修订号增加时，表示有bug修复或者小功能更新；当次版本号增加时，表示有新功能加入；当主版本号增加时，表示有不兼容的API变动。\n\n所以只要不升级大版本，升级过程都是平滑的。"}
	single := answer.Source{Title: "单节点部署", Section: "备份数据", Path: "/zh/installation/k8s/single-node", URL: "/zh/installation/k8s/single-node#备份数据",
		Breadcrumbs: []string{"快速开始", "安装配置", "Kubernetes部署（beta）"}, Text: "```bash\n# 创建数据快照\nkubectl exec -n wukongim deployment/wkim-wukongim -- \\\n  tar czf /tmp/backup-$(date +%Y%m%d).tar.gz /data\n```"}
	sameGroup := k8s // a page of the same title in the same group: nothing tells it apart
	sameGroup.Path, sameGroup.URL = "/zh/installation/k8s/upgrade-v2", "/zh/installation/k8s/upgrade-v2"
	tests := []struct {
		name    string
		sources []answer.Source
		want    []string
	}{
		{"three pages of one title in three groups", []answer.Source{docker, k8s, linux, single},
			[]string{"- [Docker部署（推荐） › 版本升级](/zh/installation/docker/upgrade)\n", "- [Kubernetes部署（beta） › 版本升级](/zh/installation/k8s/upgrade)\n",
				"- [Linux部署 › 版本升级 › 说明](/zh/installation/linux/upgrade#说明)\n"}},
		{"titles that differ stay as they are", []answer.Source{single, docker},
			[]string{"- [单节点部署 › 备份数据](/zh/installation/k8s/single-node#备份数据)\n", "- [版本升级](/zh/installation/docker/upgrade)\n"}},
		{"one title in one group: the group tells nothing", []answer.Source{k8s, sameGroup},
			[]string{"- [版本升级](/zh/installation/k8s/upgrade)\n", "- [版本升级](/zh/installation/k8s/upgrade-v2)\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, _, a := generate(t, answer.Prompt{Question: "升级的时候会不会丢数据？", Sources: tc.sources, Language: "zh"})
			if a.Resolution != event.Unanswered {
				t.Fatalf("resolution %s, want unanswered:\n%s", a.Resolution, text)
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("no %q in\n%s", w, text)
				}
			}
		})
	}
}
