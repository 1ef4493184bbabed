// Package retry runs an operation again after transient failures, waiting an
// exponentially growing, randomly jittered delay between attempts. Used by the
// route-optimisation service, which calls the Google Maps API.
package retry

import (
	"context"
	"errors"
	"math/rand"
	"net/http"
	"time"
)

// StatusError carries the HTTP status of a failed call.
type StatusError struct{ Status int }

func (e *StatusError) Error() string { return http.StatusText(e.Status) }

// Retryable reports whether another attempt may succeed.
func Retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status >= 500
	}
	return !errors.Is(err, context.Canceled)
}

// Do calls op up to attempts times, with full-jitter exponential backoff.
func Do(ctx context.Context, attempts int, base, max time.Duration, op func(context.Context) error) error {
	var err error
	for attempt := 1; attempt <= attempts; attempt++ {
		if err = op(ctx); err == nil || !Retryable(err) {
			return err
		}
		if attempt == attempts {
			break
		}
		limit := base << (attempt - 1)
		if limit > max || limit <= 0 {
			limit = max
		}
		delay := time.Duration(rand.Int63n(int64(limit) + 1))
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
	return err
}
