package agents

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// serverVersion is the version the MCP server and its cards report.
const serverVersion = "1.0.0"

// call is what a tool needs of the HTTP request that carried it.
type call struct {
	site          sites.Site
	state         *siteState
	base          string // the site's public root URL as this client reaches it
	who           reader
	client        string // clientInfo of the MCP initialize request, from the session id
	clientVersion string
	route         bool // a request to the feedback route, not an MCP tool call
}

type callKey struct{}

func callOf(ctx context.Context) *call {
	c, _ := ctx.Value(callKey{}).(*call)
	return c
}

// serveMCP answers the Streamable HTTP transport on Fiber: the request goes to the SDK's
// handler as a net/http request, with the site and the reader in its context.
func (s *Service) serveMCP(c *fiber.Ctx) error {
	site, err := s.sites.Domain(c.Params("domain"))
	if err != nil {
		return err
	}
	// The site's pages are enough: initialize, tools/list, the filesystem tool and the skills
	// read them; the search tool alone needs the index and says so while it is built.
	st, err := s.state(site.Domain)
	if err != nil {
		return err
	}
	var r http.Request
	if err := fasthttpadaptor.ConvertRequest(c.Context(), &r, true); err != nil {
		return web.Errorf(fiber.StatusBadRequest, "malformed request: %v", err)
	}
	cl := &call{site: site, state: st, base: s.baseURL(c, site),
		who: reader{addr: s.guard.ClientAddr(c), userAgent: strings.Clone(c.Get(fiber.HeaderUserAgent))}}
	cl.client, cl.clientVersion = parseSessionID(c.Get(sessionHeader))
	w := &responseWriter{header: http.Header{}}
	if c.Method() == fiber.MethodPost {
		if name, version, ok := initializeClient(c.Body()); ok {
			w.header.Set(sessionHeader, newSessionID(name, version))
		}
	}
	s.mcp.ServeHTTP(w, r.WithContext(context.WithValue(c.UserContext(), callKey{}, cl)))
	return w.send(c)
}

// server is the SDK's getServer: the MCP server of the request's site, built once per load of
// its docs (its tools' parameters and its skill resources follow the docs).
func (s *Service) server(r *http.Request) *mcp.Server {
	cl := callOf(r.Context())
	if cl == nil {
		return nil
	}
	st := cl.state
	st.srvOnce.Do(func() { st.server = s.newServer(st, cl) })
	return st.server
}

// newServer builds a site's MCP server: the three tools and its skills as resources (its
// own, else the generated one, whose links follow the base URL of each call reading it).
func (s *Service) newServer(st *siteState, first *call) *mcp.Server {
	skills := st.skillsAt(first.site, first.base) // names and descriptions; the text follows each call's base
	caps := &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}}
	if len(skills) > 0 {
		caps.Resources = &mcp.ResourceCapabilities{}
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: st.domain + "-docs", Title: docsName(st.name), Version: serverVersion},
		&mcp.ServerOptions{Capabilities: caps, Logger: s.logger.With("part", "mcp"),
			Instructions: "Search and read the " + docsName(st.name) + ": search finds the sections that answer a question, " +
				"query_docs_filesystem reads whole pages as Markdown (cat, grep, head), submit_feedback reports a page that is wrong or unclear."})
	for _, t := range st.tools {
		switch t.Name {
		case ToolSearch:
			srv.AddTool(t, typed(s.searchTool))
		case ToolFilesystem:
			srv.AddTool(t, typed(s.filesystemTool))
		case ToolFeedback:
			srv.AddTool(t, typed(s.feedbackTool))
		}
	}
	own := len(st.snap.Catalog.Skills) > 0
	for _, sk := range skills {
		r := &mcp.Resource{URI: skillURI(sk.Name), Name: sk.Name, Title: sk.Name, Description: sk.Description, MIMEType: "text/markdown"}
		if own { // the generated file's size depends on the base URL it links
			r.Size = int64(len(sk.Content))
		}
		srv.AddResource(r, skillReader(st, sk.Name))
	}
	return srv
}

