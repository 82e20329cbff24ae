"""Declarations to the letter (issue 16: ``coinche.declarations``' survivors): the
carrés' values at sans atout under each ``no_trump_carres``, ``carre_vs_cent`` both ways,
a plain run against the same run in trumps, every field of a result, and where an
unreadable or empty declaration is refused."""

from __future__ import annotations

import pytest

from explainer.engine.cards import CardSet
from explainer.engine.coinche import (
    Declaration,
    DeclarationError,
    DeclarationsResult,
    compare_declarations,
    declarations_in_hand,
    find_coinche_rules,
)
from explainer.engine.coinche.declarations import compare
from explainer.engine.contract import Trump
from explainer.engine.seats import Seat, Team

BRITANNICA = find_coinche_rules(no_trump_carres="britannica")


def d(text: str) -> Declaration:
    return Declaration.parse(text)


def test_no_trump_carres_at_sans_atout_aces_beat_jacks_but_not_in_trumps() -> None:
    assert compare(d("carre A"), d("carre J"), Trump.NONE) == 1
    assert compare(d("carre J"), d("carre A"), Trump.NONE) == -1
    assert compare(d("carre A"), d("carre J"), Trump.HEARTS) == -1


def test_no_trump_carres_britannica_four_nines_are_below_four_queens() -> None:
    assert compare(d("carre 9"), d("carre Q"), Trump.NONE, BRITANNICA) == -1
    assert compare(d("carre Q"), d("carre 9"), Trump.NONE, BRITANNICA) == 1


@pytest.mark.parametrize(("knob", "carre_wins"), [("carre", 1), ("cent", -1)])
def test_carre_vs_cent_decides_a_carre_against_a_cent(knob: str, carre_wins: int) -> None:
    rules = find_coinche_rules(carre_vs_cent=knob)
    assert compare(d("carre K"), d("cent AH"), Trump.HEARTS, rules) == carre_wins
    assert compare(d("cent AH"), d("carre K"), Trump.HEARTS, rules) == -carre_wins


def test_carre_vs_cent_equal_a_cent_in_trumps_beats_a_carre_and_a_plain_one_ties() -> None:
    rules = find_coinche_rules(carre_vs_cent="equal")
    assert compare(d("carre K"), d("cent AH"), Trump.HEARTS, rules) == -1
    assert compare(d("cent AH"), d("carre K"), Trump.HEARTS, rules) == 1
    assert compare(d("carre K"), d("cent AS"), Trump.HEARTS, rules) == 0


def test_a_plain_run_is_below_the_same_run_in_trumps() -> None:
    assert compare(d("tierce KS"), d("tierce KH"), Trump.HEARTS) == -1
    assert compare(d("tierce KH"), d("tierce KS"), Trump.HEARTS) == 1


def test_no_trump_carres_britannica_four_nines_alone_score_nothing() -> None:
    r = compare_declarations(
        {Seat.N: ["carre 9"]}, trump=Trump.NONE, dealer=Seat.W, rules=BRITANNICA
    )
    assert r == DeclarationsResult(((d("carre 9"),), (), (), ()), None, None, (0, 0))
    assert r.seat_points(Seat.N, Trump.NONE, BRITANNICA) == 0
    assert r.seat_points(Seat.N, Trump.NONE) == 100


def test_no_trump_carres_britannica_a_tierce_beats_four_nines_held_beside_it() -> None:
    r = compare_declarations(
        {Seat.N: ["carre 9", "tierce KH"], Seat.E: ["tierce QS"]},
        trump=Trump.NONE,
        dealer=Seat.W,
        rules=BRITANNICA,
    )
    assert r == DeclarationsResult(
        ((d("carre 9"), d("tierce KH")), (d("tierce QS"),), (), ()), Seat.N, Team.NS, (20, 0)
    )


def test_a_result_keeps_what_was_announced_when_eights_void_the_declarations() -> None:
    rules = find_coinche_rules(low_carres="eights_void")
    r = compare_declarations(
        {Seat.E: ["carre 8"], Seat.N: ["tierce KH"]}, trump=Trump.NONE, dealer=Seat.W, rules=rules
    )
    assert r == DeclarationsResult(
        ((d("tierce KH"),), (d("carre 8"),), (), ()), None, None, (0, 0), voided=True
    )


