package bus

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"golang.org/x/crypto/bcrypt"
)

// Auth is how a client authenticates to NATS: a user and password, a token, or a .creds file
// (JWT and NKey seed). The zero value sends nothing.
type Auth struct {
	User      string `json:"user,omitempty"`
	Password  string `json:"password,omitempty"`
	Token     string `json:"token,omitempty"`
	CredsFile string `json:"-"`
}

// Options are the nats.go options that present a.
func (a Auth) Options() []nats.Option {
	var opts []nats.Option
	if a.User != "" {
		opts = append(opts, nats.UserInfo(a.User, a.Password))
	}
	if a.Token != "" {
		opts = append(opts, nats.Token(a.Token))
	}
	if a.CredsFile != "" {
		opts = append(opts, nats.UserCredentials(a.CredsFile))
	}
	return opts
}

// EmbeddedAuthFile is where, in the data directory, the embedded server's credentials live.
const EmbeddedAuthFile = "nats-auth.json"

// ErrNoEmbeddedAuth reports a data directory without the embedded server's credentials.
var ErrNoEmbeddedAuth = errors.New("no embedded NATS credentials in the data directory (has `lectern all` started there?)")

// LoadEmbeddedAuth reads the embedded server's credentials from dataDir.
func LoadEmbeddedAuth(dataDir string) (Auth, error) {
	data, err := os.ReadFile(filepath.Join(dataDir, EmbeddedAuthFile)) // #nosec G304 -- the path is the operator's data directory
	if errors.Is(err, os.ErrNotExist) {
		return Auth{}, fmt.Errorf("%s: %w", dataDir, ErrNoEmbeddedAuth)
	}
	if err != nil {
		return Auth{}, fmt.Errorf("embedded NATS credentials: %w", err)
	}
	var a Auth
	if err := json.Unmarshal(data, &a); err != nil || a.User == "" || a.Password == "" {
		return Auth{}, fmt.Errorf("embedded NATS credentials %s: malformed", filepath.Join(dataDir, EmbeddedAuthFile))
	}
	return a, nil
}

// LoadOrCreateEmbeddedAuth reads the embedded server's credentials from dataDir, creating
// random ones (readable by the owner only) on the first start.
func LoadOrCreateEmbeddedAuth(dataDir string) (Auth, error) {
	a, err := LoadEmbeddedAuth(dataDir)
	if !errors.Is(err, ErrNoEmbeddedAuth) {
		return a, err
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return Auth{}, err
	}
	a = Auth{User: "lectern", Password: base64.RawURLEncoding.EncodeToString(secret)}
	data, _ := json.Marshal(a) // #nosec G117 -- this is the credentials file itself, written 0600
	path := filepath.Join(dataDir, EmbeddedAuthFile)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) // #nosec G304 -- the path is the operator's data directory
	if errors.Is(err, os.ErrExist) {
		return LoadEmbeddedAuth(dataDir) // another process created it first
	}
	if err != nil {
		return Auth{}, fmt.Errorf("embedded NATS credentials: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close() // #nosec G104 -- the write error is returned; the file is removed on the next start
		return Auth{}, fmt.Errorf("embedded NATS credentials: %w", err)
	}
	return a, f.Close()
}

// users is the server-side form of a: the one user the embedded server admits, its password
// as a bcrypt hash (nats-server compares bcrypt hashes, and warns about plaintext ones). The
// password is 32 random bytes, beyond any guessing whatever the cost, so the cost is bcrypt's
// least: each client connection pays it once.
func (a Auth) users() ([]*server.User, error) {
	if a.User == "" {
		return nil, nil
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(a.Password), bcrypt.MinCost)
	if err != nil {
		return nil, fmt.Errorf("embedded NATS credentials: %w", err)
	}
	return []*server.User{{Username: a.User, Password: string(hash)}}, nil
}
