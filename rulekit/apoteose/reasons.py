"""Why something was refused, stopped, cut short or ended: codes, parameters and their English words.

The engine never writes a sentence into the trace. It records a *reason*: a stable ``code`` and a
small mapping of ``params`` (card and hero ids, keyword names, numbers, requirement texts quoted
from the card). This module is the catalogue of those codes with their English wording, the source
text a translation starts from. Views (:func:`rulekit.views.chain.reason_text`) turn a reason into
words; nothing here is called by engine code to decide anything.

A code with several wordings selects one with ``params["case"]``.

>>> render("ONCE_PER_CYCLE", {"cycle": 2})
'Uma Vez por Ciclo: already activated in cycle 2 (R-20)'
>>> render("PREVISAO", {"case": "unmet", "requirement": "Descarte uma carta"})
"Previsão: 'Descarte uma carta' cannot be met"
>>> render("NO_SUCH_CODE", {"x": 1})
'NO_SUCH_CODE (x=1)'
"""

from __future__ import annotations

from typing import Any

#: code (or ``code/case``) -> English wording with ``{param}`` fields.
REASONS: dict[str, str] = {
    # -- refusals: before anything is paid (seed «Ativação», «Limite», «Escopo», «Previsão»)
    "PASSIVO": "a Passivo effect is never activated (seed «Passivo»)",
    "LIMBO": "cards in limbo do not exist (seed «Qualquer Lugar»)",
    "SCOPE": "not activable from {zone} (scope {scopes}, R-13)",
    "TURNO_PROPRIO": "Turno Próprio: only during its own turn (seed «Limite»)",
    "ONCE_PER_CYCLE": "Uma Vez por Ciclo: already activated in cycle {cycle} (R-20)",
    "ONCE_PER_BATTLE": "Uma Vez por Batalha: already activated in battle {battle}",
    "ACAO_INICIAL": "Ação Inicial: the hero already acted this turn (R-09)",
    "DO_TIME_TEAM": "Do Time: {hero} (team {team}) is not on the team of {holder} (team {holder_team}), "
                    "who holds {card}",
    "DO_TIME": "Do Time: a teammate activates it only on their own turn",
    "NOT_OWN_CARD": "{hero} does not control {card}: each character activates only their own cards "
                    "(seed «Efeito»)",
    "NO_EVENT": "an Auto effect activates only when its moment happens",
    "NO_TRIGGER": "its Quando is not met by anything in this window",
    "NOT_OWN_TURN": "Ativar: only on the hero's own turn (seed «Ativação», R-12)",
    "NOT_OWN_TURN/response": "Ativar outside its own turn needs a Quando (R-12)",
    "NEEDS_EVENT": "it has a Quando requirement: it can only answer that event",
    "NEEDS_MOMENT": "it activates at {timings} only",
    "NO_QUANDO": "a response must answer an event: this Ativar has no Quando (R-12)",
    "PREVISAO/unmet": "Previsão: '{requirement}' cannot be met",
    "PREVISAO/broken": "Previsão: '{requirement}' does not hold",
    "PREVISAO/together": "Previsão: the requirements cannot be met together — every way to pay breaks "
                         "another one ({requirements})",
    "UNREADABLE": "{effect} is not run: its text cannot be read at position {position} ('{word}'); the "
                  "scenario loader warned about it",
    "IRRESPONDIVEL": "Irrespondível: no effect can be activated in response to {effect} (R-10)",
    "NOT_LEGAL_HERE": "not a legal response in this window",
    "REQUIREMENTS_BEING_PAID": "nenhuma resposta pode ser dada: the requirements of {effect} are being paid "
                               "(seed «Encadeamento de Resposta»)",
    "RESOLUTION_IS_ATOMIC": "a resolução deve ser cumprida integralmente: {effect} is resolving and nothing "
                            "can be activated (seed, R-02)",
    # -- stopped and truncated (seed «Na Descrição»)
    "STATE_BROKEN": "'{requirement}' no longer holds",
    "BROKE_DURING_RESOLUTION": "'{requirement}' broke during resolution",
    "CARD_UNAVAILABLE": "card {card} is not available",
    "NO_HOLDER": "card {card} has no hero to hold it in {zone}",
    "NO_HERO": "no hero for {who}",
    "NOT_ENOUGH_RESOURCE": "not enough {resource} to consume {amount}",
    "NOBODY_TO_DRAW": "nobody to draw",
    "NOT_ENOUGH_CARDS": "not enough cards to draw {count}",
    "NOTHING_TO_ATTACH": "nothing to attach to",
    "ALREADY_CONSUMED": "{card} is already consumed",
    "NOTHING_TO_SELECT": "nothing to select",
    "NOTHING_TO_NEGATE": "nothing to negate",
    "NO_ACTION_TO_MODIFY": "no action to modify",
    "CANNOT_RUN": "statement '{op}' cannot run",
    "NO_LEGAL_CHOICE": "no legal choice for {op}",
    "NO_CARD_CHOSEN": "no card chosen",
    "NO_CARD": "no card for '{card}'",
    "NOT_A_HERO": "'{hero}' is not a hero",
    "NO_RESOURCE": "hero '{hero}' has no {resource}",
    "CANNOT_EVALUATE": "cannot evaluate condition {cond}",
    "BAD_AMOUNT": "bad amount {amount}",
    # -- a lasting effect ends
    "TIME_CAME": "{when}",
    "CARD_LEFT_PLAY": "card left play (R-19)",
    "STATE_ENDED": "Enquanto/Durante/Até no longer holds (R-03, R-04)",
}


def render(code: str, params: dict[str, Any] | None = None) -> str:
    """The English words of a reason (``code`` + ``params``); an unknown code is shown as itself."""
    params = dict(params or {})
    key = f"{code}/{params['case']}" if "case" in params else code
    template = REASONS.get(key)
    if template is None:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(params.items()))
        return f"{code} ({shown})" if shown else code
    return template.format(**params)
