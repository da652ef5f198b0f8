"""Every house ruling (R-01..R-23 from the Apoteose rulings; R-24..R-33 ours) in one named place,
written out in ``docs/apoteose-rulings.md``.

Engine code asks these functions and constants instead of re-deciding a ruling inline, so
changing a ruling means editing one definition here; every definition here is read by the code
that applies it (tests flip some of them and watch the behaviour change). Each docstring cites its
ruling id and the seed passage it settles. The seed's own limit keywords (seed «Limite») are checked
here too, by :func:`limit_refusal`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from rulekit.apoteose.codes import CHOICE_SETS, Reason
from rulekit.apoteose.reading import read
from rulekit.apoteose.timings import NAMES as TIMING_NAMES

# --------------------------------------------------------------------------------------------
# the keyword names (glossary.md).
# --------------------------------------------------------------------------------------------
#: R-01: activation keywords (exactly one per effect, seed «Ativação»).
ACTIVATIONS: tuple[str, ...] = ("Ativar", "Auto", "Passivo")
#: R-01: timing keywords (seed «Temporização»): the names of the records in :mod:`~rulekit.apoteose.timings`.
TIMINGS: tuple[str, ...] = TIMING_NAMES
#: R-01: limit keywords (seed «Limite»).
LIMITS: tuple[str, ...] = (
    "Turno Próprio",
    "Uma Vez por Ciclo",
    "Uma Vez por Batalha",
    "Ação Inicial",
    "Encerra Turno",
    "Irrespondível",
    "Inegável",
    "Duração",
)
#: R-01: scope keywords (seed «Escopo»).
SCOPES: tuple[str, ...] = ("Qualquer Lugar", "Da Mesa", "Do Inventário", "Do Descarte", "Do Time", "Do Anexo")
#: R-01: task keywords (seed «Tarefa»); value = the verb the task performs on this card.
TASKS: dict[str, str] = {
    "Consumir": "exhaust",
    "Recuperar": "ready",
    "Descartar": "discard",
    "Enterrar": "bury",
    "Banir": "banish",
    "Registrar": "register",
}
KEYWORD_KINDS: dict[str, tuple[str, ...]] = {
    "activation": ACTIVATIONS,
    "timing": TIMINGS,
    "limit": LIMITS,
    "scope": SCOPES,
    "task": tuple(TASKS),
}
#: Canonical order of keyword kinds in the notation (glossary «Notation of an effect»).
KEYWORD_ORDER: tuple[str, ...] = ("activation", "timing", "limit", "scope", "task")


def norm(text: str) -> str:
    """R-01: the parser accepts unaccented forms and any letter case.

    >>> norm("  Irrespondível ") == norm("IRRESPONDIVEL")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", stripped).strip().lower()


KEYWORDS: dict[str, tuple[str, str]] = {
    norm(name): (kind, name) for kind, names in KEYWORD_KINDS.items() for name in names
}

# --------------------------------------------------------------------------------------------
# which requirements are re-checked when the halt window closes.
# --------------------------------------------------------------------------------------------
#: R-03: requirement kinds re-checked, whole, when the entry leaves its halt window (states:
#: Enquanto/Até/Durante). Costs are paid, and conditions (Se/Quando) are checked only at activation.
RECHECK_AT_HALT_EXIT: frozenset[str] = frozenset({"state"})
#: R-03: actions whose result must still hold when halt ends (a Selecione target still there).
RECHECK_ACTIONS_AT_HALT_EXIT: frozenset[str] = frozenset({"selecione"})


def recheck_at_halt_exit(kind: str, verb: str) -> bool:
    """R-03: must requirement ``kind`` (with first word ``verb``) still hold when halt ends?

    >>> recheck_at_halt_exit("state", "Enquanto"), recheck_at_halt_exit("action", "Selecione")
    (True, True)
    >>> recheck_at_halt_exit("condition", "Se"), recheck_at_halt_exit("cost", "Descarte")
    (False, False)
    """
    if kind in RECHECK_AT_HALT_EXIT:
        return True
    return kind == "action" and norm(verb) in RECHECK_ACTIONS_AT_HALT_EXIT


