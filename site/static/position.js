/* The "your position" page: any trick ruled, any deal scored, in the browser.

   The rules are the engine's: its tables, rule ids, rule sets and laws come from
   static/position-data.js, generated at build time (explainer/site/position.py). This
   file is the logic over them, the engine's functions written again in JavaScript:
   make_ruler (explainer/engine/play.py), score_trick, position_premises
   (engine/laws.py), score_deal and score_classic_declarations (engine/deal.py,
   engine/coinche/scoring.py), trick_points and score_coinche (engine/coinche/scoring.py),
   and the play check of explainer/scenarios/kinds/play.py. tests/site/test_position_browser.py
   compares every answer with the engine's over random positions and deals, under every
   rule set and every value of every knob: a knob value this file does not know is an
   error ("unsupported rule value"), never a guess.

   The sentences are the page's, rendered at build time by the same code as the worked
   examples into <template id="position-words">: this file only copies them.
   No storage, no requests, no eval; the position lives in the address fragment. */
(function () {
  "use strict";
  var E = window.EXPLAINER_ENGINE;
  if (!E) { return; }

  var RULE_IDS = ["lead", "follow", "climb", "partner-wins", "partner-no-lower", "trump",
                  "overtrump", "undertrump", "no-undertrump", "discard"];
  var SUIT = [0xFF, 0xFF00, 0xFF0000, 0xFF000000 | 0];
  var ALL = E.trumps.indexOf("all");
  var KING = E.cards.indexOf("KS"), QUEEN = E.cards.indexOf("QS");
  var NONE = E.trumps.indexOf("none");

  function fail(message) { throw new Error(message); }

  function sameSet(a, b) {
    return a.length === b.length && a.every(function (x) { return b.indexOf(x) >= 0; });
  }

  // The engine's rule ids must be the ones this file returns, in any order.
  var ENGINE_OK = sameSet(RULE_IDS, E.rules);

  function known(knobs, name, values) {
    var v = knobs[name];
    if (values.indexOf(v) < 0) { fail("unsupported rule value: " + name + ": " + v); }
    return v;
  }

  function whole(knobs, name) {
    var v = knobs[name];
    if (!/^[0-9]+$/.test(String(v))) { fail("unsupported rule value: " + name + ": " + v); }
    return parseInt(v, 10);
  }

  function yesNo(knobs, name, yes, no) {
    return known(knobs, name, [yes, no]) === yes;
  }

  // -- cards and seats ---------------------------------------------------------------

  var BY_TEXT = E.parse;  // every spelling parse_card accepts, upper case -> card

  function pyRepr(s) {
    // Python's repr() of a str, as the check's messages quote what was written.
    var q = s.indexOf("'") >= 0 && s.indexOf('"') < 0 ? '"' : "'";
    var out = "";
    for (var i = 0; i < s.length; i++) {
      var ch = s.charAt(i), code = s.charCodeAt(i);
      if (ch === "\\") { out += "\\\\"; }
      else if (ch === q) { out += "\\" + q; }
      else if (ch === "\n") { out += "\\n"; }
      else if (ch === "\r") { out += "\\r"; }
      else if (ch === "\t") { out += "\\t"; }
      else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
        out += "\\x" + (code < 16 ? "0" : "") + code.toString(16);
      } else { out += ch; }
    }
    return q + out + q;
  }

  function parseCard(text) {
    var c = BY_TEXT[text.trim().toUpperCase()];
    return c === undefined ? -1 : c;
  }

  // The cards a mistyped card may have meant (explainer/scenarios/tokens.py _card_guesses):
  // a letter O, I or L for a digit, else difflib.get_close_matches(code, cards, 4, 0.5).
  var LOOKALIKES = {O: "0", I: "1", L: "1"};

  function longestMatch(a, b, alo, ahi, blo, bhi) {
    // difflib.SequenceMatcher.find_longest_match without junk: [i, j, size], the earliest.
    var besti = alo, bestj = blo, size = 0, lengths = {};
    for (var i = alo; i < ahi; i++) {
      var next = {};
      for (var j = blo; j < bhi; j++) {
        if (a[i] !== b[j]) { continue; }
        var k = next[j] = (lengths[j - 1] || 0) + 1;
        if (k > size) { besti = i - k + 1; bestj = j - k + 1; size = k; }
      }
      lengths = next;
    }
    return [besti, bestj, size];
  }

  function similarity(a, b) {
    // difflib.SequenceMatcher(None, a, b).ratio(): twice the matching characters of its
    // matching blocks over both lengths (a and b are arrays of code points).
    var queue = [[0, a.length, 0, b.length]], matches = 0;
    while (queue.length) {
      var q = queue.pop(), m = longestMatch(a, b, q[0], q[1], q[2], q[3]), i = m[0], j = m[1], k = m[2];
      if (!k) { continue; }
      matches += k;
      if (q[0] < i && q[2] < j) { queue.push([q[0], i, q[2], j]); }
      if (i + k < q[1] && j + k < q[3]) { queue.push([i + k, q[1], j + k, q[3]]); }
    }
    return a.length + b.length ? 2 * matches / (a.length + b.length) : 1;
  }

  function cardGuesses(text) {
    var code = Array.from(text.trim().toUpperCase());
    if (code.length > 6) { return []; }
    var direct = parseCard(code.map(function (ch) { return LOOKALIKES[ch] || ch; }).join(""));
    if (direct >= 0) { return [cardCode(direct)]; }
    var found = [];
    E.cards.forEach(function (x) {
      var score = similarity(Array.from(x), code);
      if (score >= 0.5) { found.push([score, x]); }
    });
    found.sort(function (p, q) { return q[0] - p[0] || (q[1] > p[1] ? 1 : q[1] < p[1] ? -1 : 0); });
    return found.slice(0, 4).map(function (p) { return p[1]; });
  }

  function badCard(text) {
    // The check's problem for a card that is none: what was typed, and what it may mean.
    var guesses = cardGuesses(text);
    return guesses.length ? ["bad-card-guess", {text: pyRepr(text), guesses: guesses}]
      : ["bad-card", {text: pyRepr(text)}];
  }

  function parseSeat(text) {
    return E.seats.indexOf(text.trim().toUpperCase());
  }

  function cardCode(c) { return E.cards[c]; }

  // -- play: make_ruler ------------------------------------------------------------------

  function playRules(knobs) {
    return {
      under: known(knobs, "undertrump", ["required", "optional", "forbidden"]),
      partner: known(knobs, "partner_overtrump", ["required", "optional", "no_lower"]),
      atPartner: known(knobs, "all_trump_partner", ["climb", "free"]),
      scale: known(knobs, "all_trump_points", Object.keys(E.scales))
    };
  }
  var PLAY_KNOBS = ["undertrump", "partner_overtrump", "all_trump_partner", "all_trump_points"];

  function best(t, trick) {
    // [index of the winning card, its card, its key] of a trick (trick_winner).
    var key = t.winKey[trick[0] >> 3], win = 0, top = key[trick[0]];
    for (var i = 1; i < trick.length; i++) {
      if (key[trick[i]] > top) { win = i; top = key[trick[i]]; }
    }
    return [win, trick[win], top];
  }

  function voidRuling(t, p, hand, b, partner) {
    var trumps = hand & t.trumpMask, top = b[2], higher;
    if (partner) {
      if (top >= E.trumpKey && p.partner === "required") {
        higher = trumps & t.above[b[1]];
        if (higher) { return [hand & ~(trumps ^ higher), "partner-wins"]; }
      } else if (top >= E.trumpKey && p.partner === "no_lower" && trumps !== hand) {
        var lower = trumps & ~t.above[b[1]];
        if (lower) { return [hand ^ lower, "partner-no-lower"]; }
      }
      return [hand, "partner-wins"];
    }
    if (!trumps) { return [hand, "discard"]; }
    if (top < E.trumpKey) { return [trumps, "trump"]; }
    higher = trumps & t.above[b[1]];
    if (higher) { return [higher, "overtrump"]; }
    if (p.under === "required" || trumps === hand) { return [trumps, "undertrump"]; }
    if (p.under === "forbidden") { return [hand ^ trumps, "no-undertrump"]; }
    return [hand, "discard"];
  }

  function ruling(trump, p, hand, trick) {
    // [legal mask, rule id] of the hand (a mask) after the trick (cards in play order).
    var t = E.tables[trump], r;
    hand = hand | 0;
    if (!trick.length) { return [hand >>> 0, "lead"]; }
    var led = trick[0] >> 3, inSuit = hand & SUIT[led];
    if (inSuit && !t.trumpLike[led]) { return [inSuit >>> 0, "follow"]; }
    if (!inSuit && (trump === NONE || trump === ALL)) { return [hand >>> 0, "discard"]; }
    var b = best(t, trick);
    var partner = b[0] === trick.length - E.partnerBack;
    if (inSuit) {
      if (trump !== ALL || p.atPartner === "climb" || !partner) {
        var higher = inSuit & t.above[b[1]];
        if (higher) { return [higher >>> 0, "climb"]; }
      }
      return [inSuit >>> 0, "follow"];
    }
    r = voidRuling(t, p, hand, b, partner);
    return [r[0] >>> 0, r[1]];
  }

  function trickResult(trump, p, cards, leader) {
    // score_trick: the winner's seat and each card's points, in play order.
    var t = E.tables[trump];
    var points = trump === ALL ? E.scales[p.scale] : t.points;
    var win = best(t, cards)[0];
    return {
      winner: (leader + win) & 3,
      points: cards.map(function (c) { return points[c]; })
    };
  }

  // -- the law that states a ruling: position_premises ---------------------------------

  var BIT = {};
  E.premises.forEach(function (name, i) { BIT[name] = E.premiseBits[i]; });

  function winnerBits(n, win, card, tmask, trumpLed) {
    var trumped = !trumpLed && ((tmask >>> card) & 1) === 1;
    if (n >= E.partnerBack && win === n - E.partnerBack) {
      return BIT.partner_winning | (trumped ? BIT.partner_trumped : 0);
    }
    return BIT.opponent_winning | (trumped ? BIT.opponent_trumped : 0);
  }

  function trickFacts(t, trick) {
    var taken = 0, win = 0, top = -1, bestTrump = -1, bestLed = -1;
    var key = trick.length ? t.winKey[trick[0] >> 3] : t.winKey[0];
    trick.forEach(function (c, i) {
      taken |= 1 << c;
      if (key[c] > top) { win = i; top = key[c]; }
      if (((t.trumpMask >>> c) & 1) && (bestTrump < 0 || t.strength[c] > t.strength[bestTrump])) {
        bestTrump = c;
      }
      if (c >> 3 === trick[0] >> 3 && (bestLed < 0 || t.strength[c] > t.strength[bestLed])) {
        bestLed = c;
      }
    });
    return {taken: taken, win: win, bestTrump: bestTrump, bestLed: bestLed};
  }

  function trickZones(t, trick) {
    // _build_trick: the trick's premise bits, the hand's zones, the zones that follow.
    var f = trickFacts(t, trick), n = trick.length, tmask = t.trumpMask | 0;
    var avail = ~f.taken, trumps = tmask & avail;
    if (!n) { return {bits: BIT.leading, zones: [0, 0, trumps, 0, avail & ~tmask], follow: 0}; }
    var led = trick[0] >> 3, trumpLed = t.trumpLike[led];
    var bits = BIT.following | (trumpLed ? BIT.trump_led : BIT.plain_led);
    bits |= winnerBits(n, f.win, trick[f.win], tmask, trumpLed);
    var thi = trumps, tlo = 0, lhi = 0, llo = 0;
    if (f.bestTrump >= 0) {
      bits |= BIT.trump_in_trick;
      thi = trumps & t.above[f.bestTrump];
      tlo = trumps & ~thi;
    }
    var follow = (tmask >>> trick[0]) & 1 ? 12 : 3;
    if (follow === 3) {
      var ledCards = SUIT[led] & avail;
      lhi = ledCards & t.above[f.bestLed];
      llo = ledCards & ~lhi;
    }
    return {bits: bits, zones: [lhi, llo, thi, tlo, avail & ~tmask & ~(lhi | llo)], follow: follow};
  }

  function premiseBits(trump, trick, hand) {
    var built = trickZones(E.tables[trump], trick), bits = built.bits, zones = 0;
    built.zones.forEach(function (zone, i) { if (hand & zone) { zones |= 1 << i; } });
    if (built.follow) {
      bits |= zones & built.follow ? BIT.can_follow : BIT["void"];
      if (zones & built.follow & 5) { bits |= BIT.can_beat; }
    }
    if (zones & 12) {
      bits |= BIT.holds_trump;
      if (!(zones & 19)) { bits |= BIT.only_trumps; }
      if (built.bits & BIT.trump_in_trick) {
        bits |= zones & 4 ? BIT.can_overtrump : BIT.only_lower_trumps;
      }
    }
    return bits;
  }

  function lawOf(trump, rule, trick, hand) {
    // The first law of the site's pages that states ``rule`` and covers the position.
    var kind = E.tables[trump].kind, bits = -1;
    for (var i = 0; i < E.laws.length; i++) {
      var law = E.laws[i];
      if (law.rule !== rule || law.kinds.indexOf(kind) < 0) { continue; }
      if (bits < 0) { bits = premiseBits(trump, trick, hand); }
      if ((bits & law.need) === law.need && !(bits & law.forbid)) { return law.id; }
    }
    return null;
  }

  // -- scoring a classic deal: score_deal, score_classic_declarations -------------------

  function beloteRules(knobs) {
    return {
      tie: known(knobs, "tie", ["made", "failed", "litige"]),
      belote: known(knobs, "belote", ["prenable", "imprenable", "attack_only"]),
      capot: whole(knobs, "capot_points"),
      scale: known(knobs, "all_trump_points", Object.keys(E.scales)),
      beloteSuits: known(knobs, "all_trump_belote", ["none", "each_suit"]),
      declarations: yesNo(knobs, "classic_declarations", "on", "off"),
      defendersCapot: known(knobs, "defenders_capot", ["bonus", "no_bonus"]),
      coinche: yesNo(knobs, "classic_coinche", "on", "off"),
      beloteBonus: yesNo(knobs, "belote_bonus", "on", "off")
    };
  }
  // The classic knobs a deal's play or score reads (KNOB_KINDS "play" or "deal"); the
  // others are the bidding's (classic_sa_ta) and the match's (target, both_reach, rounding).
  var BELOTE_KNOBS = ["tie", "belote", "capot_points", "all_trump_points", "all_trump_belote",
                      "classic_declarations", "defenders_capot", "classic_coinche",
                      "belote_bonus"];

  function ratio(count) {
    return Math.floor((2 * count * E.dealTotal + E.ratioTotal) / (2 * E.ratioTotal));
  }

  function dealTotal(r, trump) {
    // deal_total: 162, or 258 at all-trump counted in unscaled trump values.
    return trump === ALL && r.scale === "trump_values" ? E.ratioTotal : E.dealTotal;
  }

  function capotValue(r, trump, defenders) {
    // capot_value: the rule set's capot, 348 at all-trump in trump values, or the deal's
    // points alone for defenders under defenders_capot: no_bonus.
    if (defenders && r.defendersCapot === "no_bonus") { return dealTotal(r, trump); }
    if (trump === ALL && r.scale === "trump_values") { return E.ratioTotal - E.lastTrick + E.capotBonus; }
    return r.capot;
  }

  function counts(d, r) {
    var count = [0, 0];
    if (d.capot >= 0) { count[d.capot] = capotValue(r, d.trump, d.capot !== (d.taker & 1)); return count; }
    count = [d.cardPoints[0], d.cardPoints[1]];
    count[d.last] += E.lastTrick;
    var ratioed = d.trump === ALL && r.scale === "ffb2016_ratio";
    return ratioed ? [ratio(count[0]), ratio(count[1])] : count;
  }

  function classicMultiplier(r, level) {
    // A classic contract coinched (2) or surcoinched (4), played only under
    // classic_coinche: on (play_deal refuses it otherwise).
    var m = [1, 2, 4][level] || 1;
    if (m !== 1 && !r.coinche) { fail("coinche-off"); }
    return m;
  }

  function coincheRefused(knobs, level) {
    // Whether a classic contract at this coinche level is refused by the rule set.
    try { classicMultiplier(beloteRules(knobs), level); } catch (e) {
      if (e.message === "coinche-off") { return true; }
      throw e;
    }
    return false;
  }

  function multiplied(out, taker, m) {
    // multiplied: the deal's winners' score times the coinche; a litige as it is.
    if (m === 1 || out.held) { return out; }
    var s = [out.score[0], out.score[1]], winners = out.made ? taker & 1 : (taker & 1) ^ 1;
    s[winners] *= m;
    return Object.assign({}, out, {score: s});
  }

  function scoreDeal(r, d) {
    // score_deal: d = {trump, taker, cardPoints, last, capot (team or -1), belotes (teams)}.
    var count = counts(d, r);
    var takers = d.taker & 1, defenders = takers ^ 1, bonus = [0, 0];
    d.belotes.forEach(function (team) { bonus[team] += E.belote; });
    if (r.belote === "attack_only") { bonus[defenders] = 0; }
    var points = [count[0] + bonus[0], count[1] + bonus[1]];
    var ahead = points[takers] - points[defenders];
    var out = {points: points, made: true, score: points, held: 0, count: count, bonus: bonus};
    if (ahead > 0 || (ahead === 0 && r.tie === "made")) { return out; }
    var s = [0, 0];
    out.made = false;
    if (ahead === 0 && r.tie === "litige") {
      out.held = points[takers];
      s[defenders] = points[defenders];
    } else {
      s[defenders] = count[0] + count[1] + bonus[defenders];
      if (r.belote === "prenable") { s[defenders] += bonus[takers]; } else { s[takers] = bonus[takers]; }
    }
    out.score = s;
    return out;
  }

  function withDeclarations(r, d, out) {
    // declare_classic: a tie of the totals under tie: litige, else
    // score_classic_declarations as it calls it, then the coinche's multiplier.
    var t = d.taker & 1, decl = d.declarations, points = out.points;
    var total = [points[0] + decl[0], points[1] + decl[1]];
    var base = {points: points, count: out.count, bonus: out.bonus, held: 0};
    if (r.tie === "litige" && total[0] === total[1]) {
      return Object.assign(base, {made: false, score: t === 0 ? [0, total[1]] : [total[0], 0], held: total[t]});
    }
    var tie = r.tie === "made" ? "made" : "failed";
    var made = total[t] > total[t ^ 1] || (total[t] === total[t ^ 1] && tie === "made");
    if (made) { return Object.assign(base, {made: true, score: total}); }
    // the defence's count: the deal's (deal_total), or on a capot the defenders' capot
    // (capot_value: the deal's alone under defenders_capot: no_bonus)
    var wholeDeal = d.capot < 0 ? dealTotal(r, d.trump) : capotValue(r, d.trump, true);
    var s = [0, 0], kept = 0;
    d.belotes.forEach(function (team) {
      if (team === t && r.belote !== "prenable") { s[t] += E.belote; }
      else if (team === t || r.belote !== "attack_only") { kept += E.belote; }
    });
    s[t ^ 1] = wholeDeal + kept + decl[0] + decl[1];
    return Object.assign(base, {made: false, score: s});
  }

  function scoreBelote(knobs, d) {
    var r = beloteRules(knobs);
    var m = classicMultiplier(r, d.level);
    if (!r.beloteBonus) { d = Object.assign({}, d, {belotes: []}); }  // belote_seats: none
    var out = scoreDeal(r, d);
    if (d.declarations[0] || d.declarations[1]) {
      if (!r.declarations) { fail("declarations-off"); }
      out = withDeclarations(r, d, out);
    }
    return multiplied(out, d.taker, m);
  }

  // -- scoring a Coinche deal: trick_points, score_coinche -------------------------------

  function coincheRules(knobs) {
    var sur = known(knobs, "surcoinche", ["4", "3", "off"]);
    return {
      belote: known(knobs, "belote", ["imprenable", "prenable", "attack_only"]),
      beloteCounts: yesNo(knobs, "belote_counts", "yes", "no"),
      declarationsCount: yesNo(knobs, "declarations_count", "yes", "no"),
      declarations: yesNo(knobs, "declarations", "on", "off"),
      surcoinche: sur === "off" ? 0 : parseInt(sur, 10),
      minBid: whole(knobs, "min_bid"),
      bid80: whole(knobs, "bid_80_needs"),
      mustBeat: yesNo(knobs, "must_beat_defence", "yes", "no"),
      tie: known(knobs, "tie", ["failed", "made", "litige", "redeal"]),
      scoring: known(knobs, "scoring", ["points_plus_bid", "points_only", "bid_only"]),
      capotValue: whole(knobs, "capot_value"),
      generaleValue: whole(knobs, "generale_value"),
      failureBase: whole(knobs, "failure_base"),
      coinche: known(knobs, "coinche_scoring", ["whole", "bid_only", "flat", "base_only", "as_uncoinched"]),
      defenceCapot: known(knobs, "defence_capot", ["failure_base", "own_points"]),
      noTrumpBid: known(knobs, "no_trump_bid", ["single", "double"]),
      beloteMultiplied: yesNo(knobs, "belote_multiplied", "yes", "no"),
      capotBid: known(knobs, "capot_bid_scoring", ["as_contract", "flat"]),
      capotDeclarations: known(knobs, "capot_declarations", ["to_capot_team", "void"]),
      rounding: known(knobs, "rounding", ["half_up", "half_down", "none"]),
      capotPoints: whole(knobs, "capot_points"),
      scale: known(knobs, "all_trump_points", Object.keys(E.scales)),
      beloteSuits: known(knobs, "all_trump_belote", ["none", "each_suit"])
    };
  }
  var COINCHE_KNOBS = ["surcoinche", "belote", "belote_counts", "declarations_count",
                       "declarations", "min_bid", "bid_80_needs", "must_beat_defence", "tie",
                       "scoring", "capot_value", "generale_value", "failure_base",
                       "coinche_scoring", "belote_multiplied", "capot_bid_scoring",
                       "capot_declarations", "rounding", "capot_points", "all_trump_points",
                       "all_trump_belote", "defence_capot", "no_trump_bid"];

  function roundScore(points, rounding) {
    if (rounding === "half_up") { return Math.floor((points + 5) / 10) * 10; }
    if (rounding === "half_down") { return Math.floor((points + 4) / 10) * 10; }
    return points;
  }

  function trickPoints(r, d) {
    if (d.capot >= 0) { return d.capot === 0 ? [r.capotPoints, 0] : [0, r.capotPoints]; }
    var p = [d.cardPoints[0], d.cardPoints[1]];
    p[d.last] += E.lastTrick;
    if (d.trump === ALL && r.scale === "ffb2016_ratio") { p = [ratio(p[0]), ratio(p[1])]; }
    return p;
  }

  function need(bid, r) {
    return bid === 80 && (r.bid80 === 82 || r.minBid === 82) ? 82 : bid;
  }

  function multiplier(level, r) {
    if (level === 0) { return 1; }
    if (level === 1) { return 2; }
    if (r.surcoinche === 0) { fail("surcoinche-off"); }
    return r.surcoinche;
  }

  function madeOutcome(d, total, r) {
    var t = d.taker & 1, bid = d.bid;
    if (bid === "capot") { return d.capot === t ? "made" : "failed"; }
    if (bid === "generale") { return d.solo ? "made" : "failed"; }
    if (total[t] < need(bid, r)) { return "failed"; }
    if (!r.mustBeat || total[t] > total[t ^ 1]) { return "made"; }
    if (total[t] < total[t ^ 1]) { return "failed"; }
    return r.tie;
  }

  function plainScore(made, t, p, b, d, v, r, capot) {
    var s = [0, 0];
    if (made) {
      if (r.scoring === "bid_only") { s[t] = v + b[t]; s[t ^ 1] = b[t ^ 1]; }
      else { s[t] = p[t] + b[t] + d[t] + v; s[t ^ 1] = p[t ^ 1] + b[t ^ 1] + d[t ^ 1]; }
      return s;
    }
    var prenable = r.belote === "prenable";
    var base = r.scoring === "bid_only" ? 0 : r.failureBase;
    if (base && capot === (t ^ 1) && r.defenceCapot === "own_points") { base = p[t ^ 1]; }
    s[t ^ 1] = base + v + d[t ^ 1] + b[t ^ 1] + (prenable ? b[t] : 0);
    s[t] = prenable ? 0 : b[t];
    return s;
  }

  function coinchedScore(w, m, capot, b, d, v, r) {
    var base = r.failureBase + (capot === w ? 90 : 0);
    var inside = r.beloteMultiplied ? b[w] : 0, outside = b[w] - inside, win;
    if (r.scoring === "bid_only") { win = (v + inside) * m; }
    else if (r.coinche === "whole") { win = (base + v + d[w] + inside) * m; }
    else if (r.coinche === "bid_only") { win = base + (v + inside) * m + d[w]; }
    else if (r.coinche === "flat") {
      win = Math.floor((320 + (capot === w ? 100 : 0)) * m / 2) + (v + inside) * m + d[w];
    } else { win = (base + inside) * m + v + d[w]; }
    var s = [0, 0], prenable = r.belote === "prenable";
    s[w] = win + outside + (prenable ? b[w ^ 1] : 0);
    s[w ^ 1] = prenable ? 0 : b[w ^ 1];
    return s;
  }

  function flatCapot(w, m, b, d, v, generale, r) {
    var s = [0, 0], prenable = r.belote === "prenable";
    s[w] = (generale ? v : 2 * v) * m + d[w] + b[w] + (prenable ? b[w ^ 1] : 0);
    s[w ^ 1] = prenable ? 0 : b[w ^ 1];
    return s;
  }

  function rounded(s, r) { return [roundScore(s[0], r.rounding), roundScore(s[1], r.rounding)]; }

  function scoreCoinche(knobs, deal) {
    // play_coinche_deal's scoring from the deal's facts: deal = {trump, taker, bid (a
    // number, "capot" or "generale"), level (0-2), cardPoints, last, capot, solo, belotes
    // (teams), declarations (after the comparison)}.
    var r = coincheRules(knobs), t = deal.taker & 1;
    if (!r.declarations && (deal.declarations[0] || deal.declarations[1])) { fail("declarations-off"); }
    var p = trickPoints(r, deal), b = [0, 0], d = [deal.declarations[0], deal.declarations[1]];
    deal.belotes.forEach(function (team) { b[team] += E.belote; });
    if (r.belote === "attack_only") { b[t ^ 1] = 0; }
    var total = [0, 1].map(function (x) {
      return p[x] + (r.beloteCounts ? b[x] : 0) + (r.declarationsCount ? d[x] : 0);
    });
    var m = multiplier(deal.level, r);
    var outcome = madeOutcome(deal, total, r);
    var out = {trickPoints: p, belote: b, total: total, multiplier: m, outcome: outcome,
               held: [0, 0], redeal: outcome === "redeal"};
    if (outcome === "litige" || outcome === "redeal") {
      var s = [0, 0];
      if (outcome === "litige") {
        s[t ^ 1] = p[t ^ 1] + b[t ^ 1] + d[t ^ 1];
        out.held[t] = p[t] + b[t] + d[t];
      }
      out.made = false;
      out.unrounded = s;
      out.score = rounded(s, r);
      return out;
    }
    var made = outcome === "made";
    if (deal.capot >= 0) {
      var gain = r.capotDeclarations === "to_capot_team" ? d[deal.capot ^ 1] : 0;
      d[deal.capot] += gain;
      d[deal.capot ^ 1] = 0;
    }
    if (!made) { d[t ^ 1] += d[t]; d[t] = 0; }
    var bid = deal.bid, generale = bid === "generale";
    var v = typeof bid === "number" ? (r.scoring === "points_only" ? 0 : bid)
      : (bid === "capot" ? r.capotValue : r.generaleValue);
    if (deal.trump === NONE && r.noTrumpBid === "double") { v *= 2; }
    var w = made ? t : t ^ 1, sc;
    if (typeof bid !== "number" && (generale || r.capotBid === "flat")) {
      sc = flatCapot(w, m, b, d, v, generale, r);
    } else if (m === 1 || r.coinche === "as_uncoinched") {  // the bid alone multiplied
      sc = plainScore(made, t, p, b, d, v * m, r, deal.capot);
    }
    else { sc = coinchedScore(w, m, deal.capot, b, d, v, r); }
    out.made = made;
    out.declarations = d;
    out.unrounded = sc;
    out.score = rounded(sc, r);
    return out;
  }

  // -- the check of a position (explainer/scenarios/kinds/play.py) ----------------------

  function splitTokens(text) {
    var t = text.replace(/\s*:\s*/g, ":").trim();
    return t ? t.split(/[\s,]+/).filter(function (x) { return x; }) : [];
  }

  function readPlays(text, problems, notAPlay) {
    // reader.plays: every play one "SEAT:CARD" pair; null after any problem.
    var plays = [], ok = true;
    splitTokens(text).forEach(function (tok, i) {
      var m = /^([^:]*):([^:]*)$/.exec(tok);
      if (!m) {
        problems.push(notAPlay(i + 1, pyRepr(tok)));
        ok = false;
        return;
      }
      var seat = parseSeat(m[1]), card = parseCard(m[2]);
      if (seat < 0) { problems.push(["bad-seat", {text: pyRepr(m[1])}]); }
      if (card < 0) { problems.push(badCard(m[2])); }
      if (seat < 0 || card < 0) { ok = false; return; }
      plays.push([seat, card]);
    });
    return ok ? plays : null;
  }

  function readTrick(text, problems) {
    // A trick's plays; any problem leaves no trick (as kinds/play.py reads it).
    return readPlays(text, problems, function (n, written) {
      return ["not-a-play", {n: n, text: written}];
    }) || [];
  }

  function checkTrick(trick, hasHand, problems) {
    var bad = false, seen = {};
    trick.forEach(function (play, i) {
      var code = cardCode(play[1]);
      if (seen[play[1]]) {
        problems.push(["twice-in-trick", {card: code}]);
        bad = true;
      }
      seen[play[1]] = true;
      if (i > 0 && play[0] !== ((trick[i - 1][0] + 1) & 3)) {
        problems.push(["out-of-turn", {seat: E.seats[play[0]], before: E.seats[trick[i - 1][0]],
                                       expected: E.seats[(trick[i - 1][0] + 1) & 3]}]);
        bad = true;
      }
    });
    var limit = hasHand ? 3 : 4;
    if (trick.length > limit) {
      problems.push([hasHand ? "too-many-before-hand" : "too-many", {n: limit}]);
      bad = true;
    }
    return bad;
  }

  function readHand(text, problems) {
    // reader.cards: distinct cards; any problem leaves no card.
    var cards = [], ok = true, seen = {};
    splitTokens(text).forEach(function (tok) {
      var c = parseCard(tok);
      if (c < 0) { problems.push(badCard(tok)); ok = false; return; }
      if (seen[c]) { problems.push(["twice-in-hand", {card: cardCode(c)}]); ok = false; return; }
      seen[c] = true;
      cards.push(c);
    });
    return ok ? cards : [];
  }

  function checkHand(seat, trick, hand, bad, problems) {
    if (trick.length && !bad && trick.length < 4) {
      var expected = (trick[trick.length - 1][0] + 1) & 3;
      if (seat !== expected) {
        problems.push(["seat-out-of-turn", {seat: E.seats[seat], last: E.seats[trick[trick.length - 1][0]],
                                            expected: E.seats[expected]}]);
      }
    }
    if (hand.length > 8) { problems.push(["hand-too-big", {n: hand.length, max: 8}]); }
    var played = trick.map(function (p) { return p[1]; });
    hand.forEach(function (c) {
      if (played.indexOf(c) >= 0) { problems.push(["in-trick-and-hand", {card: cardCode(c)}]); }
    });
  }

  function mask(cards) {
    var m = 0;
    cards.forEach(function (c) { m |= 1 << c; });
    return m;
  }

  function cardsOf(m) {
    var out = [];
    for (var c = 0; c < 32; c++) { if ((m >>> c) & 1) { out.push(c); } }
    return out;
  }

  function checkPlay(input, hand, trick, p, problems) {
    var text = input.play.trim();
    if (!text) { return -1; }
    var card = parseCard(text), before = problems.length;
    if (card < 0) { problems.push(badCard(text)); }
    if (!input.hasHand) {
      problems.push(["play-needs-hand", {}]);
    } else if (card >= 0 && !before) {
      if (hand.indexOf(card) < 0) {
        problems.push(["not-in-hand", {card: cardCode(card)}]);
      } else {
        var r = ruling(input.trump, p, mask(hand), trick.map(function (x) { return x[1]; }));
        if (!((r[0] >>> card) & 1)) {
          var allowed = cardsOf(r[0]).map(cardCode).join(" ");
          problems.push(["illegal-play", {card: cardCode(card), verb: r[1], cards: allowed}]);
        }
      }
    }
    return card;
  }

  function checkPosition(input, p) {
    // input = {trump, trick (text), seat, hand (text), play (text)}: the position, or
    // every problem the check would report for it (kinds/play.py), in its order.
    var problems = [];
    var trick = readTrick(input.trick, problems);
    input.hasHand = splitTokens(input.hand).length > 0;
    var bad = checkTrick(trick, input.hasHand, problems) || problems.length > 0;
    var hand = [];
    if (input.hasHand) {
      hand = readHand(input.hand, problems);
      checkHand(input.seat, trick, hand, bad, problems);
    } else if (!bad && trick.length < 4) {
      problems.push(["no-hand", {n: trick.length}]);
    }
    var play = checkPlay(input, hand, trick, p, problems);
    return {problems: problems, trick: trick, hand: hand, play: play};
  }

  // -- a whole deal's eight tricks: the deal kind's reading, check_dealt, play_deal ------

  function readDealTricks(text, problems) {
    // One trick a line (or between semicolons), its plays as in a trick, located as the
    // deal kind locates them (tricks.T.P); null after any problem.
    var tricks = [], ok = true;
    text.split(/[\n;]/).map(function (line) { return line.trim(); }).filter(function (line) {
      return line;
    }).forEach(function (line, t) {
      var plays = readPlays(line, problems, function (n, written) {
        return ["not-a-deal-play", {t: t + 1, n: n, text: written}];
      });
      ok = ok && plays !== null;
      tricks.push(plays || []);
    });
    return ok ? tricks : null;
  }

  function dealtHands(tricks) {
    // check_dealt: the four hands as dealt, or the first problem [key, values].
    if (tricks.length !== 8) { return [["deal-tricks", {n: tricks.length}]]; }
    var seen = {}, hands = [0, 0, 0, 0], counts = [0, 0, 0, 0];
    for (var t = 0; t < 8; t++) {
      if (tricks[t].length !== 4) { return [["deal-trick-size", {t: t + 1, n: tricks[t].length}]]; }
      for (var i = 0; i < 4; i++) {
        var c = tricks[t][i][1];
        if (seen[c] !== undefined) {
          return [["deal-twice", {card: cardCode(c), first: seen[c] + 1, second: t + 1}]];
        }
        seen[c] = t;
        hands[tricks[t][i][0]] |= 1 << c;
        counts[tricks[t][i][0]] += 1;
      }
    }
    for (var seat = 0; seat < 4; seat++) {
      if (counts[seat] !== 8) { return [["deal-seat-cards", {seat: E.seats[seat], n: counts[seat]}]]; }
    }
    return hands;
  }

  function beloteOf(trump, knobs, hands) {
    // belote_seats: [suit, seat] of each king and queen dealt to one seat; none under
    // belote_bonus: off.
    if (yesNo(knobs, "belote_bonus", "off", "on")) { return []; }
    var allTrumpBelote = known(knobs, "all_trump_belote", ["none", "each_suit"]);
    var suits = trump < 4 ? [trump] : trump === ALL && allTrumpBelote === "each_suit" ? [0, 1, 2, 3] : [];
    var out = [];
    suits.forEach(function (suit) {
      var kq = (1 << (suit * 8 + KING)) | (1 << (suit * 8 + QUEEN));
      for (var seat = 0; seat < 4; seat++) {
        if ((hands[seat] & kq) === kq) { out.push([suit, seat]); if (trump < 4) { break; } }
      }
    });
    return out;
  }

  function playDeal(trump, p, knobs, tricks) {
    // play_deal: every play checked in turn, each trick won and counted, or the first
    // problem. Returns {winners, cardPoints, belotes} or [[key, values]].
    var hands = dealtHands(tricks);
    if (hands.length === 1) { return hands; }
    var belotes = beloteOf(trump, knobs, hands);
    var leader = tricks[0][0][0], winners = [], points = [0, 0];
    for (var t = 0; t < 8; t++) {
      var cards = [];
      for (var i = 0; i < 4; i++) {
        var seat = tricks[t][i][0], c = tricks[t][i][1], expected = (leader + i) & 3;
        if (seat !== expected) {
          return [[i ? "deal-plays-out-of-turn" : "deal-leads-out-of-turn",
                   {t: t + 1, seat: E.seats[seat], expected: E.seats[expected]}]];
        }
        var r = ruling(trump, p, hands[seat], cards);
        if (!((r[0] >>> c) & 1)) {
          return [["deal-illegal", {t: t + 1, seat: E.seats[seat], card: cardCode(c), verb: r[1],
                                    cards: cardsOf(r[0]).map(cardCode).join(" ")}]];
        }
        hands[seat] &= ~(1 << c);
        cards.push(c);
      }
      var res = trickResult(trump, p, cards, leader);
      leader = res.winner;
      winners.push(leader);
      points[leader & 1] += res.points.reduce(function (a, b) { return a + b; }, 0);
    }
    return {winners: winners, cardPoints: points, belotes: belotes};
  }

  function dealFacts(played, taker) {
    // What the calculator scores: the last trick, a capot, a générale, the takers' tricks.
    var w = played.winners, takers = taker & 1;
    var won = w.filter(function (s) { return (s & 1) === takers; }).length;
    return {
      cardPoints: played.cardPoints, last: w[7] & 1,
      capot: won === 8 ? takers : won === 0 ? takers ^ 1 : -1,
      solo: w.every(function (s) { return s === taker; }), won: won,
      belotes: played.belotes.map(function (x) { return x[1] & 1; }), beloteSeats: played.belotes
    };
  }

  // -- batches, for the test and for the other rule sets ---------------------------------

  function ruleMany(knobs, positions) {
    // positions: [trump, hand, card...] each; returns [legal, rule index] flattened.
    var p = playRules(knobs), out = new Array(positions.length * 2);
    positions.forEach(function (pos, i) {
      var r = ruling(pos[0], p, pos[1], pos.slice(2));
      out[2 * i] = r[0];
      out[2 * i + 1] = E.rules.indexOf(r[1]);
    });
    return out;
  }

  var api = {
    ok: ENGINE_OK,
    playKnobs: PLAY_KNOBS,
    beloteKnobs: BELOTE_KNOBS,
    coincheKnobs: COINCHE_KNOBS,
    parseCard: parseCard,
    ruling: function (knobs, trump, hand, trick) { return ruling(trump, playRules(knobs), hand, trick); },
    ruleMany: ruleMany,
    lawMany: function (positions) {
      // [trump, rule id, hand, card...] each -> law id or null
      return positions.map(function (pos) { return lawOf(pos[0], pos[1], pos.slice(3), pos[2]); });
    },
    trickMany: function (knobs, tricks) {
      // [trump, leader, card x4] each -> [winner seat, points...]
      var p = playRules(knobs);
      return tricks.map(function (x) {
        var r = trickResult(x[0], p, x.slice(2), x[1]);
        return [r.winner].concat(r.points);
      });
    },
    scoreBelote: scoreBelote,
    scoreCoinche: scoreCoinche,
    scoreMany: function (game, knobs, deals) {
      // [made (1/0), score NS, score EW, held] per deal, or [error message].
      return deals.map(function (d) {
        var r;
        try { r = game === "coinche" ? scoreCoinche(knobs, d) : scoreBelote(knobs, d); }
        catch (e) { if (/^unsupported/.test(e.message)) { throw e; } return [e.message]; }
        var held = typeof r.held === "number" ? r.held : r.held[0] + r.held[1];
        return [r.made ? 1 : 0, r.score[0], r.score[1], held];
      });
    },
    checkPosition: function (knobs, input) { return checkPosition(input, playRules(knobs)); },
    dealMany: function (game, knobs, play, deals, name) {
      // [trump, taker, bid, level, text of the eight tricks] each -> the deal's facts and
      // score ([card points NS, EW, made, score NS, EW, held]), or its first problem
      // (``name``: the rule set's id, its name in the page's words in the messages).
      var p = playRules(play);
      return deals.map(function (x) {
        if (game !== "coinche" && coincheRefused(knobs, x[3])) {  // before any play: play_deal
          return [["coinche-off", {rules: word("preset-" + name)}]];
        }
        var problems = [], tricks = readDealTricks(x[4], problems);
        if (!tricks) { return problems; }
        var played = playDeal(x[0], p, play, tricks);
        if (played.length) { return played; }
        var d = dealFacts(played, x[1]);
        d.trump = x[0]; d.taker = x[1]; d.bid = x[2]; d.level = x[3]; d.declarations = [0, 0];
        var r;
        try { r = game === "coinche" ? scoreCoinche(knobs, d) : scoreBelote(knobs, d); }
        catch (e) { if (/^unsupported/.test(e.message)) { throw e; } return [[e.message, {rules: name}]]; }
        var held = typeof r.held === "number" ? r.held : r.held[0] + r.held[1];
        return [d.cardPoints[0], d.cardPoints[1], r.made ? 1 : 0, r.score[0], r.score[1], held];
      });
    }
  };
  window.ExplainerPosition = api;

  // ======================================================================================
  // The page: the form, the fragment, the answers.
  // ======================================================================================

  var form = document.getElementById("position-form");
  var wordsTemplate = document.getElementById("position-words");
  if (!form || !wordsTemplate) { return; }

  var WORDS = {};
  var wordNodes = wordsTemplate.content.querySelectorAll("[data-w]");
  for (var wi = 0; wi < wordNodes.length; wi++) {
    WORDS[wordNodes[wi].getAttribute("data-w")] = wordNodes[wi];
  }

  function word(key) {
    var node = WORDS[key];
    return node ? node.textContent : key;
  }

  function clone(key) {
    var node = WORDS[key], span = document.createElement("span");
    if (node) {
      for (var i = 0; i < node.childNodes.length; i++) { span.appendChild(node.childNodes[i].cloneNode(true)); }
    }
    return span;
  }

  function fill(key, values) {
    // A sentence of the page with its %(name)s replaced by text or by nodes.
    var parts = word(key).split(/(%\([a-z_]+\)[sd])/), out = document.createDocumentFragment();
    parts.forEach(function (part) {
      var m = /^%\(([a-z_]+)\)[sd]$/.exec(part);
      if (!m) { if (part) { out.appendChild(document.createTextNode(part)); } return; }
      var v = values[m[1]];
      out.appendChild(typeof v === "object" ? v : document.createTextNode(String(v)));
    });
    return out;
  }

  function slotted(key, values) {
    // A sentence rendered with <span data-slot="name"> where a value goes.
    var out = clone(key);
    var slots = out.querySelectorAll("[data-slot]");
    for (var i = 0; i < slots.length; i++) {
      var v = values[slots[i].getAttribute("data-slot")];
      slots[i].parentNode.replaceChild(typeof v === "object" ? v : document.createTextNode(String(v)), slots[i]);
    }
    return out;
  }

  function chips(cards) {
    var out = document.createDocumentFragment();
    cards.forEach(function (c, i) {
      if (i) { out.appendChild(document.createTextNode(" ")); }
      var chip = WORDS["card-" + cardCode(c)].firstElementChild.cloneNode(true);
      out.appendChild(chip);
    });
    return out;
  }

  function joined(items) {
    // babel.lists.format_list with the page language's patterns.
    if (items.length === 1) { return items[0]; }
    var pattern = function (key, a, b) {
      return fill(key, {a: a, b: b});
    };
    if (items.length === 2) { return pattern("list-2", items[0], items[1]); }
    var result = pattern("list-start", items[0], items[1]);
    for (var i = 2; i < items.length - 1; i++) { result = pattern("list-middle", result, items[i]); }
    return pattern("list-end", result, items[items.length - 1]);
  }

  function el(tag, cls, children) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "object" ? child : document.createTextNode(child));
    });
    return node;
  }

  function mark(legal) {
    var span = el("span", "mark", [legal ? "\u2713" : "\u2717"]);
    span.setAttribute("aria-hidden", "true");
    return span;
  }

  function problemList(problems) {
    var list = el("ul", "position-problems");
    problems.forEach(function (pr) {
      var values = pr[1];
      if (values.verb) {  // an illegal play: the engine's reason, then the allowed cards
        values = Object.assign({why: word("verb-" + values.verb) + ": " + values.cards}, values);
      }
      if (values.guesses) {  // a mistyped card: "QS, KS, JS or AS", as the check lists them
        var g = values.guesses, last = g[g.length - 1];
        var listed = g.length < 2 ? last : fill("check-or", {a: g.slice(0, -1).join(", "), b: last});
        values = Object.assign({cards: listed}, values);
      }
      list.appendChild(el("li", "", [fill("check-" + pr[0], values)]));
    });
    return list;
  }

  api.explain = function (problems) {
    // Problems [key, values] as the page words them (for the test).
    return problems.map(function (x) { return problemList([x]).textContent; });
  };

  api.problemTexts = function (knobs, input) {
    // The messages the page shows for a position, in its language (for the test).
    var pr = checkPosition(input, playRules(knobs)).problems;
    return pr.map(function (x) { return problemList([x]).textContent; });
  };

  // -- reading and writing the form ------------------------------------------------------

  var $ = function (id) { return document.getElementById(id); };
  var FIELDS = ["rules", "t", "trick", "seat", "hand", "play", "taker", "bid", "level", "count",
                "tricks", "ns", "ew", "last", "belote", "deal", "dns", "dew"];
  var SUIT_LETTERS = E.cards.slice(0, 32).filter(function (c, i) { return i % 8 === 0; })
    .map(function (c) { return c.slice(-1); });

  function ruleSet(id) {
    for (var i = 0; i < E.ruleSets.length; i++) { if (E.ruleSets[i].id === id) { return E.ruleSets[i]; } }
    return E.ruleSets[0];
  }

  function value(name) {
    if (name === "belote") { return beloteValue(); }
    var field = form.elements[name];
    return field ? field.value : "";
  }

  function beloteValue() {
    // "H:N" for each suit whose belote a seat holds, in suit order.
    var parts = [];
    for (var s = 0; s < 4; s++) {
      var field = form.elements["belote-" + s];
      if (field && !$("pos-belote-row-" + s).hidden && field.value !== "none") {
        parts.push(SUIT_LETTERS[s] + ":" + field.value);
      }
    }
    return parts.join(",");
  }

  function setBelote(v) {
    for (var s = 0; s < 4; s++) { setValue("belote-" + s, "none"); }
    v.split(",").forEach(function (part) {
      var m = /^([A-Za-z]):([A-Za-z])$/.exec(part.trim());
      var suit = m ? SUIT_LETTERS.indexOf(m[1].toUpperCase()) : -1;
      if (suit >= 0) { setValue("belote-" + suit, m[2].toUpperCase()); }
    });
  }

  function setValue(name, v) {
    if (name === "belote") { setBelote(v); return; }
    var field = form.elements[name];
    if (!field) { return; }
    if (field.tagName === "SELECT") {
      for (var i = 0; i < field.options.length; i++) {
        if (field.options[i].value === v) { field.value = v; return; }
      }
      return;
    }
    field.value = v;
  }

  function fragmentOf() {
    var parts = [];
    FIELDS.forEach(function (name) {
      var v = value(name);
      if (name === "seat" && splitTokens(value("trick")).length && v === derivedSeat()) { return; }
      var field = form.elements[name];
      if (name === "trick" || name === "hand") { v = splitTokens(v).join(","); }
      if (name === "deal") {
        v = v.split(/[\n;]/).map(function (l) { return splitTokens(l).join(","); })
          .filter(function (l) { return l; }).join(";");
      }
      if (v !== "" && (name === "belote" || (field && !field.disabled))) {
        parts.push(name + "=" + encodeURIComponent(v).replace(/%3A/gi, ":").replace(/%2C/gi, ","));
      }
    });
    return parts.join("&");
  }

  function readFragment(hash) {
    // A link's position: the form as the page first shows it, with the fragment's
    // values; a trick, hand or card to play the fragment leaves out is empty.
    var text = hash.replace(/^#/, ""), values = {};
    text.split("&").forEach(function (pair) {
      var at = pair.indexOf("="), name = at < 0 ? pair : pair.slice(0, at);
      if (FIELDS.indexOf(name) < 0) { return; }
      try { values[name] = decodeURIComponent(at < 0 ? "" : pair.slice(at + 1)); } catch (e) { return; }
    });
    if (!Object.keys(values).length) { return false; }
    form.reset();
    ["trick", "hand", "play", "deal"].forEach(function (name) { setValue(name, ""); });
    FIELDS.forEach(function (name) {
      if (!(name in values)) { return; }
      var v = values[name];
      if (name === "deal") {
        v = v.split(";").map(function (l) { return splitTokens(l).join(", "); }).join("\n");
      } else if (name === "trick" || name === "hand") { v = splitTokens(v).join(", "); }
      setValue(name, v);
    });
    if (!("seat" in values)) { setValue("seat", derivedSeat() || value("seat")); }
    return true;
  }

  function derivedSeat() {
    var plays = splitTokens(value("trick"));
    if (!plays.length) { return ""; }
    var m = /^([^:]*):/.exec(plays[plays.length - 1]);
    var seat = m ? parseSeat(m[1]) : -1;
    return seat < 0 ? "" : E.seats[(seat + 1) & 3];
  }

  function keepInAddress() {
    var frag = "#" + fragmentOf();
    if (window.location.hash === frag) { return; }
    try { window.history.replaceState(null, "", frag); }
    catch (e) { window.location.replace(frag); }
    var links = document.querySelectorAll(".languages a[href]");
    for (var i = 0; i < links.length; i++) {
      links[i].setAttribute("href", links[i].getAttribute("href").split("#")[0] + frag);
    }
  }

  // -- the trick's answer ----------------------------------------------------------------

  function trickInput() {
    return {trump: E.trumps.indexOf(value("t")), trick: value("trick"),
            seat: parseSeat(value("seat")), hand: value("hand"), play: value("play")};
  }

  function otherRulings(chosen, trump, hand, trick, legal) {
    // The site's other rule sets that allow other cards here, each with its answer (one
    // sentence each, as the examples say it).
    var out = [];
    E.ruleSets.forEach(function (rs) {
      if (rs.id === chosen.id) { return; }
      var r = ruling(trump, playRules(rs.play), hand, trick);
      if (r[0] !== legal) { out.push({id: rs.id, legal: r[0]}); }
    });
    return out;
  }

  function trickList(trick) {
    var list = el("ol", "trick");
    trick.forEach(function (play, i) {
      var item = el("li", "", [el("span", "seat", [word("seat-" + E.seats[play[0]])]), " "]);
      item.setAttribute("value", String(i + 1));
      item.appendChild(chips([play[1]]));
      list.appendChild(item);
    });
    return list;
  }

  function pointsText(points) {
    // "11 + 10 + 0 + 20 = 41 points", as the examples write a trick's value.
    var sum = points.reduce(function (a, b) { return a + b; }, 0);
    return word("points-" + sum).replace("%(sum)s", points.join(" + "));
  }

  function resultLines(trump, p, cards, leader) {
    var res = trickResult(trump, p, cards, leader);
    return el("p", "trick-result", [
      slotted("winner", {seat: word("seat-" + E.seats[res.winner])}), " ",
      slotted("trick-value", {points: pointsText(res.points)})
    ]);
  }

  function otherTrickValues(chosen, trump, cards, leader) {
    // The site's other rule sets that count this trick otherwise (an all-trump scale),
    // each with its value: the winner is every rule set's.
    var mine = trickResult(trump, playRules(chosen.play), cards, leader).points.join(" ");
    var out = [];
    E.ruleSets.forEach(function (rs) {
      var points = trickResult(trump, playRules(rs.play), cards, leader).points;
      if (rs.id === chosen.id || points.join(" ") === mine) { return; }
      out.push(presetNote(fill("other-trick-value", {rules: word("preset-" + rs.id), points: pointsText(points)})));
    });
    return out;
  }

  function lawLinks(trump, rule, trick, hand) {
    var law = lawOf(trump, rule, trick, hand);
    if (!law || !WORDS["law-" + law]) { return null; }
    return el("p", "law-link", [clone("law-" + law)]);
  }

  function verdictList(hand, legal) {
    var list = el("ul", "verdicts");
    hand.forEach(function (c) {
      var ok = ((legal >>> c) & 1) === 1;
      var item = el("li", ok ? "legal" : "illegal", [mark(ok), " ", word("verdict-" + (ok ? 1 : 0) + "-" + cardCode(c))]);
      item.setAttribute("data-card", cardCode(c));
      list.appendChild(item);
    });
    return list;
  }

  function ruleLines(rule, restricted, someIllegal) {
    var out = [el("p", "rule why-legal", [mark(true), " ", el("strong", "rule-name", [word("name-" + rule)]), " ",
      el("span", "reason", [word(restricted ? "rule-partner-wins-restricted" : "rule-" + rule)])])];
    out[0].setAttribute("data-rule", rule);
    if (someIllegal) {
      out.push(el("p", "rule why-illegal", [mark(false), " ", el("span", "reason", [word("illegal-" + rule)])]));
    }
    return out;
  }

  function presetNote(sentence) {
    // A paragraph saying where another rule set answers otherwise, behind the scales.
    var note = el("p", "preset-note"), scales = el("span", "", ["\u2696"]);
    scales.setAttribute("aria-hidden", "true");
    note.appendChild(scales);
    note.appendChild(document.createTextNode(" "));
    note.appendChild(sentence);
    return note;
  }

  function presetNotes(others, hand) {
    return others.map(function (o) {
      var shown = hand.filter(function (c) { return (o.legal >>> c) & 1; });
      return presetNote(slotted("rules-differ", {rules: word("preset-" + o.id), cards: chips(shown)}));
    });
  }

  function trickAnswer(rs) {
    var input = trickInput(), p = playRules(rs.play);
    var out = document.createDocumentFragment(), summary = [];
    if (!splitTokens(input.trick).length && !splitTokens(input.hand).length && !input.play.trim()) {
      out.appendChild(el("p", "", [word("empty")]));
      return {node: out, summary: word("empty")};
    }
    var checked = checkPosition(input, p);
    if (checked.problems.length) {
      var refused = el("p", "position-refused", [word("refused")]);
      out.appendChild(refused);
      out.appendChild(problemList(checked.problems));
      summary = [word("refused")].concat(checked.problems.map(function (pr) {
        return problemList([pr]).textContent;
      }));
      return {node: out, summary: summary.join(" ")};
    }
    var trick = checked.trick.map(function (x) { return x[1]; }), hand = checked.hand;
    if (checked.trick.length) {
      out.appendChild(el("p", "label", [word(input.hasHand ? "trick-so-far" : "trick-done")]));
      out.appendChild(trickList(checked.trick));
    }
    if (input.hasHand) {
      var r = ruling(input.trump, p, mask(hand), trick), legal = r[0];
      var shown = hand.filter(function (c) { return (legal >>> c) & 1; });
      var restricted = r[1] === "partner-wins" && shown.length < hand.length;
      out.appendChild(el("p", "label", [word("which-" + E.seats[input.seat])]));
      var allowed = el("p", "allowed", [slotted("allowed", {cards: chips(shown)})]);
      out.appendChild(allowed);
      out.appendChild(verdictList(hand, legal));
      ruleLines(r[1], restricted, shown.length < hand.length).forEach(function (n) { out.appendChild(n); });
      var links = lawLinks(input.trump, r[1], trick, mask(hand));
      if (links) { out.appendChild(links); }
      presetNotes(otherRulings(rs, input.trump, mask(hand), trick, legal), hand).forEach(function (n) { out.appendChild(n); });
      var names = shown.map(function (c) { return document.createTextNode(word("name-of-" + cardCode(c))); });
      summary.push(slotted("allowed", {cards: names.length ? joined(names) : ""}).textContent,
                   word(restricted ? "rule-partner-wins-restricted" : "rule-" + r[1]));
    }
    var cards = trick.concat(checked.play >= 0 ? [checked.play] : []);
    if (cards.length === 4) {
      if (checked.play >= 0) {
        out.appendChild(el("p", "", [slotted("plays", {seat: word("seat-" + E.seats[input.seat]), card: chips([checked.play])})]));
      }
      var result = resultLines(input.trump, p, cards, checked.trick[0][0]);
      out.appendChild(result);
      summary.push(result.textContent);
      otherTrickValues(rs, input.trump, cards, checked.trick[0][0]).forEach(function (n) { out.appendChild(n); });
    }
    return {node: out, summary: summary.join(" ")};
  }

  // -- the deal's answer -----------------------------------------------------------------

  function dealInput(rs, problems) {
    // The deal's facts from the form: {trump, taker, cardPoints, last, capot (team or
    // -1), solo, won (tricks the takers won), belotes (teams, suit order), beloteSeats,
    // declarations, bid, level}.
    var trump = E.trumps.indexOf(value("t")), taker = parseSeat(value("taker"));
    if (value("count") === "tricks") { return dealFromTricks(rs, trump, taker, problems); }
    var tricks = value("tricks"), takers = taker & 1;
    var won = tricks === "solo" ? 8 : parseInt(tricks, 10);
    var capot = won === 8 ? takers : won === 0 ? takers ^ 1 : -1;
    var scale = rs.game === "coinche" ? rs.score.all_trump_points : rs.play.all_trump_points;
    var total = (trump === ALL ? E.scales[scale] : E.tables[trump].points)
      .reduce(function (a, b) { return a + b; }, 0);
    var cardPoints = capot >= 0 ? (capot === 0 ? [total, 0] : [0, total])
      : [number("ns", total, problems), number("ew", total, problems)];
    if (capot < 0 && cardPoints[0] >= 0 && cardPoints[1] >= 0 && cardPoints[0] + cardPoints[1] !== total) {
      problems.push(["card-points", {ns: cardPoints[0], ew: cardPoints[1], sum: cardPoints[0] + cardPoints[1], total: total}]);
    }
    var bid = value("bid"), seats = beloteSeats(trump, rs);
    return {
      trump: trump, taker: taker, cardPoints: cardPoints,
      last: capot >= 0 ? capot : (value("last") === "EW" ? 1 : 0), capot: capot,
      solo: tricks === "solo", won: won,
      belotes: seats.map(function (x) { return x[1] & 1; }), beloteSeats: seats,
      declarations: [number("dns", 9999, problems), number("dew", 9999, problems)],
      bid: /^[0-9]+$/.test(bid) ? parseInt(bid, 10) : bid,
      level: levelValue()
    };
  }

  function dealFromTricks(rs, trump, taker, problems) {
    // The deal's facts read from its eight tricks, as play_deal reads them.
    var tricks = readDealTricks(value("deal"), problems);
    if (!tricks) { return null; }
    var played = playDeal(trump, playRules(rs.play), rs.play, tricks);
    if (played.length) { problems.push(played[0]); return null; }
    var d = dealFacts(played, taker), bid = value("bid");
    d.trump = trump;
    d.taker = taker;
    d.declarations = [number("dns", 9999, problems), number("dew", 9999, problems)];
    d.bid = /^[0-9]+$/.test(bid) ? parseInt(bid, 10) : bid;
    d.level = levelValue();
    return d;
  }

  function levelValue() {
    // The coinche level the form gives (0 none, 1 coinched, 2 surcoinched): none where
    // the field is off (a classic rule set without classic_coinche).
    if (form.elements.level.disabled) { return 0; }
    return Math.max(0, ["none", "coinche", "surcoinche"].indexOf(value("level")));
  }

  function number(name, most, problems) {
    var field = form.elements[name], text = field ? field.value.trim() : "";
    if (text === "") { return 0; }
    if (!/^[0-9]+$/.test(text) || parseInt(text, 10) > most) {
      problems.push(["not-a-number", {field: word("field-" + name), most: most}]);
      return -1;
    }
    return parseInt(text, 10);
  }

  function beloteSuits(trump, rs) {
    // The suits whose king and queen score a belote (belote_seats).
    var knob = rs.game === "coinche" ? rs.score.all_trump_belote : rs.play.all_trump_belote;
    if (trump < 4) { return [trump]; }
    return trump === ALL && knob === "each_suit" ? [0, 1, 2, 3] : [];
  }

  function beloteSeats(trump, rs) {
    // [suit, seat] of each belote the form gives, in suit order.
    var out = [];
    beloteSuits(trump, rs).forEach(function (suit) {
      var field = form.elements["belote-" + suit], seat = field ? E.seats.indexOf(field.value) : -1;
      if (seat >= 0) { out.push([suit, seat]); }
    });
    return out;
  }

  function showBeloteFields(trump, rs) {
    var suits = beloteSuits(trump, rs);
    for (var s = 0; s < 4; s++) {
      var row = $("pos-belote-row-" + s);
      if (row) { row.hidden = suits.indexOf(s) < 0; }
    }
    var none = $("pos-belote-none");
    if (none) { none.hidden = suits.length > 0; }
  }

  var ALWAYS = ["tricks", "card_points", "total", "score", "scaled"];

  function classicLines(d, b) {
    // classic_lines: card points, the last trick, what a capot adds, the count scaled at
    // all-trump, the belotes that count, declarations, the total and the score.
    var decl = d.declarations, last = [0, 0], capot = [0, 0];
    if (d.capot >= 0) { capot[d.capot] = b.count[d.capot] - d.cardPoints[d.capot]; }
    else { last[d.last] = E.lastTrick; }
    var lines = [["card_points", d.cardPoints], ["last_trick", last], ["capot", capot]];
    if (d.capot < 0 && (d.cardPoints[0] + last[0] !== b.count[0] || d.cardPoints[1] + last[1] !== b.count[1])) {
      lines.push(["scaled", b.count]);
    }
    return lines.concat([["belote", b.bonus], ["declarations", decl],
                         ["total", [b.points[0] + decl[0], b.points[1] + decl[1]]], ["score", b.score]]);
  }

  function coincheLines(d, c, r) {
    // coinche_lines: tricks won, card points, the last trick or the capot's bonus, the
    // count scaled at all-trump, the belote and declarations counted towards the bid,
    // the total, those kept apart, the score.
    var last = [0, 0], bonus = [0, 0], ns = (d.taker & 1) === 0 ? d.won : 8 - d.won;
    if (d.capot >= 0) { bonus[d.capot] = c.trickPoints[d.capot] - d.cardPoints[d.capot]; }
    else { last[d.last] = E.lastTrick; }
    var lines = [["tricks", [ns, 8 - ns]], ["card_points", d.cardPoints], ["last_trick", last], ["capot", bonus]];
    if (d.capot < 0 && (d.cardPoints[0] + last[0] !== c.trickPoints[0] || d.cardPoints[1] + last[1] !== c.trickPoints[1])) {
      lines.push(["scaled", c.trickPoints]);
    }
    var belote = [r.beloteCounts ? "belote" : "belote_apart", c.belote];
    var decl = [r.declarationsCount ? "declarations" : "declarations_apart", d.declarations];
    var counted = [belote, decl].filter(function (l) { return !/_apart$/.test(l[0]); });
    var apart = [belote, decl].filter(function (l) { return /_apart$/.test(l[0]); });
    return lines.concat(counted, [["total", c.total]], apart, [["score", c.score]]);
  }

  function classicWhy(made, takers, defenders, held) {
    // _classic_why: the verdict and its reason, from the totals compared.
    if (takers > defenders) { return ["made", ["more-points", {takers: takers, defenders: defenders}]]; }
    if (takers < defenders) { return ["failed", ["fewer-points", {takers: takers, defenders: defenders}]]; }
    if (made) { return ["made", ["tie-made", {points: takers}]]; }
    if (held) { return ["litige", ["tie-litige", {points: takers}]]; }
    return ["failed", ["tie-failed", {points: takers}]];
  }

  function coincheWhy(d, c, r) {
    // _coinche_why: a capot's or a générale's tricks, else the takers' total against
    // what the bid needs, then against the defence's where the rules compare them.
    var t = d.taker & 1, bid = d.bid;
    if (bid === "capot") {
      return c.made ? ["made", [["capot-bid-won", {}]]] : ["failed", [["capot-bid-lost-" + d.won, {}]]];
    }
    if (bid === "generale") {
      return [c.made ? "made" : "failed", [["generale-" + (c.made ? "won-" : "lost-") + E.seats[d.taker], {}]]];
    }
    var total = c.total[t], defence = c.total[t ^ 1], needs = need(bid, r);
    var values = {total: total, bid: bid, need: needs, defence: defence};
    var suffix = needs === bid ? "" : "-needs";
    if (total < needs) { return ["failed", [["bid-missed" + suffix, values]]]; }
    var reached = ["bid-reached" + suffix, values];
    if (!r.mustBeat) { return ["made", [reached]]; }
    if (total > defence) { return ["made", [reached, ["defence-beaten", values]]]; }
    if (total < defence) { return ["failed", [reached, ["defence-ahead", values]]]; }
    if (c.redeal) { return ["redeal", [reached, ["defence-level-redeal", values]]]; }
    if (c.held[0] || c.held[1]) { return ["litige", [reached, ["defence-level-litige", values]]]; }
    return c.made ? ["made", [reached, ["defence-level-made", values]]] : ["failed", [reached, ["defence-level-failed", values]]];
  }

  function claim(c) {
    // One outcome sentence, marked with the sentence it is (outcomes.Says: its key
    // without the seat or number the page renders it for).
    var node = slotted("claim-" + c[0], c[1]);
    node.setAttribute("data-says", c[0].replace(/^((?:generale-(?:won|lost))|capot-bid-lost)-.*$/, "$1"));
    return node;
  }

  function dealScore(rs, d) {
    // The score, the lines of the score table and the outcome's sentences, chosen from
    // the result as the examples choose them (explainer/site/outcomes.py).
    var lines, got, why;
    if (rs.game === "coinche") {
      var r = coincheRules(rs.score), c = scoreCoinche(rs.score, d);
      lines = coincheLines(d, c, r);
      why = coincheWhy(d, c, r);
      got = {made: c.made, score: c.score, held: c.held[0] + c.held[1]};
    } else {
      var b = scoreBelote(rs.score, d), t = d.taker & 1;
      lines = classicLines(d, b);
      var totals = lines[lines.length - 2][1];
      why = classicWhy(b.made, totals[t], totals[t ^ 1], b.held);
      why = [why[0], [why[1]]];
      got = {made: b.made, score: b.score, held: b.held};
    }
    got.verdict = why[0];
    got.why = why[1];
    got.lines = lines.filter(function (l) { return ALWAYS.indexOf(l[0]) >= 0 || l[1][0] || l[1][1]; });
    got.game = rs.game;
    got.trump = d.trump;
    return got;
  }

  function scoreTable(game, rows) {
    var table = el("table", "score");
    var head = el("tr", "", [el("td")]);
    [0, 1].forEach(function (team) {
      var th = el("th", "", [word("team-" + team)]);
      th.setAttribute("scope", "col");
      head.appendChild(th);
    });
    table.appendChild(el("thead", "", [head]));
    var body = el("tbody");
    rows.forEach(function (row) {
      var th = el("th", "", [word("line-" + game + "-" + row[0])]);
      th.setAttribute("scope", "row");
      var cls = row[0] === "score" ? "final" : row[0] === "total" ? "total" : row[0] === "scaled" || row[0] === "tricks" ? "subtotal" : "";
      body.appendChild(el("tr", cls, [th, el("td", "num", [String(row[1][0])]), el("td", "num", [String(row[1][1])])]));
    });
    table.appendChild(body);
    return table;
  }

  function scoreWords(score) {
    return word("team-0") + " " + score[0] + ", " + word("team-1") + " " + score[1];
  }

  function scored(rs, problems) {
    // The deal under ``rs``: its facts read from the form as ``rs`` reads them (its card
    // total, its belotes, its play of the tricks), then its score; or its problems.
    var d = dealInput(rs, problems);
    if (problems.length) { return null; }
    try { return dealScore(rs, d); }
    catch (e) {
      if (["declarations-off", "surcoinche-off", "coinche-off"].indexOf(e.message) < 0) { throw e; }
      problems.push([e.message, {rules: word("preset-" + rs.id)}]);
      return null;
    }
  }

  function otherScores(rs, got) {
    // How the game's other rule sets score the same deal, where they score it otherwise.
    var notes = el("ul", "variants");
    E.ruleSets.forEach(function (other) {
      if (other.id === rs.id || other.game !== rs.game) { return; }
      var problems = [], o = scored(other, problems), line;
      if (!o) {
        line = fill("other-refused", {rules: word("preset-" + other.id), problem: problemList(problems.slice(0, 1)).textContent});
      } else if (o.verdict !== got.verdict || o.score[0] !== got.score[0] || o.score[1] !== got.score[1]) {
        line = fill("other-deal", {rules: word("preset-" + other.id), outcome: word("headline-" + o.verdict), score: scoreWords(o.score)});
      }
      if (line) { notes.appendChild(el("li", "", [line])); }
    });
    return notes;
  }

  function dealAnswer(rs) {
    var problems = [], got = scored(rs, problems), out = document.createDocumentFragment();
    if (!got) {
      out.appendChild(el("p", "position-refused", [word("refused-deal")]));
      out.appendChild(problemList(problems));
      return {node: out, summary: word("refused-deal") + " " + problemList(problems).textContent};
    }
    var closed = !rs.saTa && got.trump >= 4;  // NONE, ALL
    if (closed) { out.appendChild(el("p", "help sa-ta-off", [word("sa-ta-off")])); }
    out.appendChild(scoreTable(got.game, got.lines));
    var sign = el("span", "", [word("mark-" + got.verdict)]);
    sign.setAttribute("aria-hidden", "true");
    var outcome = el("p", "outcome " + got.verdict, [sign, " ", el("strong", "", [word("headline-" + got.verdict)])]);
    got.why.forEach(function (c) { outcome.appendChild(document.createTextNode(" ")); outcome.appendChild(claim(c)); });
    out.appendChild(outcome);
    var summary = closed ? [word("sa-ta-off"), outcome.textContent] : [outcome.textContent];
    if (got.held) { out.appendChild(el("p", "", [fill("held", {points: got.held})])); }
    summary.push(word("line-" + rs.game + "-score") + ": " + scoreWords(got.score));
    var notes = otherScores(rs, got);
    if (notes.childNodes.length) { out.appendChild(notes); }
    return {node: out, summary: summary.join(" ")};
  }

  // -- updating the page -----------------------------------------------------------------

  var timers = {};

  function show(id, answer, statusId) {
    // The answer at once; its summary in the live region once the typing pauses, so a
    // screen reader is not read every half-typed card.
    var box = $(id);
    while (box.firstChild) { box.removeChild(box.firstChild); }
    box.appendChild(answer.node);
    var status = $(statusId);
    if (timers[statusId]) { window.clearTimeout(timers[statusId]); }
    timers[statusId] = window.setTimeout(function () { status.textContent = answer.summary; }, 500);
  }

  function showRules(rs, trump) {
    var line = $("pos-contract");
    while (line.firstChild) { line.removeChild(line.firstChild); }
    line.appendChild(clone("contract-" + rs.id + "-" + E.trumps[trump]));
    line.appendChild(document.createTextNode(" "));
    line.appendChild(clone("about-" + rs.id));
    var knobs = $("pos-rules-words");
    if (knobs.getAttribute("data-rules") !== rs.id) {  // kept open or closed while it shows them
      while (knobs.firstChild) { knobs.removeChild(knobs.firstChild); }
      knobs.appendChild(clone("knobs-" + rs.id));
      knobs.setAttribute("data-rules", rs.id);
    }
    var coinche = rs.game === "coinche", level = coinche || rs.score.classic_coinche === "on";
    $("pos-coinche-fields").hidden = !level;
    $("pos-bid-field").hidden = !coinche;
    form.elements.bid.disabled = !coinche;
    form.elements.level.disabled = !level;
    var byTricks = value("count") === "tricks";
    var capot = ["0", "8", "solo"].indexOf(value("tricks")) >= 0;
    $("pos-by-points").hidden = byTricks;
    $("pos-by-tricks").hidden = !byTricks;
    form.elements.tricks.disabled = byTricks;
    form.elements.deal.disabled = !byTricks;
    form.elements.ns.disabled = capot || byTricks;
    form.elements.ew.disabled = capot || byTricks;
    form.elements.last.disabled = capot || byTricks;
    showBeloteFields(trump, rs);
  }

  function update() {
    var rs = ruleSet(value("rules")), trump = E.trumps.indexOf(value("t"));
    if (!api.ok) {
      $("pos-trick-answer").textContent = "unsupported engine: rule ids " + E.rules.join(", ");
      return;
    }
    showRules(rs, trump);
    show("pos-trick-answer", trickAnswer(rs), "pos-trick-status");
    show("pos-deal-answer", dealAnswer(rs), "pos-deal-status");
    keepInAddress();
  }

  function onInput(event) {
    if (event.target && event.target.name === "trick") {
      var seat = derivedSeat();
      if (seat) { setValue("seat", seat); }
    }
    update();
  }

  readFragment(window.location.hash);
  form.hidden = false;
  form.addEventListener("input", onInput);
  form.addEventListener("change", onInput);
  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  window.addEventListener("hashchange", function () {
    if (readFragment(window.location.hash)) { update(); }
  });
  update();
})();
