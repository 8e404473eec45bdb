/* linky-site list filters: sort and filter every link of a category or tag page, across its pages, in
   the browser; no dependencies, works from file:// and over HTTP.

   The page is whole without this script: it shows one page's worth of links as the build ordered them,
   and the form of controls stays hidden. With it, the controls appear; the list's data
   (`links.js` beside the page, written by `linky-site build`; the format is in Templates/README.md)
   is loaded the first time the reader uses a control, or at once when the address already asks for a
   filtered view. Loading it with <script> (it calls linkyListData) works from file:// as well.

   The state lives in the address, so a filtered view can be shared and Back works:
   ?q=words (every word must be in the title, description, domain, tags or labels; a word of Hangul
   initial consonants matches them, as ㅅㅇㅍㅌ does 스위프트), ?sort=title|newest|stars|updated, ?tag=<slug> (again for
   each tag: all must match), ?<facet>=<value> (the facet's lower-case key, such as ?license=MIT; again
   for each value: any of a facet's values matches, and every facet must), ?fav=1 (favourites only),
   ?live=1 (hide dead links), ?all=1 (every link of a list whose pages list only its first ones: a tag's
   past `tag_pages`, from the button its last page offers). Typing replaces the history entry; other changes push one.

   Matching links are shown in the page's list instead of its own page of them, the page's own items
   where they are on it (with their pictures), the others made from the data; text is only ever put in
   the page with textContent. */
