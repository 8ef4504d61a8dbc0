package docsjson

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// configName is the configuration file of the site directory dir, as Mintlify's build picks
// it (getConfigPath): docs.json when there is one, else mint.json; the error is docs.json's
// when there is neither.
func configName(dir string) (string, error) {
	_, err := os.Stat(filepath.Join(dir, "docs.json"))
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return "docs.json", err
	}
	if _, merr := os.Stat(filepath.Join(dir, MintFile)); merr == nil {
		return MintFile, nil
	}
	return "docs.json", err
}

// MintWarning is the warning of a site read from its mint.json.
const MintWarning = "the site is configured by mint.json, which Mintlify deprecated for docs.json; it is read " +
	"upgraded to docs.json as Mintlify's build upgrades it, and the paths of its problems are that docs.json's. " +
	"Convert it with `mint upgrade` or `lectern nav upgrade --write PATH` (writes the docs.json it is read as)"

// upgradeMint is the configuration the site is read as: root upgraded to docs.json when the
// site's file is a mint.json, with the warning that says so; ErrUpgradeTooLarge when the
// upgrade passes MaxUpgradeEntries or MaxUpgradeSteps.
func (s *Site) upgradeMint(root any) (any, error) {
	if path.Base(s.File) != MintFile {
		return root, nil
	}
	s.Mint = true
	s.spans = nil // the paths of the $ref'd parts are mint.json's, not the upgraded docs.json's
	s.decoded.warns = append(s.decoded.warns, Problem{File: MintFile, Message: MintWarning})
	var b mintBudget
	docs := upgradeMint(root, &b)
	if err := b.err(root); err != nil {
		return nil, err
	}
	return plain(docs), nil
}
