/* linky-site search: no dependencies, works from file:// (the index comes from search-index.js).
   Every query word must match the start of a word (스위프트 finds 스위프트에서); ranking is
   title > tags > description > note; case- and accent-insensitive; ㅅㅇㅍㅌ finds 스위프트. */
(function () {
  "use strict";
  var data = window.LINKY_SEARCH_INDEX;
  var form = document.querySelector("[data-search-form]");
  if (!data || !form) return;
  var input = form.querySelector("[data-search-input]");
  var categorySelect = form.querySelector("[data-search-category]");
  var tagSelect = form.querySelector("[data-search-tag]");
  var status = document.querySelector("[data-search-status]");
  var list = document.querySelector("[data-search-results]");
  var root = (document.querySelector("link[rel=stylesheet]").getAttribute("href") || "").replace(/assets\/style\.css$/, "");
  var INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
  var WEIGHTS = [8, 4, 2, 1];
  var LIMIT = 200;
  var RECENT_KEY = "linky-recent-searches";

  function fold(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
  }
  function words(text) {
    return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }
  function initials(word) {
    var out = "";
    for (var i = 0; i < word.length; i++) {
      var code = word.charCodeAt(i);
      out += code >= 0xac00 && code <= 0xd7a3 ? INITIALS[Math.floor((code - 0xac00) / 588)] : word[i];
    }
    return out;
  }
  function isInitialsQuery(word) {
    return /^[ㄱ-ㅎ]+$/.test(word);
  }

  // Each link's fields, folded once: [title words, tag words, description words, note words].
  var prepared = data.links.map(function (link) {
    var tagNames = (link.g || []).map(function (id) { return data.tags[id]; }).join(" ");
    var fields = [words(link.t), words(tagNames), words(link.s), words(link.n)];
    return { fields: fields, initials: fields[0].concat(fields[1]).map(initials) };
  });
  var parents = data.categories.map(function (c) { return c.parent; });

  function inCategory(categoryId, wanted) {
    for (var c = categoryId; c !== undefined && c !== null; c = parents[c]) { if (c === wanted) return true; }
    return false;
  }

  function score(entry, terms) {
    var total = 0;
    for (var i = 0; i < terms.length; i++) {
      var term = terms[i], best = 0;
      for (var f = 0; f < entry.fields.length && best < WEIGHTS[f]; f++) {
        var fieldWords = entry.fields[f];
        for (var w = 0; w < fieldWords.length; w++) {
          if (fieldWords[w].lastIndexOf(term, 0) === 0) { best = Math.max(best, WEIGHTS[f] + (fieldWords[w] === term ? 0.5 : 0)); break; }
        }
      }
      if (!best && isInitialsQuery(term)) {
        for (var k = 0; k < entry.initials.length; k++) {
          if (entry.initials[k].lastIndexOf(term, 0) === 0) { best = 1.5; break; }
        }
      }
      if (!best) return 0;
      total += best;
    }
    return total;
  }

  function search(query, category, tag) {
    var terms = words(query);
    var results = [];
    for (var i = 0; i < data.links.length; i++) {
      var link = data.links[i];
      if (category !== "" && !inCategory(link.c, +category)) continue;
      if (tag !== "" && (link.g || []).indexOf(+tag) < 0) continue;
      var s = terms.length ? score(prepared[i], terms) : (category !== "" || tag !== "" ? 1 : 0);
      if (s > 0) results.push({ index: i, score: s });
    }
    results.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    return results;
  }

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function render(results, query) {
    list.textContent = "";
    results.slice(0, LIMIT).forEach(function (result) {
      var link = data.links[result.index];
      var item = element("li", "link");
      var title = element("h2", "link-title");
      var anchor = element("a", "", link.t);
      anchor.href = link.u;
      anchor.rel = "noopener";
      title.appendChild(anchor);
      item.appendChild(title);
      var meta = element("p", "link-meta", link.d + (link.a ? " · " + link.a : "") + " · ");
      var category = data.categories[link.c];
      var categoryLink = element("a", "", category.trail || category.title);
      categoryLink.href = root + category.href;
      meta.appendChild(categoryLink);
      if (link.p) {
        meta.appendChild(document.createTextNode(" · "));
        var note = element("a", "", document.documentElement.lang.indexOf("ko") === 0 ? "메모" : "Note");
        note.href = root + link.p;
        meta.appendChild(note);
      }
      item.appendChild(meta);
      if (link.s) item.appendChild(element("p", "link-description", link.s));
      if (link.g && link.g.length) {
        var tags = element("ul", "tags");
        link.g.forEach(function (id) {
          var li = element("li"), a = element("a", "", "#" + data.tags[id]);
          a.href = "?tag=" + id;
          li.appendChild(a);
          tags.appendChild(li);
        });
        item.appendChild(tags);
      }
      list.appendChild(item);
    });
    var hasFilter = categorySelect.value !== "" || tagSelect.value !== "";
    if (!query.trim() && !hasFilter) status.textContent = "";
    else if (!results.length) status.textContent = (document.documentElement.lang.indexOf("ko") === 0 ? "일치하는 링크가 없습니다: " : "No links match: ") + query;
    else status.textContent = results.length + (document.documentElement.lang.indexOf("ko") === 0 ? "개 결과" : " results") + (results.length > LIMIT ? " (" + LIMIT + ")" : "");
  }

  function update(push) {
    var query = input.value;
    render(search(query, categorySelect.value, tagSelect.value), query);
    var params = new URLSearchParams();
    if (query) params.set("q", query);
    if (categorySelect.value) params.set("category", categorySelect.value);
    if (tagSelect.value) params.set("tag", tagSelect.value);
    var url = location.pathname + (params.toString() ? "?" + params.toString() : "");
    try { history[push ? "pushState" : "replaceState"](null, "", url); } catch (e) { /* file:// in some browsers */ }
  }

  function fromURL() {
    var params = new URLSearchParams(location.search);
    input.value = params.get("q") || "";
    categorySelect.value = params.get("category") || "";
    tagSelect.value = params.get("tag") || "";
    update(false);
  }

  function remember(query) {
    if (!query.trim()) return;
    try {
      var recent = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]").filter(function (q) { return q !== query; });
      recent.unshift(query);
      localStorage.setItem(RECENT_KEY, JSON.stringify(recent.slice(0, 10)));
    } catch (e) { /* storage may be disabled */ }
  }

  var timer;
  input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(function () { update(false); }, 60); });
  categorySelect.addEventListener("change", function () { update(true); });
  tagSelect.addEventListener("change", function () { update(true); });
  form.addEventListener("submit", function (event) { event.preventDefault(); remember(input.value); update(true); });
  window.addEventListener("popstate", fromURL);
  list.addEventListener("keydown", function (event) {
    var anchors = Array.prototype.slice.call(list.querySelectorAll(".link-title a"));
    var position = anchors.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && position < anchors.length - 1) { anchors[position + 1].focus(); event.preventDefault(); }
    if (event.key === "ArrowUp") { (position > 0 ? anchors[position - 1] : input).focus(); event.preventDefault(); }
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { var first = list.querySelector(".link-title a"); if (first) { first.focus(); event.preventDefault(); } }
  });
  fromURL();
})();
