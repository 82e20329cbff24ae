"""``explainer/scenarios/reader.py``: each typed read of a YAML node, its value, and each
problem's whole message, line, column and code; the key locations recorded; "did you
mean" hints and the bounds (issue 16: the reader mutants)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from explainer.engine import Seat, Team, parse_card
from explainer.scenarios.diagnostics import INVALID, Code, Diagnostic, Location
from explainer.scenarios.model import Text
from explainer.scenarios.reader import (
    MAX_DIGITS,
    KeyLocations,
    Reader,
    did_you_mean,
    display_path,
    one_of,
    what_is,
)
from explainer.scenarios.yamlsource import MAX_ITEMS, Node, compose

Problem = tuple[int, int, str, Code]


def _node(text: str) -> Node:
    node = compose(text)
    assert node is not None
    return node


def _problems(r: Reader) -> list[Problem]:
    return [(d.location.line, d.location.col, d.message, d.code) for d in r.diags]


def _read(method: str, text: str, *args: Any) -> tuple[Any, list[Problem]]:
    """``Reader.method`` on ``text`` written at line 2, column 3, read at ``a.b``."""
    r = Reader("f.yaml")
    value = getattr(r, method)(_node("\n  " + text), ("a", "b"), *args)
    return value, _problems(r)


# ------------------------------------------------------------------------------ helpers


def test_a_path_is_shown_relative_to_the_current_folder_when_below_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "in" / "deep").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "in")
    below = str(tmp_path / "in" / "deep" / "a.yaml")
    assert display_path(below) == os.path.join("deep", "a.yaml")
    assert display_path(Path(below)) == os.path.join("deep", "a.yaml")
    assert display_path(str(tmp_path / "in" / "a.yaml")) == "a.yaml"
    outside = str(tmp_path / "out" / "a.yaml")
    assert display_path(outside) == outside
    assert display_path("x/../a.yaml") == "x/../a.yaml"
    monkeypatch.chdir(tmp_path / "in" / "deep")
    assert display_path(below) == "a.yaml"
    monkeypatch.chdir(tmp_path)
    assert display_path(below) == os.path.join("in", "deep", "a.yaml")


@pytest.mark.parametrize(
    ("text", "said"),
    [("{a: 1}", "a mapping"), ("[1]", "a list"), ("x y", "'x y'"), ("''", "nothing")],
)
def test_what_a_node_is_said_to_be(text: str, said: str) -> None:
    assert what_is(_node(text)) == said


@pytest.mark.parametrize(
    ("word", "hint"),
    [
        ("titel", " (did you mean 'title'?)"),
        ("txt", " (did you mean 'text'?)"),
        ("zzz", ""),
        ("tit", " (did you mean 'title'?)"),
        ("ti", ""),
    ],
)
def test_did_you_mean_offers_the_one_close_choice(word: str, hint: str) -> None:
    """Close is difflib's ratio of at least 0.6: "tit" and "title" are 6/8, "ti" 4/7."""
    assert did_you_mean(word, iter(["title", "text", "order"])) == hint


@pytest.mark.parametrize(
    ("choices", "said"),
    [(["a"], "a"), (["a", "b"], "a or b"), (["a", "b", "c"], "a, b or c")],
)
def test_one_of_lists_the_choices(choices: list[str], said: str) -> None:
    assert one_of(choices) == said


def test_key_locations_are_one_based_and_fall_back_to_a_parent_then_the_file() -> None:
    keys = KeyLocations("f.yaml")
    keys.marks[("a",)] = (2, 4)
    keys.marks[("a", 1)] = (3, 0)
    assert keys[("a",)] == Location("f.yaml", 3, 5, ("a",))
    assert ("a", 1) in keys and ("b",) not in keys and "a" not in keys
    assert list(keys) == [("a",), ("a", 1)] and len(keys) == 2
    assert keys.where(("a", 1, "x", 2)) == Location("f.yaml", 4, 1, ("a", 1))
    assert keys.where(("a", "y")) == Location("f.yaml", 3, 5, ("a",))
    assert keys.where(("b",)) == Location("f.yaml", 1, 1)
    assert keys.where(()) == Location("f.yaml", 1, 1)
    assert repr(keys) == (
        "KeyLocations({('a',): Location(path='f.yaml', line=3, col=5, key=('a',)), "
        "('a', 1): Location(path='f.yaml', line=4, col=1, key=('a', 1))})"
    )


