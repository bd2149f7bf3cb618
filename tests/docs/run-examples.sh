#!/usr/bin/env bash
# Runs every example command of the documentation (README.md, docs/*.md)
# and compares what it prints with what the document shows, so an example
# is written once, in the document, and tested from there.
#
# The convention (docs/tests.md, "Examples in the documents"):
# - A ```sh block whose lines start with `$ ` is an example: each `$ ` line
#   is a command (a line ending in `\` goes on on the next line), and the
#   lines after it, up to the next `$ ` line or the end of the block, are
#   its standard output, exactly.  A line `...` alone stands for any lines
#   (none too); a line ending in `...` for a line that starts with what
#   comes before the dots.  No lines after a command: it prints nothing.
#   Empty lines at the end of the output are not compared.
# - Its exit status must be 0, 10 or 20 (done, solved, no solution: the
#   SAT convention), or N when the command ends with the comment `# exit N`.
# - A ```sh block after the line `<!-- examples: skip REASON -->` is not run
#   (installing packages or into the system, a Slurm submission, long
#   benchmarks).  A ```sh block with no `$ ` line and no such mark is an
#   error: everything shown as shell is run, or says why not.
# - Commands run from the root of a scratch copy of the source tree, one
#   copy a document, in document order (an example may use a file an
#   earlier one of the same document wrote), with `build/tools/sudokusat`
#   the tool under test and `build/tools` first on PATH, as after the quick
#   start and `export PATH="$PWD/build/tools:$PATH"`.
# Every relative link of the documents must lead to a file, and to a
# heading of it when it names one.
# usage: run-examples.sh SUDOKUSAT SOURCE_DIR [DOC.md ...]
set -u
S=${1:?usage: run-examples.sh SUDOKUSAT SOURCE_DIR [DOC.md ...]}
SRC=${2:?usage: run-examples.sh SUDOKUSAT SOURCE_DIR [DOC.md ...]}
shift 2
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-examples.XXXXXX")
trap 'rm -rf "$T"' EXIT
exec python3 - "$S" "$SRC" "$T" "$@" <<'PY'
import difflib, os, re, shutil, subprocess, sys
HANG = int(os.environ.get("SKS_TEST_DEADLINE", "60")) * 10

tool, src, tmp = sys.argv[1:4]
docs = sys.argv[4:] or (["README.md"] + sorted(
    os.path.join("docs", f) for f in os.listdir(os.path.join(src, "docs"))
    if f.endswith(".md")))

SKIP = re.compile(r"^<!--\s*examples:\s*skip\b")
EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")


def examples(path):
    """Yields (line, command, expected lines) and ('error', line, text)."""
    lines = open(os.path.join(src, path), encoding="utf-8").read().split("\n")
    i, skip_next = 0, False
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^(\s*)```+\s*(\S*)", line)
        if SKIP.match(line.strip()):
            skip_next = True
            i += 1
            continue
        if not fence:
            if line.strip():
                skip_next = False
            i += 1
            continue
        lang, start = fence.group(2), i
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```", lines[i]):
            body.append((i + 1, lines[i]))
            i += 1
        i += 1
        if lang not in ("sh", "console", "shell"):
            skip_next = False
            continue
        if skip_next:
            skip_next = False
            continue
        if not any(t.startswith("$ ") for _, t in body):
            yield ("error", start + 1,
                   "a ```sh block with no '$ ' command and no "
                   "'<!-- examples: skip REASON -->' mark before it")
            continue
        cmd, k = None, 0
        while k < len(body):
            n, t = body[k]
            if t.startswith("$ "):
                if cmd:
                    yield cmd
                text = t[2:]
                while text.endswith("\\") and k + 1 < len(body):
                    k += 1
                    text += "\n" + body[k][1]
                cmd = [n, text, []]
            elif cmd is None:
                yield ("error", n, "text before the block's first '$ ' command")
                break
            else:
                cmd[2].append(t)
            k += 1
        if cmd:
            yield cmd


