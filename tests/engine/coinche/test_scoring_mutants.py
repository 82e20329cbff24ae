"""Coinche scoring to the letter (issue 16: ``coinche.scoring``'s survivors).

A capot bid fails when the defence takes every trick; a contract that reached its bid
fails below the defence under ``must_beat_defence`` whatever ``tie`` says; every field of
a coinched score; each ``coinche_scoring`` and ``scoring`` to the point; a prenable belote
under a coinche and a flat capot; litige and redeal with belote and declarations; the
hands and dealer of a whole deal; tout atout on the coinche scale; a générale won alone;
classic Belote's ties, capot and belote; an exact tie of declarations under each preset;
four 7s annulling a deal. Each expected number is worked out from
``coinche.md`` (the section is named beside it), not read from the engine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from explainer.engine.cards import card_str, parse_card
from explainer.engine.coinche import (
    FFB_CONTREE,
    PAGAT_COINCHE,
    BidKind,
    CoincheContract,
    CoincheRules,
    CoincheScore,
    Level,
    card_points_of,
    declare_classic,
    find_coinche_rules,
    play_coinche_deal,
    score_classic_declarations,
    score_coinche,
    trick_points,
)
from explainer.engine.coinche.errors import DeclarationError
from explainer.engine.contract import Contract, Trump
from explainer.engine.deal import DealResult, play_deal
from explainer.engine.errors import InvalidDealError
from explainer.engine.rules import RuleSet, find_rules
from explainer.engine.seats import Seat, Team

from .test_scoring import E19A, _classic, tout_atout_plays, tricks


def test_a_capot_bid_fails_when_the_defence_takes_every_trick() -> None:
    contract = CoincheContract(Seat.N, Trump.HEARTS, BidKind.CAPOT)
    s = score_coinche(contract, trick_points=(0, 162), capot=Team.EW)
    assert (s.made, s.score) == (False, (0, 410))


def test_must_beat_defence_a_bid_reached_below_the_defence_fails_whatever_tie_says() -> None:
    contract = CoincheContract(Seat.N, Trump.HEARTS, 80)
    s = score_coinche(
        contract, trick_points=(90, 72), declarations=(0, 100), rules=find_coinche_rules(tie="made")
    )
    assert (s.total, s.made, s.score) == ((90, 172), False, (0, 340))


def test_a_coinched_contract_made_gives_every_field_of_its_score() -> None:
    contract = CoincheContract(Seat.E, Trump.SPADES, 100, Level.COINCHE)
    assert score_coinche(contract, trick_points=(52, 110), belote=(0, 20)) == CoincheScore(
        contract=contract,
        trick_points=(52, 110),
        belote=(0, 20),
        declarations=(0, 0),
        total=(52, 130),
        made=True,
        multiplier=2,
        unrounded=(0, 560),
        score=(0, 560),
        held=(0, 0),
        redeal=False,
    )


def test_scoring_points_only_each_team_scores_its_own_points_rounded() -> None:
    contract = CoincheContract(Seat.E, Trump.SPADES, 100)
    rules = find_coinche_rules(scoring="points_only")
    s = score_coinche(contract, trick_points=(52, 110), belote=(20, 0), rules=rules)
    assert (s.total, s.made, s.multiplier, s.unrounded, s.score) == (
        (72, 110),
        True,
        1,
        (72, 110),
        (70, 110),
    )


# --- issue 16, continued: the rest of coinche.scoring's survivors -------------------------
# Every expected number below is worked out by hand from coinche.md (the section is named
# beside it) for the knobs the test sets; ``unrounded`` is compared where a rounding to the
# nearest 10 would hide a point.


def _rules(**kw: str) -> CoincheRules:
    return find_coinche_rules(**kw)


N100 = CoincheContract(Seat.N, Trump.HEARTS, 100)
N100_COINCHED = CoincheContract(Seat.N, Trump.HEARTS, 100, Level.COINCHE)


def test_card_points_of_a_suit_contract_reads_the_trump_and_plain_values() -> None:
    # rules.md §2-§3 via coinche.md §2.1: J 20 and 9 14 of trump, A 11 of a plain suit.
    cards = [parse_card("JH"), parse_card("9H"), parse_card("AS")]
    assert card_points_of(cards, Trump.HEARTS) == 45
    assert card_points_of(cards, Trump.SPADES) == 2 + 0 + 11  # J 2, 9 0 plain; A 11 trump


def test_all_trump_ratio_258_points_are_162() -> None:
    # §2.9: the FFB-C16 tout atout points are scaled by 162/258, so 258 gives 162.
    rules = _rules(all_trump_points="ffb2016_ratio")
    assert trick_points((248, 0), Team.NS, None, trump=Trump.ALL, rules=rules) == (162, 0)


def test_bid_only_made_the_takers_score_bid_and_belote_the_defence_its_belote() -> None:
    # §2.3 scoring: bid_only (the winner scores the bid only); §2.6 imprenable belote.
    rules = _rules(scoring="bid_only", rounding="none")
    s = score_coinche(N100, trick_points=(110, 52), belote=(20, 0), rules=rules)
    assert (s.made, s.unrounded) == (True, (120, 0))
    s = score_coinche(N100, trick_points=(110, 52), belote=(0, 20), rules=rules)
    assert (s.made, s.unrounded) == (True, (100, 20))


def test_bid_only_failed_the_defence_scores_the_bid_without_a_base() -> None:
    # §2.3 bid_only: the winner (here the defence) scores the bid only, no 160.
    rules = _rules(scoring="bid_only", rounding="none")
    s = score_coinche(N100, trick_points=(70, 92), rules=rules)
    assert (s.made, s.unrounded) == (False, (0, 100))


def test_bid_only_coinched_the_winner_scores_bid_and_belote_times_two() -> None:
    # §2.3 bid_only with §2.4's multiplier; ffb_coinche: belote_multiplied yes.
    rules = _rules(scoring="bid_only", rounding="none")
    s = score_coinche(N100_COINCHED, trick_points=(110, 52), belote=(20, 0), rules=rules)
    assert (s.made, s.unrounded) == (True, (240, 0))


def test_coinched_capot_not_bid_whole_base_is_250() -> None:
    # §2.4 whole: (250 + b) x 2 when the winner won all eight tricks.
    s = score_coinche(
        N100_COINCHED, trick_points=(252, 0), capot=Team.NS, rules=_rules(rounding="none")
    )
    assert (s.made, s.unrounded) == (True, (700, 0))


def test_coinched_belote_not_multiplied_is_added_once() -> None:
    # §2.4 whole with belote_multiplied: no: (160 + 100) x 2 + 20.
    rules = _rules(belote_multiplied="no", rounding="none")
    s = score_coinche(N100_COINCHED, trick_points=(110, 52), belote=(20, 0), rules=rules)
    assert s.unrounded == (540, 0)


def test_coinche_scoring_bid_only_multiplies_bid_and_belote_only() -> None:
    # §2.4 bid_only: 160 + b x 2, the winner's belote inside (belote_multiplied: yes).
    rules = _rules(coinche_scoring="bid_only", rounding="none")
    s = score_coinche(N100_COINCHED, trick_points=(110, 52), belote=(20, 0), rules=rules)
    assert s.unrounded == (400, 0)


def test_coinche_scoring_flat_adds_the_declarations_unmultiplied() -> None:
    # §2.4 flat: 320 x M/2 + b x M, the belote multiplied (belote_multiplied: yes) and the
    # declarations added (the note: flat and whole differ once declarations are involved).
    rules = _rules(coinche_scoring="flat", rounding="none")
    s = score_coinche(
        N100_COINCHED, trick_points=(100, 62), belote=(20, 0), declarations=(20, 0), rules=rules
    )
    assert s.unrounded == (320 + 120 * 2 + 20, 0)
    assert all(type(x) is int for x in (*s.unrounded, *s.score))


def test_coinche_scoring_flat_capot_not_bid_is_420() -> None:
    # §2.5 (FFB-C16 Note 2): a coinched capot not bid is 320 + 100 = 420, + b x 2 (§2.4).
    rules = _rules(coinche_scoring="flat", rounding="none")
    s = score_coinche(N100_COINCHED, trick_points=(252, 0), capot=Team.NS, rules=rules)
    assert s.unrounded == (620, 0)


def test_coinche_scoring_flat_without_capot_is_320() -> None:
    # §2.4 flat: 320 + 2b, here failed: the defence scores 320 + 200.
    rules = _rules(coinche_scoring="flat", rounding="none")
    s = score_coinche(N100_COINCHED, trick_points=(60, 102), rules=rules)
    assert (s.made, s.unrounded) == (False, (0, 520))


def test_coinche_scoring_base_only_multiplies_the_base_and_belote() -> None:
    # §2.4 base_only: 160 x M + b (+ declarations); the belote inside the bracket (yes).
    rules = _rules(coinche_scoring="base_only", rounding="none")
    s = score_coinche(
        N100_COINCHED, trick_points=(100, 62), belote=(20, 0), declarations=(20, 0), rules=rules
    )
    assert s.unrounded == ((160 + 20) * 2 + 100 + 20, 0)


def test_coinched_belote_prenable_goes_to_the_winner() -> None:
    # §2.6 prenable: under a coinche the losing side's belote goes to the winner.
    # ffb_contree: flat, belote_multiplied no: 320 + 2 x 100 + the defence's 20.
    s = score_coinche(N100_COINCHED, trick_points=(110, 52), belote=(0, 20), rules=FFB_CONTREE)
    assert (s.made, s.unrounded) == (True, (540, 0))


FLAT_CAPOT = CoincheContract(Seat.N, Trump.HEARTS, BidKind.CAPOT)


def test_flat_capot_bid_failed_prenable_defence_takes_all() -> None:
    # §2.5 flat: failed, 500 to the defence plus belote; §2.6 prenable: the takers' belote
    # too; §3.7: the takers' declarations change hands (50 + the defence's 20).
    s = score_coinche(
        FLAT_CAPOT, trick_points=(140, 22), belote=(20, 0), declarations=(50, 20), rules=FFB_CONTREE
    )
    assert (s.made, s.unrounded) == (False, (0, 590))


def test_flat_capot_bid_made_imprenable_each_keeps_its_belote() -> None:
    # §2.5 flat: made 500, plus belote; §2.6 imprenable: the defence keeps its own.
    rules = _rules(capot_bid_scoring="flat", rounding="none")
    s = score_coinche(FLAT_CAPOT, trick_points=(252, 0), belote=(20, 0), capot=Team.NS, rules=rules)
    assert (s.made, s.unrounded) == (True, (520, 0))
    s = score_coinche(FLAT_CAPOT, trick_points=(252, 0), belote=(0, 20), capot=Team.NS, rules=rules)
    assert (s.made, s.unrounded) == (True, (500, 20))


def test_a_generale_is_failed_unless_the_declarer_won_alone() -> None:
    # §2.2.6: a générale is made iff the declarer himself wins all eight tricks.
    c = CoincheContract(Seat.S, Trump.SPADES, BidKind.GENERALE)
    s = score_coinche(c, trick_points=(252, 0), capot=Team.NS, rules=_rules(generale="solo"))
    assert s.made is False


def test_attack_only_the_defence_belote_adds_nothing() -> None:
    # §2.6 attack_only: a defence's belote never scores.
    rules = _rules(belote="attack_only", rounding="none")
    s = score_coinche(N100, trick_points=(110, 52), belote=(0, 20), rules=rules)
    assert (s.belote, s.total, s.unrounded) == ((0, 0), (110, 52), (210, 52))


def test_belote_and_declarations_that_do_not_count_add_nothing_to_the_total() -> None:
    # §2.2.4: belote_counts / declarations_count no: T = P only.
    rules = _rules(belote_counts="no", declarations_count="no")
    s = score_coinche(
        N100, trick_points=(110, 52), belote=(20, 0), declarations=(0, 20), rules=rules
    )
    assert s.total == (110, 52)


def test_capot_declarations_void_the_defence_declarations_die() -> None:
    # §3.7 capot_declarations: void; made: 252 + 100 + the takers' own 20.
    rules = _rules(capot_declarations="void", rounding="none")
    s = score_coinche(N100, trick_points=(252, 0), declarations=(20, 0), capot=Team.NS, rules=rules)
    assert s.unrounded == (372, 0)


LITIGE = _rules(tie="litige", rounding="none")
C80 = CoincheContract(Seat.N, Trump.CLUBS, 80)


@pytest.mark.parametrize(
    ("p", "b", "d", "now", "held"),
    [
        ((81, 81), (0, 20), (20, 0), (0, 101), (101, 0)),
        ((81, 81), (20, 0), (0, 20), (0, 101), (101, 0)),
        ((91, 71), (0, 20), (0, 0), (0, 91), (91, 0)),
    ],
)
def test_litige_the_defence_scores_its_total_now_the_takers_total_is_held(
    p: tuple[int, int],
    b: tuple[int, int],
    d: tuple[int, int],
    now: tuple[int, int],
    held: tuple[int, int],
) -> None:
    # §2.7 litige: the defence scores its points (P + B + D, §2.1) now, the takers' are held.
    s = score_coinche(C80, trick_points=p, belote=b, declarations=d, rules=LITIGE)
    assert (s.made, s.unrounded, s.held, s.redeal) == (False, now, held, False)


def test_litige_rounds_the_defence_score_and_keeps_the_multiplier() -> None:
    # §2.7 litige and §2.8 half_up: 81 -> 80; a coinche on the deal is kept (x 2).
    c = CoincheContract(Seat.E, Trump.CLUBS, 80, Level.COINCHE)
    s = score_coinche(c, trick_points=(81, 81), rules=_rules(tie="litige"))
    assert (s.multiplier, s.unrounded, s.score, s.held) == (2, (81, 0), (80, 0), (0, 81))


def test_redeal_nothing_scores_nothing_is_held() -> None:
    # §2.7 redeal: the deal is played again, nobody scores.
    s = score_coinche(C80, trick_points=(81, 81), rules=_rules(tie="redeal", rounding="none"))
    assert (s.multiplier, s.unrounded, s.score, s.held, s.redeal) == (
        1,
        (0, 0),
        (0, 0),
        (0, 0),
        True,
    )


# --- whole deals: the hands read back, the dealer, tout atout, a générale -------------------


def _plays(lines: str, turn: int = 0) -> list[list[tuple[Seat, int]]]:
    """Tricks written ``N:7S E:7H ...``, every seat turned ``turn`` places clockwise."""
    return [[(seat.after(turn), c) for seat, c in t] for t in tricks(*lines.strip().splitlines())]


# coinche.md E13: N holds 8S 9S but not 7S.
E13 = """
S:7D W:KH N:10D E:AD
W:10H N:8S E:9H S:7H
E:8H S:AH W:JH N:JC
W:7S N:9S E:AS S:QS
E:AC S:10S W:9C N:7C
E:QH S:KD W:KS N:8C
E:KC S:QD W:QC N:9D
E:10C S:8D W:JS N:JD
"""


@pytest.mark.parametrize("turn", range(4))
def test_a_declaration_needs_cards_its_seat_played(turn: int) -> None:
    # §3.3: a tierce 9S is 7S 8S 9S; the seat holding 8S and 9S never played the 7S.
    seat = Seat.N.after(turn)
    contract = CoincheContract(Seat.W.after(turn), Trump.HEARTS, 110)
    with pytest.raises(DeclarationError):
        play_coinche_deal(
            contract,
            _plays(E13, turn),
            dealer=Seat.E.after(turn),
            announced={seat: ["tierce 9S"]},
        )
    deal = play_deal(
        Contract(Trump.HEARTS, "belote", Seat.W.after(turn)),
        _plays(E13, turn),
        find_rules("ffb_belote"),
        dealer=Seat.E.after(turn),
    )
    with pytest.raises(DeclarationError):
        declare_classic(
            deal,
            {seat: ["tierce 9S"]},
            rules=find_rules("ffb_belote", classic_declarations="on"),
        )


def test_the_first_trick_is_led_by_the_seat_after_the_dealer() -> None:
    with pytest.raises(InvalidDealError) as e:
        play_coinche_deal(CoincheContract(Seat.W, Trump.HEARTS, 110), _plays(E13), dealer=Seat.N)
    assert str(e.value) == "play out of turn in trick 1: S leads, expected E"


def test_declarations_off_refuses_an_announced_declaration_in_a_deal() -> None:
    with pytest.raises(DeclarationError) as e:
        play_coinche_deal(
            CoincheContract(Seat.W, Trump.HEARTS, 110),
            _plays(E13),
            rules=FFB_CONTREE,
            dealer=Seat.E,
            announced={Seat.N: ["tierce JD"]},
        )
    assert str(e.value) == "declarations are not played under ffb_contree (declarations: off)"


# N: four spades and the low 7s/8s; E: four hearts; S: the high spades; W: the high hearts.
RUNS = """
N:7S E:7H S:JS W:JH
S:QS W:QH N:9S E:8H
N:10S E:9H S:AS W:KH
S:KS W:AH N:8S E:10H
S:JD W:AD N:7D E:9D
W:KD N:8D E:10D S:QD
E:9C S:JC W:AC N:7C
W:KC N:8C E:10C S:QC
"""


def test_equal_declarations_the_one_in_trump_wins() -> None:
    # §3.4: two cinquantes to the ten, N's in trump (spades): N's team scores 50.
    r = play_coinche_deal(
        CoincheContract(Seat.N, Trump.SPADES, 80),
        _plays(RUNS),
        dealer=Seat.W,
        announced={Seat.N: ["cinquante 10S"], Seat.E: ["cinquante 10H"]},
    )
    assert (r.declarations.best, r.declarations.points) == (Seat.N, (50, 0))
    assert (r.contract, r.play.tricks, r.annulled) == (
        CoincheContract(Seat.N, Trump.SPADES, 80),
        r.tricks,
        False,
    )


# N holds every spade and leads them all: the declarer alone wins the eight tricks.
SOLO = "\n".join(
    f"N:{s}S E:{h}H S:{h}D W:{h}C"
    for s, h in zip("J 9 A 10 K Q 8 7".split(), "7 8 9 10 J Q K A".split(), strict=True)
)


def test_a_generale_won_alone_is_made_with_its_belote() -> None:
    # §2.5: a générale made scores generale_value (500); §2.6: N's belote (KS QS) 20.
    r = play_coinche_deal(
        CoincheContract(Seat.N, Trump.SPADES, BidKind.GENERALE),
        _plays(SOLO),
        rules=_rules(generale="solo"),
        dealer=Seat.W,
    )
    assert (r.made, r.capot, r.score) == (True, Team.NS, (520, 0))


def test_tout_atout_card_points_follow_the_coinche_scale_not_the_play_rules() -> None:
    # §2.9: ffb2015 tout atout values J 13, 9 9, A 6, 10 5, K 3, Q 2 (7 and 8: 0), whatever
    # the play rule set passed for the cards' play says (here FFB-C16's scaled values).
    plays = tout_atout_plays()
    r = play_coinche_deal(
        CoincheContract(Seat.N, Trump.ALL, 80),
        plays,
        rules=_rules(sa_ta="on", all_trump_points="ffb2015"),
        play_rules=find_rules("ffb_belote", all_trump_points="ffb2016_ratio"),
        dealer=Seat.N,
    )
    value = dict(zip("7 8 9 10 J Q K A".split(), (0, 0, 9, 5, 13, 2, 3, 6), strict=True))
    won = [0, 0]
    for trick in r.tricks:
        won[trick.winner & 1] += sum(value[card_str(c)[:-1]] for c in trick.cards)
    assert r.card_points == (won[0], won[1])


# --- classic Belote with declarations (coinche.md §3.7) ------------------------------------


def test_classic_declarations_count_towards_the_contract() -> None:
    # §3.7: declarations are part of each team's total: 80 + 20 against 82 is made.
    assert score_classic_declarations((80, 82), (20, 0), taker=Seat.N) == (True, (100, 82))


@pytest.mark.parametrize(("tie", "made"), [("made", True), ("failed", False)])
def test_classic_declarations_an_exact_tie_follows_tie(tie: str, made: bool) -> None:
    score = (81, 81) if made else (0, 162)
    assert score_classic_declarations((81, 81), (0, 0), taker=Seat.N, tie=tie) == (made, score)


def test_classic_declarations_an_exact_tie_is_made_by_default() -> None:
    assert score_classic_declarations((81, 81), (0, 0), taker=Seat.N) == (True, (81, 81))


def test_classic_declarations_failed_after_a_defence_capot_gives_252() -> None:
    # §2.5 / §3.7: 152 + a dix de der of 100 after a capot, + every declaration.
    made, score = score_classic_declarations((0, 252), (0, 20), taker=Seat.N, capot=Team.EW)
    assert (made, score) == (False, (0, 272))


def test_classic_declarations_failed_prenable_by_default_the_takers_belote_changes_hands() -> None:
    # §3.7: 162 + the defence's 20 + the takers' belote (prenable, the default).
    made, score = score_classic_declarations((60, 102), (0, 20), taker=Seat.N, belote=Seat.N)
    assert (made, score) == (False, (0, 202))


def test_classic_declarations_failed_by_east_north_south_scores_nothing() -> None:
    made, score = score_classic_declarations((102, 60), (0, 0), taker=Seat.E)
    assert (made, score) == (False, (162, 0))


def _e19a(**knobs: str) -> tuple[DealResult, RuleSet]:
    """coinche.md E19a (``test_scoring.E19A``): E (taker) a cinquante to KD, S a tierce to
    JC; points (92, 70)."""
    deal = _classic(E19A, Trump.SPADES, Seat.E, Seat.N)
    return deal, find_rules("ffb_belote", classic_declarations="on", **knobs)


def test_declare_classic_with_nothing_announced_returns_the_deal_as_scored() -> None:
    deal, rules = _e19a()
    scored, decl = declare_classic(deal, {}, rules=rules)
    assert scored is deal
    assert decl.points == (0, 0)


@pytest.mark.parametrize(
    ("tie", "made", "score", "held"),
    [
        ("made", True, (112, 112), 0),
        ("failed", False, (212, 0), 0),
        ("litige", False, (112, 0), 112),
    ],
)
def test_declare_classic_an_exact_tie_follows_the_rule_sets_tie(
    tie: str, made: bool, score: tuple[int, int], held: int
) -> None:
    # §3.7 with the deal's facts changed to 112 against 62 + E's cinquante: 112 each. A
    # litige holds with declarations as without (FFB-B16 §10.1.3: "En cas d'égalité entre
    # les totaux de points des deux équipes"): the defenders score theirs, the takers'
    # total waits for the next deal.
    deal, rules = _e19a(tie=tie)
    tied = replace(deal, points=(112, 62))
    scored, _ = declare_classic(tied, {Seat.E: ["cinquante KD"]}, rules=rules)
    assert (scored.made, scored.score, scored.held) == (made, score, held)


def test_declare_classic_a_failure_after_a_capot_and_a_belote() -> None:
    # §3.7: failed, the defence scores 252 (capot) + the declarations + the belote, which
    # stays with the takers under imprenable and changes hands under prenable.
    deal, rules = _e19a(belote="imprenable")
    lost = replace(deal, points=(252, 0), capot=Team.NS, belote=Seat.W, belotes=(Seat.W,))
    scored, _ = declare_classic(lost, {Seat.E: ["cinquante KD"]}, rules=rules)
    assert (scored.made, scored.score) == (False, (302, 20))
    deal, rules = _e19a(belote="prenable")
    lost = replace(deal, points=(252, 0), capot=Team.NS, belote=Seat.W, belotes=(Seat.W,))
    scored, _ = declare_classic(lost, {Seat.E: ["cinquante KD"]}, rules=rules)
    assert (scored.made, scored.score) == (False, (322, 0))


def test_without_a_dealer_the_seat_before_the_first_leader_deals() -> None:
    # §3.6: declarations are announced from the seat after the dealer; play_deal's rule:
    # the first trick is led by the seat after the dealer.
    announced = {Seat.N: ["cinquante 10S"], Seat.E: ["cinquante 10H"]}
    contract = CoincheContract(Seat.N, Trump.SPADES, 80)
    r = play_coinche_deal(contract, _plays(RUNS), announced=announced)
    assert (r.declarations.best, r.declarations.points) == (Seat.N, (50, 0))
    deal, rules = _e19a()
    scored, decl = declare_classic(
        deal, {Seat.E: ["cinquante KD"], Seat.S: ["tierce JC"]}, rules=rules
    )
    assert (decl.best, decl.points, scored.score) == (Seat.E, (0, 50), (92, 120))


def test_declare_classic_equal_declarations_the_one_in_trump_wins() -> None:
    # §3.4 (E15) in classic Belote: N's cinquante to the 10 of trump beats E's.
    deal = play_deal(
        Contract(Trump.SPADES, "belote", Seat.N),
        _plays(RUNS),
        find_rules("ffb_belote"),
        dealer=Seat.W,
    )
    rules = find_rules("ffb_belote", classic_declarations="on")
    announced = {Seat.N: ["cinquante 10S"], Seat.E: ["cinquante 10H"]}
    _, decl = declare_classic(deal, announced, rules=rules)
    assert (decl.best, decl.points) == (Seat.N, (50, 0))


def test_litige_keeps_the_surcoinche_of_the_preset() -> None:
    # §2.4 surcoinche: 3 (FFB-EL): a surcoinched deal's multiplier is 3, tied or not.
    c = CoincheContract(Seat.N, Trump.CLUBS, 80, Level.SURCOINCHE)
    s = score_coinche(c, trick_points=(81, 81), rules=_rules(tie="litige", surcoinche="3"))
    assert (s.multiplier, s.score, s.held) == (3, (0, 80), (81, 0))


# N holds the four 7s and the four 8s; E the 9s and 10s; S the queens and jacks; W the rest.
SEVENS = """
N:7S E:10S S:JS W:KS
S:QS W:AS N:8S E:9S
E:9H S:JH W:AH N:7H
W:KH N:8H E:10H S:QH
E:9D S:JD W:AD N:7D
W:KD N:8D E:10D S:QD
E:9C S:JC W:AC N:7C
W:KC N:8C E:10C S:QC
"""


def test_four_sevens_annul_the_deal_under_sevens_annul() -> None:
    # §3.2 low_carres: sevens_annul: four 7s in one hand annul the deal; nothing scores.
    r = play_coinche_deal(
        CoincheContract(Seat.N, Trump.SPADES, 80),
        _plays(SEVENS),
        rules=_rules(low_carres="sevens_annul"),
        dealer=Seat.W,
        announced={Seat.N: ["carre 7"]},
    )
    assert (r.annulled, r.score) == (True, (0, 0))


# N: a tierce to the 9 of hearts; E: a tierce to the 9 of diamonds; spades are trump.
TIERCES = """
N:7S E:10S S:JS W:KS
S:QS W:AS N:8S E:9S
E:10H S:JH W:AH N:7H
W:KH N:8H E:7D S:QH
W:KD N:10D E:8D S:QD
N:9H E:9D S:JD W:AD
N:7C E:9C S:JC W:AC
W:KC N:8C E:10C S:QC
"""


@pytest.mark.parametrize(
    ("preset", "best", "points"),
    [
        ("pagat_belote", Seat.N, (20, 0)),
        ("ffb_belote", None, (0, 0)),
    ],
)
def test_declare_classic_an_exact_tie_follows_the_presets_declaration_tie(
    preset: str, best: Seat | None, points: tuple[int, int]
) -> None:
    # §3.4 and §7.2 declaration_tie: two tierces to the 9, neither in trump: Pagat gives
    # them to the first to announce (N, after the dealer W), the FFB to nobody.
    deal = play_deal(
        Contract(Trump.SPADES, "belote", Seat.N), _plays(TIERCES), find_rules(preset), dealer=Seat.W
    )
    rules = find_rules(preset, classic_declarations="on")
    announced = {Seat.N: ["tierce 9H"], Seat.E: ["tierce 9D"]}
    _, decl = declare_classic(deal, announced, rules=rules)
    assert (decl.best, decl.points) == (best, points)


# As TIERCES, but E wins the first trick (JS) and leads the second.
TIERCES_E_LEADS = """
N:7S E:JS S:QS W:KS
E:10S S:9S W:AS N:8S
S:JH W:AH N:7H E:10H
W:KH N:8H E:7D S:QH
W:KD N:10D E:8D S:QD
N:9H E:9D S:JD W:AD
N:7C E:9C S:JC W:AC
W:KC N:8C E:10C S:QC
"""


def test_without_a_dealer_the_first_to_announce_follows_the_first_trick() -> None:
    # §3.4 / §7.2 declaration_tie: first_announced (Pagat): the seat after the dealer, the
    # first trick's leader N, announces first and takes the exact tie.
    announced = {Seat.N: ["tierce 9H"], Seat.E: ["tierce 9D"]}
    r = play_coinche_deal(
        CoincheContract(Seat.N, Trump.SPADES, 90),
        _plays(TIERCES_E_LEADS),
        rules=PAGAT_COINCHE.with_knobs(declarations="on"),
        announced=announced,
    )
    assert (r.declarations.best, r.declarations.points) == (Seat.N, (20, 0))
    deal = play_deal(
        Contract(Trump.SPADES, "belote", Seat.N),
        _plays(TIERCES_E_LEADS),
        find_rules("pagat_belote"),
    )
    _, decl = declare_classic(deal, announced, rules=find_rules("pagat_belote"))
    assert (decl.best, decl.points) == (Seat.N, (20, 0))


def test_classic_declarations_a_capot_worth_250_gives_the_defence_250() -> None:
    # capot_points: 250 with declarations: the whole deal is the capot's 250, not 252.
    made, score = score_classic_declarations(
        (0, 250), (20, 0), taker=Seat.N, capot=Team.EW, capot_count=250
    )
    assert (made, score) == (False, (0, 270))


def test_classic_declarations_attack_only_the_defenders_belote_never_counts() -> None:
    # belote: attack_only: a defender's belote does not score, even on a failed contract;
    # the takers keep theirs.
    failed = score_classic_declarations(
        (70, 92), (0, 0), taker=Seat.N, belotes=(Seat.E,), belote_rule="attack_only"
    )
    assert failed == (False, (0, 162))
    kept = score_classic_declarations(
        (90, 92), (0, 0), taker=Seat.N, belotes=(Seat.S,), belote_rule="attack_only"
    )
    assert kept == (False, (20, 162))


def test_classic_declarations_every_belote_of_an_all_trump_deal_counts() -> None:
    # all_trump_belote: each_suit: two belotes, both taken under prenable.
    score = score_classic_declarations(
        (100, 102), (0, 0), taker=Seat.N, belotes=(Seat.S, Seat.N), belote_rule="prenable"
    )
    assert score == (False, (0, 202))


@pytest.mark.parametrize(
    ("capot", "defence"),
    [(None, 258 + 50), (Team.NS, 348 + 50)],
)
def test_declare_classic_a_failure_at_all_trump_counted_at_the_trump_values(
    capot: Team | None, defence: int
) -> None:
    # all_trump_points: trump_values counts an all-trump deal at 258 (348 with a capot):
    # a failed contract gives the defence that whole, as without declarations, not 162.
    deal, rules = _e19a(all_trump_points="trump_values")
    at_all = replace(deal, contract=replace(deal.contract, trump=Trump.ALL))
    lost = replace(at_all, points=(348, 0) if capot else (160, 98), capot=capot)
    scored, decl = declare_classic(lost, {Seat.E: ["cinquante KD"]}, rules=rules)
    assert decl.points == (0, 50)
    assert (scored.made, scored.score) == (False, (defence, 0))
