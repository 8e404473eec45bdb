/* linky-site search: no dependencies, works from file:// (the index comes from search-index.js).

   Every word of the query must match. A word matches the start of a word in a link's title, tags,
   description or note (스위프트 finds 스위프트에서, concurr finds Concurrency); a Hangul word of two
   or more syllables also matches inside a word (글꼴 finds 나눔글꼴); initial consonants match
   titles and tags (ㅅㅇㅍㅌ finds 스위프트, and so does 스위ㅍ while it is being typed). Ranking is
   title > tags > description > note; matching ignores case and accents.

   The page's state lives in the URL (?q=…&category=…&tag=…): typing replaces the history entry,
   submitting and changing a filter push one, so the back button steps through searches. Text is only
   ever put in the page with textContent: titles may contain markup. */
(function () {
  "use strict";
  var data = window.LINKY_SEARCH_INDEX;
  var form = document.querySelector("[data-search-form]");
  if (!data || !form) return;
  var input = form.querySelector("[data-search-input]");
  var categorySelect = form.querySelector("[data-search-category]") || document.createElement("select");
  var tagSelect = form.querySelector("[data-search-tag]") || document.createElement("select");
  var status = document.querySelector("[data-search-status]") || document.createElement("p");
  var list = document.querySelector("[data-search-results]");
  var empty = document.querySelector("[data-search-empty]");
  var recentBox = document.querySelector("[data-search-recent]");
  var recentList = recentBox && recentBox.querySelector("[data-search-recent-list]");
  var recentClear = recentBox && recentBox.querySelector("[data-search-recent-clear]");
  var stylesheet = document.querySelector("link[rel=stylesheet]");
  var root = form.hasAttribute("data-root")
    ? form.getAttribute("data-root")
    : ((stylesheet && stylesheet.getAttribute("href")) || "").replace(/assets\/style\.css$/, "");
  var korean = (document.documentElement.lang || "").toLowerCase().indexOf("ko") === 0;

  // ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ: the 19 initial consonants in syllable order. Non-ASCII text is
  // written as \u escapes so the script reads the same whatever encoding a server declares.
  var INITIALS = "\u3131\u3132\u3134\u3137\u3138\u3139\u3141\u3142\u3143\u3145\u3146\u3147\u3148\u3149\u314a\u314b\u314c\u314d\u314e";
  var WEIGHTS = [8, 4, 2, 1]; // title, tags, description, note
  var LIMIT = 200;
  var RECENT_KEY = "linky-recent-searches";
  var RECENT_COUNT = 8;

  // The page's words come from the template (data-text-*), so a theme can change them.
  function say(key, fallback, values) {
    var text = form.getAttribute("data-text-" + key) || fallback;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && name in values ? String(values[name]) : whole;
    });
  }

  // MARK: - Matching

  function fold(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
  }
  function words(text) {
    return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }
  function isConsonant(ch) {
    return ch >= "\u3131" && ch <= "\u314e";
  }
  function initialOf(ch) {
    var code = ch.charCodeAt(0);
    return code >= 0xac00 && code <= 0xd7a3 ? INITIALS[Math.floor((code - 0xac00) / 588)] : ch;
  }
  function isSyllables(term) {
    return /^[\uac00-\ud7a3]{2,}$/.test(term);
  }

  // How a term matches one folded word: 1 at its start, 0.6 inside it (Hangul terms of two or more
  // syllables), 0.5 by initial consonants (titles and tags only); plus 0.25 for the whole word.
  function matchWord(word, term, field) {
    var text = term.text;
    if (word.lastIndexOf(text, 0) === 0) return { start: 0, length: text.length, quality: word.length === text.length ? 1.25 : 1 };
    if (term.consonants && field < 2 && consonantsMatch(word, text)) return { start: 0, length: text.length, quality: 0.5 };
    if (term.inside) {
      var at = word.indexOf(text);
      if (at > 0) return { start: at, length: text.length, quality: 0.6 };
    }
    return null;
  }
  function consonantsMatch(word, text) {
    if (word.length < text.length) return false;
    for (var i = 0; i < text.length; i++) {
      var t = text[i], w = word[i];
      if (t !== w && !(isConsonant(t) && initialOf(w) === t)) return false;
    }
    return true;
  }

  function prepareTerms(query) {
    return words(query).map(function (text) {
      return {
        text: text, start: " " + text, whole: " " + text + " ",
        consonants: /[\u3131-\u314e]/.test(text), inside: isSyllables(text),
      };
    });
  }

  // Every distinct folded word gets an id; each link's words are kept as ids, field by field, in one
  // typed array (token = id * 4 + field). A query then decides once per distinct word whether it
  // matches, and checks links with integer lookups: with 100,000 links, scanning their text for
  // every keystroke was too slow.
  var wordList = [];
  var tokenStarts = new Int32Array(data.links.length + 1);
  var tokens = (function () {
    var ids = new Map();
    var buffer = new Int32Array(1 << 16), used = 0;
    function push(value) {
      if (used === buffer.length) { var bigger = new Int32Array(buffer.length * 2); bigger.set(buffer); buffer = bigger; }
      buffer[used++] = value;
    }
    data.links.forEach(function (link, index) {
      tokenStarts[index] = used;
      var tagNames = (link.g || []).map(function (id) { return data.tags[id]; }).join(" ");
      [link.t, tagNames, link.s, link.n].forEach(function (text, field) {
        words(text).forEach(function (word) {
          var id = ids.get(word);
          if (id === undefined) { id = wordList.length; ids.set(word, id); wordList.push(word); }
          push(id * 4 + field);
        });
      });
    });
    tokenStarts[data.links.length] = used;
    return buffer.subarray(0, used);
  })();
  var parents = data.categories.map(function (c) { return c.parent; });

  function inCategory(categoryId, wanted) {
    for (var c = categoryId; c !== undefined && c !== null; c = parents[c]) { if (c === wanted) return true; }
    return false;
  }

  // For one query word, how well each distinct word matches it: 1.25 the whole word, 1 its start,
  // 0.6 inside it (Hangul, two syllables or more), 0.5 by initial consonants (titles and tags only,
  // marked negative here so the field check can tell).
  function wordQualities(term) {
    var qualities = new Float32Array(wordList.length);
    var text = term.text, any = false;
    for (var id = 0; id < wordList.length; id++) {
      var word = wordList[id], quality = 0;
      if (word.lastIndexOf(text, 0) === 0) quality = word.length === text.length ? 1.25 : 1;
      else if (term.inside && word.indexOf(text) > 0) quality = 0.6;
      else if (term.consonants && consonantsMatch(word, text)) quality = -0.5;
      if (quality) { qualities[id] = quality; any = true; }
    }
    return any ? qualities : null;
  }

  // The link's score for the query: for each word, its best field weight times match quality; 0 when
  // any query word matches nothing.
  function score(index, tables) {
    var total = 0, from = tokenStarts[index], to = tokenStarts[index + 1];
    for (var t = 0; t < tables.length; t++) {
      var table = tables[t], best = 0;
      for (var k = from; k < to; k++) {
        var token = tokens[k], quality = table[token >> 2];
        if (!quality) continue;
        var field = token & 3;
        if (quality < 0) { if (field > 1) continue; quality = -quality; }
        var value = WEIGHTS[field] * quality;
        if (value > best) best = value;
      }
      if (!best) return 0;
      total += best;
    }
    return total;
  }

  function search(query, category, tag) {
    var terms = prepareTerms(query);
    var filtered = category !== "" || tag !== "";
    var results = [];
    if (!terms.length && !filtered) return results;
    var tables = [];
    for (var t = 0; t < terms.length; t++) {
      var table = wordQualities(terms[t]);
      if (!table) return results;  // a query word that matches no word at all: nothing can match
      tables.push(table);
    }
    for (var i = 0; i < data.links.length; i++) {
      var link = data.links[i];
      if (category !== "" && !inCategory(link.c, +category)) continue;
      if (tag !== "" && (link.g || []).indexOf(+tag) < 0) continue;
      var s = tables.length ? score(i, tables) : 1;
      if (s > 0) results.push({ index: i, score: s });
    }
    results.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    return results;
  }

  // MARK: - Showing results

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // `text` (of field `field`) with the parts that matched in <mark>, as DOM nodes (never as HTML).
  function highlighted(text, terms, field) {
    var fragment = document.createDocumentFragment();
    var ranges = [];
    var pattern = /[\p{L}\p{N}]+/gu, found;
    while ((found = pattern.exec(text))) {
      var original = found[0], folded = fold(original);
      for (var i = 0; i < terms.length; i++) {
        var match = matchWord(folded, terms[i], field);
        if (!match) continue;
        // Folding keeps lengths for nearly all text; where it does not, mark the whole word.
        var sameLength = folded.length === original.length;
        ranges.push(sameLength
          ? [found.index + match.start, found.index + match.start + match.length]
          : [found.index, found.index + original.length]);
      }
    }
    ranges.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var position = 0;
    ranges.forEach(function (range) {
      if (range[0] < position) return;
      if (range[0] > position) fragment.appendChild(document.createTextNode(text.slice(position, range[0])));
      fragment.appendChild(element("mark", "", text.slice(range[0], range[1])));
      position = range[1];
    });
    if (position < text.length) fragment.appendChild(document.createTextNode(text.slice(position)));
    return fragment;
  }

  function stateURL(query, category, tag) {
    var params = new URLSearchParams();
    if (query) params.set("q", query);
    if (category) params.set("category", category);
    if (tag) params.set("tag", tag);
    var search = params.toString();
    return location.pathname + (search ? "?" + search : "");
  }

  function resultItem(link, terms) {
    var item = element("li", "link" + (link.f ? " is-favorite" : ""));
    var article = element("article");
    var title = element("h2", "link-title");
    var anchor = element("a");
    anchor.href = link.u;
    anchor.rel = "noopener";
    anchor.appendChild(highlighted(link.t, terms, 0));
    title.appendChild(anchor);
    if (link.f) {
      var star = element("span", "favorite");
      star.appendChild(element("span", "", "\u2605")).setAttribute("aria-hidden", "true");
      star.appendChild(element("span", "visually-hidden", say("favorite", "Favourite")));
      title.appendChild(document.createTextNode(" "));
      title.appendChild(star);
    }
    article.appendChild(title);

    var meta = element("p", "link-meta");
    meta.appendChild(element("span", "domain", link.d));
    if (link.a) {
      meta.appendChild(document.createTextNode(" \u00b7 "));
      var time = element("time", "", link.a);
      time.setAttribute("datetime", link.a);
      meta.appendChild(time);
    }
    var category = data.categories[link.c];
    if (category && link.c !== 0) {
      meta.appendChild(document.createTextNode(" \u00b7 "));
      var categoryLink = element("a", "link-category", category.trail || category.title);
      categoryLink.href = root + category.href;
      meta.appendChild(categoryLink);
    }
    if (link.p) {
      meta.appendChild(document.createTextNode(" \u00b7 "));
      var note = element("a", "note-link", say("note", korean ? "\uba54\ubaa8" : "Note"));
      note.href = root + link.p;
      meta.appendChild(note);
    }
    article.appendChild(meta);
    if (link.s) {
      var description = element("p", "link-description");
      description.appendChild(highlighted(link.s, terms, 2));
      article.appendChild(description);
    }
    if (link.g && link.g.length) {
      var tags = element("ul", "tags");
      link.g.forEach(function (id) {
        var li = element("li"), a = element("a", "", "#" + data.tags[id]);
        a.href = stateURL(input.value.trim(), categorySelect.value, String(id));
        a.setAttribute("data-tag", String(id));
        li.appendChild(a);
        tags.appendChild(li);
      });
      article.appendChild(tags);
    }
    item.appendChild(article);
    return item;
  }

  function render(results, query) {
    var terms = prepareTerms(query);
    list.textContent = "";
    var fragment = document.createDocumentFragment();
    results.slice(0, LIMIT).forEach(function (result) {
      fragment.appendChild(resultItem(data.links[result.index], terms));
    });
    list.appendChild(fragment);
    var active = terms.length > 0 || categorySelect.value !== "" || tagSelect.value !== "";
    var none = active && !results.length;
    if (!active) status.textContent = "";
    else if (none) {
      status.textContent = query.trim()
        ? say("no-results-query", "No links match \u201c{query}\u201d.", { query: query.trim() })
        : say("no-results", "No links match.");
    } else {
      status.textContent = results.length === 1
        ? say("one-result", "1 result")
        : say("results", "{count} results", { count: results.length });
      if (results.length > LIMIT) status.textContent += " " + say("limit", "(showing {limit})", { limit: LIMIT });
    }
    status.classList.toggle("is-empty", none);
    if (empty) empty.hidden = !none;
    list.hidden = !results.length;
    showRecent();
  }

  // MARK: - State and the URL

  function update(mode) {
    var query = input.value;
    render(search(query, categorySelect.value, tagSelect.value), query);
    var url = stateURL(query.trim() ? query : "", categorySelect.value, tagSelect.value);
    if (url === location.pathname + location.search) return;
    try {
      if (mode === "push") history.pushState(null, "", url);
      else history.replaceState(null, "", url);
    } catch (e) { /* some browsers refuse history changes on file:// pages */ }
  }

  function fromURL() {
    var params = new URLSearchParams(location.search);
    input.value = params.get("q") || "";
    setSelect(categorySelect, params.get("category"));
    setSelect(tagSelect, params.get("tag"));
    update("none");
  }

  function setSelect(select, value) {
    select.value = value || "";
    if (select.value !== (value || "")) select.value = ""; // an id this site does not have
  }

  // MARK: - Recent searches

  function recentQueries() {
    try {
      var stored = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
      return Array.isArray(stored) ? stored.filter(function (q) { return typeof q === "string" && q.trim(); }) : [];
    } catch (e) {
      return []; // storage may be disabled
    }
  }

  function remember(query) {
    query = query.trim();
    if (!query) return;
    var recent = recentQueries().filter(function (q) { return q !== query; });
    recent.unshift(query);
    try { localStorage.setItem(RECENT_KEY, JSON.stringify(recent.slice(0, RECENT_COUNT))); } catch (e) { /* full or disabled */ }
    showRecent();
  }

  function showRecent() {
    if (!recentBox || !recentList) return;
    var recent = input.value.trim() ? [] : recentQueries();
    recentList.textContent = "";
    recent.forEach(function (query) {
      var li = element("li"), button = element("button", "recent-query", query);
      button.type = "button";
      button.addEventListener("click", function () {
        input.value = query;
        remember(query);
        update("push");
        input.focus();
      });
      li.appendChild(button);
      recentList.appendChild(li);
    });
    recentBox.hidden = !recent.length;
  }

  // MARK: - Events

  var timer;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { update("replace"); }, 80);
  });
  input.addEventListener("focus", showRecent);
  categorySelect.addEventListener("change", function () { update("push"); });
  tagSelect.addEventListener("change", function () { update("push"); });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(timer);
    remember(input.value);
    update("push");
  });
  window.addEventListener("popstate", fromURL);
  if (recentClear) {
    recentClear.addEventListener("click", function () {
      try { localStorage.removeItem(RECENT_KEY); } catch (e) { /* disabled */ }
      showRecent();
      input.focus();
    });
  }

  list.addEventListener("click", function (event) {
    var target = event.target.closest("a");
    if (!target) return;
    var tag = target.getAttribute("data-tag");
    if (tag !== null && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
      event.preventDefault();
      setSelect(tagSelect, tag);
      update("push");
      return;
    }
    remember(input.value); // a search that led somewhere is worth keeping
  });

  // Arrow keys move between the results' titles (or the recent searches), and back to the input.
  function targets() {
    var anchors = list.querySelectorAll(".link-title a");
    if (!anchors.length && recentList && recentBox && !recentBox.hidden) anchors = recentList.querySelectorAll("button");
    return Array.prototype.slice.call(anchors);
  }
  function onArrow(event) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var all = targets();
    if (!all.length) return;
    var position = all.indexOf(document.activeElement);
    if (document.activeElement === input) {
      if (event.key !== "ArrowDown") return;
      all[0].focus();
    } else if (position < 0) {
      return;
    } else if (event.key === "ArrowDown") {
      if (position < all.length - 1) all[position + 1].focus();
    } else {
      (position > 0 ? all[position - 1] : input).focus();
    }
    event.preventDefault();
  }
  input.addEventListener("keydown", onArrow);
  list.addEventListener("keydown", onArrow);
  if (recentList) recentList.addEventListener("keydown", onArrow);

  // For scripts and benchmarks: the search the box runs (query, category id, tag id → results
  // [{index, score}], best first) and when the index was ready, in ms since navigation.
  window.linkySearch = { search: search, readyAt: performance.now() };

  fromURL();
  if (input.value.trim()) remember(input.value); // arrived with ?q=: a search from another page
})();
