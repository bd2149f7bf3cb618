#!/usr/bin/env bash
# The libraries the WebAssembly build links that Debian has no WebAssembly
# build of -- zlib, expat and jansson (the byte input's gzip, the XML form,
# the JSON forms: f-puzzles, SudokuPad, ipuz) -- built with emscripten from
# Debian's own source packages, fetched by name with `apt-get source`
# through a private package list (deb-src) under OUT, so the system's apt
# configuration is left as it is.  Nothing is kept in the repository.
#
#   web/deps.sh OUT      installs into OUT/prefix (include/, lib/)
#
# Needs emscripten (emcmake), cmake, dpkg-dev (dpkg-source) and the
# network to Debian's archive.  Run again, it rebuilds nothing already
# installed (OUT/prefix/.done).
set -euo pipefail
out=$(mkdir -p "$1" && cd "$1" && pwd)
prefix=$out/prefix
[ -f "$prefix/.done" ] && exit 0
apt_dir=$out/apt
mkdir -p "$apt_dir/parts" "$apt_dir/lists/partial" "$apt_dir/cache" "$out/src"
# The system's Debian sources, as source-package sources, without the
# security archive (whose mirror here serves no sources; the point
# releases' fixes are in the release's own suites).
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  awk -v RS= -v ORS='\n\n' '!/debian-security/' \
    /etc/apt/sources.list.d/debian.sources |
    sed 's/^Types: deb$/Types: deb-src/' >"$apt_dir/parts/debian-src.sources"
else
  grep -h '^deb ' /etc/apt/sources.list | grep -v debian-security |
    sed 's/^deb /deb-src /' >"$apt_dir/parts/debian-src.list"
fi
apt=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt_dir/parts"
  -o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache="$apt_dir/cache"
  -o APT::Sandbox::User=root -qq)
apt-get "${apt[@]}" update
(cd "$out/src" && apt-get "${apt[@]}" source zlib expat jansson >/dev/null)

# emcmake's toolchain; each library static, without its tests and tools.
build() { # name source-dir cmake-args...
  local name=$1 src=$2
  shift 2
  emcmake cmake -S "$src" -B "$out/build/$name" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF "$@" >/dev/null
  cmake --build "$out/build/$name" -j2 >/dev/null
  cmake --install "$out/build/$name" >/dev/null
}
cd "$out/src"
# zlib: Debian's source drops the Windows files its CMakeLists.txt names,
# so its sources are compiled here directly.
zsrc=$(ls -d zlib-*/ | head -1)
mkdir -p "$out/build/zlib" "$prefix/include" "$prefix/lib"
for f in adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback \
  inffast inflate inftrees trees uncompr zutil; do
  emcc -O2 -DHAVE_UNISTD_H -DHAVE_STDARG_H -c "$zsrc/$f.c" -o "$out/build/zlib/$f.o"
done
emar rcs "$prefix/lib/libz.a" "$out/build/zlib"/*.o
cp "$zsrc/zlib.h" "$prefix/include/"
# as zlib's configure writes it: z_off_t is off_t, as the library was built
sed -e 's/^#ifdef HAVE_UNISTD_H.*/#if 1/' -e 's/^#ifdef HAVE_STDARG_H.*/#if 1/' \
  "$zsrc/zconf.h" >"$prefix/include/zconf.h"
build expat "$(ls -d expat-*/ | head -1)expat" -DEXPAT_BUILD_TOOLS=OFF \
  -DEXPAT_BUILD_EXAMPLES=OFF -DEXPAT_BUILD_TESTS=OFF -DEXPAT_BUILD_DOCS=OFF \
  -DEXPAT_SHARED_LIBS=OFF -DEXPAT_DTD=OFF
build jansson "$(ls -d jansson-*/ | head -1)" -DJANSSON_BUILD_DOCS=OFF \
  -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_EXAMPLES=OFF
touch "$prefix/.done"
