#!/usr/bin/env bash
# Builds the WebAssembly module and the page (docs/web.md):
#   bash web/build.sh [BUILD_DIR]      (default build-wasm)
# The library with emscripten (emcmake cmake -DSKS_WASM=ON), without
# zlib, expat or jansson (no gzip, XML or JSON forms in the page), so
# nothing is downloaded.  The page is BUILD_DIR/web/site/; `ctest
# --test-dir BUILD_DIR` runs its tests (the browser test checks a
# generated puzzle with build/tools/sudokusat when the native build is
# there).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-wasm}
emcmake cmake -S . -B "$build" -DSKS_WASM=ON -DCMAKE_BUILD_TYPE=Release \
  -DSKS_WERROR=ON \
  -DSKS_WEB_SUDOKUSAT="$([ -x build/tools/sudokusat ] && echo "$PWD/build/tools/sudokusat")" \
  >/dev/null
cmake --build "$build" -j2
