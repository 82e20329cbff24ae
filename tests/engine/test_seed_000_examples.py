"""Every worked example of seed 000 (the Polish rules page), with exactly its cards and answers.

Translation: Zachód W, Północ N, Wschód E, Południe S; pik spades, kier hearts,
karo diamonds, trefl clubs; As A, Król K, Dama Q, Walet J. "Zasady Domowe" is the
house preset, "Coinche, zasady Oficjalne" the official one.
"""

from __future__ import annotations

import pytest

from explainer.engine import (
    CardSet,
    Seat,
    Trump,
    check_play,
    find_rules,
    legal_cards,
    parse_card,
    rulings_by_preset,
    score_trick,
)

# (example id, rules, trump, trick "SEAT:CARD ...", hand seat, hand, legal, rule)
SEED_000 = [
    ("dokladanie-do-koloru", "house", "hearts", "W:AS", "N", "KS 7S JH 9C 10D", "KS 7S", "follow"),
    (
        "zagrano-atut-przebic-wyzej-nawet-partnera",
        "house",
        "diamonds",
        "N:8D E:9C",
        "S",
        "QS 9D 7D 10H",
        "9D",
        "climb",
    ),
    (
        "brak-koloru-przeciwnik-bierze-przyciac",
        "house",
        "hearts",
        "E:AC",
        "S",
        "8H QH KS 9D 7S",
        "8H QH",
        "trump",
    ),
    (
        "brak-koloru-partner-bierze-dowolna",
        "house",
        "hearts",
        "N:AC E:7C",
        "S",
        "8H QH KS 9D",
        "8H QH KS 9D",
        "partner-wins",
    ),
    (
        "przeciwnik-przycial-przebic-wyzej",
        "house",
        "spades",
        "W:AD N:8S",
        "E",
        "7S 9S KH",
        "9S",
        "overtrump",
    ),
    (
        "przycinanie-nizej-zasady-domowe",
        "house",
        "spades",
        "W:AD N:JS",
        "E",
        "7S 9S KH QC",
        "7S 9S",
        "undertrump",
    ),
    (
        "ta-sama-lewa-coinche-zasady-oficjalne",
        "official",
        "spades",
        "W:AD N:JS",
        "E",
        "7S 9S KH QC",
        "7S 9S KH QC",
        "discard",
    ),
    ("bez-atu-dolozyc-do-koloru", "house", "none", "S:KD", "W", "7D AS AC", "7D", "follow"),
    ("kto-bierze-lewe", "house", "hearts", "S:AS W:10S N:7S", "E", "JH KD", "JH", "trump"),
]


def _trick(text: str) -> tuple[list[Seat], list[int]]:
    plays = [p.split(":") for p in text.split()]
    return [Seat.parse(s) for s, _ in plays], [parse_card(c) for _, c in plays]


@pytest.mark.parametrize(
    ("rules", "trump", "trick", "seat", "hand", "legal", "rule"),
    [pytest.param(*e[1:], id=e[0]) for e in SEED_000],
)
def test_seed_000_ruling(rules, trump, trick, seat, hand, legal, rule):
    seats, cards = _trick(trick)
    # the hand belongs to the seat after the last play, in turn order N -> E -> S -> W
    assert [s.next for s in seats[:-1]] == seats[1:]
    assert seats[-1].next is Seat.parse(seat)
    r = legal_cards(CardSet.parse(hand), cards, Trump.parse(trump), find_rules(rules))
    assert r.legal == CardSet.parse(legal)
    assert r.rule.value == rule


def test_seed_000_undertrump_pair_house_must_trump_official_may_discard():
    seats, cards = _trick("W:AD N:JS")
    out = rulings_by_preset(CardSet.parse("7S 9S KH QC"), cards, Trump.SPADES)
    assert out["house"].legal == CardSet.parse("7S 9S")
    assert out["house"].rule.value == "undertrump"
    assert out["official"].legal == CardSet.parse("7S 9S KH QC")
    assert out["official"].rule.value == "discard"


def test_seed_000_41_point_trick_east_trumps_with_the_jack_and_wins():
    seats, cards = _trick("S:AS W:10S N:7S")
    check_play(parse_card("JH"), CardSet.parse("JH KD"), cards, Trump.HEARTS)
    result = score_trick(cards + [parse_card("JH")], Trump.HEARTS, leader=seats[0])
    assert result.winner is Seat.E
    assert result.winner.team.name == "EW"
    assert result.card_points == (11, 10, 0, 20)
    assert result.points == 41
    assert result.breakdown == "11 + 10 + 0 + 20 = 41"
    assert result.winning_card == parse_card("JH")
