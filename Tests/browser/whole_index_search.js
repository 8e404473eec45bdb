/* The whole-index search as it was before the index was sharded (linky-site's search.js up to issue
   12), kept as the reference the sharded search must agree with: `linkyWholeIndexSearch(data)` takes
   the object of search-index.json and returns `search(query, categoryId, tagId)` → [{index, score}],
   best first. Only the matching and ranking are here; the page around them is gone. Since issue 40 a
   query word of initial consonants only also matches a title's or a tag's initial consonants anywhere
   (es-hangul's choseongIncludes), at quality 0.4, here by a plain search of each link's text. */
window.linkyWholeIndexSearch = function (data) {
  "use strict";
  var INITIALS = "\u3131\u3132\u3134\u3137\u3138\u3139\u3141\u3142\u3143\u3145\u3146\u3147\u3148\u3149\u314a\u314b\u314c\u314d\u314e";
  var WEIGHTS = [8, 4, 2, 1]; // title, tags, description, note

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
  var CHOSEONG_ONLY = new RegExp("^[" + INITIALS + "]+$");
  var CHOSEONG_INSIDE = Math.fround(0.4);
  // es-hangul's getChoseong without spaces: syllables' initials and bare consonants, nothing else.
  function phraseInitials(text) {
    var out = "";
    words(text).join("").split("").forEach(function (ch) {
      var code = ch.charCodeAt(0);
      if ((code >= 0xac00 && code <= 0xd7a3) || isConsonant(ch)) out += initialOf(ch);
    });
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

  function prepareTerms(query) {
    return words(query).map(function (text) {
      return {
        text: text, start: " " + text, whole: " " + text + " ",
        consonants: /[\u3131-\u314e]/.test(text), inside: isSyllables(text), choseong: CHOSEONG_ONLY.test(text),
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
  // Each link's title's initial consonants, and each tag's: made when a query first needs them.
  var titlePhrases = null, tagPhrases = null;
  function phraseScore(index, term) {
    if (!titlePhrases) {
      titlePhrases = data.links.map(function (link) { return phraseInitials(link.t); });
      tagPhrases = data.tags.map(phraseInitials);
    }
    if (titlePhrases[index].indexOf(term.text) >= 0) return WEIGHTS[0] * CHOSEONG_INSIDE;
    var tags = data.links[index].g || [];
    for (var g = 0; g < tags.length; g++) {
      if (tagPhrases[tags[g]].indexOf(term.text) >= 0) return WEIGHTS[1] * CHOSEONG_INSIDE;
    }
    return 0;
  }

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
  function score(index, tables, terms) {
    var total = 0, from = tokenStarts[index], to = tokenStarts[index + 1];
    for (var t = 0; t < tables.length; t++) {
      var table = tables[t], best = terms[t].choseong ? phraseScore(index, terms[t]) : 0;
      for (var k = from; k < to; k++) {
        var token = tokens[k], quality = table ? table[token >> 2] : 0;
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
      // A query word that matches no word at all: nothing can match (but initial consonants may
      // still be inside words or across them).
      if (!table && !terms[t].choseong) return results;
      tables.push(table);
    }
    for (var i = 0; i < data.links.length; i++) {
      var link = data.links[i];
      if (category !== "" && !inCategory(link.c, +category)) continue;
      if (tag !== "" && (link.g || []).indexOf(+tag) < 0) continue;
      var s = tables.length ? score(i, tables, terms) : 1;
      if (s > 0) results.push({ index: i, score: s });
    }
    results.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    return results;
  }

  return search;
};
