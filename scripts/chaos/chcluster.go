package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// chCluster is ClickHouse as deploy/clickhouse lays it out, on loopback: ZooKeeper and four
// clickhouse-server processes (two shards of two replicas) with deploy/clickhouse/cluster.xml
// and users.xml rendered for this machine, and the schema applied by schema-cluster.sql.
type chCluster struct {
	repo   string
	dir    string
	zk     *proc
	zkAddr string
	nodes  []*chNode
}

// chNode is one clickhouse-server of the cluster.
type chNode struct {
	*proc
	name                 string // ch-S-R (replica R of shard S), as in cluster.xml
	tcp, http, interHTTP int
}

const (
	chPassword = "lectern-cluster-test"
	zkJar      = "/usr/share/java/zookeeper.jar" // Debian's zookeeper package
)

// startCHCluster starts the cluster, again on new ports (in a new directory) when a process
// exited before it was ready: the ports are chosen free but bound later by the servers, so
// another process on a busy machine may take one in between. Any other failure is final.
func startCHCluster(ctx context.Context, e *env) (*chCluster, error) {
	const attempts = 3
	for i := 1; ; i++ {
		c := &chCluster{repo: e.cfg.repo, dir: filepath.Join(e.dir, fmt.Sprintf("ch-cluster-%d", i))}
		err := c.start(ctx)
		if err == nil {
			return c, nil
		}
		c.stop()
		if !errors.Is(err, errExited) || i == attempts || ctx.Err() != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "chaos: ClickHouse cluster, attempt %d of %d: %v; again on new ports\n", i, attempts, err)
	}
}

// errExited marks a process of the cluster that exited before it was ready.
var errExited = errors.New("exited before it was ready")

func (c *chCluster) start(ctx context.Context) error {
	if err := c.startZooKeeper(); err != nil {
		return err
	}
	for _, name := range []string{"ch-0-0", "ch-0-1", "ch-1-0", "ch-1-1"} {
		n := &chNode{name: name}
		for _, p := range []*int{&n.tcp, &n.http, &n.interHTTP} {
			port, err := freePortNumber()
			if err != nil {
				return err
			}
			*p = port
		}
		c.nodes = append(c.nodes, n)
	}
	for _, n := range c.nodes {
		if err := c.configure(n); err != nil {
			return err
		}
		if err := n.start(); err != nil {
			return err
		}
	}
	for _, n := range c.nodes {
		if err := n.waitReady(ctx, "default", ""); err != nil {
			return err
		}
	}
	if err := c.addUser(ctx); err != nil {
		return err
	}
	return c.applySchema(ctx)
}

// dsn is the services' DSN: two nodes, one of each shard, as the lectern user.
func (c *chCluster) dsn() string {
	return fmt.Sprintf("clickhouse://lectern:%s@127.0.0.1:%d,127.0.0.1:%d/lectern?connection_open_strategy=round_robin",
		chPassword, c.nodes[0].tcp, c.nodes[3].tcp)
}

func (c *chCluster) stop() {
	for i := len(c.nodes) - 1; i >= 0; i-- {
		if c.nodes[i].proc != nil {
			c.nodes[i].stop()
		}
	}
	if c.zk != nil {
		c.zk.stop()
	}
}

func (c *chCluster) startZooKeeper() error {
	if _, err := os.Stat(zkJar); err != nil {
		return fmt.Errorf("ZooKeeper (Debian package zookeeper): %w", err)
	}
	port, err := freePortNumber()
	if err != nil {
		return err
	}
	dir := filepath.Join(c.dir, "zk")
	if err := os.MkdirAll(filepath.Join(dir, "data"), 0o750); err != nil {
		return err
	}
	cfg := fmt.Sprintf("tickTime=500\ninitLimit=10\nsyncLimit=5\ndataDir=%s\nclientPort=%d\nclientPortAddress=127.0.0.1\nadmin.enableServer=false\nmaxClientCnxns=0\n",
		filepath.Join(dir, "data"), port)
	if err := os.WriteFile(filepath.Join(dir, "zoo.cfg"), []byte(cfg), 0o600); err != nil {
		return err
	}
	c.zk = newProc("zookeeper", "java", "-Xmx256m", "-cp", "/etc/zookeeper/conf:"+zkJar,
		"-Dzookeeper.log.dir="+dir, "org.apache.zookeeper.server.quorum.QuorumPeerMain", filepath.Join(dir, "zoo.cfg"))
	c.zk.dir = dir
	if err := c.zk.start(); err != nil {
		return err
	}
	c.zkAddr = fmt.Sprintf("127.0.0.1:%d", port)
	return c.zk.waitTCP(c.zkAddr, readyWithin)
}