def test_a_problem_is_placed_at_a_node_a_location_or_the_file_start() -> None:
    r = Reader("f.yaml")
    r.error(_node("\n\n    x"), "at a node")
    r.error(Location("g.yaml", 7, 8), "at a place", Code.TYPE)
    r.error(None, "at the start", Code.EMPTY)
    assert r.diags == [
        Diagnostic(Location("f.yaml", 3, 5), "at a node", Code.INVALID, INVALID),
        Diagnostic(Location("g.yaml", 7, 8), "at a place", Code.TYPE, INVALID),
        Diagnostic(Location("f.yaml", 1, 1), "at the start", Code.EMPTY, INVALID),
    ]
    assert r.loc(_node("\n x")) == Location("f.yaml", 2, 2)


# ---------------------------------------------------------------------------- structure


def test_a_mapping_gives_its_pairs_and_records_its_keys_under_its_path() -> None:
    r = Reader("f.yaml")
    pairs = r.mapping(_node("x: 1\ny:\n  - 2\n"), ("top", 2), ("x", "y"))
    assert pairs is not None
    assert {k: (kn.value, vn.start_mark.line) for k, (kn, vn) in pairs.items()} == {
        "x": ("x", 0),
        "y": ("y", 2),
    }
    assert dict(r.keys) == {
        ("top", 2, "x"): Location("f.yaml", 1, 1, ("top", 2, "x")),
        ("top", 2, "y"): Location("f.yaml", 2, 1, ("top", 2, "y")),
    }
    assert r.diags == []


@pytest.mark.parametrize(
    ("at", "text", "what", "problem"),
    [
        ((), "- 1\n", "a page mapping", (1, 1, "file: expected a page mapping, got a list")),
        (("a", 1), "\n  x", "a mapping", (2, 3, "a.1: expected a mapping, got 'x'")),
        (("a",), "''", "a mapping", (1, 1, "a: expected a mapping, got nothing")),
    ],
)
def test_a_mapping_that_is_not_one_is_refused(
    at: tuple[str | int, ...], text: str, what: str, problem: tuple[int, int, str]
) -> None:
    r = Reader("f.yaml")
    assert r.mapping(_node(text), at, None, what=what) is None
    assert _problems(r) == [(*problem, Code.TYPE)]


def test_a_mapping_s_default_name_is_a_mapping() -> None:
    r = Reader("f.yaml")
    assert r.mapping(_node("[]"), ("k",), None) is None
    assert _problems(r) == [(1, 1, "k: expected a mapping, got a list", Code.TYPE)]


def _longer(text: str) -> Node:
    """The node of ``text`` (a list or mapping of MAX_ITEMS) with one item more: the YAML
    reader refuses such a text before composing it, a node built otherwise is refused by
    the reader too."""
    node = _node(text)
    node.value.append(node.value[-1])
    return node


@pytest.mark.parametrize(("at", "name"), [((), "file"), (("a", 2), "a.2")])
def test_a_mapping_of_more_than_max_items_keys_is_refused(
    at: tuple[str | int, ...], name: str
) -> None:
    r = Reader("f.yaml")
    keys = "".join(f"k{i}: 1\n" for i in range(MAX_ITEMS))
    pairs = r.mapping(_node(keys), at, None)
    assert pairs is not None and len(pairs) == MAX_ITEMS and r.diags == []
    assert r.mapping(_longer("\n  " + keys.replace("\n", "\n  ")), at, None) is None
    assert _problems(r) == [(2, 3, f"{name}: too many keys (at most 1000)", Code.TOO_LONG)]


