# Sourced by the Node harnesses: checks node and npm, then installs the pinned packages of the
# current directory (npm ci) when node_modules is missing or package-lock.json changed since
# the last install. Expects log() to be defined by the caller.

command -v node >/dev/null || { log "node is required (>= 20)"; exit 1; }
command -v npm >/dev/null || { log "npm is required"; exit 1; }
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' ||
  { log "node >= 20 is required, have $(node --version)"; exit 1; }

lock_sum="$(node -e 'const c=require("crypto"),f=require("fs");console.log(c.createHash("sha256").update(f.readFileSync("package-lock.json")).digest("hex"))')"
stamp="node_modules/.lock.sha256"
if [[ ! -d node_modules || ! -f "$stamp" || "$(cat "$stamp")" != "$lock_sum" ]]; then
  log "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  printf '%s\n' "$lock_sum" >"$stamp"
fi
