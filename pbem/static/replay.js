// Stepping through a game's positions without reloading the page.
//
// Without JavaScript the replay links (nav.replay, the move list) load /games/<id>?ply=N.
// With it, the arrow keys and Home/End follow those same links, and a followed link fetches
// the position's page and swaps its <main> in, so the server stays the only renderer. The
// address follows (history.pushState; Back and Forward work), and the new position's
// description is read out through a live region. Anything unexpected falls back to loading
// the page normally.
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  var latest = 0;
  var live = document.createElement("p");
  live.setAttribute("aria-live", "polite");
  live.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;" +
    "clip:rect(0 0 0 0);white-space:nowrap;margin:-1px";
  document.body.appendChild(live);

  function isPosition(link) {
    return link && link.origin === location.origin &&
      link.pathname === location.pathname && /[?&]ply=\d+/.test(link.search);
  }

  function show(url, push) {
    var request = ++latest;
    return fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        if (request !== latest) return;  // a later step overtook this one
        var page = new DOMParser().parseFromString(html, "text/html");
        var main = page.querySelector("main");
        if (!main) throw new Error("no main");
        document.querySelector("main").replaceWith(main);
        document.title = page.title;
        if (push) history.pushState({ replay: true }, "", url);
        var description = main.querySelector(".description");
        live.textContent = description ? description.textContent : "";
      })
      .catch(function () { location.assign(url); });
  }

  document.addEventListener("keydown", function (event) {
    var step = KEYS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, button, [contenteditable]")) return;
    var link = document.querySelector('nav.replay a[data-step="' + step + '"]');
    if (!isPosition(link)) return;
    event.preventDefault();
    show(link.href, true);
  });

  document.addEventListener("click", function (event) {
    if (event.button !== 0 || event.altKey || event.ctrlKey || event.metaKey ||
        event.shiftKey) return;
    var link = event.target.closest("nav.replay a, ol.moves a");
    if (!isPosition(link)) return;
    event.preventDefault();
    show(link.href, true);
  });

  window.addEventListener("popstate", function () { show(location.href, false); });
})();
