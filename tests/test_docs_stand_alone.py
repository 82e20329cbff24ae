"""The documentation stands alone: no page points at a path outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([*ROOT.glob("*.md"), *(ROOT / "docs").rglob("*.md")])
OUTSIDE = re.compile(r"(?<![\w.:/])/(?:work|home|tmp|Users|opt|srv)/\S*")


def test_no_document_names_a_path_outside_the_repository() -> None:
    found = [
        f"{doc.relative_to(ROOT)}: {m.group(0)}"
        for doc in DOCS
        for m in OUTSIDE.finditer(doc.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_schema_modeline_resolves_from_a_section_folder() -> None:
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    line = re.search(r"\$schema=(\S+)", text)
    assert line is not None
    section = ROOT / "scenarios" / "which-card" / "climb"
    assert (section / line.group(1)).resolve().is_file()
