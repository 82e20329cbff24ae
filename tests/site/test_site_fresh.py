"""The committed ``site/`` is what ``explainer build`` makes from the committed sources."""

from __future__ import annotations

from pathlib import Path

from explainer.site.build import STAMP

ROOT = Path(__file__).resolve().parents[2]


def _files(folder: Path) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != STAMP
    }


def test_committed_site_is_fresh(built_site: Path) -> None:
    fresh = _files(built_site)
    committed = _files(ROOT / "site")
    stale = sorted(
        [f"changed: site/{p}" for p in fresh if p in committed and committed[p] != fresh[p]]
        + [f"missing: site/{p}" for p in fresh if p not in committed]
        + [f"extra:   site/{p}" for p in committed if p not in fresh]
    )
    assert not stale, (
        "the committed site/ is stale; run `explainer build` and commit site/:\n  "
        + "\n  ".join(stale)
    )
