"""The stylesheet and script inlined in the HTML report of an output document (no external asset, no framework).

The script only reads ``data-*`` attributes and moves or hides the rows the page already holds: it never inserts
text taken from the document, so everything the page shows was escaped when the page was written.
"""

from __future__ import annotations

__all__ = ["REPORT_SCRIPT", "REPORT_STYLE"]

REPORT_STYLE = """
:root{--line:#d0d7de;--muted:#57606a;--soft:#f6f8fa;--pass:#1a7f37;--fail:#cf222e;--partial:#bf8700;--error:#8250df;
--none:#8c959f}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5rem 2rem;color:#1f2328;
background:#fff;font-size:15px;line-height:1.45}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
.meta{color:var(--muted);margin:0 0 1rem}
.cards{display:flex;gap:.75rem;flex-wrap:wrap;margin:.75rem 0}
.card{border:1px solid var(--line);border-left-width:4px;border-radius:6px;padding:.45rem .9rem;min-width:7rem}
.card b{display:block;font-size:1.45rem;line-height:1.2}
.card span{color:var(--muted);white-space:nowrap}
.card.pass{border-left-color:var(--pass)}.card.fail{border-left-color:var(--fail)}
.card.partial{border-left-color:var(--partial)}.card.error{border-left-color:var(--error)}
.turns{color:var(--muted);margin:.25rem 0 0}
table.evaluators{border-collapse:collapse;font-size:.9rem;margin:.25rem 0 .5rem}
table.evaluators th,table.evaluators td{padding:.3rem .7rem;border-bottom:1px solid var(--line);text-align:right;
white-space:nowrap}
table.evaluators th:first-child{text-align:left}
table.evaluators thead th{background:var(--soft);font-weight:600}
svg.bar{display:block}
.bar .pass{fill:var(--pass)}.bar .fail{fill:var(--fail)}.bar .error{fill:var(--error)}.bar .none{fill:var(--none)}
.bar .partial{fill:var(--partial)}.bar .empty{fill:#eaeef2}
.controls{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;margin:1.25rem 0 .75rem}
.controls fieldset{border:0;margin:0;padding:0;display:flex;gap:.75rem;flex-wrap:wrap}
.controls legend{float:left;margin-right:.5rem;color:var(--muted)}
.controls label{white-space:nowrap;cursor:pointer}
.controls input[type=search]{font:inherit;padding:.3rem .5rem;border:1px solid var(--line);border-radius:6px;
min-width:18rem}
.controls button{font:inherit;padding:.25rem .6rem;border:1px solid var(--line);border-radius:6px;
background:var(--soft);
cursor:pointer}
#shown{color:var(--muted);white-space:nowrap}
.tablewrap{overflow-x:auto;border:1px solid var(--line);border-radius:6px}
table.results{border-collapse:collapse;width:100%;font-size:.9rem}
table.results th,table.results td{border-bottom:1px solid var(--line);padding:.4rem .45rem;vertical-align:top;
text-align:left;overflow-wrap:normal;word-break:normal;hyphens:manual}
table.results thead th{background:var(--soft);white-space:nowrap}
th button.sort{font:inherit;font-weight:600;border:0;background:none;padding:0;cursor:pointer;color:inherit}
th button.sort::after{content:" \\2195";color:var(--none)}
th[aria-sort=ascending] button.sort::after{content:" \\2191";color:inherit}
th[aria-sort=descending] button.sort::after{content:" \\2193";color:inherit}
.c-num{width:4rem;white-space:nowrap}
.c-name{min-width:7rem;max-width:14rem}
.c-text{min-width:9.5rem}
.c-status{min-width:10rem;max-width:16rem}
.c-score{white-space:nowrap;min-width:4.5rem}
.long{overflow-wrap:anywhere}
.clamp{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden;white-space:pre-line}
.empty-text{color:var(--none)}
tbody.thread th{background:#eef1f4;font-weight:600;text-align:left;padding:.45rem .55rem;
border-bottom:1px solid var(--line)}
tbody.thread .sub{font-weight:400;color:var(--muted)}
.turn-of{display:block;color:var(--muted);font-size:.8rem}
.tag{display:inline-block;font-size:.75rem;color:var(--muted);border:1px solid var(--line);border-radius:1rem;
padding:0 .4rem;margin:.15rem .25rem 0 0;white-space:nowrap}
.status{display:inline-block;padding:.05rem .5rem;border-radius:1rem;font-weight:600;font-size:.8rem;white-space:nowrap;
color:#fff;background:var(--none)}
.status.pass{background:var(--pass)}.status.fail{background:var(--fail)}.status.partial{background:var(--partial)}
.status.error{background:var(--error)}
.why{color:var(--muted);font-size:.82rem;margin-top:.2rem}
td.c-score .v{font-weight:600}
td.c-score small{color:var(--muted)}
td.c-score.pass .v{color:var(--pass)}td.c-score.fail .v{color:var(--fail)}td.c-score.error .v{color:var(--error)}
td.c-score.none .v{color:var(--none)}
button.more{font:inherit;border:0;background:none;cursor:pointer;padding:0;color:#0969da;white-space:nowrap}
button.more::before{content:"\\25B8 "}
button.more[aria-expanded=true]::before{content:"\\25BE "}
.js tbody.row:not(.open) tr.detail{display:none}
.js tbody.later{display:none}
tbody.open .clamp{display:block;overflow:auto;white-space:pre-wrap;max-height:32rem}
tbody.open tr.main>td{background:#fbfcfd}
tr.detail>td{background:#fbfcfd;padding:.25rem 1rem .9rem}
.inner{position:sticky;left:1rem;max-width:calc(100vw - 6rem)}
.detail h3{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;color:var(--muted);margin:.5rem 0 .25rem}
#more-rows{margin:.75rem 0;font:inherit;padding:.3rem .8rem;border:1px solid var(--line);border-radius:6px;
background:var(--soft);cursor:pointer}
table.scores{border-collapse:collapse;font-size:.85rem}
table.scores th,table.scores td{border-bottom:1px solid var(--line);padding:.3rem .6rem;text-align:left;
vertical-align:top}
table.scores td.reason{min-width:16rem;max-width:48rem}
ul.problems{margin:.5rem 0 0;padding-left:1.25rem}
ul.cited{margin:.25rem 0 0;padding-left:1.1rem}.source{color:var(--muted)}
ul.problems li{margin:.15rem 0}
"""
"""The report's stylesheet."""

