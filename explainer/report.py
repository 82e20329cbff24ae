"""``explainer check --report FILE.html``: one standalone page, every scenario green or red.

A stated fact that the engine contradicts is struck through (``<del>``) beside the
engine's value (``<ins>``); every other problem of a scenario (a number in its prose
that no fact states) is listed under its facts; a file with invalid input lists its
problems. Everything
from the files is escaped with :func:`html.escape`; the CSS is inline, so the page
can be mailed or attached to a CI run as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from explainer.scenarios.diagnostics import Code, Diagnostic
from explainer.scenarios.kinds import kind_of
from explainer.scenarios.model import Scenario

__all__ = ["render_report"]

_CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
h1{font-size:1.4rem}.summary{font-weight:600}
section{border-left:.4rem solid;padding:.4rem .9rem;margin:.8rem 0;border-radius:.2rem}
section.ok{border-color:#2a8a3e;background:#eef8f0}section.bad{border-color:#c62828;background:#fdeeee}
h2{font-size:1rem;margin:.1rem 0}.path{color:#555;font-size:.85rem;font-weight:400}
table{border-collapse:collapse;font:13px ui-monospace,monospace}td,th{padding:.1rem .6rem;text-align:left}
del{color:#c62828}ins{color:#2a8a3e;text-decoration:none;font-weight:600}
ul.problems{font:13px ui-monospace,monospace;color:#c62828;margin:.2rem 0}
"""


def render_report(
    scenarios: Sequence[Scenario],
    diagnostics: Iterable[Diagnostic],
    failed_paths: Iterable[str],
    *,
    summary: str,
) -> str:
    """The report's HTML text."""
    by_path: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        by_path.setdefault(d.location.path, []).append(d)
    parts = [
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">',
        "<title>explainer check report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>explainer check</h1>",
        f'<p class="summary">{escape(summary)}</p>',
    ]
    for path in sorted(set(failed_paths)):
        parts.append('<section class="bad">')
        parts.append(f'<h2>{escape(path)} <span class="path">invalid input</span></h2>')
        parts.append(_problems(by_path.get(path, [])))
        parts.append("</section>")
    for s in scenarios:
        mine = by_path.get(s.path, [])
        wrong = {d.location.key[-1] for d in mine if d.code == Code.DISAGREE}
        css = "bad" if mine else "ok"
        parts.append(f'<section class="{css}" id="{escape(s.id)}">')
        title = f" — {escape(s.title.source)}" if s.title else ""
        parts.append(f'<h2>{escape(s.id)}{title} <span class="path">{escape(s.path)}</span></h2>')
        parts.append(_facts_table(s, wrong))
        others = [d for d in mine if d.code != Code.DISAGREE]
        if others:
            parts.append(_problems(others))
        parts.append("</section>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _problems(diags: Sequence[Diagnostic]) -> str:
    items = "".join(f"<li>{escape(str(d))}</li>" for d in diags)
    return f'<ul class="problems">{items}</ul>'


def _facts_table(s: Scenario, wrong: set[str | int]) -> str:
    kind = kind_of(s)
    rows = []
    for key, value in kind.computed(s).items():
        fact = kind.fact(key).type
        engine = escape(fact.show(value))
        if key not in s.expect:
            cell = f'<span title="not stated">{engine}</span>'
            mark = "·"
        elif key in wrong:
            said = s.expect[key]
            engine = escape(fact.show(fact.stated(said, value)))
            cell = f"<del>{escape(fact.show(said))}</del> <ins>{engine}</ins>"
            mark = "✗"
        else:
            cell = engine
            mark = "✓"
        rows.append(f"<tr><td>{mark}</td><th>{escape(key)}</th><td>{cell}</td></tr>")
    return "<table>" + "".join(rows) + "</table>"
