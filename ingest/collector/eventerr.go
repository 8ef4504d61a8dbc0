package collector

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/lectern-dev/lectern/platform/web"
)

// indexEventError names the event a decoding error of a body of events is in: encoding/json
// names a field of the third event "events.results", and a reader of the 400 cannot tell which
// of a hundred events broke the rule; this finds it and names it "events[2].results". Any other
// error is returned as it is.
func indexEventError(raw []byte, err error) error {
	var we *web.Error
	if !errors.As(err, &we) || len(we.Details) != 1 || !strings.HasPrefix(we.Details[0].Field, "events.") {
		return err
	}
	var body struct {
		Events []json.RawMessage `json:"events"`
	}
	if json.Unmarshal(raw, &body) != nil {
		return err
	}
	for i, ev := range body.Events {
		var in eventIn
		var evErr *web.Error
		if errors.As(web.DecodeJSONBytes(ev, &in), &evErr) && len(evErr.Details) == 1 && evErr.Details[0].Field != "body" {
			return web.Invalid(fmt.Sprintf("events[%d].%s", i, evErr.Details[0].Field), evErr.Details[0].Message)
		}
	}
	return err
}
