#!/usr/bin/env bash
# Fetch libz3 5.3.2 (and its headers) from the official z3-solver wheel on PyPI into
# third_party/z3/{lib,include}. Called by crates/smt/build.rs when the library is missing;
# needs python3 with pip (present on the build machines) and access to PyPI.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/third_party/z3"
version="5.3.2.0"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download --quiet --no-deps --only-binary=:all: \
    --platform manylinux_2_27_x86_64 --python-version 3.11 \
    --dest "$tmp" "z3-solver==$version"
wheel="$(ls "$tmp"/z3_solver-*.whl)"
python3 - "$wheel" "$tmp/unpacked" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if name.startswith(("z3/lib/", "z3/include/")):
            z.extract(name, sys.argv[2])
PY
rm -rf "$dest.partial"
mkdir -p "$dest.partial"
cp -r "$tmp/unpacked/z3/lib" "$tmp/unpacked/z3/include" "$dest.partial/"
# The wheel ships libz3.so.5.3 (or libz3.so); make both names resolve.
cd "$dest.partial/lib"
if [ ! -e libz3.so ]; then ln -s "$(ls libz3.so.* | head -n1)" libz3.so; fi
cd "$root"
rm -rf "$dest"
mv "$dest.partial" "$dest"
echo "fetched z3-solver $version into $dest"
