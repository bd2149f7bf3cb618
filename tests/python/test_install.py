"""The module installed as a user installs it: by `cmake --install` into a
prefix (found by Debian's python3 there, the library found beside it with
no environment variable), and by pip into a virtual environment, offline
(--no-build-isolation --no-index, Debian's setuptools)."""
import os
import shutil
import subprocess
import sys

import pytest

from check import ESCARGOT, ESCARGOT_SOLUTION, SOURCE

BUILD = os.environ.get("SUDOKUSAT_BUILD")
PROGRAM = ("import sudokusat, sys; "
           "print(sudokusat.parse(sys.argv[1]).solve().text('line').strip())")


def clean_env():
    env = dict(os.environ)
    for k in ("SUDOKUSAT_LIBRARY", "PYTHONPATH"):
        env.pop(k, None)
    return env


@pytest.mark.skipif(not BUILD, reason="SUDOKUSAT_BUILD not set "
                    "(run-python.sh sets it)")
def test_cmake_install(tmp_path):
    prefix = tmp_path / "prefix"
    out = subprocess.run(["cmake", "--install", BUILD, "--prefix",
                          str(prefix)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    found = list(prefix.glob("lib*/python3*/dist-packages/sudokusat"))
    assert len(found) == 1
    assert (found[0] / "_installed.py").exists()
    assert not list(found[0].glob("__pycache__"))
    env = clean_env()
    env["PYTHONPATH"] = str(found[0].parent)
    out = subprocess.run([sys.executable, "-c", PROGRAM, ESCARGOT], env=env,
                         capture_output=True, text=True, cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ESCARGOT_SOLUTION


def test_pip_install_into_a_venv(tmp_path):
    if subprocess.run([sys.executable, "-c", "import venv, ensurepip"],
                      capture_output=True).returncode:
        pytest.skip("no venv/ensurepip in %s (python3-venv)" % sys.executable)
    src = tmp_path / "python"
    shutil.copytree(os.path.join(SOURCE, "python"), src,
                    ignore=shutil.ignore_patterns("__pycache__", "build",
                                                  "*.egg-info",
                                                  "_installed.py"))
    env_dir = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages",
                    str(env_dir)], check=True)
    py = str(env_dir / "bin" / "python")
    out = subprocess.run([py, "-m", "pip", "install", "-q",
                          "--no-build-isolation", "--no-index", str(src)],
                         capture_output=True, text=True, env=clean_env())
    assert out.returncode == 0, out.stdout + out.stderr
    env = clean_env()
    env["SUDOKUSAT_LIBRARY"] = os.environ["SUDOKUSAT_LIBRARY"]
    out = subprocess.run([py, "-c", PROGRAM, ESCARGOT], env=env,
                         capture_output=True, text=True, cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ESCARGOT_SOLUTION
    where = subprocess.run([py, "-c", "import sudokusat; "
                            "print(sudokusat.__file__)"], env=env,
                           capture_output=True, text=True,
                           cwd=str(tmp_path)).stdout
    assert where.startswith(str(env_dir))
