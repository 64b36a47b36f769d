# Source it (`. scripts/use-node-24.sh`) to run Splikz on Node 24 when the machine's Node is older.
# Node 24 comes from the npm registry's `node-linux-<arch>` package (the binary and its headers), kept in
# ~/.cache/splikz; native modules (better-sqlite3) then build against those headers (npm_config_nodedir).
# Nothing happens when `node` is already 22 or newer.
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 22 ? 0 : 1)' 2>/dev/null; then
  case "$(uname -m)" in
    x86_64) splikz_node_arch=x64 ;;
    aarch64 | arm64) splikz_node_arch=arm64 ;;
    *) echo "No Node 24 package for $(uname -m); install Node 22 or 24 yourself." >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  splikz_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/splikz/node-24-linux-$splikz_node_arch"
  if [ ! -x "$splikz_node_dir/bin/node" ]; then
    echo "Fetching Node 24 from the npm registry (node-linux-$splikz_node_arch@24)..."
    splikz_node_tmp="$(mktemp -d)"
    (cd "$splikz_node_tmp" && npm pack "node-linux-$splikz_node_arch@24" --silent >/dev/null) &&
      mkdir -p "$splikz_node_dir" &&
      tar -xzf "$splikz_node_tmp"/node-linux-*.tgz -C "$splikz_node_dir" --strip-components=1
    rm -rf "$splikz_node_tmp"
  fi
  export PATH="$splikz_node_dir/bin:$PATH"
  export npm_config_nodedir="$splikz_node_dir"
  unset splikz_node_arch splikz_node_dir splikz_node_tmp
fi
echo "Node $(node --version), npm $(npm --version)"
