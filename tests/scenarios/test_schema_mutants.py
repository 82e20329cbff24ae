"""``explainer/scenarios/schema.py``: ``python -m explainer.scenarios.schema`` writes the
two schemas as the shipped files hold them, in UTF-8 (issue 16: the schema mutants; the
other tests compare the shipped files but never call ``write``)."""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field

import pytest

from explainer.scenarios import schema


@dataclass
class _File:
    """A stand-in for a schema path: what ``write_text`` was given."""

    written: list[tuple[str, str | None]] = field(default_factory=list)

    def write_text(self, text: str, encoding: str | None = None) -> None:
        self.written.append((text, encoding))


def test_write_writes_each_schema_as_the_shipped_file_in_utf8(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shipped = {
        "scenario": schema.SCENARIO_SCHEMA.read_text(encoding="utf-8"),
        "page": schema.PAGE_SCHEMA.read_text(encoding="utf-8"),
    }
    files = {"scenario": _File(), "page": _File()}
    monkeypatch.setattr(schema, "SCENARIO_SCHEMA", files["scenario"])
    monkeypatch.setattr(schema, "PAGE_SCHEMA", files["page"])
    schema.write()
    for name, f in files.items():
        assert len(f.written) == 1
        text, encoding = f.written[0]
        assert text == shipped[name]
        assert encoding is not None
        assert codecs.lookup(encoding).name == "utf-8"
    assert "♠" in shipped["scenario"]  # written as is, not as \u escapes