def matches(want, got):
    """Does got (lines) fit want (lines, with '...' patterns)?"""
    memo = {}

    def m(i, j):
        if (i, j) in memo:
            return memo[i, j]
        if i == len(want):
            r = j == len(got)
        elif want[i] == "...":
            r = any(m(i + 1, k) for k in range(j, len(got) + 1))
        elif j < len(got) and (want[i] == got[j] or (
                want[i].endswith("...") and got[j].startswith(want[i][:-3]))):
            r = m(i + 1, j + 1)
        else:
            r = False
        memo[i, j] = r
        return r

    return m(0, 0)


def scratch(name):
    root = os.path.join(tmp, re.sub(r"[^A-Za-z0-9]", "_", name))
    shutil.copytree(src, root, symlinks=True, ignore=lambda d, names: [
        n for n in names if d == src and (n.startswith("build") or n == ".git")])
    os.makedirs(os.path.join(root, "build", "tools"))
    os.symlink(tool, os.path.join(root, "build", "tools", "sudokusat"))
    return root


def slugs(path):
    """GitHub's anchors for the headings of a Markdown file."""
    text = re.sub(r"```.*?```", "", open(path, encoding="utf-8").read(), flags=re.S)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+\s+(.*)$", text, flags=re.M)}


def broken_links(doc):
    """Relative links of doc whose file or heading does not exist."""
    path = os.path.join(src, doc)
    text = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"),
                  open(path, encoding="utf-8").read(), flags=re.S)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        link = m.group(1)
        if re.match(r"[a-z]+:", link):
            continue
        target, _, anchor = link.partition("#")
        target = os.path.normpath(os.path.join(os.path.dirname(path), target)) \
            if target else path
        line = text.count("\n", 0, m.start()) + 1
        if not os.path.exists(target):
            yield line, f"link to {link}: no such file"
        elif anchor and target.endswith(".md") and anchor not in slugs(target):
            yield line, f"link to {link}: no such heading"


passed = failed = 0
for doc in docs:
    for line, problem in broken_links(doc):
        failed += 1
        print(f"FAIL {doc}:{line}: {problem}")
    root = None
    for ex in examples(doc):
        if ex[0] == "error":
            failed += 1
            print(f"FAIL {doc}:{ex[1]}: {ex[2]}")
            continue
        line, cmd, want = ex
        while want and want[-1] == "":
            want.pop()
        root = root or scratch(doc)
        env = dict(os.environ, LC_ALL="C", TMPDIR=tmp,
                   PATH=os.path.join(root, "build", "tools") + ":" + os.environ["PATH"])
        status_want = EXIT.search(cmd.split("\n")[-1])
        # A guard against a hang, not a measure of speed: a sanitizer
        # build on a loaded machine takes minutes for what takes seconds
        # (SKS_TEST_DEADLINE, as tests/cli/lib.sh's waits).
        try:
            r = subprocess.run(["bash", "-c", cmd], cwd=root, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=HANG)
            out, err, status = r.stdout.decode(errors="replace"), \
                r.stderr.decode(errors="replace"), r.returncode
        except subprocess.TimeoutExpired:
            out, err, status = "", f"still running after {HANG} s", -1
        got = out.split("\n")
        while got and got[-1] == "":
            got.pop()
        problems = []
        if status_want:
            if status != int(status_want.group(1)):
                problems.append(f"exit status {status}, the document says {status_want.group(1)}")
        elif status not in (0, 10, 20):
            problems.append(f"exit status {status} (expected 0, 10 or 20, "
                            "or say '# exit N' after the command)")
        if not matches(want, got):
            diff = difflib.unified_diff(want, got, "shown in the document",
                                        "printed", lineterm="", n=2)
            problems.append("standard output differs:\n" + "\n".join(diff))
        if problems:
            failed += 1
            print(f"FAIL {doc}:{line}: $ {cmd}")
            for p in problems:
                print("  " + p.replace("\n", "\n  "))
            if err.strip():
                print("  standard error:\n    " +
                      "\n    ".join(err.rstrip("\n").split("\n")[:10]))
        else:
            passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