def test_a_mapping_reports_each_bad_key_and_keeps_the_others() -> None:
    r = Reader("f.yaml")
    text = "titl: 1\nok:\n  2\n[x]: 3\nok: 4\nzzz: 5\n"
    pairs = r.mapping(_node(text), ("top", 1), ("title", "ok"))
    assert pairs is not None and list(pairs) == ["ok"] and pairs["ok"][1].value == "2"
    assert _problems(r) == [
        (1, 1, "top.1: unknown key 'titl' (did you mean 'title'?)", Code.UNKNOWN_KEY),
        (4, 1, "top.1.?: a key must be a plain word, got a list", Code.TYPE),
        (5, 1, "duplicate key top.1.ok (first at line 2)", Code.DUPLICATE_KEY),
        (6, 1, "top.1: unknown key 'zzz'", Code.UNKNOWN_KEY),
    ]
    assert list(r.keys) == [("top", 1, "ok")]


def test_a_file_s_bad_keys_are_named_without_a_path() -> None:
    r = Reader("f.yaml")
    pairs = r.mapping(_node("a: 1\n\nb: 2\n{x: 1}: 3\na: 4\n"), (), ("a",))
    assert pairs is not None and list(pairs) == ["a"]
    assert _problems(r) == [
        (3, 1, "unknown key 'b'", Code.UNKNOWN_KEY),
        (4, 1, "?: a key must be a plain word, got a mapping", Code.TYPE),
        (5, 1, "duplicate key a (first at line 1)", Code.DUPLICATE_KEY),
    ]


def test_a_list_gives_its_items_and_records_them_from_one() -> None:
    r = Reader("f.yaml")
    items = r.sequence(_node("- a\n-  b\n"), ("l",))
    assert items is not None and [n.value for n in items] == ["a", "b"]
    assert dict(r.keys) == {
        ("l", 1): Location("f.yaml", 1, 3, ("l", 1)),
        ("l", 2): Location("f.yaml", 2, 4, ("l", 2)),
    }


def test_a_list_that_is_not_one_or_too_long_is_refused() -> None:
    r = Reader("f.yaml")
    assert r.sequence(_node("\n  x"), ("a", 1)) is None
    assert r.sequence(_node("{}"), ("b",), what="a list of plays") is None
    full = r.sequence(_node("[" + "1," * (MAX_ITEMS - 1) + "1]"), ("c",))
    assert full is not None and len(full) == MAX_ITEMS
    assert r.sequence(_longer("\n [" + "1," * (MAX_ITEMS - 1) + "1]"), ("d",)) is None
    assert _problems(r) == [
        (2, 3, "a.1: expected a list, got 'x'", Code.TYPE),
        (1, 1, "b: expected a list of plays, got a mapping", Code.TYPE),
        (2, 2, "d: too many items (1001, at most 1000)", Code.TOO_LONG),
    ]


# ------------------------------------------------------------------------------ scalars


@pytest.mark.parametrize(
    ("text", "value", "problems"),
    [
        ("x y", "x y", []),
        ("''", "", []),
        ('""', "", []),
        ("[x]", None, [(2, 3, "a.b: expected a string, got a list", Code.TYPE)]),
        ("{x: 1}", None, [(2, 3, "a.b: expected a string, got a mapping", Code.TYPE)]),
        ("", None, [(2, 3, "a.b: missing value (expected a string)", Code.TYPE)]),
    ],
)
def test_a_string_is_any_written_scalar(text: str, value: str | None, problems: object) -> None:
    if text == "":
        r = Reader("f.yaml")
        pairs = r.mapping(_node("\nk:\n"), (), None)
        assert pairs is not None
        assert r.string(pairs["k"][1], ("a", "b")) is None
        assert _problems(r) == problems
        return
    assert _read("string", text) == (value, problems)


