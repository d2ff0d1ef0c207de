"""Let Them Eat Shrimp!: every engine property, and the game's own invariants, for 2 to 5 players.

Two kinds of test:

* the verifier's Hypothesis state machine (legal actions, refusals, clone / JSON / replay, hidden
  information, termination, the rule file's invariants) for the basic game, the advanced game and
  each variant;
* a referee that plays seeded random games and checks, at every step, what the catalogue lists as
  invariants (LTES-INV-*), each against an independent computation: tiles, eggs and shrimp are all
  somewhere exactly once; every tile covers its shape, on free spaces, touching an earlier tile by a
  side; a covered creature pays out once and in the rulebook's order; knockouts happen only when an
  egg is demanded and none is left (or nothing can be bought); knocked-out players never act again;
  mats and the pawn go round as the advanced game says; the hexagon end test and the offered
  placements agree with a brute-force search over the lattice; and scores are optimal.

The brute force uses the lattice primitives of ``rulespec.lib.geometry`` (corners, side neighbours,
rotations) and never the engine's bit masks or placement tables; scores use
``rulespec.lib.setscore.brute_force_best``.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

import rulespec
from rulespec.runtime.engine import random_step
from rulespec.lib.geometry import edge_neighbours, normalise, orientations
from rulespec.lib.setscore import brute_force_best
from rulespec.check.verify import state_machine

GAME = "let-them-eat-shrimp"
KINDS = ("triangle", "diamond", "trapezoid", "hexagon")
SHAPES = {  # LTES-AMB-4, written out here again rather than read from the engine
    "triangle": ((0, 0),),
    "diamond": ((0, 0), (0, 1)),
    "trapezoid": ((0, 0), (0, 1), (0, 2)),
    "hexagon": ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)),
}
SET_POINTS = {2: 1, 3: 3, 4: 5}
EGG_MARKS = {"triangle_egg": "triangle", "diamond_egg": "diamond", "trapezoid_egg": "trapezoid",
             "hexagon_egg": "hexagon"}
VARIANTS = ("advanced", "no_die", "egg_for_shark", "starfish_egg", "open_play")


@lru_cache(maxsize=None)
def engine(variants: tuple[str, ...] = ()):
    return rulespec.load(GAME, variants=list(variants))


# ----------------------------------------------------------------------------- the verifier


EXPECTED_CHECKS = ("termination", "chance_outcomes", "legal_actions", "offered_actions_apply",
                   "illegal_action_refused", "clone", "json_round_trip", "history_replay", "hidden_information",
                   "invariant:eggs_kept", "invariant:shrimp_kept")


@pytest.mark.parametrize("variants", [(), ("advanced",)], ids=["basic", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_engine_property_holds(players, variants, budget):
    counts: dict[str, int] = {}
    machine = state_machine(GAME, players, variants=list(variants), max_applies=budget.max_applies,
                            fast_forward=budget.fast_forward, counts=counts)
    run_state_machine_as_test(machine, settings=settings(deadline=None, max_examples=4))
    # With two players no two hidden places can swap contents unseen by the other seat: see the next test.
    expected = [c for c in EXPECTED_CHECKS if players > 2 or c != "hidden_information"]
    missing = [name for name in expected if not counts.get(name)]
    assert not missing, f"these checks never ran: {missing} (ran: {counts})"


@pytest.mark.parametrize("variants", [(), ("advanced",), ("open_play",)], ids=["basic", "advanced", "open_play"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_shield_shows_its_size_only_to_the_other_players(players, variants):
    """LTES-INV-13 / LTES-AMB-22: behind a shield is seen by its owner alone (everything is open without
    shields); mats are open to all (LTES-FAQ-3)."""
    game = engine(variants)
    for seed in range(3):
        st = game.new_game(players)
        rng = random.Random(seed)
        for _ in range(40):
            if st.is_terminal():
                break
            st.apply(random_step(st, rng))
        for seat in range(players):
            seen = st.observation(seat)["zones"]
            for owner in range(players):
                own = seen["shield"][owner]
                assert own["size"] == len(shield(st, owner))
                if owner == seat or "open_play" in variants:
                    assert sorted(own["items"]) == sorted(game.ITEM_LABEL[i] for i in shield(st, owner))
                else:
                    assert "items" not in own, "a shield's contents reached another player"
                if "advanced" in variants:
                    assert sorted(seen["mat"][owner]["items"]) == sorted(game.ITEM_LABEL[i] for i in mat(st, owner))


@pytest.mark.parametrize("variants", [(v,) for v in VARIANTS[1:]] + [VARIANTS],
                         ids=list(VARIANTS[1:]) + ["all-together"])
def test_every_engine_property_holds_in_each_variant(variants, budget):
    counts: dict[str, int] = {}
    machine = state_machine(GAME, 3, variants=list(variants), max_applies=budget.max_applies,
                            fast_forward=budget.fast_forward, counts=counts)
    run_state_machine_as_test(machine, settings=settings(deadline=None, max_examples=3))
    assert counts.get("termination") and counts.get("history_replay")
    if "open_play" not in variants:  # without shields there is nothing to hide
        assert counts.get("hidden_information")


# ----------------------------------------------------------------------------- the referee


def cell_xy(game, cell: int) -> tuple[int, int]:
    return divmod(cell, len(game.BOARDS[0].columns))


def shield(st, seat):
    return st._zones[st._t.zone_base["shield"] + seat]


def mat(st, seat):
    return st._zones[st._t.zone_base["mat"] + seat] if "mat" in st._t.zone_base else []


def fish_of(game, items, kind=None):
    return [i for i in items if game.ITEM_KIND[i] == "fish" and (kind is None or game.ITEM_ATTRS["kind"][i] == kind)]


def count_kind(game, items, kind):
    return sum(1 for i in items if game.ITEM_KIND[i] == kind)


def board_cells(st) -> set[tuple[int, int]]:
    return {cell_xy(st.game, c) for c in range(len(st._boards[0])) if st._t.in_use[0][c]}


def occupied_cells(st) -> set[tuple[int, int]]:
    return {cell_xy(st.game, c) for c, item in enumerate(st._boards[0]) if item >= 0}


def brute_force_placements(cells: set, occupied: set, kind: str) -> set[frozenset]:
    """Every way to lay the shape on free board triangles so that a side touches a covered one."""
    found = set()
    free = cells - occupied
    for form in orientations(SHAPES[kind]):
        ar, ac = form[0]
        for (r, c) in free:
            dr, dc = r - ar, c - ac
            if (dr + dc) % 2:  # a translation must keep up triangles up
                continue
            placed = frozenset((fr + dr, fc + dc) for fr, fc in form)
            if placed <= free and any(n in occupied for p in placed for n in edge_neighbours(p)):
                found.add(placed)
    return found


def offered_placements(st) -> set[tuple[str, frozenset]]:
    game, out = st.game, set()
    labels = {game.BOARDS[0].label(c): cell_xy(game, c) for c in range(len(st._boards[0]))}
    for action in st.legal_actions():
        text = str(action).split(": ", 1)[1]
        if not text.startswith("place "):
            continue
        head, _, where = text.partition(" on ")
        kind = head.split()[1]
        out.add((kind, frozenset(labels[w] for w in where.split())))
    return out


def item_places(st) -> Counter:
    """How many times each item is found: once in a zone, or on as many triangles as its shape has."""
    seen = Counter()
    for zone in st._zones:
        seen.update(zone)
    on_board = Counter(item for item in st._boards[0] if item >= 0)
    for item, cells in on_board.items():
        assert cells == len(SHAPES[st.game.ITEM_ATTRS["kind"][item]]), "a tile covers the wrong number of spaces"
        seen[item] += 1
    return seen


class Referee:
    """Plays one seeded random game and checks the catalogue's invariants at every step."""

    def __init__(self, variants: tuple[str, ...], players: int, seed: int):
        self.game = engine(variants)
        self.variants, self.players = variants, players
        self.advanced = "advanced" in variants
        self.rng = random.Random(seed)
        self.st = self.game.new_game(players)
        self.cells = board_cells(self.st)
        self.checked = Counter()

    # -- whole-state invariants
    def check_state(self) -> None:
        st, game = self.st, self.game
        seen = item_places(st)  # LTES-INV-1..4
        assert all(seen[item] == 1 for item in range(len(game.ITEM_KIND))), "an item is lost or in two places"
        for kind in KINDS:
            assert sum(1 for i in range(len(game.ITEM_KIND)) if game.ITEM_ATTRS.get("kind", {}).get(i) == kind) == 35
        tiles: dict[int, list] = {}
        for c, item in enumerate(st._boards[0]):
            if item >= 0:
                assert st._t.in_use[0][c], "a tile hangs over the edge"  # LTES-INV-5
                tiles.setdefault(item, []).append(cell_xy(game, c))
        for item, cells in tiles.items():
            form = normalise(cells)
            assert form in {normalise(o) for o in orientations(SHAPES[game.ITEM_ATTRS["kind"][item]])}
        self.checked["state"] += 1

    def board_snapshot(self):
        return list(self.st._boards[0])

    def newly_covered(self, before) -> dict[str, int]:
        marks = self.st._t.mark_of[0]
        covered = Counter()
        for c, (old, new) in enumerate(zip(before, self.st._boards[0])):
            if old < 0 <= new and marks[c]:
                covered[marks[c]] += 1
        return covered

    # -- one turn
    def play(self, max_steps: int = 5000) -> None:
        st, game = self.st, self.game
        self.check_state()
        if self.advanced:  # the first round's mats are filled before the first decision
            self.check_refill()
        out_seen = [False] * self.players
        frozen: dict[int, tuple] = {}
        last_turn = st._turn_number
        pawn = self.pawn_holder()
        for _ in range(max_steps):
            if st.is_terminal():
                break
            self.check_state()
            if st._turn_number != last_turn:  # a turn starts: the hexagon test is exact (LTES-INV-16)
                last_turn = st._turn_number
                assert brute_force_placements(self.cells, occupied_cells(st), "hexagon"), \
                    "the game goes on although no hexagon can be placed"
                self.checked["hexagon test"] += 1
            for seat in range(self.players):  # knocked-out players are frozen (LTES-INV-12)
                if st._counters["out_at"][seat] > 0:
                    snapshot = (tuple(shield(st, seat)), tuple(mat(st, seat)))
                    frozen.setdefault(seat, snapshot)
                    assert frozen[seat] == snapshot, f"player {seat + 1} is out, but her holdings changed"
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                action = self.rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
                st.apply(action)
                continue
            actions = st.legal_actions()
            seat = actions[0].player
            assert st._counters["out_at"][seat] == 0, "a knocked-out player is asked to act"
            if str(actions[0]).split(": ", 1)[1].startswith("place "):
                self.check_offered_placements(seat)
            action = self.rng.choice(actions)
            out_before = list(st._counters["out_at"])
            self.apply_checked(action, seat)
            new_pawn = self.pawn_holder()
            if new_pawn != pawn and pawn is not None and self.advanced:  # LTES-INV-20
                # The pawn goes clockwise to the next player still in; a player it passes over was out
                # already or went out at the round start (both can happen within one applied action).
                passed = [(pawn + k) % self.players for k in range(1, (new_pawn - pawn) % self.players)]
                assert all(st._counters["out_at"][s] > 0 for s in passed), "the pawn skipped a player still in"
                assert out_before[new_pawn] == 0, "the pawn went to a player already out"
                self.checked["pawn"] += 1
            pawn = new_pawn
            for s in range(self.players):
                out_seen[s] = out_seen[s] or st._counters["out_at"][s] > 0
        assert st.is_terminal(), "the game did not end"  # LTES-INV-14
        self.check_end()

    def pawn_holder(self):
        if "pawn_holder" not in self.st._t.zone_base:
            return None
        base = self.st._t.zone_base["pawn_holder"]
        holders = [s for s in range(self.players) if self.st._zones[base + s]]
        return holders[0] if holders else None

    def check_offered_placements(self, seat: int) -> None:
        st, game = self.st, self.game
        source = mat(st, seat) if self.advanced else shield(st, seat)
        kinds = {game.ITEM_ATTRS["kind"][i] for i in fish_of(game, source)}
        expected = {(k, p) for k in kinds for p in brute_force_placements(self.cells, occupied_cells(st), k)}
        assert offered_placements(st) == expected, "offered placements differ from the brute force (LTES-INV-24)"
        self.checked["placements"] += 1

    def apply_checked(self, action, seat: int) -> None:
        st, game = self.st, self.game
        text = str(action).split(": ", 1)[1]
        before_board = self.board_snapshot()
        before_shield = list(shield(st, seat))
        before_supply = list(st._zones[st._t.zone_base["supply"]])
        before_out = list(st._counters["out_at"])
        before_mats = [list(mat(st, s)) for s in range(self.players)]
        history_at = len(st.history)
        turn = st._turn_number
        st.apply(action)
        if text.startswith("place "):
            refilled = any(len(mat(st, s)) > len(before_mats[s]) for s in range(self.players))
            self.check_placement(seat, before_board, before_shield, before_supply, text, exact=not refilled)
            self.follow_turn(seat, history_at, turn, before_board)
        self.check_knockouts(before_out)
        if self.advanced and any(len(mat(st, s)) > len(before_mats[s]) for s in range(self.players)):
            self.check_refill()

    def check_refill(self) -> None:
        """Right after a refill every mat holds at most one tile of each shape (LTES-INV-19)."""
        st, game = self.st, self.game
        for s in range(self.players):
            kinds = Counter(game.ITEM_ATTRS["kind"][i] for i in mat(st, s))
            assert all(n == 1 for n in kinds.values()), "a mat holds two tiles of one shape"
            if st._counters["out_at"][s] == 0 and mat(st, s):
                supply = st._zones[st._t.zone_base["supply"]]
                for kind in KINDS:  # a shape is missing only when neither her shield nor the supply had one
                    assert kinds[kind] == 1 or not fish_of(game, shield(st, s), kind) and not fish_of(game, supply, kind)
        self.checked["refill"] += 1

    def check_placement(self, seat, before_board, before_shield, before_supply, text, exact: bool) -> None:
        st, game = self.st, self.game
        new_cells = {cell_xy(game, c) for c, (old, new) in enumerate(zip(before_board, st._boards[0])) if old < 0 <= new}
        old_cells = {cell_xy(game, c) for c, old in enumerate(before_board) if old >= 0}
        assert new_cells and not new_cells & old_cells
        assert any(n in old_cells for c in new_cells for n in edge_neighbours(c)), "placed without a shared side"
        covered = self.newly_covered(before_board)  # Action 1 is done before any roll (LTES-INV-8, INV-9)
        self.covered = covered
        if not exact:  # the turn ended and a new round moved tiles onto the mats: no exact account here
            return
        for mark, kind in EGG_MARKS.items():
            stock = len(fish_of(game, before_supply, kind))
            expected = min(covered[mark], stock)
            gained = len(fish_of(game, shield(st, seat), kind)) - len(fish_of(game, before_shield, kind))
            placed_here = 1 if text.split()[1] == kind and not self.advanced else 0
            assert gained + placed_here == expected, f"covering {covered[mark]} {mark} gave {gained + placed_here}"
        shrimp = count_kind(game, shield(st, seat), "shrimp") - count_kind(game, before_shield, "shrimp")
        assert shrimp == min(covered["shrimp"], count_kind(game, before_supply, "shrimp"))
        self.checked["action 1"] += 1

    def follow_turn(self, seat, history_at, turn, before_board) -> None:
        """Play the rest of the turn at random and check the rolls it asked for (LTES-INV-9, INV-10)."""
        st, game = self.st, self.game
        while not st.is_terminal() and st._turn_number == turn:
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply(self.rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
            else:
                actions = st.legal_actions()
                if actions[0].player != seat:
                    break
                self.apply_checked(self.rng.choice(actions), seat)
        rolls = [h.split(": ", 1)[1].split(":")[0] for h in st.history[history_at:] if " roll: " in h]
        gains = [r for r in rolls if r == "gain roll"]
        losses = [r for r in rolls if r == "loss roll"]
        assert rolls == gains + losses, f"a loss roll came before a gain roll: {rolls}"
        knocked_out = st._counters["out_at"][seat] > 0
        die = "no_die" not in self.variants
        assert len(gains) == (self.covered["starfish"] if die else 0)
        bites = (self.covered["shark"] if self.advanced else min(self.covered["shark"], 1))
        if "egg_for_shark" in self.variants or not die:
            bites = 0
        assert len(losses) == bites or (knocked_out and len(losses) < bites), f"{len(losses)} loss rolls for {bites}"
        self.checked["rolls"] += 1

    def check_knockouts(self, before_out) -> None:
        """A knockout only when an egg is demanded and none is left, nothing can be bought, or a mat cannot
        be paid for (LTES-INV-11). The holdings are frozen at that moment, so they are what is judged."""
        st, game = self.st, self.game
        supply = st._zones[st._t.zone_base["supply"]]
        for s in range(self.players):
            if before_out[s] == 0 and st._counters["out_at"][s] > 0:
                held = shield(st, s)
                eggs = count_kind(game, held, "egg")
                no_tile_to_buy = not fish_of(game, held) and not fish_of(game, supply)
                missing = [k for k in KINDS if not fish_of(game, held, k) and fish_of(game, supply, k)]
                assert eggs == 0 or no_tile_to_buy or (self.advanced and eggs < len(missing)), \
                    f"player {s + 1} was knocked out holding {eggs} eggs"
                self.checked["knockout"] += 1

    def check_end(self) -> None:
        st, game = self.st, self.game
        over = st.outcome()
        if over["end"] == "no_room_for_a_hexagon":
            assert not brute_force_placements(self.cells, occupied_cells(st), "hexagon")
        if over["end"] == "no_creature_showing":
            marks = st._t.mark_of[0]
            assert all(st._boards[0][c] >= 0 for c in range(len(marks))
                       if marks[c] in ("starfish", "shrimp") or marks[c] in EGG_MARKS)
        if over["end"] in ("no_room_for_a_hexagon", "no_creature_showing") and self.advanced:
            assert all(not mat(st, s) for s in range(self.players) if st._counters["out_at"][s] == 0)  # INV-22
        scores = over["scores"]
        for s in range(self.players):  # LTES-INV-17
            items = shield(st, s)
            counts = [len(fish_of(game, items, k)) for k in KINDS]
            best = brute_force_best(counts, count_kind(game, items, "egg"), SET_POINTS, min_real_per_set=1,
                                    leftovers_first=True)
            assert scores["final_score"][s] == best.score + 2 * count_kind(game, items, "shrimp")
            assert scores["leftover_tiles"][s] == best.unused_real
        ranking = over["ranking"]  # LTES-INV-18: players still in above players knocked out
        out_at = st._counters["out_at"]
        for a in range(self.players):
            for b in range(self.players):
                if out_at[a] == 0 and out_at[b] > 0:
                    assert ranking[a] < ranking[b]
                if 0 < out_at[b] < out_at[a]:
                    assert ranking[a] < ranking[b]
        self.checked["end " + over["end"]] += 1


# The basic and advanced games with every player count; each variant (and three together) with 2 and 5.
CASES = [(players, variants) for variants in ((), ("advanced",)) for players in (2, 3, 4, 5)] + \
        [(players, variants) for variants in (("no_die",), ("egg_for_shark",), ("starfish_egg",), ("open_play",),
                                              ("advanced", "no_die", "starfish_egg")) for players in (2, 5)]


@pytest.mark.parametrize("players, variants", CASES,
                         ids=[f"{p}-{'+'.join(v) or 'basic'}" for p, v in CASES])
def test_the_referee_finds_every_invariant_kept(players, variants):
    checked = Counter()
    for seed in range(3):
        referee = Referee(variants, players, seed)
        referee.play()
        checked.update(referee.checked)
    for what in ("state", "hexagon test", "placements", "action 1", "rolls", "knockout"):
        assert checked[what] > 0, f"the referee never checked {what}: {dict(checked)}"
    if "advanced" in variants:
        assert checked["refill"] > 0 and checked["pawn"] > 0, dict(checked)


@pytest.mark.parametrize("options", [{}, {"side_one": "B", "side_two": "B", "side_three": "B"}], ids=["A", "B"])
def test_no_tile_can_touch_two_sharks(options):
    """Ruling LTES-AMB-7 rolls once per shark a tile touches in the basic game and the rule file rolls once
    when any shark space is covered: that is the same only while no tile can reach two sharks, which the
    board data must keep true (checked on every face, laid as for 5 players)."""
    game = rulespec.load(GAME, options={**{"side_one": "A", "side_two": "A", "side_three": "A",
                                           "third_piece": "no"}, **options})
    st = game._empty_state(5)
    marks = st._t.mark_of[0]
    sharks: dict[tuple, int] = {}
    for c in range(len(marks)):  # sharks are the groups of shark spaces joined by their sides
        if marks[c] != "shark" or cell_xy(game, c) in sharks:
            continue
        todo, group = [cell_xy(game, c)], len(set(sharks.values()))
        while todo:
            cell = todo.pop()
            if cell in sharks:
                continue
            sharks[cell] = group
            todo += [n for n in edge_neighbours(cell) if n[0] * len(game.BOARDS[0].columns) + n[1] in range(len(marks))
                     and 0 <= n[1] < len(game.BOARDS[0].columns)
                     and marks[n[0] * len(game.BOARDS[0].columns) + n[1]] == "shark"]
    assert len(set(sharks.values())) >= 9, "every face has three sharks"
    cells = board_cells(st)
    for kind in KINDS:
        for form in orientations(SHAPES[kind]):
            for (r, c) in cells:
                placed = [(fr - form[0][0] + r, fc - form[0][1] + c) for fr, fc in form]
                if (r + c - form[0][0] - form[0][1]) % 2 or not set(placed) <= cells:
                    continue
                assert len({sharks[p] for p in placed if p in sharks}) <= 1, f"a {kind} on {placed} touches two sharks"
