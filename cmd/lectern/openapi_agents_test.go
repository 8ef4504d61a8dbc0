package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// contractSites is the site registry of the contract test: acme (Lectern's docs, with one
// skill, its MCP server keyed), other (the same docs, open), and multi (two skills).
func contractSites(t *testing.T) string {
	t.Helper()
	docs, err := filepath.Abs("../../docs")
	if err != nil {
		t.Fatal(err)
	}
	multi := t.TempDir()
	files := map[string]string{
		"docs.json":                     `{"name": "Multi", "navigation": {"pages": ["index"]}}`,
		"index.mdx":                     "---\ntitle: Home\n---\n\nA site with two skills.\n",
		".mintlify/skills/one/SKILL.md": "---\nname: one\ndescription: The first skill.\n---\n\nOne.\n",
		".mintlify/skills/two/SKILL.md": "---\nname: two\ndescription: The second skill.\n---\n\nTwo.\n",
	}
	for name, content := range files {
		p := filepath.Join(multi, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "lectern.yaml")
	yaml := fmt.Sprintf("sites:\n  - {domain: acme, project: acme-prod, docs: %q, mcp: key, support: {url: 'https://help.acme.test/new'}, starterQuestions: ['How do I run the tests?']}\n  - {domain: other, project: other-prod, docs: %q, agentFeedback: true}\n"+
		"  - {domain: multi, project: other-prod, docs: %q}\n", docs, docs, multi)
	if err := os.WriteFile(path, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// agentsRoutes produces every documented status of the agents' routes: the MCP server (keyed
// on acme, open on other), llms.txt and llms-full.txt, Markdown pages, the discovery
// documents and the skills.
func (c *contract) agentsRoutes(t *testing.T) {
	l := c.l
	accept := map[string]string{"Accept": "application/json, text/event-stream"}
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"contract","version":"1"}}}`
	initialized := `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	search := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"run the tests"}}}`
	big := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search","arguments":{"query":"` + strings.Repeat("x", 1<<20) + `"}}}`
	mcp := func(name, path, key string, header map[string]string, body string, status, req int) apiCall {
		return apiCall{name: name, op: "callMCP", method: "POST", path: path, key: key, header: header, body: body, status: status, req: req}
	}
	c.run(t, []apiCall{
		mcp("initialize", "/sites/acme/mcp", l.AsstKey, accept, initialize, 200, reqValid),
		mcp("tools/call", "/sites/other/mcp", "", accept, search, 200, reqValid),
		mcp("notification", "/sites/other/mcp", "", accept, initialized, 202, reqValid),
		mcp("without Accept", "/sites/other/mcp", "", nil, initialize, 400, reqInvalid),
		mcp("no key on a keyed site", "/sites/acme/mcp", "", accept, initialize, 401, reqAny),
		mcp("admin key", "/sites/acme/mcp", l.AdminKey, accept, initialize, 403, reqValid),
		mcp("unregistered domain", "/sites/ghost/mcp", "", accept, initialize, 404, reqValid),
		mcp("too large", "/sites/other/mcp", "", accept, big, 413, reqAny),
		{name: "content type", op: "callMCP", method: "POST", path: "/sites/other/mcp", header: accept, body: initialize, contentType: "text/plain", status: 415, req: reqInvalid},
		{name: "stream", op: "getMCPStream", method: "GET", path: "/sites/other/mcp", status: 405},
		{name: "stream unregistered", op: "getMCPStream", method: "GET", path: "/sites/ghost/mcp", status: 404},
		{name: "end session", op: "deleteMCPSession", method: "DELETE", path: "/sites/other/mcp", status: 405},
		{name: "end unregistered", op: "deleteMCPSession", method: "DELETE", path: "/sites/ghost/mcp", status: 404},
	})
	c.limited(t, mcp("", "/sites/other/mcp", "", accept, initialize, 0, reqValid))
	fb := func(name, path, key, body string, status, req int) apiCall {
		return apiCall{name: name, op: "postAgentFeedback", method: "POST", path: path, key: key, body: body, status: status, req: req}
	}
	report := `{"path": "/quickstart", "feedback": "The make run step does not say which port the server listens on."}`
	c.run(t, []apiCall{
		fb("a report", "/sites/other/feedback", "", report, 202, reqValid),
		fb("no feedback", "/sites/other/feedback", "", `{"path": "/quickstart"}`, 400, reqInvalid),
		fb("no such page", "/sites/other/feedback", "", `{"path": "/nope", "feedback": "x"}`, 400, reqValid),
		fb("no key on a keyed site", "/sites/acme/feedback", "", report, 401, reqAny),
		fb("admin key", "/sites/acme/feedback", l.AdminKey, report, 403, reqValid),
		fb("agent feedback off", "/sites/multi/feedback", "", report, 404, reqValid),
		fb("unregistered domain", "/sites/ghost/feedback", "", report, 404, reqValid),
		{name: "a form's content type", op: "postAgentFeedback", method: "POST", path: "/sites/other/feedback", body: report, contentType: "application/x-www-form-urlencoded", status: 415, req: reqInvalid},
		fb("too large", "/sites/other/feedback", "", `{"path": "/quickstart", "feedback": "`+strings.Repeat("x", 1<<20)+`"}`, 413, reqAny),
	})
	c.limited(t, fb("", "/sites/other/feedback", "", `{"path": "/quickstart"}`, 0, reqInvalid))
	c.limited(t, apiCall{op: "getMCPStream", method: "GET", path: "/sites/other/mcp"})
	c.limited(t, apiCall{op: "deleteMCPSession", method: "DELETE", path: "/sites/other/mcp"})
	for _, r := range []struct{ op, suffix string }{
		{"getLLMsTxt", "/llms.txt"}, {"getLLMsTxtWellKnown", "/.well-known/llms.txt"},
		{"getLLMsFullTxt", "/llms-full.txt"}, {"getLLMsFullTxtWellKnown", "/.well-known/llms-full.txt"},
		{"getMarkdownPage", "/quickstart.md"},
		{"getMCPDiscovery", "/.well-known/mcp"}, {"getMCPDiscoveryJSON", "/.well-known/mcp.json"},
		{"getMCPServerCard", "/.well-known/mcp/server-card.json"}, {"getMCPServerCards", "/.well-known/mcp/server-cards.json"},
		{"getSkill", "/skill.md"}, {"getSkillsIndex", "/.well-known/agent-skills/index.json"},
		{"getSkillFile", "/.well-known/agent-skills/lectern/SKILL.md"},
		{"getSkillsList", "/.well-known/skills/index.json"}, {"getListedSkillFile", "/.well-known/skills/lectern/skill.md"},
		{"getAgentCard", "/.well-known/agent-card.json"}, {"getAPICatalog", "/.well-known/api-catalog"},
	} {
		c.run(t, []apiCall{
			{name: r.op + " 200", op: r.op, method: "GET", path: "/sites/acme" + r.suffix, status: 200},
			{name: r.op + " malformed domain", op: r.op, method: "GET", path: "/sites/bad..domain" + r.suffix, status: 400, req: reqInvalid},
			{name: r.op + " unregistered domain", op: r.op, method: "GET", path: "/sites/ghost" + r.suffix, status: 404},
		})
		c.limited(t, apiCall{op: r.op, method: "GET", path: "/sites/acme" + r.suffix})
	}
	c.run(t, []apiCall{
		{name: "no such page", op: "getMarkdownPage", method: "GET", path: "/sites/acme/nope.md", status: 404},
		{name: "a page path too long", op: "getMarkdownPage", method: "GET", path: "/sites/acme/" + strings.Repeat("p", 2100) + ".md", status: 400, req: reqInvalid},
		{name: "several skills", op: "getSkill", method: "GET", path: "/sites/multi/skill.md", status: 302},
		{name: "no such skill", op: "getSkillFile", method: "GET", path: "/sites/acme/.well-known/agent-skills/nope/SKILL.md", status: 404},
		{name: "no such listed skill", op: "getListedSkillFile", method: "GET", path: "/sites/acme/.well-known/skills/nope/skill.md", status: 404},
	})
}
