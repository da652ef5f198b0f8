"""Every ruling is a named definition in ``rulings.py`` read by the code that applies it.
Flipping one changes the behaviour (and nothing else has to be edited)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from helpers import card, hero, run

from rulekit.apoteose import rulings as R
from rulekit.apoteose.text import parse_effect
from rulekit.errors import EffectTextError

PKG = Path(R.__file__).parent


def _stopped_then_acao_inicial() -> list:
    heroes = [
        hero("ana", "azul", 5, INVENTARIO=["chamado", "grito"]),
        hero("bruno", "vermelho", 3, MESA=["exilio"]),
    ]
    cards = [
        card(
            "chamado",
            "ana",
            "Ativar【 Consuma 1 de MANA; Enquanto houverem COMPANHEIRO no tabuleiro 】 Cure 20 de VIDA.",
        ),
        card("grito", "ana", "Ativar · Ação Inicial Cure 5 de VIDA."),
        card("lobo", "ana", types=("COMPANHEIRO",), companion_of="ana"),
        card(
            "exilio",
            "bruno",
            "Ativar【 Quando um oponente ativar uma carta 】 Bane um COMPANHEIRO do tabuleiro.",
        ),
    ]
    return [
        heroes,
        cards,
        [{"activate": "chamado"}, {"activate": "grito"}],
        [{"window": "halt@0", "respond": {"hero": "bruno", "card": "exilio"}}],
    ]


def test_r09_stopped_counts_as_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-09: a stopped activation counts as an action for Ação Inicial; flipped, it does not."""
    heroes, cards, script, decisions = _stopped_then_acao_inicial()
    t = run(heroes, cards, script, decisions, zones={"TABULEIRO": ["lobo"]})
    assert t.of("stopped") and [e.detail["code"] for e in t.of("refused")] == ["ACAO_INICIAL"]
    monkeypatch.setattr(R, "STOPPED_COUNTS_AS_ACTION", False)
    t = run(heroes, cards, script, decisions, zones={"TABULEIRO": ["lobo"]})
    assert t.of("stopped") and not t.of("refused") and t.resolution_order[-1] == "grito"


def test_r17_requirement_order_warning_or_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-17: out-of-order requirements are a warning; flipped, an error."""
    text = "Ativar【 Se você tiver uma EVOCAÇÃO no SUPORTE; Descarte uma carta 】 Cure 5 de VIDA."
    assert [w.code for w in parse_effect(text).warnings] == ["REQUIREMENT_ORDER"]
    monkeypatch.setattr(R, "REQUIREMENT_ORDER_IS_ERROR", True)
    with pytest.raises(EffectTextError) as exc:
        parse_effect(text)
    assert exc.value.code == "REQUIREMENT_ORDER"


def test_r20_restoration_belongs_to_the_next_cycle(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-20: the restoration phase already belongs to the next cycle; flipped, to the one that ended."""
    heroes = [hero("ana", "azul", 5), hero("bruno", "vermelho", 3)]
    script = [{"end_turn": True}, {"end_turn": True}]
    assert [e.detail["cycle"] for e in run(heroes, [], script).of("restoration")] == [2]
    monkeypatch.setattr(R, "RESTORATION_STARTS_NEXT_CYCLE", False)
    t = run(heroes, [], script)
    assert [e.detail["cycle"] for e in t.of("restoration")] == [1]
    assert [e.detail["cycle"] for e in t.events if e.event == "turn"][-1] == 2


def test_r10_irrespondivel_closes_both_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-10: Irrespondível closes halt and post; flipped to halt only, an Auto answers in post."""
    args = (
        [hero("ana", "azul", 5, INVENTARIO=["p"]), hero("bruno", "vermelho", 3, MESA=["a"])],
        [
            card("p", "ana", "Ativar · Irrespondível Cure 10 de VIDA."),
            card("a", "bruno", "Auto【 Depois de uma carta ser resolvida 】 Cure 1 de VIDA."),
        ],
        [{"activate": "p"}],
    )
    assert run(*args).resolution_order == ("p",)
    monkeypatch.setattr(R, "IRRESPONDIVEL_CLOSES", frozenset({"halt"}))
    assert run(*args).resolution_order == ("p", "a")


def test_r18_registrar_sets_the_named_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-18: Registrar sets exactly the mark named in rulings.py."""
    args = (
        [hero("ana", "azul", 5, MESA=["q"]), hero("bruno", "vermelho", 3)],
        [card("q", "ana", "Ativar · Registrar Cure 1 de VIDA.")],
        [{"activate": "q"}],
    )
    assert run(*args).cards["q"]["registered"] is True
    monkeypatch.setattr(R, "REGISTER_MARK", "revealed")
    t = run(*args)
    assert t.cards["q"]["registered"] is False and t.cards["q"]["revealed"] is True


def test_every_ruling_definition_is_read_by_engine_code() -> None:
    """No definition in rulings.py is read by nothing."""
    names = [
        n
        for n, v in vars(R).items()
        if not n.startswith("_")
        and getattr(v, "__module__", R.__name__) in (R.__name__, None)
        and n not in ("annotations", "re", "unicodedata", "Any", "ruling_ids")
        and not inspect.ismodule(v)
    ]
    own = (PKG / "rulings.py").read_text(encoding="utf-8")
    others = "\n".join(p.read_text(encoding="utf-8") for p in PKG.glob("*.py") if p.name != "rulings.py")
    unread = []
    for n in names:
        used_elsewhere = re.search(rf"\b{n}\b", others)
        used_inside = len(re.findall(rf"\b{n}\b", own.split("def ruling_ids")[0])) > 1
        if not (used_elsewhere or used_inside):
            unread.append(n)
    assert unread == []


def test_every_statement_op_has_one_handler_and_one_schema() -> None:
    """One handler per statement class (handlers.HANDLERS); the structured form's schema is the
    statement dataclasses' fields."""
    from rulekit.apoteose.bodycheck import STATEMENT_FIELDS
    from rulekit.apoteose.handlers import HANDLERS
    from rulekit.apoteose.statements import BY_OP

    assert set(HANDLERS) == set(BY_OP.values())
    assert set(STATEMENT_FIELDS) == set(BY_OP)
    assert all(h.__doc__ for h in HANDLERS.values())
