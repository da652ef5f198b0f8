"""Statements read as sentences in the views ("heal 5 VIDA", "cura 5 de VIDA"), in English, Brazilian
Portuguese and Spanish: one per statement kind, a readable fallback for what the view does not know, and
plain text that HTML escapes."""

from __future__ import annotations

import re

import pytest

from rulekit.apoteose import statements as S
from rulekit.apoteose import wording as W
from rulekit.i18n import complete_languages
from rulekit.views import chain as V

#: Every statement kind: the runnable ones and the reader's "unknown" clause.
KINDS = [*S.BY_OP.values(), S.Unknown]
_STEP = {"op": "step", "text": "Mova-se para uma casa adjacente"}

#: op -> (the statement's data, its sentence in en, pt-BR, es). A new kind needs a row here.
SAMPLES: dict[str, tuple[dict, str, str, str]] = {
    "heal": (
        {"op": "heal", "amount": 10, "resource": "VIDA", "target": {"who": "ally"}},
        "heal an ally for 10 VIDA",
        "cura 10 de VIDA de um aliado",
        "cura 10 de VIDA a un aliado",
    ),
    "recover": (
        {"op": "recover", "amount": 2, "resource": "MANA", "target": {"who": "self"}},
        "recover 2 MANA",
        "recupera 2 de MANA",
        "recupera 2 de MANA",
    ),
    "consume": (
        {"op": "consume", "amount": 2, "resource": "ESTAMINA", "target": {"who": "self"}},
        "consume 2 ESTAMINA",
        "consome 2 de ESTAMINA",
        "consume 2 de ESTAMINA",
    ),
    "damage": (
        {"op": "damage", "amount": 3, "resource": "VIDA", "target": {"who": "selected"}},
        "deal 3 DANO to the target",
        "causa 3 de DANO ao alvo",
        "causa 3 de DANO al objetivo",
    ),
    "lose": (
        {"op": "lose", "amount": 1, "resource": "ESTAMINA", "target": {"who": "opponent", "all": True}},
        "every opponent loses 1 ESTAMINA",
        "cada oponente perde 1 de ESTAMINA",
        "cada oponente pierde 1 de ESTAMINA",
    ),
    "attack": (
        {"op": "attack", "amount": 5, "target": {"who": "name", "name": "bruno"}},
        "attack bruno (5 DANO)",
        "ataca bruno (5 de DANO)",
        "ataca a bruno (5 de DANO)",
    ),
    "test": (
        {"op": "test", "attribute": "AGI"},
        "make a test of AGI",
        "faz um teste de AGI",
        "hace una prueba de AGI",
    ),
    "draw": (
        {"op": "draw", "count": 2, "target": {"who": "self"}},
        "draw 2 cards",
        "compra 2 cartas",
        "roba 2 cartas",
    ),
    "discard": (
        {"op": "discard", "card": "choose", "count": 1, "type": "HABILIDADE", "owner": "opponent"},
        "discard 1 HABILIDADE of an opponent",
        "descarta 1 HABILIDADE de um oponente",
        "descarta 1 HABILIDADE de un oponente",
    ),
    "bury": (
        {"op": "bury", "card": "choose", "count": 1, "zone": "INVENTÁRIO"},
        "bury 1 card from the INVENTÁRIO",
        "enterra 1 carta do INVENTÁRIO",
        "entierra 1 carta del INVENTÁRIO",
    ),
    "banish": (
        {"op": "banish", "card": "choose", "count": 1, "type": "COMPANHEIRO", "zone": "TABULEIRO"},
        "banish 1 COMPANHEIRO from the TABULEIRO",
        "bane 1 COMPANHEIRO do TABULEIRO",
        "destierra 1 COMPANHEIRO del TABULEIRO",
    ),
    "return": (
        {"op": "return", "card": "choose", "count": 1, "zone": "DESCARTE"},
        "return 1 card from the DESCARTE to the INVENTÁRIO",
        "devolve 1 carta do DESCARTE ao INVENTÁRIO",
        "devuelve 1 carta del DESCARTE al INVENTÁRIO",
    ),
    "exhaust": (
        {"op": "exhaust", "card": "self"},
        "exhaust this card",
        "consome esta carta",
        "consume esta carta",
    ),
    "ready": (
        {"op": "ready", "card": "self"},
        "ready this card",
        "recupera esta carta",
        "recupera esta carta",
    ),
    "reveal": (
        {"op": "reveal", "card": "all", "zone": "INVENTÁRIO"},
        "reveal every card from the INVENTÁRIO",
        "revela todas as cartas do INVENTÁRIO",
        "revela todas las cartas del INVENTÁRIO",
    ),
    "hide": ({"op": "hide", "card": "answered"}, "hide that card", "oculta essa carta", "oculta esa carta"),
    "register": (
        {"op": "register", "card": "self"},
        "register this card",
        "registra esta carta",
        "registra esta carta",
    ),
    "look": (
        {"op": "look", "card": "choose", "count": 2, "zone": "BARALHO"},
        "look at 2 cards from the BARALHO",
        "olha 2 cartas do BARALHO",
        "mira 2 cartas del BARALHO",
    ),
    "move": (
        {"op": "move", "card": "choose", "count": 1, "zone": "INVENTÁRIO", "dest": "MESA"},
        "move 1 card from the INVENTÁRIO to the MESA",
        "move 1 carta do INVENTÁRIO para a MESA",
        "mueve 1 carta del INVENTÁRIO a la MESA",
    ),
    "attach": (
        {"op": "attach", "card": "choose", "count": 1, "zone": "INVENTÁRIO", "to": {"card": "self"}},
        "attach 1 card from the INVENTÁRIO to this card",
        "anexa 1 carta do INVENTÁRIO a esta carta",
        "anexa 1 carta del INVENTÁRIO a esta carta",
    ),
    "select": (
        {"op": "select", "count": 2, "what": "hero", "who": "opponent"},
        "select 2 opponents",
        "seleciona 2 oponentes",
        "selecciona 2 oponentes",
    ),
    "roll": ({"op": "roll", "count": 1}, "roll 1 die", "rola 1 dado", "tira 1 dado"),
    "step": (
        _STEP,
        "move: Mova-se para uma casa adjacente",
        "move-se: Mova-se para uma casa adjacente",
        "se mueve: Mova-se para uma casa adjacente",
    ),
    "negate": ({"op": "negate"}, "negate the activation", "nega a ativação", "niega la activación"),
    "modify": (
        {"op": "modify", "action": "heal", "delta": 5},
        "increase that healing by 5",
        "aumenta essa cura em 5",
        "aumenta esa curación en 5",
    ),
    "gain": (
        {"op": "gain", "attribute": "AGI", "amount": 2, "target": {"who": "self"}, "until": "end_turn"},
        "gain +2 AGI until the end of the turn",
        "recebe +2 de AGI até o final do turno",
        "recibe +2 de AGI hasta el final del turno",
    ),
    "compute": (
        {"op": "compute", "amount": {"sum": [[1, "CONHECIMENTO"], [1, "INT"], [1, 5]]}},
        "compute ( CONHECIMENTO + INT + 5 )",
        "calcula ( CONHECIMENTO + INT + 5 )",
        "calcula ( CONHECIMENTO + INT + 5 )",
    ),
    "table": (
        {"op": "table", "cells": ["ASTÚCIA 2", "INSTRUÇÃO 2"]},
        "table: ASTÚCIA 2 ❙ INSTRUÇÃO 2",
        "tabela: ASTÚCIA 2 ❙ INSTRUÇÃO 2",
        "tabla: ASTÚCIA 2 ❙ INSTRUÇÃO 2",
    ),
    "noop": ({"op": "noop"}, "nothing", "nada", "nada"),
    "choose": (
        {
            "op": "choose",
            "options": [
                [{"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "self"}}],
                [{"op": "draw", "count": 1, "target": {"who": "self"}}],
            ],
        },
        "choose one: ● heal 5 VIDA ● draw 1 card",
        "escolhe um: ● cura 5 de VIDA ● compra 1 carta",
        "elige una opción: ● cura 5 de VIDA ● roba 1 carta",
    ),
    "if": (
        {
            "op": "if",
            "cond": {"cond": "resource", "who": "selected", "resource": "MANA", "cmp": "==", "value": 0},
            "then": [{"op": "banish", "card": "self"}],
            "text": "o alvo ficar sem MANA",
        },
        "if “o alvo ficar sem MANA”: banish this card",
        "se “o alvo ficar sem MANA”: bane esta carta",
        "si “o alvo ficar sem MANA”: destierra esta carta",
    ),
    "unknown": (
        {"op": "unknown", "text": "Voe alto", "position": 0, "expected": ["a verb"], "suggestion": None},
        "unreadable clause: “Voe alto”",
        "trecho ilegível: “Voe alto”",
        "cláusula ilegible: “Voe alto”",
    ),
}
LANGS = complete_languages()


@pytest.mark.parametrize("kind", KINDS, ids=lambda c: c.op)
@pytest.mark.parametrize("lang", LANGS)
def test_every_statement_kind_reads_as_a_sentence_in_every_language(
    kind: type[S.Statement], lang: str
) -> None:
    assert kind.op in SAMPLES, f"statement kind {kind.op!r} has no sentence sample: add one (and a sentence)"
    assert kind.op in W.SENTENCES, f"statement kind {kind.op!r} has no sentence in rulekit.views.chain"
    data, *words = SAMPLES[kind.op]
    assert S.from_dict(data).to_dict() == data  # the sample is what the engine writes
    text = V.statement_text(data, lang)
    assert text == words[LANGS.index(lang)]
    assert not re.match(r"[\w-]+\(", text)  # a sentence, not the fallback label op(field=value)


def test_the_samples_cover_exactly_the_statement_kinds() -> None:
    assert set(SAMPLES) == {k.op for k in KINDS} == set(W.SENTENCES)


@pytest.mark.parametrize(
    ("data", "en", "pt", "es"),
    [
        ({"op": "heal", "amount": 5, "resource": "VIDA"}, "heal 5 VIDA", "cura 5 de VIDA", "cura 5 de VIDA"),
        (
            {"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "ally", "all": True}},
            "heal every ally for 5 VIDA",
            "cura 5 de VIDA de cada aliado",
            "cura 5 de VIDA a cada aliado",
        ),
        (
            {"op": "heal", "amount": {"sum": [[1, 5]], "max": 10}, "resource": "VIDA"},
            "heal 5 VIDA (max 10)",
            "cura 5 de VIDA (máx 10)",
            "cura 5 de VIDA (máx. 10)",
        ),
        (
            {"op": "recover", "amount": 1, "resource": "MANA", "target": {"who": "selected"}},
            "recover 1 MANA for the target",
            "recupera 1 de MANA do alvo",
            "recupera 1 de MANA al objetivo",
        ),
        (
            {"op": "lose", "amount": 1, "resource": "MANA", "target": {"who": "self"}},
            "lose 1 MANA",
            "perde 1 de MANA",
            "pierde 1 de MANA",
        ),
        (
            {"op": "lose", "amount": 1, "resource": "MANA", "target": {"who": "answered"}},
            "the hero who activated that card loses 1 MANA",
            "o herói que ativou essa carta perde 1 de MANA",
            "el héroe que activó esa carta pierde 1 de MANA",
        ),
        ({"op": "draw", "count": 1}, "draw 1 card", "compra 1 carta", "roba 1 carta"),
        (
            {"op": "draw", "count": 3, "target": {"who": "opponent"}},
            "an opponent draws 3 cards",
            "um oponente compra 3 cartas",
            "un oponente roba 3 cartas",
        ),
        (
            {
                "op": "damage",
                "amount": 2,
                "resource": "VIDA",
                "card": "choose",
                "count": 1,
                "type": "COMPANHEIRO",
            },
            "deal 2 DANO to 1 COMPANHEIRO",
            "causa 2 de DANO a 1 COMPANHEIRO",
            "causa 2 de DANO a 1 COMPANHEIRO",
        ),
        (
            {"op": "move", "card": "self", "dest": "SUPORTE"},
            "move this card to the SUPORTE",
            "move esta carta para o SUPORTE",
            "mueve esta carta al SUPORTE",
        ),
        (
            {"op": "discard", "card": "choose", "count": 2, "owner": "team"},
            "discard 2 cards of your team",
            "descarta 2 cartas do seu time",
            "descarta 2 cartas de tu equipo",
        ),
        (
            {"op": "select", "count": 1, "what": "card", "type": "COMPANHEIRO", "zone": "TABULEIRO"},
            "select 1 COMPANHEIRO from the TABULEIRO",
            "seleciona 1 COMPANHEIRO do TABULEIRO",
            "selecciona 1 COMPANHEIRO del TABULEIRO",
        ),
        (
            {"op": "select", "count": 1, "what": "hero", "who": "ally"},
            "select 1 ally",
            "seleciona 1 aliado",
            "selecciona 1 aliado",
        ),
        ({"op": "roll"}, "roll the dice", "rola os dados", "tira los dados"),
        ({"op": "step"}, "move", "move-se", "se mueve"),
        (
            {"op": "modify", "action": "damage", "delta": -2},
            "reduce that damage by 2",
            "reduz esse dano em 2",
            "reduce ese daño en 2",
        ),
        (
            {"op": "gain", "attribute": "AGI", "amount": 1, "target": {"who": "self"}, "during": "test"},
            "gain +1 AGI during a test",
            "recebe +1 de AGI em um teste",
            "recibe +1 de AGI en una prueba",
        ),
        (
            {
                "op": "gain",
                "attribute": "DANO",
                "target": {"who": "self"},
                "amount": {"per": {"zone": "INVENTÁRIO", "who": "self"}, "times": 1, "max": 5},
            },
            "gain +1 DANO for each card in the INVENTÁRIO (max 5)",
            "recebe +1 de DANO para cada carta no INVENTÁRIO (máx 5)",
            "recibe +1 de DANO por cada carta en el INVENTÁRIO (máx. 5)",
        ),
        (
            {
                "op": "gain",
                "attribute": "DANO",
                "target": {"who": "self"},
                "amount": {"per": {"zone": "SUPORTE", "who": "self", "type": "EVOCAÇÃO"}, "times": 1},
            },
            "gain +1 DANO for each EVOCAÇÃO in the SUPORTE",
            "recebe +1 de DANO para cada EVOCAÇÃO no SUPORTE",
            "recibe +1 de DANO por cada EVOCAÇÃO en el SUPORTE",
        ),
        (
            {"op": "gain", "attribute": "FOR", "amount": 1, "target": {"who": "self"}, "until": "end_battle"},
            "gain +1 FOR until the end of the battle",
            "recebe +1 de FOR até o final da batalha",
            "recibe +1 de FOR hasta el final de la batalla",
        ),
    ],
)
def test_sentences_of_the_optional_parts(data: dict, en: str, pt: str, es: str) -> None:
    S.from_dict(data)  # real statement data
    assert [V.statement_text(data, lang) for lang in LANGS] == [en, pt, es]


def test_statements_parsed_from_card_texts_read_as_sentences() -> None:
    from rulekit.apoteose.text import parse_effect

    eff = parse_effect(
        "Ativar【 Descarte uma carta; Consuma 2 de ESTAMINA 】 Cure 25 de VIDA e Recupere 2 de MANA."
    )
    body = [st.to_dict() for st in eff.body]
    assert V.statements_text(body) == "heal 25 VIDA; recover 2 MANA"
    assert V.statements_text(body, "pt-BR") == "cura 25 de VIDA; recupera 2 de MANA"
    assert V.statements_text(body, "es") == "cura 25 de VIDA; recupera 2 de MANA"


def test_a_typed_statement_reads_as_its_data() -> None:
    st = S.Heal(amount=5, resource="VIDA", target={"who": "ally"})
    assert V.statement_text(st, "pt-BR") == V.statement_text(st.to_dict(), "pt-BR")
    assert V.statement_text(st, "pt-BR") == "cura 5 de VIDA de um aliado"
    assert V.statement_label(st) == st.label()


def test_the_engines_english_labels_are_unchanged() -> None:
    """The trace keeps the statement's data label (``detail["statements"]``); the catalogue's label form
    (the fallback of a kind it does not know) is the same English. Prompts and options are sentences."""
    data = {"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "self"}}
    assert V.statement_label(data) == S.from_dict(data).label()
    assert V.statement_label(data) == "heal(amount=5, resource=VIDA, target={'who': 'self'})"
    assert V.statement_label(data, "pt-BR").startswith("curar(quantidade=5, recurso=VIDA")
    from rulekit.apoteose.deciders import Option

    option = Option("o0", label_code="STATEMENTS", label_params={"statements": [data]})
    assert option.label == "heal 5 VIDA" and V.option_text(option, "pt-BR") == "cura 5 de VIDA"


# ---- what the view does not know: readable, never an exception --------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_kind_the_view_does_not_know_is_its_label(lang: str) -> None:
    assert V.statement_text({"op": "warp", "speed": 9, "to": "MESA"}, lang) == V.statement_label(
        {"op": "warp", "speed": 9, "to": "MESA"}, lang
    )
    assert V.statement_text({"op": "warp"}, lang) == "warp"


def test_a_field_the_view_does_not_know_follows_the_sentence_as_data() -> None:
    data = {"op": "heal", "amount": 5, "resource": "VIDA", "glow": "blue"}
    assert V.statement_text(data) == "heal 5 VIDA (glow=blue)"
    assert V.statement_text(data, "pt-BR") == "cura 5 de VIDA (glow=blue)"
    # a known field name in words, a duration the view does not know as data
    data = {"op": "draw", "count": 1, "until": "end_of_time"}
    assert V.statement_text(data, "es") == "roba 1 carta (hasta=end_of_time)"
    # damage to a resource other than VIDA keeps the resource as data
    data = {"op": "damage", "amount": 2, "resource": "MANA", "target": {"who": "opponent"}}
    assert V.statement_text(data) == "deal 2 DANO to an opponent (resource=MANA)"


@pytest.mark.parametrize(
    "data",
    [
        {"op": "heal", "amount": "lots", "resource": "VIDA"},
        {"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "martian"}},
        {"op": "heal", "amount": 5, "resource": "VIDA", "target": ["ana"]},
        {"op": "draw", "count": True},
        {"op": "draw", "count": "2"},
        {"op": "discard", "card": "choose", "count": 1, "zone": 7},
        {"op": "discard", "card": "lost"},
        {"op": "move", "card": "self", "dest": None},
        {"op": "modify", "action": "dance", "delta": 1},
        {"op": "choose", "options": "A or B"},
        {"op": "compute", "amount": {"sum": []}},
        {"op": "compute", "amount": {"sum": [[1, 2, 3]]}},
        {"op": "select", "count": 1, "what": "dragon"},
        {"op": "table", "cells": 3},
        {"op": None},
        {},
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_values_the_view_does_not_know_give_the_label(data: dict, lang: str) -> None:
    assert V.statement_text(data, lang) == V.statement_label(data, lang)


def test_no_value_of_any_field_makes_a_sentence_raise() -> None:
    odd = [
        None,
        True,
        -1,
        0,
        10**9,
        "",
        "x",
        "<b>",
        [],
        [1],
        [[1, "x"]],
        {},
        {"who": None},
        {"card": "self"},
        {"sum": [[1, 2]]},
        {"per": {}},
        {"per": {"zone": 3}},
        1.5,
    ]
    for cls in KINDS:
        for name in (f.name for f in S.dataclasses.fields(cls)):
            for value in odd:
                data = {**SAMPLES[cls.op][0], name: value}
                for lang in LANGS:
                    assert isinstance(V.statement_text(data, lang), str)
    assert V.statement_text(None) == "None" and V.statement_text("heal") == "heal"


def test_deeply_nested_options_are_bounded() -> None:
    st: dict = {"op": "noop"}
    for _ in range(200):
        st = {"op": "choose", "options": [[st]]}
    text = V.statement_text(st, "pt-BR")
    assert text.startswith("escolhe um: ● escolhe um: ●") and len(text) < 2000


# ---- plain text; escaped wherever it reaches HTML ------------------------------------------------------
HOSTILE = "<img src=x onerror=alert(1)>"


def test_the_text_is_plain_and_keeps_a_hostile_value_as_written() -> None:
    data = {"op": "heal", "amount": 5, "resource": HOSTILE}
    assert V.statement_text(data) == f"heal 5 {HOSTILE}"
    assert V.statement_text(data, "es") == f"cura 5 de {HOSTILE}"


def test_a_hostile_statement_is_escaped_in_the_explorer() -> None:
    pytest.importorskip("ipywidgets")
    from helpers import card, hero, scenario

    from rulekit.apoteose.deciders import DecisionPoint, Option
    from rulekit.widgets import ChainExplorer

    sc = scenario(
        [hero("ana", "azul", 5, MESA=["x"]), hero("bruno", "vermelho", 3)],
        [card("x", "ana", "Ativar Cure 5 de VIDA")],
        [{"activate": "x"}],
    )
    statements = [
        {"op": "heal", "amount": 5, "resource": HOSTILE},
        {
            "op": "damage",
            "amount": 1,
            "resource": "VIDA",
            "target": {"who": "name", "name": "<script>x</script>"},
        },
    ]
    for lang in LANGS:
        w = ChainExplorer(sc, lang=lang)
        for st in statements:
            option = Option("1", label_code="STATEMENTS", label_params={"statements": [st]})
            w.point = DecisionPoint(
                key="choose@0.body",
                kind="choose",
                spotlight=0,
                stage="resolving",
                answers=(),
                options=(option,),
                prompt_code="STATEMENT",
                prompt_params={"statement": st},
            )
            w._render_window()
            html = w.window_html.value
            assert "<img" not in html and "<script" not in html, html
            assert "&lt;img src=x onerror=alert(1)&gt;" in html or "&lt;script&gt;x&lt;/script&gt;" in html
            # the option's label is plain text (a Dropdown shows it as text): the value as written
            assert w.options()[0][0] == V.statement_text(st, lang)
