package web

import (
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"
)

// SingleQuery rejects a request that repeats a query parameter (status=a&status=b) with a 400
// naming it, rather than silently reading only the first value. Mount it on routes whose
// parameters each take one value.
func SingleQuery(c *fiber.Ctx) error {
	seen := map[string]bool{}
	var details []Detail
	c.Context().QueryArgs().VisitAll(func(k, _ []byte) {
		name := string(k)
		if seen[name] {
			if len(details) < 20 && !repeated(details, name) {
				details = append(details, Detail{Field: utils.CopyString(name),
					Message: "given more than once; give it once (one value per parameter)"})
			}
			return
		}
		seen[name] = true
	})
	if len(details) > 0 {
		return InvalidAll(details)
	}
	return c.Next()
}

func repeated(details []Detail, name string) bool {
	for _, d := range details {
		if d.Field == name {
			return true
		}
	}
	return false
}
