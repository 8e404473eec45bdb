// The save page: the form's values become a link file — the same front matter `linky-site add` writes,
// every value a quoted string — and the save button opens the forge's editor on it, its path and text
// in the query (GitHub's and Forgejo's `filename`/`value`, GitLab's `file_name`/`content`). A share
// sheet (the manifest's share target) or the bookmarklet opens the page with `?url=…&title=…&text=…`.
// Nothing is sent anywhere but in the address the reader chooses to open; every value is URI-encoded.
(function () {
  "use strict";
  var form = document.querySelector("[data-save-form]");
  if (!form) return;
  var link = form.querySelector("[data-save-link]");
  var shownFile = form.querySelector("[data-save-file]");
  // The file's text, to copy by hand where a forge's editor does not take it from the address.
  var shownText = form.querySelector("[data-save-text]") || document.createElement("pre");
  function input(name) { return form.querySelector('[data-save-input="' + name + '"]'); }

  // What the page was opened with. A share target often puts the address in `text`.
  var query = new URLSearchParams(location.search);
  var shared = query.get("url") || "";
  var text = query.get("text") || "";
  if (!shared) {
    var found = /https?:\/\/\S+/.exec(text);
    if (found) { shared = found[0]; text = text.replace(found[0], "").trim(); }
  }
  if (shared) input("url").value = shared;
  if (query.get("title")) input("title").value = query.get("title");
  if (text && !input("description").value) input("description").value = text;

  // Slug.make's rules: lower case, letters (Hangul kept) and digits, `+` → plus, `&` → and, `C#` → c-sharp,
  // `.NET` → dotnet, every other run a `-`, at most 100 UTF-8 bytes.
  function kept(c) { return /[\p{L}\p{Nd}\p{Mn}\p{Mc}]/u.test(c); }
  function slug(name, fallback) {
    var chars = Array.from(name.normalize("NFC").toLowerCase());
    var out = "", pendingDash = false;
    function word(w) { if (out) out += "-"; out += w; pendingDash = true; }
    for (var i = 0; i < chars.length; i++) {
      var c = chars[i], prev = chars[i - 1], next = chars[i + 1];
      if (kept(c)) { if (pendingDash && out) out += "-"; pendingDash = false; out += c; continue; }
      if (c === "+") word("plus");
      else if (c === "&") word("and");
      else if (c === "#" && prev && kept(prev) && !(next && kept(next))) word("sharp");
      else if (c === "." && !(prev && kept(prev)) && next && /\p{L}/u.test(next)) { if (out) out += "-"; out += "dot"; pendingDash = false; }
      else pendingDash = true;
    }
    var bytes = new TextEncoder();
    while (bytes.encode(out).length > 100) out = Array.from(out).slice(0, -1).join("");
    out = out.replace(/-+$/, "");
    return out || fallback;
  }

  function quoted(value) { return JSON.stringify(value); }
  function today() {
    var d = new Date();
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
  }
  function address(raw) {
    try {
      var url = new URL(raw.trim());
      return /^https?:$/.test(url.protocol) ? url : null;
    } catch (error) { return null; }
  }

  function update() {
    var url = address(input("url").value);
    var title = input("title").value.replace(/\s+/g, " ").trim();
    var tags = input("tags").value.split(",").map(function (t) { return t.trim(); }).filter(Boolean);
    var description = input("description").value.replace(/\s+/g, " ").trim();
    var note = input("note").value.trim();
    if (!url) {
      link.setAttribute("aria-disabled", "true");
      link.href = form.getAttribute("data-forge-new");
      shownFile.textContent = "";
      shownText.textContent = "";
      return;
    }
    if (!title) title = url.hostname;
    var file = "---\nurl: " + quoted(input("url").value.trim()) + "\ntitle: " + quoted(title) + "\n";
    if (tags.length) file += "tags: [" + tags.map(quoted).join(", ") + "]\n";
    file += "date: " + today() + "\n";
    if (description) file += "description: " + quoted(description) + "\n";
    file += "---\n";
    if (note) file += note + "\n";
    var path = input("folder").value + "/" + slug(title, slug(url.hostname, "link")) + ".md";
    link.href = form.getAttribute("data-forge-new") + "?" + form.getAttribute("data-forge-path") + "=" +
      encodeURIComponent(path) + "&" + form.getAttribute("data-forge-text") + "=" + encodeURIComponent(file);
    link.removeAttribute("aria-disabled");
    shownFile.textContent = path;
    shownText.textContent = file;
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("submit", function (event) { event.preventDefault(); if (!link.hasAttribute("aria-disabled")) location.href = link.href; });
  update();
})();
