package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"sort"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/platform/web"
)

// module is one row of the table below: a component of a server process, or a target (a
// `lectern <name>` command), or both.
type module struct {
	deps   []string                                    // modules wired before this one
	init   func(ctx context.Context, p *process) error // nil: the module only names its deps
	flags  func(c *Config, fs *flag.FlagSet)           // the flags of the module's component; nil: none
	target string                                      // non-empty: a target, with its line of `lectern help`
}

// modules lists every component a server process can run and every target, Loki's module
// manager in small: each row names what it needs and how it is wired. A target runs its deps
// and theirs, each once, each after what it needs, and takes the flags of those modules (beside
// the process's own: Config.registerProcessFlags), so `lectern query --help` lists no model
// flags. To add a component, add its row and name it in the deps of the targets that run it;
// nothing else decides what a target runs.
var modules = map[string]module{
	"store":      {flags: (*Config).registerStoreFlags, init: initStore},
	"publisher":  {flags: func(c *Config, fs *flag.FlagSet) { c.Publish.RegisterFlags(fs) }}, // deps.pub, made in connect
	"collector":  {deps: []string{"store", "publisher"}, init: initCollector},
	"consumer":   {deps: []string{"store"}, flags: func(c *Config, fs *flag.FlagSet) { c.Consumer.RegisterFlags(fs) }, init: initConsumer},
	"retention":  {deps: []string{"store"}, flags: func(c *Config, fs *flag.FlagSet) { c.Retention.RegisterFlags(fs) }, init: initRetention},
	"summaries":  {deps: []string{"store"}, flags: func(c *Config, fs *flag.FlagSet) { c.Summaries.RegisterFlags(fs) }, init: initSummaries},
	"exports":    {deps: []string{"store"}, init: initExports},
	"analytics":  {deps: []string{"store"}, init: initAnalytics},
	"first-keys": {init: initFirstKeys},
	"answers":    {deps: []string{"publisher"}, flags: func(c *Config, fs *flag.FlagSet) { c.Assistant.RegisterFlags(fs) }, init: initAssistant},
	"agents":     {deps: []string{"answers", "publisher"}, flags: func(c *Config, fs *flag.FlagSet) { c.Agents.RegisterFlags(fs) }, init: initAgents},

	"ingest":    {deps: []string{"collector", "consumer", "retention", "summaries"}, target: "feedback and event intake, status changes and the store consumers"},
	"query":     {deps: []string{"exports", "analytics"}, target: "the analytics exports and reports"},
	"assistant": {deps: []string{"answers", "agents"}, target: "the docs assistant and search, its MCP server, llms.txt and Markdown pages"},
	"all":       {deps: []string{"ingest", "query", "assistant", "first-keys"}, target: "every service in one process, with nats-server embedded"},
}

// isTarget reports whether name is a target of the table.
func isTarget(name string) bool { return modules[name].target != "" }

// targetNames returns the targets, "all" first, then by name.
func targetNames() []string {
	var names []string
	for name, m := range modules {
		if m.target != "" && name != string(TargetAll) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return append([]string{string(TargetAll)}, names...)
}

// order returns the modules target runs, each after the modules it needs.
func order(target string) ([]string, error) {
	const visiting, done = 1, 2
	state := map[string]int{}
	var out []string
	var visit func(name string) error
	visit = func(name string) error {
		m, ok := modules[name]
		switch {
		case !ok:
			return fmt.Errorf("module %q: not in the table", name)
		case state[name] == visiting:
			return fmt.Errorf("module %q: needs itself", name)
		case state[name] == done:
			return nil
		}
		state[name] = visiting
		for _, dep := range m.deps {
			if err := visit(dep); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		state[name] = done
		out = append(out, name)
		return nil
	}
	return out, visit(target)
}

// process is what the modules of one server process share while they are wired.
type process struct {
	cfg     Config
	logger  *slog.Logger
	stdout  io.Writer
	deps    *deps
	app     *fiber.App
	guard   web.Guard
	health  web.Health // /readyz: Required checks fail it, Advisory ones and Details are reported
	runners []runner
	closers []func() error // run last first when the process ends
	store   eventStore     // the store module's; nil unless a module needs it
	answers *assistant.Service
}

// wire runs the init of every module the target needs, in order.
func (p *process) wire(ctx context.Context) error {
	names, err := order(string(p.cfg.Target))
	if err != nil {
		return err
	}
	for _, name := range names {
		if init := modules[name].init; init != nil {
			if err := init(ctx, p); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	return nil
}

// close runs the closers, last first.
func (p *process) close() {
	for i := len(p.closers) - 1; i >= 0; i-- {
		if err := p.closers[i](); err != nil {
			p.logger.Warn("close", "err", err)
		}
	}
}

// component returns a logger for one component.
func (p *process) component(name string) *slog.Logger { return p.logger.With("component", name) }