#: R-03: after resolution a broken **Enquanto** (or Durante/Até) ends a lasting effect, even a
#: **Duração** one. ``False`` would let a Duração effect outlive its broken state.
ENQUANTO_ENDS_LASTING_EFFECT = True

#: R-03 with the seed's «Desambiguação» (an Enquanto holds «durante o tempo em que o efeito durar»): a lasting
#: effect's Enquanto (Durante, Até) is asked again after everything that can change the game, not only
#: after a resolution: after each script action too (a hero's ``step:``, a card moved by hand). A state on
#: positions ("Enquanto houver um inimigo adjacente a você") so ends when a hero steps away. The state is
#: read as the effect's controller ("você") with the heroes it selected ("o alvo"), not as each hero it
#: changed.
ENQUANTO_RECHECKED_AFTER: frozenset[str] = frozenset({"resolution", "action"})

#: R-03 ("a Selecione target must still hold when the entry leaves its halt window") read for a target chosen
#: by its place: a hero selected as "adjacente a <herói>" must still stand on a casa next to that hero when
#: the halt window closes, judged on the casas then (a response in the window may have moved either hero);
#: if not, the activation is stopped (``STATE_BROKEN``). Once the description resolves the target is fixed
#: (R-02: resolution is atomic): a move made by the description itself does not undo the choice.
#: ``False`` would keep a target chosen next to you even after it walked away.
SELECTED_NEAR_RECHECKED_AT_HALT_EXIT = True


# --------------------------------------------------------------------------------------------
# priority categories.
# --------------------------------------------------------------------------------------------
#: Seed «Prioridade de Resposta», in order (R-05 fixes the frame: the turn hero).
PRIORITY_CATEGORIES: tuple[str, ...] = (
    "Campanha",
    "Cenário",
    "Heróis Oponentes",
    "Heróis do Time",
    "Herói do Turno",
    "Pilha de Descarte",
    "Mestre de Jogo",
)


def priority_category(
    *,
    source: str,
    zone: str | None,
    controller_team: str | None,
    controller: str | None,
    turn_hero: str,
    turn_team: str,
) -> int:
    """R-05 + R-07: the priority category (index into :data:`PRIORITY_CATEGORIES`) of an effect.

    * ``source`` is ``"campanha"``, ``"mestre"`` or ``"hero"``.
    * cards in the CENÁRIO are «Efeitos do Cenário»; cards in the common discard pile are «Pilha de
      Descarte» (R-07: a hero's own discard pile or deck counts as that hero's).
    * relative to the **turn hero** (on a COMPANHEIRO's turn, its Hero): other teams are «Heróis
      Oponentes», teammates other than the turn hero are «Heróis do Time».
    """
    if source == "campanha":
        name = "Campanha"
    elif source == "mestre":
        name = "Mestre de Jogo"
    elif zone == "CENÁRIO":
        name = "Cenário"
    elif zone == "DESCARTE COMUM":
        name = "Pilha de Descarte"
    elif controller == turn_hero:
        name = "Herói do Turno"
    elif controller_team == turn_team:
        name = "Heróis do Time"
    else:
        name = "Heróis Oponentes"
    return PRIORITY_CATEGORIES.index(name)


def same_category_order(iniciativa: int) -> int:
    """R-05 + seed: inside one category higher Iniciativa goes first (sort key, ascending)."""
    return -iniciativa


# --------------------------------------------------------------------------------------------
# negation.
# --------------------------------------------------------------------------------------------


def negation_applies(limits: tuple[str, ...]) -> bool:
    """R-08: **Negue a ativação** removes the entry unresolved (costs stay, no post window),
    unless the entry is **Inegável**, in which case the negation does nothing."""
    return "Inegável" not in limits


# --------------------------------------------------------------------------------------------
# R-09 — a stopped activation.
# --------------------------------------------------------------------------------------------
#: R-09: a stopped activation does not use up Uma Vez por Ciclo/Batalha.
STOPPED_USES_ONCE_LIMITS = False
#: R-09: a stopped activation still counts as an action for Ação Inicial (the player acted).
STOPPED_COUNTS_AS_ACTION = True

