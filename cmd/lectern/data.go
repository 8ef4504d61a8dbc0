package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"

	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
)

// eraser erases one person's records from a store.
type eraser interface {
	Erase(ctx context.Context, project string, subject store.Subject) (store.Erased, error)
}

// dataCommand is `lectern data delete`.
func dataCommand() *command {
	return &command{
		name:    "data",
		summary: "erase one person's records (a privacy request)",
		group:   toolsGroup,
		subs: []*command{{
			name:    "delete",
			summary: "erase the records of one contact address, anonymous id or assistant thread",
			usage:   "lectern data delete --project PROJECT (--contact EMAIL | --anon-id ID | --thread ID) [flags]",
			about: `Erases one person's records, as a privacy request asks: feedback with that contact address;
feedback, conversations and traffic events with that anonymous id; the conversations, the
feedback on its answers, the clicks on its sources and the thread record of that thread. The
events go from the JetStream
streams first (so no replay brings them back), then from the store. The store and NATS flags are
the server's.`,
			setup: dataDelete,
		}},
	}
}

func dataDelete(fs *flag.FlagSet) action {
	cfg := DefaultConfig(TargetAll)
	registerDataDirFlag(fs, &cfg.DataDir)
	envflag.String(fs, &cfg.NATSURL, "nats-url", "LECTERN_NATS_URL", "", "NATS server URLs (comma-separated); empty: the embedded server of 'lectern all' at --nats-addr")
	envflag.String(fs, &cfg.NATSAddr, "nats-addr", "LECTERN_NATS_ADDR", "127.0.0.1:4222", "client listener of the embedded nats-server of 'lectern all'")
	registerNATSAuthFlags(fs, &cfg.NATSAuth)
	cfg.registerStoreFlags(fs)
	registerLogLevelFlag(fs, &cfg.LogLevel)
	var project string
	var who store.Subject
	fs.StringVar(&project, "project", "", "the project whose records to erase (required)")
	fs.StringVar(&who.Contact, "contact", "", "erase the feedback left with this e-mail address")
	fs.StringVar(&who.AnonID, "anon-id", "", "erase everything recorded under this anonymous id")
	fs.StringVar(&who.ThreadID, "thread", "", "erase this assistant thread (thr_ and 26 letters and digits) and the feedback on its answers")
	return action{
		check: func(*call) error {
			switch {
			case project == "":
				return usagef("--project is required")
			case !event.ValidToken(project):
				return usagef("--project %q: want 1-64 letters, digits, '-' or '_'", project)
			case who.Validate() != nil:
				return usagef("give exactly one of --contact, --anon-id and --thread")
			case who.ThreadID != "" && !thread.ValidID(who.ThreadID):
				return usagef("--thread %q is not a thread id: a thread id is thr_ and 26 letters and digits, as the X-Thread-Id header and the conversation export show it", who.ThreadID)
			}
			return cfg.Validate()
		},
		run: func(ctx context.Context, c *call) error {
			fromStream, err := eraseFromBus(ctx, cfg, project, who)
			if err != nil {
				return err
			}
			st, err := openStore(ctx, cfg, newLogger(c.stderr, cfg.LogLevel))
			if err != nil {
				return err
			}
			defer st.Close()
			n, err := st.Erase(ctx, project, who)
			if err != nil {
				return fmt.Errorf("erase from the store: %w", err)
			}
			fmt.Fprintf(c.stdout, "erased %d feedback records, %d conversations and %d traffic events from the store, %d events from the streams\n",
				n.Feedback, n.Conversations, n.Traffic, fromStream)
			return nil
		},
	}
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
		return 0, natsConnectError(url, cfg.DataDir, auth, err)
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
