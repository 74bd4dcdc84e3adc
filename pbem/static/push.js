// Subscribe this browser to pushes: register the service worker, ask the push service for a
// subscription with the server's key, and post it with the form's fields. What it tells the
// reader is the page's (the form's data-unsupported, -subscribed, -refused and -failed), in
// the reader's language.
(function () {
  "use strict";
  var form = document.getElementById("push-subscribe");
  if (!form) { return; }
  var status = form.querySelector(".push-status");
  function key(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), function (c) { return c.charCodeAt(0); });
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      status.textContent = form.dataset.unsupported;
      return;
    }
    navigator.serviceWorker.register(form.dataset.worker, { scope: "/" }).then(function (reg) {
      return reg.pushManager.subscribe({ userVisibleOnly: true,
                                         applicationServerKey: key(form.dataset.key) });
    }).then(function (subscription) {
      var body = new FormData(form);
      body.append("subscription", JSON.stringify(subscription));
      return fetch(form.action, { method: "POST", body: body, credentials: "same-origin" });
    }).then(function (response) {
      status.textContent = response.ok ? form.dataset.subscribed : form.dataset.refused;
      if (response.ok) { window.location.reload(); }
    }).catch(function (error) {
      status.textContent = form.dataset.failed + " " + error;
    });
  });
}());