// configure writes node n's config.xml (the test template), users.xml and config.d/cluster.xml.
func (c *chCluster) configure(n *chNode) error {
	dir := filepath.Join(c.dir, n.name)
	for _, sub := range []string{"data", "tmp", "log", "user_files", "format_schemas", "config.d", "users.d"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o750); err != nil {
			return err
		}
	}
	tmpl, err := os.ReadFile(filepath.Join(c.repo, "scripts/clickhouse/config.xml.tmpl"))
	if err != nil {
		return err
	}
	users, err := os.ReadFile(filepath.Join(c.repo, "scripts/clickhouse/users.xml"))
	if err != nil {
		return err
	}
	cluster, err := c.renderCluster(n)
	if err != nil {
		return err
	}
	config := strings.NewReplacer("@DIR@", dir, "@TCP_PORT@", strconv.Itoa(n.tcp), "@HTTP_PORT@", strconv.Itoa(n.http),
		"@INTERSERVER_PORT@", strconv.Itoa(n.interHTTP)).Replace(string(tmpl))
	for name, data := range map[string][]byte{"config.xml": []byte(config), "users.xml": users, "config.d/cluster.xml": cluster} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			return err
		}
	}
	n.proc = newProc(n.name, "clickhouse-server", "--config-file="+filepath.Join(dir, "config.xml"))
	n.proc.dir = dir
	return nil
}

// renderCluster is deploy/clickhouse/cluster.xml for node n: hosts and ports on loopback, n's
// macros, one ZooKeeper, and the root element this server version reads.
func (c *chCluster) renderCluster(n *chNode) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(c.repo, "deploy/clickhouse/cluster.xml"))
	if err != nil {
		return nil, err
	}
	s := string(src)
	for _, o := range c.nodes {
		s = strings.ReplaceAll(s, "<host>"+o.name+"</host><port>9000</port>", fmt.Sprintf("<host>127.0.0.1</host><port>%d</port>", o.tcp))
	}
	zkHost, zkPort, _ := cutHostPort(c.zkAddr)
	shard := int(n.name[3]-'0') + 1
	s = strings.Replace(s, "<shard>01</shard>", fmt.Sprintf("<shard>%02d</shard>", shard), 1)
	s = strings.Replace(s, "<replica>ch-0-0</replica>", "<replica>"+n.name+"</replica>", 1)
	s = strings.Replace(s, "<node><host>keeper-0</host><port>9181</port></node>",
		"<node><host>"+zkHost+"</host><port>"+zkPort+"</port></node>", 1)
	s = regexp.MustCompile(`(?m)^.*<host>keeper-[12]</host>.*\n`).ReplaceAllString(s, "")
	if legacyCH() {
		s = strings.NewReplacer("<clickhouse>", "<yandex>", "</clickhouse>", "</yandex>").Replace(s)
	}
	return []byte(s), nil
}

