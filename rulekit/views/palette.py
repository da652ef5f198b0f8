"""The one colour palette of rulekit's pictures and tables: Okabe–Ito.

Okabe & Ito's eight colours stay distinguishable under the common colour-vision
deficiencies. Colour is never the only cue: every coloured thing also carries a label,
a line style or a shape, and each diagram has a legend that spells them out.

>>> OKABE_ITO["blue"]
'#0072B2'
>>> layer_colour("7b") == layer_colour("7c")
True
"""

from __future__ import annotations

#: Okabe, M. & Ito, K. (2008) "Color Universal Design" palette.
OKABE_ITO: dict[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
}

#: Light tints (fills) of the same hues, mixed 70% towards white so black text stays readable.
TINTS: dict[str, str] = {
    "black": "#B2B2B2",
    "orange": "#F7D899",
    "sky_blue": "#CCE8F8",
    "bluish_green": "#B2E1D5",
    "yellow": "#FAF6C6",
    "blue": "#B2D4E7",
    "vermillion": "#F2CEB2",
    "reddish_purple": "#EFD6E4",
}

#: Which hue each MTG layer gets. The layer number is always written in the node too.
LAYER_HUES: dict[str, str] = {
    "1": "reddish_purple",
    "2": "vermillion",
    "3": "yellow",
    "4": "bluish_green",
    "5": "orange",
    "6": "sky_blue",
    "7": "blue",
    "players": "black",
    "rules": "black",
}

#: Highlight of the current step (stepper): thick outline in vermillion *and* a "▶" marker.
HIGHLIGHT = OKABE_ITO["vermillion"]
#: Loop outline: reddish purple, dashed, labelled "loop".
LOOP = OKABE_ITO["reddish_purple"]
#: Edge colours: dependency (solid, blue) and "answers" / responds-to (dashed, orange).
EDGE_DEPENDS = OKABE_ITO["blue"]
EDGE_ANSWERS = OKABE_ITO["orange"]
SPOTLIGHT = OKABE_ITO["yellow"]
NEUTRAL_FILL = "#FFFFFF"
TEXT = OKABE_ITO["black"]


def _hue(layer: str) -> str:
    key = str(layer).strip().lower()
    if key in LAYER_HUES:
        return LAYER_HUES[key]
    head = key[:1]
    return LAYER_HUES.get(head, "black")


def layer_colour(layer: str) -> str:
    """Strong colour (outlines, text) for a layer label such as ``"7b"`` or ``"players"``."""
    return OKABE_ITO[_hue(layer)]


def layer_fill(layer: str) -> str:
    """Light fill for a layer label such as ``"4"``."""
    return TINTS[_hue(layer)]


#: Colours for Apoteose chain stages; the stage name is always written beside it.
STAGE_HUES: dict[str, str] = {
    "activating": "orange",
    "halt": "sky_blue",
    "resolving": "bluish_green",
    "post": "reddish_purple",
    "removed": "black",
    "stopped": "vermillion",
    "truncated": "vermillion",
    "negated": "vermillion",
    "refused": "vermillion",
}


def stage_fill(stage: str) -> str:
    """Light fill for an Apoteose chain stage (the stage name is always shown as text too)."""
    return TINTS[STAGE_HUES.get(str(stage).lower(), "black")]