def test_a_missing_value_names_what_was_expected() -> None:
    r = Reader("f.yaml")
    pairs = r.mapping(_node("k:\nl: ~\n"), (), None)
    assert pairs is not None
    assert r.integer(pairs["k"][1], ("k",)) is None
    assert r.string(pairs["l"][1], ("l",)) == "~"
    assert _problems(r) == [(1, 3, "k: missing value (expected a whole number)", Code.TYPE)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0),
        ("7", 7),
        ("-12", -12),
        ("+5", 5),
        ("' 3 '", 3),
        ("123456789", 123456789),
        ("-000123456789", -123456789),
        ("+0000000000", 0),
    ],
)
def test_a_whole_number_of_at_most_nine_digits_is_read(text: str, value: int) -> None:
    assert _read("integer", text) == (value, [])


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("x", ("a.b: expected a whole number, got 'x'", Code.TYPE)),
        ("1.5", ("a.b: expected a whole number, got '1.5'", Code.TYPE)),
        ("'1 2'", ("a.b: expected a whole number, got '1 2'", Code.TYPE)),
        ("[1]", ("a.b: expected a whole number, got a list", Code.TYPE)),
        (
            "1234567890",
            ("a.b: number too large (10 digits, at most 9)", Code.NUMBER_TOO_LARGE),
        ),
        (
            "-0012345678901",
            ("a.b: number too large (11 digits, at most 9)", Code.NUMBER_TOO_LARGE),
        ),
    ],
)
def test_a_bad_or_too_long_number_is_refused_at_its_value(
    text: str, problem: tuple[str, Code]
) -> None:
    assert _read("integer", text) == (None, [(2, 3, *problem)])
    assert MAX_DIGITS == 9


@pytest.mark.parametrize(
    ("text", "value"),
    [("true", True), ("false", False), ("TRUE", True), ("' False '", False)],
)
def test_a_boolean_is_true_or_false_in_any_case(text: str, value: bool) -> None:
    assert _read("boolean", text) == (value, [])


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("yes", "a.b: expected true or false, got 'yes'"),
        ("1", "a.b: expected true or false, got '1'"),
        ("[]", "a.b: expected true or false, got a list"),
    ],
)
def test_anything_else_is_not_a_boolean(text: str, problem: str) -> None:
    assert _read("boolean", text) == (None, [(2, 3, problem, Code.TYPE)])


def test_an_id_is_lowercase_letters_digits_and_dashes() -> None:
    assert _read("ident", "a-1") == ("a-1", [])
    assert _read("ident", "A") == (
        None,
        [(2, 3, "a.b: invalid id 'A' (use a-z, 0-9 and -)", Code.BAD_ID)],
    )
    assert _read("ident", "'a '") == (
        None,
        [(2, 3, "a.b: invalid id 'a ' (use a-z, 0-9 and -)", Code.BAD_ID)],
    )
    assert _read("ident", "[a]") == (
        None,
        [(2, 3, "a.b: expected an id, got a list", Code.TYPE)],
    )


def test_a_choice_is_one_of_its_words_or_a_hint() -> None:
    words = ["follow", "trump", "climb"]
    assert _read("choice", "trump", words) == ("trump", [])
    assert _read("choice", "trumps", words) == (
        None,
        [
            (
                2,
                3,
                "a.b: unknown value 'trumps' (did you mean 'trump'?) "
                "(expected follow, trump or climb)",
                Code.BAD_VALUE,
            )
        ],
    )
    assert _read("choice", "x", ["one"]) == (
        None,
        [(2, 3, "a.b: unknown value 'x' (expected one)", Code.BAD_VALUE)],
    )
    assert _read("choice", "[x]", words) == (
        None,
        [(2, 3, "a.b: expected a string, got a list", Code.TYPE)],
    )


