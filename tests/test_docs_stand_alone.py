"""The documentation stands alone: a reader of a clone can follow every reference in it.

Every relative link of every document (the root's ``*.md`` and ``docs/``) resolves, its
``#anchor`` too; every path a document names in code (```scenarios/<page>/page.yaml```,
```test_fill.py```) is a file or folder of the repository, written whole or as the end
of one, ``<placeholder>`` and ``*`` standing for a name; and nothing points at the
project's research notes or at a machine's own folders, which a clone does not have:
their facts are cited from the public rulebooks (docs/rule-sets.md) instead.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([*ROOT.glob("*.md"), *(ROOT / "docs").rglob("*.md")])
OUTSIDE = re.compile(r"(?<![\w.:/])/(?:work|home|tmp|Users|opt|srv)/\S*")
RESEARCH = re.compile(r"shared/research|\bresearch/|\.\./shared/")
SKIPPED_FOLDERS = {".git", ".venv", "mutants", "node_modules", "__pycache__"}

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
SPAN = re.compile(r"`([^`\n]+)`")
URL = re.compile(r"[a-z]+://[^\s>)`|]+")
MD_NAME = re.compile(r"(?<![\w/.-])([\w./-]+\.md)\b")
PATHLIKE = re.compile(
    r"[\w.<>*-]*(?:/[\w.<>*-]*)+|[\w.<>*-]+\.(?:md|py|ya?ml|toml|cfg|txt|json|html|css|js|po|pot|csv)"
)

NOT_IN_A_CLONE = {
    "mutants/": "mutmut's working copy, made by benchmarks/mutation.py (git-ignored)",
    "mutants/mutation-scores.json": "written by benchmarks/mutation.py into mutants/",
    "scenarios/.drafts/": "an example of a hidden folder, which the check skips",
    "locales/de/LC_MESSAGES/messages.po": "made by the pybabel init TRANSLATING.md shows",
    "site/de/": "built once that German catalog exists (TRANSLATING.md)",
    ".github/workflows/site.yml": "a new site's workflow: explainer new writes it from "
    "explainer/scaffold/github/",
    ".pre-commit-config.yaml": "a site's pre-commit configuration, which its author writes",
}
"""Paths the documents name that a clone does not hold, each with the reason."""


def _repository_paths() -> frozenset[str]:
    """Every file and folder of the checkout, relative and ``/``-separated."""
    found: set[str] = set()
    stack = [ROOT]
    while stack:
        folder = stack.pop()
        for entry in folder.iterdir():
            if entry.name in SKIPPED_FOLDERS or entry.name.endswith(".egg-info"):
                continue
            found.add(entry.relative_to(ROOT).as_posix())
            if entry.is_dir() and not entry.is_symlink():
                stack.append(entry)
    return frozenset(found)


PATHS = _repository_paths()


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower()
    kept = "".join(
        c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN"
    )  # fmt: skip
    return kept.replace(" ", "-")


def anchors(doc: Path) -> frozenset[str]:
    """The anchors of a document's headings (a repeated heading gets ``-1``, ``-2``...)."""
    seen: dict[str, int] = {}
    found = set()
    text = FENCE.sub("", doc.read_text(encoding="utf-8"))
    for line in text.splitlines():
        m = re.match(r"#{1,6} (.+)", line)
        if m:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return frozenset(found)


def broken_links(doc: Path, text: str) -> list[str]:
    """The relative links of ``text`` (written in ``doc``) that lead nowhere."""
    problems = []
    for m in LINK.finditer(SPAN.sub("", FENCE.sub("", text))):
        target = m.group(1)
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists():
            problems.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            problems.append(f"{target}: no heading #{anchor} in {file.name}")
    return problems


def _pattern(name: str) -> re.Pattern[str]:
    """``name`` as a path pattern: ``<placeholder>`` and ``*`` stand for a name."""
    parts = re.split(r"(<[^>]*>|\*)", name)
    body = "".join("[^/]+" if p.startswith("<") or p == "*" else re.escape(p) for p in parts)
    return re.compile(rf"(?:.*/)?{body}")


def in_repository(doc: Path, name: str) -> bool:
    """Whether ``name`` is a file or folder of the repository: from its root, from the
    document's folder, or as the end of a path (``test_fill.py``, ``kinds/law.py``)."""
    name = name.rstrip("/")
    if not name or name in PATHS:
        return True
    beside = (doc.parent / name).resolve()
    if beside.exists() and beside.is_relative_to(ROOT):
        return True
    pattern = _pattern(name)
    return any(pattern.fullmatch(p) for p in PATHS)


def foreign_paths(doc: Path, text: str) -> list[str]:
    """The paths ``text`` names that the repository does not hold."""
    prose = FENCE.sub("", text)
    names = [
        m.group(0)
        for span in SPAN.finditer(prose)
        for m in [PATHLIKE.fullmatch(span.group(1).strip())]
        if m and "://" not in span.group(1)
    ]
    names += MD_NAME.findall(URL.sub("", LINK.sub("", prose)).replace("`", " "))
    urls = URL.findall(prose)
    return [
        n for n in dict.fromkeys(names)
        if n not in NOT_IN_A_CLONE
        and not n.startswith(("~", "$", "/"))  # the user's folders; a URL's path
        and not any(u.endswith("/" + n) for u in urls)  # a file of the repository linked
        and not in_repository(doc, n)
    ]  # fmt: skip


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(doc: Path) -> None:
    assert broken_links(doc, doc.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_every_path_a_document_names_is_in_the_repository(doc: Path) -> None:
    assert foreign_paths(doc, doc.read_text(encoding="utf-8")) == []


def test_no_document_names_a_path_outside_the_repository() -> None:
    found = [
        f"{doc.relative_to(ROOT)}: {m.group(0)}"
        for doc in DOCS
        for pattern in (OUTSIDE, RESEARCH)
        for m in pattern.finditer(doc.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_a_research_note_or_a_missing_target_is_found() -> None:
    doc = ROOT / "docs" / "rule-sets.md"
    text = (
        "The knobs (`shared/research/coinche.md` §7, or coinche.md §7.1) and\n"
        "[the format](scenario-format.md#no-such-heading), [gone](gone.md),\n"
        "[kept](scenario-format.md#pages), `tests/cases/wrong/`, `test_fill.py`,\n"
        "`scenarios/<page>/page.yaml`, `explainer/engine/nowhere.py`.\n"
    )
    assert RESEARCH.search(text)
    assert broken_links(doc, text) == [
        "scenario-format.md#no-such-heading: no heading #no-such-heading in scenario-format.md",
        "gone.md: no such file",
    ]
    assert foreign_paths(doc, text) == [
        "shared/research/coinche.md",
        "explainer/engine/nowhere.py",
        "coinche.md",
    ]


def test_headings_give_githubs_anchors() -> None:
    assert slug("`kind: play` — which card may be played, who wins the trick") == (
        "kind-play--which-card-may-be-played-who-wins-the-trick"
    )
    assert slug("Coinche kinds — the auction") == "coinche-kinds--the-auction"


def test_the_schema_modeline_resolves_from_a_section_folder() -> None:
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    line = re.search(r"\$schema=(\S+)", text)
    assert line is not None
    section = ROOT / "scenarios" / "which-card" / "climb"
    assert (section / line.group(1)).resolve().is_file()