REPORT_SCRIPT = """
(function () {
  "use strict";
  var table = document.getElementById("results");
  if (!table) { return; }
  var page = Number(table.dataset.page) || 200;
  var groups = Array.prototype.filter.call(table.tBodies, function (b) { return b.classList.contains("row"); });
  var heads = {};
  Array.prototype.forEach.call(table.querySelectorAll("tbody.thread"), function (b) { heads[b.dataset.thread] = b; });
  var texts = groups.map(function (g) { return g.textContent.toLowerCase(); });
  var statuses = groups.map(function (g) { return g.dataset.status; });
  var threads = groups.map(function (g) { return g.dataset.thread || ""; });
  var search = document.getElementById("search");
  var shown = document.getElementById("shown");
  var moreRows = document.getElementById("more-rows");
  var boxes = Array.prototype.slice.call(document.querySelectorAll("#filters input[type=checkbox]"));
  var rank = {error: 0, partial: 1, fail: 2, pass: 3, none: 4};
  var sortKey = "order";
  var sortDir = 1;
  var ordered = groups.map(function (_, i) { return i; });
  var limit = page;

  function value(group) {
    var d = group.dataset;
    if (sortKey === "order") { return Number(d.order); }
    if (sortKey === "status") { return rank[d.status]; }
    if (sortKey === "name") { return d.name ? d.name.toLowerCase() : null; }
    var raw = d[sortKey];
    return raw === undefined || raw === "" ? null : Number(raw);
  }

  function reorder() {
    var values = groups.map(value);
    var positions = groups.map(function (_, i) { return i; });
    positions.sort(function (a, b) {
      var x = values[a], y = values[b];
      if (x === null && y === null) { return a - b; }
      if (x === null) { return 1; }
      if (y === null) { return -1; }
      var c = typeof x === "string" ? x.localeCompare(y) : x - y;
      return c !== 0 ? sortDir * c : a - b;
    });
    ordered = positions;
    Array.prototype.forEach.call(table.querySelectorAll("thead th[data-sort]"), function (th) {
      if (th.dataset.sort === sortKey) {
        th.setAttribute("aria-sort", sortDir === 1 ? "ascending" : "descending");
      } else {
        th.removeAttribute("aria-sort");
      }
    });
  }

  function apply() {
    var wanted = {};
    boxes.forEach(function (box) { wanted[box.value] = box.checked; });
    var query = search ? search.value.trim().toLowerCase() : "";
    var inOrder = sortKey === "order" && sortDir === 1;
    var visibleThreads = {};
    var matches = 0;
    var count = 0;
    // Only the rows shown are moved into place, in order: hidden rows stay where they are.
    var fragment = document.createDocumentFragment();
    ordered.forEach(function (i) {
      var group = groups[i];
      var match = wanted[statuses[i]] !== false && (!query || texts[i].indexOf(query) >= 0);
      var visible = match && matches < limit;
      if (match) { matches += 1; }
      if (group.hidden === visible) { group.hidden = !visible; }
      if (visible) {
        count += 1;
        var thread = threads[i];
        if (thread && inOrder && !visibleThreads[thread]) { fragment.appendChild(heads[thread]); }
        if (thread) { visibleThreads[thread] = true; }
        fragment.appendChild(group);
      }
    });
    Object.keys(heads).forEach(function (thread) { heads[thread].hidden = !inOrder || !visibleThreads[thread]; });
    table.appendChild(fragment);
    if (shown) {
      shown.textContent = count === matches ? count + " of " + groups.length + " rows shown"
        : count + " of " + matches + " matching rows shown (" + groups.length + " in all)";
    }
    if (moreRows) { moreRows.hidden = count >= matches; }
  }

  function toggle(button, open) {
    var group = button.closest("tbody");
    var now = open === undefined ? !group.classList.contains("open") : open;
    button.setAttribute("aria-expanded", now ? "true" : "false");
    group.classList.toggle("open", now);
  }

  table.addEventListener("click", function (event) {
    var sort = event.target.closest("button.sort");
    if (sort) {
      var key = sort.parentElement.dataset.sort;
      sortDir = key === sortKey ? -sortDir : 1;
      sortKey = key;
      limit = page;
      reorder();
      apply();
      return;
    }
    var more = event.target.closest("button.more");
    if (more) { toggle(more); }
  });
  function refilter() { limit = page; apply(); }
  boxes.forEach(function (box) { box.addEventListener("change", refilter); });
  if (search) { search.addEventListener("input", refilter); }
  if (moreRows) { moreRows.addEventListener("click", function () { limit += page; apply(); }); }
  var all = document.getElementById("expand-all");
  if (all) {
    all.addEventListener("click", function () {
      var open = all.getAttribute("aria-pressed") !== "true";
      all.setAttribute("aria-pressed", open ? "true" : "false");
      all.textContent = open ? "Collapse all" : "Expand all";
      Array.prototype.forEach.call(table.querySelectorAll("button.more"), function (b) { toggle(b, open); });
    });
  }
  apply();
  Array.prototype.forEach.call(table.querySelectorAll("tbody.later"), function (b) { b.classList.remove("later"); });
})();
"""
"""The report's script: status filter, search, sorting by column, expandable rows, rows shown a page at a time."""
