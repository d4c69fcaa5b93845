"""Compiles the engines with mypyc when the project is installed (``scripts/setup.sh``).

The rules stay in the ``.py`` files; mypyc turns them into extension modules beside them,
and ``coltexpress.compiled`` records which source was compiled. ``COLT_PURE=1`` at install
time, or a machine without a C compiler, installs the pure build only.
"""

import json
import os
import runpy
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "coltexpress"
compiled = runpy.run_path(str(PACKAGE / "compiled.py"))


class BuildThenRecord(build_ext):
    """Builds the extensions; once they are built, records the digest of their source
    (a build that failed records nothing, and the pure build runs)."""

    def run(self) -> None:
        compiled["RECORD"].unlink(missing_ok=True)
        try:
            super().run()
        except Exception as error:  # no compiler, a failed compile: the pure build runs
            for built in (*PACKAGE.rglob("*.so"), *PACKAGE.parent.glob("*__mypyc*.so")):
                built.unlink()
            print(f"setup.py: the engines were not compiled ({error}); the pure build "
                  "will run", file=sys.stderr)
            return
        if self.extensions:
            record = {"source_digest": compiled["source_digest"](PACKAGE),
                      "compiler": "mypyc", "python": sys.version.split()[0]}
            compiled["RECORD"].write_text(json.dumps(record, indent=2) + "\n")


def extensions() -> list:
    if os.environ.get("COLT_PURE", "") not in ("", "0"):
        return []
    from mypyc.build import mypycify

    paths = [str(p.relative_to(ROOT)) for p in compiled["compiled_sources"](PACKAGE)]
    # The build runs where the project's dependencies are not installed: the modules the
    # engines never import at their top (the words, the server) may not find theirs.
    flags = ["--ignore-missing-imports", "--cache-dir", str(ROOT / "build" / "mypyc-cache")]
    return mypycify([*flags, *paths], opt_level="3", group_name="coltexpress_engines")


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildThenRecord})
