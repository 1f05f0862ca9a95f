"""What was said in the declarations, and who has seen which cards (R-DE-6, R-DE-7).

The declarations keep what was said as masks (:class:`.parts.Said`); the words, and the
:class:`~piquet.words.Spoken` values, are made here when first read, once for every
state that shares them; each record's words are made once a ruleset, and the words of a
dialogue's next record reuse the last one's, so that replaying a dialogue word by word
costs what its new words cost. The younger shows what he scores once the elder has led
his first card (R-DE-7, Cavendish law 55): until then the elder hears the words, and
sees none of the younger's cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards import EMPTY, trusted_cardset
from ..rules.protocols import say_word
from ..words import Category, Phase, Player, Precedence, ScoreEvent
from ..words import Spoken as SpokenWords
from . import play
from .combination_tables import duels, suit_fields, tables_of
from .memo import PerRuleset
from .parts import (
    CATEGORIES,
    HAND_BITS,
    NOT_GOOD_WORD,
    TIE_WORD,
    Declarations,
    DeclStage,
    Said,
    SaidFields,
    deal_elder,
)

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .auto_declarations import Resolution
    from .state import State

__all__ = [
    "auto_words_of",
    "auto_words_of_duel",
    "events_seen_by",
    "opening_call",
    "said_of",
    "shown_by",
    "spoken",
    "spoken_since",
]

_DECLARED: Final = (Precedence.POINT, Precedence.SEQUENCE, Precedence.SET)
_DECLARING: Final = Phase.DECLARATION
_new: Final = tuple.__new__


def said_of(decl: Declarations, elder: Player, declaring: bool = False) -> tuple[Said, ...]:
    """What was said, as records. The declarations keep each word as a plain tuple of
    the record's fields, made a record here. While the players are ``declaring``, the
    elder's words in a category are kept in the record's stage, claim and word until
    they are answered (see :func:`.declarations.apply`); a game that ends on a word
    keeps them in ``said``."""
    if decl.auto is not None:
        return tuple(_auto_said(*decl.auto))
    said = decl.said + _pending(decl, elder) if declaring else decl.said
    return tuple(_new(Said, words) for words in said)


def _pending(decl: Declarations, elder: Player) -> tuple[SaidFields, ...]:
    """The elder's words not yet answered, kept in the record's stage, claim and word
    (see :func:`said_of`), as the fields of their records."""
    stage = decl.stage
    if stage is DeclStage.ANSWER:
        category = CATEGORIES[decl.category]
        younger = elder.other
        claims = (decl.claim,)
        said: list[SaidFields] = [(elder, "call", category, claims, 0, None)]
        for word in range(1, decl.word + 1):
            said.append((younger, "equal", category, (), None, None))
            said.append((elder, "call", category, claims, word, None))
        return tuple(said)
    if stage is DeclStage.AFTER_PASS:
        return ((elder, "pass", CATEGORIES[decl.category], (), None, None),)
    return ()


def _auto_said(resolved: Resolution, elder: Player) -> list[Said]:
    """What auto declarations say aloud (R-DE-6), from each category's duel."""
    said: list[Said] = []
    for category, (outcome, best_e, best_y, _own) in zip(CATEGORIES, resolved, strict=True):
        said.extend(_said_of_duel(category, outcome, best_e, best_y, elder))
    return said


def _said_of_duel(
    category: Category, outcome: int, best_e: int, best_y: int, elder: Player
) -> tuple[Said, Said]:
    """What auto declarations say aloud of one category: the elder's word, then the
    younger's, from the duel's outcome and both players' best combinations (masks)."""
    younger = elder.other
    winner = (None, elder, younger)[outcome]
    if best_e:
        shown = best_e if winner is not younger else None
        first = Said(elder, "call", category, (best_e,), best_y or None, shown)
    else:
        first = Said(elder, "pass", category, (), None, None)
    if best_y and (best_e == 0 or winner is not elder):
        shown = best_y if winner is not elder else None
        second = Said(younger, "call", category, (best_y,), best_e or None, shown)
    elif best_e:
        second = Said(younger, "good", category, (), None, None)
    else:
        second = Said(younger, "pass", category, (), None, None)
    return first, second


