"""The observer of the OpenSpiel game ``python_piquet`` (see
:mod:`piquet.adapters.openspiel`): a player's observation or information state, as a
string (the observation in words) and as a tensor whose fields it names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from piquet._extras import missing_extra

with missing_extra("piquet.adapters.openspiel", "openspiel"):
    import numpy as np
    import numpy.typing as npt
    import pyspiel

from piquet import CHANCE, Observation, Player, encoding

from ._tensors import TensorMaker

if TYPE_CHECKING:
    from .openspiel import PiquetState

__all__ = ["INFORMATION_STATE_SIZE", "PiquetObserver", "observation_text"]

_TRICK_SIZE: Final = 2 * 36 + 1
INFORMATION_STATE_SIZE: Final = encoding.OBSERVATION_SIZE + 12 * _TRICK_SIZE
"""The information state tensor: the observation tensor, then for each of the twelve
tricks in order the card led (36), the card played to it (36), and 1.0 when the
player led it."""


def observation_text(observation: Observation) -> str:
    """An observation in words, one fact a line (OpenSpiel's observation string).

    Equal observations give equal text, and the text holds everything the
    observation holds but the legal actions (which follow from it).
    """
    o = observation
    mover = "chance" if o.to_move is CHANCE else ("nobody" if o.to_move is None else o.to_move)
    lines = [
        f"player {o.player}, {o.ruleset.name}",
        f"phase {o.phase.value}, deal {o.deal_number}, to move {mover}, elder {o.elder}",
        f"hand {o.hand}",
        f"dealt {o.dealt_hand}",
        f"discard {o.discard}; taken {o.taken[0]} {o.taken[1]}; stock {o.stock_size}",
        f"seen stock {o.seen_stock}",
        f"opponent holds {o.opponent_hand_size}; shown {o.opponent_shown}; "
        f"known {o.opponent_known}",
        f"left {o.left_cards}",
        "spoken " + "; ".join(f"{s} {s.shown if s.shown is not None else ''}" for s in o.spoken),
        "tricks " + " ".join(str(t) for t in o.tricks) + " | " + " ".join(map(str, o.trick)),
        "events " + "; ".join(map(str, o.events)),
        f"scores {o.scores[0]} {o.scores[1]}; deal {o.deal_scores[0]} {o.deal_scores[1]}; "
        f"sheet {o.score_sheet}",
        f"result {o.result}",
    ]
    return "\n".join(lines)


class PiquetObserver:
    """OpenSpiel's observer: observation or information state, string and tensor."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        if (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "python_piquet observes for one player, with public and private information"
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = INFORMATION_STATE_SIZE if self.perfect_recall else encoding.OBSERVATION_SIZE
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            name: self.tensor[encoding.field_slice(name)] for name, _ in encoding.OBSERVATION_FIELDS
        }
        """The tensor's fields by name (views into it), as in :mod:`piquet.encoding`."""
        if self.perfect_recall:
            self.dict["tricks"] = self.tensor[encoding.OBSERVATION_SIZE :].reshape(12, _TRICK_SIZE)
        self._observation = self.tensor[: encoding.OBSERVATION_SIZE]
        self._tensors = TensorMaker()

    def set_from(self, state: PiquetState, player: int) -> None:
        self._tensors.tensor_into(state.piquet, Player(player), self._observation)
        if not self.perfect_recall:
            return
        tricks = self.dict["tricks"]
        tricks.fill(0.0)
        for i, trick in enumerate(state.piquet.observation(Player(player)).tricks):
            tricks[i, encoding.card_id(trick.lead)] = 1.0
            tricks[i, 36 + encoding.card_id(trick.follow)] = 1.0
            tricks[i, 72] = float(trick.leader == player)

    def string_from(self, state: PiquetState, player: int) -> str:
        text = observation_text(state.piquet.observation(Player(player)))
        if state.dealing:
            text += f"\ndealing {len(state.dealing)}: mine {state.own_dealt_so_far(player)}"
        if not self.perfect_recall:
            return text
        me = Player(player)
        past = (observation_text(end.observation(me)) for end in state.deal_ends)
        return "\n".join((*past, text))
