// Package openaiapi holds what the clients of OpenAI-compatible servers (chat completions,
// embeddings) share: the check of their configured endpoint.
package openaiapi

import (
	"fmt"
	"net/url"
)

// CheckEndpoint checks a configured API root and model name: the root, when set, must be an
// http or https URL and needs a model. prefix names the flags ("llm" for --llm-base-url and
// --llm-model).
func CheckEndpoint(prefix, baseURL, model string) []error {
	if baseURL == "" {
		return nil
	}
	var errs []error
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("%s-base-url %q: want an http or https URL such as http://127.0.0.1:11434/v1", prefix, baseURL))
	}
	if model == "" {
		errs = append(errs, fmt.Errorf("%s-base-url is set but %s-model is empty: name the model to use", prefix, prefix))
	}
	return errs
}
