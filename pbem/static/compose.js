// Click-to-compose: clicking squares on the board narrows the legal moves the server listed
// (data-legal on the move form) to those through the clicked squares, in order; a single
// match, or a button among the remaining ones, fills the move and asks the server for the
// preview. Without JavaScript the same form works by typing or picking.
(function () {
  "use strict";
  const form = document.querySelector("form.move-form");
  const board = document.querySelector("figure.board[data-composer]");
  if (!form || !board) return;
  const legal = JSON.parse(form.dataset.legal || "[]");
  const box = form.querySelector(".candidates");
  const cellNames = [...new Set([...board.querySelectorAll("[data-cell]")].map((el) => el.dataset.cell))];
  if (!cellNames.length) return;
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(cellNames.slice().sort((a, b) => b.length - a.length).map(escape).join("|"), "g");
  const cellsOf = (move) => move.match(pattern) || [];
  let clicked = [];

  const through = (path) => legal.filter((move) => {
    const cells = cellsOf(move);
    return path.every((cell, i) => cells[i] === cell);
  });

  function choose(move) {
    form.querySelector("[name=move]").value = move;
    form.requestSubmit ? form.requestSubmit() : form.submit();
  }

  function show(candidates) {
    board.querySelectorAll("[data-cell]").forEach((el) => {
      el.classList.toggle("picked", clicked.includes(el.dataset.cell));
    });
    box.replaceChildren();
    if (!candidates.length || candidates.length > 60) return;
    const label = document.createElement("span");
    label.textContent = clicked.length ? "Moves through " + clicked.join(", ") + ": " : "Moves: ";
    box.append(label);
    for (const move of candidates) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "candidate";
      button.dataset.move = move;
      button.textContent = move;
      button.addEventListener("click", () => choose(move));
      box.append(button);
    }
  }

  board.addEventListener("click", (event) => {
    const target = event.target.closest("[data-cell]");
    if (!target) return;
    let next = clicked.concat(target.dataset.cell);
    if (!through(next).length) next = [target.dataset.cell];
    if (!through(next).length) next = [];
    clicked = next;
    const candidates = clicked.length ? through(clicked) : [];
    const complete = candidates.filter((m) => cellsOf(m).length === clicked.length);
    if (candidates.length === 1 && complete.length === 1) return choose(candidates[0]);
    show(candidates);
  });
  board.querySelectorAll("[data-cell]").forEach((el) => { el.style.cursor = "pointer"; });
  // Moves that name no square (pass, arrangements, decisions) are offered as buttons at once.
  show(legal.filter((move) => !cellsOf(move).length));
})();
