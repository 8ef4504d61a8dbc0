package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
)

// natsCluster is three nats-server processes clustered on loopback, JetStream on each.
type natsCluster struct {
	nodes   []*proc
	clients []string // client addresses, host:port
	monitor []string // monitoring base URLs
}

func startNATSCluster(ctx context.Context, e *env) (*natsCluster, error) {
	const n = 3
	var client, route, monitor [n]string
	for i := range n {
		var err error
		if client[i], err = freePort(); err != nil {
			return nil, err
		}
		if route[i], err = freePort(); err != nil {
			return nil, err
		}
		if monitor[i], err = freePort(); err != nil {
			return nil, err
		}
	}
	c := &natsCluster{}
	for i := range n {
		var routes []string
		for j := range n {
			if j != i {
				routes = append(routes, "nats://"+route[j])
			}
		}
		host, port, _ := cutHostPort(client[i])
		_, mport, _ := cutHostPort(monitor[i])
		p := newProc(fmt.Sprintf("nats-%d", i+1), e.cfg.natsServer,
			"-a", host, "-p", port, "-m", mport, "-js", "-sd", filepath.Join(e.dir, fmt.Sprintf("cluster-nats-%d", i+1)),
			"-n", fmt.Sprintf("nats-%d", i+1), "--cluster_name", "lectern", "--cluster", "nats://"+route[i],
			"--routes", strings.Join(routes, ","))
		if err := p.start(); err != nil {
			c.stop()
			return nil, err
		}
		c.nodes = append(c.nodes, p)
		c.clients = append(c.clients, client[i])
		c.monitor = append(c.monitor, "http://"+monitor[i])
	}
	for i := range n {
		if err := c.waitHealthy(ctx, i); err != nil {
			c.stop()
			return nil, err
		}
	}
	return c, nil
}

// url is the client URL list of the whole cluster.
func (c *natsCluster) url() string {
	urls := make([]string, len(c.clients))
	for i, a := range c.clients {
		urls[i] = "nats://" + a
	}
	return strings.Join(urls, ",")
}

// waitHealthy waits until node i reports JetStream healthy (it has a meta leader and is current).
func (c *natsCluster) waitHealthy(ctx context.Context, i int) error {
	return c.nodes[i].waitHTTP(ctx, c.monitor[i]+"/healthz", readyWithin)
}

// restart starts node i again on its store and waits until it is healthy.
func (c *natsCluster) restart(ctx context.Context, i int) error {
	if err := c.nodes[i].start(); err != nil {
		return err
	}
	return c.waitHealthy(ctx, i)
}

func (c *natsCluster) stop() {
	for _, p := range c.nodes {
		p.stop()
	}
}

// replicas returns the replica count of each stream of the cluster (key buckets are the KV_
// streams), as node i's monitoring endpoint reports them.
func (c *natsCluster) replicas(ctx context.Context, i int) (map[string]int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.monitor[i]+"/jsz?streams=true&config=true", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req) // #nosec G704 -- its own loopback server
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var jsz struct {
		Accounts []struct {
			Streams []struct {
				Name   string `json:"name"`
				Config struct {
					Replicas int `json:"num_replicas"`
				} `json:"config"`
			} `json:"stream_detail"`
		} `json:"account_details"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&jsz); err != nil {
		return nil, fmt.Errorf("jsz: %w", err)
	}
	out := map[string]int{}
	for _, a := range jsz.Accounts {
		for _, s := range a.Streams {
			out[s.Name] = s.Config.Replicas
		}
	}
	return out, nil
}
