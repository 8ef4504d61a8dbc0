package clickhouse

import (
	"errors"
	"sync"
)

// parallel runs fns at once, each on its own connection of the pool, and returns their errors
// joined. A read made of independent queries takes as long as the slowest of them rather than
// their sum; each fn writes only what it owns.
func parallel(fns ...func() error) error {
	errs := make([]error, len(fns))
	var wg sync.WaitGroup
	for i, fn := range fns {
		wg.Go(func() { errs[i] = fn() })
	}
	wg.Wait()
	return errors.Join(errs...)
}
