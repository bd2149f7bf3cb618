#!/usr/bin/env bash
# The installed library, end to end: `cmake --install` of the build tree
# the tool was built in, into a scratch prefix; what it puts there (the
# tool, the shared library with its SONAME and only sks_* names exported,
# the static library, the headers, sudokusat.pc with the install prefix,
# the CMake package, the manual page, the completion); and a small C
# program (consumer/solve.c) built against it four ways: pkg-config and
# find_package(sudokusat), each shared and static.  Each must solve AI
# Escargot through the library (its own sks_validate, and this suite's
# validator, independent of the library).
# usage: run-install.sh SUDOKUSAT [SOURCE_DIR]   (SUDOKUSAT in BUILD/tools/)
set -u
S=${1:?usage: run-install.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
BUILD=$(cd "$(dirname "$S")/.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-install.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

ESCARGOT='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
P=$T/prefix
cache() { sed -n "s/^$1:[A-Z]*=//p" "$BUILD/CMakeCache.txt"; }
LIBDIR=$(cache CMAKE_INSTALL_LIBDIR)
VERSION=$(sed -n 's/^project(sudokusat VERSION \([0-9.]*\).*/\1/p' \
  "$SRC/CMakeLists.txt")
MAJOR=${VERSION%%.*}

if ! cmake --install "$BUILD" --prefix "$P" >install.log 2>&1; then
  fail install "$(tail -5 install.log)"
  summary
  exit
fi
pass

# ------------------------------------------------------------ the files
for f in bin/sudokusat "$LIBDIR/libsudokusat.a" \
  "$LIBDIR/libsudokusat.so" "$LIBDIR/libsudokusat.so.$MAJOR" \
  "$LIBDIR/libsudokusat.so.$VERSION" include/sudokusat/sudokusat.h \
  include/sudokusat/sks_version.h "$LIBDIR/pkgconfig/sudokusat.pc" \
  "$LIBDIR/cmake/sudokusat/sudokusatConfig.cmake" \
  "$LIBDIR/cmake/sudokusat/sudokusatConfigVersion.cmake" \
  "$LIBDIR/cmake/sudokusat/FindPicoSAT.cmake" \
  "$LIBDIR/cmake/sudokusat/FindCaDiCaL.cmake" \
  share/man/man1/sudokusat.1 share/bash-completion/completions/sudokusat; do
  if [ -s "$P/$f" ]; then pass; else fail "file $f" "not installed"; fi
done
# Every header a public header includes by quotes is installed beside it.
for h in "$P"/include/sudokusat/*.h; do
  for inc in $(sed -n 's/^#include "\(.*\)"/\1/p' "$h"); do
    if [ -f "$P/include/sudokusat/$inc" ]; then pass; else
      fail "header $inc" "$(basename "$h") includes it; not installed"
    fi
  done
done
# No private header is installed.
if ls "$P"/include/sudokusat/*_int.h >/dev/null 2>&1; then
  fail private-headers "$(ls "$P"/include/sudokusat/*_int.h)"
else pass; fi

SO=$P/$LIBDIR/libsudokusat.so.$VERSION
soname=$(readelf -d "$SO" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
if [ "$soname" = "libsudokusat.so.$MAJOR" ]; then pass; else
  fail soname "'$soname', expected libsudokusat.so.$MAJOR"
fi
# The shared library exports what the installed headers declare and
# nothing else (no internal sks_* helper, nothing of CaDiCaL), each name
# under the version node SUDOKUSAT_MAJOR.
grep -ohE 'sks_[a-z0-9_]+' "$P"/include/sudokusat/*.h | sort -u >public.txt
nm -D --defined-only "$SO" | awk '{ sub(/@.*/, "", $3); print $3 }' |
  grep -vx "SUDOKUSAT_$MAJOR" | sort -u >exported.txt
others=$(comm -23 exported.txt public.txt | head -5 | tr '\n' ' ')
if [ -z "$others" ]; then pass; else fail exports "also exports: $others"; fi
if [ "$(wc -l <exported.txt)" -ge 50 ]; then pass; else
  fail exports "only $(wc -l <exported.txt) names exported"
fi
node=$(objdump -T "$SO" | awk '$NF == "sks_version" { print $(NF-1) }')
if [ "$node" = "SUDOKUSAT_$MAJOR" ]; then pass; else
  fail symbol-version "sks_version under '$node'"
fi

