package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
)

const dataUsage = `Usage:
  lectern data delete --project PROJECT (--contact EMAIL | --anon-id ID | --thread ID) [store and NATS flags]

Erases one person's records, as a privacy request asks: feedback with that contact address;
feedback, conversations and traffic events with that anonymous id; the conversations, the
feedback on its answers, the clicks on its sources and the thread record of that thread. The events go from the JetStream
streams first (so no replay brings them back), then from the store. The store and NATS flags are the server's
(lectern all --help): --store, --clickhouse-dsn, --data-dir, --nats-url, --nats-addr.
`

// eraser erases one person's records from a store.
type eraser interface {
	Erase(ctx context.Context, project string, subject store.Subject) (store.Erased, error)
}

// dataMain runs `lectern data ...`.
func dataMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "delete" {
		if len(args) > 0 { // before connecting anywhere
			fmt.Fprintf(stderr, "lectern data: unknown command %q\n\n", args[0])
		}
		fmt.Fprint(stderr, dataUsage)
		return exitError(2)
	}
	cfg := Config{Target: TargetAll}
	fs := flag.NewFlagSet("lectern data delete", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, dataUsage) }
	cfg.RegisterFlags(fs)
	var project string
	var who store.Subject
	fs.StringVar(&project, "project", "", "the project whose records to erase")
	fs.StringVar(&who.Contact, "contact", "", "erase the feedback left with this e-mail address")
	fs.StringVar(&who.AnonID, "anon-id", "", "erase everything recorded under this anonymous id")
	fs.StringVar(&who.ThreadID, "thread", "", "erase this assistant thread and the feedback on its answers")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return exitError(2)
	}
	if err := envflag.Apply(fs); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	if !event.ValidToken(project) {
		return fmt.Errorf("--project %q: want a project id", project)
	}
	if err := who.Validate(); err != nil {
		return fmt.Errorf("--contact, --anon-id, --thread: %w", err)
	}
	fromStream, err := eraseFromBus(ctx, cfg, project, who)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg, newLogger(stderr, cfg.LogLevel))
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := st.Erase(ctx, project, who)
	if err != nil {
		return fmt.Errorf("erase from the store: %w", err)
	}
	fmt.Fprintf(stdout, "erased %d feedback records, %d conversations and %d traffic events from the store, %d events from the streams\n",
		n.Feedback, n.Conversations, n.Traffic, fromStream)
	return nil
}

// eraseFromBus deletes the person's events from the streams and, for a thread, its record.
func eraseFromBus(ctx context.Context, cfg Config, project string, who store.Subject) (int, error) {
	url := cfg.NATSURL
	if url == "" {
		url = "nats://" + cfg.NATSAddr // the embedded server of a running `lectern all`
	}
	auth, err := natsClientAuth(cfg.NATSAuth, cfg.DataDir)
	if err != nil {
		return 0, err
	}
	nc, js, err := bus.Connect(url, "lectern-data", slog.New(slog.DiscardHandler), auth.Options()...)
	if err != nil {
		return 0, err
	}
	defer nc.Close()
	n, err := bus.EraseEvents(ctx, js, project, bus.Person{Contact: who.Contact, AnonID: who.AnonID, ThreadID: who.ThreadID})
	if err != nil {
		return n, err
	}
	if who.ThreadID != "" {
		kv, err := js.KeyValue(ctx, thread.Bucket)
		switch {
		case errors.Is(err, jetstream.ErrBucketNotFound):
		case err != nil:
			return n, fmt.Errorf("thread bucket: %w", err)
		default:
			if err := kv.Purge(ctx, who.ThreadID); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
				return n, fmt.Errorf("thread %s: %w", who.ThreadID, err)
			}
		}
	}
	return n, nil
}