def auto_words_of_duel(
    rules: Ruleset, elder: Player, category: Category, duel: tuple[int, int, int]
) -> tuple[SpokenWords, SpokenWords]:
    """What automatic declarations say aloud of one category (R-DE-6), the elder's
    words then the younger's, from its duel's first fields (who won, 0 nobody, 1 the
    elder, 2 the younger, and both best combinations' masks, 0 for none): the words of
    :func:`auto_words_of` are each category's in turn. A sampler checks a category's
    words once for each of its duels, where hands give far more duels of all three.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(declarations="auto")
    >>> while state.phase is not pq.Phase.PLAY:
    ...     state = state.apply(state.sample_chance(random.Random(4)) if state.to_move is pq.CHANCE
    ...                         else state.legal_actions()[0])
    >>> (point, sequences, sets), elder = state._decl.auto
    >>> words = [auto_words_of_duel(state.ruleset, elder, category, duel[:3])
    ...          for category, duel in zip(CATEGORIES, (point, sequences, sets))]
    >>> tuple(word for pair in words for word in pair) == state.spoken
    True
    """
    first, second = _said_of_duel(category, *duel, elder)
    return _spoken(rules, first, False), _spoken(rules, second, False)


def _hidden_from(state: State, player: Player | None) -> Player | None:
    """Whose shown cards ``player`` may not see yet: the younger's, to the elder,
    until the elder has led his first card (R-DE-7)."""
    elder = deal_elder(state._ctx)
    if player is elder and not play.elder_has_led(state):
        return elder.other
    return None


_ANSWER_WORDS: Final = {NOT_GOOD_WORD: "not good", TIE_WORD: "equal"}


def _words(rules: Ruleset, said: Said, played: bool) -> str:
    verb = said.verb
    if verb in ("pass", "good", "equal"):
        return verb
    rule = rules.category_rule(said.category)
    if verb == "reckon":
        if not said.claims:
            return "nothing further"
        return ", ".join(rule.spoken(m, None) for m in said.claims)
    if not played:
        return rule.spoken(said.claims[0], said.versus)
    word = said.versus
    assert word is not None
    answer = _ANSWER_WORDS.get(word)
    return answer if answer is not None else say_word(rule, said.claims[0], word)


def _told(said: Said) -> int:
    """The cards of the claim behind a word (the combinations reckoned), or 0."""
    return said.shown or (said.claims[0] if said.verb == "call" else 0)


def spoken(state: State, player: Player | None) -> tuple[SpokenWords, ...]:
    """What was said, as a player knows it: everything, with every claim (``player``
    None), or what ``player`` heard and knows: his own claims, the opponent's shown
    ones (R-DE-6, R-DE-7), and not the opponent's silence about further combinations."""
    decl = state._decl
    heard = decl.heard
    if not heard:  # first reading of this ``said``: the words are made now, once
        heard.append(_made(state._ctx.ruleset, decl, state))
    everything = heard[0]
    if player is None:
        return everything
    hidden = _hidden_from(state, player)
    return tuple(
        _as_heard_by(words, player, words.player is hidden)
        for words in everything
        if words.player is player or words.verb != "reckon" or words.shown is not None
    )


def spoken_since(state: State, start: int) -> tuple[SpokenWords, ...]:
    """``spoken(state, None)[start:]`` for ``start`` >= 0, the words said from the
    ``start``-th on, made without the earlier ones: a sampler replaying a dialogue reads
    each word as it is said, and making every word again after each cost it 3% of a
    sample (callgrind).

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> while state.phase is not pq.Phase.DECLARATION:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> state = state.apply(state.legal_actions()[0])
    >>> spoken_since(state, 0) == state.spoken, spoken_since(state, 1) == state.spoken[1:]
    (True, True)
    """
    decl = state._decl
    if decl.heard:
        return decl.heard[0][start:]
    rules = state._ctx.ruleset
    if decl.auto is not None:
        return _auto_words(rules, decl.auto)[start:]
    said = decl.said
    words = tuple(_spoken(rules, fields, True) for fields in said[start:])
    return words + _pending_words(rules, decl, state, max(0, start - len(said)))


