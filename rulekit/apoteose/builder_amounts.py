"""The builder's statements for amounts that are not numbers (LANGUAGE.md §3): a fraction of a hero's resource
("Cure metade da sua VIDA", R-26) and an amount relative to another ("Ele causa 2 de DANO a mais", "compre uma
carta a mais", R-27). :class:`Build` is :class:`~rulekit.apoteose.builder._Build` with these statements; the
description reader (:mod:`rulekit.apoteose.grammar`) reads with it.
"""

from __future__ import annotations

from typing import Any

from rulekit.apoteose import rulings as R
from rulekit.apoteose.builder import HERO_TREES, Stmt, _Build, _low
from rulekit.apoteose.reading import fraction
from rulekit.apoteose.words import _POSSESSIVES, fold
from rulekit.phrase import N_, Phrase

__all__ = ["Build"]


class Build(_Build):
    """Tree -> statement dict, with the statements of fractions and relative amounts."""

    _PART_OPS = {"HEALV": "heal", "RECOVERV": "recover", "LOSEV": "lose", "CONSUMEV": "consume"}

    def per(self, n: Any, times: int) -> dict[str, Any]:
        """ "para cada EVOCAÇÃO no seu SUPORTE (máx 5)": ``{"per": {"zone", "who", "type"}, "times", "max"}``,
        ``times`` times the cards of that type in that zone of the effect's hero, counted when the statement
        runs (seed «máx» example: «+1 de DANO para cada carta no seu INVENTÁRIO (máx 5)», one times the cards
        in your hand; ``matching.amount``). Whose cards other than yours ("de um oponente": which one's?)
        is refused naming it, never counted in your zone."""
        z = self.sub(n, "zone")
        per: dict[str, Any] = {"zone": self.zone(z) if z is not None else "INVENTÁRIO", "who": "self"}
        tok = self.sub(n, "cardnoun").children[0]
        if tok.type != "CARDWORD":
            per["type"] = self.card_type(tok)
        owner = self.sub(n, "of_hero") or self.sub(n, "of_team")
        if owner is not None and self.owner(owner) != "self":
            self.fail(
                owner,
                Phrase(
                    N_("'{phrase}': only your own cards are counted (para cada carta no seu INVENTÁRIO)"),
                    phrase=self.span(owner),
                ),
            )
        amount: dict[str, Any] = {"per": per, "times": times}
        mx = self.sub(n, "max")
        if mx is not None:
            amount["max"] = int(self.tok(mx, "INT"))
        return amount

    def s_percard(self, n: Any) -> Stmt:
        self.only_you(n, "Você causa +1 de DANO para cada …")
        amount = self.per(self.sub(n, "per"), int(self.tok(n, "SIGNED")))
        return {"op": "gain", "attribute": "DANO", "amount": amount, "target": {"who": "self"}}

    def s_draw(self, n: Any) -> Stmt:
        """ "Compre 2 cartas"; "Compre uma carta para cada EVOCAÇÃO no seu SUPORTE": that many times the
        cards counted (:meth:`per`)."""
        return self._per_each(n, super().s_draw(n), "count")

    def s_heal(self, n: Any) -> Stmt:
        """ "Cure 2 de VIDA de um aliado para cada EVOCAÇÃO no seu SUPORTE": that many times your cards."""
        return self._per_each(n, super().s_heal(n))

    def s_recover(self, n: Any) -> Stmt:
        return self._per_each(n, super().s_recover(n))

    def s_damage(self, n: Any) -> Stmt:
        return self._per_each(n, super().s_damage(n))

    def s_lose(self, n: Any) -> Stmt:
        return self._per_each(n, super().s_lose(n))

    def _per_each(self, n: Any, out: Stmt, key: str = "amount") -> Stmt:
        """A statement's number ``key`` times the cards counted by its "para cada …" (:meth:`per`); the cards
        are yours, so a subject other than you ("Um aliado compra … no seu SUPORTE": whose SUPORTE?), or an
        amount that is not a number, is refused naming it."""
        per = self.sub(n, "per")
        if per is None:
            return out
        first = n.children[0]  # the subject, when the clause has one (else the one it shares, else you)
        explicit = getattr(first, "data", None) in HERO_TREES
        who = self.hero(first) if explicit else self.shared_subject()
        several = self.sub(n, "more_amounts") is not None  # "Perca 1 de VIDA e 1 de MANA para cada …": which?
        if several or not isinstance(out.get(key), int) or who != {"who": "self"}:
            self.fail(
                per,
                Phrase(
                    N_("'{phrase}' counts your own cards, for one number done by you or to a hero you name"),
                    phrase=self.span(per),
                ),
            )
        return {**out, key: self.per(per, int(out[key]))}

    def s_part_stmt(self, n: Any) -> Stmt:
        """ "Cure metade da sua VIDA", "Perca um terço da MANA", "Recupere metade da sua MANA máxima": the
        amount is that fraction of the resource of the hero the statement acts on, read when it resolves
        (``rulings.fraction_of_amount``, R-26: current value unless "máxima", rounded down)."""
        verb = next(t for t in self.toks(n) if t.type in self._PART_OPS)
        op = self._PART_OPS[verb.type]
        part = self.sub(n, "part")
        resource = self.resource(part)
        if op == "heal" and resource != "VIDA":
            self.fail(part, Phrase(N_("'{phrase}': Cure heals VIDA; write Recupere"), phrase=self.span(part)))
        words, _ = self.dets(part)
        target = self.target(n)
        if any(w in _POSSESSIVES for w in words) and target.get("who") != "self" and self.heroes_in(n):
            subject = self.heroes_in(n)[0]
            if subject.meta.start_pos > part.meta.start_pos:  # "metade da sua VIDA do alvo": whose, twice
                self.fail(part, Phrase(N_("'{phrase}' says whose twice"), phrase=self.span(n)))
        if op == "consume" and target != {"who": "self"}:
            self.fail(n, Phrase(N_("'{phrase}': Consuma pays from your own resources"), phrase=self.span(n)))
        num, den = fraction(_low(self.tok(part, "FRACTION")))
        amount: dict[str, Any] = {"part": [num, den], "of": resource}
        if self.tok(part, "MAXIMA") is not None:
            amount["of_max"] = True
        out: Stmt = {"op": op, "amount": amount, "resource": resource, "target": target}
        if op == "consume":
            out["target"] = {"who": "self"}
        return out

    #: The action a relative amount's verb names (the kind of game event it is, too).
    _RELATIVE_ACTIONS = {"HEALV": "heal", "RECOVERV": "recover", "LOSEV": "lose", "DAMAGEV": "damage"}

    def _relative_subject(self, n: Any, action: str) -> None:
        """A relative amount that changes the action answered: its hero, if written, is that action's hero
        ("Ele compra duas cartas a menos", "aquele aliado causa 2 de DANO a mais"), never another."""
        for h in self.heroes_in(n):
            who = self.hero(h).get("who")
            if who not in ("that", "answered"):
                self.fail(
                    h,
                    Phrase(
                        N_(
                            "'{phrase}': a relative amount changes the action this effect answers; its hero "
                            "is that action's (ele, aquele Herói)"
                        ),
                        phrase=self.span(h),
                    ),
                )

    def _answers(self, n: Any, action: str) -> bool:
        """Does this effect answer that kind of action before it happens (R-27: a relative amount then changes
        it)? One answered after it happened cannot be changed (seed «depois»: «não tendo como modificar ou
        influenciar a ação que ele encadeou»): refused, naming the words."""
        if not R.RELATIVE_AMOUNT_CHANGES_ANSWERED_ACTION or action not in self.refs.events:
            return False
        if action not in self.refs.before:
            self.fail(
                n,
                Phrase(
                    N_(
                        "'{phrase}' would change an action this effect answers after it happened (seed "
                        "«depois»: it can no longer change it); answer it before it happens (Quando … for "
                        "ser …)"
                    ),
                    phrase=self.span(n),
                ),
            )
        return True

    def s_relative_amount(self, n: Any) -> Stmt:
        """ "Você causa mais 3 de DANO", "Ele causa 2 de DANO a mais", "Cure 2 de VIDA a mais", "Você recebe
        mais 1 de AGI" (``rulings.RELATIVE_AMOUNT_CHANGES_ANSWERED_ACTION``, R-27): in an effect that answers
        that action, a change of it (as "Aumente essa cura em 2", seed «antes»: it «pode modificar ou
        influenciar a ação que ele encadeou»); otherwise "mais N de DANO" / "mais N de <atributo>" is the gain
        "+N de …" (seed «máx»: «+1 de DANO» is DANO extra); any other is refused, naming it."""
        verb = next(t for t in self.toks(n) if t.type in (*self._RELATIVE_ACTIONS, "GAINV"))
        sign = 1 if "mais" in _low(self.tok(n, "MOREWORD") or self.tok(n, "AMORE")) else -1
        value = self.amount(self.sub(n, "amount"))
        named = self.tok(n, "NAME") or self.tok(n, "RESOURCE") or self.tok(n, "VIDA")
        name = self.orig(named).upper() if named is not None else "DANO"
        if not isinstance(value, int):
            return dict(
                self.fail(n, Phrase(N_("'{phrase}': a relative amount is a number"), phrase=self.span(n)))
            )
        action = self._RELATIVE_ACTIONS.get(verb.type)
        word = fold(name)
        fits = {
            "heal": word in ("VIDA", "HP"),
            "damage": word == "DANO",
            "recover": word in ("VIDA", "HP", "MANA", "ESTAMINA"),
            "lose": word in ("VIDA", "HP", "MANA", "ESTAMINA"),
        }
        if action is not None and not fits[action]:
            return dict(
                self.fail(n, Phrase(N_("'{phrase}' names no amount of that action"), phrase=self.span(n)))
            )
        if action is not None and self._answers(n, action):
            self._relative_subject(n, action)
            return {"op": "modify", "action": action, "delta": sign * value}
        if action in (None, "damage") and word not in ("VIDA", "HP", "MANA", "ESTAMINA"):
            return {"op": "gain", "attribute": name, "amount": sign * value, "target": self.target(n)}
        return self._not_answered(n)

    def _not_answered(self, n: Any) -> Stmt:
        """A relative amount with no action of its kind answered (R-27): refused, naming its words."""
        return dict(
            self.fail(
                n,
                Phrase(
                    N_(
                        "'{phrase}' changes an action this effect does not answer: in a response to it, "
                        "write it so (Quando … for …), or say the whole amount"
                    ),
                    phrase=self.span(n),
                ),
            )
        )

    def s_relative_draw(self, n: Any) -> Stmt:
        """ "Ele compra duas cartas a menos", "compre uma carta a mais": the draw this effect answers, changed
        (``rulings.RELATIVE_AMOUNT_CHANGES_ANSWERED_ACTION``, R-27); without a draw answered, refused."""
        sign = 1 if "mais" in _low(self.tok(n, "AMORE")) else -1
        count = self.count(self.sub(n, "count"))
        if not self._answers(n, "draw"):
            return self._not_answered(n)
        self._relative_subject(n, "draw")
        return {"op": "modify", "action": "draw", "delta": sign * count}
