// How lists show their links — cards, list or compact — and the colours — the system's, light or
// dark — as the reader last chose, on every page of the site; the print page's Print button; and `/`
// to go to the search box. The site's `link_view` setting (the `data-view` of <html>) is the default, and what a
// reader without JavaScript sees; the buttons appear only where there is a list to change. Loaded in
// <head> so a saved choice applies before the first paint, not after a jump.
(function () {
  "use strict";
  var KEY = "linky-site:view";
  var VIEWS = ["cards", "list", "compact"];
  var SCHEME_KEY = "linky-site:scheme";
  var SCHEMES = ["light", "dark"];
  var root = document.documentElement;
  function load(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      // Storage may be off (private windows, file:// in some browsers): the site's default stays.
      return null;
    }
  }
  function keep(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch (error) {
      // Not kept: this page still shows the choice.
    }
  }
  var saved = load(KEY);
  if (VIEWS.indexOf(saved) >= 0) root.setAttribute("data-view", saved);
  var scheme = load(SCHEME_KEY);
  if (SCHEMES.indexOf(scheme) >= 0) root.setAttribute("data-scheme", scheme);

  // Light, dark, or the system's (no `data-scheme`): without JavaScript the system's, as the CSS says.
  // The page carries the group empty, its label in `aria-label` and the three buttons' words in
  // `data-scheme-switch` ("System|Light|Dark"): the script that makes them work draws them, so a page
  // without JavaScript carries no buttons it could not use. A group that has its buttons keeps them.
  function drawSchemes(group) {
    var words = (group.getAttribute("data-scheme-switch") || "").split("|");
    if (group.querySelector("button[data-scheme]") || words.length !== 3) return;
    var label = document.createElement("span");
    label.setAttribute("aria-hidden", "true");
    label.textContent = group.getAttribute("aria-label") || "";
    group.appendChild(label);
    group.appendChild(document.createTextNode(" "));
    drawButtons(group, "data-scheme", ["system", "light", "dark"], words);
  }
  // A group's buttons, each `attribute` one of `names`, saying `words`, none pressed yet.
  function drawButtons(group, attribute, names, words) {
    names.forEach(function (name, i) {
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute(attribute, name);
      button.setAttribute("aria-pressed", "false");
      button.textContent = words[i];
      group.appendChild(button);
    });
  }
  function wireSchemes() {
    var group = document.querySelector("[data-scheme-switch]");
    if (!group) return;
    drawSchemes(group);
    var buttons = group.querySelectorAll("button[data-scheme]");
    function show() {
      var current = root.getAttribute("data-scheme") || "system";
      for (var i = 0; i < buttons.length; i++) {
        buttons[i].setAttribute("aria-pressed", buttons[i].getAttribute("data-scheme") === current ? "true" : "false");
      }
    }
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].addEventListener("click", function (event) {
        var chosen = event.currentTarget.getAttribute("data-scheme");
        if (SCHEMES.indexOf(chosen) >= 0) root.setAttribute("data-scheme", chosen);
        else root.removeAttribute("data-scheme");
        keep(SCHEME_KEY, SCHEMES.indexOf(chosen) >= 0 ? chosen : null);
        show();
      });
    }
    show();
    group.hidden = false;
  }

  // The print page's button: shown by the script it needs, so a reader without JavaScript never sees a
  // button that does nothing (the stylesheet hides it on paper).
  function wirePrint() {
    var button = document.querySelector("[data-print-button]");
    if (!button) return;
    button.addEventListener("click", function () {
      window.print();
    });
    button.hidden = false;
  }

  // The view's group is drawn as the colours' is, from `data-view-switch` ("Cards|List|Compact"),
  // and only on a page with a list to change.
  function drawViews(group) {
    var words = (group.getAttribute("data-view-switch") || "").split("|");
    if (group.querySelector("button[data-view]") || words.length !== 3) return;
    drawButtons(group, "data-view", VIEWS, words);
  }

  function wire() {
    wireSchemes();
    wirePrint();
    var group = document.querySelector("[data-view-switch]");
    if (!group || !document.querySelector(".links")) return;
    drawViews(group);
    var buttons = group.querySelectorAll("button[data-view]");
    function show() {
      for (var i = 0; i < buttons.length; i++) {
        var pressed = buttons[i].getAttribute("data-view") === root.getAttribute("data-view");
        buttons[i].setAttribute("aria-pressed", pressed ? "true" : "false");
      }
    }
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].addEventListener("click", function (event) {
        var view = event.currentTarget.getAttribute("data-view");
        root.setAttribute("data-view", view);
        keep(KEY, view);
        show();
      });
    }
    show();
    group.hidden = false;
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();

  // `/` goes to the search box, as on most sites with one, unless the reader is typing somewhere.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var box = document.querySelector("#site-search, [data-search-form] input[type=search]");
    if (!box) return;
    event.preventDefault();
    box.focus();
  });
})();
