"""Any rulespec game as an OpenSpiel game (``pip install 'rulespec[openspiel]'``).

    import pyspiel, rulespec.openspiel
    game = rulespec.openspiel.load_game("shell-we", players=3, variants=("bottles",), options={"side": "B"})
    game = pyspiel.load_game("rulespec_shell_we", {"players": 3, "variants": "bottles", "side": "B"})
    game = pyspiel.load_game("rulespec", {"game": "path/to/my.rules", "players": 2})

Importing this module registers ``rulespec_<id>`` (the id with ``-`` as ``_``) for every bundled game,
with the parameters ``players``, ``variants`` (names joined by ``+``) and one per option, and the
generic ``rulespec`` game (parameters ``game``: a bundled id or house rule, or the path of a ``.rules``
file below the working directory or a folder in ``RULESPEC_RULES_PATH``: a game string is anyone's
text, so nothing else is opened, rulespec/pipeline/rule_paths.py; ``players``,
``variants``, ``options``: ``name:value`` joined by ``;``). OpenSpiel's game strings give ``,`` and
``=`` a meaning of their own, so a game is made with its parameters written this way and ``str(game)``
reads back; commas and ``name=value`` are read as well, as a caller's dict may give them. A game with no
chance step, no lots and no claim window is DETERMINISTIC. A game is ZERO_SUM (as exploitability and
CFR need) or CONSTANT_SUM when its rule file declares `zero-sum` / `constant-sum N` under `returns`;
every terminal state's returns are then checked to add up to it. Both also take ``zero_sum`` (false by
default), which declares it for a file that does not say (refused against a file declaring another
sum). The adapter translates, nothing more:
the numbering is described in rulespec/adapters/core.py, observations and claim windows in
rulespec/adapters/session.py, and both on the site page "Use a game in OpenSpiel / PettingZoo".
"""

from __future__ import annotations

import re
from typing import Optional, Sequence, Union

import numpy as np
import pyspiel

from . import core
from .session import CHANCE_NODE, JOINT_NODES, RACE_NODE, TERMINAL as TERMINAL_NODE, Session, new_session
from ..runtime.engine import CHANCE as RULESPEC_CHANCE  # the runtime's chance seat, not pyspiel's
from ..runtime.common import SIMULTANEOUS as RULESPEC_SIMULTANEOUS  # (a choice `by each player`), not pyspiel's
from ..pipeline import bundled_rulebooks, engine_module_name, option_texts

GENERIC = "rulespec"
CHANCE, SIMULTANEOUS, TERMINAL = (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.SIMULTANEOUS),
                                  int(pyspiel.PlayerId.TERMINAL))
# A simultaneous node's numbers (JointNumbers) kept on the node as a seat's decision's are (_Node.joint): every seat's
# legal_actions read from them and apply_actions playing each seat's row by its place (a switch for the lock-step
# test and the A/B bench: off, each answer goes through the Session, as before)
JOINT_ON_THE_NODE = True
# A new state's first node answered once per game (RulespecGame._opening_answers): every new state starts from the same
# session, never played (a switch for the lock-step test and the A/B bench: off, each new state works them out)
OPENING_ANSWERS_KEPT = True


def short_name(game_id: str) -> str:
    """The name a bundled game is registered under: ``rulespec_shell_we``."""
    return f"{GENERIC}_{engine_module_name(game_id)}"


def _game_type(name: str, engine, parameters: dict, key: Optional[tuple] = None, players: int = 0,
               most_players: Optional[int] = None, zero_sum: bool = False) -> pyspiel.GameType:
    # A game whose every decision is made together is SIMULTANEOUS; any other is SEQUENTIAL, its claim
    # windows and decisions made together played as rounds of picks in turn (RulespecState).
    together = core.decided_together(engine)
    if key is None:  # registration: the default game decides what is declared
        window = any(core.is_claim_window(step) or core.is_simultaneous(step) for step in engine.model.steps)
        chance = core.has_chance(engine)
    else:
        table = core.table_for(key, players)
        window, chance = table.has_window or table.has_simultaneous, table.has_chance
    kind = "zero_sum" if zero_sum else core.payoffs(engine, players)[0]
    utility = {"zero_sum": pyspiel.GameType.Utility.ZERO_SUM, "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM
               }.get(kind, pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=name,
        long_name=f"{engine.TITLE} (rulespec)" if name != GENERIC else "A rulespec rule file",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if together else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),  # (what minimax and alpha-beta ask for)
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if core.perfect_information(engine) and not window
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most_players or engine.MAX_PLAYERS,
        min_num_players=1 if most_players else engine.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,  # (tensors.InformationLayout: every game has one)
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters)