def opening_call(state: State) -> bool:
    """Whether a call now opens its category: the elder's first word, or the younger's
    after the elder passed. It then says its claim's first word
    (:func:`~piquet.rules.protocols.say_word`, R-DE-1a); else it answers the elder's
    call, "not good" or "equal" whatever its claim. A sampler replaying a dialogue drops
    the calls whose first word is not the word heard before making any.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> while state.phase is not pq.Phase.DECLARATION:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> opening_call(state)  # the elder speaks first
    True
    >>> opening_call(pq.new_game(pq.RUBICON))  # no call before the declarations
    False
    """
    if state._PHASE is not _DECLARING:  # no call is legal
        return False
    stage = state._ctx.decl.stage
    return stage is _OPENING or stage is _AFTER_PASS


_OPENING: Final = DeclStage.ELDER
_ANSWERING: Final = DeclStage.ANSWER
_AFTER_PASS: Final = DeclStage.AFTER_PASS


def _made(rules: Ruleset, decl: Declarations, state: State) -> tuple[SpokenWords, ...]:
    """The words of everything said in ``decl``."""
    auto = decl.auto
    if auto is not None:
        return _auto_words(rules, auto)
    return _words_said(rules, decl.said) + _pending_words(rules, decl, state, 0)


def _pending_words(
    rules: Ruleset, decl: Declarations, state: State, skip: int
) -> tuple[SpokenWords, ...]:
    """The words of the elder's words not yet answered (none once the players are no
    longer declaring), from the ``skip``-th on."""
    if state._PHASE is not _DECLARING:
        return ()
    stage = decl.stage
    if stage is not _ANSWERING and stage is not _AFTER_PASS:  # nothing is pending
        return ()
    memo = _PENDING_WORDS.of(rules)
    elder = deal_elder(state._ctx)
    # what is pending follows from these alone (see _pending): plain ints to hash
    key = (elder, decl.category, stage, decl.claim, decl.word)
    words = memo.get(key)
    if words is None:
        words = memo[key] = tuple(_spoken(rules, fields, True) for fields in _pending(decl, elder))
    return words[skip:] if skip else words


def _auto_words(rules: Ruleset, auto: tuple[Resolution, Player]) -> tuple[SpokenWords, ...]:
    """The words of automatic declarations, made once a ruleset for each elder and each
    category's outcome and best calls (what they depend on): a sampler's worlds, and the
    observations of an RL episode's first states, read them again and again (see
    :func:`auto_words_of`)."""
    memo = _AUTO_WORDS.of(rules)
    (point, sequences, sets), elder = auto
    # the duels' outcomes and best calls, plain ints: hashing the whole duels (their
    # ledger entries) would cost more than the words
    key = (elder, point[:3], sequences[:3], sets[:3])
    words = memo.get(key)
    if words is None:
        words = memo[key] = tuple(_spoken(rules, said, False) for said in _auto_said(*auto))
    return words


def auto_words_of(
    rules: Ruleset, elder: Player, elder_hand: int, younger_hand: int
) -> tuple[SpokenWords, ...]:
    """What automatic declarations say from these hands, held after the exchange (R-DE-6):
    the words of :attr:`State.spoken <piquet.State.spoken>` once a deal's declarations
    are resolved, from the ruleset's compiled tables, as the engine resolves them, with no
    state made (a sampler checks a world's hands against what was heard with it).

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(declarations="auto")
    >>> while state.phase is not pq.Phase.PLAY:
    ...     state = state.apply(state.sample_chance(random.Random(4)) if state.to_move is pq.CHANCE
    ...                         else state.legal_actions()[0])
    >>> elder, younger = state.hand(state.elder).mask, state.hand(state.younger).mask
    >>> rules, decl = state.ruleset, state._decl
    >>> words = auto_words_of(rules, state.elder, elder, younger)
    >>> words == tuple(_spoken(rules, said, False) for said in said_of(decl, state.elder))
    True
    >>> words is state.spoken  # made once, for the state and for the hands
    True
    """
    # both hands' suits as 16-bit fields, as the engine's own resolution reads them
    fields = suit_fields((elder_hand | younger_hand << HAND_BITS).to_bytes(16, "little"))
    return _auto_words(rules, (duels(tables_of(rules), fields), elder))


# The words of automatic declarations, by elder and duels' outcomes (see _auto_words).
_AUTO_WORDS: Final[PerRuleset[tuple[object, ...], tuple[SpokenWords, ...]]] = PerRuleset()


