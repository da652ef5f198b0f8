"""Every example of the seed lessons, with the result the seed states.

Seeds: ``000_cfc7399c877a2b32.txt`` (pt, "Lição 4 – Interação de Efeitos Contínuos") and
``002_ebd22834b5a5a626.txt`` (es, "Los efectos continuos. La ley de capas").
"""

from __future__ import annotations

from rulekit import mtg

from ._util import order, pt, step


def test_humility_then_gideon_is_5_5() -> None:
    """Seed 002: "Si la Humility ha entrado al campo de batalla antes de que se activase la
    habilidad de Gideon Jura, el efecto continuo de la Humility se aplica primero. Como Gideon Jura
    es una criatura, la Humility lo convierte en un 1/1. Tras aplicarse el efecto de la Humility se
    aplica el efecto continuo de Gideon Jura. En este caso Gideon Jura es un 6/6. [...] La Night of
    Souls' Betrayal le impone -1/-1, por lo que Gideon Jura será, finalmente, un 5/5." """
    t = mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
    assert pt(t, "gideon") == (5, 5)
    assert order(t, "7b") == ["humility", "gideon.0"]
    assert order(t, "7c") == ["night"]
    # after Humility's 7b step he is 1/1, after his own ability 6/6 (the seed's intermediate values)
    s_h = step(t, "humility", "7b")
    s_g = step(t, "gideon.0", "7b")
    assert (
        t.state_after(s_h.index + 1)["gideon"].power,
        t.state_after(s_h.index + 1)["gideon"].toughness,
    ) == (1, 1)
    assert (
        t.state_after(s_g.index + 1)["gideon"].power,
        t.state_after(s_g.index + 1)["gideon"].toughness,
    ) == (6, 6)
    g = t.final["gideon"]
    assert "Creature" in g.types and "Planeswalker" in g.types  # "que sigue siendo un planeswalker"
    assert {"Human", "Soldier"} <= set(g.subtypes)


def test_gideon_then_humility_is_0_0_and_1_1_before_night() -> None:
    """Seed 002, the same example with the timestamps the other way round: in 7b
    Gideon's ability (older) makes him 6/6, then Humility 1/1; Night's -1/-1 in 7c: 0/0."""
    t = mtg.solve(mtg.load_scenario("seed/gideon-then-humility"))
    assert order(t, "7b") == ["gideon.0", "humility"]
    night = step(t, "night", "7c")
    before_night = t.state_after(night.index)["gideon"]
    assert (before_night.power, before_night.toughness) == (1, 1)
    assert pt(t, "gideon") == (0, 0)


def test_sower_then_shackles_tezzeret_keeps_control() -> None:
    """Seed 002: "El sello temporal de la Sower of Temptation de Jace es anterior al sello temporal
    de la habilidad de los Vedalken Shackles de Tezzeret, por lo que se aplica primero. [...]
    Tezzeret se queda con el control del Chained Throatseeker." """
    t = mtg.solve(mtg.load_scenario("seed/sower-then-shackles"))
    assert order(t, "2") == ["sower.etb", "shackles.steal"]
    assert t.final["throatseeker"].controller == "Tezzeret"
    # without the Shackles' effect, Jace has it (the Sower's effect alone)
    t2 = mtg.solve(mtg.load_scenario("seed/sower-then-shackles"), without=["shackles.steal"])
    assert t2.final["throatseeker"].controller == "Jace"


def test_shackles_untapped_before_resolution_does_nothing() -> None:
    """Seed 002: "Si los Vedalken Shackles son activados y al resolverse la habilidad éstos han
    sido previamente enderezados, la habilidad no hace nada." (611.2b)"""
    from ._util import solve_text

    t = solve_text("""
        game: mtg
        players: [Tezzeret, Jace]
        objects:
          - {id: shackles, card: Vedalken Shackles, controller: Tezzeret}
          - {id: throatseeker, card: Chained Throatseeker, controller: Jace}
        events:
          - tap: shackles
          - untap: shackles
          - resolve: {source: shackles, ability: steal, targets: [throatseeker], id: steal}
    """)
    assert t.final["throatseeker"].controller == "Jace"
    info = t.effect("steal")
    assert not info.active and "never started" in info.note


def test_blood_moon_land_already_there_and_land_entering_later() -> None:
    """Seed 002: "Mientras la Blood Moon está en el campo de batalla, todas las tierras no básicas
    son Mountain. [...] Si una tierra fuera a entrar en el campo de batalla, ésta es una Mountain al
    entrar en el campo de batalla." Both nonbasic lands are Mountains (305.7: only the Mountain's
    mana ability, still nonbasic); the basic Forest is untouched."""
    t = mtg.solve(mtg.load_scenario("seed/blood-moon"))
    for land in ("mutavault", "wasteland"):
        v = t.final[land]
        assert v.subtypes == ("Mountain",)
        assert v.abilities == ("{T}: Add {R}.",)
        assert "Basic" not in v.supertypes
    assert t.final["wasteland"].timestamp > t.final["blood-moon"].timestamp  # it entered later
    assert t.final["forest"].subtypes == ("Forest",)
    assert t.final["forest"].abilities == ("{T}: Add {G}.",)


def test_judges_familiar_copiable_values() -> None:
    """Seed 002: "un Judge's Familiar es un 1/1 con la habilidad de volar y la habilidad activada
    'Sacrifica el Judge's Familiar: Contrarresta [...]' al comenzar a aplicar sobre él efectos
    continuos." The trace's starting values are the printed ones."""
    t = mtg.solve(mtg.load_scenario("seed/judges-familiar"))
    start = t.initial["familiar"]
    assert (start.power, start.toughness) == (1, 1)
    assert start.abilities[0] == "Flying"
    assert start.abilities[1].startswith("Sacrifice Judge's Familiar: Counter target instant or sorcery")
    assert set(start.colors) == {"white", "blue"}
    # then Humility (layer 6: loses both; 7b: 1/1)
    assert t.final["familiar"].abilities == ()
    assert pt(t, "familiar") == (1, 1)


def test_witchbane_orb_is_a_player_effect_applied_after_the_layers() -> None:
    """Seed 002: "se aplicarán los efectos continuos que afectan a jugadores [...] aquí se aplica el
    efecto del Witchbane Orb"; seed 000: "Esses efeitos serão aplicados em ordem de selo temporal
    depois da determinação das características do objeto." (613.10: after the layers.)"""
    t = mtg.solve(mtg.load_scenario("seed/witchbane-orb"))
    assert t.players["Ann"].abilities == ("Hexproof",)
    assert t.players["Bo"].abilities == ()
    layers = [s.layer for s in t.steps]
    assert layers.index("players") > layers.index("7c")
    assert pt(t, "bears") == (3, 3)


def test_gnat_miser_rules_effect_applies_last() -> None:
    """Seed 002: "Finalmente, se aplicarán los efectos continuos que modifican las reglas del juego
    como, por ejemplo, el generado por la habilidad estática del Gnat Miser." Seed 000: "Esses
    efeitos são aplicados após todos outros efeitos contínuos terem sido aplicados." """
    t = mtg.solve(mtg.load_scenario("seed/gnat-miser"))
    assert t.rules["max_hand_size"] == {"Ann": 7, "Bo": 6}
    assert t.steps[-1].layer == "rules"