// skillURI is the MCP resource URI of a skill.
func skillURI(name string) string { return "skill://" + name + "/SKILL.md" }

func skillReader(st *siteState, name string) mcp.ResourceHandler {
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		cl := callOf(ctx)
		if cl == nil {
			return nil, errNoSite
		}
		for _, sk := range st.skillsAt(cl.site, cl.base) {
			if sk.Name == name {
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/markdown", Text: sk.Content}}}, nil
			}
		}
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
}

// sessionHeader carries the session id of the Streamable HTTP transport.
const sessionHeader = "Mcp-Session-Id"

// Sessions hold no state here: every request is answered on its own, by any replica. The id
// given at initialize carries the client's name and version (clientInfo), which the analytics
// events of later calls report: "lmcp1.{name}.{version}.{random}", the name and version
// base64url-encoded. Clients of the 2026-07-28 protocol send clientInfo with every request.
const sessionPrefix = "lmcp1."

// Bounds of the client name and version kept from clientInfo.
const (
	maxClientName    = 100
	maxClientVersion = 50
)

func newSessionID(name, version string) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	enc := base64.RawURLEncoding
	return sessionPrefix + enc.EncodeToString([]byte(name)) + "." + enc.EncodeToString([]byte(version)) + "." + hex.EncodeToString(b[:])
}

// parseSessionID reads the client's name and version back from a session id; a session id
// this server did not make yields none.
func parseSessionID(id string) (name, version string) {
	rest, ok := strings.CutPrefix(id, sessionPrefix)
	parts := strings.Split(rest, ".")
	if !ok || len(parts) != 3 || len(id) > 512 {
		return "", ""
	}
	n, err1 := base64.RawURLEncoding.DecodeString(parts[0])
	v, err2 := base64.RawURLEncoding.DecodeString(parts[1])
	if err1 != nil || err2 != nil {
		return "", ""
	}
	return clip(string(n), maxClientName), clip(string(v), maxClientVersion)
}

// initializeClient finds an initialize request in a POST body (one message or a batch) and
// returns its clientInfo.
func initializeClient(body []byte) (name, version string, ok bool) {
	type message struct {
		Method string `json:"method"`
		Params struct {
			ClientInfo struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"clientInfo"`
		} `json:"params"`
	}
	if !bytes.Contains(body, []byte(`"initialize"`)) {
		return "", "", false
	}
	var msgs []message
	if t := bytes.TrimSpace(body); len(t) > 0 && t[0] == '[' {
		if json.Unmarshal(t, &msgs) != nil {
			return "", "", false
		}
	} else {
		var m message
		if json.Unmarshal(t, &m) != nil {
			return "", "", false
		}
		msgs = []message{m}
	}
	for _, m := range msgs {
		if m.Method == "initialize" {
			ci := m.Params.ClientInfo
			return clip(ci.Name, maxClientName), clip(ci.Version, maxClientVersion), true
		}
	}
	return "", "", false
}

// clip keeps at most n characters of s, on one line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// responseWriter collects the SDK's answer, which Fiber then sends. Responses are JSON
// (StreamableHTTPOptions.JSONResponse): nothing streams.
type responseWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *responseWriter) Header() http.Header { return w.header }

func (w *responseWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *responseWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

func (w *responseWriter) Flush() {}

// send writes the collected answer to Fiber's response; the transport's plain-text HTTP
// errors (a wrong Accept or Content-Type, a GET for a stream this server does not hold) get
// the JSON error envelope of every route.
func (w *responseWriter) send(c *fiber.Ctx) error {
	if w.status >= 400 && !strings.HasPrefix(w.header.Get("Content-Type"), "application/json") {
		if allow := w.header.Get("Allow"); allow != "" {
			c.Set(fiber.HeaderAllow, allow)
		}
		return web.Errorf(w.status, "%s", strings.TrimSpace(w.body.String()))
	}
	for k, vs := range w.header {
		for _, v := range vs {
			c.Response().Header.Add(k, v)
		}
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	c.Status(w.status)
	return c.Send(w.body.Bytes())
}
