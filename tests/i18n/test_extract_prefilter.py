"""The cold check's shortcuts in extraction find exactly what Babel finds: Python files
are tokenized only when they call a keyword, and the extractors are named by reference."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_python
from hypothesis import given
from hypothesis import strategies as st

from explainer.i18n import staleness

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = [*DEFAULT_KEYWORDS, "P_", "NP_"]


def _both(source: str) -> tuple[list[object], list[object]]:
    data = source.encode()
    ours = list(staleness._extract_python(io.BytesIO(data), KEYWORDS, ["NOTE:"], {}))
    babel = list(extract_python(io.BytesIO(data), KEYWORDS, ["NOTE:"], {}))  # type: ignore[arg-type]
    return ours, babel


@pytest.mark.parametrize(
    "source",
    [
        "x = 1\n",
        "for _ in range(3):\n    pass\n",
        "label = _('Trick')\n",
        "label = _ (\n    'Trick'\n)\n",
        "label = P_('ctx', 'Trick')  # NOTE: a comment\n",
        "label = obj.gettext('Trick')\n",
        "my_('not a keyword')\n",
    ],
)
def test_prefiltered_python_extraction_equals_babels(source: str) -> None:
    ours, babel = _both(source)
    assert ours == babel


@pytest.mark.parametrize("path", sorted((ROOT / "explainer").rglob("*.py")), ids=str)
def test_prefiltered_extraction_of_each_module_equals_babels(path: Path) -> None:
    ours, babel = _both(path.read_text(encoding="utf-8"))
    assert ours == babel


def test_a_file_without_a_keyword_call_is_not_tokenized(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object) -> object:
        raise AssertionError("tokenized a file that calls no keyword")

    monkeypatch.setattr("babel.messages.extract.extract_python", fail)
    data = b"for _ in range(3):\n    print(_)\n"
    assert list(staleness._extract_python(io.BytesIO(data), KEYWORDS, [], {})) == []


@pytest.mark.parametrize("folder", [ROOT / "locales", ROOT / "explainer" / "locales"])
def test_babel_cfg_methods_are_named_by_reference(folder: Path) -> None:
    method_map, _ = staleness._method_map(folder / "babel.cfg")
    assert {m for _, m in method_map} <= set(staleness._EXTRACTORS.values())


@given(
    st.sampled_from(
        ["scenarios/**.yaml", "templates/**.html", "explainer/i18n/**.py", "pyproject.toml",
         "explainer/engine/presets.py", "./a/*.txt", "^b/?.md", "docs/*/x.md"]
    ),
    st.lists(
        st.sampled_from(["a", "b", "scenarios", "templates", "explainer", "i18n", "engine",
                         "presets.py", "x.py", "p.html", "x.md", "q.yaml", ".", "*"]),
        min_size=1,
        max_size=4,
    ),
)  # fmt: skip
def test_the_compiled_patterns_match_as_babel_s_pathmatch(pattern: str, parts: list[str]) -> None:
    from babel.util import pathmatch

    path = "/".join(parts)
    assert bool(staleness.glob_pattern(pattern).match(path)) == pathmatch(pattern, path)
