// Stepping through a game's positions without reloading the page.
//
// Without JavaScript the replay links (nav.replay, the move list) load /games/<id>?ply=N.
// With it, the arrow keys and Home/End step through those same positions, and a followed
// link fetches the position's page and swaps its <main> in, so the server stays the only
// renderer. The address follows (history.pushState; Back and Forward work), and the new
// position's description is read out through a live region. Anything unexpected falls back
// to loading the page normally.
//
// Every key press counts: a press steps from the position the previous presses asked for,
// not from the one still on screen, and only the last position asked for is fetched and
// shown (an older fetch still under way is abandoned). The player's own page (with the
// move form) is always loaded normally, so its scripts start afresh.
(function () {
  "use strict";

  var STEPS = {
    ArrowLeft: function (ply) { return ply - 1; },
    ArrowRight: function (ply) { return ply + 1; },
    Home: function () { return 0; },
    End: function (ply, plies) { return plies; }
  };
  var latest = 0;
  var pending = null;   // the ply the newest request will show, while one is under way
  var inFlight = null;  // that request's AbortController
  var live = document.createElement("p");
  live.setAttribute("aria-live", "polite");
  live.className = "visually-hidden";
  document.body.appendChild(live);

  function position(link) {
    if (!link || link.origin !== location.origin) return null;
    var ply = /[?&]ply=(\d+)/.exec(link.search);
    return ply ? Number(ply[1]) : null;
  }

  function show(url, ply, push) {
    var request = ++latest;
    if (inFlight) inFlight.abort();
    var controller = inFlight = new AbortController();
    pending = ply;
    return fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin",
                        signal: controller.signal })
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
        pending = inFlight = null;
      })
      .catch(function () {
        if (request === latest) location.assign(url);
      });
  }

  document.addEventListener("keydown", function (event) {
    var step = STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, button, [contenteditable]")) return;
    var nav = document.querySelector("nav.replay[data-ply][data-plies]");
    var first = nav && nav.querySelector('a[data-step="first"]');
    if (position(first) === null) return;
    event.preventDefault();
    var plies = Number(nav.dataset.plies);
    var from = pending === null ? Number(nav.dataset.ply) : pending;
    var to = Math.max(0, Math.min(plies, step(from, plies)));
    if (to === from) return;
    var url = new URL(first.href);
    url.searchParams.set("ply", String(to));
    show(url.href, to, true);
  });

  document.addEventListener("click", function (event) {
    if (event.button !== 0 || event.altKey || event.ctrlKey || event.metaKey ||
        event.shiftKey) return;
    var link = event.target.closest("nav.replay a, ol.moves a");
    var ply = position(link);
    if (ply === null) return;
    event.preventDefault();
    show(link.href, ply, true);
  });

  window.addEventListener("popstate", function () {
    var ply = position(location);
    if (ply === null) location.reload();  // the live page: its own scripts must run
    else show(location.href, ply, false);
  });
})();