# --------------------------------------------------------------------------------------------
# Seed «Limite» (with) — may an effect with these limits be activated now?
# --------------------------------------------------------------------------------------------


def limit_refusal(
    limits: tuple[str, ...],
    *,
    own_turn: bool,
    used_cycle: bool,
    used_battle: bool,
    acted: bool,
    cycle: int,
    battle: int,
) -> tuple[Reason, dict[str, Any]] | None:
    """The first limit that forbids the activation, as ``(code, params)``; ``None`` if all hold.

    Seed «Limite»: «todos os limites listados devem ser seguidos». ``used_cycle``/``used_battle``: the
    effect was already activated in this cycle/battle (R-09: a stopped activation does not count, R-20:
    the cycle number); ``acted``: the hero already took a non-automatic action this turn (R-09).

    >>> code, params = limit_refusal(("Turno Próprio",), own_turn=False, used_cycle=False,
    ...                              used_battle=False, acted=False, cycle=1, battle=0)
    >>> str(code), params
    ('TURNO_PROPRIO', {})
    >>> code, params = limit_refusal(("Uma Vez por Ciclo",), own_turn=True, used_cycle=True,
    ...                              used_battle=False, acted=False, cycle=2, battle=0)
    >>> str(code), params
    ('ONCE_PER_CYCLE', {'cycle': 2})
    """
    if "Turno Próprio" in limits and not own_turn:
        return Reason.TURNO_PROPRIO, {}
    if "Uma Vez por Ciclo" in limits and used_cycle:
        return Reason.ONCE_PER_CYCLE, {"cycle": cycle}
    if "Uma Vez por Batalha" in limits and used_battle:
        return Reason.ONCE_PER_BATTLE, {"battle": battle}
    if "Ação Inicial" in limits and (not own_turn or acted):
        return Reason.ACAO_INICIAL, {}
    return None


# --------------------------------------------------------------------------------------------
# Irrespondível and Encerra Turno.
# --------------------------------------------------------------------------------------------
#: R-10: Irrespondível closes both windows; Auto effects that would have answered lose the moment.
IRRESPONDIVEL_CLOSES: frozenset[str] = frozenset({"halt", "post"})

# --------------------------------------------------------------------------------------------
# Ativar outside one's own turn.
# --------------------------------------------------------------------------------------------


def may_activate_ativar(*, own_turn: bool, has_quando_met: bool) -> bool:
    """R-12: an Ativar effect is activated on its controller's own turn, or outside it only as a
    response: when it has a **Quando** requirement met by the event answered (**Se** never allows
    a response). rulekit also requires a met Quando for any *response* (a response must answer
    something); a non-response Ativar is a scripted action of the turn hero."""
    return own_turn or has_quando_met


# --------------------------------------------------------------------------------------------
# default scope.
# --------------------------------------------------------------------------------------------
#: R-13: with no scope keyword an effect works from MESA, INVENTÁRIO and CENÁRIO. Limbo never.
#: rulekit adds the TABULEIRO, where a COMPANHEIRO card is in play (the seed's COMPANHEIRO effects,
#: e.g. «Início do Companheiro», could not work otherwise) — an engine assumption, not a ruling.
DEFAULT_SCOPE_ZONES: frozenset[str] = frozenset({"MESA", "INVENTÁRIO", "CENÁRIO", "TABULEIRO"})


def scope_allows(scopes: tuple[str, ...], zone: str, attached: bool) -> bool:
    """R-13 + seed «Escopo»: may an effect with ``scopes`` be activated from ``zone``?"""
    if zone == "LIMBO":
        return False
    if not scopes or scopes == ("Do Time",):
        return zone in DEFAULT_SCOPE_ZONES and not attached
    for s in scopes:
        if s == "Qualquer Lugar":
            return True
        if s == "Da Mesa" and zone == "MESA" and not attached:
            return True
        if s == "Do Inventário" and zone == "INVENTÁRIO":
            return True
        if s == "Do Descarte" and zone in ("DESCARTE", "DESCARTE COMUM"):
            return True
        if s == "Do Anexo" and attached:
            return True
        if s == "Do Time" and zone == "MESA" and not attached:
            return True
    return False