def test_a_text_keeps_its_context_and_the_line_it_is_told() -> None:
    r = Reader("f.yaml")
    pairs = r.mapping(_node("k: 1\n\ntitle:\n  Hello\n  there\n"), (), None)
    assert pairs is not None
    knode, vnode = pairs["title"]
    assert r.text(vnode, ("title",), "s|title", knode) == Text("Hello there", "s|title", 3)
    assert r.text(vnode, ("title",), "s|title", vnode) == Text("Hello there", "s|title", 4)
    assert r.text(pairs["k"][0], ("k",), "c", pairs["k"][0]) == Text("k", "c", 1)
    assert r.text(_node("[x]"), ("t",), "c", knode) is None
    assert _problems(r) == [(1, 1, "t: expected a text, got a list", Code.TYPE)]


# -------------------------------------------------------------------------- engine values


def test_a_card_is_parsed_or_refused_with_the_engine_s_reason() -> None:
    assert _read("card", "TH") == (parse_card("10H"), [])
    assert _read("card", "ZZ") == (
        None,
        [(2, 3, "invalid card: 'ZZ' (expected a rank and a suit, like KS or 10H)", Code.BAD_CARD)],
    )
    assert _read("card", "[AH]") == (None, [(2, 3, "a.b: expected a card, got a list", Code.TYPE)])


def test_a_seat_is_parsed_or_refused_naming_the_seats() -> None:
    assert _read("seat", "n") == (Seat.N, [])
    assert _read("seat", "W") == (Seat.W, [])
    assert _read("seat", "Q") == (
        None,
        [(2, 3, "invalid seat: 'Q' (expected N, E, S or W)", Code.BAD_SEAT)],
    )
    assert _read("seat", "{}") == (None, [(2, 3, "a.b: expected a seat, got a mapping", Code.TYPE)])


def test_a_team_is_parsed_or_refused_naming_the_teams() -> None:
    assert _read("team", "EW") == (Team.EW, [])
    assert _read("team", "NE") == (
        None,
        [(2, 3, "invalid team: 'NE' (expected NS or EW)", Code.BAD_SEAT)],
    )
    assert _read("team", "[]") == (None, [(2, 3, "a.b: expected a team, got a list", Code.TYPE)])


@pytest.mark.parametrize(
    ("text", "none"),
    [
        ("none", True),
        ("' None '", True),
        ("NULL", True),
        ("'~'", True),
        ("''", True),
        ("no", False),
        ("[none]", False),
        ("{none: 1}", False),
    ],
)
def test_none_is_a_word_not_a_problem(text: str, none: bool) -> None:
    r = Reader("f.yaml")
    assert r.is_none(_node(text)) is none
    assert r.diags == []


def test_a_list_of_cards_is_read_in_order_each_with_its_node() -> None:
    r = Reader("f.yaml")
    got = r.cards(_node("[7S, 8d, TH]"), ("hand",))
    assert got is not None
    assert [(c, n.value) for c, n in got] == [
        (parse_card("7S"), "7S"),
        (parse_card("8D"), "8d"),
        (parse_card("10H"), "TH"),
    ]
    assert r.diags == [] and list(r.keys) == [("hand", 1), ("hand", 2), ("hand", 3)]


def test_a_list_of_cards_reports_every_bad_or_repeated_card() -> None:
    r = Reader("f.yaml")
    text = "- AH\n- ZZ\n- 7c\n- Ah\n- 7C\n"
    assert r.cards(_node(text), ("hand",)) is None
    assert _problems(r) == [
        (2, 3, "invalid card: 'ZZ' (expected a rank and a suit, like KS or 10H)", Code.BAD_CARD),
        (4, 3, "duplicate card: AH (also at line 1)", Code.DUPLICATE_CARD),
        (5, 3, "duplicate card: 7C (also at line 3)", Code.DUPLICATE_CARD),
    ]
    for text, problem in (
        (
            "- ZZ\n- AH\n",
            (
                1,
                3,
                "invalid card: 'ZZ' (expected a rank and a suit, like KS or 10H)",
                Code.BAD_CARD,
            ),
        ),
        ("- AH\n- AH\n", (2, 3, "duplicate card: AH (also at line 1)", Code.DUPLICATE_CARD)),
    ):
        r = Reader("f.yaml")
        assert r.cards(_node(text), ("hand",)) is None
        assert _problems(r) == [problem]
    r = Reader("f.yaml")
    assert r.cards(_node("[AH, [KH], {QH: 1}]"), ("hand",)) is None
    assert _problems(r) == [
        (1, 6, "hand: expected a card, got a list", Code.TYPE),
        (1, 12, "hand: expected a card, got a mapping", Code.TYPE),
    ]
    r = Reader("f.yaml")
    assert r.cards(_node("AH"), ("hand",)) is None
    assert _problems(r) == [(1, 1, "hand: expected a list of cards, got 'AH'", Code.TYPE)]


