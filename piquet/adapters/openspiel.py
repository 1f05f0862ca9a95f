"""Piquet as the OpenSpiel game ``python_piquet`` (``pip install piquet[openspiel]``).

Importing this module registers the game. Its parameters are ``ruleset`` (a preset
name, or a house ruleset as the JSON of :func:`~piquet.adapters.ruleset_json`),
``declarations`` (``"auto"`` or ``"played"``) and ``scope`` (``"game"`` or
``"deal"``). Chance is explicit, as in OpenSpiel's card games: each deal is a run of
chance nodes that deal the pack card by card, top card first (the outcome is a card
id of :mod:`piquet.encoding`, uniform over the cards not yet dealt); the cards then go
out in packets as the rules say. Player actions are the 4,180 ids of
:mod:`piquet.encoding`. The returns, at the end only, are the settlement of the game
(the winner's points, the loser's negated) or, for ``scope="deal"``, the difference of
the deal's scores.

Observations: the string is the player's :class:`~piquet.observation.Observation`
in words, the tensor :func:`piquet.encoding.observation_tensor`; the observer's
``dict`` names its fields (``hand``, ``stock_size``... as in
:data:`piquet.encoding.OBSERVATION_FIELDS`), views into its ``tensor``, as OpenSpiel's
C++ card games name theirs. Information states
add perfect recall: the string adds the player's last view of each earlier deal; the
tensor adds the tricks of the deal in the order they were played (the information
state tensor remembers the current deal, not the earlier ones, which the scores sum
up). States serialise as OpenSpiel's action history.

``apply_action`` takes only an int (a numpy integer too, not a bool or a float) that
is legal where it is applied: at a chance node one of ``chance_outcomes()`` (a card of
the pack not dealt yet), at a player's turn one of ``legal_actions()``. Anything else
raises :class:`InvalidActionError` (both a ``ValueError`` and ``pyspiel.SpielError``)
and leaves the state as it was.

:func:`resampler` draws a state the player cannot tell from the true one, which
OpenSpiel's ISMCTS needs; ``state.resample_from_infostate(player, sampler)`` calls it,
so the ISMCTS bot works unchanged (see ``examples/openspiel_ismcts.py``).

>>> import pyspiel
>>> from piquet.adapters import openspiel  # registers python_piquet
>>> game = pyspiel.load_game("python_piquet", {"scope": "deal"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), len(state.legal_actions())
(0, 1585)
>>> state.information_state_string(0).splitlines()[1]
'phase exchange, deal 1, to move A, elder A'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from piquet._extras import missing_extra

with missing_extra("piquet.adapters.openspiel", "openspiel"):
    import numpy  # noqa: F401  (the observer's, checked first: a missing one names this extra)
    import pyspiel

from piquet import (
    CHANCE,
    CardSet,
    Deal,
    IllegalActionError,
    Player,
    Ruleset,
    State,
    encoding,
    new_game,
    pack,
)
from piquet.search.sampling import SamplingError

from ._episode import (
    AdapterActionError,
    Declarations,
    Scope,
    action_id,
    episode_over,
    final_rewards,
)
from ._openspiel_observer import INFORMATION_STATE_SIZE as INFORMATION_STATE_SIZE
from ._openspiel_observer import PiquetObserver, observation_text
from ._openspiel_params import DEFAULTS, game_options, ruleset_from_parameter, ruleset_parameter
from ._tensors import PLAYS, legal_ids

__all__ = [
    "GAME_NAME",
    "InvalidActionError",
    "PiquetGame",
    "PiquetState",
    "observation_text",
    "resampler",
    "ruleset_parameter",
]

GAME_NAME: Final = "python_piquet"
_MAX_DEALS: Final = 60
"""A bound on the deals of a game, for OpenSpiel's maximum game length: a race to 100
points or more scores well over two points a deal."""
_MAX_MOVES_PER_DEAL: Final = 5 + 3 * 6 + 24
_MAX_UTILITY: Final = 3000.0
_ACTION_BOUND: Final = max(encoding.NUM_ACTIONS, len(encoding.CARDS))
"""Player actions and chance outcomes (card ids) are below it."""

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Piquet (python)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULTS),
)

_PACK_IDS: Final = {size: tuple(encoding.card_id(c) for c in pack(size)) for size in (32, 36)}
_IN_PACK: Final = {size: frozenset(ids) for size, ids in _PACK_IDS.items()}


class InvalidActionError(AdapterActionError, pyspiel.SpielError):  # type: ignore[misc]
    """An action this state cannot take (not an int, not legal here): a ``ValueError``
    and OpenSpiel's ``SpielError``; the state is as it was."""


class PiquetGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_piquet``; load it with ``pyspiel.load_game``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        options = game_options({**DEFAULTS, **(params or {})})
        deals = 1 if options["scope"] == "deal" else _MAX_DEALS
        pack_size = ruleset_from_parameter(options["ruleset"]).pack_size
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.NUM_ACTIONS,
            max_chance_outcomes=len(encoding.CARDS),
            num_players=2,
            min_utility=-_MAX_UTILITY,
            max_utility=_MAX_UTILITY,
            utility_sum=0.0,
            max_game_length=deals * (pack_size + _MAX_MOVES_PER_DEAL),
        )
        super().__init__(_GAME_TYPE, info, options)

    # OpenSpiel may rebuild a game without calling __init__ (when it deserialises one):
    # read the options from its parameters, which it always keeps.
    @property
    def ruleset(self) -> Ruleset:
        """The ruleset played."""
        return ruleset_from_parameter(str(self.get_parameters()["ruleset"]))

    @property
    def declarations(self) -> Declarations:
        """``"auto"`` or ``"played"``."""
        value = self.get_parameters()["declarations"]
        return "auto" if value == "auto" else "played"

    @property
    def scope(self) -> Scope:
        """``"game"`` or ``"deal"``."""
        return "deal" if self.get_parameters()["scope"] == "deal" else "game"

    def new_initial_state(self) -> PiquetState:
        return PiquetState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PiquetObserver:
        return PiquetObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_LAST_LEGAL: tuple[State | None, list[int]] = (None, [])
"""The legal ids of the last state asked, which pyspiel asks again and again (kept
here, not in the state, whose attributes its serialisation holds)."""


