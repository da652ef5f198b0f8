"""Fixtures for the real-browser tests: JupyterLab on a free loopback port, Debian's chromium via Playwright.

The browser is Debian's ``chromium`` package (``/usr/bin/chromium``, or ``$RULEKIT_CHROMIUM``), driven by the
``playwright`` Python package through ``executable_path``. We never run ``playwright install``. When chromium
or playwright is missing the tests skip, and the end of the test run says so and how to enable them.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import Future
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
        # Run the browser tests last (see pytest_collection_finish).
        items[:] = [item for item in items if "e2e" not in item.keywords] + e2e


def pytest_collection_finish(session: pytest.Session) -> None:
    # Once the final selection is known (after -m / -k), start JupyterLab and chromium in the background
    # when a browser test will run: their start-up and the notebooks' run then overlap with the rest of
    # the suite instead of adding to it.
    if not browser_missing_reason() and any("e2e" in item.keywords for item in session.items):
        _start_browser()


def pytest_unconfigure(config: pytest.Config) -> None:
    _stop_browser()
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


LESSONS_UNDER_TEST = ["01-layers.ipynb", "05-apoteose-chain.ipynb"]


class _BrowserSession(threading.Thread):
    """Chromium driven by Playwright in its own thread, so that the slow part (launch, JupyterLab page
    load, kernel start, running both notebooks) overlaps with the rest of the test suite.

    Playwright's sync API belongs to the thread that started it, so every browser call runs in this
    thread: a test passes a function to :meth:`call`, which runs it here with the page and returns its
    result (or raises its exception, after saving a screenshot) in the test's thread.
    """

    def __init__(self, server: _LabServer) -> None:
        super().__init__(name="rulekit-e2e-browser", daemon=True)
        self.server = server
        self.jobs: queue.Queue[tuple[Any, Future[Any]] | None] = queue.Queue()
        self.ready: Future[Any] = Future()

    def run(self) -> None:
        try:
            from playwright.sync_api import sync_playwright

            from .jlab import open_notebooks, run_all, shutdown_kernels

            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                context = browser.new_context(viewport={"width": 1280, "height": 2400})
                page = context.new_page()
                base = self.server.wait()
                try:
                    open_notebooks(page, base, LESSONS_UNDER_TEST)
                    run_all(page, LESSONS_UNDER_TEST)
                except BaseException:
                    _screenshot(page, "lab_page-setup")
                    raise
                self.ready.set_result(page)
                while (job := self.jobs.get()) is not None:
                    fn, fut = job
                    try:
                        fut.set_result(fn(page))
                    except BaseException as exc:  # handed to the test's thread
                        fut.set_exception(exc)
                context.close()
                browser.close()
                shutdown_kernels(base)
        except BaseException as exc:
            if not self.ready.done():
                self.ready.set_exception(exc)

    def call(self, fn: Any, name: str, timeout: float = 180.0) -> Any:
        """Run ``fn(page)`` in the browser thread; on failure save test-artifacts/<name>.png and re-raise."""
        self.ready.result(timeout=timeout)

        def guarded(page: Any) -> Any:
            try:
                return fn(page)
            except BaseException:
                _screenshot(page, name)
                raise

        fut: Future[Any] = Future()
        self.jobs.put((guarded, fut))
        return fut.result(timeout=timeout)

    def stop(self) -> None:
        if self.is_alive():
            self.jobs.put(None)
            self.join(timeout=30)


_BROWSER: _BrowserSession | None = None


def _start_browser() -> _BrowserSession:
    global _BROWSER
    _SERVER.start()
    if _BROWSER is None:
        _BROWSER = _BrowserSession(_SERVER)
        _BROWSER.start()
    return _BROWSER


def _stop_browser() -> None:
    global _BROWSER
    if _BROWSER is not None:
        _BROWSER.stop()
        _BROWSER = None


@pytest.fixture(scope="session")
def lab() -> Iterator[_BrowserSession]:
    """The browser session: JupyterLab (no token, a free loopback port, a temp copy of lessons/) with
    01-layers and 05-apoteose-chain open and fully run in chromium. Both are started at collection time
    (see pytest_collection_modifyitems), or now; the server is waited for until it answers, and both are
    stopped at the end of the session.
    """
    if browser_missing_reason():
        pytest.skip(browser_missing_reason() or "")
    session = _start_browser()
    try:
        yield session
    finally:
        _stop_browser()
        _SERVER.stop()


def _screenshot(pg: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    except Exception as exc:  # a broken page must not hide the test's own failure
        print(f"could not save the failure screenshot: {exc}")
