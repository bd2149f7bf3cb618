"""The Python module's tests: the module from python/ (or the installed
one), the library from SUDOKUSAT_LIBRARY (run-python.sh points it at the
build tree's), answers checked by check.py's own validator."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
if os.environ.get("SUDOKUSAT_TEST_INSTALLED") != "1":
    sys.path.insert(0, os.path.join(SOURCE, "python"))
