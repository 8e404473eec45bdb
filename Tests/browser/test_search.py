"""The search page in a real browser, opened from disk (file://) and over HTTP.

Expected results are computed from search-index.json with the rules the page promises (every word
must match the start of a word in the title, tags, description or note; a Hangul word of two or more
syllables also inside a word; initial consonants against titles and tags, and a word of initial
consonants only anywhere in a title's or a tag's initial consonants, as es-hangul's choseongIncludes),
then compared with what the page shows."""
import re
import time
import unicodedata
from urllib.parse import parse_qs, urlparse

import pytest

from conftest import page_url

selenium = pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

TRANSPORTS = ["file", "http"]
INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"


# MARK: - The rules, in Python


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text or "")
    stripped = re.sub(r"[\u0300-\u036f]", "", decomposed)
    return unicodedata.normalize("NFC", stripped).lower()


def words(text: str) -> list:
    return [w for w in re.split(r"[^\w]+|_", fold(text)) if w]


def initial(ch: str) -> str:
    code = ord(ch)
    return INITIALS[(code - 0xAC00) // 588] if 0xAC00 <= code <= 0xD7A3 else ch


def phrase_initials(text: str) -> str:
    """es-hangul's getChoseong without spaces: each syllable's initial, each bare consonant, nothing else."""
    return "".join(initial(ch) for ch in "".join(words(text)) if "가" <= ch <= "힣" or "ㄱ" <= ch <= "ㅎ")


def choseong_only(term: str) -> bool:
    return bool(term) and all(ch in INITIALS for ch in term)


def term_matches_word(term: str, word: str, field: int) -> bool:
    if word.startswith(term):
        return True
    if field < 2 and re.search("[ㄱ-ㅎ]", term) and len(word) >= len(term):
        if all(t == w or ("ㄱ" <= t <= "ㅎ" and initial(w) == t) for t, w in zip(term, word)):
            return True
    return bool(re.fullmatch("[가-힣]{2,}", term)) and term in word


def expected_titles(index: dict, query: str = "", category=None, tag=None) -> set:
    parents = [c.get("parent") for c in index["categories"]]

    def in_category(c, wanted):
        while c is not None:
            if c == wanted:
                return True
            c = parents[c]
        return False

    titles = set()
    for link in index["links"]:
        if category is not None and not in_category(link["c"], category):
            continue
        if tag is not None and tag not in link.get("g", []):
            continue
        tags = " ".join(index["tags"][g] for g in link.get("g", []))
        fields = [words(link["t"]), words(tags), words(link.get("s", "")), words(link.get("n", ""))]
        phrases = [phrase_initials(link["t"])] + [phrase_initials(index["tags"][g]) for g in link.get("g", [])]
        terms = words(query)
        if all(any(term_matches_word(t, w, f) for f, ws in enumerate(fields) for w in ws)
               or (choseong_only(t) and any(t in p for p in phrases)) for t in terms):
            titles.add(link["t"])
    return titles


# MARK: - Page helpers


def search_url(site_urls, transport, query=""):
    return page_url(site_urls[transport], "search/index.html" + (f"?{query}" if query else ""))


def wait_results(driver, timeout=5):
    """The result titles once the page has caught up with its form (it searches 80 ms after the
    last key, then writes the form's state into the URL; chosen tags are chips) and has not changed
    for a moment."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        time.sleep(0.1)
        current = driver.execute_script(
            """
            const form = document.querySelector('[data-search-form]');
            const params = new URLSearchParams(location.search);
            const value = name => (form.querySelector(`[name=${name}]`) || {value: ''}).value;
            const synced = (params.get('q') || '') === (value('q').trim() ? value('q') : '')
              && (params.get('category') || '') === value('category')
              && params.getAll('tag').join() === Array.from(
                form.querySelectorAll('[data-search-chosen-tags] [data-remove-tag]'), b => b.dataset.removeTag).join();
            return [synced, document.querySelector('[data-search-status]').textContent, location.search,
                    Array.from(document.querySelectorAll('[data-search-results] .link-title a'), a => a.textContent)];
            """
        )
        if current[0] and current == last:
            return current[3]
        last = current
    raise AssertionError(f"the search page did not settle: {last}")


def result_titles(driver) -> list:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] .link-title a'), a => a.textContent)"
    )


def type_query(driver, text):
    """Replaces the query as a person would (select all, type), so every change fires `input`."""
    field = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    if text:
        field.send_keys(text)
    return wait_results(driver)


def tag_select(driver) -> Select:
    """The tag filter once its options are in (the page fills them from the `tags` shard)."""
    element = driver.find_element(By.CSS_SELECTOR, "[data-search-tag]")
    WebDriverWait(driver, 5).until(lambda d: len(Select(element).options) > 1)
    return Select(element)


def chosen_tags(driver) -> list:
    """The ids of the tags the search filters by, as their chips name them."""
    return [b.get_attribute("data-remove-tag")
            for b in driver.find_elements(By.CSS_SELECTOR, "[data-search-chosen-tags] [data-remove-tag]")]


def status_text(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "[data-search-status]").text


def tag_id(index, name):
    return index["tags"].index(name)


def category_id(index, title):
    return next(i for i, c in enumerate(index["categories"]) if c["title"] == title)


# MARK: - Finding links


QUERIES = [
    pytest.param("swift", id="english-word"),
    pytest.param("SWIFT", id="case-insensitive"),
    pytest.param("한글", id="korean-word"),
    pytest.param("concurr", id="prefix"),
    pytest.param("위키", id="korean-prefix"),
    pytest.param("ㅎㄱ", id="initial-consonants"),
    pytest.param("가상 스레드", id="two-korean-words"),
    pytest.param("rust async", id="two-words"),
]


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("query", QUERIES)
def test_search_finds_the_right_links(browser, site_urls, reading_list_index, transport, query):
    driver = browser.driver
    driver.get(search_url(site_urls, transport))
    shown = type_query(driver, query)
    expected = expected_titles(reading_list_index, query)
    assert expected, f"the example data should have results for {query!r}"
    assert sorted(shown) == sorted(expected)
    assert str(len(expected)) in status_text(driver)


def test_expectations_match_the_examples(reading_list_index):
    """The rules above, on cases the design names: guards the Python copy of them."""
    titles = expected_titles(reading_list_index, "concurr")
    assert "Concurrency — The Swift Programming Language" in titles
    assert "한글 — 위키백과" in expected_titles(reading_list_index, "ㅎㄱ")
    assert "한글 — 위키백과" in expected_titles(reading_list_index, "한ㄱ")
    assert expected_titles(reading_list_index, "위키") >= {"한글 — 위키백과", "훈민정음 — 위키백과"}
    assert "네이버 나눔글꼴" in expected_titles(reading_list_index, "글꼴")


def test_initial_consonants_while_typing(browser, site_urls, reading_list_index):
    """A syllable then a bare consonant, as an input method shows it mid-word: 한ㄱ finds 한글."""
    driver = browser.driver
    driver.get(search_url(site_urls, "file"))
    shown = type_query(driver, "한ㄱ")
    assert "한글 — 위키백과" in shown
    assert sorted(shown) == sorted(expected_titles(reading_list_index, "한ㄱ"))


def test_titles_rank_above_tags_descriptions_and_notes(browser, site_urls, reading_list_index):
    driver = browser.driver
    driver.get(search_url(site_urls, "file"))
    shown = type_query(driver, "rust")
    in_title = [title for title in shown if any(w.startswith("rust") for w in words(title))]
    assert in_title and shown[: len(in_title)] == in_title, shown
    tagged = {l["t"] for l in reading_list_index["links"] if tag_id(reading_list_index, "Rust") in l.get("g", [])}
    rest = shown[len(in_title):]
    by_tag = [title for title in rest if title in tagged]
    assert rest[: len(by_tag)] == by_tag, rest


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_tag_filter_shows_only_that_tags_links(browser, site_urls, reading_list_index, transport):
    driver = browser.driver
    concurrency = tag_id(reading_list_index, "Concurrency")
    driver.get(search_url(site_urls, transport))
    tag_select(driver).select_by_value(str(concurrency))
    shown = wait_results(driver)
    assert sorted(shown) == sorted(expected_titles(reading_list_index, tag=concurrency))
    assert f"tag={concurrency}" in driver.current_url
    # With a query too: both must hold.
    shown = type_query(driver, "swift")
    assert sorted(shown) == sorted(expected_titles(reading_list_index, "swift", tag=concurrency))
    assert 0 < len(shown) < len(expected_titles(reading_list_index, "swift"))


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_category_filter_includes_subcategories(browser, site_urls, reading_list_index, transport):
    driver = browser.driver
    programming = category_id(reading_list_index, "Programming")
    driver.get(search_url(site_urls, transport, f"category={programming}"))
    shown = wait_results(driver)
    expected = expected_titles(reading_list_index, category=programming)
    assert sorted(shown) == sorted(expected)
    categories = {l["c"] for l in reading_list_index["links"] if l["t"] in expected}
    assert len(categories) > 1, "Programming's links should come from its subcategories too"
    assert Select(driver.find_element(By.CSS_SELECTOR, "[data-search-category]")).first_selected_option.get_attribute(
        "value") == str(programming)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_every_word_must_match_and_no_results_says_so(browser, site_urls, transport):
    driver = browser.driver
    driver.get(search_url(site_urls, transport))
    assert type_query(driver, "swift")
    assert type_query(driver, "swift zzyzxq") == []
    status = driver.find_element(By.CSS_SELECTOR, "[data-search-status]")
    assert status.is_displayed()
    assert "No links match" in status.text and "swift zzyzxq" in status.text
    hint = driver.find_element(By.CSS_SELECTOR, "[data-search-empty]")
    assert hint.is_displayed() and hint.text.strip()


def test_results_show_title_domain_tags_and_category(browser, site_urls, reading_list_index):
    driver = browser.driver
    driver.get(search_url(site_urls, "file", "q=tokio"))
    wait_results(driver)
    item = driver.find_element(By.CSS_SELECTOR, "[data-search-results] > li")
    link = next(l for l in reading_list_index["links"] if l["t"] == "Tokio Tutorial")
    assert item.find_element(By.CSS_SELECTOR, ".link-title a").get_attribute("href") == link["u"]
    # The domain, after its icon (here the drawn initial: the example has no icon of tokio.rs).
    domain = item.find_element(By.CSS_SELECTOR, ".domain")
    assert domain.text.split("\n")[-1] == link["d"]
    assert domain.get_attribute("data-i") == "T", "the initial, drawn by the stylesheet"
    tags = [a.text for a in item.find_elements(By.CSS_SELECTOR, ".tags a")]
    assert tags == ["#" + reading_list_index["tags"][g] for g in link["g"]]
    category = item.find_element(By.CSS_SELECTOR, "a.link-category")
    assert category.text == reading_list_index["categories"][link["c"]]["trail"]
    category.click()
    assert driver.current_url.endswith("c/programming/rust/index.html")
    assert "Rust" in driver.find_element(By.TAG_NAME, "h1").text


def test_matches_are_highlighted(browser, site_urls):
    driver = browser.driver
    driver.get(search_url(site_urls, "file", "q=concurr"))
    wait_results(driver)
    marks = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] .link-title mark'), m => m.textContent)"
    )
    assert marks and all(m.lower() == "concurr" for m in marks)


# MARK: - The URL and history


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_query_in_the_url_round_trips(browser, site_urls, reading_list_index, transport):
    driver = browser.driver
    driver.get(search_url(site_urls, transport, "q=swift"))
    shown = wait_results(driver)
    assert sorted(shown) == sorted(expected_titles(reading_list_index, "swift"))
    field = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    assert field.get_attribute("value") == "swift"
    history_length = driver.execute_script("return history.length")
    shown = type_query(driver, "브라우저")
    assert shown and sorted(shown) == sorted(expected_titles(reading_list_index, "브라우저"))
    WebDriverWait(driver, 5).until(lambda d: parse_qs(urlparse(d.current_url).query).get("q") == ["브라우저"])
    # Typing replaces the history entry instead of adding one per key.
    assert driver.execute_script("return history.length") == history_length
    driver.refresh()
    assert wait_results(driver) == shown
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-input]").get_attribute("value") == "브라우저"


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_back_button_undoes_a_filter_change(browser, site_urls, reading_list_index, transport):
    driver = browser.driver
    driver.get(search_url(site_urls, transport, "q=swift"))
    everything = wait_results(driver)
    concurrency = tag_id(reading_list_index, "Concurrency")
    tag_select(driver).select_by_value(str(concurrency))
    filtered = wait_results(driver)
    assert 0 < len(filtered) < len(everything)
    assert parse_qs(urlparse(driver.current_url).query) == {"q": ["swift"], "tag": [str(concurrency)]}
    driver.back()
    WebDriverWait(driver, 5).until(lambda d: "tag=" not in d.current_url)
    assert wait_results(driver) == everything
    assert chosen_tags(driver) == []
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-input]").get_attribute("value") == "swift"
    driver.forward()
    WebDriverWait(driver, 5).until(lambda d: "tag=" in d.current_url)
    assert wait_results(driver) == filtered


def test_clicking_a_result_tag_filters_by_it(browser, site_urls, reading_list_index):
    driver = browser.driver
    driver.get(search_url(site_urls, "http", "q=tokio"))
    wait_results(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-search-results] .tags a").click()
    first_tag = next(l for l in reading_list_index["links"] if l["t"] == "Tokio Tutorial")["g"][0]
    WebDriverWait(driver, 5).until(lambda d: f"tag={first_tag}" in d.current_url)
    assert chosen_tags(driver) == [str(first_tag)]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_header_search_box_leads_to_the_search_page(browser, site_urls, reading_list_index, transport):
    driver = browser.driver
    driver.get(page_url(site_urls[transport], "c/programming/swift/index.html"))
    field = driver.find_element(By.CSS_SELECTOR, ".mini-search input[type=search]")
    field.send_keys("스레드", Keys.ENTER)
    WebDriverWait(driver, 5).until(lambda d: "/search/index.html" in d.current_url)
    shown = wait_results(driver)
    assert shown and sorted(shown) == sorted(expected_titles(reading_list_index, "스레드"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-input]").get_attribute("value") == "스레드"


# MARK: - Recent searches and the keyboard


def test_recent_searches_are_kept_and_clickable(browser, site_urls, reading_list_index):
    driver = browser.driver
    url = search_url(site_urls, "http")
    browser.clear_storage(url)
    driver.get(url)
    recent = driver.find_element(By.CSS_SELECTOR, "[data-search-recent]")
    assert not recent.is_displayed()
    field = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    type_query(driver, "tokio")
    field.send_keys(Keys.ENTER)
    type_query(driver, "neovim")
    field.send_keys(Keys.ENTER)
    wait_results(driver)
    driver.get(url)  # a fresh visit: the list comes from localStorage
    recent = driver.find_element(By.CSS_SELECTOR, "[data-search-recent]")
    driver.find_element(By.CSS_SELECTOR, "[data-search-input]").click()
    assert recent.is_displayed()
    buttons = recent.find_elements(By.CSS_SELECTOR, "[data-search-recent-list] button")
    assert [b.text for b in buttons] == ["neovim", "tokio"]
    buttons[1].click()
    assert sorted(wait_results(driver)) == sorted(expected_titles(reading_list_index, "tokio"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-input]").get_attribute("value") == "tokio"
    assert not recent.is_displayed()  # hidden while the input has a query
    assert "q=tokio" in driver.current_url
    # Clearing forgets them.
    type_query(driver, "")
    recent.find_element(By.CSS_SELECTOR, "[data-search-recent-clear]").click()
    assert not recent.is_displayed()
    assert driver.execute_script("return localStorage.getItem('linky-recent-searches')") is None


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_arrow_keys_move_through_results(browser, site_urls, transport):
    driver = browser.driver
    driver.get(search_url(site_urls, transport))
    shown = type_query(driver, "rust")
    assert len(shown) >= 3
    field = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    field.send_keys(Keys.ARROW_DOWN)
    active = driver.switch_to.active_element
    assert active.text == shown[0]
    assert active.get_attribute("href") == driver.find_element(
        By.CSS_SELECTOR, "[data-search-results] .link-title a").get_attribute("href")
    active.send_keys(Keys.ARROW_DOWN)
    assert driver.switch_to.active_element.text == shown[1]
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
    assert driver.switch_to.active_element.get_attribute("data-search-input") is not None


def test_enter_on_a_result_follows_it(browser, site_urls, reading_list_server):
    driver = browser.driver
    driver.get(search_url(site_urls, "http", "q=jq"))
    shown = wait_results(driver)
    assert shown == ["jq"]
    # Point the result at a page of this server: following it must not leave the machine.
    target = site_urls["http"] + "tags/index.html"
    driver.execute_script("document.querySelector('[data-search-results] .link-title a').href = arguments[0]", target)
    driver.find_element(By.CSS_SELECTOR, "[data-search-input]").send_keys(Keys.ARROW_DOWN)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    WebDriverWait(driver, 5).until(lambda d: d.current_url == target)


# MARK: - Hostile and accented text


@pytest.fixture(scope="module")
def odd_site(build_site, tmp_path_factory):
    site = tmp_path_factory.mktemp("odd-site")
    (site / "links" / "misc").mkdir(parents=True)
    (site / "linky.yml").write_text("title: Odd\n", encoding="utf-8")
    (site / "links" / "misc" / "markup.md").write_text(
        "---\n"
        "url: https://example.com/markup\n"
        "title: '<img src=x onerror=\"window.__xss=1\">Bold <b>claims</b>'\n"
        "description: '<script>window.__xss=2</script> described'\n"
        "tags: ['<i>tag</i>']\n"
        "---\n",
        encoding="utf-8",
    )
    (site / "links" / "misc" / "creme.md").write_text(
        "---\nurl: https://example.com/creme\ntitle: Crème brûlée at Café Noël\ndescription: Dessert\n---\n",
        encoding="utf-8",
    )
    return build_site(site)


def test_markup_in_data_is_shown_as_text(browser, odd_site):
    driver = browser.driver
    # The view another test chose (Compact hides descriptions) is kept in file://'s shared storage.
    browser.clear_storage((odd_site / "search" / "index.html").as_uri())
    driver.get((odd_site / "search" / "index.html").as_uri() + "?q=bold")
    shown = wait_results(driver)
    assert shown == ['<img src=x onerror="window.__xss=1">Bold <b>claims</b>']
    results = driver.find_element(By.CSS_SELECTOR, "[data-search-results]")
    assert results.find_elements(By.CSS_SELECTOR, "img, script, b, i:not(.favicon)") == []
    assert "<script>" in results.text and "#<i>tag</i>" in results.text
    assert driver.execute_script("return window.__xss") is None


@pytest.mark.parametrize("query", ["creme brulee", "CRÈME", "cafe noel", "noël"])
def test_accents_and_case_are_ignored(browser, odd_site, query):
    driver = browser.driver
    driver.get((odd_site / "search" / "index.html").as_uri())
    assert type_query(driver, query) == ["Crème brûlée at Café Noël"]
