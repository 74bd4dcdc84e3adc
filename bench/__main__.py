"""Run the benchmarks: ``python -m bench [name ...]`` (all of them by default).

Each ``bench/bench_<name>.py`` has ``run() -> dict``; its figures are printed and written to
``bench/results/<name>.json``. The long runs (``LONG``) run only when named.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import sys
import time
from pathlib import Path

import bench

RESULTS = Path(__file__).parent / "results"
#: Benchmarks that take hours or days: ``make bench-long`` runs them.
LONG = {"bots_long"}


def main(argv: list[str]) -> int:
    names = sorted(
        info.name.removeprefix("bench_")
        for info in pkgutil.iter_modules(bench.__path__)
        if info.name.startswith("bench_")
    )
    chosen = argv or [name for name in names if name not in LONG]
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}; choose from: {', '.join(names)}")
        return 2
    RESULTS.mkdir(exist_ok=True)
    for name in chosen:
        print(f"== {name}", flush=True)
        started, load_before = time.perf_counter(), os.getloadavg()[0]
        figures = importlib.import_module(f"bench.bench_{name}").run()
        figures["_seconds"] = round(time.perf_counter() - started, 1)
        # Timings mean little without the machine's load: the 1-minute average, before and after.
        figures["_load"] = f"{load_before:.2f} before, {os.getloadavg()[0]:.2f} after"
        (RESULTS / f"{name}.json").write_text(json.dumps(figures, indent=2) + "\n")
        for key, value in figures.items():
            print(f"   {key:<58} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
