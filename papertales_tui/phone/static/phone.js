// Paper Tales, a seat's page for a phone (hosting/phone/): the host renders the page's body and sends
// it over this websocket; a tap on a button sends its data-a and data-v. Reconnects by itself.
(function () {
  "use strict";
  var app = document.getElementById("app");
  var live = document.getElementById("live");
  var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
    location.pathname.replace(/\/+$/, "") + "/phone/ws";
  var ws = null, delay = 500, over = false, shown = 0;

  function send(a, v) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify({a: a, v: v || ""}));
  }
  function status(text) {
    var el = document.getElementById("conn");
    if (el) { el.textContent = text; return; }
    var p = document.createElement("p");
    p.id = "conn"; p.className = "status banner"; p.setAttribute("role", "status");
    p.textContent = text;
    app.insertBefore(p, app.firstChild);
  }
  function connect() {
    ws = new WebSocket(url);
    ws.onopen = function () {
      delay = 500;
      var lang = "";
      try { lang = localStorage.getItem("papertales.lang") || ""; } catch (e) { lang = ""; }
      send("hello", lang);
    };
    ws.onmessage = function (e) {
      var m = JSON.parse(e.data), focused = document.activeElement && document.activeElement.id;
      if (typeof m.html === "string") {
        app.innerHTML = m.html;
        app.dataset.shown = String(++shown);  // (how many bodies shown: a test waits for the next)
        if (focused) { var el = document.getElementById(focused); if (el) el.focus({preventScroll: true}); }
      }
      if (m.progress) {  // how far the host's coach is: put in place, the buttons left as they are
        var said = document.getElementById(m.progress.which + "-progress");
        var bar = document.getElementById(m.progress.which + "-bar");
        if (said && bar) {
          said.textContent = m.progress.progress;
          bar.max = m.progress.total;
          bar.value = m.progress.done;
        }
      }
      if (m.lang) document.documentElement.lang = m.lang;
      if (m.say) live.textContent = m.say;
    };
    ws.onclose = function (e) {
      if (e.code === 4001) {  // the seat was opened on another device or tab
        over = true;
        status(app.dataset.taken);
        return;
      }
      status(app.dataset.lost);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-a]");
    if (!b || b.disabled || over) return;
    e.preventDefault();
    if (b.dataset.a === "lang") { try { localStorage.setItem("papertales.lang", b.dataset.v); } catch (x) { /* private mode */ } }
    send(b.dataset.a, b.dataset.v);
  });
  document.addEventListener("visibilitychange", function () {  // a phone that slept: at once, not after the backoff
    if (!document.hidden && !over && ws && ws.readyState > 1) { delay = 500; connect(); }
  });
  connect();
})();