# One version, as project() gives it, everywhere.
check tool-version 0 "sudokusat $VERSION" "$P/bin/sudokusat" --version
export PKG_CONFIG_PATH=$P/$LIBDIR/pkgconfig
check pc-version 0 "$VERSION" pkg-config --modversion sudokusat
check pc-prefix 0 "$P" pkg-config --variable=prefix sudokusat
# What a static link needs, as docs/library.md lists it: zlib, expat and
# jansson through their own .pc files, PicoSAT, CaDiCaL and the C++ runtime as -l.
pc_private=$(pkg-config --print-requires-private sudokusat | sort | tr '\n' ' ')
if [ "$pc_private" = "expat jansson zlib " ]; then pass; else
  fail pc-requires-private "'$pc_private', expected 'expat jansson zlib '"
fi
pc_static=" $(pkg-config --static --libs sudokusat) "
for l in -lsudokusat -lz -lexpat -lpicosat -lcadical -lstdc++ -lm -pthread; do
  case $pc_static in *" $l "*) pass ;; *) fail pc-static-libs "no $l in$pc_static" ;; esac
done

# -------------------------------------------------------- the consumers
if grep -Eq '^SKS_(SANITIZE|FUZZ):BOOL=ON' "$BUILD/CMakeCache.txt"; then
  # A sanitized library needs a sanitized program to load it.
  skip consumers "the build is sanitized"
  summary
  exit
fi
input "$ESCARGOT"
CC=${CC:-cc}
CONSUMER=$SRC/tests/install/consumer
answer() { "$1" "$ESCARGOT" | valid_answers; }

# pkg-config, the shared library (found at run time through its rpath).
if $CC -std=c11 -o pc-shared "$CONSUMER/solve.c" \
  $(pkg-config --cflags --libs sudokusat) -Wl,-rpath,"$P/$LIBDIR" \
  2>cc.log; then
  check_file pc-shared answer ./pc-shared
  if readelf -d pc-shared | grep -q "NEEDED.*libsudokusat.so.$MAJOR"; then
    pass
  else fail pc-shared-needed "does not load libsudokusat.so.$MAJOR"; fi
else fail pc-shared-build "$(head -5 cc.log)"; fi
# Without an rpath, a prefix outside the loader's paths needs
# LD_LIBRARY_PATH (docs/library.md says so): it fails without, runs with.
if $CC -std=c11 -o pc-norpath "$CONSUMER/solve.c" \
  $(pkg-config --cflags --libs sudokusat) 2>cc.log; then
  if ./pc-norpath "$ESCARGOT" >/dev/null 2>&1; then
    fail pc-norpath "ran without LD_LIBRARY_PATH (is $P a system prefix?)"
  else pass; fi
  LD_LIBRARY_PATH=$P/$LIBDIR check_file pc-norpath-ld answer ./pc-norpath
else fail pc-norpath-build "$(head -5 cc.log)"; fi

# pkg-config --static: the archive, with Libs.private and Requires.private.
libs=$(pkg-config --static --libs sudokusat | sed 's/-lsudokusat/-l:libsudokusat.a/')
if $CC -std=c11 -o pc-static "$CONSUMER/solve.c" \
  $(pkg-config --cflags sudokusat) $libs 2>cc.log; then
  check_file pc-static answer ./pc-static
  if readelf -d pc-static | grep -q libsudokusat; then
    fail pc-static-needed "loads the shared library"
  else pass; fi
else fail pc-static-build "$(head -5 cc.log)"; fi

# find_package(sudokusat VERSION), each target.
for target in sudokusat sudokusat_static; do
  if cmake -S "$CONSUMER" -B "cm-$target" -DCMAKE_PREFIX_PATH="$P" \
    -DSKS_LINK="$target" -DSKS_WANT="$VERSION" >cm.log 2>&1 &&
    cmake --build "cm-$target" >>cm.log 2>&1; then
    check_file "cmake-$target" answer "cm-$target/consumer"
  else fail "cmake-$target-build" "$(grep -v '^--' cm.log | head -8)"; fi
done
# A version the package is not: find_package must refuse it.
if cmake -S "$CONSUMER" -B cm-later -DCMAKE_PREFIX_PATH="$P" \
  -DSKS_WANT="$((MAJOR + 1)).0" >cm.log 2>&1; then
  fail cmake-version "find_package accepted version $((MAJOR + 1)).0"
else pass; fi

# A puzzle without a solution: the consumer says so and fails.
NONE="11${ESCARGOT:2}"
if [ -x cm-sudokusat/consumer ]; then
  if cm-sudokusat/consumer "$NONE" >out.txt 2>err.txt; then
    fail consumer-none "exit 0 for a puzzle without a solution"
  elif [ "$(cat err.txt)" = "no solution" ]; then pass
  else fail consumer-none "stderr '$(cat err.txt)'"; fi
fi

summary
