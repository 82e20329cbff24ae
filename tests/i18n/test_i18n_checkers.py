"""Each translation check, against one catalog per bad input (``cases/bad-*.po``).

Every bad catalog states on its first line the one problem it must produce:
``# expect: LINE: CODE: MESSAGE``. ``cases/good.po`` must pass every check.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Message, TranslationError

from explainer.i18n.checkers import (
    check_card_tokens,
    check_catalog_file,
    check_markdown,
    check_placeholders,
    format_coverage,
)

CASES = Path(__file__).parent / "cases"
BAD = sorted(CASES.glob("bad-*.po"))


def _expected(path: Path) -> tuple[int, str, str]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = re.fullmatch(r"# expect: (\d+): ([a-z-]+): (.*)", first)
    assert m, f"{path.name}: first line must be '# expect: LINE: CODE: MESSAGE'"
    return int(m.group(1)), m.group(2), m.group(3)


def test_good_catalog_passes_every_check() -> None:
    assert check_catalog_file(CASES / "good.po", "pl") == []


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_catalog_fails_with_its_one_diagnostic(path: Path) -> None:
    line, code, message = _expected(path)
    found = check_catalog_file(path, "pl", shown=path.name)
    assert [(d.line, d.code, d.message, d.severity) for d in found] == [
        (line, code, message, "invalid")
    ]
    assert str(found[0]) == f"{path.name}:{line}:1: {message}"


def test_card_codes_compare_case_insensitively_with_t_for_ten() -> None:
    check_card_tokens(None, Message("{10H} and {KS}", "{kS|króla pik} i {th}"))


def test_the_same_card_twice_must_stay_twice() -> None:
    with pytest.raises(TranslationError, match=r"missing \{KS\}"):
        check_card_tokens(None, Message("{KS}, then {KS} again", "{KS|król pik} dwa razy"))


def test_percent_words_in_prose_are_not_placeholders() -> None:
    check_placeholders(None, Message("All the points.", "100 % des points."))


def test_plural_forms_are_checked_one_by_one() -> None:
    message = Message(("%(num)d point", "%(num)d points"), ("%(num)d punkt", "punkty", ""))
    with pytest.raises(TranslationError, match=r"^form \[1\]: missing placeholder %\(num\)d$"):
        check_placeholders(None, message)


def test_markdown_in_the_same_shape_passes() -> None:
    check_markdown(None, Message("- **a** b\n- *c*", "- **a** bé\n- *cé*"))


def test_coverage_line() -> None:
    assert format_coverage({"pl": (3, 4), "fr": (4, 4)}) == (
        "translations: fr 100% (4/4), pl 75% (3/4)"
    )
