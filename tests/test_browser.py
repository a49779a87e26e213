"""The pages in a real browser: Playwright driving Debian's Chromium over `bbkg serve` as a real process.

`make test` installs Chromium (Debian's package; Playwright cannot download its own browser here). Every test
also checks that the page asked nothing of any other host: the assets come from this server.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.helpers import running_server

pytestmark = pytest.mark.slow

# Without the background-networking flags Chromium tries Google's hosts at start (see ../shared/FACTS.md).
CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--disable-quic", "--disable-gpu"]
TIMEOUT_MS = 20_000


@pytest.fixture(scope="module")
def server(seeds_build) -> Iterator[str]:
    with running_server(seeds_build[0]) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = shutil.which("chromium")
    assert chromium, "Debian's chromium is not installed: run `make test`, which installs it"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """A fresh page (no stored editor tabs) that records every request to another host and every script error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    opened = context.new_page()
    elsewhere: list[str] = []
    errors: list[str] = []
    opened.on("request", lambda r: elsewhere.append(r.url) if not r.url.startswith((server, "data:")) else None)
    opened.on("pageerror", lambda e: errors.append(str(e)))
    yield opened
    context.close()
    assert elsewhere == [], f"the page loaded from other hosts: {elsewhere}"
    assert errors == [], f"script errors: {errors}"


def test_run_a_saved_query_in_the_editor_and_read_its_table(page: Page, server: str) -> None:
    page.goto(server + "/")
    expect(page.locator(".yasqe_queryButton").first).to_be_visible()
    page.click('a[data-saved="memberships_with_evidence"]')
    expect(page.locator(".tabPanel.active .CodeMirror")).to_contain_text("Who held which role")
    page.locator(".tabPanel.active .yasqe_queryButton").click()
    table = page.locator(".tabPanel.active .yasr table.dataTable")
    expect(table).to_be_visible()
    expect(table.locator("thead")).to_contain_text("person")
    expect(table.locator("tbody")).to_contain_text("Wally Backman")
    expect(table.locator("tbody")).to_contain_text("New York Mets")


def test_every_saved_query_runs_in_the_editor(page: Page, server: str) -> None:
    page.goto(server + "/")
    names = page.eval_on_selector_all("a[data-saved]", "links => links.map(a => a.dataset.saved)")
    assert len(names) >= 10
    for name in names:
        page.click(f'a[data-saved="{name}"]')
        page.locator(".tabPanel.active .yasqe_queryButton").click()
        # A table of results, or the plugin a result needs: never an error.
        expect(page.locator(".tabPanel.active .yasr .dataTable, .tabPanel.active .yasr .chart")
               .first).to_be_visible()
        expect(page.locator(".tabPanel.active .yasr .errorResult")).to_have_count(0)


def test_a_syntax_error_shows_the_parsers_message(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.locator(".tabPanel.active .CodeMirror").click()
    page.evaluate("window.bbkgYasgui.getTab().getYasqe().setValue('SELECT * WHERE { ?s ?p }')")
    page.locator(".tabPanel.active .yasqe_queryButton").click()
    expect(page.locator(".tabPanel.active .yasr .errorResult")).to_contain_text("SPARQL syntax error")


def test_a_count_is_drawn_as_a_chart(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.click('a[data-saved="article_assertions"]')
    page.locator(".tabPanel.active .yasqe_queryButton").click()
    expect(page.locator(".tabPanel.active .yasr table.dataTable")).to_be_visible()
    page.locator(".tabPanel.active .select_chart").click()
    expect(page.locator(".tabPanel.active .yasr .chart svg rect")).to_have_count(4)  # one bar per article


def test_search_backman_open_his_page_and_follow_a_quote_to_its_article(page: Page, server: str) -> None:
    page.goto(server + "/")
    box = page.get_by_label("Search people and clubs")
    box.press_sequentially("Backm", delay=40)
    expect(page.locator("#site-search-suggestions option[value='Wally Backman']")).to_have_count(1)
    box.fill("Wally Backman")
    box.press("Enter")
    expect(page).to_have_url(server + "/id/person/backmwa01")
    expect(page.locator("h1")).to_have_text("Wally Backman")
    roles = page.locator("#memberships + table")
    mets_player = roles.locator("tr", has=page.locator("td", has_text=re.compile("^player$"))).filter(
        has_text="New York Mets")
    expect(mets_player).to_contain_text("1980–1988")
    quote = mets_player.locator("blockquote a").first
    said = quote.inner_text().strip("“”")
    quote.click()
    expect(page).to_have_url(re.compile(r"/id/article/[^#]+#s\d+-\d+$"))
    target = page.locator(".sentence:target")
    expect(target).to_have_count(1)
    expect(target).to_have_text(said)
    expect(page.locator("#article-text a.mention.Person").first).to_be_visible()
    assert page.locator("#article-text a.mention").count() > 50


def test_draw_the_backman_alderson_collins_picture(page: Page, server: str) -> None:
    page.goto(server + "/connections?among=Wally+Backman&among=Sandy+Alderson&among=Terry+Collins")
    expect(page.locator("#picture[data-drawn]")).to_have_count(1)
    labels = page.evaluate("window.bbkgPicture.nodes().map(n => n.data('label'))")
    assert {"Wally Backman", "Sandy Alderson", "Terry Collins", "New York Mets"} <= set(labels)
    assert {"Las Vegas 51s", "Brooklyn Cyclones"} <= set(labels)  # affiliates Backman managed
    edges = page.evaluate("window.bbkgPicture.edges().map(e => e.data('label'))")
    assert "manager 2011–2017" in edges  # Collins with the Mets: an article's 2011, the record's seasons
    assert any("2011" in e and "GraphFrames" in e for e in edges)  # Backman and Collins together, computed
    # The same nodes as links, for keyboards and screen readers; each leads to its page.
    page.locator("#picture-nodes a", has_text="Terry Collins").click()
    expect(page).to_have_url(server + "/id/person/collite99")


def test_pages_have_labelled_controls_and_a_skip_link(page: Page, server: str) -> None:
    for path in ("/", "/id/person/backmwa01", "/connections?among=Wally+Backman&among=Terry+Collins"):
        page.goto(server + path)
        unlabelled = page.evaluate("""() => [...document.querySelectorAll(
            'main input, main select, main textarea, header input')]
            .filter(e => e.type !== 'hidden' && !e.labels.length && !e.getAttribute('aria-label'))
            .map(e => e.outerHTML)""")
        assert unlabelled == [], path
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.textContent") == "Skip to content"
