"""How the players' page looks and the few lines that keep it live: phone-sized first, a
second column and larger type on a wide screen (a TV); no font, script or picture from
elsewhere."""

PAGE_STYLE = """
:root { color-scheme: dark; --bg: #121418; --fg: #e6e6e6; --dim: #9aa0a6; --hi: #ffd35a; }
* { box-sizing: border-box; }
body { margin: 0; padding: 0.6rem; background: var(--bg); color: var(--fg);
       font: 16px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 1.15rem; margin: 0 0 0.4rem; }
h2 { font-size: 0.95rem; margin: 0.8rem 0 0.3rem; color: var(--dim); text-transform: uppercase;
     letter-spacing: 0.05em; }
a { color: #8ab4f8; }
main { display: grid; gap: 0.2rem 1.5rem; grid-template-columns: minmax(0, 1fr); }
header, .now { grid-column: 1 / -1; }
.now { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.3rem 1.2rem; }
.pot { font-size: 2.2rem; font-weight: 700; color: var(--hi); }
.next { font-size: 1.05rem; }
.warning { color: #ff8a80; font-weight: 600; }
pre.term { margin: 0.3rem 0; font: 13px/1.2 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas,
           monospace; overflow-x: auto; }
.sips ul { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap;
           gap: 0.2rem 1rem; }
.log ol { list-style: none; padding: 0; margin: 0; }
.log li { padding: 0.1rem 0; border-bottom: 1px solid #23262b; }
.log li span { color: var(--dim); display: inline-block; min-width: 2.2em; }
.log li:first-child { color: var(--hi); }
table { border-collapse: collapse; }
td { padding: 0.15rem 0.8rem 0.15rem 0; text-align: right; }
td:first-child { text-align: left; }
.payments { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.8rem; }
.payments li { background: #1d2026; border-radius: 0.5rem; padding: 0.6rem; }
.payments li b { display: block; font-size: 1.4rem; color: var(--hi); }
.payments .iban { color: var(--dim); font-size: 0.85rem; }
.code { display: block; background: #fff; padding: 0.8rem; border-radius: 0.4rem;
        max-width: 22rem; margin-top: 0.4rem; }
.code svg { display: block; width: 100%; height: auto; }
.code.big { max-width: min(92vw, 80vh); margin: 0 auto; }
.rules table { font-size: 0.9rem; }
.rules td, .rules th { border-bottom: 1px solid #2c3038; text-align: left; padding: 0.2rem; }
footer { margin-top: 1rem; color: var(--dim); font-size: 0.9rem; }
footer .offline { display: none; color: #ff8a80; }
body.offline footer .offline { display: inline; }
@media (min-width: 900px) {
  body { font-size: calc(10px + 0.55vw); padding: 1.2rem 2rem; }
  main { grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); }
  pre.term { font-size: calc(7px + 0.55vw); }
  .pot { font-size: 3.2em; }
  .payments { grid-template-columns: repeat(auto-fill, minmax(18em, 1fr)); }
}
"""

# The live updates: the server sends the table's new HTML (already escaped by the server)
# and the browser's EventSource reconnects by itself, saying which update it had.
PAGE_SCRIPT = """
(function () {
  var live = document.getElementById("live");
  var stream = new EventSource("events" + location.search);
  stream.onmessage = function (event) {
    var now = JSON.parse(event.data);
    live.innerHTML = now.html;
    live.dataset.action = now.action;
    live.dataset.version = event.lastEventId;
    document.title = now.title;
    document.body.classList.remove("offline");
    document.body.dataset.live = "on";
  };
  stream.onerror = function () { document.body.classList.add("offline"); };
})();
"""
