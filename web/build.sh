#!/usr/bin/env bash
# Builds the WebAssembly module and the page (docs/web.md):
#   bash web/build.sh [BUILD_DIR]      (default build-wasm)
# zlib, expat and jansson from Debian's sources (web/deps.sh, once), then
# the library with emscripten (emcmake cmake -DSKS_WASM=ON).  The page is
# BUILD_DIR/web/site/; `ctest --test-dir BUILD_DIR` runs its tests (the
# browser test checks a generated puzzle with build/tools/sudokusat when
# the native build is there).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-wasm}
bash web/deps.sh "$build/deps"
emcmake cmake -S . -B "$build" -DSKS_WASM=ON -DCMAKE_BUILD_TYPE=Release \
  -DSKS_WERROR=ON -DSKS_WASM_DEPS="$(cd "$build/deps/prefix" && pwd)" \
  -DSKS_WEB_SUDOKUSAT="$([ -x build/tools/sudokusat ] && echo "$PWD/build/tools/sudokusat")" \
  >/dev/null
cmake --build "$build" -j2
