package collector

import (
	"net/mail"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// Field length limits of a feedback record, in characters.
const (
	maxPath     = 2048
	maxComment  = 10000
	maxContact  = 254
	maxCode     = 100000
	maxFilename = 512
	maxLang     = 64
	maxFP       = 256
)

// feedbackRequest is the body of POST /discovery/v1/feedback/{domain}.
type feedbackRequest struct {
	Path     string  `json:"path"`
	Source   string  `json:"source"`
	Comment  string  `json:"comment"`
	Helpful  *bool   `json:"helpful"`
	Contact  string  `json:"contact"`
	Code     *string `json:"code"`
	Filename string  `json:"filename"`
	Lang     string  `json:"lang"`
	FP       string  `json:"fp"`
	ThreadID string  `json:"threadId"`
}

func (c *Collector) postFeedback(ctx *fiber.Ctx) error {
	site, err := c.sites.Domain(ctx.Params("domain"))
	if err != nil {
		return err
	}
	var req feedbackRequest
	if err := web.DecodeJSON(ctx, &req); err != nil {
		return err
	}
	if details := req.validate(); len(details) > 0 {
		return web.InvalidAll(details)
	}
	id := ulid.Make()
	created := ulid.Time(id.Time()).UTC()
	f := req.record(id.String(), site.Project, site.Domain)
	f.CreatedAt, f.UpdatedAt = created, created
	if err := c.pub.Publish(ctx.UserContext(), site.Project, event.TypeFeedback, f.EventID, f); err != nil {
		return err
	}
	c.received.WithLabelValues(string(event.TypeFeedback)).Inc()
	return ctx.Status(fiber.StatusAccepted).JSON(fiber.Map{"id": f.ID})
}

// record builds the new feedback record the request describes.
func (r *feedbackRequest) record(id, project, domain string) event.Feedback {
	f := event.Feedback{
		EventID: id, ID: id, ProjectID: project, Domain: domain,
		Path: r.Path, Comment: r.Comment, Source: event.Source(r.Source),
		Status: event.StatusPending, Helpful: r.Helpful, Contact: r.Contact,
		Filename: r.Filename, Lang: r.Lang, FP: r.FP, ThreadID: r.ThreadID,
	}
	if r.Code != nil {
		f.Code = *r.Code
	}
	return f
}

// validate returns every problem with the request.
func (r *feedbackRequest) validate() []web.Detail {
	var d []web.Detail
	add := func(field, msg string) { d = append(d, web.Detail{Field: field, Message: msg}) }
	switch {
	case strings.TrimSpace(r.Path) == "":
		add("path", "is required: the documentation path the feedback is about, e.g. /quickstart")
	case utf8.RuneCountInString(r.Path) > maxPath:
		add("path", "must be at most 2048 characters")
	default:
		p, err := event.PagePath(r.Path)
		if err != nil {
			add("path", err.Error())
		}
		r.Path = event.CanonicalPath(p) // one page, however its URL was written; a fragment kept
	}
	maxLen(add, "comment", r.Comment, maxComment)
	maxLen(add, "fp", r.FP, maxFP)
	if r.ThreadID != "" && !event.ValidThreadID(r.ThreadID) {
		add("threadId", "must be the id of an assistant thread (thr_ and a ULID), as the X-Thread-Id header of a reply names it")
	}
	if r.Contact != "" && !validEmail(r.Contact) {
		add("contact", "must be an e-mail address such as reader@example.com")
	}
	switch event.Source(r.Source) {
	case event.SourceContextual:
		r.validateContextual(add)
	case event.SourceCodeSnippet:
		r.validateCodeSnippet(add)
	case event.SourceThumbsOnly:
		r.validateThumbsOnly(add)
	case event.SourceAgent:
		r.validateAgent(add)
	case "":
		add("source", "is required: one of contextual, code_snippet, thumbs_only, agent")
	default:
		add("source", "must be one of contextual, code_snippet, thumbs_only, agent")
	}
	return d
}

func (r *feedbackRequest) validateContextual(add func(string, string)) {
	if r.Helpful == nil {
		add("helpful", "is required for contextual feedback: true or false")
	}
	if r.Code != nil || r.Filename != "" || r.Lang != "" {
		add("code", "code, filename and lang apply only to code_snippet feedback")
	}
}

// validateThumbsOnly: a bare yes/no on a page or an assistant answer.
func (r *feedbackRequest) validateThumbsOnly(add func(string, string)) {
	if r.Helpful == nil {
		add("helpful", "is required for thumbs_only feedback: true or false")
	}
	if r.Comment != "" || r.Contact != "" {
		add("comment", "thumbs_only feedback is a bare yes or no: send a comment or contact as contextual feedback")
	}
	if r.Code != nil || r.Filename != "" || r.Lang != "" {
		add("code", "code, filename and lang apply only to code_snippet feedback")
	}
}

// validateAgent: feedback an AI agent sends through the API; it says something.
func (r *feedbackRequest) validateAgent(add func(string, string)) {
	if r.Helpful == nil && strings.TrimSpace(r.Comment) == "" {
		add("comment", "agent feedback needs a comment, helpful, or both")
	}
	if r.Code != nil || r.Filename != "" || r.Lang != "" {
		add("code", "code, filename and lang apply only to code_snippet feedback")
	}
}

func (r *feedbackRequest) validateCodeSnippet(add func(string, string)) {
	if r.Code == nil || *r.Code == "" {
		add("code", "is required for code_snippet feedback: the snippet the feedback is about")
	} else {
		maxLen(add, "code", *r.Code, maxCode)
	}
	maxLen(add, "filename", r.Filename, maxFilename)
	maxLen(add, "lang", r.Lang, maxLang)
	if r.Helpful != nil {
		add("helpful", "applies only to contextual feedback")
	}
}

func maxLen(add func(string, string), field, v string, n int) {
	if utf8.RuneCountInString(v) > n {
		add(field, "must be at most "+strconv.Itoa(n)+" characters")
	}
}

func validEmail(s string) bool {
	if len(s) > maxContact {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && a.Name == ""
}