def test_a_result_keeps_what_was_announced_when_a_tie_gives_nobody_the_points() -> None:
    rules = find_coinche_rules(declaration_tie="nobody")
    r = compare_declarations(
        {Seat.E: ["tierce KH"], Seat.N: ["tierce KS"]},
        trump=Trump.CLUBS,
        dealer=Seat.W,
        rules=rules,
    )
    assert r == DeclarationsResult(
        ((d("tierce KS"),), (d("tierce KH"),), (), ()), None, None, (0, 0)
    )


def test_an_unreadable_declaration_is_refused_with_its_seat_and_index() -> None:
    with pytest.raises(DeclarationError) as e:
        compare_declarations({Seat.E: ["tierce KH", "tierce ZZ"]}, trump=Trump.NONE, dealer=Seat.W)
    assert (str(e.value), e.value.seat, e.value.index) == (
        "invalid declaration: 'tierce ZZ' (expected tierce, cinquante or cent and the top "
        "card, or carre and a rank: tierce KH, carre J)",
        "E",
        1,
    )


def test_low_carres_sevens_annul_still_refuses_four_eights() -> None:
    rules = find_coinche_rules(low_carres="sevens_annul")
    with pytest.raises(DeclarationError) as e:
        compare_declarations({Seat.E: ["carre 8"]}, trump=Trump.NONE, dealer=Seat.W, rules=rules)
    assert (str(e.value), e.value.seat, e.value.index) == (
        "E cannot announce carre 8: four 8s score nothing",
        "E",
        0,
    )


def test_a_declaration_that_is_not_text_is_refused_with_the_whole_message() -> None:
    with pytest.raises(DeclarationError) as e:
        Declaration.parse(3)  # type: ignore[arg-type]
    assert str(e.value) == (
        "invalid declaration: 3 (expected tierce, cinquante or cent and the top "
        "card, or carre and a rank: tierce KH, carre J)"
    )


def test_no_trump_carres_britannica_four_nines_in_hand_are_not_announced_at_sans_atout() -> None:
    hand = CardSet.parse("9S 9H 9D 9C 7S 8H 7D 8C")
    assert declarations_in_hand(hand, Trump.NONE, rules=BRITANNICA) == ()
    assert declarations_in_hand(hand, Trump.NONE) == (d("carre 9"),)


def test_a_run_topped_by_the_lowest_card_is_not_a_run() -> None:
    with pytest.raises(DeclarationError) as e:
        Declaration.parse("tierce 7S")
    assert str(e.value) == (
        "tierce 7S is not a run: a tierce needs 3 cards in sequence, and only 1 run down from 7S"
    )


@pytest.mark.parametrize("card_reuse", ["yes", "no"])
@pytest.mark.parametrize(
    ("hand", "best"),
    [
        ("7S 8S 9S 7H 9H JD QC AC", "tierce 9S"),
        ("7S 8S 9S 10S JH QD KC AC", "cinquante 10S"),
        ("7S 8S 9S 10S JS QS 7H 8D", "cent QS"),
    ],
)
def test_a_hand_announces_its_run_down_to_the_seven(card_reuse: str, hand: str, best: str) -> None:
    rules = find_coinche_rules(card_reuse=card_reuse)
    assert declarations_in_hand(CardSet.parse(hand), Trump.HEARTS, rules=rules) == (d(best),)


def test_card_reuse_yes_four_nines_worth_nothing_at_sans_atout_are_not_announced() -> None:
    hand = CardSet.parse("9S 9H 9D 9C 7S 8H 7D 8C")
    rules = find_coinche_rules(no_trump_carres="britannica", card_reuse="yes")
    assert declarations_in_hand(hand, Trump.NONE, rules=rules) == ()
    assert declarations_in_hand(hand, Trump.HEARTS, rules=rules) == (d("carre 9"),)


def test_the_search_values_a_carre_at_the_contracts_points() -> None:
    """Four jacks are worth 100 at sans atout, 200 in trumps: against the two cents that
    run through the jacks (200), four jacks and the two tierces left score 140 at sans
    atout, 240 in hearts. No hand of eight cards can tell (beside a carré, worth 100 or
    more, four cards are left, and the runs it breaks are worth 100 at most), so the hand
    holds twelve."""
    hand = CardSet.parse("AH KH QH JH 10H AS KS QS JS 10S JD JC")
    assert declarations_in_hand(hand, Trump.NONE) == (d("cent AS"), d("cent AH"))
    assert declarations_in_hand(hand, Trump.HEARTS) == (
        d("carre J"),
        d("tierce AS"),
        d("tierce AH"),
    )
