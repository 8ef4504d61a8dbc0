package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// freshWithin bounds how long the check reads after a replica's restart: until the replica has
// caught up, at most this long.
const freshWithin = 90 * time.Second

// heldReads is how many reads the check takes while the restarted replica is held behind and
// the other replica is complete.
const heldReads = 25

// freshRead is what the reads right after a ClickHouse replica's restart found. A read is stale
// when it lacks a record that was stored before the restart.
type freshRead struct {
	reads, failed int
	// Stale reads, in two kinds. Before the other replica fetched the restarted one's last
	// parts (written just before the kill, never replicated) both replicas lack something:
	// ClickHouse then reads the one with the smaller delay, which is the restarted one. After,
	// a complete replica exists and a stale read is one the deployment could have avoided.
	bothLag, avoidable    int
	firstStale, lastStale time.Duration // of the avoidable ones, after the replica answered again
	bothLagUntil          time.Duration // when the other replica was complete again
	held                  int           // reads while the restarted replica lagged and the other was complete
	caughtUp              time.Duration // when the restarted replica held every record (0: not within freshWithin)
	skipped               string        // DistributedConnectionStaleReplica on the restarted node: replicas passed over as stale
	lastErr               error
	down                  time.Duration // from the kill until the restart
}

func (f freshRead) String() string {
	s := fmt.Sprintf("down %.1fs; %d reads after the restart: %d stale while the other replica still lacked the restarted one's last parts (until %.1fs), %d of %d stale while it was complete",
		f.down.Seconds(), f.reads, f.bothLag, f.bothLagUntil.Seconds(), f.avoidable, f.held)
	if f.avoidable > 0 {
		s += fmt.Sprintf(" (from %.1fs to %.1fs after it answered)", f.firstStale.Seconds(), f.lastStale.Seconds())
	}
	if f.failed > 0 {
		s += fmt.Sprintf(", %d failed (last: %v)", f.failed, f.lastErr)
	}
	if f.caughtUp > 0 {
		s += fmt.Sprintf(", caught up %.1fs after it answered", f.caughtUp.Seconds())
	}
	return s + ", stale replicas skipped: " + f.skipped
}

func (f freshRead) problem(node string) string {
	var p []string
	if f.avoidable > 0 {
		p = append(p, fmt.Sprintf("%d reads right after %s restarted were stale although the other replica was complete (%.1fs to %.1fs after it answered)",
			f.avoidable, node, f.firstStale.Seconds(), f.lastStale.Seconds()))
	}
	if f.held < heldReads {
		p = append(p, fmt.Sprintf("only %d reads while %s lagged and the other replica was complete (want %d): the check proved nothing", f.held, node, heldReads))
	}
	if f.failed > 0 {
		p = append(p, fmt.Sprintf("%d of %d reads right after %s restarted failed (last: %v)", f.failed, f.reads, node, f.lastErr))
	}
	if f.caughtUp == 0 {
		p = append(p, fmt.Sprintf("%s had not caught up %s after its restart", node, freshWithin))
	}
	return strings.Join(p, "; ")
}

// freshCheck restarts node n, the first replica of the test project's shard, killed while the
// load went on, and reads right after it answers again. Each read must show every record
// stored before the restart (on the other replica, the only one up): a count through the
// Distributed table of n (what a BI tool connected to n reads, with the lectern profile) many
// times a second, the same through the other nodes now and then, and meanwhile the exports
// of each query replica, which must list every record of the outage.
//
// On this machine a replica fetches what a few seconds of outage missed in about a second, too
// short to tell a replica that reads skip from one they do not. So the check holds n behind
// (SYSTEM STOP FETCHES, as a replica with large parts to fetch, or a slow network, would be)
// until it has taken heldReads reads with n lagging and the other replica complete, then lets
// it catch up and reads until it has.
func freshCheck(ctx context.Context, log io.Writer, c *chCluster, n *chNode, bases []string, admin string, killed time.Time) (freshRead, error) {
	fc := &freshChecker{log: log, c: c, n: n, sibling: c.sibling(n), bases: bases, admin: admin, killed: killed, lagging: true}
	if err := fc.outageRecords(ctx); err != nil {
		return freshRead{}, err
	}
	fc.f.down = time.Since(killed)
	if err := n.restart(ctx); err != nil {
		return fc.f, err
	}
	fc.back = time.Now()
	if _, err := n.query(ctx, "default", "", "SYSTEM STOP FETCHES "+freshTable); err != nil {
		return fc.f, err
	}
	fc.holding = true
	defer func() { _ = fc.release(ctx) }()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() { fc.readExports(ctx, done) })
	err := fc.readCounts(ctx)
	close(done)
	wg.Wait()
	fc.f.skipped = n.event(ctx, "DistributedConnectionStaleReplica")
	return fc.f, err
}

