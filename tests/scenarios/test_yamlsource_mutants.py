"""``explainer/scenarios/yamlsource.py``: each refusal of the YAML reader with its message,
line, column and code, and the limits at their exact bounds (issue 16: the yamlsource
mutants; the case files and hardening tests reach most refusals but not every bound)."""

from __future__ import annotations

import pytest

from explainer.scenarios.diagnostics import Code
from explainer.scenarios.yamlsource import (
    MAX_DEPTH,
    MAX_ITEMS,
    MappingNode,
    SourceError,
    _check_flow_depth,
    compose,
)

STR, SEQ, MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
DEEP = f"nesting too deep (more than {MAX_DEPTH} levels)"


def _refusal(text: str) -> tuple[str, int, int, Code]:
    with pytest.raises(SourceError) as caught:
        compose(text)
    e = caught.value
    assert str(e) == e.message
    return e.message, e.line, e.column, e.code


def test_a_source_error_is_at_the_files_start_as_a_yaml_error_by_default() -> None:
    e = SourceError("bad")
    assert (str(e), e.message, e.line, e.column, e.code) == ("bad", "bad", 1, 1, Code.YAML)


def test_every_scalar_is_a_string_and_collections_keep_their_shape() -> None:
    root = compose("a: 1\nb: [true]\nc: {d: ~}\n")
    assert isinstance(root, MappingNode)
    assert root.tag == MAP
    assert [(k.tag, v.tag) for k, v in root.value] == [(STR, STR), (STR, SEQ), (STR, MAP)]
    assert root.value[1][1].value[0].tag == STR
    assert compose("") is None


def test_anchors_and_aliases_are_refused_where_they_stand() -> None:
    message = "anchors are not allowed: '&x' (write the value out)"
    assert _refusal("a: &x 1\nb: *x\n") == (message, 1, 4, Code.ALIAS)
    assert _refusal("a: 1\nb: *x\n") == (
        "aliases are not allowed: '*x' (write the value out)",
        2,
        4,
        Code.ALIAS,
    )
    assert _refusal("a: [1, &y 2]\n")[:3] == (
        "anchors are not allowed: '&y' (write the value out)",
        1,
        8,
    )


def test_a_control_character_is_located_in_characters_not_bytes() -> None:
    message = "invalid YAML: character U+0001: control characters are not allowed"
    assert _refusal("a: b\x01\n") == (message, 1, 5, Code.YAML)
    assert _refusal("é: b\x01\n") == (message, 1, 5, Code.YAML)
    assert _refusal("a: 1\nb: é\x07 c\n") == (
        "invalid YAML: character U+0007: control characters are not allowed",
        2,
        5,
        Code.YAML,
    )


def test_syntax_errors_name_the_problem_at_its_place() -> None:
    assert _refusal("a: 1\n---\nb: 2\n") == (
        "invalid YAML: expected a single document, found a second one",
        2,
        1,
        Code.YAML,
    )
    assert _refusal("a: b: c\n") == (
        "invalid YAML: mapping values are not allowed in this context",
        1,
        5,
        Code.YAML,
    )


