package collector

import (
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// statusRequest is the body of a feedback record's PATCH: a new status, the team's internal
// note ("" clears it), or both.
type statusRequest struct {
	Status *string `json:"status"`
	Note   *string `json:"note"`
}

// check returns the problems of the body, each naming its field.
func (r *statusRequest) check() []web.Detail {
	var d []web.Detail
	if r.Status == nil && r.Note == nil {
		d = append(d, web.Detail{Field: "status", Message: "is required unless note is given: one of pending, in_progress, resolved, dismissed"})
	}
	if r.Status != nil && !event.Status(*r.Status).Valid() {
		d = append(d, web.Detail{Field: "status", Message: "must be one of pending, in_progress, resolved, dismissed"})
	}
	if r.Note != nil && (utf8.RuneCountInString(*r.Note) > event.MaxNoteChars || !utf8.ValidString(*r.Note)) {
		d = append(d, web.Detail{Field: "note", Message: fmt.Sprintf("must be text of at most %d characters", event.MaxNoteChars)})
	}
	return d
}

func (c *Collector) patchStatus(ctx *fiber.Ctx) error {
	project := ctx.Params("projectId")
	parsed, err := ulid.ParseStrict(ctx.Params("id"))
	if err != nil {
		return web.Invalid("id", "must be a feedback id (a 26-character ULID)")
	}
	id := parsed.String() // ids are stored in upper case
	var req statusRequest
	if err := web.DecodeJSON(ctx, &req); err != nil {
		return err
	}
	if d := req.check(); len(d) > 0 {
		return web.InvalidAll(d)
	}
	f, err := c.reader.GetFeedback(ctx.UserContext(), project, id)
	if err != nil {
		return err
	}
	eventID := ulid.Make()
	f.EventID = eventID.String()
	if req.Status != nil {
		f.Status = event.Status(*req.Status)
	}
	if req.Note != nil {
		f.Note = *req.Note
	}
	f.UpdatedAt = laterOf(ulid.Time(eventID.Time()).UTC(), f.UpdatedAt.Add(time.Millisecond))
	if err := c.pub.Publish(ctx.UserContext(), project, event.TypeFeedback, f.EventID, f); err != nil {
		return err
	}
	c.received.WithLabelValues("feedback_status").Inc()
	body := fiber.Map{"id": f.ID, "status": f.Status, "updatedAt": event.FormatTime(f.UpdatedAt)}
	if f.Note != "" {
		body["note"] = f.Note
	}
	return ctx.Status(fiber.StatusAccepted).JSON(body)
}

// laterOf returns the later of two times, so a record's versions always move forward.
func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