class PiquetState(pyspiel.State):  # type: ignore[misc]
    """A position: the piquet state, and the cards of a deal being dealt."""

    def __init__(self, game: PiquetGame) -> None:
        super().__init__(game)
        self.piquet_game = game
        self.ruleset = game.ruleset
        self.scope = game.scope
        self.piquet: State = new_game(self.ruleset, declarations=game.declarations)
        self.dealing: tuple[int, ...] = ()
        """The card ids dealt so far in the deal being dealt."""
        self.deal_start: State = self.piquet
        """The piquet state at the chance node of the current deal."""
        self.deal_ends: tuple[State, ...] = ()
        """The piquet state at the end of each finished deal (for perfect recall)."""
        self.moves = 0
        """How many actions, chance ones included, led here."""
        self.deal_moves = 0
        """How many actions led to the first chance node of the current deal."""
        self._terminal = False
        self._current = _CHANCE
        self._left: tuple[int, ...] = _PACK_IDS[self.ruleset.pack_size]

    @property
    def past_views(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Per player, his last view of each finished deal, in words (perfect recall)."""
        a, b = (
            tuple(observation_text(end.observation(p)) for end in self.deal_ends) for p in Player
        )
        return a, b

    # pyspiel asks these many times a step: they read what _apply_action kept
    def current_player(self) -> int:
        return self._current

    def _moved(self) -> None:
        """Keep whether the episode is over and who moves, after ``piquet`` changed."""
        self._terminal = terminal = episode_over(self.piquet, self.scope)
        mover = self.piquet.to_move
        if terminal:
            self._current = _TERMINAL
        elif mover is CHANCE:
            self._current = _CHANCE
        else:
            assert isinstance(mover, Player)
            self._current = int(mover)

    def is_terminal(self) -> bool:
        return self._terminal

    def _legal_actions(self, player: int) -> list[int]:
        global _LAST_LEGAL
        state = self.piquet
        cached = _LAST_LEGAL
        if cached[0] is not state:
            cached = _LAST_LEGAL = (state, legal_ids(state))
        return list(cached[1])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._left
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    # OpenSpiel's binding refuses a float or a string with a TypeError of its own and
    # takes a bool as an int: check the action's type before it, and its legality in
    # _apply_action (which C++ callers reach directly), before anything changes.
    def apply_action(self, action: Any) -> None:
        if type(action) is not int or not 0 <= action < _ACTION_BOUND:
            action = action_id(action, "apply_action", _ACTION_BOUND, InvalidActionError)
        super().apply_action(action)

    def apply_action_with_legality_check(self, action: Any) -> None:
        number = action_id(action, "apply_action", _ACTION_BOUND, InvalidActionError)
        super().apply_action_with_legality_check(number)

    def _apply_action(self, action: int) -> None:
        if self._terminal:
            raise InvalidActionError(f"apply_action: action {action} after the end of the game")
        if self.piquet.to_move is CHANCE:
            self._deal_card(action)
            return
        try:
            number = int(action)
            state = self.piquet
            # a card's id: decode's Play looked up, without the call
            play = PLAYS[number] if 0 <= number < encoding.SUBSET_BASE else None
            after = state.apply(play if play is not None else encoding.decode(state, number))
        except (IllegalActionError, encoding.EncodingError) as error:
            raise InvalidActionError(f"apply_action: action {action}: {error}") from None
        self.moves += 1
        self.piquet = after
        if after.to_move is CHANCE or after.is_over:
            self.deal_ends = (*self.deal_ends, after)
        self._moved()

    def _deal_card(self, action: int) -> None:
        size = self.ruleset.pack_size
        if action not in _IN_PACK[size] or action in self.dealing:
            why = "not in the pack" if action not in _IN_PACK[size] else "dealt already"
            raise InvalidActionError(
                f"apply_action: chance outcome {action} is no card left to deal ({why})"
            )
        if not self.dealing:
            self.deal_moves = self.moves
        self.moves += 1
        self.dealing = (*self.dealing, int(action))
        left = self._left
        at = left.index(action)
        self._left = left[:at] + left[at + 1 :]
        if len(self.dealing) == size:
            order = [encoding.CARDS[i] for i in self.dealing]
            self.deal_start = self.piquet
            self.piquet = self.piquet.apply(Deal(order, packet=self.ruleset.packet))
            self.dealing = ()
            self._left = _PACK_IDS[size]
            self._moved()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(encoding.CARDS):
                return f"deal ? (no card has id {action})"
            return f"deal {encoding.CARDS[action]}"
        try:
            return str(encoding.decode(self.piquet, int(action)))
        except encoding.EncodingError:
            return encoding.describe(int(action))

    def returns(self) -> list[float]:
        if not self._terminal:
            return [0.0, 0.0]
        return list(final_rewards(self.piquet, self.scope, "settlement"))

    def own_dealt_so_far(self, player: int) -> CardSet:
        """The cards of the deal being dealt that have come to ``player``."""
        packet = self.ruleset.packet
        elder = self.piquet.dealer.other
        mine = CardSet()
        for position, card_id in enumerate(self.dealing[:24]):
            to_elder = (position // packet) % 2 == 0
            if to_elder == (player == elder):
                mine |= CardSet([encoding.CARDS[card_id]])
        return mine

    # pyspiel's own tensors copy the state (a new state and its attributes) and write
    # the tensor twice; a Python caller (rl_environment, a training loop) comes here
    def observation_tensor(self, player: Any = None) -> list[float]:
        """The observer's tensor for ``player`` (the one to move when omitted)."""
        return _tensor_of(self, player, perfect_recall=False)

    def information_state_tensor(self, player: Any = None) -> list[float]:
        """The information state tensor for ``player`` (the one to move when omitted)."""
        return _tensor_of(self, player, perfect_recall=True)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> PiquetState:
        """A state ``player_id`` cannot tell from this one (see :func:`resampler`),
        drawn with a seed taken from ``probability_sampler`` (a uniform in [0, 1))."""
        seed = int(probability_sampler() * 2**53)
        return resampler(self, player_id, rng=random.Random(seed))

    def __str__(self) -> str:
        return f"{self.piquet!r} dealing {len(self.dealing)}"


_OBSERVERS: dict[bool, PiquetObserver] = {}


def _tensor_of(state: PiquetState, player: Any, perfect_recall: bool) -> list[float]:
    if player is None:
        player = state.current_player()
    if type(player) is not int:
        player = action_id(player, "player", 2, InvalidActionError)
    if not 0 <= player < 2:
        raise pyspiel.SpielError(f"player {player}: not a player (0 or 1)")
    observer = _OBSERVERS.get(perfect_recall)
    if observer is None:
        obs_type = pyspiel.IIGObservationType(perfect_recall=perfect_recall)
        observer = _OBSERVERS[perfect_recall] = PiquetObserver(obs_type, None)
    observer.set_from(state, player)
    tensor: list[float] = observer.tensor.tolist()
    return tensor


# ----------------------------------------------------------------- resampling


def resampler(
    state: PiquetState, player: int, *, rng: random.Random | None = None, attempts: int = 20
) -> PiquetState:
    """A state that ``player`` cannot tell from ``state`` (the same information state
    string), with the hidden cards of the current deal drawn afresh.

    The current deal is drawn by piquet's own sampler
    (:meth:`piquet.Observation.sample_state`): uniformly among the deals, discards and
    stocks that give the player's observation, the calls and answers he heard replayed
    word by word, so that even a deal whose declarations say much is found at once. The
    deal is then dealt card by card after the game's earlier actions, which are kept as
    they were (they do not bear on the rest of the game), and the draw kept when its
    information state string is the player's (up to ``attempts`` draws, then
    :class:`RuntimeError`). At a chance node (which ISMCTS never resamples) the state is
    returned as it is. OpenSpiel's ISMCTS calls it through
    ``state.resample_from_infostate``.

    >>> rng = random.Random(1)
    >>> state = pyspiel.load_game("python_piquet").new_initial_state()
    >>> while state.is_chance_node():  # the deal, card by card
    ...     state.apply_action(rng.choice(state.legal_actions()))
    >>> me = state.current_player()
    >>> world = resampler(state, me, rng=rng)
    >>> world.information_state_string(me) == state.information_state_string(me)
    True
    """
    rng = rng or random.Random()
    pq_state = state.piquet
    if pq_state.to_move is CHANCE or state.dealing or pq_state.deal_number == 0:
        return state.clone()  # type: ignore[no-any-return]
    target = state.information_state_string(player)
    seen = pq_state.observation(Player(player))
    for _ in range(attempts):
        try:
            world = seen.sample_state(rng)
        except SamplingError as error:
            raise RuntimeError(f"no deal consistent with the information state: {error}") from None
        history = world.history
        start = max(i for i, action in enumerate(history) if isinstance(action, Deal))
        candidate = _rebuild(state, history[start:])
        if candidate is not None and candidate.information_state_string(player) == target:
            return candidate
    raise RuntimeError(f"no consistent deal found in {attempts} draws")


def _rebuild(state: PiquetState, deal_moves: Sequence[Any]) -> PiquetState | None:
    """The OpenSpiel state with the current deal replaced by ``deal_moves`` (a
    :class:`~piquet.Deal`, then the moves after it): the same history up to the deal,
    then the deal's pack card by card, then the moves as ids."""
    game = state.piquet_game
    history = list(state.history())
    cut = state.deal_moves
    new = game.new_initial_state()
    try:
        for action in history[:cut]:
            new.apply_action(action)
        deal, *moves = deal_moves
        for card in deal.pack:
            new.apply_action(encoding.card_id(card))
        for move in moves:
            new.apply_action(encoding.encode(new.piquet, move))
    except (IllegalActionError, encoding.EncodingError):
        return None
    return new


def _register() -> None:
    pyspiel.register_game(_GAME_TYPE, PiquetGame)


_register()