class RulespecGame(pyspiel.Game):
    """One rule file, variants, options and player count as a pyspiel.Game."""

    def __init__(self, key: tuple, players: int, name: str, parameters: dict, params: dict):
        engine = core.engine_for(key)
        if not isinstance(players, int) or not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
            raise ValueError(f"{engine.TITLE} is played by {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players, "
                             f"not {players!r}")
        self.key, self.players, self.engine = key, players, engine
        self.table = core.table_for(key, players)
        self.layout = core.layout_for(key, players)
        self.in_turn = not core.decided_together(engine)  # a joint node is a round of picks in turn
        self._initial: Optional[Session] = None  # set-up runs once; pyspiel's Clone starts from a new state
        # The first node's answers (_Node's player, numbered, joint), worked out once for every new state (its session
        # is the one above, never played), () where a round is picked in turn; by JOINT_ON_THE_NODE (which A/B turns)
        self._opening_answers: dict[bool, tuple] = {}
        _, low, high, total = core.payoffs(engine, players)
        # What the returns add up to: the rule file's `zero-sum` / `constant-sum N` (checked by the checker
        # and `rulespec verify`), or zero_sum=True from a caller for a file that does not say (an override:
        # refused against a file that declares another sum). Every terminal state's returns are checked.
        self.zero_sum = bool(params.get("zero_sum", False))
        if self.zero_sum and total not in (None, 0.0) and getattr(engine, "RETURNS_SUM", None) is not None:
            raise ValueError(f"{engine.TITLE} declares its returns constant-sum {engine.RETURNS_SUM}; zero_sum=True "
                             f"contradicts it (leave zero_sum out: the rule file says what its returns add up to)")
        if self.zero_sum:
            total = 0.0
        self.returns_sum = total if getattr(engine, "RETURNS_SUM", None) is not None or self.zero_sum else None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_actions,
            max_chance_outcomes=self.table.num_chance_outcomes,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=core.max_decisions(key, players))
        super().__init__(_game_type(name, engine, parameters, key, players, zero_sum=self.zero_sum), info, params)

    def new_initial_state(self) -> "RulespecState":
        if self._initial is None:
            self._initial = new_session(self.key, self.players)
            # copied on the first move (pyspiel's Clone makes a state to overwrite); its first moves kept
            self._initial.shared = self._initial.opening = True
        state = RulespecState(self, self._initial)
        if OPENING_ANSWERS_KEPT:
            answers, node = self._opening_answers.get(JOINT_ON_THE_NODE), state._node
            if answers:
                node.player, node.numbered, node.joint = answers
            elif answers is None:
                if self._initial.table.rounds_in_turn:  # (a round's picks so far are the state's own)
                    self._opening_answers[JOINT_ON_THE_NODE] = ()
                else:
                    state._next_node()
                    self._opening_answers[JOINT_ON_THE_NODE] = (node.player, node.numbered, node.joint)
        return state

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observers OpenSpiel's algorithms ask for: a seat's observation (private_info SINGLE_PLAYER,
        public_info True, perfect_recall False: the default), its information state (the same with
        perfect_recall True), and what every seat sees alike (public_info True, private_info NONE,
        perfect_recall False). Any other kind is refused, naming these."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return ObservationObserver(self.layout)
        single, public = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER, iig_obs_type.public_info
        if single and public:
            if iig_obs_type.perfect_recall:
                return InformationStateObserver(core.information_layout_for(self.key, self.players))
            return ObservationObserver(self.layout)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE and public and not iig_obs_type.perfect_recall:
            return PublicObserver(self.layout)
        raise ValueError(
            f"no observer of this kind (perfect_recall={iig_obs_type.perfect_recall}, public_info={public}, "
            f"private_info={iig_obs_type.private_info}); a rulespec game has: a seat's observation (private_info "
            f"SINGLE_PLAYER, public_info True, perfect_recall False), its information state (the same with "
            f"perfect_recall True), and the public observation (private_info NONE, public_info True, "
            f"perfect_recall False)")

    def __reduce__(self):
        # A game pickles as its string, which loads it back (pyspiel.load_game): spawned processes, Ray
        # and Dask actors get the same game, rule file, variants and options included.
        return (_game_from_string, (str(self),))

    def action_to_string(self, player: int, action: int) -> str:
        """OpenSpiel's text of an action without a state (player PlayerId.CHANCE: an outcome's texts joined
        by ` / `): a value only the state decides shows the seat's own, or `<its source>`."""
        return self.table.text_without_state(None if player == pyspiel.PlayerId.CHANCE else player, action)

    # a numbering helper beside pyspiel's own (which goes through a state)
    def string_to_action(self, text: str, chance: bool = False) -> int:
        return self.table.string_to_action(text, chance)


