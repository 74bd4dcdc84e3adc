// The browser's time zone, offered where a player has not chosen one: a form marked
// form[data-browser-zone] is filled with it and shown (the home page's offer), and a select
// marked select[data-browser-zone] is set to it (the settings page before its first save).
(function () {
  "use strict";
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return;
  }
  if (!zone) return;
  for (const form of document.querySelectorAll("form[data-browser-zone]")) {
    if (zone === "UTC" || zone === "Etc/UTC") continue;
    form.querySelector("[name=timezone]").value = zone;
    form.querySelector(".zone-name").textContent = zone;
    form.hidden = false;
  }
  for (const select of document.querySelectorAll("select[data-browser-zone]")) {
    if (![...select.options].some((option) => option.value === zone)) continue;
    select.value = zone;
    const note = document.querySelector(".zone-note");
    if (note) note.hidden = false;  // its words are the page's, in the reader's language
  }
})();
