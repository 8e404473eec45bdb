/* linky-site search: no dependencies, works from file:// and over HTTP.

   The index is sharded (search/data/, written by `linky-site build`; the format is in
   Templates/README.md): a small manifest, then only the shards a query needs — term shards for the
   start of each query word, filter shards for a tag or category, result shards for the results on
   screen. From file:// each shard is loaded with <script> (it calls linkySearchShard); over HTTP the
   same file is fetched and its JSON parsed. A one-word query with no filter shows the build's
   precomputed best results; the tag filter's options arrive when the reader reaches for them.

   Every word of the query must match. A word matches the start of a word in a link's title, tags,
   description or note (스위프트 finds 스위프트에서, concurr finds Concurrency); a Hangul word of two
   or more syllables also matches inside a word (글꼴 finds 나눔글꼴); initial consonants match
   titles and tags (ㅅㅇㅍㅌ finds 스위프트, and so does 스위ㅍ while it is being typed), and a word of
   initial consonants only also matches inside words and across them, as es-hangul's
   choseongIncludes does (ㄱ finds 사과, ㅍㄹㅌㅇㄷㄱㅂㅈ finds 프론트엔드 개발자), ranked below a match
   at a word's start. Ranking is title > tags > description > note; matching ignores case and accents.

   The page's state lives in the URL (?q=…&category=…&tag=…): typing replaces the history entry,
   submitting and changing a filter push one, so the back button steps through searches. Text is only
   ever put in the page with textContent: titles may contain markup. */