class _Node:
    """All an OpenSpiel state holds, as its one attribute: pyspiel's Clone deep-copies each attribute of a
    Python state (copy.deepcopy, about 1 us apiece), so one object costs one copy. The session, the picks so
    far of a round played in turn (seat order), and what this node is, worked out once when first asked:
    OpenSpiel's current player and, at a seat's decision or a chance node, its listing's numbers
    (ListingNumbers, made once per listing and shared by clones), which legal_actions, chance_outcomes and
    apply_action read straight; at a simultaneous node (a SIMULTANEOUS game's choice `by each player`), its numbers by
    seat (JointNumbers, kept with the listing), which legal_actions(seat) and apply_actions read straight.

    A copy shares the session, which is copied on write: marked ``shared``, it is never played again, and the
    next move of either state is played on a copy of it (Session.after_first_move, which keeps a move played
    twice from it: a search's tree)."""

    __slots__ = ("session", "round", "player", "numbered", "joint", "returns_sum")

    def __init__(self, session: Session, returns_sum: Optional[float] = None):
        self.session, self.round, self.player, self.numbered, self.joint = session, (), None, None, None
        self.returns_sum = returns_sum  # the game's (RulespecGame.returns_sum), kept here: returns() checks it

    def __deepcopy__(self, memo) -> "_Node":
        copy = _Node.__new__(_Node)
        session = self.session
        session.shared = True  # (never played again: copied at the next move of either state)
        copy.session, copy.round = session, self.round  # (the round: shared)
        copy.player, copy.numbered, copy.joint, copy.returns_sum = self.player, self.numbered, self.joint, self.returns_sum
        return copy

    def __reduce__(self):
        # (pyspiel's serialize pickles a state's attributes: the session pickles as its JSON; what the node
        # is, is worked out again)
        return (_node_from, (self.session, self.round, self.returns_sum))


def _node_from(session: Session, round_picks: tuple, returns_sum: Optional[float] = None) -> _Node:
    node = _Node(session, returns_sum)
    node.round = round_picks
    return node


