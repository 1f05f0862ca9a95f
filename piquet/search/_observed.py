"""What an observation tells the sampler: the game's declaration mode, what the
observer held and the cards played, who led and who was elder, the suits the
opponent showed out of, and the game as it stood before the observed deal."""

from __future__ import annotations

from typing import Final, Literal

from ..cards import Card, Suit
from ..engine import Phase, State, resume_game
from ..observation import Observation
from ..words import Player, Result

Declarations = Literal["played", "auto"]


class SamplingError(ValueError):
    """No state is consistent with the observation (it was not made by this engine, or it
    holds something the sampler cannot reproduce); the message says what."""


AFTER_DECLARATIONS: Final = (Phase.PLAY, Phase.OVER, Phase.DEAL)  # DEAL: between deals


def all_held(observation: Observation) -> int:
    """The observer's hand after the exchange: what he holds and what he played."""
    player = observation.player
    held = observation.hand.mask
    for trick in observation.tricks:
        held |= (trick.lead if trick.leader == player else trick.follow).mask
    if observation.trick and current_leader(observation) == player:
        held |= observation.trick[0].mask
    return held


def plays_of(observation: Observation) -> tuple[list[Card], list[Card], list[Card]]:
    """(every card played in order, the observer's, the opponent's)."""
    player = observation.player
    order: list[Card] = []
    mine: list[Card] = []
    theirs: list[Card] = []
    for trick in observation.tricks:
        order += [trick.lead, trick.follow]
        (mine if trick.leader == player else theirs).append(trick.lead)
        (theirs if trick.leader == player else mine).append(trick.follow)
    if observation.trick:
        led = observation.trick[0]
        order.append(led)
        (mine if current_leader(observation) == player else theirs).append(led)
    return order, mine, theirs


def current_leader(observation: Observation) -> Player:
    """Who led to the trick in progress: the winner of the last trick, or the elder."""
    return observation.tricks[-1].winner if observation.tricks else deal_elder(observation)


def deal_elder(observation: Observation) -> Player:
    """The elder of the observed deal. Between two deals the observation names the next
    deal's roles; the finished deal's elder deals the next one."""
    if observation.phase is Phase.DEAL and observation.dealt_hand:
        return observation.dealer
    return observation.elder


def void_suits(observation: Observation) -> set[Suit]:
    """Suits the opponent showed out of: he holds none of them after the exchange but the
    ones he had played before."""
    opponent = observation.player.other
    out: set[Suit] = set()
    for trick in observation.tricks:
        if trick.leader != opponent and trick.follow.suit is not trick.lead.suit:
            out.add(trick.lead.suit)
    return out


def start_state(observation: Observation, declarations: Declarations) -> tuple[State, bool]:
    """The game at the chance node of the observed deal (and whether a deal was dealt)."""
    rules = observation.ruleset
    phase = observation.phase
    dealt = bool(observation.dealt_hand)
    sheet = observation.score_sheet
    games = observation.games
    dealer = observation.dealer
    number = observation.deal_number
    if not dealt:
        return (
            resume_game(
                rules,
                dealer=dealer,
                declarations=declarations,
                score_sheet=sheet,
                games=games,
                deal_number=number,
            ),
            False,
        )
    multi = rules.game.games_to_win > 1
    if phase is Phase.DEAL:  # between deals: the finished deal is the one observed
        if sheet:
            sheet = sheet[:-1]
        else:  # it ended a game of a partie, and the next game's sheet is empty
            sheet, games = _sheet_of_ended_game(observation)
        dealer = dealer.other
    elif phase is Phase.OVER:
        sheet = sheet[:-1]
        games = games[:-1] if multi else games
    try:
        start = resume_game(
            rules,
            dealer=dealer,
            declarations=declarations,
            score_sheet=sheet,
            games=games,
            deal_number=number - 1,
        )
    except ValueError as exc:
        raise SamplingError(f"cannot take the game up before this deal: {exc}") from None
    return start, True


def _sheet_of_ended_game(
    observation: Observation,
) -> tuple[tuple[tuple[int, int], ...], tuple[Result, ...]]:
    """Between two games of a partie: a sheet of the ended game before its last deal,
    and the games before it. The observation keeps only that game's totals, so the sheet
    is one row with them (less the last deal's scores) and rows of nought, as many as
    the game needs to go on until its last deal (R-GM-1): the fewest that do. Which
    sheet it was is never seen again, and the next game starts from nought."""
    rule = observation.ruleset.game
    games = observation.games
    if not games:
        raise SamplingError("between deals with an empty sheet and no game ended before")
    ended = games[-1]
    last = observation.deal_scores
    before = (ended.scores[0] - last[0], ended.scores[1] - last[1])
    target = rule.target
    if target is not None and max(before) >= target:
        raise SamplingError("the ended game's totals reached its target before its last deal")
    reached = target is not None and max(ended.scores) >= target
    for rows in range(0 if before == (0, 0) else 1, observation.deal_number):
        if rows and rule.over_after_deal(rows, before):
            break  # the game would have ended before its last deal
        if reached or rule.over_after_deal(rows + 1, ended.scores):
            sheet = ((before,) + ((0, 0),) * (rows - 1)) if rows else ()
            return sheet, games[:-1]
    raise SamplingError(
        "no sheet of the ended game lets it go on until its last deal and end there"
    )


def signature_of_observation(observation: Observation, plays: int) -> tuple[object, ...]:
    return (
        observation.phase,
        observation.to_move,
        plays,
        len(observation.hand),
        observation.opponent_hand_size,
        observation.deal_number,
    )