// freshTable is the local table whose replica the check restarts.
const freshTable = "lectern.feedback_local"

// freshChecker is one freshCheck under way.
type freshChecker struct {
	log             io.Writer
	c               *chCluster
	n, sibling      *chNode
	bases           []string // the query replicas
	admin           string
	killed, back    time.Time // n's kill; when it answered again
	outage          []string  // ids stored on the sibling from shortly before the kill to the restart
	window          url.Values
	holding         bool       // n's fetches are stopped
	mu              sync.Mutex // guards what follows: the exports record from their own goroutine
	f               freshRead
	siblingComplete bool // the sibling has fetched every part written before the kill
	lagging         bool // n lacks records of the outage
}

// outageRecords reads the records of the outage (and a margin before it) stored on the
// sibling before the restart; n lacks those of the outage until it fetches them.
func (fc *freshChecker) outageRecords(ctx context.Context) error {
	from := fc.killed.Add(-5 * time.Second).UTC()
	ids, err := fc.sibling.query(ctx, "default", "", "SELECT DISTINCT id FROM "+freshTable+" WHERE project_id = '"+project+
		"' AND created_at >= toDateTime('"+from.Format(time.DateTime)+"', 'UTC')")
	if err != nil {
		return err
	}
	if fc.outage = strings.Fields(ids); len(fc.outage) == 0 {
		return fmt.Errorf("nothing was stored while %s was down", fc.n.name)
	}
	fc.window = url.Values{"dateFrom": {from.Format(time.RFC3339)}, "dateTo": {time.Now().Add(2 * time.Second).UTC().Format(time.RFC3339)}}
	return nil
}

// release lets n fetch again.
func (fc *freshChecker) release(ctx context.Context) error {
	if !fc.holding {
		return nil
	}
	fc.holding = false
	_, err := fc.n.query(ctx, "default", "", "SYSTEM START FETCHES "+freshTable)
	return err
}

// record counts a read that began at began; a stale one is logged with n's replica state.
func (fc *freshChecker) record(ctx context.Context, began time.Time, what string, stale bool, err error) {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	f := &fc.f
	f.reads++
	if err != nil {
		f.failed++
		f.lastErr = err
	}
	complete := fc.siblingComplete && !began.Before(fc.back.Add(f.bothLagUntil))
	if complete && fc.lagging && err == nil {
		f.held++
	}
	switch {
	case !stale:
	case !complete:
		f.bothLag++
	default:
		at := began.Sub(fc.back)
		if f.avoidable == 0 || at < f.firstStale {
			f.firstStale = at
		}
		f.lastStale = max(f.lastStale, at)
		f.avoidable++
		fmt.Fprintf(fc.log, "chaos: stale read %.1fs after %s answered: %s; %s: %s; %s: %s\n", began.Sub(fc.back).Seconds(), fc.n.name, what,
			fc.n.name, fc.n.replicaState(ctx), fc.sibling.name, fc.sibling.replicaState(ctx))
	}
}

// readExports reads the exports of the query replicas, round after round, until done (at
// least one round): slower than the counts, which run meanwhile.
func (fc *freshChecker) readExports(ctx context.Context, done <-chan struct{}) {
	for rounds := 0; ; rounds++ {
		select {
		case <-done:
			if rounds > 0 {
				return
			}
		default:
		}
		for i, base := range fc.bases {
			began := time.Now()
			seen, err := exportedWith(ctx, base, project, fc.admin, maps.Clone(fc.window))
			missing := 0
			for _, id := range fc.outage {
				if err == nil && seen[id] == 0 {
					missing++
				}
			}
			fc.record(ctx, began, fmt.Sprintf("the export of query-%d lacks %d of %d records", i+1, missing, len(fc.outage)), missing > 0, err)
		}
	}
}

