"""Shared by the browser tests: Debian's Chromium through Playwright, and a local server.

The rule for every browser test: skipped with the reason when Chromium or Playwright is
missing, except on CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def unavailable(reason: str) -> None:
    """Skip the test with ``reason``, or fail it on CI, where the browser must be there."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser test cannot run on CI: {reason}")
    pytest.skip(reason)


def launch() -> Iterator[Any]:
    """A headless Chromium for a module-scoped fixture (``yield from launch()``)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed")
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        unavailable(f"chromium not found at {CHROMIUM}")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


AXE_VERSION = "4"
"""The major version of axe-core the accessibility test runs (from npm)."""


def axe_cache() -> Path:
    """Where the tests install axe-core with npm (``.ci/run`` installs it there too)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "explainer" / "axe"


def axe_script() -> Path:
    """``axe.min.js`` of axe-core 4: ``$AXE_CORE_JS``, else the npm cache folder (installed
    there with ``npm install`` on first use). Missing: skipped, or failed on CI."""
    given = os.environ.get("AXE_CORE_JS")
    if given:
        if not os.path.isfile(given):
            unavailable(f"AXE_CORE_JS names no file: {given}")
        return Path(given)
    script = axe_cache() / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        if npm is None:
            unavailable("axe-core is not installed and npm is missing")
            raise AssertionError  # unreachable: unavailable() skips or fails
        cmd = [npm, "install", "--silent", "--prefix", str(axe_cache()), f"axe-core@{AXE_VERSION}"]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=300)
        if done.returncode != 0 or not script.is_file():
            unavailable(f"npm could not install axe-core: {done.stderr.strip()[-300:]}")
    return script


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        pass


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free localhost port; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


AXE_RUN = """opts => axe.run(document, Object.assign({resultTypes: ['violations']}, opts))
  .then(r => ({
    rules: [r.passes, r.violations, r.incomplete, r.inapplicable].flat().map(x => x.id),
    violations: r.violations.map(v => ({id: v.id, impact: v.impact, count: v.nodes.length,
                                        targets: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))
  }))"""
"""One ``axe.run`` over the document: the ids of the rules it ran and its violations (only
what the message needs crosses to Python)."""


def axe_violations(page: Any, widths: tuple[int, ...]) -> list[str]:
    """axe-core's violations on ``page`` (loaded, axe injected) in light and dark at each of
    ``widths``, each rule run where its result can differ (tests/site/test_browser.py's
    docstring says why, and ``test_the_modes_axe_skips_change_nothing_its_rules_read`` keeps
    it so): every rule axe runs by default in light at the narrowest width; the colour rules
    (axe's ``cat.color``) in dark at the narrowest width, where text is no larger; every other
    rule in light at each other width. One line per violation: ``scheme width: rule ...``."""
    narrow, *wider = sorted(widths)
    found: list[str] = []

    def run(scheme: str, width: int, options: dict[str, Any]) -> set[str]:
        page.emulate_media(color_scheme=scheme)
        page.set_viewport_size({"width": width, "height": 900})
        result = page.evaluate(AXE_RUN, options)
        found.extend(
            f"{scheme} {width}px: {v['id']} ({v['impact']}) on {v['count']} nodes,"
            f" e.g. {v['targets']}"
            for v in result["violations"]
        )
        return set(result["rules"])

    every = run("light", narrow, {})
    colour = sorted(every & set(page.evaluate("axe.getRules(['cat.color']).map(r => r.ruleId)")))
    assert "color-contrast" in colour and len(every) > 2 * len(colour), (colour, every)
    only = {"runOnly": {"type": "rule", "values": colour}}
    assert run("dark", narrow, only) == set(colour)
    for width in wider:
        rest = {"rules": {rule: {"enabled": False} for rule in colour}}
        assert run("light", width, rest) == every - set(colour)
    return found
