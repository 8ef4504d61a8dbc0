package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
)

// crdProperties is the search's text of a section of Accordions and Steps, each title a
// paragraph of its own (Infisical/infisical docs, integrations/platforms/kubernetes/
// infisical-secret-crd.mdx at 01534c3).
const crdProperties = "hostAPI\n\nIf you are fetching secrets from a self-hosted instance of Infisical set the value of `hostAPI` to\n" +
	"` https://your-self-hosted-instace.com/api`\n\nWhen `hostAPI` is not defined the operator fetches secrets from Infisical Cloud.\n\n" +
	"Advanced use case\n\nIf you have installed your Infisical instance within the same cluster as the Infisical operator, you can optionally " +
	"access the Infisical backend's service directly without having to route through the public internet.\n" +
	"To achieve this, use the following address for the hostAPI field:\n\n```bash\nhttp://<backend-svc-name>.<namespace>.svc.cluster.local:4000/api\n```\n\n" +
	"resyncInterval\n\nThis property defines the time in seconds between each secret re-sync from\nInfisical. Shorter time between re-syncs will require higher rate limits only\n" +
	"available on paid plans. Default re-sync interval is every 1 minute.\n\n" +
	"authentication.kubernetesAuth\n\nThe Kubernetes machine identity authentication method is used to authenticate with Infisical.\n\n" +
	"Obtaining the token reviewer JWT for Infisical\n\n1.1. Start by creating a service account in your Kubernetes cluster that will be used by Infisical to authenticate with the Kubernetes API Server."

// TestAnswerKeepsTitlesApart: the title of an Accordion or a Step, a paragraph of its own in the
// section's text, is quoted on a line of its own, in bold, over what it titles; never run into
// the sentence after it, and never quoted without it.
func TestAnswerKeepsTitlesApart(t *testing.T) {
	tests := []struct {
		question string
		want     []string // in the quote
		notWant  []string
	}{
		{question: "operator in the same cluster as the self-hosted infisical instance",
			want:    []string{"If you have installed your Infisical instance within the same cluster"},
			notWant: []string{"case If you", "Cloud. Advanced"}},
		{question: "how do I create the token reviewer JWT for kubernetes auth",
			want:    []string{"> **Obtaining the token reviewer JWT for Infisical**\n>\n> 1.1. Start by creating a service account"},
			notWant: []string{"Infisical 1.1."}},
		{question: "what is the default resync interval of secrets",
			want:    []string{"Default re-sync interval is every 1 minute."},
			notWant: []string{"minute. authentication.kubernetesAuth", "minute.\n>\n> **authentication.kubernetesAuth**"}},
	}
	for _, tc := range tests {
		t.Run(tc.question, func(t *testing.T) {
			s := answer.Source{Title: "InfisicalSecret CRD", Section: "InfisicalSecret CRD properties", Path: "/crd", URL: "/crd#properties", Text: crdProperties}
			md, _, _ := generate(t, answer.Prompt{Question: tc.question, Sources: []answer.Source{s}})
			for _, w := range tc.want {
				if !strings.Contains(md, w) {
					t.Errorf("no %q in\n%s", w, md)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(md, w) {
					t.Errorf("%q in\n%s", w, md)
				}
			}
			if strings.HasSuffix(strings.TrimSpace(md), "**") {
				t.Errorf("the quote ends with a title:\n%s", md)
			}
		})
	}
}

// TestAnswerQuotesALineOfCode: a paragraph that is one line of code is no title: it is quoted.
func TestAnswerQuotesALineOfCode(t *testing.T) {
	s := answer.Source{Title: "Quickstart", Section: "Install", Path: "/q", URL: "/q#install",
		Text: "Install the SDK with pip:\n\n`pip install mem0ai`\n\nThen set MEM0_API_KEY in your environment."}
	md, _, _ := generate(t, answer.Prompt{Question: "how do I install the mem0 sdk with pip", Sources: []answer.Source{s}})
	if !strings.Contains(md, "`pip install mem0ai`") || strings.Contains(md, "**`pip") {
		t.Errorf("the line of code is not quoted as it is:\n%s", md)
	}
}