class RulespecState(pyspiel.State):
    """A rulespec state. In a game whose every decision is made together (SIMULTANEOUS), a claim window
    or such a decision is a simultaneous node. In any other (SEQUENTIAL) it is a round of picks in turn:
    each seat in seat order picks one of its actions or `wait` (a seat whose only pick is `wait` is
    passed over), no pick shown to another seat, and the last pick of the round carries them all out as
    one joint pick would (Session.apply_joint: one claim applied, several raced by chance)."""

    def __init__(self, game: RulespecGame, session: Session):
        super().__init__(game)
        self._node = _Node(session, game.returns_sum)  # (the state's one attribute: see _Node)
        if session.table.rounds_in_turn:  # (pyspiel's Clone makes a new initial state each time: nothing else to do)
            self._advance_round()

    @property
    def session(self) -> Session:
        return self._node.session

    @property
    def round(self) -> tuple[int, ...]:
        return self._node.round

    @property
    def rulespec_state(self):
        """The rulespec State underneath (read it; play through this OpenSpiel state)."""
        return self._node.session.state

    def _in_round(self) -> bool:
        session = self._node.session
        return session.table.rounds_in_turn and session.kind() in JOINT_NODES

    def _advance_round(self) -> None:
        """Pass over the seats whose only pick is `wait`; carry the round out once every seat has picked."""
        node = self._node
        while self._in_round():
            session, wait = node.session, node.session.table.wait
            forced = [session.legal(seat) == [wait] for seat in range(session.players)]
            if all(forced):  # (no seat has anything to do: the first still decides to wait)
                return
            while len(node.round) < len(forced) and forced[len(node.round)]:
                node.round += (wait,)
            if len(node.round) < len(forced):
                return
            picks, node.round = list(node.round), ()
            if session.shared:
                node.session = session.clone()
            node.session.apply_joint(picks)

    def current_player(self) -> int:
        player = self._node.player
        if player is None:
            player = self._node.player = self._player_now()
        return player

    def is_chance_node(self) -> bool:
        player = self._node.player  # (the node's answer, worked out once: no call of current_player)
        return (player if player is not None else self.current_player()) == CHANCE

    def _player_now(self) -> int:
        """OpenSpiel's current player at this node; at a seat's decision or a chance node, the node's numbers
        kept too (_Node.numbered), read with the seat from the node's listing (Pending) itself."""
        node = self._node
        session = node.session
        if session.picks is None:  # (not a race)
            pending = session.state._offer()
            if pending is None:
                return TERMINAL if session.state._over is not None else CHANCE
            seat = pending.seat
            if seat >= 0 or seat == RULESPEC_CHANCE:  # a seat's decision or a chance node: numbered
                numbered = pending.numbered
                if numbered is None or numbered.table is not session.table:
                    numbered = session.numbers()
                if numbered is not None:
                    node.numbered = numbered
                    return CHANCE if seat == RULESPEC_CHANCE else seat
            elif seat == RULESPEC_SIMULTANEOUS and not session.table.rounds_in_turn and JOINT_ON_THE_NODE:
                try:  # (a simultaneous decision's numbers by seat, made once and kept with its listing)
                    joint = session._joint_numbers()
                except Exception:  # (its error where the Session meets it: at legal_actions, as before)
                    joint = None
                if joint is not None:
                    node.joint = joint
                    return SIMULTANEOUS
        kind = session.kind()
        if kind == TERMINAL_NODE:
            return TERMINAL
        if kind in (CHANCE_NODE, RACE_NODE):
            return CHANCE
        if kind in JOINT_NODES:
            return len(node.round) if session.table.rounds_in_turn else SIMULTANEOUS
        return session.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        if self._in_round() and player != len(self._node.round):
            return []
        return self._node.session.legal(player)

    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        node = self._node
        current = node.player
        if current is None:
            current = self.current_player()
        if current >= 0 and (player is None or player == current):  # (pyspiel's answer, without its calls back)
            numbered = node.numbered
            return numbered.legal.copy() if numbered is not None else self._legal_actions(current)
        if player is None:
            return super().legal_actions()
        # pyspiel answers a seat's legal_actions(seat) at a chance node with the chance outcomes, which are no
        # seat's actions (OpenSpiel's own games answer []).
        if player >= 0 and (current >= 0 or current in (CHANCE, TERMINAL)):  # (not the seat's decision)
            return []
        if player >= 0 and current == SIMULTANEOUS:  # (pyspiel's answer: the seat's _legal_actions)
            joint = node.joint
            if joint is not None and player < len(joint.seats):
                own = joint.seats[player]
                if own is not None:  # (the seat's numbers, read straight; a seat with none waits: the Session says)
                    return own.legal.copy()
            return self._legal_actions(player)
        return super().legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._node
        current = node.player
        if current is None:
            current = self.current_player()
        if current == CHANCE and node.numbered is not None:
            return node.numbered.outcomes.copy()
        return node.session.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        node = self._node
        player = node.player  # (pyspiel's ApplyAction asked current_player just before: the node's answer)
        if player is None:
            player = self.current_player()
        numbered = node.numbered
        row = None
        if numbered is not None:
            try:
                row = numbered.place(action)  # (in C for a short listing)
            except (ValueError, KeyError):  # (no row has the number: not legal now)
                pass
        node.player = node.numbered = node.joint = None
        if row is not None:  # a seat's decision or a chance node: the number's row played straight
            session = node.session
            if session.shared:  # a session clones share: a copy played, or what a move played before led to, kept
                session = node.session = session.after_first_move(row, RULESPEC_CHANCE if player == CHANCE else player)
            else:
                session.play_listed(row, RULESPEC_CHANCE if player == CHANCE else player)
            if session.table.rounds_in_turn:
                self._advance_round()
            self._next_node()
            return
        if self._in_round():
            seat = len(node.round)
            if int(action) not in node.session.legal(seat):
                raise ValueError(f"player {seat + 1} may not pick {action} now; the picks are {node.session.legal(seat)}")
            node.round += (int(action),)
            self._advance_round()
            return
        session = node.session
        if session.shared:
            session = node.session = session.clone()
        session.apply(int(action))  # (a race's outcome; or a number not legal now: its error)
        if session.table.rounds_in_turn:
            self._advance_round()

    def _next_node(self) -> None:
        """The next node's answers, worked out once now, after a move: every caller asks them next."""
        node = self._node
        try:
            node.player = self._player_now()
        except Exception:  # (a listing the adapters cannot number: its error when the node is asked about)
            node.player = node.numbered = node.joint = None

    def _apply_actions(self, actions: Sequence[int]) -> None:
        node = self._node
        joint = node.joint  # (set at a SIMULTANEOUS game's node only: never a round of picks in turn)
        if joint is not None and len(actions) == len(joint.seats):
            picked = []  # each seat's row by its place among the seat's rows (Session._rows_picked, straight)
            for seat, own in enumerate(joint.seats):
                row = own.row_of(actions[seat]) if own is not None else None
                if row is None:  # (a wait, or a pick not legal: the Session plays or refuses it, as before)
                    break
                picked.append((seat, row))
            else:
                node.player = node.joint = None
                session = node.session
                if session.shared:
                    session = node.session = session.clone()
                session._texts = {}
                session._play_rows_together(picked)
                self._next_node()
                return
        if self.get_game().in_turn:
            raise ValueError(f"{self.get_game().engine.TITLE} is a sequential game here: its claim windows and "
                             f"decisions made together are picked in turn, one apply_action per seat")
        node.player = node.numbered = node.joint = None
        if node.session.shared:
            node.session = node.session.clone()
        node.session.apply_joint([int(a) for a in actions])
        self._advance_round()

    def _action_to_string(self, player: int, action: int) -> str:
        return self.session.action_text(RULESPEC_CHANCE if player == pyspiel.PlayerId.CHANCE else player, action)

    def is_terminal(self) -> bool:
        player = self._node.player  # (the node's answer, once worked out)
        return player == TERMINAL if player is not None else self._node.session.state.is_terminal()

    def returns(self) -> list[float]:
        node = self._node
        returns = node.session.returns()
        if node.returns_sum is not None and abs(sum(returns) - node.returns_sum) > 1e-9:
            game = self.get_game()
            declared = getattr(game.engine, "RETURNS_SUM", None)
            said = ("zero_sum=True" if declared is None else "returns declared zero-sum" if declared == 0 else
                    f"returns declared constant-sum {declared}")
            raise core.AdapterError(f"the game was loaded with {said} but its returns {returns} do not sum to "
                                    f"{game.returns_sum:g}")
        return returns

    def rewards(self) -> list[float]:
        return self.session.rewards()

    def __str__(self) -> str:
        text = str(self.session.state)
        if self.session.picks is not None:
            text += "\nclaims racing: " + ", ".join(
                f"player {seat + 1}: {self.session.table.seat_text(seat, pick)}" for seat, pick in sorted(self.session.picks.items()))
        if self.round:
            text += "\npicked in this round: " + ", ".join(
                f"player {seat + 1}: {self.session.table.seat_text(seat, pick)}" for seat, pick in enumerate(self.round))
        return text