#: Events that move a card out of its zone: a timing about *this card* doing so (Ao Descartar,
#: Ao Banir, Ao Enterrar, Ao Sair) activates from wherever the card went (seed «Temporização»:
#: «quando esta carta for descartada», i.e. already in the discard pile). Engine assumption.
LEAVING_EVENTS: frozenset[str] = frozenset({"discard", "banish", "bury", "leave", "return"})


def timing_overrides_scope(event_kind: str, about_this_card: bool, has_timing: bool) -> bool:
    """Seed «Temporização» (Ao Descartar/Ao Banir/Ao Enterrar/Ao Sair): the timing names the moment
    the card leaves its zone, so R-13's scope is not asked again where the card landed."""
    return has_timing and about_this_card and event_kind in LEAVING_EVENTS


# --------------------------------------------------------------------------------------------
# The board: heroes moving (seed «Requerimentos de Ativação»: «Mova-se para uma casa adjacente»).
# --------------------------------------------------------------------------------------------
#: Engine assumption (the seed names casas and "adjacente" but never draws the board): the board is a
#: grid of casas ``(column, row)``, and a casa is adjacent to the eight around it, diagonals included.
ADJACENT_OFFSETS: tuple[tuple[int, int], ...] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
#: Engine assumption: one hero stands on a casa; a hero cannot step onto a casa another hero holds.
ONE_HERO_PER_CASA = True