(function () {
  "use strict";
  var form = document.querySelector("[data-list-tools]");
  var list = document.querySelector("[data-list]");
  if (!form || !list) return;
  if (form.tagName !== "FORM") {
    // partials/list_tools leaves the form's place, with the page's own data-list-data and data-root:
    // the form itself, the same on every page, is the site's assets/list-tools.js (made by the build
    // from partials/list_tools_form, escaped there).
    if (typeof window.LINKY_LIST_TOOLS !== "string") return;
    var holder = document.createElement("div");
    holder.innerHTML = window.LINKY_LIST_TOOLS;
    var made = holder.querySelector("[data-list-tools]");
    if (!made) return;
    Array.prototype.forEach.call(form.attributes, function (attribute) {
      if (attribute.name.indexOf("data-") === 0) made.setAttribute(attribute.name, attribute.value);
    });
    form.parentNode.replaceChild(made, form);
    form = made;
  }
  var root = form.getAttribute("data-root") || "";
  var query = form.querySelector("[data-list-query]");
  var sortSelect = form.querySelector("[data-list-sort]");
  var toggle = form.querySelector("[data-list-toggle]");
  var panel = form.querySelector("[data-list-panel]");
  var status = form.querySelector("[data-list-status]");
  var clearButton = form.querySelector("[data-list-clear]");
  var activeCount = form.querySelector("[data-list-active]");
  var pagination = document.querySelector(".pagination");
  var allButton = document.querySelector("[data-list-all]");
  var words = {};
  try { words = JSON.parse(form.getAttribute("data-words") || "{}"); } catch (error) { words = {}; }
  var pluralRules = typeof Intl === "object" && Intl.PluralRules
    ? new Intl.PluralRules(document.documentElement.lang || "en") : null;
  var collator = typeof Intl === "object" && Intl.Collator
    ? new Intl.Collator(document.documentElement.lang || undefined, { sensitivity: "base", numeric: true }) : null;
  var STEP = 100; // links shown at a time; "Show more" adds as many again
  var TAGS_SHOWN = 24; // tags in the panel before "Show more"
  var RESERVED = { q: 1, sort: 1, tag: 1, fav: 1, live: 1, all: 1 };
  var SORTS = { title: 1, newest: 1, stars: 1, updated: 1 };
  // ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ: the 19 initial consonants in syllable order.
  var INITIALS = "\u3131\u3132\u3134\u3137\u3138\u3139\u3141\u3142\u3143\u3145\u3146\u3147\u3148\u3149\u314a\u314b\u314c\u314d\u314e";
  var CONSONANTS_ONLY = new RegExp("^[" + INITIALS + "]+$");

  var own = {}; // the page's own items, by link id
  var ownItems = Array.prototype.slice.call(list.children);
  ownItems.forEach(function (item) { own[item.getAttribute("data-link-id")] = item; });
  var data = null;
  var loading = null;
  var orders = {};
  var texts = null;
  var initials = null;
  var shownCount = STEP;
  var moreButton = null;
  var state = read(window.location.search);

  // MARK: - Words

  function grouped(number) {
    var digits = String(number), group = words.group === undefined ? "," : words.group;
    if (!group || digits.length < 3 + (words.minGrouping || 1)) return digits;
    return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  }

  function counted(count, total) {
    var forms = words.results || {};
    var category = pluralRules ? pluralRules.select(count) : (count === 1 ? "one" : "other");
    var text = forms[category] || forms.other || "{count} of {total}";
    return text.replace("{count}", grouped(count)).replace("{total}", grouped(total));
  }

  function day(iso) {
    var parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || "");
    if (!parts || !words.day) return iso;
    var month = Number(parts[2]);
    return words.day.replace(/\{(\w+)\}/g, function (whole, name) {
      if (name === "year") return parts[1];
      if (name === "month") return (words.months || [])[month - 1] || String(month);
      if (name === "month_number") return parts[2];
      if (name === "day") return String(Number(parts[3]));
      return whole;
    });
  }

  // MARK: - State in the address

  function read(search) {
    var params = new URLSearchParams(search);
    var next = { q: params.get("q") || "", sort: params.get("sort") || "", tags: params.getAll("tag"),
      facets: {}, fav: params.get("fav") === "1", live: params.get("live") === "1", all: params.get("all") === "1" };
    params.forEach(function (value, key) {
      if (RESERVED[key] || !value) return;
      (next.facets[key] = next.facets[key] || []).push(value);
    });
    if (!SORTS[next.sort]) next.sort = "";
    return next;
  }

  function written(current) {
    var params = new URLSearchParams();
    if (current.q) params.set("q", current.q);
    if (current.sort) params.set("sort", current.sort);
    current.tags.forEach(function (tag) { params.append("tag", tag); });
    Object.keys(current.facets).sort().forEach(function (key) {
      current.facets[key].forEach(function (value) { params.append(key, value); });
    });
    if (current.fav) params.set("fav", "1");
    if (current.live) params.set("live", "1");
    if (current.all) params.set("all", "1");
    var text = params.toString();
    return text ? "?" + text : "";
  }

  function filterCount(current) {
    var count = current.tags.length + (current.fav ? 1 : 0) + (current.live ? 1 : 0);
    Object.keys(current.facets).forEach(function (key) { count += current.facets[key].length; });
    return count;
  }

  function isActive(current) {
    return !!(current.q || current.sort || current.all || filterCount(current) > 0);
  }

  function remember(replace) {
    var address = window.location.pathname + written(state) + window.location.hash;
    try {
      if (replace) window.history.replaceState(null, "", address);
      else window.history.pushState(null, "", address);
    } catch (error) {
      // Some browsers refuse history changes on file:// pages: the view still changes.
    }
  }

  // MARK: - The data

  // Loads a script of the list's data (`<script>`, which works from file://); it calls back with what it
  // holds, which `loaded` then returns.
  function loadScript(src, loaded) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = function () {
        script.remove();
        var value = loaded();
        if (value) resolve(value); else reject(new Error(src + " held no data"));
      };
      script.onerror = function () { script.remove(); reject(new Error(src + " did not load")); };
      document.head.appendChild(script);
    });
  }

  function ensureData() {
    if (data) return Promise.resolve(data);
    if (loading) return loading;
    // A list on one page carries its data (`list_tools.inline_data`); a longer one loads links.js.
    var inline = document.querySelector("script[data-list-inline]");
    if (inline) {
      try {
        data = JSON.parse(inline.textContent);
        prepare(data);
        fromPage(data);
        return (loading = Promise.resolve(data));
      } catch (error) {
        status.textContent = words.loadError || "The list's data could not be loaded.";
        return Promise.reject(error);
      }
    }
    // A very long list's index is in parts (`index_parts`): links.js, then links-index-2.js, … whose
    // links follow the first's.
    var source = form.getAttribute("data-list-data");
    var indexParts = {};
    window.linkyListData = function (loaded) { data = loaded; };
    window.linkyListIndex = function (part, loaded) { indexParts[part] = loaded; };
    loading = loadScript(source, function () { return data; }).then(function (first) {
      var more = [];
      for (var part = 2; part <= (first.index_parts || 1); part++) {
        more.push(loadScript(source.replace(/links\.js$/, "links-index-" + part + ".js"),
          function (part) { return function () { return indexParts[part]; }; }(part)));
      }
      return Promise.all(more).then(function (rest) {
        rest.forEach(function (loaded) { first.links = first.links.concat(loaded.links); });
        return first;
      });
    });
    loading = loading.then(function (loaded) {
      prepare(loaded);
      return loaded;
    }, function (error) {
      loading = null;
      status.textContent = words.loadError || "The list's data could not be loaded.";
      throw error;
    });
    return loading;
  }

  // A long list's links' details (address, description, pictures) are the search's (`details`: its
  // result shards, which every list shares), loaded for the links shown; a short list has them in its
  // index.
  var shards = {};
  var shardsLoading = {};
  var manifest = null;
  window.linkySearchShard = function (name, loaded) { shards[name] = loaded; };

  function loadShard(name) {
    if (shards[name]) return Promise.resolve(shards[name]);
    // A small site's shards are in its manifest.
    if (manifest && manifest.inline && manifest.inline[name]) return Promise.resolve(shards[name] = manifest.inline[name]);
    if (shardsLoading[name]) return shardsLoading[name];
    shardsLoading[name] = loadScript(root + data.details + name + ".js", function () { return shards[name]; })
      .catch(function (error) {
        delete shardsLoading[name];
        throw error;
      });
    return shardsLoading[name];
  }

  function shardOf(id) { return "r" + Math.floor(id / manifest.results.size); }

  // What showing the link at `position` needs: {link, hosts, categories}, a search result's entry
  // read as the list's own details are.
  function detailsOf(position) {
    if (!data.details) return { link: data.links[position], hosts: data.hosts, categories: data.categories };
    var id = data.links[position].i, shard = shards[shardOf(id)], entry = shard.links[id - shard.first];
    var category = entry.c ? manifest.categories[entry.c] : null;
    return {
      link: {
        u: entry.u, d: entry.s, h: 0, j: entry.k, n: entry.o, s: entry.i, p: entry.p, o: entry.e, c: category ? 0 : undefined
      },
      hosts: [entry.d],
      categories: category ? [[category.trail || category.title, category.href]] : null
    };
  }

  // Loads the shards the links at `positions` need, those the page does not show already.
  function ensureDetails(positions) {
    if (!data.details) return Promise.resolve();
    return loadShard("manifest").then(function (loaded) {
      manifest = loaded;
      var wanted = {};
      positions.forEach(function (position) {
        var id = data.links[position].i;
        if (!own[String(id)]) wanted[shardOf(id)] = true;
      });
      return Promise.all(Object.keys(wanted).map(loadShard));
    });
  }

  function prepare(loaded) {
    // Ids left out are the previous link's plus one.
    var previous = -1;
    loaded.links.forEach(function (link) {
      if (link.i === undefined) link.i = previous + 1;
      previous = link.i;
    });
    var has = {
      dates: loaded.links.some(function (link) { return !!link.a; }),
      stars: loaded.links.some(function (link) { return link.k !== undefined; }),
      updates: loaded.links.some(function (link) { return !!link.b; })
    };
    Array.prototype.forEach.call(sortSelect.options, function (option) {
      var needs = option.getAttribute("data-needs");
      if (needs && !has[needs]) option.hidden = option.disabled = true;
    });
  }

  // A list all on its page carries no title, description or domain in its data: each is its item's
  // on the page (`h3 a`, `.link-description`, `.domain`), read once here. Data that has them keeps them.
  function fromPage(loaded) {
    if (!loaded.hosts) loaded.hosts = [];
    var hostIndex = {};
    loaded.hosts.forEach(function (host, index) { hostIndex[host] = index; });
    loaded.links.forEach(function (link) {
      var item = own[link.i];
      if (link.t === undefined) {
        var title = item && item.querySelector("h3 a");
        link.t = title ? title.textContent : "";
      }
      if (!item) return;
      if (link.d === undefined) {
        var description = item.querySelector(".link-description");
        if (description) link.d = description.textContent;
      }
      if (link.h === undefined) {
        var domain = item.querySelector(".domain");
        var host = domain ? domain.textContent.trim() : "";
        if (!host) return;
        if (hostIndex[host] === undefined) {
          hostIndex[host] = loaded.hosts.length;
          loaded.hosts.push(host);
        }
        link.h = hostIndex[host];
      }
    });
  }

  // The links' positions in the list, in the order `sort` asks for, made once.
  function order(sort) {
    if (orders[sort]) return orders[sort];
    var links = data.links;
    var positions = links.map(function (link, index) { return index; });
    if (sort === "title") {
      var compare = collator ? collator.compare : function (a, b) { return a < b ? -1 : a > b ? 1 : 0; };
      positions.sort(function (a, b) { return compare(links[a].t, links[b].t) || a - b; });
    } else if (sort === "newest" || sort === "updated") {
      var key = sort === "newest" ? "a" : "b";
      positions.sort(function (a, b) {
        var x = links[a][key] || "", y = links[b][key] || "";
        if (x !== y) return x < y ? 1 : -1; // undated ("") last
        return a - b;
      });
    } else if (sort === "stars") {
      positions.sort(function (a, b) {
        var x = links[a].k === undefined ? -1 : links[a].k, y = links[b].k === undefined ? -1 : links[b].k;
        return y - x || a - b; // most first, links without project data last
      });
    }
    orders[sort] = positions;
    return positions;
  }

  function fold(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  // What the text filter looks in, each link's folded once when first needed.
  function searchable(index) {
    if (!texts) texts = new Array(data.links.length);
    if (texts[index] === undefined) {
      var link = data.links[index];
      // A short list's descriptions and domains too; a long list's are in its parts, not loaded yet.
      var words = [link.t];
      if (!data.details) words.push(link.d || "", (data.hosts || [])[link.h] || "");
      (link.g || []).forEach(function (tag) { words.push(data.tags[tag][0]); });
      (link.l || []).forEach(function (label) { words.push(data.facets[label[0]].values[label[1]][0]); });
      texts[index] = fold(words.join("\n"));
    }
    return texts[index];
  }

  // The initial consonants of a link's title and tags, spaces left out (ㅍㄹㅌㅇㄷㄱㅂㅈ finds
  // 프론트엔드 개발자).
  function initialsOf(index) {
    if (!initials) initials = new Array(data.links.length);
    if (initials[index] === undefined) {
      var link = data.links[index];
      var text = [link.t].concat((link.g || []).map(function (tag) { return data.tags[tag][0]; })).join("\n");
      var result = "";
      for (var i = 0; i < text.length; i++) {
        var code = text.charCodeAt(i);
        if (code >= 0xac00 && code <= 0xd7a3) result += INITIALS.charAt(Math.floor((code - 0xac00) / 588));
        else if (!/\s/.test(text.charAt(i))) result += text.charAt(i);
      }
      initials[index] = result;
    }
    return initials[index];
  }

  // MARK: - Filtering

  function matching() {
    var links = data.links;
    var tagIndex = {};
    data.tags.forEach(function (tag, index) { tagIndex[tag[1]] = index; });
    var wantedTags = [];
    for (var t = 0; t < state.tags.length; t++) {
      if (tagIndex[state.tags[t]] === undefined) return []; // a tag none of these links has
      wantedTags.push(tagIndex[state.tags[t]]);
    }
    // Each facet asked for: the values wanted, by index; a facet none of these links has matches none.
    var wantedFacets = [];
    Object.keys(state.facets).forEach(function (key) {
      var facet = -1;
      data.facets.forEach(function (candidate, index) { if (candidate.key === key) facet = index; });
      var values = {};
      if (facet >= 0) {
        state.facets[key].forEach(function (wanted) {
          var folded = wanted.toLowerCase();
          data.facets[facet].values.forEach(function (value, index) {
            if (value[0].toLowerCase() === folded) values[index] = true;
          });
        });
      }
      wantedFacets.push({ facet: facet, values: values });
    });
    var terms = state.q.split(/\s+/).filter(Boolean).map(function (word) {
      return CONSONANTS_ONLY.test(word) ? { initials: word } : { text: fold(word) };
    });
    return order(state.sort).filter(function (index) {
      var link = links[index];
      if (state.fav && !link.f) return false;
      if (state.live && link.x) return false;
      for (var i = 0; i < wantedTags.length; i++) {
        if (!link.g || link.g.indexOf(wantedTags[i]) < 0) return false;
      }
      for (var f = 0; f < wantedFacets.length; f++) {
        var wanted = wantedFacets[f], found = false;
        (link.l || []).forEach(function (label) {
          if (label[0] === wanted.facet && wanted.values[label[1]]) found = true;
        });
        if (!found) return false;
      }
      for (var w = 0; w < terms.length; w++) {
        if (terms[w].initials !== undefined) {
          if (initialsOf(index).indexOf(terms[w].initials) < 0) return false;
        } else if (searchable(index).indexOf(terms[w].text) < 0) {
          return false;
        }
      }
      return true;
    });
  }

  // MARK: - Showing

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A count as cards show it: 950, 1.2k, 12.3k, 123k, 1.2M (TemplateContext.compactCount).
  function compact(count) {
    var mark = words.group === "." ? "," : ".";
    function scaled(unit, suffix) {
      var tenths = Math.floor((count * 10 + unit / 2) / unit);
      if (tenths >= 1000 || tenths % 10 === 0) return Math.floor((count + unit / 2) / unit) + suffix;
      return Math.floor(tenths / 10) + mark + (tenths % 10) + suffix;
    }
    if (count < 1000) return String(count);
    return count < 999500 ? scaled(1000, "k") : scaled(1000000, "M");
  }

  // The project line of a repository link (`k` stars, `b` last update, `v` 1 archived, 2 stale).
  function project(link) {
    var line = element("p", "link-project");
    if (link.k !== undefined) {
      var stars = element("span", "project-stars");
      stars.title = grouped(link.k) + " " + (words.stars || "stars");
      var glyph = element("span", null, "\u2605");
      glyph.setAttribute("aria-hidden", "true");
      stars.appendChild(glyph);
      stars.appendChild(document.createTextNode(" " + compact(link.k)));
      stars.appendChild(element("span", "visually-hidden", " " + (words.stars || "stars")));
      line.appendChild(stars);
    }
    if (link.b) {
      var updated = element("span", "project-updated", (words.updated || "updated") + " ");
      var time = element("time", null, day(link.b));
      time.setAttribute("datetime", link.b);
      updated.appendChild(time);
      line.appendChild(updated);
    }
    if (link.v) {
      line.appendChild(element("span", "project-badge " + (link.v === 1 ? "is-archived" : "is-stale"),
        link.v === 1 ? words.archived || "Archived" : words.stale || "Stale"));
    }
    return line;
  }

  // A link the page does not show, made from the data as partials/link_item shows one.
  function item(index) {
    var link = data.links[index];
    var shown = detailsOf(index), more = shown.link;
    var li = element("li", "link" + (link.f ? " is-favorite" : "") + (link.x ? " is-dead" : ""));
    li.setAttribute("data-link-id", String(link.i));
    if (more.s) {
      var picture = element("a", "card-picture");
      picture.href = more.u;
      picture.tabIndex = -1;
      picture.setAttribute("aria-hidden", "true");
      var img = element("img");
      img.src = /^https?:/.test(more.s) ? more.s : root + more.s;
      img.alt = "";
      img.loading = "lazy";
      img.referrerPolicy = "no-referrer";
      picture.appendChild(img);
      li.appendChild(picture);
    }
    var body = element("div", "card-body");
    var heading = element("h3");
    var anchor = element("a", null, link.t);
    anchor.href = more.u;
    heading.appendChild(anchor);
    if (link.f) {
      heading.appendChild(document.createTextNode(" "));
      var star = element("span", "favorite");
      star.title = words.favorite || "";
      var glyph = element("span", null, "\u2605");
      glyph.setAttribute("aria-hidden", "true");
      star.appendChild(glyph);
      star.appendChild(element("span", "visually-hidden", words.favorite || ""));
      heading.appendChild(star);
    }
    body.appendChild(heading);
    var meta = element("p", "link-meta");
    var domain = element("span", "domain"), host = shown.hosts[more.h] || "";
    if (more.n) {
      var icon = element("img", "favicon");
      icon.src = /^https?:/.test(more.n) ? more.n : root + more.n;
      icon.alt = "";
      icon.loading = "lazy";
      icon.referrerPolicy = "no-referrer";
      domain.appendChild(icon);
    } else {
      // No icon: the domain's initial on its host's colour (`j`, 0–11), drawn by the stylesheet from
      // `data-i` as partials/link_item has it.
      var name = host.replace(/^www\./, "");
      domain.className += " t" + (more.j || 0);
      domain.setAttribute("data-i", name ? Array.from(name)[0].toUpperCase() : "?");
    }
    domain.appendChild(document.createTextNode(host));
    meta.appendChild(domain);
    if (link.a) {
      var time = element("time", null, day(link.a));
      time.setAttribute("datetime", link.a);
      meta.appendChild(time);
    }
    if (shown.categories && more.c !== undefined) {
      var category = shown.categories[more.c];
      var categoryLink = element("a", "link-category", category[0]);
      categoryLink.href = root + category[1];
      meta.appendChild(categoryLink);
    }
    if (more.p) {
      var note = element("a", "note-link", more.o ? words.details || "Details" : words.note || "Note");
      note.href = root + more.p;
      meta.appendChild(note);
    }
    body.appendChild(meta);
    if (link.k !== undefined || link.b || link.v) body.appendChild(project(link));
    if (link.x) {
      var health = element("p", "link-health is-dead");
      health.appendChild(element("span", "health-badge", words.dead || "Dead link"));
      body.appendChild(health);
    }
    if (more.d) body.appendChild(element("p", "link-description", more.d));
    if (link.l && link.l.length) {
      var labels = element("ul", "labels");
      link.l.forEach(function (label) {
        var facet = data.facets[label[0]];
        var chip = element("li", "label", facet.values[label[1]][0]);
        chip.setAttribute("data-facet", facet.key);
        labels.appendChild(chip);
      });
      body.appendChild(labels);
    }
    if (link.g && link.g.length) {
      var tags = element("p", "tags");
      link.g.forEach(function (tag) {
        var tagLink = element("a", null, "#" + data.tags[tag][0]);
        tagLink.href = root + data.tags[tag][2];
        tags.appendChild(tagLink);
      });
      body.appendChild(tags);
    }
    li.appendChild(body);
    return li;
  }

  // An answer that arrives after a newer question (its parts took longer) is dropped.
  function show(found, asked) {
    var shown = found.slice(0, shownCount);
    return ensureDetails(shown).then(function () {
      if (asked !== question) return;
      showNow(found, shown);
      // For scripts and benchmarks (Benchmarks/list_filter.py): this question's links are on screen.
      form.dispatchEvent(new CustomEvent("linky-list-done", { detail: { shown: shown.length, total: found.length } }));
    });
  }

  function showNow(found, shown) {
    var fragment = document.createDocumentFragment();
    shown.forEach(function (index) {
      var id = String(data.links[index].i);
      fragment.appendChild(own[id] || item(index));
    });
    list.textContent = "";
    list.appendChild(fragment);
    if (pagination) pagination.hidden = true;
    status.textContent = found.length ? counted(found.length, data.links.length) : (words.none || "");
    if (found.length > shown.length) {
      if (!moreButton) {
        moreButton = element("button", "list-more", words.more || "Show more");
        moreButton.type = "button";
        moreButton.addEventListener("click", function () {
          shownCount += STEP;
          apply();
        });
      }
      list.parentNode.insertBefore(moreButton, list.nextSibling);
    } else if (moreButton && moreButton.parentNode) {
      moreButton.parentNode.removeChild(moreButton);
    }
  }

  function restore() {
    list.textContent = "";
    ownItems.forEach(function (node) { list.appendChild(node); });
    if (pagination) pagination.hidden = false;
    if (moreButton && moreButton.parentNode) moreButton.parentNode.removeChild(moreButton);
    status.textContent = "";
    form.dispatchEvent(new CustomEvent("linky-list-done", { detail: { shown: ownItems.length, total: null } }));
  }

  // The controls as the state says.
  function sync() {
    if (query.value !== state.q) query.value = state.q;
    sortSelect.value = state.sort;
    var count = filterCount(state);
    activeCount.textContent = count ? " (" + count + ")" : "";
    clearButton.hidden = !isActive(state);
    if (allButton) allButton.parentNode.hidden = isActive(state);
    Array.prototype.forEach.call(panel.querySelectorAll("input[type=checkbox]"), function (box) {
      var key = box.getAttribute("data-key"), value = box.value;
      if (key === "tag") box.checked = state.tags.indexOf(value) >= 0;
      else if (key === "fav") box.checked = state.fav;
      else if (key === "live") box.checked = state.live;
      else box.checked = (state.facets[key] || []).some(function (v) { return v.toLowerCase() === value.toLowerCase(); });
    });
  }

  var question = 0;
  function apply() {
    sync();
    if (!isActive(state)) {
      restore();
      return;
    }
    var asked = ++question;
    ensureData().then(function () {
      var found = matching();
      return show(found, asked).catch(function (error) {
        status.textContent = words.loadError || "The list's data could not be loaded.";
        throw error;
      });
    }).catch(function () { /* said in the status line */ });
  }

  // MARK: - The panel

  function checkbox(key, value, text, count) {
    var label = element("label", "list-choice");
    var box = element("input");
    box.type = "checkbox";
    box.value = value;
    box.setAttribute("data-key", key);
    label.appendChild(box);
    label.appendChild(document.createTextNode(" " + text));
    if (count !== undefined) label.appendChild(element("span", "count", grouped(count)));
    return label;
  }

  function group(title, choices) {
    var fieldset = element("fieldset", "list-group");
    fieldset.appendChild(element("legend", null, title));
    choices.forEach(function (choice) { fieldset.appendChild(choice); });
    return fieldset;
  }

  function buildPanel() {
    if (panel.getAttribute("data-built")) return;
    panel.setAttribute("data-built", "1");
    var total = data.links.length;
    // A tag every link has (the page's own tag) narrows nothing.
    var tags = data.tags.filter(function (tag) { return tag[3] < total; });
    if (tags.length) {
      var tagChoices = tags.map(function (tag) { return checkbox("tag", tag[1], "#" + tag[0], tag[3]); });
      var tagGroup = group(form.getAttribute("data-text-tags") || words.tags || "Tags", tagChoices.slice(0, TAGS_SHOWN));
      if (tagChoices.length > TAGS_SHOWN) {
        var more = element("button", "list-more-tags", words.more || "Show more");
        more.type = "button";
        more.addEventListener("click", function () {
          tagChoices.slice(TAGS_SHOWN).forEach(function (choice) { tagGroup.insertBefore(choice, more); });
          more.remove();
          sync();
        });
        tagGroup.appendChild(more);
      }
      panel.appendChild(tagGroup);
    }
    data.facets.forEach(function (facet) {
      panel.appendChild(group(facet.name, facet.values.map(function (value) {
        return checkbox(facet.key, value[0], value[0], value[1]);
      })));
    });
    var shows = [];
    if (data.links.some(function (link) { return link.f; })) {
      shows.push(checkbox("fav", "1", form.getAttribute("data-text-fav") || "Favourites only"));
    }
    if (data.links.some(function (link) { return link.x; })) {
      shows.push(checkbox("live", "1", form.getAttribute("data-text-live") || "Hide dead links"));
    }
    if (shows.length) panel.appendChild(group(form.getAttribute("data-text-show") || "Show", shows));
    // Nothing to filter by (no tags, labels, favourites or dead links): the text filter and the sort
    // are the controls.
    if (!panel.children.length) toggle.hidden = true;
    sync();
  }

  panel.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || box.type !== "checkbox") return;
    var key = box.getAttribute("data-key"), value = box.value;
    function toggled(values) {
      var rest = values.filter(function (v) { return v.toLowerCase() !== value.toLowerCase(); });
      return box.checked ? rest.concat([value]) : rest;
    }
    if (key === "tag") state.tags = toggled(state.tags);
    else if (key === "fav") state.fav = box.checked;
    else if (key === "live") state.live = box.checked;
    else {
      state.facets[key] = toggled(state.facets[key] || []);
      if (!state.facets[key].length) delete state.facets[key];
    }
    shownCount = STEP;
    remember(false);
    apply();
  });

  // MARK: - Wiring

  function openPanel(open) {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  }

  toggle.addEventListener("click", function () {
    var open = panel.hidden;
    ensureData().then(function () {
      buildPanel();
      if (toggle.hidden) query.focus();
      else openPanel(open);
    }).catch(function () { /* said in the status line */ });
  });
  query.addEventListener("focus", function () { ensureData().catch(function () {}); });
  query.addEventListener("input", function () {
    state.q = query.value.trim();
    shownCount = STEP;
    remember(true);
    apply();
  });
  sortSelect.addEventListener("change", function () {
    state.sort = sortSelect.value;
    remember(false);
    apply();
  });
  clearButton.addEventListener("click", function () {
    state = read("");
    shownCount = STEP;
    remember(false);
    apply();
  });
  if (allButton) {
    allButton.addEventListener("click", function () {
      state.all = true;
      shownCount = STEP;
      remember(false);
      apply();
      list.scrollIntoView();
    });
  }
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  window.addEventListener("popstate", function () {
    state = read(window.location.search);
    shownCount = STEP;
    apply();
  });

  form.hidden = false;
  if (allButton) {
    allButton.hidden = false;
    allButton.parentNode.hidden = isActive(state);
  }
  if (isActive(state)) {
    apply();
    if (filterCount(state) > 0) {
      ensureData().then(function () { buildPanel(); sync(); }).catch(function () {});
    }
  }
})();
