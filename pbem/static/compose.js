// Click-to-compose. The server lists every legal move with its routes of clicks (the JSON in
// script.legal-plies; the contract is in pbem/games/svg.py): steps on a cell, on a token drawn
// in the board's panel, or on a choice button beside the board. The page keeps the steps
// clicked so far, highlights every next step of a route still open (class "target"), and
// submits the move for a preview once the clicks complete exactly one move. Cells, tokens and
// choices take Enter and Space from the keyboard; Escape starts again.
//
// In a game whose turn has several plies (Spike, Triumvirate; the form names a turn_url), a
// completed ply does not leave the page: the server checks the turn so far and answers with
// the board after it and the legal next plies (play.turn_json), and once the turn is whole the
// page offers to send it, once, to the same command as a confirmed move (send_url).
//
// Typing in the move field searches the legal moves: the matches are listed under the piece or
// cell they start from, each a button. Without JavaScript the form works by typing or picking
// from the grouped list, as it always did.
(function () {
  "use strict";
  const form = document.querySelector("form.move-form");
  const board = document.querySelector("figure.board[data-composer]");
  const data = form && form.querySelector("script.legal-plies");
  if (!form || !board || !data) return;
  const { seat, plies: firstPlies } = JSON.parse(data.textContent);
  const panel = form.querySelector(".composer");
  const prompt = panel.querySelector(".prompt");
  const choiceBox = panel.querySelector(".choices");
  const candidates = panel.querySelector(".candidates");
  const clear = panel.querySelector("button.clear");
  const send = panel.querySelector("button.send-turn");
  const undo = panel.querySelector("button.undo-part");
  const composed = panel.querySelector(".turn-composed");
  const picker = form.querySelector(".move-picker");
  const moveField = form.querySelector("[name=move]");
  const turnField = form.querySelector("[name=turn]");
  const plyField = form.querySelector("[name=ply]");
  const { turnUrl, sendUrl } = form.dataset;
  // Plies of the turn typed on earlier pages (the steps of the form without JavaScript).
  const before = turnField && turnField.value.trim() ? turnField.value.trim().split(/\s+/) : [];
  const key = (kind, value) => kind + " " + value;
  const words = (k) => k.slice(k.indexOf(" ") + 1);
  // The prompts in the page's language (the move form's JSON, from the catalogue); English
  // when the page has none.
  const wordsEl = form.querySelector("script.composer-words");
  const said = wordsEl ? JSON.parse(wordsEl.textContent) : {};
  const t = (english, values = {}) => (said[english] || english)
    .replace(/%\((\w+)\)[sd]/g, (_, name) => String(values[name]));

  let plies = [];     // [move, routes] pairs: the legal plies now
  let routes = [];    // every route as a list of keys, with its move
  let keyOf = new Map();
  let parts = new Map();
  let path = [];      // the steps clicked towards the next ply
  let turn = [];      // plies of the turn composed on this page
  let stages = [];    // what the page showed before each of them (taken back by undo-part)
  let whole = null;   // the canonical turn, once it is complete
  let busy = false;

  // The board's clickable parts: each one's key, and the parts of each key. Another seat's
  // tokens (its tiles or sizes in hand) are not the mover's.
  function index() {
    keyOf = new Map();
    parts = new Map();
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
  }

  function load(legal) {
    plies = legal;
    routes = plies.flatMap(([move, ways]) =>
      ways.map((way) => ({ move, keys: way.map(([kind, value]) => key(kind, value)) })));
    index();
  }

  const choiceButtons = () => [...choiceBox.querySelectorAll("button.choice")];
  const open = () => routes.filter((r) => path.every((k, i) => r.keys[i] === k));

  function choose(move) {
    if (turnUrl) return extend(turn.concat(move));
    moveField.value = move;
    prompt.textContent = t("Previewing %(move)s…", { move });
    form.requestSubmit ? form.requestSubmit() : form.submit();
  }

  // ----- a turn of several plies, composed on this page -----------------------------------

  function setBoard(svg) {
    const holder = document.createElement("div");
    holder.innerHTML = svg;
    board.querySelector("svg").replaceWith(holder.querySelector("svg"));
  }

  function setChoices(list) {
    choiceBox.replaceChildren(...list.map(([value, picture, label, shown]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.dataset.choice = value;
      button.title = label;
      button.setAttribute("aria-label", label + " (" + value + ")");
      button.hidden = true;
      button.innerHTML = picture;
      const name = document.createElement("span");
      name.textContent = shown || value;  // the choice's name in the page's language
      button.append(name);
      return button;
    }));
  }

  // Ask the server for the turn ``next`` (the plies of this page, after those typed before):
  // the board after it, and its next plies or that it is whole.
  async function extend(next) {
    if (busy) return;
    busy = true;
    prompt.textContent = t("Checking %(turn)s…", { turn: next.join(" ") });
    const query = new URLSearchParams({ turn: before.concat(next).join(" "), ply: plyField.value });
    let answer;
    try {
      const response = await fetch(turnUrl + "?" + query, {
        credentials: "same-origin", headers: { Accept: "application/json" } });
      const type = response.headers.get("Content-Type") || "";
      answer = type.includes("json") ? await response.json() : {};
      if (!response.ok) throw new Error(answer.error || t("The server refused it (reload the page)."));
    } catch (error) {
      busy = false;
      path = [];
      show();
      prompt.textContent = (error.message || t("No answer from the server")) + " " + prompt.textContent;
      return;
    }
    busy = false;
    stages.push({ turn, plies, whole, svg: board.querySelector("svg").outerHTML,
      choices: choiceBox.innerHTML });
    turn = next;
    path = [];
    setBoard(answer.svg);
    whole = answer.complete ? answer.turn : null;
    if (!answer.complete) setChoices(answer.choices);
    load(answer.complete ? [] : answer.plies);
    show();
  }

  function takeBack(all) {
    if (!stages.length) return;
    const stage = all ? stages[0] : stages[stages.length - 1];
    stages = all ? [] : stages.slice(0, -1);
    ({ turn, whole } = stage);
    setBoard(stage.svg);
    choiceBox.innerHTML = stage.choices;
    load(stage.plies);
    path = [];
    show();
  }

  function sendTurn() {
    if (!whole) return;
    moveField.value = before.concat(turn).join(" ");
    if (turnField) turnField.value = "";
    form.action = sendUrl;
    prompt.textContent = t("Sending %(turn)s…", { turn: whole });
    send.disabled = true;
    form.submit();
  }

  // ----- showing what comes next ------------------------------------------------------------

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
    for (const button of choiceButtons()) {
      button.hidden = !next.has(key("choice", button.dataset.choice));
    }
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
    clear.hidden = !path.length && !turn.length;
    undo.hidden = !turn.length;
    send.hidden = !whole;
    send.disabled = false;
    composed.hidden = !turn.length;
    composed.querySelector(".turn-parts").textContent = whole || before.concat(turn).join(" ");
    prompt.textContent = whole
      ? t("Your turn is complete: the board shows where it leads. Send it, or take a part back.")
      : hint(next, moves.size);
    search();
  }

  // What to do next, in words (read out: the prompt is a live region).
  function hint(next, count) {
    const onBoard = [...next].filter((k) => parts.has(k)).length;
    const where = onBoard && onBoard < next.size ? t("on the board or below")
      : onBoard ? t("on the board") : t("below");
    if (!path.length && turn.length) {
      return onBoard ? t("Next part of your turn: click %(where)s where it starts.", { where })
        : t("Next part of your turn: choose below.");
    }
    if (!path.length) {
      return onBoard ? t("Click %(where)s where your move starts.", { where }) : t("Choose below.");
    }
    const moves = t(count === 1 ? "%(num)d move" : "%(num)d moves", { num: count });
    return t("%(path)s: %(moves)s; pick a highlighted step %(where)s.",
             { path: path.map(words).join(" "), moves, where });
  }

  // ``name``: how the message names the part clicked (its title on the board).
  function step(k, name = words(k)) {
    if (whole || busy) return;
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

  // ----- the type-ahead picker --------------------------------------------------------------

  const LIMIT = 60;
  const squash = (text) => text.toLowerCase().replace(/\s+/g, "");

  // The legal moves grouped by where they start (the first step of their first route), as
  // the grouped list without JavaScript shows them (pbem.play.move_picker.move_groups).
  function groups(moves) {
    const byStart = new Map();
    for (const [move, ways] of moves) {
      const head = ways.length && ways[0].length ? String(ways[0][0][1]) : move.slice(0, 1);
      if (!byStart.has(head)) byStart.set(head, []);
      byStart.get(head).push(move);
    }
    if (byStart.size > 12 && byStart.size * 2 > moves.length) {
      const byFirst = new Map();
      for (const [move] of moves) {
        const head = move.slice(0, 1);
        if (!byFirst.has(head)) byFirst.set(head, []);
        byFirst.get(head).push(move);
      }
      return byFirst;
    }
    return byStart;
  }

  function search() {
    const typed = squash(moveField.value);
    if (!typed || whole) {
      picker.hidden = true;
      picker.replaceChildren();
      return;
    }
    const found = plies.filter(([move]) => squash(move).includes(typed));
    // Those that start as typed first: "d4" finds d4-… before …-d4.
    found.sort((a, b) => Number(!squash(b[0]).startsWith(typed)) -
      Number(!squash(a[0]).startsWith(typed)));
    const sections = [];
    let shown = 0;
    for (const [head, moves] of groups(found)) {
      if (shown >= LIMIT) break;
      const section = document.createElement("section");
      const title = document.createElement("h3");
      title.textContent = head;
      section.append(title);
      for (const move of moves.slice(0, LIMIT - shown)) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "pick";
        button.dataset.move = move;
        button.textContent = move;
        button.addEventListener("click", () => { moveField.value = ""; choose(move); });
        section.append(button);
        shown += 1;
      }
      sections.push(section);
    }
    const note = document.createElement("p");
    note.className = "picker-note";
    note.textContent = !found.length
      ? t("No legal move matches %(typed)s.", { typed: moveField.value.trim() })
      : found.length > shown
        ? t("%(shown)s of %(count)s legal moves: type more to narrow.",
            { shown, count: found.length })
        : t(found.length === 1 ? "%(num)d legal move matches." : "%(num)d legal moves match.",
            { num: found.length });
    picker.replaceChildren(note, ...sections);
    picker.hidden = false;
  }

  // ----- wiring -----------------------------------------------------------------------------

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
  choiceBox.addEventListener("click", (event) => {
    const button = event.target.closest("button.choice");
    if (button) step(key("choice", button.dataset.choice));
  });
  const restart = () => {
    path = [];
    if (stages.length) takeBack(true);
    else show();
  };
  clear.addEventListener("click", restart);
  undo.addEventListener("click", () => takeBack(false));
  send.addEventListener("click", sendTurn);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (path.length || turn.length)) restart();
  });
  moveField.addEventListener("input", search);
  // A part typed (or a whole turn) joins the turn composed here; the server checks it.
  if (turnUrl) {
    form.addEventListener("submit", (event) => {
      if (form.action.endsWith(sendUrl)) return;
      event.preventDefault();
      if (whole) return sendTurn();
      const typed = moveField.value.trim() ||
        (form.querySelector("[name=choice]") || {}).value || "";
      if (!typed) return;
      moveField.value = "";
      extend(turn.concat(typed.split(/\s+/)));
    });
  }
  form.classList.add("picking");
  panel.hidden = false;
  load(firstPlies);
  show();
})();