def adjacent_casas(
    casa: tuple[int, int], board: tuple[int, int] | None, taken: set[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The casas a hero on ``casa`` can step to: adjacent (:data:`ADJACENT_OFFSETS`), on the board (when it
    has a size), and free (:data:`ONE_HERO_PER_CASA`). In reading order: row by row, column by column."""
    out = []
    for dx, dy in ADJACENT_OFFSETS:
        c = (casa[0] + dx, casa[1] + dy)
        if c[0] < 0 or c[1] < 0 or (board is not None and (c[0] >= board[0] or c[1] >= board[1])):
            continue
        if ONE_HERO_PER_CASA and c in taken:
            continue
        out.append(c)
    return out


def casas_adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Are two casas adjacent (:data:`ADJACENT_OFFSETS`)?"""
    return (b[0] - a[0], b[1] - a[1]) in ADJACENT_OFFSETS


# --------------------------------------------------------------------------------------------
# who can pay "Descarte uma carta".
# --------------------------------------------------------------------------------------------
#: R-15: zones of the activating hero whose cards can pay a generic card cost.
CARD_COST_ZONES: tuple[str, ...] = ("INVENTÁRIO", "MESA", "SUPORTE")


def may_pay_card_cost(card_id: str, activated_card: str | None) -> bool:
    """R-15: any card the hero controls in INVENTÁRIO/MESA/SUPORTE, except the card being activated."""
    return card_id != activated_card


# --------------------------------------------------------------------------------------------
# requirement order.
# --------------------------------------------------------------------------------------------
#: R-17: conventional order of requirement kinds (seed «Os requerimentos vêm na seguinte ordem»).
REQUIREMENT_ORDER: tuple[str, ...] = ("cost", "action", "state", "condition")
#: R-17: out-of-order requirements are a style warning, not an error.
REQUIREMENT_ORDER_IS_ERROR = False

# --------------------------------------------------------------------------------------------
# Registrar.
# --------------------------------------------------------------------------------------------
#: R-18: the task Registrar only sets this mark (an attribute of the card) to true.
REGISTER_MARK = "registered"

# --------------------------------------------------------------------------------------------
# timed text without Duração.
# --------------------------------------------------------------------------------------------


def lasting_effect_ends_with_card(limits: tuple[str, ...]) -> bool:
    """R-19: a timed effect ends at its time or when its card leaves play, whichever comes first;
    with **Duração** it survives the card."""
    return "Duração" not in limits


# --------------------------------------------------------------------------------------------
# turn structure.
# --------------------------------------------------------------------------------------------


def cycle_order(heroes: list[tuple[str, int]]) -> list[str]:
    """R-20: a cycle is the heroes' turns in Iniciativa order, higher first (ties: listed order).

    >>> cycle_order([("a", 3), ("b", 7), ("c", 3)])
    ['b', 'a', 'c']
    """
    return [h for h, _ in sorted(heroes, key=lambda p: -p[1])]


#: R-20: the restoration phase follows the last turn and already belongs to the next cycle (seed «Uma Vez
#: por Ciclo»: «o próximo ciclo começa já durante a próxima fase de restauração»).
RESTORATION_STARTS_NEXT_CYCLE = True

# --------------------------------------------------------------------------------------------
# moment from wording.
# --------------------------------------------------------------------------------------------
_BEFORE = re.compile(r"\bfor (ser|fazer|rolar|atacar|declarar)\b|\bantes de\b|\bfor ser\b")
_AFTER = re.compile(
    r"\bdepois de\b|\bsofrer\b|\bfor selecionad[ao]s?\b|\bser curad[ao]s?\b|\bfor \w+(ad|id)[ao]s?\b"
    r"|\bser \w+(ad|id)[ao]s?\b"
)


def _announced(text: str) -> bool:
    """R-21's "for ser …", "for fazer …", "for rolar …" in general: «for» followed by a verb of the game in
    infinitive (the future of «ir» + an action: the action is about to be done, not done). The verb is
    read by the reading pipeline (:func:`rulekit.apoteose.reading.read`: any person, synonym or casual
    form, «estiver prestes a» being «for»), so "for sofrer dano", "for levar dano", "estiver prestes a
    comprar" are announced actions; "for selecionado", "for ativada" (a participle) are done ones."""
    tokens = read(read(text).text).tokens  # the phrases of the lexicon made words ("prestes a" is "for")
    return any(
        a.norm == "for" and b.kind == "verb" and b.mood == "infinitive" and a.end <= b.start
        for a, b in zip(tokens, tokens[1:], strict=False)
    )


def moment_of(text: str) -> str:
    """R-21: read the moment (``before`` / ``during`` / ``after``) from the wording.

    >>> [moment_of(t) for t in ("Quando for fazer um teste", "Quando for ser atacado",
    ...  "Depois de ser atacado", "Quando sofrer dano", "Quando for selecionado como alvo",
    ...  "Em um teste você recebe +1 de AGI", "+1 de AGI", "Quando uma HABILIDADE for ativada")]
    ['before', 'before', 'after', 'after', 'after', 'during', 'during', 'after']
    >>> [moment_of(t) for t in ("Quando você for sofrer dano", "Quando você estiver prestes a sofrer dano",
    ...  "Quando um oponente for comprar cartas", "Quando você sofrer dano")]
    ['before', 'before', 'before', 'after']
    """
    t = norm(text)
    if (_BEFORE.search(t) or _announced(text)) and not t.startswith("depois de"):
        return "before"
    if _AFTER.search(t):
        return "after"
    return "during"


def options_block_before_responses(has_options: bool) -> bool:
    """R-21 + seed «lista de opções»: a body with ● options blocks every "before" response to it."""
    return has_options


# --------------------------------------------------------------------------------------------
# Passivo with requirements or a task.
# --------------------------------------------------------------------------------------------
#: R-23: a task on a Passivo is a parse error (code TASK_ON_PASSIVO).
TASK_ON_PASSIVO_IS_ERROR = True


# --------------------------------------------------------------------------------------------
# R-24 … R-27 — comparisons between heroes, fractions, relative amounts (the seed is silent on all four).
# --------------------------------------------------------------------------------------------
def compare_heroes(mine: int, cmp: str, theirs: list[int], every: bool) -> bool:
    """R-24: a comparison between heroes ("se você tiver menos MANA que o alvo", "sua VIDA for maior que a do
    alvo", "menos cartas no INVENTÁRIO que o alvo") compares the current values (or counts) of both heroes
    **at the moment the requirement is asked**: R-03 and the seed's «Desambiguação» say when (a Se at
    activation only, an Enquanto when the halt window closes and after every resolution and script action, a
    «se …,» of a description when its clause is reached, seed «Na Descrição»). Nothing is remembered from the
    declaration: a response that changes either hero's resource before a description's «se …,» is reached
    changes its answer. The other side "um oponente" holds if it holds against some opponent, "todos os
    oponentes" against every one (``every``), and a set with no hero in it is never compared. "mais" and
    "menos" are strict: equal values are neither.

    >>> compare_heroes(3, "<", [5], False), compare_heroes(5, "<", [5], False)
    (True, False)
    >>> compare_heroes(4, ">", [3, 6], False), compare_heroes(4, ">", [3, 6], True)
    (True, False)
    >>> compare_heroes(4, ">", [], True)
    False
    """
    if not theirs:
        return False
    test = {"<": mine.__lt__, ">": mine.__gt__, "<=": mine.__le__, ">=": mine.__ge__}[cmp]
    return all(map(test, theirs)) if every else any(map(test, theirs))


def heroes_with_most(values: dict[str, int], most: bool) -> list[str]:
    """R-25: "o aliado que tiver menos VIDA", "o inimigo com mais ESTAMINA" names the heroes of that set whose
    current value is the least (most) **when the phrase is read**: a statement's hero when the statement
    resolves (seed «Resolução do Efeito»: in the order written, so an earlier clause's damage counts), a
    state's when it is asked (R-24). Every hero tied for it is named: a plural phrase ("os aliados com menos
    VIDA") takes them all, a singular one is chosen among them by the effect's controller, as "um aliado" is
    (the decision ``choose@…``); a hero alone in its set is the one. An empty set names no one.

    >>> heroes_with_most({"ana": 3, "bia": 7, "caio": 7}, True), heroes_with_most({"ana": 3, "bia": 7}, False)
    (['bia', 'caio'], ['ana'])
    """
    if not values:
        return []
    best = max(values.values()) if most else min(values.values())
    return [h for h, v in values.items() if v == best]


def fraction_of_amount(value: int, part: tuple[int, int] | list[int]) -> int:
    """R-26 (amounts): "metade da sua VIDA", "um terço da MANA do alvo" is that part of the **current** value
    of the resource of the hero the statement acts on ("… máxima": of its maximum), read when the statement
    resolves (seed «Resolução do Efeito»), **rounded down** (resources are whole numbers; "(máx N)" and the
    seed's amounts are all whole): half of 5 is 2, a third of 2 is 0.

    >>> fraction_of_amount(5, (1, 2)), fraction_of_amount(9, (1, 3)), fraction_of_amount(2, (1, 3))
    (2, 3, 0)
    """
    num, den = part
    return (value * num) // den


def fraction_in_state(current: int, cmp: str, maximum: int, part: tuple[int, int] | list[int]) -> bool:
    """R-26 (states): "sua VIDA estiver acima da metade", "você tiver menos da metade da sua VIDA" compare the
    current value with that part of the hero's **maximum** (a value against a part of itself would be always
    or never true), exactly, without rounding: 50 of 100 is not "acima da metade", 51 is; 5 of 11 is
    "abaixo da metade". Asked when R-24 says.

    >>> fraction_in_state(50, ">", 100, (1, 2)), fraction_in_state(51, ">", 100, (1, 2))
    (False, True)
    >>> fraction_in_state(5, "<", 11, (1, 2)), fraction_in_state(5, "<=", 15, (1, 3))
    (True, True)
    """
    num, den = part
    mine, theirs = current * den, maximum * num
    return {
        "<": mine < theirs,
        ">": mine > theirs,
        "<=": mine <= theirs,
        ">=": mine >= theirs,
        "==": mine == theirs,
    }[cmp]


#: R-27: an amount relative to another ("Ele causa 2 de DANO a mais", "compre uma carta a mais", "duas cartas
#: a menos") **changes the action the effect answers** when the effect answers that kind of action before it
#: happens (its Quando … for ser / Antes de trigger names it, R-21): as «Aumente essa cura em 2», seed
#: «antes»: such an effect «pode modificar ou influenciar a ação que ele encadeou». Its hero, if written, is
#: that action's (ele, aquele Herói). Answered after it happened, it is refused (seed «depois»: «não tendo
#: como modificar ou influenciar a ação que ele encadeou»). Where the effect answers no such action, "mais N
#: de DANO" / "mais N de <atributo>" is the gain "+N de …" (seed «máx»: «Você causa +1 de DANO» is DANO
#: extra), and any other relative amount is refused, naming its words (there is nothing it is relative to).
#: ``False`` reads every "mais N de DANO" as the gain, even in a response.
RELATIVE_AMOUNT_CHANGES_ANSWERED_ACTION = True
# R-28 — a Quando that names a state.
# --------------------------------------------------------------------------------------------
#: R-28: a **Quando** whose words name a state, not an event ("Quando não houver aliados adjacentes", "Quando
#: nenhum inimigo estiver adjacente a você"), is that state checked at activation, as a **Se**: seed
#: «Desambiguação» (a Quando is a situation that must occur for the effect to be triggered, and once it is
#: activated the effect applies normally, so it is not checked again, R-03); a state occurs while it holds.
#: It answers no event, so it never lets an Ativar respond (R-12). ``False`` leaves such a Quando unread.
QUANDO_STATE_IS_A_CONDITION = True


# --------------------------------------------------------------------------------------------
# R-29 — a description that opens with a moment.
# --------------------------------------------------------------------------------------------
#: R-29: a description that opens with a moment, «Durante <estado>, <frases>» ("Durante seus testes de AGI,
#: você recebe +2 de AGI", "Durante o seu turno, compre 1 carta"), is the state requirement «Durante
#: <estado>» (R-04: activated only during it, lasting no longer; on a Passivo, R-23: applying only while it
#: holds) with the rest as its description. Seed «Momento de Ativação»: «Em um teste você recebe…»,
#: «Durante o seu turno você pode…» are the examples of an effect applied *during* the action it names.
#: «seus testes de AGI» is the test being made, of that attribute, by you. ``False``: such an opener is
#: read as the description's first words (and refused, naming them).
MOMENT_OPENER_IS_DURANTE = True


# R-30 — a count of heroes.
def heroes_counted(available: int, count: int) -> int:
    """R-30: "Cause 1 de DANO a dois inimigos", "Cure 2 de VIDA de três aliados" act on that many
    **different** heroes of the set, chosen by the effect's controller (seed «Efeito»: the hero who activates
    is «responsável por selecionar alvos»; the decision ``choose@…``, one option per way to pick them). The
    seed says nothing of a set with fewer heroes than the count: then **all there are** (the statement is done
    to as many as it can, as "todos os inimigos" would be), and with none it cannot be done.

    >>> heroes_counted(3, 2), heroes_counted(1, 2), heroes_counted(0, 2)
    (2, 1, 0)
    """
    return min(available, count)


# R-31 — a count of cards with its noun left out.
#: R-31: a count after a card verb with its noun left out, "Compre três cartas e descarte duas", "Revele três
#: cartas do seu BARALHO e bana uma", is a count **of the cards the clause right before acted on**: "duas
#: delas" (the noun left out is that clause's, so are its cards; the effect's controller chooses which, and
#: fewer than that many cuts the description, seed «Na Descrição»). The seed never leaves a noun out; another
#: reading, "any two of your cards", is not taken. With no clause before acting on cards it is refused.
#: ``False``: refused, naming the count ("write 'duas delas' or 'duas cartas'").
ELIDED_COUNT_IS_OF_THE_CARDS_BEFORE = True


# every card of one hero of a set.
#: R-32: a statement on every card of a zone or of a kind whose owner is **one** hero of a set, «Revele
#: o INVENTÁRIO de um oponente», «Olhe o BARALHO de um aliado», «Descarte todas as HABILIDADES de outro
#: Herói», or on several cards of one («Descarte duas cartas de um inimigo», «Um oponente descarta duas
#: cartas»), acts on the cards of **one** such hero, chosen by the effect's controller when it resolves (seed
#: «Efeito»: the hero who activates is «responsável por selecionar alvos»), exactly as R-30 chooses the heroes
#: of a count: never every such hero's cards («de cada oponente», «dos oponentes»), never cards of two heroes.
#: With no such hero it cannot be done. The owner is written ``one_<set>`` (:data:`ONE_HERO_OWNERS`). The
#: seed has no such text. ``False``: refused, naming the word and where it is ("select the hero first").
ONE_HERO_OWNS_EVERY_CARD_IS_CHOSEN = True
#: R-32: the owner of every card of one hero of a set (``one_opponent``) and that set (``opponent``).
ONE_HERO_OWNERS: dict[str, str] = {
    "one_opponent": "opponent",
    "one_ally": "ally",
    "one_any": "any",
    "one_other": "other",  # «de outro Herói»
}


# pointing back at a hero the clause before chose.
#: R-33: a pronoun or a demonstrative pointing back at a hero (``ele``, ``ela``, ``esse oponente``) right
#: after a clause that acts on **one** hero of a set chosen when it resolves («Cause 2 de DANO a um oponente
#: e ele descarta 1 carta», «Cure 3 de VIDA de um aliado. Depois, ele compra 1 carta»), and a verb sharing
#: such a subject («Um oponente perde 2 de VIDA e compra 1 carta», «Dois oponentes perdem 2 de VIDA e compram
#: 1 carta»), mean **the same** hero(es) that clause acted on (``target: {who: previous}``), not a second
#: choice. Seed «Resolução do Efeito»: the description is applied in the order written, so the hero an
#: earlier clause acted on is already chosen when a later one points back; seed «Efeito»: the effect leaves
#: no doubt how it applies, and a second choice could pick another hero than the words name. Only the clause
#: right before: after a clause acting on another hero or on cards, the pointer is refused (which hero is
#: never guessed). The seed has no such text. ``False``: such a pronoun is refused ("names no hero before
#: it") and a shared subject is chosen again for each verb. The heroes of a count or every hero of a set
#: («dois inimigos», «todos os oponentes») are pointed back at as several («eles», «cada um deles»): a pointer
#: of the other number is refused (which of them is never guessed).
POINTING_BACK_AT_A_CHOSEN_HERO = True
#: R-33: the hero sets whose one hero, chosen when the clause resolves, a later clause may point back at.
CHOSEN_HERO_SETS: frozenset[str] = frozenset({*CHOICE_SETS, "name"})


def ruling_ids() -> dict[str, Any]:
    """Index of the named places above, by ruling id (for docs and tests). Rulings without an entry
    are structural: the engine applies them where its code says so (R-02 resolution is atomic,
    R-06 regathering, R-11 Encerra Turno, R-14 Auto must activate, R-16 the card stays, R-22 an Auto
    whose card left its scope, the continuous check of R-23)."""
    return {
        "R-01": KEYWORDS,
        "R-03": (
            recheck_at_halt_exit,
            ENQUANTO_ENDS_LASTING_EFFECT,
            ENQUANTO_RECHECKED_AFTER,
            SELECTED_NEAR_RECHECKED_AT_HALT_EXIT,
        ),
        "R-05": priority_category,
        "R-07": priority_category,
        "R-08": negation_applies,
        "R-09": (STOPPED_USES_ONCE_LIMITS, STOPPED_COUNTS_AS_ACTION),
        "R-10": IRRESPONDIVEL_CLOSES,
        "R-12": may_activate_ativar,
        "R-13": scope_allows,
        "R-15": may_pay_card_cost,
        "R-17": (REQUIREMENT_ORDER, REQUIREMENT_ORDER_IS_ERROR),
        "R-18": REGISTER_MARK,
        "R-19": lasting_effect_ends_with_card,
        "R-20": (cycle_order, RESTORATION_STARTS_NEXT_CYCLE),
        "R-21": moment_of,
        "R-23": TASK_ON_PASSIVO_IS_ERROR,
        "R-24": compare_heroes,
        "R-25": heroes_with_most,
        "R-26": (fraction_of_amount, fraction_in_state),
        "R-27": RELATIVE_AMOUNT_CHANGES_ANSWERED_ACTION,
        "R-28": QUANDO_STATE_IS_A_CONDITION,
        "R-29": MOMENT_OPENER_IS_DURANTE,
        "R-30": heroes_counted,
        "R-31": ELIDED_COUNT_IS_OF_THE_CARDS_BEFORE,
        "R-32": (ONE_HERO_OWNS_EVERY_CARD_IS_CHOSEN, ONE_HERO_OWNERS),
        "R-33": (POINTING_BACK_AT_A_CHOSEN_HERO, CHOSEN_HERO_SETS),
    }
