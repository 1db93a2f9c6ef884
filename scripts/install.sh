#!/usr/bin/env bash
# Install leapfrog so that it works without this clone: the binary into PREFIX/bin (by
# `cargo install`) and Z3's library beside it, in PREFIX/lib/leapfrog, where the binary's rpath
# (`$ORIGIN/../lib/leapfrog`) finds it. PREFIX defaults to cargo's install root (~/.cargo).
#
#   scripts/install.sh [PREFIX]
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}}"
cargo install --locked --path crates/cli --root "$prefix"
lib=$(ls third_party/z3/lib/libz3.so.* | head -n 1)
mkdir -p "$prefix/lib/leapfrog"
cp "$lib" "$prefix/lib/leapfrog/"
echo "installed: $prefix/bin/leapfrog (Z3: $prefix/lib/leapfrog/$(basename "$lib"))"
"$prefix/bin/leapfrog" --version
