// Click-to-compose. The server lists every legal move with its routes of clicks (the JSON in
// script.legal-plies; the contract is in pbem/games/svg.py): steps on a cell, on a token drawn
// in the board's panel, or on a choice button beside the board. The page keeps the steps
// clicked so far, highlights every next step of a route still open (class "target"), and
// submits the move for a preview once the clicks complete exactly one move. Cells, tokens and
// choices take Enter and Space from the keyboard; Escape starts again. Without JavaScript the
// form works by typing or picking, as it always did.
(function () {
  "use strict";
  const form = document.querySelector("form.move-form");
  const board = document.querySelector("figure.board[data-composer]");
  const data = form && form.querySelector("script.legal-plies");
  if (!form || !board || !data) return;
  const { seat, plies } = JSON.parse(data.textContent);
  const panel = form.querySelector(".composer");
  const prompt = panel.querySelector(".prompt");
  const choices = [...panel.querySelectorAll("button.choice")];
  const candidates = panel.querySelector(".candidates");
  const clear = panel.querySelector("button.clear");
  const key = (kind, value) => kind + " " + value;
  // Every route as a list of keys, with its move.
  const routes = plies.flatMap(([move, ways]) =>
    ways.map((way) => ({ move, keys: way.map(([kind, value]) => key(kind, value)) })));
  // The board's clickable parts: each one's key, and the parts of each key. Another seat's
  // tokens (its tiles or sizes in hand) are not the mover's.
  const keyOf = new Map();
  const parts = new Map();
  for (const el of board.querySelectorAll("[data-cell], [data-token]")) {
    if (el.dataset.seat !== undefined && Number(el.dataset.seat) !== seat) continue;
    const k = el.dataset.cell !== undefined ? key("cell", el.dataset.cell)
      : key("token", el.dataset.token);
    keyOf.set(el, k);
    if (!parts.has(k)) parts.set(k, []);
    parts.get(k).push(el);
    el.setAttribute("role", "button");  // named by its <title>, or else by its cell's name
    if (!el.querySelector("title") && el.dataset.cell !== undefined) {
      el.setAttribute("aria-label", el.dataset.cell);
    }
  }
  let path = [];

  // The prompts in the page's language (the move form's JSON, from the catalogue); English
  // when the page has none.
  const wordsEl = form.querySelector("script.composer-words");
  const said = wordsEl ? JSON.parse(wordsEl.textContent) : {};
  const t = (english, values = {}) => (said[english] || english)
    .replace(/%\((\w+)\)[sd]/g, (_, name) => String(values[name]));

  const open = () => routes.filter((r) => path.every((k, i) => r.keys[i] === k));
  const words = (k) => k.slice(k.indexOf(" ") + 1);

  function choose(move) {
    form.querySelector("[name=move]").value = move;
    prompt.textContent = t("Previewing %(move)s…", { move });
    form.requestSubmit ? form.requestSubmit() : form.submit();
  }

  function show() {
    const routesOpen = open();
    const next = new Set(routesOpen.filter((r) => r.keys.length > path.length)
      .map((r) => r.keys[path.length]));
    const done = [...new Set(routesOpen.filter((r) => r.keys.length === path.length)
      .map((r) => r.move))];
    const moves = new Set(routesOpen.map((r) => r.move));
    if (path.length && done.length === 1 && moves.size === 1) return choose(done[0]);
    for (const [k, els] of parts) {
      for (const el of els) {
        el.classList.toggle("target", next.has(k));
        el.classList.toggle("picked", path.includes(k));
        el.setAttribute("tabindex", next.has(k) || path.includes(k) ? "0" : "-1");
        el.setAttribute("aria-pressed", path.includes(k) ? "true" : "false");
      }
    }
    board.classList.toggle("composing", path.length > 0);
    for (const button of choices) button.hidden = !next.has(key("choice", button.dataset.choice));
    // A move complete here while longer ones go on (rare) is offered by its notation.
    candidates.replaceChildren(...(path.length ? done : []).map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "candidate";
      button.dataset.move = move;
      button.textContent = move;
      button.addEventListener("click", () => choose(move));
      return button;
    }));
    clear.hidden = !path.length;
    prompt.textContent = hint(next, moves.size);
  }

  // What to do next, in words (read out: the prompt is a live region).
  function hint(next, count) {
    const onBoard = [...next].filter((k) => parts.has(k)).length;
    const where = onBoard && onBoard < next.size ? t("on the board or below")
      : onBoard ? t("on the board") : t("below");
    if (!path.length) {
      return onBoard ? t("Click %(where)s where your move starts.", { where }) : t("Choose below.");
    }
    const moves = t(count === 1 ? "%(num)d move" : "%(num)d moves", { num: count });
    return t("%(path)s: %(moves)s; pick a highlighted step %(where)s.",
             { path: path.map(words).join(" "), moves, where });
  }

  // ``name``: how the message names the part clicked (its title on the board).
  function step(k, name = words(k)) {
    const at = path.indexOf(k);
    if (open().some((r) => r.keys[path.length] === k)) path = path.concat(k);
    else if (at >= 0) path = path.slice(0, at);  // clicking a picked part takes it back
    else if (routes.some((r) => r.keys[0] === k)) path = [k];
    else {
      path = [];
      show();
      prompt.textContent = t("%(name)s: no legal move starts there.", { name }) + " "
        + prompt.textContent;
      return;
    }
    show();
  }

  function press(event) {
    const el = event.target.closest("[data-cell], [data-token]");
    if (!el) return;
    event.preventDefault();
    const title = el.querySelector("title");
    if (keyOf.has(el)) step(keyOf.get(el), title ? title.textContent : words(keyOf.get(el)));
    else prompt.textContent = t("That is another player's, not yours to play.");
  }
  board.addEventListener("click", press);
  board.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") press(event);
  });
  for (const button of choices) {
    button.addEventListener("click", () => step(key("choice", button.dataset.choice)));
  }
  const restart = () => { path = []; show(); };
  clear.addEventListener("click", restart);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && path.length) restart();
  });
  panel.hidden = false;
  show();
})();
