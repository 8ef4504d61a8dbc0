// Package fault classifies the sentinel errors of the domain packages (keys, sites, store,
// bus) by what went wrong, so that the HTTP edge can map them to statuses without importing
// the packages that define them. It imports nothing of Lectern and nothing outside the
// standard library: every package may depend on it.
package fault

import "errors"

// Kind is a class of failure.
type Kind uint8

// Kinds of failure. The HTTP edge (platform/web) maps each to one status.
const (
	None         Kind = iota // not a classified failure
	Unauthorized             // no usable credentials: missing, malformed, unknown or expired
	Forbidden                // credentials valid, but not for this resource
	NotFound                 // the record, site or project does not exist
	Unavailable              // a dependency (store, bus) cannot be reached; retrying may work
)

// Sentinel is a classified sentinel error; compare with errors.Is as with errors.New.
type Sentinel struct {
	kind Kind
	msg  string
}

// New returns a sentinel error of kind with message msg.
func New(kind Kind, msg string) *Sentinel { return &Sentinel{kind: kind, msg: msg} }

func (s *Sentinel) Error() string { return s.msg }

// Kind returns the sentinel's kind.
func (s *Sentinel) Kind() Kind { return s.kind }

// Of returns the first sentinel in err's chain, or nil when there is none.
func Of(err error) *Sentinel {
	var s *Sentinel
	if errors.As(err, &s) {
		return s
	}
	return nil
}
