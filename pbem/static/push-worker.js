// pbem's service worker: shows a push (its title, and the game it names) and opens the game.
self.addEventListener("push", function (event) {
  var data = event.data ? event.data.json() : {};
  var body = data.game ? "#" + data.game : "";  // the words are the title's, translated
  event.waitUntil(self.registration.showNotification(data.title || "pbem",
                                                     { body: body, data: { url: data.url } }));
});
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  if (event.notification.data && event.notification.data.url) {
    event.waitUntil(clients.openWindow(event.notification.data.url));
  }
});