class ObservationObserver:
    """What a seat sees now: the tensor (tensors.TensorLayout) and the string of State.observation(seat)."""

    def __init__(self, layout: core.TensorLayout):
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {}
        for name, (at, size) in layout.offsets.items():
            self.dict[name] = self.tensor[at:at + size]

    def set_from(self, state: RulespecState, player: int) -> None:
        self.tensor[:] = state.session.observation_tensor(player, self.layout)

    def string_from(self, state: RulespecState, player: int) -> str:
        return state.session.observation_string(player)


class PublicObserver(ObservationObserver):
    """What every seat sees alike (tensors.public_view), in the observation tensor's layout with its ``seat``
    piece all zeros, and as JSON; the same whichever seat asks."""

    def set_from(self, state: RulespecState, player: int) -> None:
        self.tensor[:] = state.session.public_observation_tensor(self.layout)

    def string_from(self, state: RulespecState, player: int) -> str:
        return state.session.public_observation_string()


class InformationStateObserver:
    """A seat's information state: its own history of what it has seen, as a string, and as a tensor
    (tensors.InformationLayout: its rows, and for a history kept in part the seat's action counts and the
    history's length)."""

    def __init__(self, layout: core.InformationLayout):
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        rows = layout.rows * layout.row
        self.dict = {"history": self.tensor[:rows].reshape(layout.rows, layout.row)}
        if not layout.whole:
            self.dict["own_actions"] = self.tensor[rows:rows + layout.num_actions]
            self.dict["history_length"] = self.tensor[rows + layout.num_actions:]

    def set_from(self, state: RulespecState, player: int) -> None:
        self.tensor[:] = state.session.information_state_tensor(player, self.layout)

    def string_from(self, state: RulespecState, player: int) -> str:
        return state.session.information_state_string(player)


