"""Declarations (coinche.md §3): worked examples E15-E17, their errors and knobs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine.cards import CardSet, Rank, card_str
from explainer.engine.coinche import (
    CoincheRules,
    Declaration,
    DeclarationError,
    DeclarationKind,
    compare_declarations,
    declarations_in_hand,
    find_coinche_rules,
)
from explainer.engine.contract import Trump
from explainer.engine.seats import Seat, Team

S = Seat


def best(
    announced: dict[Seat, list[str]], trump: Trump, dealer: Seat = S.N, **knobs: str
) -> tuple[Seat | None, Team | None, tuple[int, int]]:
    r = compare_declarations(
        announced, trump=trump, dealer=dealer, rules=find_coinche_rules(**knobs)
    )
    return r.best, r.team, r.points


def error(announced: dict[Seat, list[str]], **kw: object) -> tuple[str | None, int | None, str]:
    with pytest.raises(DeclarationError) as e:
        compare_declarations(announced, trump=Trump.SPADES, dealer=S.N, **kw)
    return e.value.seat, e.value.index, str(e.value)


@pytest.mark.parametrize(
    ("text", "kind", "cards", "points"),
    [
        ("tierce KH", DeclarationKind.TIERCE, "JH QH KH", 20),
        ("quarte AS", DeclarationKind.CINQUANTE, "JS QS KS AS", 50),
        ("cinquante 10H", DeclarationKind.CINQUANTE, "7H 8H 9H 10H", 50),
        ("quinte JD", DeclarationKind.CENT, "7D 8D 9D 10D JD", 100),
        ("carré J", DeclarationKind.CARRE, "JS JH JD JC", 200),
        ("carre 9", DeclarationKind.CARRE, "9S 9H 9D 9C", 150),
        ("carre 10", DeclarationKind.CARRE, "10S 10H 10D 10C", 100),
    ],
)
def test_declaration_tokens_their_cards_and_points(
    text: str, kind: DeclarationKind, cards: str, points: int
) -> None:
    d = Declaration.parse(text)
    assert (d.kind, d.cards, d.points(Trump.HEARTS)) == (kind, CardSet.parse(cards), points)


def test_a_run_that_is_not_a_run_is_an_error() -> None:
    with pytest.raises(DeclarationError) as e:
        Declaration.parse("cinquante 9H")
    assert (
        str(e.value)
        == "cinquante 9H is not a run: a cinquante needs 4 cards in sequence, and only 3 run down from 9H"
    )


@pytest.mark.parametrize("text", ["tierce", "belote KH", "tierce 11H", "carre X", "tierce KH QH"])
def test_invalid_declaration_tokens(text: str) -> None:
    with pytest.raises(DeclarationError, match="invalid declaration"):
        Declaration.parse(text)


def test_e15a_higher_top_card_wins() -> None:
    assert best({S.N: ["tierce KH"], S.E: ["tierce AC"]}, Trump.SPADES) == (S.E, Team.EW, (0, 20))


def test_e15b_the_trump_sequence_wins_at_equal_height() -> None:
    assert best({S.N: ["tierce QS"], S.E: ["tierce QD"]}, Trump.SPADES) == (S.N, Team.NS, (20, 0))


def test_e15c_declaration_tie_nobody_voids_every_declaration() -> None:
    announced = {S.N: ["tierce KH"], S.S: ["tierce 9S"], S.E: ["tierce KD"]}
    assert best(announced, Trump.CLUBS) == (None, None, (0, 0))


def test_e15c_declaration_tie_first_announced_goes_to_the_first_in_play_order() -> None:
    announced = {S.N: ["tierce KH"], S.S: ["tierce 9S"], S.E: ["tierce KD"]}
    assert best(announced, Trump.CLUBS, declaration_tie="first_announced") == (
        S.E,
        Team.EW,
        (0, 20),
    )


def test_e16a_carre_vs_cent_carre_wins() -> None:
    announced = {S.W: ["carre Q"], S.N: ["cent JS"]}
    assert best(announced, Trump.HEARTS) == (S.W, Team.EW, (0, 100))


def test_e16a_carre_vs_cent_cent_wins() -> None:
    announced = {S.W: ["carre Q"], S.N: ["cent JS"]}
    assert best(announced, Trump.HEARTS, carre_vs_cent="cent") == (S.N, Team.NS, (100, 0))


def test_carre_vs_cent_equal_then_the_trump_run_wins() -> None:
    announced = {S.W: ["carre Q"], S.N: ["cent JH"]}
    assert best(announced, Trump.HEARTS, carre_vs_cent="equal") == (S.N, Team.NS, (100, 0))
    announced = {S.W: ["carre Q"], S.N: ["cent JS"]}
    assert best(announced, Trump.HEARTS, carre_vs_cent="equal") == (None, None, (0, 0))


def test_e16b_the_best_team_scores_all_its_declarations() -> None:
    announced = {S.S: ["carre J"], S.E: ["cinquante 10H"], S.W: ["tierce AC"], S.N: ["tierce 9C"]}
    assert best(announced, Trump.CLUBS) == (S.S, Team.NS, (220, 0))


def test_e17_card_reuse_no_best_set_is_the_carre() -> None:
    hand = CardSet.parse("KH QH JH JS JD JC 7S 8D")
    assert [str(d) for d in declarations_in_hand(hand, Trump.HEARTS)] == ["carre J"]


def test_e17_card_reuse_yes_carre_and_tierce() -> None:
    hand = CardSet.parse("KH QH JH JS JD JC 7S 8D")
    rules = find_coinche_rules(card_reuse="yes")
    decls = declarations_in_hand(hand, Trump.HEARTS, rules=rules)
    assert [str(d) for d in decls] == ["carre J", "tierce KH"]
    r = compare_declarations(
        {S.N: decls}, trump=Trump.HEARTS, dealer=S.E, hands=[hand, 0, 0, 0], rules=rules
    )
    assert r.points == (220, 0)


def test_e17_card_reuse_no_refuses_a_card_in_two_declarations() -> None:
    assert error({S.N: ["carre J", "tierce KH"]}) == (
        "N",
        1,
        "N's carre J and tierce KH both use JH: a card counts in one declaration only",
    )


def test_hand_splits_a_long_run_to_add_a_carre() -> None:
    hand = CardSet.parse("AH KH QH JH JS JD JC 7S")
    assert [str(d) for d in declarations_in_hand(hand, Trump.CLUBS)] == ["carre J", "tierce AH"]


def test_a_card_announced_by_two_seats_is_an_error() -> None:
    assert error({S.N: ["tierce KH"], S.E: ["tierce AH"]}) == (
        "E",
        0,
        "QH is announced by both N and E",
    )


def test_an_announced_card_missing_from_the_hand_is_an_error() -> None:
    hands = [CardSet.parse("KH QH 7S 8S 9S 10C JC QC").mask, 0, 0, 0]
    assert error({S.N: ["tierce KH"]}, hands=hands) == ("N", 0, "N announced tierce KH without JH")


def test_low_carres_nothing_four_eights_is_an_error() -> None:
    assert error({S.N: ["carre 8"]}) == ("N", 0, "N cannot announce carre 8: four 8s score nothing")


def test_low_carres_eights_void_voids_every_declaration() -> None:
    rules = find_coinche_rules(low_carres="eights_void")
    r = compare_declarations(
        {S.N: ["carre 8"], S.E: ["tierce AH"]}, trump=Trump.SPADES, dealer=S.N, rules=rules
    )
    assert (r.voided, r.points, r.team) == (True, (0, 0), None)


def test_low_carres_sevens_annul_annuls_the_deal() -> None:
    rules = find_coinche_rules(low_carres="sevens_annul")
    r = compare_declarations({S.N: ["carre 7"]}, trump=Trump.SPADES, dealer=S.N, rules=rules)
    assert (r.annulled, r.points) == (True, (0, 0))


def test_no_trump_carres_ffb_nines_are_worth_100() -> None:
    assert Declaration.parse("carre 9").points(Trump.NONE) == 100
    assert Declaration.parse("carre A").points(Trump.NONE) == 200
    assert Declaration.parse("carre 10").points(Trump.NONE) == 150


def test_no_trump_carres_britannica_nines_score_nothing() -> None:
    rules = find_coinche_rules(no_trump_carres="britannica")
    assert Declaration.parse("carre 9").points(Trump.NONE, rules) == 0
    assert Declaration.parse("carre J").points(Trump.NONE, rules) == 100


def test_carres_of_100_rank_in_the_trump_order() -> None:
    assert best({S.N: ["carre A"], S.E: ["carre 10"]}, Trump.HEARTS) == (S.N, Team.NS, (100, 0))
    assert best({S.N: ["carre K"], S.E: ["carre 10"]}, Trump.HEARTS) == (S.E, Team.EW, (0, 100))


def test_declarations_off_refuses_announcements() -> None:
    with pytest.raises(DeclarationError) as e:
        compare_declarations(
            {S.N: ["tierce KH"]},
            trump=Trump.SPADES,
            dealer=S.N,
            rules=find_coinche_rules("ffb_contree"),
        )
    assert str(e.value) == "declarations are not played under ffb_contree (declarations: off)"


def test_classic_declarations_on_classic_belote_with_declarations() -> None:
    rules = find_coinche_rules(classic_declarations="on")
    announced = {S.E: ["cinquante AS"], S.S: ["tierce KH"]}
    r = compare_declarations(announced, trump=Trump.SPADES, dealer=S.N, rules=rules, game="belote")
    assert r.points == (0, 50)


def test_classic_declarations_off_classic_belote_without_declarations() -> None:
    with pytest.raises(DeclarationError) as e:
        compare_declarations({S.E: ["cinquante AS"]}, trump=Trump.SPADES, dealer=S.N, game="belote")
    assert str(e.value) == (
        "declarations are not played under ffb_coinche (classic_declarations: off)"
    )


def test_nothing_announced_nobody_scores() -> None:
    assert best({}, Trump.SPADES) == (None, None, (0, 0))


# -- the best declarations of a hand, against every set of them -----------------------

_RUN_WORDS = {3: "tierce", 4: "cinquante", 5: "cent"}


def _every_declaration(
    hand: int, trump: Trump, rules: CoincheRules
) -> list[tuple[Declaration, int]]:
    """Every declaration the hand holds that is worth points, with its cards, in the
    order the engine lists its candidates: carrés from the sevens up, then runs by suit,
    from the highest top, from the shortest (written here from the definition)."""
    found = []
    for rank in range(8):
        cards = sum(1 << (8 * suit + rank) for suit in range(4))
        d = Declaration(DeclarationKind.CARRE, Rank(rank))
        if hand & cards == cards and d.points(trump, rules) > 0:
            found.append((d, cards))
    for suit in range(4):
        for top in range(7, -1, -1):
            for length in (3, 4, 5):
                cards = sum(1 << (8 * suit + top - k) for k in range(length) if top - k >= 0)
                if top + 1 >= length and hand & cards == cards:
                    found.append(
                        (
                            Declaration.parse(f"{_RUN_WORDS[length]} {card_str(8 * suit + top)}"),
                            cards,
                        )
                    )
    return found


def _disjoint_sets(
    found: list[tuple[Declaration, int]],
    start: int = 0,
    used: int = 0,
    chosen: tuple[int, ...] = (),
) -> Iterator[tuple[int, ...]]:
    """Every set of the candidates sharing no card (each once, as increasing indices): a
    candidate that shares a card with those chosen is passed over with every set holding
    both, instead of each such set built and then refused."""
    for i in range(start, len(found)):
        if used & found[i][1]:
            continue
        yield (*chosen, i)
        yield from _disjoint_sets(found, i + 1, used | found[i][1], (*chosen, i))


def _best_by_brute_force(hand: int, trump: Trump, rules: CoincheRules) -> list[str]:
    """Of every set of declarations sharing no card, the one worth the most points, then
    with the best single one; among equals the first in the candidates' order."""
    found = _every_declaration(hand, trump, rules)
    worth = [d.points(trump, rules) for d, _ in found]
    best: tuple[tuple[int, int], tuple[int, ...]] = ((0, 0), ())
    for chosen in _disjoint_sets(found):
        points = [worth[i] for i in chosen]
        key = (sum(points), max(points))
        if key > best[0] or (key == best[0] and chosen < best[1]):
            best = (key, chosen)
    return [str(found[i][0]) for i in best[1]]