// readCounts counts the outage's records through the Distributed tables, many times a second,
// releases n once enough reads were held, and returns once n has caught up (or after
// freshWithin).
func (fc *freshChecker) readCounts(ctx context.Context) error {
	for i, deadline := 0, fc.back.Add(freshWithin); time.Now().Before(deadline) && ctx.Err() == nil; i++ {
		fc.checkSibling(ctx)
		for _, o := range fc.c.nodes {
			if o != fc.n && i%5 != 0 {
				continue // n, the restarted node, every time; the others now and then
			}
			began := time.Now()
			got, err := o.countOf(ctx, "lectern.feedback", "lectern", chPassword, fc.outage)
			fc.record(ctx, began, fmt.Sprintf("through %s the Distributed table has %d of %d records", o.name, got, len(fc.outage)), err == nil && got < len(fc.outage), err)
		}
		fc.mu.Lock()
		heldEnough := fc.f.held >= heldReads
		fc.mu.Unlock()
		if heldEnough || time.Since(fc.back) > freshWithin/2 {
			if err := fc.release(ctx); err != nil {
				return err
			}
		}
		if got, err := fc.n.countOf(ctx, freshTable, "default", "", fc.outage); err == nil && got >= len(fc.outage) {
			fc.mu.Lock()
			fc.lagging = false
			if !fc.holding {
				fc.f.caughtUp = time.Since(fc.back)
			}
			fc.mu.Unlock()
			if !fc.holding {
				return nil
			}
		}
		time.Sleep(20 * time.Millisecond) // the replicas fetch inside ClickHouse; nothing to wait on from outside
	}
	return nil
}

// checkSibling notes when the sibling has fetched every part written before the kill (until
// then it lacks the last parts n wrote, and both replicas lag).
func (fc *freshChecker) checkSibling(ctx context.Context) {
	fc.mu.Lock()
	complete := fc.siblingComplete
	fc.mu.Unlock()
	if complete {
		return
	}
	// Entries of the kill's second count: create_time has whole seconds.
	beforeKill := fc.killed.Add(time.Second).UTC().Format(time.DateTime)
	out, err := fc.sibling.query(ctx, "default", "", "SELECT count() FROM system.replication_queue WHERE database = 'lectern' AND table = 'feedback_local'"+
		" AND type = 'GET_PART' AND create_time < toDateTime('"+beforeKill+"', 'UTC')")
	if err == nil && strings.TrimSpace(out) == "0" {
		fc.mu.Lock()
		fc.siblingComplete, fc.f.bothLagUntil = true, time.Since(fc.back)
		fc.mu.Unlock()
	}
}

// sibling is the other replica of n's shard.
func (c *chCluster) sibling(n *chNode) *chNode {
	for _, o := range c.nodes {
		if o != n && o.name[:4] == n.name[:4] {
			return o
		}
	}
	return nil
}

// firstReplicaOf returns the first replica (in cluster.xml's order, the one load_balancing =
// in_order prefers) of the shard that holds project: ClickHouse's own sharding expression
// says which.
func (c *chCluster) firstReplicaOf(ctx context.Context, project string) (*chNode, error) {
	out, err := c.nodes[0].query(ctx, "default", "", "SELECT cityHash64('"+project+"') % 2")
	if err != nil {
		return nil, err
	}
	shard, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil || shard < 0 || shard > 1 {
		return nil, fmt.Errorf("shard of %s: %q %v", project, out, err)
	}
	return c.nodes[2*shard], nil
}

// countOf counts how many of the test project's feedback ids in ids table holds, read on n as
// user.
func (n *chNode) countOf(ctx context.Context, table, user, password string, ids []string) (int, error) {
	out, err := n.query(ctx, user, password, "SELECT uniqExact(id) FROM "+table+" WHERE project_id = '"+project+"' AND id IN ('"+strings.Join(ids, "','")+"')")
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(out))
}

// replicaState describes n's replica of the feedback table.
func (n *chNode) replicaState(ctx context.Context) string {
	out, err := n.query(ctx, "default", "", "SELECT concat('readonly ', toString(is_readonly), ', delay ', toString(absolute_delay), 's, ',"+
		" toString(inserts_in_queue), ' inserts to fetch, queue updated ', toString(last_queue_update), ', oldest insert to fetch ', toString(inserts_oldest_time))"+
		" FROM system.replicas WHERE database = 'lectern' AND table = 'feedback_local'")
	if err != nil {
		return err.Error()
	}
	return strings.TrimSpace(out)
}

// event reads a counter of n's system.events ("0" when it never fired).
func (n *chNode) event(ctx context.Context, name string) string {
	out, err := n.query(ctx, "default", "", "SELECT sum(value) FROM system.events WHERE event = '"+name+"'")
	if err != nil {
		return "? (" + err.Error() + ")"
	}
	return strings.TrimSpace(out)
}
