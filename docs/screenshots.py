"""Take the README's screenshots of the pages from a running `bbkg serve` (by default http://127.0.0.1:8000),
in Debian's Chromium: `.venv/bin/python docs/screenshots.py [URL]`."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).parent / "screenshots"
ARGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]


def main(server: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(server + "/?saved=backman_career_timeline")
        page.locator(".tabPanel.active .yasqe_queryButton").click()
        page.locator(".tabPanel.active .yasr table.dataTable").wait_for()
        page.locator("#editor").evaluate("e => window.scrollTo(0, e.offsetTop - 10)")
        page.screenshot(path=str(OUT / "editor.png"))
        page.goto(server + "/id/person/backmwa01")
        page.screenshot(path=str(OUT / "entity.png"))
        page.goto(server + "/id/article/001_137de976c56c31cb#s204-337")
        page.screenshot(path=str(OUT / "article.png"))
        page.goto(server + "/connections?among=Wally+Backman&among=Sandy+Alderson&among=Terry+Collins")
        page.locator("#picture[data-drawn]").wait_for()
        page.screenshot(path=str(OUT / "connections.png"))
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000")