// addUser installs deploy/clickhouse/users.xml (the lectern user and its profile) on every
// node, without the settings this server version does not know, and waits until it logs in.
func (c *chCluster) addUser(ctx context.Context) error {
	known, err := c.nodes[0].query(ctx, "default", "", "SELECT name FROM system.settings")
	if err != nil {
		return err
	}
	knownSet := map[string]bool{}
	for _, s := range strings.Fields(known) {
		knownSet[s] = true
	}
	src, err := os.ReadFile(filepath.Join(c.repo, "deploy/clickhouse/users.xml"))
	if err != nil {
		return err
	}
	setting := regexp.MustCompile(`(?m)^\s*<([a-z_]+)>[^<]*</([a-z_]+)>\s*\n`)
	profiles := regexp.MustCompile(`(?s)<profiles>.*</profiles>`)
	s := profiles.ReplaceAllStringFunc(string(src), func(p string) string {
		return setting.ReplaceAllStringFunc(p, func(line string) string {
			if m := setting.FindStringSubmatch(line); m[1] == m[2] && !knownSet[m[1]] {
				return ""
			}
			return line
		})
	})
	sum := sha256.Sum256([]byte(chPassword))
	s = strings.Replace(s, "REPLACE_WITH_SHA256_OF_THE_PASSWORD", hex.EncodeToString(sum[:]), 1)
	if legacyCH() {
		s = strings.NewReplacer("<clickhouse>", "<yandex>", "</clickhouse>", "</yandex>").Replace(s)
	}
	for _, n := range c.nodes {
		if err := os.WriteFile(filepath.Join(c.dir, n.name, "users.d", "lectern.xml"), []byte(s), 0o600); err != nil {
			return err
		}
	}
	for _, n := range c.nodes {
		if err := n.waitReady(ctx, "lectern", chPassword); err != nil {
			return err
		}
	}
	return nil
}

// applySchema runs deploy/clickhouse/schema-cluster.sql through the first node.
func (c *chCluster) applySchema(ctx context.Context) error {
	schema, err := os.Open(filepath.Join(c.repo, "deploy/clickhouse/schema-cluster.sql"))
	if err != nil {
		return err
	}
	defer schema.Close()
	cmd := exec.CommandContext(ctx, "clickhouse-client", "--host", "127.0.0.1", "--port", strconv.Itoa(c.nodes[0].tcp), "--multiquery") // #nosec G204 -- fixed program, its own port
	cmd.Stdin = schema
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("schema-cluster.sql: %w\n%s", err, out)
	}
	return nil
}

// query runs q over HTTP as user and returns the answer. The query goes in the body, which has
// no length limit (a URL has).
func (n *chNode) query(ctx context.Context, user, password, q string) (string, error) {
	u := fmt.Sprintf("http://127.0.0.1:%d/?%s", n.http, url.Values{"user": {user}, "password": {password}}.Encode())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(q))
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req) // #nosec G704 -- its own loopback server
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s: %s: %s", n.name, resp.Status, strings.TrimSpace(string(body)))
	}
	return string(body), nil
}

// waitReady waits until the node answers a query as user.
func (n *chNode) waitReady(ctx context.Context, user, password string) error {
	deadline := time.Now().Add(readyWithin)
	for {
		_, err := n.query(ctx, user, password, "SELECT 1")
		if err == nil {
			return nil
		}
		if n.exited() {
			return fmt.Errorf("%s %w (as %s: %w)\n%s", n.name, errExited, user, err, n.logs.tail(20))
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("%s not ready as %s: %w\n%s", n.name, user, err, n.logs.tail(20))
		}
		time.Sleep(100 * time.Millisecond) // polling a process we do not control; no event to wait on
	}
}

// restart starts the node again on its data and waits until the services' user can query.
func (n *chNode) restart(ctx context.Context) error {
	if err := n.start(); err != nil {
		return err
	}
	return n.waitReady(ctx, "lectern", chPassword)
}

// legacyCH reports a ClickHouse older than 21 (18.16 here), which reads only <yandex> as the
// root element of its configuration files.
func legacyCH() bool {
	out, err := exec.Command("clickhouse-client", "--version").Output() // #nosec G204 -- fixed program
	if err != nil {
		return true
	}
	m := regexp.MustCompile(`(\d+)\.\d+`).FindStringSubmatch(string(out))
	if m == nil {
		return true
	}
	major, _ := strconv.Atoi(m[1])
	return major < 21
}

func freePortNumber() (int, error) {
	addr, err := freePort()
	if err != nil {
		return 0, err
	}
	_, port, _ := cutHostPort(addr)
	return strconv.Atoi(port)
}
