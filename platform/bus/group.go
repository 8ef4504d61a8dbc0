package bus

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// maxFlights is how many messages of one lane may await their acknowledgement at once. A lane
// keeps one in flight; while it waits, new events queue, and the next message takes them all:
// the busier the lane, the more events share a store and an acknowledgement, with no timer
// adding latency when it is quiet (a lone event goes out at once, alone). Only when a whole
// message's worth is already queued does another flight start, so that a lane whose
// acknowledgements are slow (a replicated stream far away) is not capped at one message per
// round trip.
const maxFlights = 4

// laneKey names a lane: the events of one project and type.
type laneKey struct {
	project string
	t       event.Type
}

// lane queues the events of one project and type for the bus.
type lane struct {
	t                     event.Type
	subject, batchSubject string

	mu          sync.Mutex
	queue       []pending
	queuedBytes int
	flights     int
}

// pending is one encoded event waiting for the bus.
type pending struct {
	id   string
	data []byte
	w    *waiter
}

func (p *Publisher) lane(project string, t event.Type) *lane {
	k := laneKey{project, t}
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.lanes[k]
	if l == nil {
		// The lane outlives the call: its key must not be the caller's memory (a Fiber route
		// parameter is the request buffer, which the next request overwrites).
		k.project = strings.Clone(project)
		l = &lane{t: t, subject: event.Subject(project, t), batchSubject: event.BatchSubject(project, t)}
		p.lanes[k] = l
	}
	return l
}

// add queues items and starts a flight when none is out, or when a whole message waits and
// fewer than maxFlights are out.
func (l *lane) add(p *Publisher, items []pending) {
	l.mu.Lock()
	l.queue = append(l.queue, items...)
	for _, it := range items {
		l.queuedBytes += len(it.data) + 1
	}
	full := len(l.queue) >= p.cfg.GroupEvents || l.queuedBytes >= p.cfg.GroupBytes
	start := l.flights == 0 || (full && l.flights < maxFlights)
	if start {
		l.flights++
	}
	l.mu.Unlock()
	if start {
		go p.fly(l)
	}
}

// fly sends the lane's queue, a message at a time, until it is empty.
func (p *Publisher) fly(l *lane) {
	for {
		l.mu.Lock()
		batch := l.take(p.cfg)
		if len(batch) == 0 {
			l.flights--
			l.mu.Unlock()
			return
		}
		l.mu.Unlock()
		p.send(l, batch)
	}
}

// take removes from the queue the events of the next message: as many as GroupEvents and
// GroupBytes allow, at least one. Events whose caller stopped waiting are dropped, answered
// with its error: the caller was told they failed and may send them again.
func (l *lane) take(cfg PublishConfig) []pending {
	batch := make([]pending, 0, min(len(l.queue), cfg.GroupEvents)) // not grown an event at a time
	size, i := 2, 0                                                 // the brackets of the array
	for ; i < len(l.queue) && len(batch) < cfg.GroupEvents; i++ {
		it := l.queue[i]
		l.queuedBytes -= len(it.data) + 1
		if err := it.w.ctx.Err(); err != nil {
			it.w.finish(1, fmt.Errorf("publish %s event %s: %w: %w", l.t, it.id, ErrUnavailable, err))
			continue
		}
		size += len(it.data) + 1
		if len(batch) > 0 && size > cfg.GroupBytes {
			l.queuedBytes += len(it.data) + 1 // it stays for the next message
			break
		}
		batch = append(batch, it)
	}
	l.queue = l.queue[i:]
	if len(l.queue) == 0 {
		l.queue, l.queuedBytes = nil, 0 // let the backing array go once it is drained
	}
	return batch
}

var groupBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// send publishes batch as one message and answers each event's waiter with the outcome.
func (p *Publisher) send(l *lane, batch []pending) {
	msg := &nats.Msg{Subject: l.subject, Data: batch[0].data, Header: nats.Header{jetstream.MsgIDHeader: []string{batch[0].id}}}
	var buf *bytes.Buffer
	if len(batch) > 1 {
		buf = groupBuffers.Get().(*bytes.Buffer)
		buf.Reset()
		buf.WriteByte('[')
		for i, it := range batch {
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.Write(it.data)
		}
		buf.WriteByte(']')
		msg.Subject, msg.Data = l.batchSubject, buf.Bytes()
		msg.Header[jetstream.MsgIDHeader] = []string{groupID(batch)}
		msg.Header[event.HeaderEvents] = []string{strconv.Itoa(len(batch))}
	}
	dup, settled, err := p.await(msg)
	if buf != nil && settled && buf.Cap() <= 1<<20 {
		groupBuffers.Put(buf) // the client holds msg until the acknowledgement settles it
	}
	result := "stored"
	switch {
	case err != nil:
		result = "error"
		err = fmt.Errorf("publish %d %s events (first %s): %w: %w", len(batch), l.t, batch[0].id, ErrUnavailable, err)
	case dup:
		result = "duplicate"
	}
	p.published.WithLabelValues(string(l.t), result).Add(float64(len(batch)))
	p.grouped.Observe(float64(len(batch)))
	for i := 0; i < len(batch); { // a caller's events sit together: answer each caller once
		j := i + 1
		for j < len(batch) && batch[j].w == batch[i].w {
			j++
		}
		batch[i].w.finish(j-i, err)
		i = j
	}
}

// await publishes msg asynchronously and waits for its acknowledgement, at most ackTimeout;
// settled reports that the client is done with msg.
func (p *Publisher) await(msg *nats.Msg) (dup, settled bool, err error) {
	f, err := p.js.PublishMsgAsync(msg)
	if err != nil {
		return false, true, err
	}
	t := time.NewTimer(ackTimeout)
	defer t.Stop()
	select {
	case ack := <-f.Ok():
		return ack.Duplicate, true, nil
	case err := <-f.Err():
		return false, true, err
	case <-t.C:
		return false, false, context.DeadlineExceeded
	}
}

// groupID is the deduplication key of a grouped message: a hash of its events' ids, so that a
// message is a duplicate only of one holding the same events. (An event sent again by a caller
// that retried lands in another group; the stores keep it once.)
func groupID(batch []pending) string {
	h := fnv.New128a()
	for _, it := range batch {
		h.Write([]byte(it.id))
		h.Write([]byte{0})
	}
	return "g-" + hex.EncodeToString(h.Sum(nil))
}