@st.composite
def _hands(draw: st.DrawFn) -> int:
    """Eight cards, often with runs and a carré in them."""
    hand = 0
    for _ in range(draw(st.integers(0, 2))):
        suit, low, length = (
            draw(st.integers(0, 3)),
            draw(st.integers(0, 5)),
            draw(st.integers(3, 6)),
        )
        hand |= ((1 << length) - 1) << (8 * suit + low) & 0xFF << 8 * suit
    if draw(st.booleans()):
        hand |= 0x01010101 << draw(st.integers(0, 7))
    cards = draw(st.permutations(range(32)))
    for c in cards:
        if hand.bit_count() >= 8:
            break
        hand |= 1 << c
    return hand


@settings(max_examples=300, deadline=None)
@given(
    hand=_hands(),
    trump=st.sampled_from(list(Trump)),
    no_trump_carres=st.sampled_from(["ffb", "britannica"]),
)
def test_a_hand_declares_the_set_of_declarations_worth_the_most(
    hand: int, trump: Trump, no_trump_carres: str
) -> None:
    rules = find_coinche_rules(no_trump_carres=no_trump_carres)
    got = [str(d) for d in declarations_in_hand(hand, trump, rules=rules)]
    assert got == _best_by_brute_force(hand, trump, rules)


@settings(max_examples=300, deadline=None)
@given(hand=_hands())
def test_a_hand_may_declare_when_it_holds_three_in_sequence_or_four_of_a_rank(hand: int) -> None:
    from explainer.engine.coinche.declarations import may_declare

    def held(rank: int, suit: int) -> bool:
        return bool(hand >> (8 * suit + rank) & 1)

    run = any(all(held(r + k, s) for k in range(3)) for s in range(4) for r in range(6))
    carre = any(all(held(r, s) for s in range(4)) for r in range(8))
    assert may_declare(hand) == (run or carre)