# How a parameter lists several things: with characters that no variant name, option name or value (a
# word or a whole number) holds, and that OpenSpiel's game strings do not read as their own `,` and `=`.
VARIANTS_JOINED_BY, OPTIONS_JOINED_BY, OPTION_VALUE_AFTER = "+", ";", ":"


def _variants(text: str) -> tuple[str, ...]:
    """Variant names joined by `+` (or by commas, as a caller's dict may give them)."""
    return tuple(v.strip() for v in re.split(r"[+,]", text) if v.strip())


def _variants_text(variants: Sequence[str]) -> str:
    return VARIANTS_JOINED_BY.join(variants)


def _options(text: str) -> dict[str, str]:
    """Options as `name:value` joined by `;` (or `name=value` joined by commas)."""
    options = {}
    for part in filter(None, (p.strip() for p in re.split(r"[;,]", text))):
        found = re.fullmatch(r"([^:=]+)[:=](.*)", part)
        if found is None:
            raise ValueError(f"options are name:value joined by ';' (or name=value joined by commas), not {text!r}")
        options[found[1].strip()] = found[2].strip()
    return options


def _options_text(options: dict[str, str]) -> str:
    return OPTIONS_JOINED_BY.join(f"{name}{OPTION_VALUE_AFTER}{value}" for name, value in sorted(options.items()))


def _register_generic() -> None:
    parameters = {"game": "shell-we", "players": 2, "variants": "", "options": "", "zero_sum": False}
    default = core.engine_for(core.game_key("shell-we"))

    def __init__(self, params=None):
        params = dict(parameters, **(params or {}))
        variants, options = _variants(params["variants"]), _options(params["options"])
        params["variants"], params["options"] = _variants_text(variants), _options_text(options)  # (reads back)
        key = core.game_key(params["game"], variants, options)
        RulespecGame.__init__(self, key, params["players"], GENERIC, parameters, params)

    _register(_game_type(GENERIC, default, parameters, most_players=1000), "RulespecFileGame", __init__)


