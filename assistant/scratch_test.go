package assistant_test

import (
	"fmt"
	"testing"
)

func TestScratchAnswers(t *testing.T) {
	h := start(t, nil)
	for _, q := range []string{"How do I install the CLI?", "how many requests per minute can I make?", "How do I rotate API keys?", "What happens if my webhook endpoint is down?", "hello", "Can I delete a widget?", "Does Acme support SAML single sign-on?"} {
		parts := checkReply(t, h.post("acme", ask(q)))
		fmt.Printf("=== %s\n%s\n\n", q, text(t, parts))
	}
}
