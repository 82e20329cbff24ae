"""Each translation check, against one catalog per bad input (``cases/bad-*.po``).

Every bad catalog states on its first line the one problem it must produce:
``# expect: LINE: CODE: MESSAGE``. ``cases/good.po`` must pass every check.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Message, TranslationError

from explainer.i18n.check import check_catalog_file
from explainer.i18n.checkers import (
    CHECKERS,
    check_card_tokens,
    check_markdown,
    check_placeholders,
    check_value_tokens,
)
from explainer.i18n.staleness import Coverage, Extracted, format_coverage

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


def test_fuzzy_entry_is_untranslated_not_a_problem() -> None:
    assert check_catalog_file(CASES / "fuzzy.po", "pl") == []


def test_fuzzy_entry_is_a_problem_for_a_language_declared_complete() -> None:
    sources = {("seat", "South"): Extracted(None, ("explainer/i18n/names.py", 12))}
    found = check_catalog_file(CASES / "fuzzy.po", "pl", sources=sources, complete=True)
    assert [(d.line, d.code, d.message) for d in found] == [
        (
            11,
            "po-fuzzy",
            "fuzzy entry 'South' (msgctxt 'seat'): review the translation and remove the fuzzy "
            "flag (the site shows the English text meanwhile)",
        )
    ]


def test_fuzzy_entry_is_not_checked_because_the_site_does_not_use_it() -> None:
    message = Message("West leads {AS}.", "Zachód wychodzi {KS}.", flags=["fuzzy"])
    assert check_card_tokens(None, message) is None
    with pytest.raises(TranslationError, match=r"missing \{AS\}"):
        check_card_tokens(None, Message("West leads {AS}.", "Zachód wychodzi {KS}."))


def test_card_codes_compare_case_insensitively_with_t_for_ten() -> None:
    assert check_card_tokens(None, Message("{10H} and {KS}", "{kS|króla pik} i {th}")) is None


def test_the_same_card_twice_must_stay_twice() -> None:
    with pytest.raises(TranslationError, match=r"missing \{KS\}"):
        check_card_tokens(None, Message("{KS}, then {KS} again", "{KS|król pik} dwa razy"))


def test_value_tokens_are_kept_and_are_neither_numbers_nor_placeholders() -> None:
    message = Message("Belote: {=belote}; the jack: {=points:JH}.", "{=points:JH} i {=belote}.")
    assert [check(None, message) for _, check in CHECKERS] == [None] * len(CHECKERS)


def test_a_value_token_used_twice_must_stay_twice() -> None:
    with pytest.raises(
        TranslationError, match=r"^value tokens differ from the source: missing \{=belote\}$"
    ):
        check_value_tokens(None, Message("{=belote} and {=belote}", "{=belote}"))


def test_percent_words_in_prose_are_not_placeholders() -> None:
    assert check_placeholders(None, Message("All the points.", "100 % des points.")) is None


def test_plural_forms_are_checked_one_by_one() -> None:
    message = Message(("%(num)d point", "%(num)d points"), ("%(num)d punkt", "punkty", ""))
    with pytest.raises(TranslationError, match=r"^form \[1\]: missing placeholder %\(num\)d$"):
        check_placeholders(None, message)


def test_markdown_in_the_same_shape_passes() -> None:
    assert check_markdown(None, Message("- **a** b\n- *c*", "- **a** bé\n- *cé*")) is None
    with pytest.raises(TranslationError):
        check_markdown(None, Message("- **a** b\n- *c*", "**a** bé *cé*"))


def test_coverage_line_of_complete_catalogs_is_only_figures() -> None:
    assert format_coverage({"pl": Coverage(4, 4), "fr": Coverage(4, 4)}) == (
        "translations: fr 100% (4/4), pl 100% (4/4)"
    )


def test_coverage_line_says_how_to_update_without_fuzzy_guesses() -> None:
    assert format_coverage({"pl": Coverage(3, 5, new=1, fuzzy=1), "fr": Coverage(5, 5)}) == (
        "translations: fr 100% (5/5), pl 60% (3/5, 1 new, 1 fuzzy); untranslated messages "
        "show in English: to translate them, run python -m explainer.i18n.update, then "
        "review each fuzzy entry and remove its flag, then fill in the empty entries"
    )


def test_coverage_line_of_empty_entries_says_fill_them_in() -> None:
    assert format_coverage({"pl": Coverage(3, 4)}) == (
        "translations: pl 75% (3/4); untranslated messages show in English: to translate "
        "them, fill in the empty entries"
    )
