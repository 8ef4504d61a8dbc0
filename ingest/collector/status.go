package collector

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

type statusRequest struct {
	Status string `json:"status"`
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
	status := event.Status(req.Status)
	if !status.Valid() {
		return web.Invalid("status", "must be one of pending, in_progress, resolved, dismissed")
	}
	f, err := c.reader.GetFeedback(ctx.UserContext(), project, id)
	if err != nil {
		return err
	}
	eventID := ulid.Make()
	f.EventID, f.Status = eventID.String(), status
	f.UpdatedAt = laterOf(ulid.Time(eventID.Time()).UTC(), f.UpdatedAt.Add(time.Millisecond))
	if err := c.pub.Publish(ctx.UserContext(), project, event.TypeFeedback, f.EventID, f); err != nil {
		return err
	}
	c.received.WithLabelValues("feedback_status").Inc()
	return ctx.Status(fiber.StatusAccepted).JSON(fiber.Map{"id": f.ID, "status": f.Status, "updatedAt": event.FormatTime(f.UpdatedAt)})
}

// laterOf returns the later of two times, so a record's versions always move forward.
func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
