"""Benchmark: the worst inputs found for each parser and scan, timed.

    python benchmarks/hostile.py [--size BYTES]

For each worst input of ``tests/hardening/test_linear_time.py`` (link openers, nested
brackets, emphasis runs, backticks, ...): Markdown's render of prose at the limit a file
may hold (50 000 characters), the scans of a 1 MB text (the numbers and tokens of prose,
the Markdown shape and placeholders the catalog check compares, every message checker
on a translation), and YAML's read of a 1 MB file. Each is printed with its time per
character and whether it meets its target: Markdown under 4 s for a file's prose in one
language (a build renders each of three languages), each scan under 2 s per MB; and
the doubling ratio (the time for twice the input over the time for it: about 2 when
linear, 4 when quadratic).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from babel.messages.catalog import Message

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explainer.i18n.checkers import CHECKERS  # noqa: E402
from explainer.i18n.extract import markdown_shape, placeholders  # noqa: E402
from explainer.scenarios import runner, tokens  # noqa: E402
from explainer.scenarios.yamlsource import MAX_PROSE, SourceError, compose  # noqa: E402
from explainer.site.markdown import render  # noqa: E402
from tests.hardening.test_linear_time import WORST  # noqa: E402

MARKDOWN_TARGET = 4.0
"""Seconds to render one file's prose at the limit, in one language."""
SCAN_TARGET = 2.0
"""Seconds for every scan of 1 MB."""


def _scans(text: str) -> None:
    runner._NOT_PROSE.sub(" ", text)
    tokens.NUMBER.findall(text)
    list(tokens.VALUE_TOKEN.finditer(text))
    list(tokens.card_tokens(text))
    list(tokens.bad_card_tokens(text))
    markdown_shape(text)
    placeholders(text)
    message = Message(text, text + "x", context="c")
    for _, check in CHECKERS:
        try:
            check(None, message)
        except Exception:  # noqa: BLE001, S110 - a problem found is the expected answer
            pass


def _yaml(text: str) -> None:
    try:
        compose("text: |\n  " + text.replace("\n", " ") + "\n")
    except SourceError:
        pass


def _seconds(work: Callable[[str], object], text: str) -> float:
    start = time.process_time()
    work(text)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1_000_000, help="bytes scanned (default 1 MB)")
    args = parser.parse_args(argv)
    failed = 0
    print(f"{'input':22} {'markdown 50k':>13} {'scans 1MB':>10} {'yaml 1MB':>9} {'x2 ratio':>9}")
    for name, unit in WORST.items():
        prose = (unit * (MAX_PROSE // len(unit)))[:MAX_PROSE]
        text = (unit * (args.size // len(unit) + 1))[: args.size]
        md = _seconds(render, prose)
        scans = _seconds(_scans, text)
        yaml_s = _seconds(_yaml, text[: args.size - 100])  # within the file limit
        half = _seconds(_scans, text[: args.size // 2]) + _seconds(render, prose[: MAX_PROSE // 2])
        ratio = (scans + md) / half if half else 0.0
        ok = md < MARKDOWN_TARGET and scans + yaml_s < SCAN_TARGET * args.size / 1_000_000
        failed += not ok
        print(
            f"{name:22} {md:12.2f}s {scans:9.2f}s {yaml_s:8.2f}s {ratio:9.2f}"
            f"  {'ok' if ok else 'OVER TARGET'}",
            flush=True,
        )
    print(
        f"targets: markdown under {MARKDOWN_TARGET:g} s for {MAX_PROSE} characters, scans and "
        f"YAML under {SCAN_TARGET:g} s per MB (CPU seconds); ratio about 2 (linear)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
