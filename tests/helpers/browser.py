"""The headless browser the page tests drive: Debian's chromium through playwright, with the flags
that keep it off the network (a test skips where either is absent)."""

import shutil

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
needs_browser = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")


def launched():
    """A browser for a module's tests (the ``browser`` fixture of tests/conftest.py)."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed")
    # (Here, not at the top: without playwright only the browser tests skip.)
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def open_page(browser, path):
    """A 1200x800 tab on the file, recording the page's script errors and every request it makes
    (``page.errors``, ``page.requests``)."""
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    errors, requests = [], []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto("file://" + str(path))
    page.errors, page.requests = errors, requests
    return page
