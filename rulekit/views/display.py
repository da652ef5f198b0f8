"""Rich notebook display for traces: wrappers that render themselves (``_repr_html_``/``_repr_svg_``).

The engine modules stay free of view imports; these wrappers read a trace and show it:

* :class:`LayerReport` — a solved MTG trace: final characteristics, the layer table, the
  dependencies and loops, and the dependency diagram.
* :class:`DependencyGraph` — the dependency diagram alone (``.dot``, ``.svg()``).
* :class:`LayerFlow` — the per-object strip of values after each layer.
* :class:`ChainReport` — an Apoteose chain trace: the chain diagram and the chain log.

:func:`show` picks the right wrapper for a trace. ``repr()`` of each is short and deterministic.
"""

from __future__ import annotations

from typing import Any

from rulekit import apoteose, mtg
from rulekit.i18n import translator
from rulekit.scenarios import scenario_game
from rulekit.views import chain as chain_views
from rulekit.views import mtg as mtg_views
from rulekit.views.markup import escape
from rulekit.views.render import Rendered, render


class _Diagram:
    """Common part: DOT text, rendered lazily (once) with the backend :func:`render` picks."""

    title = "diagram"

    def __init__(self, dot: str, backend: str | None = None) -> None:
        self.dot = dot
        self._backend = backend
        self._rendered: Rendered | None = None

    def rendered(self) -> Rendered:
        if self._rendered is None:
            self._rendered = render(self.dot, self._backend)
        return self._rendered

    def svg(self) -> str | None:
        """SVG text, or ``None`` when no renderer is available (see :mod:`rulekit.views.render`)."""
        return self.rendered().svg

    def _repr_svg_(self) -> str | None:
        return self.svg()

    def _repr_html_(self) -> str:
        return self.rendered().html()

    def save(self, path: str) -> str:
        """Write ``.dot`` text or ``.svg`` (by the file suffix); returns the backend used."""
        if str(path).endswith(".dot") or str(path).endswith(".gv"):
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(self.dot)
            return "dot-text"
        r = self.rendered()
        if r.svg is None:
            raise RuntimeError(r.note)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(r.svg)
        return r.backend


class DependencyGraph(_Diagram):
    """The dependency diagram of an MTG trace (see :func:`rulekit.views.mtg.dependency_dot`)."""

    def __init__(
        self, trace: Any, highlight: int | None = None, scale: float = 1.0, backend: str | None = None
    ) -> None:
        self.trace = trace
        super().__init__(mtg_views.dependency_dot(trace, highlight=highlight, scale=scale), backend)

    def __repr__(self) -> str:
        t = self.trace
        return (
            f"<DependencyGraph {t.scenario!r}: {len(t.effects)} effects, "
            f"{len(t.dependencies)} dependencies, {len(t.loops)} loops>"
        )


class LayerFlow(_Diagram):
    """The layer flow strip of an MTG trace (see :func:`rulekit.views.mtg.layer_flow_dot`)."""

    def __init__(self, trace: Any, scale: float = 1.0, backend: str | None = None) -> None:
        self.trace = trace
        super().__init__(mtg_views.layer_flow_dot(trace, scale=scale), backend)

    def __repr__(self) -> str:
        return f"<LayerFlow {self.trace.scenario!r}>"


class ChainDiagram(_Diagram):
    """The chain diagram of an Apoteose trace (``upto`` = after that event)."""

    def __init__(
        self,
        trace: Any,
        upto: int | None = None,
        scale: float = 1.0,
        backend: str | None = None,
        lang: str = "en",
    ) -> None:
        self.trace = trace
        super().__init__(chain_views.chain_dot(trace, upto=upto, scale=scale, lang=lang), backend)

    def __repr__(self) -> str:
        return f"<ChainDiagram {self.trace.scenario!r}: {len(self.trace.events)} events>"


