package web

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// ReadBody returns the request body, decoded, in at most limit bytes of memory whatever the
// encoding: identity, or one layer of gzip read through a capped reader (413 past the limit).
// Any other Content-Encoding, stacked ones included, is a 415. It never calls c.Body(), which
// inflates every layer with no cap: a few kilobytes of nested gzip would become gigabytes.
func ReadBody(c *fiber.Ctx, limit int) ([]byte, error) {
	raw := c.Request().Body() // the bytes as sent, bounded by the server's body limit
	enc := strings.ToLower(strings.TrimSpace(c.Get(fiber.HeaderContentEncoding)))
	switch enc {
	case "", "identity":
		if len(raw) > limit {
			return nil, tooLarge(limit)
		}
		return raw, nil
	case "gzip", "x-gzip":
		return gunzip(raw, limit)
	}
	return nil, Errorf(fiber.StatusUnsupportedMediaType, "Content-Encoding %q is not accepted: send identity or one layer of gzip", enc)
}

func gunzip(raw []byte, limit int) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, Invalid("body", "Content-Encoding is gzip but the body is not gzip data: "+err.Error())
	}
	zr.Multistream(false)
	out, err := io.ReadAll(io.LimitReader(zr, int64(limit)+1))
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, Invalid("body", "the gzip body is corrupt: "+err.Error())
	}
	if len(out) > limit {
		return nil, tooLarge(limit)
	}
	return out, nil
}

func tooLarge(limit int) error {
	e := Errorf(fiber.StatusRequestEntityTooLarge, "the body is larger than %s once decoded", byteSize(limit))
	e.Details[0].Field = "body"
	return e
}

func byteSize(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	if n >= 1<<10 && n%(1<<10) == 0 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// bodyLimit is the app's configured body limit (Fiber's default when unset).
func bodyLimit(c *fiber.Ctx) int {
	if n := c.App().Config().BodyLimit; n > 0 {
		return n
	}
	return fiber.DefaultBodyLimit
}