(function () {
  "use strict";
  var form = document.querySelector("[data-search-form]");
  if (!form) return;
  var input = form.querySelector("[data-search-input]");
  var categorySelect = form.querySelector("[data-search-category]") || document.createElement("select");
  var tagSelect = form.querySelector("[data-search-tag]") || document.createElement("select");
  var sortSelect = form.querySelector("[data-search-sort]") || document.createElement("select");
  var chosenBox = form.querySelector("[data-search-chosen]") || document.createElement("div");
  var chosenList = form.querySelector("[data-search-chosen-tags]") || document.createElement("ul");
  var toggle = form.querySelector("[data-search-toggle]") || document.createElement("button");
  var activeCount = form.querySelector("[data-search-active]") || document.createElement("span");
  var panel = form.querySelector("[data-search-panel]") || document.createElement("div");
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

  // ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ: the 19 initial consonants in syllable order. Non-ASCII text is
  // written as \u escapes so the script reads the same whatever encoding a server declares.
  var INITIALS = "\u3131\u3132\u3134\u3137\u3138\u3139\u3141\u3142\u3143\u3145\u3146\u3147\u3148\u3149\u314a\u314b\u314c\u314d\u314e";
  var WEIGHTS = [8, 4, 2, 1]; // title, tags, description, note
  // How a word matches a query word: the whole word, its start, inside it (Hangul), by initial
  // consonants at its start, by initial consonants inside words or across them. Float32 as the
  // whole-index search had them.
  var QUALITIES = new Float32Array([1.25, 1, 0.6, 0.5, 0.4]);
  // A precomputed posting's score by its low four bits, `field << 2 | quality`; 11 and 15 (quality 3
  // in a description or note, which cannot occur) are quality 4 in a title and in a tag.
  var CODE_SCORES = new Float64Array(16);
  for (var code = 0; code < 16; code++) {
    CODE_SCORES[code] = code === 11 ? WEIGHTS[0] * QUALITIES[4]
      : code === 15 ? WEIGHTS[1] * QUALITIES[4] : WEIGHTS[code >> 2] * QUALITIES[code & 3];
  }
  var CHOSEONG_ONLY = new RegExp("^[" + INITIALS + "]+$");
  var LIMIT = 200;
  var RECENT_KEY = "linky-recent-searches";
  var RECENT_COUNT = 8;
  // The address's own parameters; any other names a facet (?license=MIT).
  var RESERVED = { q: 1, category: 1, tag: 1, sort: 1, fav: 1, live: 1 };
  var VALUES_SHOWN = 24; // a facet's values in the panel before "Show more"

  // How the site's language says numbers and days (data-words, from i18n/<language>.yml).
  var spoken = {};
  try { spoken = JSON.parse(form.getAttribute("data-words") || "{}"); } catch (error) { spoken = {}; }
  var pluralRules = typeof Intl === "object" && Intl.PluralRules
    ? new Intl.PluralRules(document.documentElement.lang || "en") : null;

  function grouped(number) {
    var digits = String(number), group = spoken.group === undefined ? "," : spoken.group;
    if (!group || digits.length < 3 + (spoken.minGrouping || 1)) return digits;
    return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  }

  // "{count} results" in the form the language's plural rules choose for `count`.
  function counted(forms, count, fallback) {
    forms = forms || {};
    var category = pluralRules ? pluralRules.select(count) : (count === 1 ? "one" : "other");
    var text = forms[category] || forms.other || fallback;
    return text.replace("{count}", grouped(count));
  }

  // 2024-05-01 as the language writes a day ("1 May 2024", "2024년 5월 1일").
  function day(iso) {
    var parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || "");
    if (!parts || !spoken.day || !spoken.months) return iso;
    var month = Number(parts[2]);
    return spoken.day.replace("{year}", parts[1]).replace("{month_number}", String(month))
      .replace("{month}", spoken.months[month - 1] || String(month)).replace("{day}", String(Number(parts[3])));
  }

  // The page's words come from the template (data-text-*), so a theme can change them.
  function say(key, fallback, values) {
    var text = form.getAttribute("data-text-" + key) || fallback;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && name in values ? String(values[name]) : whole;
    });
  }

  // MARK: - Loading shards

  var DATA = root + "search/data/";
  var overHTTP = /^https?:$/.test(location.protocol) && typeof fetch === "function";
  var shards = {};   // name → data
  var loading = {};  // name → promise of data

  window.linkySearchShard = function (name, data) { shards[name] = data; };

  function load(name) {
    if (shards[name]) return Promise.resolve(shards[name]);
    if (loading[name]) return loading[name];
    var url = DATA + name + ".js";
    var promise = overHTTP
      ? fetch(url).then(function (response) {
          if (!response.ok) throw new Error(url + ": HTTP " + response.status);
          return response.text();
        }).then(function (text) {
          return (shards[name] = JSON.parse(text.slice(text.indexOf(",") + 1, text.lastIndexOf(")"))));
        })
      : new Promise(function (resolve, reject) {
          var script = document.createElement("script");
          script.src = url;
          script.onload = function () {
            script.remove();
            if (shards[name]) resolve(shards[name]); else reject(new Error(url + " registered nothing"));
          };
          script.onerror = function () { script.remove(); reject(new Error(url + " did not load")); };
          document.head.appendChild(script);
        });
    loading[name] = promise;
    promise.catch(function () { delete loading[name]; }); // a later search may try again
    return promise;
  }

  var manifest = null;
  var ready = load("manifest").then(function (data) {
    manifest = data;
    Object.keys(data.inline || {}).forEach(function (name) { shards[name] = data.inline[name]; });
    return data;
  });

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
  function initials(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) out += initialOf(text[i]);
    return out;
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
  // The initial consonants of a text as es-hangul's getChoseong gives them, without its spaces: each
  // syllable's initial, each bare consonant as it is, and where each came from in `text`.
  function phraseInitials(text) {
    var out = "", at = [];
    for (var i = 0; i < text.length; i++) {
      var ch = text[i], code = ch.charCodeAt(0);
      if ((code >= 0xac00 && code <= 0xd7a3) || isConsonant(ch)) {
        out += initialOf(ch);
        at.push(i);
      }
    }
    return { text: out, at: at };
  }
  // The index into QUALITIES of how `word` matches `term`, or -1.
  function qualityOf(word, term) {
    var text = term.text;
    if (word.lastIndexOf(text, 0) === 0) return word.length === text.length ? 0 : 1;
    if (term.inside && word.indexOf(text) > 0) return 2;
    if (term.consonants && consonantsMatch(word, text)) return 3;
    return -1;
  }

  function prepareTerms(query) {
    return words(query).map(function (text) {
      return {
        text: text, consonants: /[\u3131-\u314e]/.test(text), inside: isSyllables(text),
        choseong: CHOSEONG_ONLY.test(text),
      };
    });
  }

  // The shards [first, last] of a term space that hold the keys starting with `prefix`: each
  // shard's smallest key is in the manifest, sorted as JavaScript compares strings.
  function shardRange(separators, prefix) {
    return [lastBelow(separators, prefix, true), lastBelow(separators, prefix + "\uffff", false)];
  }
  function lastBelow(sorted, value, orEqual) {
    var low = 0, high = sorted.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (sorted[middle] < value || (orEqual && sorted[middle] === value)) low = middle + 1; else high = middle;
    }
    return Math.max(low - 1, 0);
  }
  function firstAtLeast(keys, value) {
    var low = 0, high = keys.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (keys[middle] < value) low = middle + 1; else high = middle;
    }
    return low;
  }

  // One query word's matches: each matching link's best field weight times match quality, as
  // sorted ids and their values. Words that would need more than a few term shards (a, th, ㄱ) have
  // their result precomputed in the `a` space.
  var termResults = new Map();
  function termResult(term) {
    var known = termResults.get(term.text);
    if (known) return Promise.resolve(known);
    var parts = termParts(term);
    var found = isPrecomputed(term, parts) ? fromAggregate(term) : Promise.resolve(null);
    return found.then(function (result) {
      return result || fromWords(term, parts);
    }).then(function (result) {
      if (termResults.size > 64) termResults.clear();
      termResults.set(term.text, result);
      return result;
    });
  }

  // The term shards a query word needs: [space, key prefix, [first shard, last shard]] per space.
  function termParts(term) {
    var parts = [["w", term.text]];
    if (term.inside) parts.push(["i", term.text]);
    if (term.consonants) parts.push(["c", initials(term.text)]);
    if (term.choseong && manifest.terms.p) parts.push(["p", term.text]);
    parts.forEach(function (part) { part.push(shardRange(manifest.terms[part[0]], part[1])); });
    return parts;
  }
  // Whether the build precomputed the word's result (in the `a` space, its best in `b`). A word of
  // initial consonants only has a third range, `p`, whose first shard is not counted.
  function isPrecomputed(term, parts) {
    var count = 0;
    parts.forEach(function (part) { count += part[2][1] - part[2][0] + 1; });
    if (parts.length > 2 && parts[2][0] === "p") count -= 1;
    return count > manifest.aggregate_above && (!term.consonants || initials(term.text) === term.text);
  }

  // Lists of numbers in the shards are strings: 5 bits a character, least significant first, in the
  // URL-safe base-64 alphabet, where characters 32-63 say that more of the number follows.
  var DIGITS = new Int8Array(128);
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".split("").forEach(function (ch, i) {
    DIGITS[ch.charCodeAt(0)] = i;
  });
  function numbers(text) {
    var out = [], value = 0, shift = 0;
    for (var i = 0; i < text.length; i++) {
      var digit = DIGITS[text.charCodeAt(i)];
      value |= (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else { out.push(value); value = 0; shift = 0; }
    }
    return out;
  }

  // A precomputed word's entry in space `a` or `b`: its shard and its place there; null when the
  // word has none after all (then it is matched word by word).
  function precomputedEntry(space, word) {
    return load(space + lastBelow(manifest.terms[space], word, true)).then(function (shard) {
      var at = firstAtLeast(shard.keys, word);
      return shard.keys[at] === word ? { shard: shard, at: at } : null;
    });
  }
  // A link's score for a precomputed word, from the low bits of its posting: `field << 2 | quality`.
  function precomputedScore(posting) {
    return CODE_SCORES[posting & 15];
  }

  // A precomputed word's result stays packed (its postings text) until it is used: on its own it is
  // decoded whole (`unpacked`); after another word it is only walked for that word's links
  // (`intersect`), which spares a letter's 60,000 postings being decoded and stored at 100k links.
  function fromAggregate(term) {
    return precomputedEntry("a", term.text).then(function (entry) {
      return entry && { packed: entry.shard.postings[entry.at] };
    });
  }
  function unpacked(result) {
    if (!result.packed) return result;
    // Each number ends with a character below 32, so there are at most as many as characters.
    var text = result.packed, ids = new Int32Array(text.length), values = new Float64Array(text.length);
    var n = 0, id = 0, posting = 0, shift = 0;
    for (var i = 0; i < text.length; i++) {
      var digit = DIGITS[text.charCodeAt(i)];
      posting |= (digit & 31) << shift;
      if (digit & 32) { shift += 5; continue; }
      id += posting >> 4;
      ids[n] = id;
      values[n++] = precomputedScore(posting);
      posting = 0;
      shift = 0;
    }
    return { ids: ids.subarray(0, n), values: values.subarray(0, n) };
  }

  // The first results of a one-word query, precomputed in rank order (`b` space), and how many
  // there are: what the box shows for `a` or `th` without loading and ranking the whole result.
  function bestOf(term) {
    if (!manifest.terms.b) return Promise.resolve(null);
    return precomputedEntry("b", term.text).then(function (entry) {
      if (!entry) return null;
      var shard = entry.shard, at = entry.at;
      var results = numbers(shard.best[at]).map(function (posting) {
        return { index: posting >> 4, score: precomputedScore(posting) };
      });
      // The first of them as results show them: on screen without waiting for their result shards.
      if (shownAhead.size > 4096) shownAhead.clear();
      (shard.shown[at] || []).forEach(function (link, n) {
        shownAhead.set(results[n].index, { link: link, tags: shard.tags, labels: shard.labels || {} });
      });
      return { results: results, total: shard.totals[at] };
    });
  }

  function fromWords(term, parts) {
    var names = [];
    parts.forEach(function (part) {
      for (var n = part[2][0]; n <= part[2][1]; n++) names.push(part[0] + n);
    });
    return Promise.all(names.map(load)).then(function () {
      var best = scratch(), touched = { ids: new Int32Array(64), count: 0 };
      var seen = new Set();
      parts.forEach(function (part) {
        for (var n = part[2][0]; n <= part[2][1]; n++) {
          var shard = shards[part[0] + n];
          for (var k = firstAtLeast(shard.keys, part[1]); k < shard.keys.length; k++) {
            if (shard.keys[k].lastIndexOf(part[1], 0) !== 0) break;
            // A title's or tag's initial consonants from this key's place on: each key once, in
            // titles and tags only, below every match at a word's start.
            if (part[0] === "p") { addPostings(shard.postings[k], 4, best, touched); continue; }
            var word = shard.words ? shard.words[k] : shard.keys[k];
            if (seen.has(word)) continue;
            seen.add(word);
            var quality = qualityOf(word, term);
            if (quality >= 0) addPostings(shard.postings[k], quality, best, touched);
          }
        }
      });
      var ids = touched.ids.subarray(0, touched.count).sort(), values = new Float64Array(ids.length);
      for (var i = 0; i < ids.length; i++) {
        values[i] = best[ids[i]];
        best[ids[i]] = 0; // clean for the next word
      }
      return { ids: ids, values: values };
    });
  }

  // Each link's best value for the word being matched: one array for all words, all zero between them.
  var bestValues = null;
  function scratch() {
    if (!bestValues) bestValues = new Float64Array(manifest.links);
    return bestValues;
  }

  // Adds one word's postings (a list of numbers, decoded here: this is the hot loop of a query) to
  // each link's best value so far; links seen for the first time go into `touched`.
  function addPostings(text, quality, best, touched) {
    var factor = QUALITIES[quality], fieldsAllowed = quality >= 3 ? 3 : 15, id = 0, posting = 0, shift = 0;
    if (touched.ids.length < touched.count + text.length) {
      var grown = new Int32Array(Math.max(touched.ids.length * 2, touched.count + text.length));
      grown.set(touched.ids.subarray(0, touched.count));
      touched.ids = grown;
    }
    for (var i = 0; i < text.length; i++) {
      var digit = DIGITS[text.charCodeAt(i)];
      posting |= (digit & 31) << shift;
      if (digit & 32) { shift += 5; continue; }
      id += posting >> 4;
      var fields = posting & fieldsAllowed;
      posting = 0;
      shift = 0;
      if (!fields) continue;
      // The lowest field set is the heaviest.
      var field = fields & 1 ? 0 : fields & 2 ? 1 : fields & 4 ? 2 : 3;
      var value = WEIGHTS[field] * factor;
      if (best[id] === 0) touched.ids[touched.count++] = id;
      if (value > best[id]) best[id] = value;
    }
  }

  // The links of a tag, or of a category and its subcategories, as sorted ids.
  function filterIds(prefix, firsts, id) {
    // An id the site does not have (an old address, a hand-written one) matches no link.
    if (!firsts || !firsts.length || !(id >= 0)) return Promise.resolve(new Int32Array(0));
    var shard = lastBelow(firsts, id, true);
    return load(prefix + shard).then(function (data) { return decodedDeltas(data.lists[id - data.first]); });
  }

  // The ids of a filter shard's list `id` (prefix `l`: a label's links), or of none past the end.
  function labelIds(value) {
    return filterIds("l", manifest.label_shards, value);
  }

  // The union of sorted id lists.
  function union(lists) {
    if (lists.length === 1) return lists[0];
    var marks = new Uint8Array(manifest.links), count = 0;
    lists.forEach(function (ids) {
      for (var i = 0; i < ids.length; i++) if (!marks[ids[i]]) { marks[ids[i]] = 1; count++; }
    });
    var ids = new Int32Array(count), n = 0;
    for (var id = 0; id < marks.length; id++) if (marks[id]) ids[n++] = id;
    return ids;
  }

  // The favourites (`favorites`) or the dead links (`dead`), as sorted ids.
  function flagIds(which) {
    return load("flags").then(function (flags) { return decodedDeltas(flags[which]); });
  }

  function decodedDeltas(text) {
    var deltas = numbers(text || ""), ids = new Int32Array(deltas.length), value = 0;
    for (var i = 0; i < deltas.length; i++) ids[i] = value += deltas[i];
    return ids;
  }

  // `matched` without the links of sorted `ids`.
  function without(matched, ids) {
    var keep = [], values = [], j = 0;
    for (var i = 0; i < matched.ids.length; i++) {
      while (j < ids.length && ids[j] < matched.ids[i]) j++;
      if (j < ids.length && ids[j] === matched.ids[i]) continue;
      keep.push(matched.ids[i]);
      values.push(matched.values[i]);
    }
    return { ids: keep, values: values };
  }

  // Every link, for a view that filters or sorts without words.
  function everything() {
    var ids = new Int32Array(manifest.links);
    for (var i = 0; i < ids.length; i++) ids[i] = i;
    return { ids: ids, values: new Float64Array(ids.length).fill(1) };
  }

  // Links in both sorted lists; `values` add up in query order, as the whole-index search did. `b`
  // may be packed: its postings are then read only as far as `a`'s last link.
  function intersect(a, b) {
    if (b.packed) return intersectPacked(a, b.packed);
    var ids = [], values = [], i = 0, j = 0;
    while (i < a.ids.length && j < b.ids.length) {
      if (a.ids[i] < b.ids[j]) i++;
      else if (a.ids[i] > b.ids[j]) j++;
      else { ids.push(a.ids[i]); values.push(a.values[i] + (b.values ? b.values[j] : 0)); i++; j++; }
    }
    return { ids: ids, values: values };
  }
  function intersectPacked(a, text) {
    var ids = [], values = [], i = 0, id = 0, posting = 0, shift = 0, count = a.ids.length;
    for (var k = 0; k < text.length && i < count; k++) {
      var digit = DIGITS[text.charCodeAt(k)];
      posting |= (digit & 31) << shift;
      if (digit & 32) { shift += 5; continue; }
      id += posting >> 4;
      while (i < count && a.ids[i] < id) i++;
      if (i < count && a.ids[i] === id) {
        ids.push(id);
        values.push(a.values[i] + precomputedScore(posting));
        i++;
      }
      posting = 0;
      shift = 0;
    }
    return { ids: ids, values: values };
  }

  // What a search asks: `query` (words), `category` (an id, "" for all), `tags` (ids, all must match),
  // `labels` (per facet asked for, the value numbers wanted: any of them matches, every facet must),
  // `fav` (favourites only), `live` (no dead links), `sort` ("" by relevance, "title", "newest").
  // `search(query, category, tag)` also takes the first three as before, `tag` an id or a list of ids.
  function asking(query, category, tag) {
    if (query && typeof query === "object") return query;
    var tags = tag === undefined || tag === null || tag === "" ? [] : [].concat(tag);
    return { query: query || "", category: category || "", tags: tags.map(String), labels: [], fav: false, live: false, sort: "" };
  }

  function isFiltered(ask) {
    return ask.category !== "" || ask.tags.length > 0 || ask.labels.length > 0 || ask.fav || ask.live;
  }

  // The search the box runs: what is asked (`asking`) → a promise of [{index, score}], best first
  // (or in the order asked for).
  function search(query, category, tag) {
    var ask = asking(query, category, tag);
    return matching(ask).then(function (matched) {
      if (!matched) return [];
      return ask.sort ? sorted(matched.ids, ask.sort, matched.ids.length) : ranked(matched.ids, matched.values);
    });
  }

  // What the box shows: the first `limit` results as [{index, score}], and how many there are.
  function searchTop(query, category, tag, limit) {
    var ask = asking(query, category, tag);
    if (limit === undefined && typeof query === "object") limit = category;
    function whole() {
      return matching(ask).then(function (matched) {
        if (!matched) return { results: [], total: 0 };
        if (!ask.sort) return top(matched.ids, matched.values, limit);
        return sorted(matched.ids, ask.sort, limit).then(function (results) {
          return { results: results, total: matched.ids.length };
        });
      });
    }
    return ready.then(function () {
      var terms = prepareTerms(ask.query);
      if (terms.length !== 1 || isFiltered(ask) || ask.sort || !(limit <= manifest.aggregate_best)) return whole();
      if (!isPrecomputed(terms[0], termParts(terms[0]))) return whole();
      return bestOf(terms[0]).then(function (best) {
        return best ? { results: best.results.slice(0, limit), total: best.total } : whole();
      });
    });
  }

  // The links that match, as sorted ids and their scores; null when nothing is asked.
  function matching(ask) {
    return ready.then(function () {
      var terms = prepareTerms(ask.query);
      var filters = [];
      var category = ask.category;
      if (category !== "" && +category > 0 && +category < manifest.categories.length) {
        filters.push(filterIds("k", manifest.category_shards, +category));
      } else if (category !== "") {
        filters.push(Promise.resolve(new Int32Array(0)));
      }
      ask.tags.forEach(function (tag) { filters.push(filterIds("t", manifest.tag_shards, +tag)); });
      ask.labels.forEach(function (values) {
        filters.push(values.length ? Promise.all(values.map(labelIds)).then(union) : Promise.resolve(new Int32Array(0)));
      });
      if (ask.fav) filters.push(flagIds("favorites"));
      var dead = ask.live ? flagIds("dead") : null;
      if (!terms.length && !filters.length && !dead && !ask.sort) return null;
      return Promise.all([Promise.all(terms.map(termResult)), Promise.all(filters), dead]).then(function (found) {
        var matched = null;
        // Unpacked results first (a few words' matches), then the packed ones (a letter's) walked for them.
        var results = found[0].filter(function (r) { return !r.packed; }).concat(found[0].filter(function (r) { return r.packed; }));
        results.forEach(function (result) { matched = matched ? intersect(matched, result) : unpacked(result); });
        found[1].forEach(function (ids) {
          matched = matched ? intersect(matched, { ids: ids }) : { ids: ids, values: new Float64Array(ids.length).fill(1) };
        });
        if (!matched) matched = everything();
        if (found[2]) matched = without(matched, found[2]);
        return matched;
      });
    });
  }

  // The first `limit` of sorted `ids` in the order `sort` asks for, as [{index, score}]: `newest` is
  // the site's order (link ids are newest first), `title` the `titles` shard's, `stars` and `updated`
  // the `projects` shard's.
  var titleOrder = null, projectOrders = {};
  function sorted(ids, sort, limit) {
    if (sort === "stars" || sort === "updated") {
      // The links with project data in the `projects` shard's order, then the others in the site's.
      return load("projects").then(function (shard) {
        if (!projectOrders[sort]) projectOrders[sort] = numbers(shard[sort]);
        var order = projectOrders[sort];
        var wanted = new Uint8Array(manifest.links), out = [];
        for (var i = 0; i < ids.length; i++) wanted[ids[i]] = 1;
        for (var k = 0; k < order.length && out.length < limit; k++) {
          if (wanted[order[k]]) {
            out.push({ index: order[k], score: 0 });
            wanted[order[k]] = 0;
          }
        }
        for (var j = 0; j < ids.length && out.length < limit; j++) {
          if (wanted[ids[j]]) out.push({ index: ids[j], score: 0 });
        }
        return out;
      });
    }
    if (sort !== "title") {
      var results = [];
      for (var i = 0; i < ids.length && i < limit; i++) results.push({ index: ids[i], score: 0 });
      return Promise.resolve(results);
    }
    return load("titles").then(function (shard) {
      if (!titleOrder) titleOrder = numbers(shard.ids);
      var wanted = new Uint8Array(manifest.links), out = [];
      for (var i = 0; i < ids.length; i++) wanted[ids[i]] = 1;
      for (var k = 0; k < titleOrder.length && out.length < limit; k++) {
        if (wanted[titleOrder[k]]) out.push({ index: titleOrder[k], score: 0 });
      }
      return out;
    });
  }

  // Best score first, then by id. Scores take few distinct values (sums of weight × quality), so
  // links are grouped by score in id order and only the scores are sorted: with 100,000 results a
  // comparison sort of them all would cost a keystroke's whole budget.
  function ranked(ids, values) {
    var groups = new Map();
    for (var i = 0; i < ids.length; i++) {
      var group = groups.get(values[i]);
      if (!group) groups.set(values[i], (group = []));
      group.push(ids[i]);
    }
    var results = [];
    Array.from(groups.keys()).sort(function (a, b) { return b - a; }).forEach(function (score) {
      groups.get(score).forEach(function (id) { results.push({ index: id, score: score }); });
    });
    return results;
  }

  // The first `limit` of `ranked(ids, values)`, without ranking the rest: the scores are counted,
  // the lowest score that still makes the cut found, and only links at or above it are placed.
  function top(ids, values, limit) {
    var counts = new Map();
    for (var i = 0; i < ids.length; i++) counts.set(values[i], (counts.get(values[i]) || 0) + 1);
    var scores = Array.from(counts.keys()).sort(function (a, b) { return b - a; });
    var next = new Map(), taken = 0, cutoff = -Infinity;
    for (var s = 0; s < scores.length && taken < limit; s++) {
      next.set(scores[s], taken);
      taken += counts.get(scores[s]);
      cutoff = scores[s];
    }
    var results = new Array(Math.min(limit, ids.length));
    for (var j = 0; j < ids.length; j++) {
      if (values[j] < cutoff) continue;
      var at = next.get(values[j]);
      if (at < results.length) results[at] = { index: ids[j], score: values[j] };
      next.set(values[j], at + 1);
    }
    return { results: results, total: ids.length };
  }

  // Links whose result data came with a `b` shard: index → {link, tags}.
  var shownAhead = new Map();

  // What a result shows for link `index` ({link, tags}), if it is loaded.
  function resultData(index) {
    var ahead = shownAhead.get(index);
    if (ahead) return ahead;
    var shard = shards[resultShardName(index)];
    return shard ? { link: shard.links[index - shard.first], tags: shard.tags, labels: shard.labels || {} } : null;
  }

  // The result shard that holds link `index`.
  function resultShardName(index) {
    return "r" + Math.floor(index / manifest.results.size);
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
          ? [found.index + match.start, found.index + match.start + match.length, terms[i]]
          : [found.index, found.index + original.length, terms[i]]);
      }
    }
    // A word of initial consonants only that matched no word's start: where it is inside or across
    // words, syllable by syllable (ㅍㄹㅌㅇㄷㄱㅂㅈ marks 프론트엔드 and 개발자).
    if (field < 2) {
      var phrase = null;
      terms.forEach(function (term) {
        if (!term.choseong || ranges.some(function (range) { return range[2] === term; })) return;
        phrase = phrase || phraseInitials(text);
        for (var from = phrase.text.indexOf(term.text); from >= 0; from = phrase.text.indexOf(term.text, from + term.text.length)) {
          for (var k = from; k < from + term.text.length; k++) {
            var last = ranges[ranges.length - 1];
            if (k > from && last[1] === phrase.at[k]) last[1] += 1;
            else ranges.push([phrase.at[k], phrase.at[k] + 1]);
          }
        }
      });
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

  // The address of a view: the state (`state`), with `changes` made to a copy of it.
  function stateURL(changes) {
    var current = Object.assign({}, state, changes || {});
    var params = new URLSearchParams();
    if (current.q) params.set("q", current.q);
    if (current.category) params.set("category", current.category);
    current.tags.forEach(function (tag) { params.append("tag", tag); });
    if (current.sort) params.set("sort", current.sort);
    Object.keys(current.facets).sort().forEach(function (key) {
      current.facets[key].forEach(function (value) { params.append(key, value); });
    });
    if (current.fav) params.set("fav", "1");
    if (current.live) params.set("live", "1");
    var search = params.toString();
    return location.pathname + (search ? "?" + search : "");
  }

  // A picture of the index: a path from the site's root (`pictures/…`), or an address of its own.
  function pictureSource(path) {
    return /^https?:/i.test(path) ? path : root + path;
  }

  function picture(src, width, height) {
    var image = element("img");
    image.src = src;
    image.alt = "";
    if (width && height) {
      image.width = width;
      image.height = height;
    }
    image.loading = "lazy";
    image.decoding = "async";
    image.referrerPolicy = "no-referrer";
    return image;
  }

  // The domain's first letter (without `www.`), as the cards' drawn fallback shows it.
  function initial(domain) {
    var name = domain.replace(/^www\./, "");
    return name ? Array.from(name)[0].toUpperCase() : "?";
  }

  // The card's picture, for a link with a thumbnail (a link without one has no picture block: its
  // icon is in the meta line).
  function cardPicture(link) {
    // A second way to the link for the pointer, hidden from the keyboard and screen readers (the
    // title is the link they use).
    var box = element("a", "card-picture");
    box.href = link.u;
    box.tabIndex = -1;
    box.setAttribute("aria-hidden", "true");
    box.appendChild(picture(pictureSource(link.i), link.w, link.h));
    return box;
  }

  function domainLabel(link) {
    var domain = element("span", "domain");
    if (link.o) {
      var icon = picture(pictureSource(link.o));
      icon.className = "favicon";
      domain.appendChild(icon);
    } else {
      // The domain's initial on its colour, drawn by the stylesheet as partials/link_item has it.
      domain.className += " t" + (link.k || 0);
      domain.setAttribute("data-i", initial(link.d));
    }
    domain.appendChild(document.createTextNode(link.d));
    return domain;
  }

  // A count as cards show it: 950, 1.2k, 12.3k, 123k, 1.2M (TemplateContext.compactCount).
  function compact(count) {
    var mark = spoken.group === "." ? "," : ".";
    function scaled(unit, suffix) {
      var tenths = Math.floor((count * 10 + unit / 2) / unit);
      if (tenths >= 1000 || tenths % 10 === 0) return Math.floor((count + unit / 2) / unit) + suffix;
      return Math.floor(tenths / 10) + mark + (tenths % 10) + suffix;
    }
    if (count < 1000) return String(count);
    return count < 999500 ? scaled(1000, "k") : scaled(1000000, "M");
  }

  // The project line of a repository link (`r` stars, `q` last update, `v` 1 archived, 2 stale).
  function projectLine(link) {
    var line = element("p", "link-project");
    if (link.r !== undefined) {
      var stars = element("span", "project-stars");
      stars.title = grouped(link.r) + " " + say("stars", "stars");
      stars.appendChild(element("span", "", "\u2605")).setAttribute("aria-hidden", "true");
      stars.appendChild(document.createTextNode(" " + compact(link.r)));
      stars.appendChild(element("span", "visually-hidden", " " + say("stars", "stars")));
      line.appendChild(stars);
    }
    if (link.q) {
      var updated = element("span", "project-updated", say("updated", "updated") + " ");
      var time = element("time", "", day(link.q));
      time.setAttribute("datetime", link.q);
      updated.appendChild(time);
      line.appendChild(updated);
    }
    if (link.v) {
      line.appendChild(element("span", "project-badge " + (link.v === 1 ? "is-archived" : "is-stale"),
        link.v === 1 ? say("archived", "Archived") : say("stale", "Stale")));
    }
    return line;
  }

  function resultItem(link, terms, tagNames, labelNames) {
    var item = element("li", "link" + (link.f ? " is-favorite" : ""));
    if (link.i) item.appendChild(cardPicture(link));
    var article = element("div", "card-body");
    item.appendChild(article);
    var title = element("h2", "link-title");
    var anchor = element("a");
    anchor.href = link.u;
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
    meta.appendChild(domainLabel(link));
    if (link.a) {
      var time = element("time", "", day(link.a));
      time.setAttribute("datetime", link.a);
      meta.appendChild(time);
    }
    var category = manifest.categories[link.c];
    if (category && link.c !== 0) {
      var categoryLink = element("a", "link-category", category.trail || category.title);
      categoryLink.href = root + category.href;
      meta.appendChild(categoryLink);
    }
    if (link.p) {
      // `e`: a page without a note (`link_pages: all`), which items call "Details".
      var note = element("a", "note-link", link.e ? say("details", "Details") : say("note", "Note"));
      note.href = root + link.p;
      meta.appendChild(note);
    }
    article.appendChild(meta);
    if (link.r !== undefined || link.q || link.v) article.appendChild(projectLine(link));
    if (link.x) {
      // Found dead by `check --links` (`link-status.json`): said, not hidden.
      item.className += " is-dead";
      var health = element("p", "link-health is-dead");
      health.appendChild(element("span", "health-badge", say("dead", "Dead link")));
      health.appendChild(document.createTextNode(" " + say("dead-since", "found dead on") + " "));
      var since = element("time", "", day(link.x));
      since.setAttribute("datetime", link.x);
      health.appendChild(since);
      article.appendChild(health);
    }
    if (link.s) {
      var description = element("p", "link-description");
      description.appendChild(highlighted(link.s, terms, 2));
      article.appendChild(description);
    }
    if (link.l && link.l.length) {
      var labels = element("ul", "labels");
      link.l.forEach(function (value) {
        var chip = element("li", "label");
        chip.appendChild(highlighted(labelNames[value] || "", terms, 1));
        labels.appendChild(chip);
      });
      article.appendChild(labels);
    }
    if (link.g && link.g.length) {
      var tags = element("ul", "tags");
      link.g.forEach(function (id) {
        var li = element("li"), a = element("a", "", "#" + tagNames[id]);
        var chosen = state.tags.indexOf(String(id)) >= 0;
        a.href = stateURL({ tags: chosen ? state.tags : state.tags.concat([String(id)]) });
        a.setAttribute("data-tag", String(id));
        li.appendChild(a);
        tags.appendChild(li);
      });
      article.appendChild(tags);
    }
    return item;
  }

  // The results on screen: the first PAGE at once (all of them on a small site, whose shards are all
  // in the manifest), more as the end of the list scrolls into view, LIMIT at most.
  var PAGE = 8;
  var view = { results: [], terms: [], count: 0 };
  var listEnd = document.createElement("div");
  listEnd.setAttribute("aria-hidden", "true");
  list.parentNode.insertBefore(listEnd, list.nextSibling);

  function render(found, query) {
    var terms = prepareTerms(query), results = found.results, total = found.total;
    list.textContent = "";
    view = { results: results.slice(0, LIMIT), terms: terms, count: 0 };
    var active = terms.length > 0 || isFiltered(found.ask) || !!found.ask.sort;
    var none = active && !total;
    if (!active) status.textContent = "";
    else if (none) {
      status.textContent = query.trim()
        ? say("no-results-query", "No links match \u201c{query}\u201d.", { query: query.trim() })
        : say("no-results", "No links match.");
    } else {
      status.textContent = counted(spoken.results, total, "{count} results");
      if (total > LIMIT) status.textContent += " " + say("limit", "(showing {limit})", { limit: LIMIT });
    }
    status.classList.toggle("is-empty", none);
    if (empty) empty.hidden = !none;
    list.hidden = !total;
    showRecent();
    return more(manifest.inline ? LIMIT : PAGE);
  }

  // Shows `count` more results of the current view: each as soon as its result shard and those of
  // the results above it are in, so the first result does not wait for the eighth's shard.
  function more(count) {
    var current = view, to = Math.min(current.count + count, current.results.length);
    if (current.count >= to || current.busy) return Promise.resolve();
    current.busy = true;
    function flush() {
      if (current !== view) return;
      var fragment = document.createDocumentFragment(), before = current.count;
      while (current.count < to) {
        var data = resultData(current.results[current.count].index);
        if (!data) break;
        fragment.appendChild(resultItem(data.link, current.terms, data.tags, data.labels));
        current.count++;
      }
      list.appendChild(fragment);
      if (!before && current.count) form.dispatchEvent(new CustomEvent("linky-search-shown"));
    }
    flush();
    var names = [];
    for (var i = current.count; i < to; i++) {
      if (resultData(current.results[i].index)) continue;
      var name = resultShardName(current.results[i].index);
      if (names.indexOf(name) < 0) names.push(name);
    }
    // On a new list the first result's shard comes alone: the first result is on screen before the
    // others' shards compete with it for the connection and the main thread.
    var first = current.count === 0 && names.length > 1 ? load(names.shift()).then(flush) : Promise.resolve();
    return first.then(function () {
      if (current !== view) return;
      return Promise.all(names.map(function (name) { return load(name).then(flush); }));
    }).then(function () {
      current.busy = false;
      if (current === view) moreIfNear();
    }, function (error) {
      current.busy = false;
      failed(error);
    });
  }

  function moreIfNear() {
    if (view.count < view.results.length && listEnd.getBoundingClientRect().top < innerHeight * 1.25) more(PAGE * 2);
  }
  addEventListener("scroll", moreIfNear, { passive: true });
  addEventListener("resize", moreIfNear, { passive: true });

  function failed(error) {
    status.textContent = say("load-error", "The search data could not be loaded.");
    status.classList.add("is-empty");
    if (window.console) console.error(error);
  }

  // MARK: - The tag filter

  // Its options come from the `tags` shard: a large site has thousands of tags, which in the page
  // would weigh more than all the rest and slow its first paint. They are loaded when the reader
  // reaches for the filter (hover, touch, focus), when the URL or a result's tag needs one, or at
  // once when the manifest has them inline (a small site). Options a theme writes into the page stay.
  var tagsShown = tagSelect.options.length > 1;
  var tagsLoading = null;
  function tagOptions() {
    if (tagsShown) return Promise.resolve();
    if (!tagsLoading) {
      tagsLoading = ready.then(function () { return load("tags"); }).then(function (data) {
        if (tagsShown) return;
        var fragment = document.createDocumentFragment();
        data.names.forEach(function (name, id) {
          var option = element("option", "", "#" + name);
          option.value = String(id);
          fragment.appendChild(option);
        });
        tagSelect.appendChild(fragment);
        tagsShown = true;
      }, function (error) {
        tagsLoading = null; // reaching for the filter again tries again
        failed(error);
      });
    }
    return tagsLoading; // never rejects: whoever waits checks `tagsShown`
  }
  ["pointerenter", "touchstart", "focus"].forEach(function (type) {
    tagSelect.addEventListener(type, function () { tagOptions(); }, { passive: true });
  });
  // A click faster than the options: the list opens once they are in.
  tagSelect.addEventListener("mousedown", function (event) {
    if (tagsShown) return;
    event.preventDefault();
    tagOptions().then(function () {
      if (!tagsShown) return;
      tagSelect.focus();
      try { if (tagSelect.showPicker) tagSelect.showPicker(); } catch (e) { /* not allowed here */ }
    });
  });
  ready.then(function () { if (shards.tags) tagOptions(); });

  // MARK: - More filters: several tags, facets, favourites, dead links

  // The tags chosen, each a chip with a button that takes it out again.
  function showChosen() {
    chosenList.textContent = "";
    var names = shards.tags ? shards.tags.names : null;
    state.tags.forEach(function (tag) {
      var name = names && names[+tag] !== undefined ? "#" + names[+tag] : "#" + tag;
      var li = element("li", "search-chosen-tag"), button = element("button", "chip-remove");
      li.appendChild(element("span", "", name));
      button.type = "button";
      button.setAttribute("data-remove-tag", tag);
      button.setAttribute("aria-label", (chosenList.getAttribute("data-text-remove") || "Remove {name}").replace("{name}", name));
      button.appendChild(element("span", "", "\u00d7")).setAttribute("aria-hidden", "true");
      li.appendChild(button);
      chosenList.appendChild(li);
    });
    chosenList.hidden = !state.tags.length;
    if (state.tags.length && !names) tagOptions().then(function () { if (tagsShown) showChosen(); });
    // With tags chosen, the select adds another.
    var first = tagSelect.options[0];
    if (first) {
      if (!first.hasAttribute("data-any")) first.setAttribute("data-any", first.textContent);
      first.textContent = state.tags.length
        ? tagSelect.getAttribute("data-text-add-tag") || first.getAttribute("data-any") : first.getAttribute("data-any");
    }
    var count = (state.fav ? 1 : 0) + (state.live ? 1 : 0);
    Object.keys(state.facets).forEach(function (key) { count += state.facets[key].length; });
    activeCount.textContent = count ? " (" + count + ")" : "";
    chosenBox.hidden = !state.tags.length && toggle.hidden;
    Array.prototype.forEach.call(panel.querySelectorAll("input[type=checkbox]"), function (box) {
      var key = box.getAttribute("data-key"), value = box.value;
      if (key === "fav") box.checked = state.fav;
      else if (key === "live") box.checked = state.live;
      else box.checked = (state.facets[key] || []).some(function (v) { return v.toLowerCase() === value.toLowerCase(); });
    });
  }

  // The "Filters" button, when the site has something for its panel.
  function facetsOf() { return (manifest && manifest.facets) || []; }
  ready.then(function () {
    toggle.hidden = !(facetsOf().length || manifest.favorites || manifest.dead);
    showChosen();
  }, function () {});

  function choice(key, value, text, count) {
    var label = element("label", "list-choice"), box = element("input");
    box.type = "checkbox";
    box.value = value;
    box.setAttribute("data-key", key);
    label.appendChild(box);
    label.appendChild(document.createTextNode(" " + text));
    if (count !== undefined) label.appendChild(element("span", "count", grouped(count)));
    return label;
  }

  function choiceGroup(title, choices) {
    var fieldset = element("fieldset", "list-group");
    fieldset.appendChild(element("legend", "", title));
    choices.slice(0, VALUES_SHOWN).forEach(function (c) { fieldset.appendChild(c); });
    if (choices.length > VALUES_SHOWN) {
      var more = element("button", "list-more-tags", panel.getAttribute("data-text-more") || "Show more");
      more.type = "button";
      more.addEventListener("click", function () {
        choices.slice(VALUES_SHOWN).forEach(function (c) { fieldset.insertBefore(c, more); });
        more.remove();
        showChosen();
      });
      fieldset.appendChild(more);
    }
    return fieldset;
  }

  var panelBuilt = null;
  function buildPanel() {
    if (!panelBuilt) {
      panelBuilt = ready.then(function () {
        return facetsOf().length ? load("labels") : null;
      }).then(function (labels) {
        var first = 0;
        facetsOf().forEach(function (facet) {
          var choices = [];
          for (var v = first; v < first + facet.values; v++) {
            choices.push(choice(facet.key, labels.names[v], labels.names[v], labels.counts[v]));
          }
          first += facet.values;
          panel.appendChild(choiceGroup(facet.name, choices));
        });
        var shows = [];
        if (manifest.favorites) shows.push(choice("fav", "1", panel.getAttribute("data-text-fav") || "Favourites only"));
        if (manifest.dead) shows.push(choice("live", "1", panel.getAttribute("data-text-live") || "Hide dead links"));
        if (shows.length) panel.appendChild(choiceGroup(panel.getAttribute("data-text-show") || "Show", shows));
        showChosen();
      }, function (error) {
        panelBuilt = null; // opening it again tries again
        failed(error);
        throw error;
      });
    }
    return panelBuilt;
  }

  toggle.addEventListener("click", function () {
    var open = panel.hidden;
    buildPanel().then(function () {
      panel.hidden = !open;
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    }, function () {});
  });

  panel.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || box.type !== "checkbox") return;
    var key = box.getAttribute("data-key"), value = box.value;
    if (key === "fav") state.fav = box.checked;
    else if (key === "live") state.live = box.checked;
    else {
      var rest = (state.facets[key] || []).filter(function (v) { return v.toLowerCase() !== value.toLowerCase(); });
      state.facets[key] = box.checked ? rest.concat([value]) : rest;
      if (!state.facets[key].length) delete state.facets[key];
    }
    update("push");
  });

  chosenList.addEventListener("click", function (event) {
    var button = event.target.closest("[data-remove-tag]");
    if (!button) return;
    var tag = button.getAttribute("data-remove-tag");
    state.tags = state.tags.filter(function (t) { return t !== tag; });
    update("push");
    (chosenList.querySelector("button") || tagSelect).focus();
  });

  // MARK: - State and the URL

  // The view the address asks for: ?q ?category ?tag (again for each tag) ?sort ?fav=1 ?live=1, and
  // ?<facet>=<value> with a facet's key (again for each value).
  function read(search) {
    var params = new URLSearchParams(search);
    var next = { q: params.get("q") || "", category: params.get("category") || "", sort: params.get("sort") || "",
      tags: [], facets: {}, fav: params.get("fav") === "1", live: params.get("live") === "1" };
    params.getAll("tag").forEach(function (tag) {
      if (/^\d+$/.test(tag) && next.tags.indexOf(String(+tag)) < 0) next.tags.push(String(+tag));
    });
    params.forEach(function (value, key) {
      if (RESERVED[key] || !value) return;
      (next.facets[key] = next.facets[key] || []).push(value);
    });
    if (["title", "newest", "stars", "updated"].indexOf(next.sort) < 0) next.sort = "";
    return next;
  }
  var state = read("");

  // What `current` asks of the index, its facet values by number (the `labels` shard has their
  // names): a value this site does not have matches no link; a name that is no facet of the site
  // (another tool's parameter) is left alone.
  function resolved(current) {
    var ask = { query: current.q, category: current.category, tags: current.tags.slice(), labels: [],
      fav: current.fav, live: current.live, sort: current.sort };
    var keys = Object.keys(current.facets);
    if (!keys.length) return Promise.resolve(ask);
    return ready.then(function () {
      var facets = facetsOf(), firsts = {}, first = 0;
      facets.forEach(function (facet, index) { firsts[facet.key] = { first: first, facet: facet }; first += facet.values; });
      var asked = keys.filter(function (key) { return firsts[key]; });
      if (!asked.length) return ask;
      return load("labels").then(function (labels) {
        asked.forEach(function (key) {
          var at = firsts[key], values = [];
          current.facets[key].forEach(function (name) {
            var folded = name.toLowerCase();
            for (var v = at.first; v < at.first + at.facet.values; v++) {
              if (labels.names[v].toLowerCase() === folded && values.indexOf(v) < 0) values.push(v);
            }
          });
          ask.labels.push(values);
        });
        return ask;
      });
    });
  }

  // Each change searches at once (a query costs a few shards, not the whole index); an answer that
  // arrives after a newer question is dropped.
  var asked = 0;
  function update(mode) {
    var query = input.value, question = ++asked;
    state.q = query.trim() ? query : "";
    state.category = categorySelect.value;
    state.sort = sortSelect.value;
    showChosen();
    var url = stateURL();
    function writeAddress() {
      if (url === location.pathname + location.search) return;
      try {
        if (mode === "push") history.pushState(null, "", url);
        else history.replaceState(null, "", url);
      } catch (e) { /* some browsers refuse history changes on file:// pages */ }
    }
    var searching = resolved(state).then(function (ask) {
      return searchTop(ask, LIMIT).then(function (found) {
        found.ask = ask;
        return found;
      });
    });
    // A keystroke's address is written once its shards are on their way (it takes a millisecond or
    // two, from file:// more); a new history entry is written at once.
    if (mode === "push") writeAddress(); else setTimeout(writeAddress, 0);
    return searching.then(function (found) {
      if (question !== asked) return;
      return render(found, query).then(function () {
        // For scripts and benchmarks: this question's results are on screen.
        form.dispatchEvent(new CustomEvent("linky-search-done", { detail: { query: query, total: found.total } }));
      });
    }, failed);
  }

  function fromURL() {
    state = read(location.search);
    input.value = state.q;
    setSelect(categorySelect, state.category);
    setSelect(sortSelect, state.sort);
    tagSelect.value = "";
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

  input.addEventListener("input", function () { update("replace"); });
  input.addEventListener("focus", showRecent);
  categorySelect.addEventListener("change", function () { update("push"); });
  sortSelect.addEventListener("change", function () { update("push"); });
  // The tag select adds a tag to those chosen (all must match) and is ready for the next.
  tagSelect.addEventListener("change", function () {
    var tag = tagSelect.value;
    tagSelect.value = "";
    if (!tag || state.tags.indexOf(tag) >= 0) return;
    state.tags.push(tag);
    update("push");
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
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
      if (state.tags.indexOf(tag) < 0) state.tags.push(tag);
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

  // For scripts and benchmarks: the search the box runs (query, category id, tag id → a promise of
  // results [{index, score}], best first; or one object of what is asked, as `asking` describes),
  // and when the manifest was in, in ms since navigation.
  window.linkySearch = { search: search, searchTop: searchTop, ready: ready, readyAt: null };
  ready.then(function () { window.linkySearch.readyAt = performance.now(); }, failed);

  fromURL();
  if (input.value.trim()) remember(input.value); // arrived with ?q=: a search from another page
})();
