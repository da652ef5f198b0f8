"""Fixtures for the real-browser tests: JupyterLab on a free loopback port, Debian's chromium via Playwright.

The browser is Debian's ``chromium`` package (``/usr/bin/chromium``, or ``$RULEKIT_CHROMIUM``), driven by the
``playwright`` Python package through ``executable_path``. We never run ``playwright install``. When chromium
or playwright is missing the tests skip, and the end of the test run says so and how to enable them.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("RULEKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
_SKIPPED: list[str] = []


def browser_missing_reason() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not Path(CHROMIUM).exists():
        return f"chromium not found at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is missing (pip install -e '.[test]')"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = browser_missing_reason()
    e2e = [item for item in items if "e2e" in item.keywords]
    for item in e2e:
        if reason:
            item.add_marker(pytest.mark.skip(reason=f"browser test skipped: {reason}"))
            _SKIPPED.append(item.nodeid)
    if e2e and not reason:
        # Run the browser tests last, and boot JupyterLab now, in the background, while the rest of the
        # suite runs: its start-up (several seconds of imports) then costs no wall time.
        items[:] = [item for item in items if "e2e" not in item.keywords] + e2e
        _SERVER.start()


def pytest_unconfigure(config: pytest.Config) -> None:
    _SERVER.stop()


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if _SKIPPED:
        terminalreporter.write_sep("=", "browser tests skipped", yellow=True, bold=True)
        terminalreporter.write_line(
            f"{len(_SKIPPED)} real-browser (e2e) tests were SKIPPED: {browser_missing_reason()}."
        )
        terminalreporter.write_line(
            "To run them: apt-get install chromium (Debian/Ubuntu),"
            " or set RULEKIT_CHROMIUM to a chromium binary."
        )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[Any]:
    outcome: Any = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"JupyterLab exited early:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    tail = log.read_text(errors="replace")[-3000:]
    raise RuntimeError(f"JupyterLab did not answer within {timeout:.0f} s:\n{tail}")


class _LabServer:
    """JupyterLab (no token, loopback, a free port) serving a temp copy of lessons/."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.tmp: Path | None = None
        self.base = ""
        self.log = Path()

    def start(self) -> None:
        if self.proc is not None:
            return
        tmp = self.tmp = Path(tempfile.mkdtemp(prefix="rulekit-e2e-"))
        root = tmp / "lessons"
        shutil.copytree(ROOT / "lessons", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        port = _free_port()
        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(tmp / "config"),
            JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"),
            JUPYTER_PLATFORM_DIRS="1",
        )
        # User settings: render every cell (no windowing, so widgets below the fold exist and can be
        # found), and never ask about Jupyter news (a toast that would cover the screenshots).
        settings = tmp / "settings"
        for rel, value in {
            "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
            "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
        }.items():
            (settings / rel).parent.mkdir(parents=True, exist_ok=True)
            (settings / rel).write_text(json.dumps(value), encoding="utf-8")
        self.log = tmp / "jupyterlab.log"
        cmd = [
            sys.executable, "-m", "jupyterlab",
            "--no-browser",
            "--allow-root",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            f"--ServerApp.root_dir={root}",
            "--LabApp.open_browser=False",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]  # fmt: skip
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{port}"

    def wait(self) -> str:
        assert self.proc is not None
        _wait_until_up(f"{self.base}/api/status", self.proc, self.log)
        return self.base

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
            self.proc = None
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None


_SERVER = _LabServer()


@pytest.fixture(scope="session")
def jupyterlab() -> Iterator[str]:
    """The JupyterLab server (started at collection time, or now); yield its base URL."""
    if browser_missing_reason():
        pytest.skip(browser_missing_reason() or "")
    _SERVER.start()
    try:
        yield _SERVER.wait()
    finally:
        _SERVER.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if browser_missing_reason():
        pytest.skip(browser_missing_reason() or "")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


LESSONS_UNDER_TEST = ["01-layers.ipynb", "05-apoteose-chain.ipynb"]


@pytest.fixture(scope="module")
def lab_page(browser: Any, jupyterlab: str) -> Iterator[Any]:
    """One JupyterLab page with 01-layers and 05-apoteose-chain open and fully run (kernels in parallel).

    Afterwards every kernel on the server is shut down.
    """
    from .jlab import open_notebooks, run_all, shutdown_kernels

    context = browser.new_context(viewport={"width": 1280, "height": 2400})
    pg = context.new_page()
    try:
        open_notebooks(pg, jupyterlab, LESSONS_UNDER_TEST)
        run_all(pg, LESSONS_UNDER_TEST)
        yield pg
    except Exception:
        _screenshot(pg, "lab_page-setup")
        raise
    finally:
        context.close()
        shutdown_kernels(jupyterlab)


def _screenshot(pg: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    except Exception as exc:  # a broken page must not hide the test's own failure
        print(f"could not save the failure screenshot: {exc}")


@pytest.fixture
def page(lab_page: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The shared JupyterLab page; on failure its screenshot goes to test-artifacts/<test name>.png."""
    yield lab_page
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        _screenshot(lab_page, request.node.name.replace("/", "_").replace("[", "-").replace("]", ""))