def _numeric(engine, option: str) -> bool:
    return all(str(v).lstrip("-").isdigit() for v in engine.OPTIONS[option][0])


def _parameter(engine, option: str, value):
    """An option's value as its OpenSpiel parameter: an int for a numeric option, else the word."""
    return int(value) if _numeric(engine, option) else str(value)


def _register_bundled(game_id: str) -> None:
    engine = core.engine_for(core.game_key(game_id))
    options = {name: default for name, (_, default) in engine.OPTIONS.items()}
    # A numeric option is an int parameter: OpenSpiel reads `numdice=2` in a serialised game as an int.
    parameters = {"players": engine.MIN_PLAYERS, "variants": "", "zero_sum": False,
                  **{name: _parameter(engine, name, default) for name, default in options.items()}}
    name = short_name(game_id)

    def __init__(self, params=None):
        params = dict(parameters, **(params or {}))
        chosen = {option: str(params[option]) for option in options if str(params[option]) != options[option]}
        variants = _variants(params["variants"])
        params["variants"] = _variants_text(variants)  # (so that the game's string reads back)
        key = core.game_key(game_id, variants, chosen)
        RulespecGame.__init__(self, key, params["players"], name, parameters, params)

    _register(_game_type(name, engine, parameters), f"Rulespec_{engine_module_name(game_id)}", __init__)


# Registered classes stay referenced from here: pyspiel keeps its own references to them until after
# Python has shut down, and a registered function (rather than a class) crashes the interpreter then.
_REGISTERED: dict[str, type] = {}


def _register(game_type: pyspiel.GameType, class_name: str, init) -> None:
    cls = type(class_name, (RulespecGame,), {"__init__": init, "__module__": __name__, "__qualname__": class_name})
    _REGISTERED[game_type.short_name] = cls
    globals()[class_name] = cls  # importable by its name, as pickle looks a class up
    pyspiel.register_game(game_type, cls)


def _game_from_string(text: str) -> pyspiel.Game:
    """A game from its string (``str(game)``): how a pickled game is loaded back."""
    return pyspiel.load_game(text)


def load_game(name_or_path, players: Optional[int] = None, variants: Sequence[str] = (),
              options: Optional[dict[str, Union[str, int]]] = None, zero_sum: bool = False) -> pyspiel.Game:
    """An OpenSpiel game for a bundled game's id or a rule file's path (players: the least by default).
    The game's utility is what the rule file declares: `zero-sum` under its `returns` makes it ZERO_SUM
    (which OpenSpiel's exploitability and CFR tools require), `constant-sum N` CONSTANT_SUM, and each
    terminal state's returns are checked to add up to it. zero_sum=True still declares it for a file that
    does not say (an override; refused when the file declares another sum)."""
    options = option_texts(options)  # (a numeric option's value may be a whole number)
    key = core.game_key(name_or_path, variants, options)
    engine = core.engine_for(key)
    players = engine.MIN_PLAYERS if players is None else players
    bundled = str(name_or_path) in bundled_rulebooks()
    if bundled:
        params = {"players": players, "variants": _variants_text(variants), "zero_sum": zero_sum,
                  **{k: _parameter(engine, k, v) for k, v in (options or {}).items()}}
        return pyspiel.load_game(short_name(str(name_or_path)), params)
    return pyspiel.load_game(GENERIC, {"game": str(name_or_path), "players": players,
                                       "variants": _variants_text(variants), "zero_sum": zero_sum,
                                       "options": _options_text(options or {})})


def _register_all() -> None:
    registered = set(pyspiel.registered_names())
    if GENERIC not in registered:
        _register_generic()
    for game_id in bundled_rulebooks():
        if short_name(game_id) not in registered:
            _register_bundled(game_id)


_register_all()