def _spoken(rules: Ruleset, said: SaidFields, played: bool) -> SpokenWords:
    """One record's words, with the cards shown and the claim told, made once.

    >>> import piquet as pq
    >>> from piquet.words import Category, Player
    >>> said = (Player.A, "pass", Category.POINT, (), None, None)
    >>> words = _spoken(pq.RUBICON, said, True)
    >>> words.words, _spoken(pq.RUBICON, said, True) is words
    ('pass', True)
    """
    memo = _WORDS.of(rules)
    key = (played, said)
    words = memo.get(key)
    if words is None:
        record = _new(Said, said)
        words = memo[key] = SpokenWords(
            record.player,
            record.verb,
            record.category,
            _words(rules, record, played),
            None if record.shown is None else trusted_cardset(record.shown),
            trusted_cardset(_told(record)) if record.verb in ("call", "reckon") else None,
        )
    return words


# Each record's words, by whether the declarations are played and the record's fields
# (its words depend on the fields and the rules alone).
_WORDS: Final[PerRuleset[tuple[bool, SaidFields], SpokenWords]] = PerRuleset()
# The words pending in a dialogue (the elder's call before the younger's answer), by the
# record's fields they follow from: a sampler's replay of a dialogue reads them after
# every word.
_PENDING_WORDS: Final[PerRuleset[tuple[object, ...], tuple[SpokenWords, ...]]] = PerRuleset()

# the last words made of what was said in a dialogue, and what was said: each word of
# the dialogue makes a new record whose ``said`` begins with the last one's, so only the
# words said since are read (else the words of a dialogue cost the square of its
# length); one tuple, replaced whole, as above.
_last_said: tuple[object, tuple[SaidFields, ...], tuple[SpokenWords, ...]] = (None, (), ())


def _words_said(rules: Ruleset, said: tuple[SaidFields, ...]) -> tuple[SpokenWords, ...]:
    """The words of the records ``said`` in a dialogue played (not automatic).

    >>> import piquet as pq
    >>> from piquet.words import Category, Player
    >>> said = ((Player.A, "pass", Category.POINT, (), None, None),)
    >>> first = _words_said(pq.RUBICON, said)
    >>> more = _words_said(pq.RUBICON, (*said, (Player.B, "pass", Category.POINT, (), None, None)))
    >>> [words.words for words in more], more[0] is first[0]
    (['pass', 'pass'], True)
    """
    global _last_said
    last_rules, before, words = _last_said
    kept = 0
    if last_rules is rules:
        kept = len(before)
        if said[:kept] != before:  # not the next record of the same dialogue
            kept = 0
            end = min(len(before), len(said))
            while kept < end and said[kept] == before[kept]:
                kept += 1
    made = words[:kept] + tuple(_spoken(rules, fields, True) for fields in said[kept:])
    _last_said = (rules, said, made)
    return made


def _as_heard_by(words: SpokenWords, player: Player, hidden: bool) -> SpokenWords:
    """A word as ``player`` knows it: the claim behind his own words, and behind the
    opponent's only when shown, and then not while R-DE-7 hides it."""
    if words.player is player:
        return words
    # made as tuples: a named tuple's _replace costs several times as much
    if hidden or words.shown is None:
        return _new(SpokenWords, (*words[:4], None, None)) if words.claimed is not None else words
    return words if words.claimed == words.shown else _new(SpokenWords, (*words[:5], words.shown))


def shown_by(state: State, player: Player) -> int:
    """The cards ``player`` has shown his opponent in the declarations (R-DE-6, R-DE-7)."""
    if _hidden_from(state, player.other) is player:
        return 0
    shown = 0
    for words in spoken(state, None):  # made once per record of what was said
        if words.player is player and words.shown is not None:
            shown |= words.shown.mask
    return shown


def events_seen_by(state: State, player: Player) -> tuple[ScoreEvent, ...]:
    """The ledger, with the younger's declared cards hidden from the elder before his
    first lead (R-DE-7)."""
    events = state.events
    hidden = _hidden_from(state, player)
    if hidden is None:
        return events
    return tuple(
        event._replace(cards=EMPTY)
        if event.player is hidden and event.precedence in _DECLARED and event.cards
        else event
        for event in events
    )
