// Tournament pages: times written in UTC (<time class="local">) are shown in the reader's own
// time zone, and the tournament form shows only the fields of the format and table size
// chosen (elements with data-show="format:tables", tables "2", "3+" or "*") and of the kind
// of time control (data-show-control). Without JavaScript the times read in UTC and every
// field shows, each labelled with its format.
(function () {
  "use strict";
  const local = new Intl.DateTimeFormat([], { dateStyle: "medium", timeStyle: "short" });
  document.querySelectorAll("time.local[datetime]").forEach((el) => {
    const when = new Date(el.getAttribute("datetime"));
    if (!Number.isNaN(when.getTime())) {
      el.title = el.textContent;
      el.textContent = local.format(when);
    }
  });

  const form = document.getElementById("tournament-form");
  const format = form && form.querySelector("[name=format]");
  if (!format) return;
  const tables = form.querySelector("[name=table_size]");
  const fits = (rule) => {
    const [name, size] = rule.split(":");
    const count = Number(tables ? tables.value : 2);
    return name === format.value &&
      (size === "*" || (size === "2" ? count === 2 : count > 2));
  };
  const control = form.querySelector("[name=time_control]");
  const update = () => {
    form.querySelectorAll("[data-show]").forEach((el) => {
      el.hidden = !el.dataset.show.split(" ").some(fits);
    });
    form.querySelectorAll("[data-show-control]").forEach((el) => {
      el.hidden = !control || el.dataset.showControl !== control.value;
    });
  };
  [format, tables, control].forEach((el) => el && el.addEventListener("change", update));
  update();
})();