def test_plays_are_seat_card_pairs_each_with_its_card_s_node() -> None:
    r = Reader("f.yaml")
    got = r.plays(_node("[N: AH, e: 7c]"), ("trick",))
    assert got is not None
    assert [(s, c, n.value) for s, c, n in got] == [
        (Seat.N, parse_card("AH"), "AH"),
        (Seat.E, parse_card("7C"), "7c"),
    ]
    assert r.diags == [] and list(r.keys) == [("trick", 1), ("trick", 2)]


def test_every_bad_play_is_reported_at_its_place() -> None:
    r = Reader("f.yaml")
    text = "- N: AH\n- {E: 7C, S: 8C}\n- [x]: 9C\n- Q: ZZ\n- W\n- S: KD\n- [N, AH]\n"
    assert r.plays(_node(text), ("trick",)) is None
    assert _problems(r) == [
        (2, 3, "trick.2: a play is one 'SEAT: CARD' pair, got a mapping", Code.TYPE),
        (3, 3, "trick.3: a play is one 'SEAT: CARD' pair", Code.TYPE),
        (4, 3, "invalid seat: 'Q' (expected N, E, S or W)", Code.BAD_SEAT),
        (4, 6, "invalid card: 'ZZ' (expected a rank and a suit, like KS or 10H)", Code.BAD_CARD),
        (5, 3, "trick.5: a play is one 'SEAT: CARD' pair, got 'W'", Code.TYPE),
        (7, 3, "trick.7: a play is one 'SEAT: CARD' pair, got a list", Code.TYPE),
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[Q: AH]", (1, 2, "invalid seat: 'Q' (expected N, E, S or W)", Code.BAD_SEAT)),
        (
            "[N: ZZ]",
            (
                1,
                5,
                "invalid card: 'ZZ' (expected a rank and a suit, like KS or 10H)",
                Code.BAD_CARD,
            ),
        ),
        ("[[x]: AH]", (1, 2, "trick.1: a play is one 'SEAT: CARD' pair", Code.TYPE)),
        ("[N]", (1, 2, "trick.1: a play is one 'SEAT: CARD' pair, got 'N'", Code.TYPE)),
        ("N: AH", (1, 1, "trick: expected a list of plays, got a mapping", Code.TYPE)),
        ("- ? \n  : AH\n", (1, 4, "trick.1: missing value (expected a seat)", Code.TYPE)),
        ("- {? : KH}\n", (1, 6, "trick.1: missing value (expected a seat)", Code.TYPE)),
        ("- N: [AH]\n", (1, 6, "trick.1: expected a card, got a list", Code.TYPE)),
        ("- E:\n", (1, 5, "trick.1: missing value (expected a card)", Code.TYPE)),
    ],
)
def test_one_bad_play_spoils_the_list(text: str, problem: Problem) -> None:
    r = Reader("f.yaml")
    assert r.plays(_node(text), ("trick",)) is None
    assert _problems(r) == [problem]


def test_one_play_read_alone() -> None:
    read: Callable[..., Any] = Reader("f.yaml").play_item
    seat, card, node = read(_node("{S: QS}"), ("p",))
    assert (seat, card, node.value) == (Seat.S, parse_card("QS"), "QS")
