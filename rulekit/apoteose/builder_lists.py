"""The builder's lists (LANGUAGE.md §3): one verb, several amounts ("Consuma 4 de ESTAMINA e 1 de MANA") or
several heroes ("Cure 5 de VIDA em você e em cada aliado adjacente", "Você e seus aliados recuperam 1 de
ESTAMINA"): the statement once per item, in the order written, the first in the statement and the others in
its ``_also`` (:func:`rulekit.apoteose.lang.parse_statements`). Each function takes the builder
(:class:`rulekit.apoteose.builder._Build`) and the statement's tree.
"""

from __future__ import annotations

from typing import Any

from rulekit.apoteose.words import RESOURCES
from rulekit.phrase import N_, Phrase

Stmt = dict[str, Any]

#: The most lists a statement takes: one, of heroes or of amounts
ONE_LIST = N_("'{phrase}': one list in a statement, of heroes or of amounts")
#: A list of heroes as the subject of a verb whose statement acts on some other hero or on cards
SUBJECT_LIST = N_(
    "'{phrase}': a list of heroes as the subject of a verb that acts on another hero or on cards"
)
#: ``Refs.last_hero`` after a clause that acts on several heroes (a pronoun after it is refused), and
#: ``Refs.subject`` after one whose subject lists them (a verb sharing it is refused)
LISTED = "listed"
#: "você ou um aliado" is one hero of your team, chosen (``who: team``); another alternative is not read.
EITHER = N_("'{phrase}': only 'você ou um aliado' is read")
#: A pronoun pointing back at a hero after a clause that acts on several ("Cure 5 de VIDA em você e em um
#: aliado. Ele compra 1 carta")
AFTER_A_LIST = N_(
    "'{phrase}' points back at a hero, and the clause before acts on several: which is never guessed"
)
#: A verb in the third person with no subject after a clause whose subject lists several heroes
SHARES_A_LIST = N_("'{phrase}': its subject would be a list of heroes before it; write it again")


def more_amounts(b: Any, n: Any, stmt: Stmt) -> Stmt:
    """ "Consuma 4 de ESTAMINA e 1 de MANA": the statement once per amount, in the order written."""
    more = b.sub(n, "more_amounts")
    if more is None:
        return stmt
    amounts = [b.amount(a) for a in b.subs(more) if a.data == "amount"]
    resources = [RESOURCES[str(t).lower()] for t in b.toks(more) if t.type == "RESOURCE"]
    stmt["_also"] = [{**stmt, "amount": a, "resource": r} for a, r in zip(amounts, resources, strict=True)]
    return stmt


def more_heroes(b: Any, n: Any, stmt: Stmt) -> None:
    """ "Cure 5 de VIDA em você e em cada aliado adjacente", "Você e seus aliados recuperam 1 de ESTAMINA":
    the whole statement once per hero, in the order written. A list as the subject is read only when the
    statement acts on the subject ("Você e o alvo perdem 2 de MANA"); before a verb that acts on another
    hero or on cards ("Você e seus aliados causam 1 de DANO a um oponente") which hero does what is never
    guessed."""
    more = b.sub(n, "more_heroes")
    if more is None:
        return
    heroes = b.heroes_in(n)
    verb = next((i for i, c in enumerate(n.children) if _is_verb(getattr(c, "type", ""))), None)
    as_subject = verb is not None and n.children.index(more) < verb
    if as_subject and (len(heroes) != 1 or not isinstance(stmt.get("target"), dict)):
        b.fail(more, Phrase(SUBJECT_LIST, phrase=b.span(more)))
    if "_also" in stmt or not isinstance(stmt.get("target"), dict):
        b.fail(more, Phrase(ONE_LIST, phrase=b.span(more)))
    stmt["_also"] = [{**stmt, "target": b.hero(h, counted_ok=True)} for h in b.heroes_in(more)]


def _is_verb(kind: str) -> bool:
    """Whether a token of a statement's tree is its verb (grammar.lark: HEALV, DAMAGEV…, CARDVERB, CLITIC)."""
    return kind.endswith(("V", "VERB")) or kind == "CLITIC"
