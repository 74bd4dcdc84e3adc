// The analysis board in place. Without JavaScript every step is a link to
// /games/<id>/analysis?at=…&p=…; with it, a followed step (or a move clicked on the board)
// asks /games/<id>/analysis.json for the same line and redraws the board, the line, whose turn
// and the legal moves, the address following (history.pushState; Back and Forward work).
// Clicking the board narrows the legal moves by their routes (the contract is in
// pbem/games/svg.py) and plays the move once the clicks name exactly one.
(function () {
  "use strict";
  var figure = document.querySelector("figure.board[data-analysis]");
  if (!figure || !window.fetch) return;
  var side = document.querySelector(".analysis-side");
  var prompt = document.querySelector(".composer-prompt");
  var candidates = document.querySelector(".candidates");
  var state = { routes: JSON.parse((side && side.dataset.routes) || "{}"), path: [],
                url: location.href };
  var latest = 0;
  // The page's language: its words keyed by their English (a count's as [one, other]).
  var said = JSON.parse((figure && figure.dataset.words) || "{}");

  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  }

  // ``english`` in the page's language (the form for ``params.count`` when it has forms), its
  // %(name)s placeholders filled from ``params``.
  function phrase(english, params, plural) {
    var words = said[english] || (plural ? [english, plural] : english);
    if (Array.isArray(words)) words = words[params.count === 1 ? 0 : 1];
    return words.replace(/%\((\w+)\)[sd]/g, function (m, name) {
      return name in params ? params[name] : m;
    });
  }

  function jsonUrl(pageUrl) {
    var url = new URL(pageUrl, location.href);
    url.pathname = url.pathname.replace(/\/analysis$/, "/analysis.json");
    return url;
  }

  function isStep(link) {
    return link && link.origin === location.origin && /\/analysis$/.test(link.pathname);
  }

  function go(pageUrl, push) {
    var request = ++latest;
    return fetch(jsonUrl(pageUrl), { headers: { Accept: "application/json" },
                                      credentials: "same-origin" })
      .then(function (response) {
        return response.json().then(function (data) { return [response.ok, data]; });
      })
      .then(function (answer) {
        if (request !== latest) return;
        if (!answer[0]) { say(answer[1].error || phrase("That step could not be played.", {})); return; }
        render(answer[1]);
        if (push) history.pushState(null, "", answer[1].url);
        state.url = answer[1].url;
      })
      .catch(function () { location.href = pageUrl; });
  }

  function say(text) {
    var error = side.querySelector(".analysis-state .error");
    if (!error) {
      error = document.createElement("p");
      error.className = "error";
      error.setAttribute("role", "alert");
      side.querySelector(".analysis-state").appendChild(error);
    }
    error.textContent = text;
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function pageUrl(data, plies) {
    var url = new URL(data.url, location.href);
    url.search = "";
    url.searchParams.set("at", data.at);
    plies.forEach(function (p) { url.searchParams.append("p", p); });
    return url.pathname + url.search;
  }

  function render(data) {
    var plies = data.line.map(function (s) { return s.ply; });
    var labels = JSON.parse(figure.dataset.labels || "[]");
    figure.innerHTML = data.svg;
    figure.appendChild(el("figcaption", { class: "description visually-hidden" },
                          data.description));
    var old = side.querySelector(".analysis-state .error");
    if (old) old.remove();
    var status = side.querySelector(".analysis-state .status");
    status.replaceChildren();
    if (data.over) {
      var r = data.result;
      var names = r.winners.map(function (i) { return labels[i]; });
      var scores = esc(r.scores.join(" – "));
      status.innerHTML = names.length === labels.length
        ? phrase("<strong>Over</strong> in this line: a draw; scores %(scores)s.",
               { scores: scores })
        : phrase("<strong>Over</strong> in this line: won by %(winners)s; scores %(scores)s.",
               { winners: esc(names.join(", ")), scores: scores });
    } else {
      var counted = { seat: esc(data.to_move_label), count: data.legal.length };
      status.innerHTML = data.turn_plies.length
        ? phrase('<strong class="to-move">%(seat)s</strong> to move (continuing the turn); ' +
               "%(count)s legal move.", counted,
               '<strong class="to-move">%(seat)s</strong> to move (continuing the turn); ' +
               "%(count)s legal moves.")
        : phrase('<strong class="to-move">%(seat)s</strong> to move; %(count)s legal move.',
               counted, '<strong class="to-move">%(seat)s</strong> to move; %(count)s legal ' +
               "moves.");
    }
    var line = side.querySelector("section.line");
    line.replaceChildren(el("h2", {}, phrase("Explored line", {})));
    if (plies.length) {
      var ol = el("ol", { class: "moves analysis-line" });
      data.line.forEach(function (step, i) {
        var a = el("a", { class: "step", href: pageUrl(data, plies.slice(0, i + 1)) }, step.ply);
        if (i === plies.length - 1) a.setAttribute("aria-current", "true");
        var li = el("li");
        li.append(el("span", { class: "seat" }, labels[step.seat]), " ", a);
        ol.appendChild(li);
      });
      line.appendChild(ol);
      var nav = el("p", { class: "line-nav" });
      nav.append(el("a", { class: "step", "data-step": "back",
                           href: pageUrl(data, plies.slice(0, -1)) }, phrase("Back one ply", {})), " · ",
                 el("a", { class: "step", "data-step": "reset", href: pageUrl(data, []) },
                    phrase("Start again", {})), " · ",
                 el("a", { class: "share", href: data.url }, phrase("Link to this line", {})));
      line.appendChild(nav);
    } else {
      line.appendChild(el("p", { class: "empty-line" },
                          phrase("No moves yet: pick one below, or click the board.", {})));
    }
    var legal = side.querySelector("section.legal");
    if (legal) {
      legal.hidden = data.over;
      var ul = legal.querySelector("ul.legal-moves");
      ul.replaceChildren.apply(ul, data.legal.slice(0, 400).map(function (move) {
        var li = el("li");
        li.appendChild(el("a", { class: "step", "data-move": move,
                                 href: pageUrl(data, plies.concat([move])) }, move));
        return li;
      }));
    }
    document.querySelectorAll("form[data-line]").forEach(function (form) {
      form.querySelectorAll("input[name=p]").forEach(function (input) {
        if (input.type === "hidden") input.remove();
      });
      var at = form.querySelector("input[name=at]");
      if (at) at.value = data.at;
      plies.forEach(function (p) {
        form.appendChild(el("input", { type: "hidden", name: "p", value: p }));
      });
      form.dispatchEvent(new CustomEvent("line-changed", { detail: data }));
    });
    state.routes = data.routes;
    state.path = [];
    compose();
  }

  // ----- composing a move by clicks on the board -----
  function key(kind, value) { return kind + " " + value; }

  function open() {
    var list = [];
    Object.keys(state.routes).forEach(function (move) {
      state.routes[move].forEach(function (route) {
        var keys = route.map(function (step) { return key(step[0], step[1]); });
        if (state.path.every(function (k, i) { return keys[i] === k; })) {
          list.push({ move: move, keys: keys });
        }
      });
    });
    return list;
  }

  function play(move) {
    var url = new URL(state.url, location.href);
    url.searchParams.append("p", move);
    go(url.href, true);
  }

  function compose() {
    var routes = open();
    var next = new Set(routes.filter(function (r) { return r.keys.length > state.path.length; })
      .map(function (r) { return r.keys[state.path.length]; }));
    var done = Array.from(new Set(routes.filter(function (r) {
      return r.keys.length === state.path.length; }).map(function (r) { return r.move; })));
    var moves = new Set(routes.map(function (r) { return r.move; }));
    if (state.path.length && done.length === 1 && moves.size === 1) { play(done[0]); return; }
    figure.classList.toggle("composing", state.path.length > 0);
    figure.querySelectorAll("[data-cell], [data-token]").forEach(function (part) {
      var k = part.dataset.cell !== undefined ? key("cell", part.dataset.cell)
        : key("token", part.dataset.token);
      part.classList.toggle("target", next.has(k));
      part.classList.toggle("picked", state.path.indexOf(k) >= 0);
    });
    // Steps that are not on the board (a choice drawn beside it) are offered as buttons,
    // and once a move is begun, the moves still open.
    var offered = Array.from(next).filter(function (k) { return k.indexOf("choice ") === 0; })
      .map(function (k) {
        var button = el("button", { type: "button", class: "choice-step" },
                        k.slice(k.indexOf(" ") + 1));
        button.addEventListener("click", function () { state.path = state.path.concat(k);
                                                       compose(); });
        return button;
      });
    candidates.replaceChildren.apply(candidates, offered.concat(
      (state.path.length ? Array.from(moves) : []).slice(0, 40).map(function (move) {
        var button = el("button", { type: "button", class: "candidate" }, move);
        button.addEventListener("click", function () { play(move); });
        return button;
      })));
    prompt.textContent = state.path.length
      ? phrase("%(path)s: %(count)s move; click a highlighted step, or pick below.",
             { path: state.path.map(function (k) { return k.slice(k.indexOf(" ") + 1); })
               .join(" "), count: moves.size },
             "%(path)s: %(count)s moves; click a highlighted step, or pick below.")
      : (Object.keys(state.routes).length
        ? phrase("Click the board to play a move for the side to move.", {}) : "");
  }

  figure.addEventListener("click", function (event) {
    var part = event.target.closest("[data-cell], [data-token]");
    if (!part) return;
    var k = part.dataset.cell !== undefined ? key("cell", part.dataset.cell)
      : key("token", part.dataset.token);
    var at = state.path.indexOf(k);
    state.path = state.path.concat(k);
    if (!open().length) state.path = at >= 0 ? state.path.slice(0, at) : [k];
    if (!open().length) state.path = [];
    compose();
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest("a");
    if (!isStep(link) || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    go(link.href, true);
  });
  var typed = document.querySelector("form.type-move");
  if (typed) {
    typed.addEventListener("submit", function (event) {
      event.preventDefault();
      var move = typed.querySelector("input[name=p]:not([type=hidden])");
      play(move.value);
      move.value = "";
    });
  }
  window.addEventListener("popstate", function () { go(location.href, false); });
  compose();
})();