class LayerReport:
    """A solved MTG trace that shows itself: tables, explanation and the dependency diagram."""

    def __init__(self, trace: Any, scale: float = 1.0, backend: str | None = None) -> None:
        self.trace = trace
        self.scale = scale
        self.backend = backend

    @property
    def final(self) -> Any:
        return mtg_views.final_table(self.trace)

    @property
    def layers(self) -> Any:
        return mtg_views.layer_table(self.trace)

    @property
    def dependencies(self) -> Any:
        return mtg_views.dependency_table(self.trace)

    @property
    def loops(self) -> Any:
        return mtg_views.loop_table(self.trace)

    @property
    def graph(self) -> DependencyGraph:
        return DependencyGraph(self.trace, scale=self.scale, backend=self.backend)

    @property
    def flow(self) -> LayerFlow:
        return LayerFlow(self.trace, scale=self.scale, backend=self.backend)

    def to_text(self) -> str:
        """The plain-text twin: layer table, reasons, loops, final characteristics."""
        parts = [self.layers.to_text(), self.dependencies.to_text()]
        if self.trace.loops:
            parts.append(self.loops.to_text())
        parts.append(self.final.to_text())
        players = mtg_views.players_table(self.trace)
        if players.rows:
            parts.append(players.to_text())
        return "\n\n".join(parts)

    def _repr_html_(self) -> str:
        blocks = [self.final.to_html(self.scale), self.layers.to_html(self.scale)]
        if self.trace.dependencies:
            blocks.append(self.dependencies.to_html(self.scale))
        if self.trace.loops:
            blocks.append(self.loops.to_html(self.scale))
        players = mtg_views.players_table(self.trace)
        if players.rows:
            blocks.append(players.to_html(self.scale))
        blocks.append(self.graph._repr_html_())
        return '<div class="rulekit-layer-report">' + "\n".join(blocks) + "</div>"

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        t = self.trace
        return f"<LayerReport {t.scenario!r} ruleset={t.ruleset}: {len(t.steps)} steps>"


class ChainReport:
    """An Apoteose chain trace that shows itself in ``lang``: the chain diagram, the chain log, final
    heroes (every word from the trace's codes, through the catalogue)."""

    def __init__(self, trace: Any, scale: float = 1.0, backend: str | None = None, lang: str = "en") -> None:
        self.trace = trace
        self.scale = scale
        self.backend = backend
        self.lang = lang

    @property
    def log(self) -> Any:
        return chain_views.chain_log_table(self.trace, lang=self.lang)

    @property
    def diagram(self) -> ChainDiagram:
        return ChainDiagram(self.trace, scale=self.scale, backend=self.backend, lang=self.lang)

    def heroes_table(self) -> Any:
        return chain_views.heroes_table(self.trace, lang=self.lang)

    def _order(self) -> str:

        t = translator(self.lang)
        order = ", ".join(self.trace.resolution_order) or t(chain_views.REPORT_WORDS["nothing"])
        return t(chain_views.REPORT_WORDS["order"], order=order)

    def to_text(self) -> str:
        return "\n\n".join([self.log.to_text(), self._order(), self.heroes_table().to_text()])

    def _repr_html_(self) -> str:
        return (
            '<div class="rulekit-chain-report">'
            + self.diagram._repr_html_()
            + f"<p><strong>{escape(self._order())}</strong></p>"
            + self.log.to_html(self.scale)
            + self.heroes_table().to_html(self.scale)
            + "</div>"
        )

    def __repr__(self) -> str:
        t = self.trace
        return f"<ChainReport {t.scenario!r}: {len(t.events)} events, resolved {len(t.resolution_order)}>"


def show(trace: Any, **kw: Any) -> LayerReport | ChainReport:
    """The right rich view for a trace: :class:`LayerReport` (MTG) or :class:`ChainReport` (Apoteose).

    A scenario name or path is solved first (``apoteose/...`` runs the chain), so
    ``show("seed/humility-then-gideon")`` is a complete cell.
    """
    if isinstance(trace, str):
        if scenario_game(trace) == "apoteose":
            trace = apoteose.run_chain(apoteose.load_scenario(trace))
        else:
            trace = mtg.solve(trace)
    if hasattr(trace, "events") and hasattr(trace, "resolution_order"):
        return ChainReport(trace, **kw)
    if hasattr(trace, "steps") and hasattr(trace, "final"):
        return LayerReport(trace, **kw)
    raise TypeError(f"show() needs an MTG Trace or an Apoteose ChainTrace, not {type(trace).__name__}")