def test_nesting_is_refused_one_level_past_the_limit() -> None:
    assert _refusal("x: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n") == (
        DEEP,
        1,
        MAX_DEPTH + 3,
        Code.TOO_DEEP,
    )
    assert _refusal("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n") == (
        DEEP,
        1,
        MAX_DEPTH + 1,
        Code.TOO_DEEP,
    )
    flow = compose("[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    assert flow is not None and flow.tag == SEQ


def test_a_list_or_mapping_is_refused_one_item_past_the_limit() -> None:
    items = "x:\n" + "".join(f"  - {i}\n" for i in range(MAX_ITEMS))
    assert compose(items) is not None
    assert _refusal(items + "  - 0\n") == (
        f"too many items in one list (more than {MAX_ITEMS})",
        2,
        3,
        Code.TOO_LONG,
    )
    keys = "".join(f"k{i}: {i}\n" for i in range(MAX_ITEMS))
    assert compose(keys) is not None
    assert _refusal(keys + "".join(f"j{i}: {i}\n" for i in range(MAX_ITEMS + 1))) == (
        f"too many keys in one mapping (more than {MAX_ITEMS})",
        1,
        1,
        Code.TOO_LONG,
    )


def test_a_too_large_file_is_refused_whole() -> None:
    assert _refusal("x" * 1_000_001) == (
        "file too large: 1000001 characters (at most 1000000)",
        1,
        1,
        Code.TOO_LARGE,
    )


def _flow_depth(text: str) -> tuple[str, int, int, Code] | None:
    try:
        _check_flow_depth(text)
    except SourceError as e:
        return e.message, e.line, e.column, e.code
    return None


def test_the_bracket_count_finds_the_first_bracket_too_deep() -> None:
    # a block mapping at the root is one level; a flow collection at the root is not
    assert _flow_depth("x: " + "[" * (MAX_DEPTH + 1) + "\n") == (
        DEEP,
        1,
        MAX_DEPTH + 3,
        Code.TOO_DEEP,
    )
    assert _flow_depth("x: " + "[" * (MAX_DEPTH - 1)) is None
    assert _flow_depth("# c\n" + "[" * (MAX_DEPTH + 1)) == (DEEP, 2, MAX_DEPTH + 1, Code.TOO_DEEP)
    assert _flow_depth("---\n" + "{" * (MAX_DEPTH + 1)) == (DEEP, 2, MAX_DEPTH + 1, Code.TOO_DEEP)
    assert _flow_depth("%YAML 1.2\n\n" + "[" * (MAX_DEPTH + 1)) == (
        DEEP,
        3,
        MAX_DEPTH + 1,
        Code.TOO_DEEP,
    )
    assert _flow_depth("[" * MAX_DEPTH) is None
    assert _flow_depth("x:\n  y: " + "[" * MAX_DEPTH) == (DEEP, 2, MAX_DEPTH + 5, Code.TOO_DEEP)


def test_the_bracket_count_closes_brackets_but_never_below_zero() -> None:
    assert _flow_depth("[" * (MAX_DEPTH - 1) + "]]]]" + "[" * 3) is None
    assert _flow_depth("]]]]" + "[" * (MAX_DEPTH + 1)) == (DEEP, 1, MAX_DEPTH + 5, Code.TOO_DEEP)
    assert _flow_depth("]]]]" + "[" * MAX_DEPTH) is None


def test_block_levels_and_brackets_count_together_against_the_nesting_limit() -> None:
    # 15 block lists and 36 brackets: 51 levels, though neither alone reaches the limit
    # (the quick pre-check used to skip the precise scan here: a real bug)
    assert _refusal("- " * 15 + "[" * 36 + "]" * 36 + "\n") == (DEEP, 1, 66, Code.TOO_DEEP)
    nested = "a:\n" + "".join("  " * i + "b:\n" for i in range(1, 18))
    assert _refusal(nested + "  " * 18 + "c: " + "[" * 34 + "]" * 34 + "\n")[0] == DEEP
    assert compose("- " * 14 + "[" * 36 + "]" * 36 + "\n") is not None


def test_the_bracket_count_reads_the_root_from_the_first_line_of_content() -> None:
    # an indented flow root is no block level; an indented comment is not content
    assert _flow_depth("  " + "[" * MAX_DEPTH) is None
    assert _flow_depth("  # c\n" + "[" * MAX_DEPTH) is None
    # only comments: the root is taken as a block, and brackets in comments count too
    assert _flow_depth("# " + "[" * MAX_DEPTH) == (DEEP, 1, MAX_DEPTH + 2, Code.TOO_DEEP)


def test_the_bracket_count_counts_only_brackets_and_braces() -> None:
    assert _flow_depth("x: " + "[" * (MAX_DEPTH - 5) + "X" * 10 + "{" * 4) is None
    assert _flow_depth("x: X" + "[" * MAX_DEPTH) == (DEEP, 1, MAX_DEPTH + 4, Code.TOO_DEEP)


def test_one_item_past_the_limit_is_refused_without_a_last_line_end() -> None:
    # 1001 items have 1000 separators (the quick pre-check used to skip the scan: a bug)
    one_line = "[" + ",".join(["0"] * (MAX_ITEMS + 1)) + "]"
    assert _refusal(one_line) == (
        f"too many items in one list (more than {MAX_ITEMS})",
        1,
        1,
        Code.TOO_LONG,
    )
    keys = "\n".join(f"k{i}: 0" for i in range(MAX_ITEMS + 1))
    assert _refusal(keys)[0] == f"too many keys in one mapping (more than {MAX_ITEMS})"
    assert compose("[" + ",".join(["0"] * MAX_ITEMS) + "]") is not None


def test_a_file_of_exactly_the_size_limit_is_read() -> None:
    assert compose("#" * 1_000_000) is None


def test_a_mapping_may_hold_up_to_the_limit_of_keys_with_their_values() -> None:
    # an "&" in a value makes the quick pre-check scan the events
    keys = "".join(f"k{i}: 0\n" for i in range(MAX_ITEMS - 1)) + "z: a&b\n"
    root = compose(keys)
    assert isinstance(root, MappingNode) and len(root.value) == MAX_ITEMS
    assert _refusal(keys + "y: 0\n") == (
        f"too many keys in one mapping (more than {MAX_ITEMS})",
        1,
        1,
        Code.TOO_LONG,
    )


def test_nesting_counts_the_levels_still_open_after_a_closed_one() -> None:
    assert _refusal("x: [[], " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "]\n")[0] == DEEP
    assert _refusal("x: " + "{a: " * MAX_DEPTH + "1" + "}" * MAX_DEPTH + "\n")[:2] == (DEEP, 1)


def test_a_control_character_on_the_first_column_or_a_later_line_is_located() -> None:
    message = "invalid YAML: character U+0001: control characters are not allowed"
    assert _refusal("\x01a: b\n") == (message, 1, 1, Code.YAML)
    assert _refusal("a: 1\nb: 2\ncc: \x01\n") == (message, 3, 5, Code.YAML)


def test_a_one_line_list_past_the_limit_is_refused() -> None:
    one_line = "[" + ",".join(["0"] * (MAX_ITEMS + 1)) + "]\n"
    assert _refusal(one_line)[0] == f"too many items in one list (more than {MAX_ITEMS})"


@pytest.mark.parametrize(
    ("text", "line", "column", "char"),
    [
        ("title: a\ud800b\n", 1, 9, "D800"),
        ("id: x\ntitle: ab\udfffb\n", 2, 10, "DFFF"),
        ("\udc00", 1, 1, "DC00"),
    ],
)
def test_a_lone_surrogate_is_not_unicode_text_at_its_place(
    text: str, line: int, column: int, char: str
) -> None:
    """Only a caller can pass it (no file decodes to it): refused where it stands, not by
    libyaml's UnicodeEncodeError."""
    with pytest.raises(SourceError) as caught:
        compose(text)
    e = caught.value
    assert (e.message, e.line, e.column, e.code) == (
        f"not Unicode text (a lone surrogate, U+{char})",
        line,
        column,
        Code.ENCODING,
    )


def test_the_characters_beside_the_surrogates_are_text() -> None:
    node = compose("a: \ud7ff\ue000\n")
    assert isinstance(node, MappingNode)
    assert node.value[0][1].value == "\ud7ff\ue000"
