"""The MTG engine's codes, each declared once as an :class:`enum.StrEnum`.

The trace holds codes and parameters (:mod:`rulekit.mtg.trace`), and :mod:`rulekit.mtg.messages`
turns them into words; the scenario's events and abilities are dispatched on by their kind. Each
set of codes is one enum here: the code that records one, the code that dispatches on one and the
catalogue keyed by them all name the member, so a misspelt code is an error mypy finds, not a
test that fails later. A member *is* its string (``StrEnum``): traces, JSON and the catalogues'
keys are the same bytes as the plain words were.

This module imports nothing from rulekit: the model, the engine, the trace and the messages
all read it.

>>> NoteCode.ENDED == "ended", f"{EventKind.TURN_FACE_DOWN}"
(True, 'turn_face_down')
"""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """A scenario event's kind (LANGUAGE.md §5), as :func:`rulekit.mtg.engine.replay.replay_events`
    dispatches on it."""

    ENTER = "enter"
    LEAVE = "leave"
    ATTACH = "attach"
    RESOLVE = "resolve"
    TAP = "tap"
    UNTAP = "untap"
    TURN_FACE_UP = "turn_face_up"
    TURN_FACE_DOWN = "turn_face_down"
    TRANSFORM = "transform"
    END_OF_TURN = "end_of_turn"
    #: the events that end durations (LANGUAGE.md §3)
    BEGIN_TURN = "begin_turn"
    UNTAP_STEP = "untap_step"
    END_OF_COMBAT = "end_of_combat"
    COUNTERS = "counters"


class AbilityKind(StrEnum):
    """What an ability of an object is (:attr:`rulekit.mtg.model.Ability.kind`)."""

    KEYWORD = "keyword"
    TEXT = "text"  # not modelled
    STATIC = "static"
    CDA = "cda"  # 604.3
    RESOLVES = "resolves"  # the effect a spell or ability makes when it resolves (611.2a)
    INTRINSIC = "intrinsic"  # 305.6: a basic land type's mana ability


class Origin(StrEnum):
    """Where an effect comes from (``EffectInfo.origin``)."""

    STATIC = "static"
    CDA = "cda"
    RESOLVED = "resolved"
    COUNTERS = "counters"
    FACE_DOWN = "face-down"


class DependencyKind(StrEnum):
    """Which clause of 613.8a held (``Dependency.kind``)."""

    EXISTENCE = "existence"
    TEXT = "text"
    APPLIES_TO = "applies_to"
    WHAT_IT_DOES = "what_it_does"


class NoteCode(StrEnum):
    """Why an effect did not apply, or applied only in part (``EffectInfo.note_code``)."""

    SWITCHED_OFF = "switched_off"
    ENDED = "ended"
    NEVER_STARTED = "never_started"
    ABILITY_REMOVED = "ability_removed"
    ILLEGAL_TARGET = "illegal_target"
    DID_NOT_APPLY = "did_not_apply"


class Until(StrEnum):
    """When a duration ended (the ``until`` parameter of an ``ended`` note)."""

    END_OF_TURN = "end_of_turn"
    NEXT_TURN = "next_turn"
    UNTAP_STEP = "untap_step"
    END_OF_COMBAT = "end_of_combat"


class NameCode(StrEnum):
    """An effect's name as a code (``EffectInfo.name_code``; ``""`` for a name written by hand)."""

    STATIC = "static"
    GRANTED = "granted"
    ABILITY = "ability"
    ENTERS_AS = "enters_as"
    FACE_DOWN = "face_down"
    COUNTERS = "counters"


class Why(StrEnum):
    """Why a step came when it did (``Step.why``)."""

    CDA = "cda"  # 613.3
    TIMESTAMP = "timestamp"  # 613.7
    DEPENDENCY = "dependency"  # 613.8a: it had waited
    WAITED_ON = "waited_on"  # 613.8a: later effects waited on it
    LOOP = "loop"  # 613.8b
    COUNTERS = "counters"  # 613.4d: no timestamp


class Reason(StrEnum):
    """A step's explanation, by reason code (:func:`rulekit.views.reasons.reason_text`)."""

    CDA_FIRST = "CDA_FIRST"
    LOOP = "LOOP"
    DEPENDS_ON = "DEPENDS_ON"
    WAITED_BY = "WAITED_BY"
    TIMESTAMP = "TIMESTAMP"
    TIMESTAMP_AMONG = "TIMESTAMP_AMONG"
    PLAYERS_AFTER_OBJECTS = "PLAYERS_AFTER_OBJECTS"
    RULES_LAST = "RULES_LAST"
    COUNTERS_SEED = "COUNTERS_SEED"
    COUNTERS_CURRENT = "COUNTERS_CURRENT"


class Label(StrEnum):
    """The labels of abilities in the card library (``key:``) that are words, so a reader sees
    them in their language (``LABEL`` in :mod:`rulekit.mtg.messages`); other labels (loyalty
    costs "+1", ids) are card data, shown as written."""

    CAST = "cast"
    SPELL = "spell"
    ETB = "etb"
    STEAL = "steal"
    ANIMATE = "animate"
    PUMP = "pump"
    MINE = "mine"
    THEIRS = "theirs"
    LORD = "lord"
    GAIN = "gain"
    LOSE = "lose"
    DISCARD = "discard"
    TAP = "tap"
    WALK = "walk"
    REGEN = "regen"
    PT = "pt"
    WHITE = "white"
    BLACK = "black"
    NONBLACK = "nonblack"
    COLORLESS = "colorless"
    ARTIFACTS = "artifacts"
    PLAINS = "plains"
    FORESTS = "forests"
    CHANGELING = "changeling"
