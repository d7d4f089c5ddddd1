"""pytest's rewritten test modules, written once before ``make test`` starts its workers.

pytest rewrites the asserts of every test module it imports (and of conftest.py and the plugins named
with ``-p``) and keeps the result in ``__pycache__/<module>.<python>-pytest-<version>.pyc`` - except
with PYTHONDONTWRITEBYTECODE set, as on the CI machine: there each xdist worker rewrote all ~450 files
at its collection, the two at the same moment, before any test ran (a collection took 15.8 s of CPU,
7.0 s with the files written). pytest reads these files whatever that variable says and checks each
against its source's hash (a stale or missing one is rewritten in the process, as before), so a file
written here is the one pytest would have written and read. Written with pytest's own functions, one
process per core; ``python tests/rewrite_support.py`` (the Makefile's test target).
"""

from __future__ import annotations

import os
import sys
import tomllib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# What pytest rewrites here: its default test file names, conftest.py and the Makefile's plugin.
PLUGINS = ("conftest.py", "file_times_support.py")


def targets(tests: Path = TESTS) -> list[Path]:
    return sorted({*tests.glob("test_*.py"), *tests.glob("*_test.py"), *(tests / n for n in PLUGINS)})


def write(path: Path) -> bool:
    """Write ``path``'s rewritten module where pytest looks for it; False when it is there already."""
    from _pytest.assertion import rewrite

    pyc = rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)
    if rewrite._read_pyc(path, pyc) is not None:
        return False
    # No config: the rewrite then leaves out the assertion-pass hook, which is off in our ini (main
    # checks); the config is read for nothing else.
    source_hash, code = rewrite._rewrite_test(path, None)  # type: ignore[arg-type]
    pyc.parent.mkdir(exist_ok=True)
    partial = pyc.with_name(f"{pyc.name}.{os.getpid()}")
    with open(partial, "wb") as fp:
        rewrite._write_pyc_fp(fp, source_hash, code)
    os.replace(partial, pyc)  # whole or not at all, as pytest writes it (a worker may read it)
    return True


def _hook_on(pyproject: Path) -> bool:
    ini = tomllib.loads(pyproject.read_text()).get("tool", {}).get("pytest", {}).get("ini_options", {})
    return str(ini.get("enable_assertion_pass_hook", "false")).lower() in ("true", "1")


def main() -> int:
    if _hook_on(TESTS.parent / "pyproject.toml"):  # a rewrite without our config would drop the hook
        print("rewrite_support: enable_assertion_pass_hook is on; pytest rewrites the tests itself")
        return 0
    try:
        files = targets()
        with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            written = sum(pool.map(write, files, chunksize=8))
    except Exception as exc:  # pytest's private functions changed: pytest rewrites them itself, as before
        print(f"rewrite_support: left to pytest ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 0
    print(f"rewrite_support: {written} of {len(files)} test modules rewritten for pytest")
    return 0


if __name__ == "__main__":
    sys.exit(main())
