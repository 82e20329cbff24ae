"""Properties of the engine, and a differential test against a slow reference.

The reference below is written straight from the spec's tables (rank orders by name,
the play-obligations table row by row), with cards decoded as ``suit * 8 + rank``
(suits S H D C, ranks 7 8 9 10 J Q K A). It shares no code with the engine.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine import (
    KNOBS,
    PRESETS,
    Contract,
    RuleSet,
    Seat,
    Trump,
    deal_cards,
    find_rules,
    legal_cards,
    make_ruler,
    play_deal,
    random_scored_deal,
    score_trick,
)

# -- the reference ---------------------------------------------------------------------------

RANK_NAMES = ["7", "8", "9", "10", "J", "Q", "K", "A"]
SUIT_NAMES = ["spades", "hearts", "diamonds", "clubs"]
TRUMP_WORDS = ["spades", "hearts", "diamonds", "clubs", "none", "all"]
REF_TRUMP_ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"]  # high to low
REF_PLAIN_ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]


def suit_of(c: int) -> str:
    return SUIT_NAMES[c // 8]


def rank_of(c: int) -> str:
    return RANK_NAMES[c % 8]


def is_trump(c: int, trump: str) -> bool:
    return trump == "all" or suit_of(c) == trump


def beats_in_suit(a: int, b: int, trump: str) -> bool:
    """Two cards of one suit: does ``a`` rank above ``b``?"""
    assert suit_of(a) == suit_of(b)
    order = REF_TRUMP_ORDER if is_trump(a, trump) else REF_PLAIN_ORDER
    return order.index(rank_of(a)) < order.index(rank_of(b))


def ref_winner(trick: list[int], trump: str) -> int:
    """The index of the winning card: highest trump of a trump suit, else highest of the led suit."""
    led = suit_of(trick[0])
    if trump in SUIT_NAMES and any(suit_of(c) == trump for c in trick):
        contenders = [i for i, c in enumerate(trick) if suit_of(c) == trump]
    else:
        contenders = [i for i, c in enumerate(trick) if suit_of(c) == led]
    best = contenders[0]
    for i in contenders[1:]:
        if beats_in_suit(trick[i], trick[best], trump):
            best = i
    return best


def ref_ruling(
    hand: list[int], trick: list[int], trump: str, rules: RuleSet
) -> tuple[set[int], str]:
    """The play-obligations table of the spec, first row that applies."""
    if not trick:
        return set(hand), "lead"
    led = suit_of(trick[0])
    w = ref_winner(trick, trump)
    best = trick[w]
    partner_winning = len(trick) >= 2 and w == len(trick) - 2
    of_led = [c for c in hand if suit_of(c) == led]
    if of_led:
        trump_like = trump == "all" or led == trump
        free = trump == "all" and rules.all_trump_partner == "free" and partner_winning
        if trump_like and suit_of(best) == led and not free:
            higher = [c for c in of_led if beats_in_suit(c, best, trump)]
            if higher:
                return set(higher), "climb"
        return set(of_led), "follow"
    # void in the led suit
    if trump in ("none", "all"):
        return set(hand), "discard"
    my_trumps = [c for c in hand if suit_of(c) == trump]
    trumps_in_trick = [c for c in trick if suit_of(c) == trump]
    if partner_winning:
        if rules.partner_overtrump == "required" and trumps_in_trick:
            higher = [c for c in my_trumps if beats_in_suit(c, best, trump)]
            if higher:
                return {c for c in hand if suit_of(c) != trump or c in higher}, "partner-wins"
        if rules.partner_overtrump == "no_lower" and trumps_in_trick:
            # FFB-CO15 §5.2 rule 4: no trump below the partner's, unless the hand is all trumps
            lower = {c for c in my_trumps if not beats_in_suit(c, best, trump)}
            if lower and len(my_trumps) < len(hand):
                return set(hand) - lower, "partner-no-lower"
        return set(hand), "partner-wins"
    if not my_trumps:
        return set(hand), "discard"
    if not trumps_in_trick:
        return set(my_trumps), "trump"
    higher = [c for c in my_trumps if beats_in_suit(c, best, trump)]
    if higher:
        return set(higher), "overtrump"
    if rules.undertrump == "required" or len(my_trumps) == len(hand):
        return set(my_trumps), "undertrump"
    if rules.undertrump == "forbidden":
        return {c for c in hand if c not in my_trumps}, "no-undertrump"
    return set(hand), "discard"


REF_POINTS = {
    "trump": dict(zip(REF_TRUMP_ORDER, [20, 14, 11, 10, 4, 3, 0, 0], strict=True)),
    "plain": dict(zip(REF_PLAIN_ORDER, [11, 10, 4, 3, 2, 0, 0, 0], strict=True)),
    "none": dict(zip(REF_PLAIN_ORDER, [19, 10, 4, 3, 2, 0, 0, 0], strict=True)),
    "all": dict(zip(REF_TRUMP_ORDER, [14, 9, 6, 5, 3, 1, 0, 0], strict=True)),
    "ffb2015": dict(zip(REF_TRUMP_ORDER, [13, 9, 6, 5, 3, 2, 0, 0], strict=True)),
}


def ref_points(c: int, trump: str, scale: str = "pagat") -> int:
    if trump == "all":
        table = {
            "pagat": "all",
            "ffb2015": "ffb2015",
            "ffb2016_ratio": "trump",
            "trump_values": "trump",
        }[scale]
        return REF_POINTS[table][rank_of(c)]
    if trump == "none":
        return REF_POINTS[trump][rank_of(c)]
    return REF_POINTS["trump" if suit_of(c) == trump else "plain"][rank_of(c)]


# -- strategies ----------------------------------------------------------------------------------

trumps = st.sampled_from(list(Trump))
presets = st.sampled_from(sorted(PRESETS))


@st.composite
def rule_sets(draw):
    """Any preset with any of its knobs set to any value: every combination is reachable."""
    base = draw(presets)
    knobs = {}
    for name, knob in KNOBS.items():
        if draw(st.booleans()):
            knobs[name] = draw(st.sampled_from(knob.values))
    return find_rules(base, **knobs)


@st.composite
def positions(draw):
    deck = draw(st.permutations(range(32)))
    n_trick = draw(st.integers(0, 3))
    n_hand = draw(st.integers(1, 8))
    return list(deck[:n_trick]), list(deck[n_trick : n_trick + n_hand])


def mask(cards) -> int:
    return sum(1 << c for c in cards)


# -- rulings ----------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(positions(), trumps, presets)
def test_legal_set_is_a_non_empty_subset_of_the_hand(position, trump, preset):
    trick, hand = position
    legal, _rule = make_ruler(trump, PRESETS[preset])(mask(hand), trick)
    assert legal
    assert legal & ~mask(hand) == 0


@settings(max_examples=300, deadline=None)
@given(positions(), trumps, presets)
def test_holding_the_led_suit_the_legal_set_lies_inside_it(position, trump, preset):
    trick, hand = position
    led = trick[0] // 8 if trick else None
    r = legal_cards(hand, trick, trump, PRESETS[preset])
    if led is not None and any(c // 8 == led for c in hand):
        assert all(c // 8 == led for c in r.legal)
        assert r.rule.value in ("follow", "climb")
    else:
        assert r.rule.value not in ("follow", "climb")


@settings(max_examples=500, deadline=None)
@given(positions(), trumps, rule_sets())
def test_fast_ruler_agrees_with_the_reference_table(position, trump, rules):
    trick, hand = position
    legal, rule = make_ruler(trump, rules)(mask(hand), trick)
    expected, expected_rule = ref_ruling(hand, trick, TRUMP_WORDS[trump], rules)
    assert (rule.value, legal) == (expected_rule, mask(expected))


PLAY_KNOB_SETS = [
    find_rules("house", undertrump=u, partner_overtrump=p, all_trump_partner=a)
    for u in ("required", "optional", "forbidden")
    for p in ("required", "optional", "no_lower")
    for a in ("climb", "free")
]


def test_fast_ruler_agrees_with_the_reference_on_24000_seeded_positions_of_every_kind():
    rng = random.Random(1455)
    deck = list(range(32))
    seen = Counter()
    for i in range(24_000):
        trump = Trump(i % 6)
        rules = PLAY_KNOB_SETS[(i // 6) % len(PLAY_KNOB_SETS)]
        rng.shuffle(deck)
        n_trick, n_hand = rng.randrange(4), rng.randrange(1, 9)
        trick, hand = deck[:n_trick], deck[n_trick : n_trick + n_hand]
        legal, rule = make_ruler(trump, rules)(mask(hand), trick)
        expected, expected_rule = ref_ruling(hand, trick, TRUMP_WORDS[trump], rules)
        assert (rule.value, legal) == (expected_rule, mask(expected)), (trump, rules, trick, hand)
        seen[rules.undertrump, rule.value] += 1
    # the sample reaches every row of the table under each undertrump value
    for value in ("required", "optional", "forbidden"):
        for rule_id in ("lead", "follow", "climb", "partner-wins", "trump", "overtrump"):
            assert seen[value, rule_id] > 0, (value, rule_id)
        assert seen[value, "undertrump"] > 0, value
    assert seen["forbidden", "no-undertrump"] > 0 and seen["required", "no-undertrump"] == 0
    assert all(
        seen[value, "partner-no-lower"] > 0 for value in ("required", "optional", "forbidden")
    )


# -- tricks -------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(32)), trumps, st.sampled_from(list(Seat)))
def test_trick_winner_holds_the_best_card_by_the_reference_ordering(deck, trump, leader):
    trick = list(deck[:4])
    r = score_trick(trick, trump, leader)
    w = ref_winner(trick, TRUMP_WORDS[trump])
    assert r.winning_card == trick[w]
    assert r.winner == leader.after(w)
    assert r.card_points == tuple(ref_points(c, TRUMP_WORDS[trump]) for c in trick)


# -- whole deals ----------------------------------------------------------------------------------


def ref_belotes(tricks, word: str, rules: RuleSet) -> list[int]:
    """Seats scoring a belote: K and Q of the trump suit (each suit at all-trump with
    each_suit) played by one seat."""
    owner = {c: s for trick in tricks for s, c in trick}
    if rules.belote_bonus == "off":  # OpenSpiel's option: no belote is scored
        suits = []
    elif word in SUIT_NAMES:
        suits = [SUIT_NAMES.index(word)]
    elif word == "all" and rules.all_trump_belote == "each_suit":
        suits = [0, 1, 2, 3]
    else:
        suits = []
    return [owner[s * 8 + 6] for s in suits if owner[s * 8 + 6] == owner[s * 8 + 5]]


def ref_score(card_points, winners, belotes, taker, word, rules):
    """The scoring of the format's "Rule sets" table, written from its words."""
    capot = len({w % 2 for w in winners}) == 1
    unscaled = word == "all" and rules.all_trump_points == "trump_values"
    no_bonus = capot and winners[-1] % 2 != taker % 2 and rules.defenders_capot == "no_bonus"
    if capot:
        count = [0, 0]
        if no_bonus:
            count[winners[-1] % 2] = 258 if unscaled else 162
        else:
            count[winners[-1] % 2] = 248 + 100 if unscaled else int(rules.capot_points)
    else:
        count = list(card_points)
        count[winners[-1] % 2] += 10
        if word == "all" and rules.all_trump_points == "ffb2016_ratio":
            count = [round(x * 162 / 258) for x in count]
    takers, defenders = taker % 2, 1 - taker % 2
    bonus = [0, 0]
    for seat in belotes:
        bonus[seat % 2] += 20
    if rules.belote == "attack_only":
        bonus[defenders] = 0
    points = [count[0] + bonus[0], count[1] + bonus[1]]
    held = 0
    if points[takers] > points[defenders] or (
        points[takers] == points[defenders] and rules.tie == "made"
    ):
        return points, True, points, 0, capot
    score = [0, 0]
    if points[takers] == points[defenders] and rules.tie == "litige":
        score[defenders], held = points[defenders], points[takers]
    elif rules.belote == "prenable":
        score[defenders] = sum(count) + sum(bonus)
    else:
        score[defenders] = sum(count) + bonus[defenders]
        score[takers] = bonus[takers]
    return points, False, score, held, capot


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 2**32),
    trumps,
    rule_sets(),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(Seat)),
)
def test_random_legal_deal_adds_up_and_scores_by_the_spec(seed, trump, rules, taker, leader):
    d = random_scored_deal(random.Random(seed), trump, rules, taker=taker, leader=leader)
    word = TRUMP_WORDS[trump]
    tricks = d.tricks()
    # the reference reading of the tricks
    winners, card_points, lead = [], [0, 0], leader
    for trick in tricks:
        assert trick[0][0] == lead
        cards = [c for _, c in trick]
        w = trick[ref_winner(cards, word)][0]
        winners.append(w)
        card_points[w % 2] += sum(ref_points(c, word, rules.all_trump_points) for c in cards)
        lead = w
    trump_values = word == "all" and rules.all_trump_points in ("ffb2016_ratio", "trump_values")
    assert sum(card_points) == (248 if trump_values else 152)
    belotes = ref_belotes(tricks, word, rules)
    points, made, score, held, capot = ref_score(card_points, winners, belotes, taker, word, rules)
    # the deal total: cards and last trick (or the capot), plus the belotes that count
    counted = 20 * len(belotes)
    if rules.belote == "attack_only":
        counted = 20 * sum(1 for s in belotes if s % 2 == taker % 2)
    unscaled = word == "all" and rules.all_trump_points == "trump_values"
    defenders_sweep = capot and winners[-1] % 2 != taker % 2
    bonus = not (defenders_sweep and rules.defenders_capot == "no_bonus")
    if capot and bonus:
        whole = 348 if unscaled else int(rules.capot_points)
    else:
        whole = 258 if unscaled else 162
    assert sum(points) == whole + counted
    if made:
        assert score == points and held == 0
    elif held:
        assert score[taker % 2] == 0 and score[1 - taker % 2] + held == sum(points)
    else:
        assert sum(score) == whole + counted

    assert list(d.winners) == winners
    assert list(d.card_points) == card_points
    assert list(d.belotes) == belotes
    assert (d.capot is not None) == capot
    assert (list(d.points), d.made, list(d.score), d.held) == (points, made, score, held)
    # the checked path agrees with the fast one, and finds every play legal
    r = play_deal(Contract(trump, taker=taker), tricks, rules)
    fields = ("winners", "card_points", "belote", "belotes", "capot", "points", "made", "score")
    assert [getattr(r, f) for f in (*fields, "held")] == [getattr(d, f) for f in (*fields, "held")]


# -- dealing --------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(32)), st.sampled_from(list(Seat)), st.sampled_from(list(Seat)))
def test_dealing_gives_each_seat_8_distinct_cards_of_the_32(deck, dealer, taker):
    r = deal_cards(deck, dealer, taker)
    hands = [set(h) for h in r.hands]
    assert all(len(h) == 8 for h in hands)
    assert set().union(*hands) == set(range(32))
    assert r.turned in hands[taker]
    for seat in Seat:
        assert set(r.first[seat]) <= hands[seat] and len(r.first[seat]) == 5
    assert set(r.first[dealer.next]) == set(deck[0:3]) | set(deck[12:14])
