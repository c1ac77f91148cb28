/* MorganaBench report viewer: plain JavaScript, no dependencies. Every text from the data is inserted as text. */
(function () {
  "use strict";

  var STATUS = ["passed", "failed", "error", "undecided"];
  var ROW_HEIGHT = 30;
  var SVG_NS = "http://www.w3.org/2000/svg";
  var D = null;
  var state = {
    run: 0, tab: "overview", view: null, sortKey: null, sortDir: 1, hay: null, rendered: null,
    filter: { passed: true, failed: true, error: true, undecided: true, flipped: false, cat: -1, tool: -1, matcher: -1, q: "" }
  };
  var blockCache = {};

  // ---------- DOM helpers ----------
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined) continue;
      parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return parent;
  }
  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG_NS, tag);
    for (var key in attrs) node.setAttribute(key, String(attrs[key]));
    if (text !== undefined) node.textContent = String(text);
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function short(name) { return String(name).split(/[\\/]/).pop(); }
  function pct(x, digits) { return (x * 100).toFixed(digits === undefined ? 1 : digits) + "%"; }
  function bounds(lo, hi, digits, signed) {
    // An interval's bounds as percents, the low one rounded down and the high one up, so the interval shown always
    // holds the one computed: the rule of mb.stats.percent_bounds, which mb eval and mb compare print with.
    var scale = Math.pow(10, digits + 2);
    return [Math.floor(lo * scale + 1e-9) / scale, Math.ceil(hi * scale - 1e-9) / scale].map(function (x) {
      return (signed && x >= 0 ? "+" : "") + (x * 100 + 0).toFixed(digits) + "%";
    });
  }
  function interval(lo, hi) {  // whole percents, or tenths when whole ones would hide the width
    return bounds(lo, hi, hi - lo < 0.05 ? 1 : 0).join("\u2013");
  }
  function fmtNum(x) {
    if (x === null || x === undefined) return "-";
    if (Math.abs(x) >= 1000) return Math.round(x).toLocaleString("en-US");
    return String(Math.round(x * 1000) / 1000);
  }
  function badge(status, text) { return el("span", "badge " + status, text || status); }
  function json(value) {
    var text = JSON.stringify(value, null, 2);
    return text === undefined ? "null" : text;
  }
  function kvTable(rows) {
    var table = el("table", "kv");
    rows.forEach(function (row) {
      if (row[1] === null || row[1] === undefined || row[1] === "") return;
      var tr = add(el("tr"), el("th", null, row[0]));
      var td = el("td");
      add(td, typeof row[1] === "object" ? row[1] : String(row[1]));
      add(table, add(tr, td));
    });
    return table;
  }
  function wilson(passed, total) {
    if (!total) return [0, 1];
    var z = 1.959963984540054, p = passed / total, d = 1 + z * z / total;
    var centre = (p + z * z / (2 * total)) / d;
    var half = z * Math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / d;
    return [passed === 0 ? 0 : Math.max(0, centre - half), passed === total ? 1 : Math.min(1, centre + half)];
  }

  // ---------- data ----------
  function inflate(base64) {
    if (typeof DecompressionStream === "undefined") {
      return Promise.reject(new Error("this browser cannot decompress the report data (no DecompressionStream); " +
        "open it in a current browser, or write it with `mb report --embed json`"));
    }
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }
  function loadData() {
    var node = document.getElementById("mb-data");
    var encoding = node.getAttribute("data-encoding");
    var text = node.textContent;
    node.textContent = "";
    if (encoding === "gzip") return inflate(text.trim());
    return Promise.resolve(JSON.parse(text));
  }
  function loadEntry(run, index) {
    var size = D.block_size, b = Math.floor(index / size), key = run + ":" + b;
    var block = D.runs[run].blocks[b];
    if (!blockCache[key]) blockCache[key] = typeof block === "string" ? inflate(block) : Promise.resolve(block);
    return blockCache[key].then(function (entries) { return entries[index - b * size]; });
  }

  // ---------- charts (SVG) ----------
  function sliceChart(title, slices, kind, withMean) {
    var names = Object.keys(slices || {});
    if (!names.length) return null;
    var wrap = add(el("div", "chart"), el("h3", null, title));
    var width = 760, label = 190, bar = 300, rowH = 24;
    var chart = svg("svg", { viewBox: "0 0 " + width + " " + (names.length * rowH + 6), width: "100%", role: "img" });
    chart.setAttribute("aria-label", title);
    chart.style.maxWidth = width + "px";
    names.forEach(function (name, i) {
      var s = slices[name], y = i * rowH + 3, total = s.total || 1;
      var g = svg("g", { "data-slice": kind + ":" + name });
      var t = svg("text", { x: 0, y: y + 15 }, name.length > 28 ? name.slice(0, 27) + "\u2026" : name);
      add(t, svg("title", {}, name));
      add(g, t);
      var x = label;
      [["pass", s.passed], ["fail", s.failed], ["err", s.errors], ["und", s.undecided || 0]].forEach(function (part) {
        var w = bar * part[1] / total;
        if (w > 0) add(g, svg("rect", { x: x, y: y + 3, width: w, height: rowH - 8, "class": part[0] }));
        x += w;
      });
      var ci = [wilson(s.passed, s.total)[0], wilson(s.passed + (s.undecided || 0), s.total)[1]];
      var text = pct(s.total ? s.passed / s.total : 0) + " (" + interval(ci[0], ci[1]) + ")  " +
        s.passed + "/" + s.total + (s.errors ? ", " + s.errors + " err" : "") + (s.undecided ? ", " + s.undecided + " undecided" : "");
      if (withMean && s.mean !== null && s.mean !== undefined) text += "  mean " + fmtNum(s.mean);
      add(g, svg("text", { x: label + bar + 10, y: y + 15, "class": "figure" }, text));
      add(chart, g);
    });
    return add(wrap, chart);
  }
  function histogram(title, values, unit) {
    var xs = values.filter(function (v) { return v !== null && v !== undefined && isFinite(v); });
    if (!xs.length) return null;
    var lo = Infinity, hi = -Infinity, sum = 0;
    xs.forEach(function (v) { if (v < lo) lo = v; if (v > hi) hi = v; sum += v; });
    var bins = Math.min(24, Math.max(1, hi > lo ? 24 : 1)), counts = new Array(bins).fill(0), span = hi - lo || 1;
    xs.forEach(function (v) { counts[Math.min(bins - 1, Math.floor((v - lo) / span * bins))]++; });
    var most = Math.max.apply(null, counts), width = 300, height = 90;
    var sorted = xs.slice().sort(function (a, b) { return a - b; });
    var q = function (p) { return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]; };
    var wrap = add(el("div", "chart"), el("h3", null, title));
    var chart = svg("svg", { viewBox: "0 0 " + width + " " + (height + 34), width: "100%", role: "img" });
    chart.style.maxWidth = width + "px";
    chart.setAttribute("aria-label", title);
    if (hi === lo) {
      // one value: one bar and the value, no range or quantiles to speak of
      var bar = svg("rect", { x: width / 2 - 20, y: 0, width: 40, height: height, "class": "bin" });
      add(chart, add(bar, svg("title", {}, xs.length + " at " + fmtNum(lo))));
      add(chart, svg("line", { x1: 0, y1: height, x2: width, y2: height, "class": "axis" }));
      add(chart, svg("text", { x: width / 2, y: height + 14, "text-anchor": "middle" }, fmtNum(lo)));
      add(chart, svg("text", { x: 0, y: height + 30 }, "n " + xs.length + ", every value " + fmtNum(lo) + (unit ? " " + unit : "")));
      return add(wrap, chart);
    }
    counts.forEach(function (c, i) {
      var h = most ? c / most * height : 0, w = width / bins;
      var r = svg("rect", { x: i * w + 1, y: height - h, width: Math.max(1, w - 2), height: h, "class": "bin" });
      add(r, svg("title", {}, c + " in [" + fmtNum(lo + span * i / bins) + ", " + fmtNum(lo + span * (i + 1) / bins) + ")"));
      add(chart, r);
    });
    add(chart, svg("line", { x1: 0, y1: height, x2: width, y2: height, "class": "axis" }));
    add(chart, svg("text", { x: 0, y: height + 14 }, fmtNum(lo)));
    add(chart, svg("text", { x: width, y: height + 14, "text-anchor": "end" }, fmtNum(hi)));
    add(chart, svg("text", { x: 0, y: height + 30 }, "n " + xs.length + ", mean " + fmtNum(sum / xs.length) +
      ", median " + fmtNum(q(0.5)) + ", p90 " + fmtNum(q(0.9)) + (unit ? " " + unit : "")));
    return add(wrap, chart);
  }

  // ---------- overview ----------
  function card(label, big, small, id) {
    var c = add(el("div", "card"), el("div", "label", label), el("div", "big", big));
    if (id) c.querySelector(".big").id = id;
    if (small) add(c, el("div", "muted", small));
    return c;
  }
  function usageText(u, unit) {
    if (!u) return null;
    var text = u.input_tokens + " in, " + u.output_tokens + " out over " + u.calls + " " + unit + "(s)";
    var cost = u.cost !== null && u.cost !== undefined ? u.cost.toFixed(4) : null;
    var models = Object.keys(u.unpriced || {});  // as TokenUse.cost_text says it
    if (!models.length) return text + (cost !== null ? ", cost " + cost : "");
    var unknown = models.reduce(function (sum, m) { return sum + u.unpriced[m]; }, 0);
    var whys = models.map(function (m) { return m ? "no price for " + m : "usage names no model"; });
    text += ", cost unknown for " + unknown + " " + unit + "(s) (" + whys.join("; ") + ")";
    return text + (cost !== null ? ", " + cost + " for the other " + (u.calls - unknown) : "");
  }
  function renderOverview() {
    var section = clear(document.getElementById("overview"));
    var run = D.runs[state.run], s = run.summary, r = run.record;
    if (D.runs.length > 1) add(section, runPicker());
    var ci = s.pass_rate_interval;
    add(section, add(el("div", "cards"),
      card("pass rate", pct(s.pass_rate) + (s.undecided ? " \u2013 " + pct((s.passed + s.undecided) / s.total) : ""),
        (s.undecided ? "bounds: undecided examples may pass or not; " : "") +
        (ci ? "95% CI " + bounds(ci[0], ci[1], 1).join(" \u2013 ") + " from passed to passed + undecided (Wilson)" : ""), "pass-rate"),
      card("passed", s.passed + " / " + s.total, null, "count-passed"),
      card("failed", String(s.failed), null, "count-failed"),
      card("errors", String(s.errors), "counted apart from failures", "count-errors"),
      card("undecided", String(s.undecided || 0), "a judge could not tell: never passed", "count-undecided"),
      card("judge", s.judge || "-", r.judge.model ? "model " + r.judge.model : null, "judge")));
    if (s.error_messages && s.error_messages.length) {
      add(section, el("h3", null, "First errors"));
      var list = el("ul", "errors");
      s.error_messages.forEach(function (m) { add(list, el("li", null, m)); });
      add(section, list);
    }
    var grid = el("div", "grid2");
    var left = el("div"), right = el("div");
    add(left, el("h2", null, "Pass rates by slice"));
    add(left, el("p", "muted", "Bars: passed (green), failed (red), errors (amber), undecided (teal); rate with its 95% interval from passed to passed + undecided (Wilson)."));
    [["Assertions", s.by_assertion, "assertion"], ["Matchers", s.by_matcher, "matcher"], ["Checks", s.by_check, "check"],
      ["Metrics", s.by_metric, "metric"], ["Categories", s.by_category, "category"]].forEach(function (part) {
      add(left, sliceChart(part[0], part[1], part[2], part[2] === "metric"));
    });
    add(right, el("h2", null, "Run"));
    var metrics = Object.keys(r.metrics || {}).map(function (name) {
      var m = r.metrics[name];
      return name + " " + m.version + (m.threshold !== null ? " (threshold " + m.threshold + ")" : "") + (m.gating ? ", gating" : "");
    }).join("; ");
    var prompts = Object.keys(r.judge.prompt_versions || {}).map(function (k) { return k + " " + r.judge.prompt_versions[k]; }).join("; ");
    var digest = r.input_sha256 ? el("code", null, r.input_sha256.slice(0, 16) + "\u2026") : null;
    if (digest) digest.title = r.input_sha256;
    add(right, kvTable([
      ["results file", run.name], ["executed benchmark", run.executed || "not found: the drill-down shows verdicts only"],
      ["results format", r.results_format], ["MorganaBench", r.mb_version || "unknown"],
      ["judge", r.judge.name], ["judge model", r.judge.model], ["judge prompts", prompts],
      ["input file", r.input_file], ["input sha256", digest], ["started", r.started_at], ["finished", r.finished_at],
      ["requirements", (r.requirements || []).join(", ")], ["repeats", r.repeats], ["metrics", metrics],
      ["escalated to the LLM judge", s.escalated || null]
    ]));
    if (s.agent_usage || s.judge_usage || (s.cost !== null && s.cost !== undefined)) {
      add(right, el("h2", null, "Tokens and cost"));
      add(right, kvTable([["agent", usageText(s.agent_usage, "example")], ["judge", usageText(s.judge_usage, "call")],
        ["total cost", s.cost !== null && s.cost !== undefined ? s.cost.toFixed(4) : null]]));
    }
    if (s.repeats) {
      var rep = s.repeats;
      add(right, el("h2", null, "Reliability over " + rep.max_trials + " trials"));
      var rt = add(el("table", "plain repeats"), add(el("tr"), el("th", "num", "k"), el("th", "num", "pass@k"), el("th", "num", "pass^k")));
      Object.keys(rep.pass_at_k).forEach(function (k) {
        add(rt, add(el("tr"), el("td", "num", k), el("td", "num", pct(rep.pass_at_k[k])), el("td", "num", pct(rep.pass_hat_k[k]))));
      });
      add(right, rt, el("p", "muted", rep.flaky.length + " flaky example(s) of " + rep.examples.length + " (passed some trials, not all)"));
    }
    add(section, add(grid, left, right));
    add(section, el("h2", null, "Distributions"));
    var charts = el("div", "histograms");
    Object.keys(run.metrics).forEach(function (name) { add(charts, histogram("metric: " + name, run.metrics[name])); });
    add(charts, histogram("latency", run.columns.latency, "ms"), histogram("tokens per example", run.columns.tokens));
    if (!charts.firstChild) add(section, el("p", "muted", "No metric values, latency or token counts in this run."));
    add(section, charts);
  }
  function runPicker() {
    var label = add(el("label"), "Run: ");
    var select = el("select");
    select.id = "run-picker";
    D.runs.forEach(function (run, i) {
      var option = el("option", null, (i === 0 ? "base: " : "run " + (i + 1) + ": ") + short(run.name));
      option.title = run.name;
      option.value = String(i);
      add(select, option);
    });
    select.value = String(state.run);
    select.addEventListener("change", function () {
      state.run = Number(select.value); state.hay = null; state.sortKey = D.runs.length > 1 ? "flip" : null;
      renderOverview(); renderExamples();
    });
    return add(el("div", "toolbar"), add(label, select));
  }

  // ---------- several runs ----------
  function rowOfLine(run, line) {
    var lines = D.runs[run].columns.line;
    for (var i = 0; i < lines.length; i++) if (lines[i] === line) return i;
    return -1;
  }
  function renderCompare() {
    var section = clear(document.getElementById("compare"));
    D.comparisons.forEach(function (c, ci) {
      var other = ci + 1;
      var heading = el("h2", null, short(c.base) + " \u2192 " + short(c.new));
      heading.title = c.base + " \u2192 " + c.new;
      add(section, heading);
      add(section, el("p", null, c.paired + " example(s) in both runs; " + c.regressions.length + " regression(s), " +
        c.fixes.length + " fix(es)" + (c.undecided && c.undecided.length ? ", " + c.undecided.length + " undecided change(s)" : "") +
        "; exact McNemar p = " + c.p_value.toPrecision(3) +
        (c.only_in_base.length ? "; only in base: " + c.only_in_base.length : "") +
        (c.only_in_new.length ? "; only in new: " + c.only_in_new.length : "") +
        (c.missing_passed && c.missing_passed.length ? "; " + c.missing_passed.length + " possible regression(s): passed in base, missing from new" : "")));
      if (c.judge_warning) add(section, el("p", "score error", "Warning: " + c.judge_warning));
      add(section, el("h3", null, "Flipped examples"));
      var flips = c.regressions.map(function (f) { return [f, "regression"]; })
        .concat(c.fixes.map(function (f) { return [f, "fix"]; }))
        .concat((c.undecided || []).map(function (f) { return [f, "undecided"]; }));
      if (!flips.length) add(section, el("p", "muted", "No example changed its verdict."));
      else {
        var ft = el("table", "plain flips");
        add(ft, add(el("tr"), el("th", null, "flip"), el("th", "num", "line"), el("th", null, "base"), el("th", null, "new"), el("th", null, "reason")));
        flips.slice(0, 500).forEach(function (pair) {
          var f = pair[0], tr = el("tr", "flip-row");
          var open = el("button", "link", "line " + f.new_line);
          open.addEventListener("click", function () { openExample(other, rowOfLine(other, f.new_line)); });
          add(tr, add(el("td"), badge(pair[1] === "regression" ? "failed" : pair[1] === "fix" ? "passed" : "undecided", pair[1])), add(el("td", "num"), open),
            add(el("td"), badge(f.base_status)), add(el("td"), badge(f.new_status)), el("td", null, f.reason));
          add(ft, tr);
        });
        add(section, ft);
        if (flips.length > 500) add(section, el("p", "muted", (flips.length - 500) + " more in the examples table (filter: flipped)."));
      }
      var all = c.slices[0], over = "the " + c.paired + " example(s) both runs have";
      if (all.base_total !== c.paired || all.new_total !== c.paired) over = "the trials of " + over + " (" + all.base_total + " in base, " + all.new_total + " in new)";
      add(section, el("h3", null, "Pass rates by slice, over " + over));
      var table = el("table", "plain slices");
      add(table, add(el("tr"), el("th", null, "slice"), el("th", "num", "base"), el("th", "num", "new"),
        el("th", "num", "delta (95% CI)"), el("th", "num", "p")));
      c.slices.forEach(function (sl) {
        var name = sl.kind === "overall" ? "overall" : sl.kind + ": " + sl.name;
        var rate = function (p, t, iv) { return t ? p + "/" + t + " " + pct(p / t) + " [" + bounds(iv[0], iv[1], 0).join("\u2013") + "]" : "-"; };
        var delta = el("td", "num");
        if (sl.delta !== null) {
          delta.textContent = (sl.delta >= 0 ? "+" : "") + pct(sl.delta) + " [" + bounds(sl.delta_interval[0], sl.delta_interval[1], 0, true).join(", ") + "]";
          if (sl.delta_interval[1] < 0) delta.className += " delta-neg";
          if (sl.delta_interval[0] > 0) delta.className += " delta-pos";
        } else delta.textContent = "-";
        var tr = add(el("tr"), el("td", null, name), el("td", "num", rate(sl.base_passed, sl.base_total, sl.base_interval)),
          el("td", "num", rate(sl.new_passed, sl.new_total, sl.new_interval)), delta,
          el("td", "num", sl.p_value === null ? "-" : sl.p_value.toPrecision(3)));
        tr.setAttribute("data-slice", sl.kind + ":" + sl.name);
        add(table, tr);
      });
      add(section, table);
    });
  }
  function peerRun() { return state.run === 0 ? (D.runs.length > 1 ? 1 : -1) : 0; }
  function peerIndex(run) {
    var cols = D.runs[run].columns, map = new Map();
    for (var i = 0; i < cols.ex.length; i++) {
      if (cols.ex[i] < 0) continue;
      if (!map.has(cols.ex[i])) map.set(cols.ex[i], i);
      if (cols.repeat && cols.repeat[i] !== null) map.set(cols.ex[i] + "/" + cols.repeat[i], i);
    }
    return map;
  }
  // The row of another run (its peerIndex map) holding row i of cols: the same trial of the same example, else the
  // example's first row; undefined when that run lacks the example.
  function peerOf(map, cols, i) {
    if (cols.repeat && cols.repeat[i] !== null) {
      var same = map.get(cols.ex[i] + "/" + cols.repeat[i]);
      if (same !== undefined) return same;
    }
    return map.get(cols.ex[i]);
  }

  // ---------- examples table ----------
  var COLUMNS = [
    { key: "line", title: "line", width: "64px", sort: true, num: true },
    { key: "repeat", title: "trial", width: "56px", sort: true, num: true, trials: true,
      tip: "the trial of a run with repeats (mb run --repeats)" },
    { key: "status", title: "status", width: "124px", sort: true },
    { key: "peer", title: "other run", width: "96px", sort: false, multi: true },
    { key: "score", title: "score", width: "64px", sort: true, num: true },
    { key: "request", title: "request", width: "minmax(160px, 2fr)", sort: true },
    { key: "reason", title: "first reason", width: "minmax(160px, 3fr)", sort: true },
    { key: "cats", title: "categories", width: "minmax(100px, 1fr)", sort: false },
    { key: "tools", title: "tools", width: "minmax(90px, 1fr)", sort: false },
    { key: "latency", title: "latency (ms)", width: "120px", sort: true, num: true, tip: "agent wall time (ms)" },
    { key: "tokens", title: "tokens", width: "88px", sort: true, num: true, tip: "agent tokens (in + out)" }
  ];
  function columns() {
    var trials = !!D.runs[state.run].columns.repeat;
    return COLUMNS.filter(function (c) { return (!c.multi || D.runs.length > 1) && (!c.trials || trials); });
  }
  function selectOf(id, label, values, current, onChange) {
    var select = el("select");
    select.id = id;
    var all = el("option", null, "any " + label);
    all.value = "-1";
    add(select, all);
    values.forEach(function (value, i) { var o = el("option", null, value); o.value = String(i); add(select, o); });
    select.value = String(current);
    select.addEventListener("change", function () { onChange(Number(select.value)); applyView(); });
    return add(el("label"), select);
  }
  function checkbox(id, label, checked, onChange, apply) {
    var box = el("input");
    box.type = "checkbox"; box.id = id; box.checked = checked;
    box.addEventListener("change", function () { onChange(box.checked); (apply || applyView)(); });
    var l = add(el("label"), box, " " + label);
    return l;
  }
  function renderExamples() {
    var section = clear(document.getElementById("examples"));
    if (D.runs.length > 1) add(section, runPicker());
    var f = state.filter, bar = el("div", "toolbar");
    var search = el("input");
    search.type = "search"; search.id = "search"; search.placeholder = "Search requests, reasons, tools, categories";
    search.value = f.q;
    var timer = null;
    search.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { f.q = search.value; applyView(); }, 120);
    });
    add(bar, search,
      checkbox("f-passed", "passed", f.passed, function (v) { f.passed = v; }),
      checkbox("f-failed", "failed", f.failed, function (v) { f.failed = v; }),
      checkbox("f-error", "error", f.error, function (v) { f.error = v; }),
      checkbox("f-undecided", "undecided", f.undecided, function (v) { f.undecided = v; }),
      D.runs.length > 1 ? checkbox("f-flipped", "flipped only", f.flipped, function (v) { f.flipped = v; }) : null,
      selectOf("f-cat", "category", D.strings.cats, f.cat, function (v) { f.cat = v; }),
      selectOf("f-tool", "tool", D.strings.tools, f.tool, function (v) { f.tool = v; }),
      selectOf("f-matcher", "matcher", D.strings.matchers, f.matcher, function (v) { f.matcher = v; }));
    add(section, bar);
    var count = el("p", "muted");
    count.id = "row-count";
    add(section, count);
    var peer = peerRun();
    var cols = columns().map(function (c) {
      if (c.key !== "peer") return c;
      return Object.assign({}, c, { title: peer === 0 ? "base" : "run " + (peer + 1),
        tip: "this example's verdict in " + D.runs[peer].name });
    });
    gridTable(section, cols, count, applyView, fillExampleCell, function (i) { openExample(state.run, i); });
    applyView();
  }
  function haystack(run) {
    var c = D.runs[run].columns, S = D.strings, hay = new Array(c.line.length);
    for (var i = 0; i < hay.length; i++) {
      var parts = [String(c.line[i]), STATUS[c.status[i]], c.request[i], c.reason[i]];
      c.tools[i].forEach(function (t) { parts.push(S.tools[t]); });
      c.cats[i].forEach(function (t) { parts.push(S.cats[t]); });
      hay[i] = parts.join(" ").toLowerCase();
    }
    return hay;
  }
  function applyView() {
    var run = state.run, c = D.runs[run].columns, f = state.filter, n = c.line.length;
    var terms = f.q.toLowerCase().split(/\s+/).filter(Boolean);
    if (terms.length && !state.hay) state.hay = haystack(run);
    var peer = peerRun(), peerCols = peer >= 0 ? D.runs[peer].columns : null, peerMap = peer >= 0 ? peerIndex(peer) : null;
    var peerRow = new Int32Array(n).fill(-1);
    if (peerMap) for (var p = 0; p < n; p++) { var j = peerOf(peerMap, c, p); if (j !== undefined) peerRow[p] = j; }
    state.peer = { run: peer, rows: peerRow };
    var allowed = [f.passed, f.failed, f.error, f.undecided], out = new Int32Array(n), k = 0;
    for (var i = 0; i < n; i++) {
      if (!allowed[c.status[i]]) continue;
      if (f.cat >= 0 && c.cats[i].indexOf(f.cat) < 0) continue;
      if (f.tool >= 0 && c.tools[i].indexOf(f.tool) < 0) continue;
      if (f.matcher >= 0 && c.matchers[i].indexOf(f.matcher) < 0) continue;
      if (f.flipped && !isFlip(c, peerCols, peerRow, i)) continue;
      if (terms.length) {
        var h = state.hay[i], ok = true;
        for (var t = 0; t < terms.length && ok; t++) ok = h.indexOf(terms[t]) >= 0;
        if (!ok) continue;
      }
      out[k++] = i;
    }
    var view = Array.prototype.slice.call(out.subarray(0, k));
    var key = state.sortKey, dir = state.sortDir;
    if (key === "flip") {
      view.sort(function (a, b) { return (isFlip(c, peerCols, peerRow, b) - isFlip(c, peerCols, peerRow, a)) || (c.line[a] - c.line[b]); });
    } else if (key) {
      var col = c[key], scored = key === "score";
      view.sort(function (a, b) {
        // an example in error has no score: it sorts after every scored one, as missing values do
        var x = scored && c.status[a] === 2 ? null : col[a], y = scored && c.status[b] === 2 ? null : col[b];
        if (x === y) return c.line[a] - c.line[b];
        if (x === null) return 1;
        if (y === null) return -1;
        return (x < y ? -1 : 1) * dir;
      });
    }
    showView(view, key, dir, "Showing " + view.length.toLocaleString("en-US") + " of " + n.toLocaleString("en-US") +
      " examples" + (key === "flip" ? " (flipped examples first)" : ""));
  }
  function isFlip(c, peerCols, peerRow, i) {
    if (!peerCols || peerRow[i] < 0) return 0;
    return (c.status[i] === 0) !== (peerCols.status[peerRow[i]] === 0) ? 1 : 0;
  }
  function fillExampleCell(i, col, cell, row) {
    var c = D.runs[state.run].columns, S = D.strings, peer = state.peer;
    var peerCols = peer.run >= 0 ? D.runs[peer.run].columns : null;
    if (col.key === "status") {
      add(cell, badge(STATUS[c.status[i]]));
    } else if (col.key === "peer") {
      var j = peer.rows[i];
      if (j >= 0) add(cell, badge(STATUS[peerCols.status[j]])); else cell.textContent = "-";
      if (isFlip(c, peerCols, peer.rows, i)) { row.className += " flipped"; cell.className += " flip"; }
    } else if (col.key === "cats") cell.textContent = c.cats[i].map(function (x) { return S.cats[x]; }).join(", ");
    else if (col.key === "tools") cell.textContent = c.tools[i].map(function (x) { return S.tools[x]; }).join(", ");
    else if (col.key === "score") cell.textContent = c.status[i] === 2 ? "-" : c.score[i].toFixed(2);
    else if (col.key === "repeat") cell.textContent = c.repeat[i] === null ? "-" : String(c.repeat[i]);
    else if (col.key === "latency" || col.key === "tokens") cell.textContent = c[col.key][i] === null ? "-" : fmtNum(c[col.key][i]);
    else cell.textContent = String(c[col.key][i]);
    if (col.key === "request" || col.key === "reason") cell.title = c[col.key][i];
  }

  // ---------- the table of rows (examples of a run, or items of a document) ----------
  // A grid whose rows are drawn only where the viewport shows them, so 100,000 rows stay quick. `fill(i, col, cell,
  // row)` writes row i's cell of column col (as text: never markup); `open(i)` shows row i in the drawer; `apply()`
  // computes the rows to show (filtered, in state.sortKey order) and passes them to showView.
  function gridTable(section, cols, count, apply, fill, open) {
    var template = cols.map(function (c) { return c.width; }).join(" ");
    var table = el("div", "table"), head = el("div", "thead");
    head.style.gridTemplateColumns = template;
    cols.forEach(function (c) {
      if (!c.sort) {
        var span = el("span", null, c.title);
        if (c.tip) span.title = c.tip;
        add(head, span);
        return;
      }
      var b = el("button", null, c.title);
      b.setAttribute("data-sort", c.key);
      if (c.tip) b.title = c.tip;
      b.addEventListener("click", function () {
        if (state.sortKey === c.key) state.sortDir = -state.sortDir; else { state.sortKey = c.key; state.sortDir = 1; }
        apply();
      });
      add(head, b);
    });
    var viewport = el("div", "viewport"), spacer = el("div");
    viewport.id = "rows";
    add(viewport, spacer);
    viewport.addEventListener("scroll", function () { requestAnimationFrame(drawRows); });
    add(table, head, viewport);
    add(section, table);
    state.rendered = { viewport: viewport, spacer: spacer, head: head, count: count, template: template, cols: cols,
      fill: fill, open: open };
  }
  function showView(view, key, dir, countText) {
    var r = state.rendered;
    state.view = view;
    r.head.querySelectorAll("button[data-sort]").forEach(function (b) {
      var on = b.getAttribute("data-sort") === key;
      if (on) b.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending"); else b.removeAttribute("aria-sort");
    });
    r.count.textContent = countText;
    r.spacer.style.height = view.length * ROW_HEIGHT + "px";
    r.viewport.scrollTop = 0;
    drawRows();
  }
  function drawRows() {
    var r = state.rendered, view = state.view;
    var top = r.viewport.scrollTop, height = r.viewport.clientHeight || 600;
    var first = Math.max(0, Math.floor(top / ROW_HEIGHT) - 5), last = Math.min(view.length, Math.ceil((top + height) / ROW_HEIGHT) + 5);
    var keep = r.spacer;
    while (r.viewport.lastChild && r.viewport.lastChild !== keep) r.viewport.removeChild(r.viewport.lastChild);
    var fragment = document.createDocumentFragment();
    for (var v = first; v < last; v++) {
      var i = view[v], row = el("div", "trow");
      row.style.gridTemplateColumns = r.template;
      row.style.top = v * ROW_HEIGHT + "px";
      row.setAttribute("data-row", String(i));
      r.cols.forEach(function (col) {
        var cell = el("div", col.num ? "num" : null);
        r.fill(i, col, cell, row);
        add(row, cell);
      });
      row.tabIndex = 0;
      row.addEventListener("click", r.open.bind(null, i));
      row.addEventListener("keydown", function (e) { if (e.key === "Enter") e.currentTarget.click(); });
      fragment.appendChild(row);
    }
    r.viewport.appendChild(fragment);
    r.head.style.paddingRight = (r.viewport.offsetWidth - r.viewport.clientWidth) + "px";
  }

  // ---------- drill-down ----------
  function openExample(run, index) {
    if (index < 0) return;
    location.hash = "example/" + run + "/" + index;
  }
  function showExample(run, index) {
    var panel = document.getElementById("detail");
    clear(panel).hidden = false;
    var close = el("button", "close", "Close");
    close.addEventListener("click", closeDetail);
    add(panel, close, el("p", "muted", "Loading\u2026"));
    var others = [];
    D.runs.forEach(function (_, r) {
      if (r === run) return;
      var j = peerOf(peerIndex(r), D.runs[run].columns, index);
      if (j !== undefined) others.push([r, j]);
    });
    Promise.all([loadEntry(run, index)].concat(others.map(function (o) { return loadEntry(o[0], o[1]); })))
      .then(function (entries) { renderDetail(panel, close, run, entries[0], others, entries.slice(1)); })
      .catch(function (err) { add(clear(panel), close, el("p", "notice bad", "Cannot show this example: " + err.message)); });
  }
  function closeDetail() {
    document.getElementById("detail").hidden = true;
    if (/^#(example|row)\//.test(location.hash)) history.replaceState(null, "", "#" + state.tab);
  }
  function verdictBlock(a) {
    var status = a.error ? "error" : a.undecided ? "undecided" : a.passed ? "passed" : "failed";
    var box = add(el("div", "verdict " + status), badge(status), " ",
      el("strong", null, a.assert_that + (a.tool ? " " + a.tool : "")), " ", el("span", null, a.reason));
    if (a.error) add(box, el("div", "invalid", "error: " + a.error));
    if (a.parameters && a.parameters.length) {
      var list = el("ul", "params");
      a.parameters.forEach(function (p) {
        var st = p.error ? "error" : p.undecided ? "undecided" : p.passed ? "passed" : "failed";
        var item = add(el("li", "param"), badge(st), " ", el("code", null, p.params.join(", ")), " ",
          el("span", "muted", p.match_as));
        if (p.confidence !== null && p.confidence !== undefined) add(item, " ", el("span", "muted", "confidence " + pct(p.confidence, 0)));
        add(item, el("div", "reason", p.reason + (p.error ? " (error: " + p.error + ")" : "")));
        add(list, item);
      });
      add(box, list);
    }
    return box;
  }
  function responseView(outputs, citationMetric) {
    var text = typeof outputs.response === "string" ? outputs.response : "";
    var cites = Array.isArray(outputs.citations) ? outputs.citations : [];
    var support = {};
    var details = citationMetric && citationMetric.details;
    if (details && Array.isArray(details.supported)) details.supported.forEach(function (s) { support[s.index] = s; });
    var valid = [], invalid = [];
    cites.forEach(function (cite, i) {
      var ok = Number.isInteger(cite.span_from) && Number.isInteger(cite.span_to) &&
        cite.span_from >= 0 && cite.span_from < cite.span_to && cite.span_to <= text.length;
      (ok ? valid : invalid).push([i, cite]);
    });
    var cuts = [0, text.length];
    valid.forEach(function (v) { cuts.push(v[1].span_from, v[1].span_to); });
    cuts = Array.from(new Set(cuts)).sort(function (a, b) { return a - b; });
    var box = el("div", "response");
    box.id = "response";
    for (var k = 0; k + 1 < cuts.length; k++) {
      var a = cuts[k], b = cuts[k + 1], piece = text.slice(a, b);
      var covering = valid.filter(function (v) { return v[1].span_from <= a && v[1].span_to >= b; });
      if (!covering.length) { add(box, piece); continue; }
      var mark = el("mark", "cite", piece);
      var unsupported = covering.some(function (v) { return support[v[0]] && support[v[0]].supported === false; });
      if (unsupported) mark.className += " unsupported";
      mark.title = covering.map(function (v) {
        var s = support[v[0]];
        return "citation " + v[0] + " \u2192 " + v[1].document_id + (s ? (s.supported === true ? " (supported: " : s.supported === false ? " (not supported: " : s.undecided ? " (undecided: " : " (not judged: ") + s.reason + ")" : "");
      }).join("\n");
      add(box, mark);
    }
    var wrap = add(el("div"), box);
    if (invalid.length) {
      var list = el("ul", "invalid");
      invalid.forEach(function (v) {
        add(list, el("li", null, "invalid span: citation " + v[0] + " of " + v[1].document_id + " cites [" + v[1].span_from +
          ", " + v[1].span_to + ") but the response has " + text.length + " characters"));
      });
      add(wrap, list);
    }
    return wrap;
  }
  function timeline(outputs, assertions) {
    var trace = Array.isArray(outputs.trace) ? outputs.trace : [];
    var results = {}, seen = {};
    trace.forEach(function (e) { if (e && e.event === "tool_result" && !(e.id in results)) results[e.id] = e; });
    var list = el("ol", "timeline");
    list.id = "timeline";
    trace.forEach(function (e) {
      if (!e || typeof e !== "object") return;
      var li = el("li");
      if (e.event === "tool_call") {
        seen[e.id] = true;
        li.setAttribute("data-call", String(e.id));
        var grid = el("div", "event-grid"), left = el("div"), right = el("div");
        add(left, add(el("div"), el("strong", null, "tool call " + e.tool), " ", el("span", "muted mono", e.id)));
        var args = el("table", "plain args");
        Object.keys(e.params || {}).forEach(function (key) {
          add(args, add(el("tr"), el("td", "mono", key), add(el("td"), el("code", null, JSON.stringify(e.params[key])))));
        });
        add(left, args);
        var res = results[e.id];
        add(left, el("div", "muted", res ? "result" : "no result in the trace"));
        if (res) add(left, el("pre", null, json(res.result)));
        var mine = assertions.filter(function (a) { return a.call_id === e.id; });
        if (mine.length) mine.forEach(function (a) { add(right, verdictBlock(a)); });
        else add(right, el("p", "muted", "No assertion is about this call."));
        add(li, add(grid, left, right));
      } else if (e.event === "tool_result") {
        if (seen[e.id]) return;
        add(li, el("strong", "invalid", "tool result with no earlier call " + e.id), el("pre", null, json(e.result)));
      } else if (e.event === "retriever") {
        add(li, el("strong", null, "retrieval: " + (e.outputs || []).length + " chunk(s)"));
        var chunks = el("table", "plain chunks");
        (e.outputs || []).forEach(function (chunk) {
          add(chunks, add(el("tr"), el("td", "mono", chunk.id), el("td", "prose", chunk.page_content)));
        });
        add(li, chunks);
      } else {
        add(li, el("strong", null, String(e.event)), el("pre", null, json(e)));
      }
      add(list, li);
    });
    return list;
  }
  function renderDetail(panel, close, run, entry, others, otherEntries) {
    clear(panel);
    var r = entry.r, x = entry.x, status = r.status;
    add(panel, close, add(el("h2"), "Line " + r.line + " ", badge(status),
      status === "error" ? "" : add(el("span", "muted"), " score " + r.score.toFixed(2))));
    add(panel, kvTable([["results file", D.runs[run].name], ["example hash", r.example_hash],
      ["categories", Object.keys(r.categories || {}).map(function (k) { return k + "=" + r.categories[k]; }).join(", ")],
      ["repeat", r.repeat], ["error", r.error]]));
    if (others.length) {
      add(panel, el("h3", null, "Other runs"));
      var ot = add(el("table", "plain others"), add(el("tr"), el("th", null, "run"), el("th", null, "line"), el("th", null, "verdict"), el("th", null, "first reason")));
      others.forEach(function (o, i) {
        var e = otherEntries[i].r, link = el("button", "link", short(D.runs[o[0]].name));
        link.addEventListener("click", function () { openExample(o[0], o[1]); });
        add(ot, add(el("tr"), add(el("td"), link), el("td", "num", e.line), add(el("td"), badge(e.status)),
          el("td", null, D.runs[o[0]].columns.reason[o[1]])));
      });
      add(panel, ot);
    }
    if (!x) add(panel, el("p", "notice", "The executed benchmark of this run was not found, so its conversation, trace " +
      "and response are not shown: give it with `mb report --executed FILE`."));
    var inputs = (x && x.inputs) || {}, outputs = (x && x.outputs) || {}, exp = (x && x.expectations) || {};
    if (Array.isArray(inputs.messages)) {
      add(panel, el("h3", null, "Conversation"));
      inputs.messages.forEach(function (m) { add(panel, add(el("div", "msg prose"), el("span", "role", m.role), m.content)); });
      if (Array.isArray(inputs.tools)) add(panel, el("p", "muted", "tools allowed: " + inputs.tools.join(", ")));
    }
    if (x && outputs.error) {
      var failure = outputs.error, said = typeof failure === "object" ?
        [failure.type, failure.message].filter(Boolean).join(": ") + (failure.transient ? " (transient)" : "") : String(failure);
      var agentError = el("div", "notice bad", said);
      agentError.id = "agent-error";
      add(panel, el("h3", null, "Agent error"), agentError);
    }
    add(panel, el("h3", null, "Trace"));
    if (x && Array.isArray(outputs.trace) && outputs.trace.length) add(panel, timeline(outputs, r.assertions));
    else add(panel, el("p", "muted", x ? "The trace is empty." : "No trace available."));
    var unassigned = r.assertions.filter(function (a) { return !a.call_id || !x; });
    if (unassigned.length) {
      add(panel, el("h3", null, x ? "Assertions with no call" : "Assertions"));
      unassigned.forEach(function (a) { add(panel, verdictBlock(a)); });
    }
    var silent = x && outputs.error && !outputs.response;
    if (silent) add(panel, el("h3", null, "Response"), el("p", "muted", "The agent gave no response."));
    else if (x && typeof outputs.response === "string") add(panel, el("h3", null, "Response"), responseView(outputs, r.metrics && r.metrics.citations));
    if (x && (silent || typeof outputs.response === "string")) {
      if (typeof exp.expected_response === "string") add(panel, el("h3", null, "Expected response"), el("div", "response", exp.expected_response));
    }
    if (r.checks.length) {
      add(panel, el("h3", null, "Checks"));
      var ct = add(el("table", "plain checks"), add(el("tr"), el("th", null, "check"), el("th", null, "verdict"), el("th", null, "reason")));
      r.checks.forEach(function (ch) {
        var st = ch.error ? "error" : ch.undecided ? "undecided" : ch.passed ? "passed" : "failed";
        add(ct, add(el("tr"), el("td", null, ch.name + (ch.gating ? "" : " (informational)")), add(el("td"), badge(st)), el("td", null, ch.reason)));
      });
      add(panel, ct);
    }
    var names = Object.keys(r.metrics || {});
    if (names.length) {
      add(panel, el("h3", null, "Metrics"));
      var mt = add(el("table", "plain metrics"), add(el("tr"), el("th", null, "metric"), el("th", "num", "value"),
        el("th", "num", "threshold"), el("th", null, "verdict"), el("th", null, "reason")));
      names.forEach(function (name) {
        var m = r.metrics[name];
        var st = m.status !== "ok" ? m.status : m.details && m.details.undecided ? "undecided" : m.passed ? "passed" : "failed";
        add(mt, add(el("tr"), el("td", null, name + (m.gating ? " (gating)" : "")), el("td", "num", fmtNum(m.value)),
          el("td", "num", fmtNum(m.threshold)), add(el("td"), badge(st)), el("td", null, m.reason)));
      });
      add(panel, mt);
    }
    if (x && outputs.environment) add(panel, el("h3", null, "Environment"), el("pre", null, json(outputs.environment)));
    if (x && status === "error") add(panel, el("h3", null, "The executed line"), el("pre", null, json(x)));
    panel.scrollTop = 0;
  }

  // ---------- an output document of Microsoft 365 Copilot evaluations (mb runevals) ----------
  // Its statuses (pass, fail, partial, error; "none" when an item did not run) and fields are Microsoft's: one row
  // per single-turn item or turn, one cell per evaluator, each row opening in the drawer.
  var DOC_STATUS = ["pass", "fail", "partial", "error", "none"];
  var DOC_RANK = { error: 0, partial: 1, fail: 2, pass: 3, none: 4 };
  function docBadge(status) { return badge(status, status === "none" ? "no status" : status); }
  function stackBar(parts, width, label) {
    var total = parts.reduce(function (sum, part) { return sum + part[1]; }, 0);
    var bar = svg("svg", { "class": "bar", width: width, height: 12, viewBox: "0 0 " + width + " 12", role: "img" });
    bar.setAttribute("aria-label", label || parts.map(function (p) { return p[1] + " " + p[0]; }).join(", "));
    add(bar, svg("rect", { "class": "empty", width: width, height: 12, rx: 2 }));
    var x = 0;
    parts.forEach(function (part) {
      if (!part[1] || !total) return;
      var w = width * part[1] / total;
      add(bar, add(svg("rect", { "class": part[0], x: x.toFixed(2), width: w.toFixed(2), height: 12 }),
        svg("title", {}, part[1] + " " + part[0])));
      x += w;
    });
    return bar;
  }
  function renderDocOverview() {
    var section = clear(document.getElementById("overview")), counts = D.counts;
    var cards = el("div", "cards");
    cards.id = "status-cards";
    var statusCard = function (label, value, kind) {
      var c = card(label, String(value));
      c.setAttribute("data-count", label);
      if (kind) c.className += " " + kind;
      return c;
    };
    add(cards, statusCard("items", counts.total_items));
    DOC_STATUS.slice(0, 4).forEach(function (s) { add(cards, statusCard(s, counts.items[s], s)); });
    if (counts.threads) add(cards, statusCard("threads", counts.threads));
    add(section, cards, stackBar(DOC_STATUS.slice(0, 4).map(function (s) { return [s, counts.items[s]]; }), 320));
    if (counts.threads) {
      var turns = el("p", "muted", "Single-turn items and turns: " + counts.total_rows + " (" +
        DOC_STATUS.slice(0, 4).map(function (s) { return counts.rows[s] + " " + s; }).join(", ") + ")");
      turns.id = "turn-counts";
      add(section, turns);
    }
    if (!D.evaluators.length) return;
    add(section, el("h2", null, "Evaluators"),
      el("p", "muted", "Over " + counts.total_rows + " single-turn item(s) and turn(s)."));
    var table = add(el("table", "plain evaluators"), add(el("tr"), el("th", null, "Evaluator"),
      el("th", "num", "Pass"), el("th", "num", "Fail"), el("th", "num", "Error"), el("th", "num", "Not run"),
      el("th", "num", "Threshold"), el("th", "num", "Mean"), el("th")));
    D.evaluators.forEach(function (e) {
      var tr = add(el("tr"), el("th", null, e.name));
      tr.setAttribute("data-evaluator", e.key);
      ["pass", "fail", "error", "none"].forEach(function (k) {
        var td = el("td", "num", e.counts[k]);
        td.setAttribute("data-k", k);
        add(tr, td);
      });
      var threshold = el("td", "num", e.threshold), mean = el("td", "num", e.mean === null ? "\u2014" : e.mean.toFixed(2));
      threshold.setAttribute("data-k", "threshold");
      mean.setAttribute("data-k", "mean");
      var parts = ["pass", "fail", "error", "none"].map(function (k) { return [k, e.counts[k]]; });
      add(table, add(tr, threshold, mean, add(el("td"), stackBar(parts, 160, e.name))));
    });
    add(section, table);
  }
  function docWhere(row) { return row.turn === null ? String(row.item) : row.item + "." + row.turn; }
  function docHay(row) {
    var parts = [docWhere(row), row.label, row.prompt, row.expected, row.response, row.status, row.error].concat(row.tags);
    row.verdicts.forEach(function (v) { parts.push(v.reason); });
    row.problems.forEach(function (p) { parts.push(p.names.join(" "), p.text); });
    return parts.join(" ").toLowerCase();
  }
  function renderDocRows() {
    var section = clear(document.getElementById("examples")), f = state.filter, bar = el("div", "toolbar");
    var search = el("input");
    search.type = "search"; search.id = "search"; search.placeholder = "Search texts, names and errors";
    search.setAttribute("aria-label", "Search");
    search.addEventListener("input", function () { f.q = search.value; applyDocView(); });
    add(bar, search);
    DOC_STATUS.forEach(function (s) {
      var n = D.rows.filter(function (row) { return row.status === s; }).length;
      if (n) add(bar, checkbox("f-" + s, (s === "none" ? "no status" : s) + " (" + n + ")", f[s] !== false,
        function (v) { f[s] = v; }, applyDocView));
    });
    var count = el("p", "muted");
    count.id = "row-count";
    add(section, bar, count);
    var cols = [{ key: "order", title: "#", width: "72px", sort: true, num: true }];
    if (D.rows.some(function (row) { return row.label; })) cols.push({ key: "name", title: "Name", width: "minmax(140px, 1fr)", sort: true });
    cols.push({ key: "prompt", title: "Prompt", width: "minmax(150px, 2fr)" },
      { key: "expected", title: "Expected", width: "minmax(150px, 2fr)" },
      { key: "response", title: "Response", width: "minmax(150px, 2fr)" },
      { key: "status", title: "Status", width: "100px", sort: true });
    D.columns.forEach(function (c, n) { cols.push({ key: "score" + n, score: n, title: c.name, width: "104px", sort: true, num: true }); });
    state.sortKey = "order"; state.sortDir = 1; state.hay = D.rows.map(docHay);
    gridTable(section, cols, count, applyDocView, fillDocCell, function (i) { location.hash = "row/" + i; });
    applyDocView();
  }
  function docSortValue(row, i, key) {
    if (key === "order") return i;
    if (key === "status") return DOC_RANK[row.status];
    if (key === "name") return row.label ? row.label.toLowerCase() : null;
    var score = row.scores[Number(key.slice(5))];
    return score && score.number !== null ? score.number : null;
  }
  function applyDocView() {
    var f = state.filter, rows = D.rows, terms = f.q.toLowerCase().split(/\s+/).filter(Boolean), view = [];
    rows.forEach(function (row, i) {
      if (f[row.status] === false) return;
      for (var t = 0; t < terms.length; t++) if (state.hay[i].indexOf(terms[t]) < 0) return;
      view.push(i);
    });
    var key = state.sortKey, dir = state.sortDir;
    var values = rows.map(function (row, i) { return docSortValue(row, i, key); });
    view.sort(function (a, b) {
      var x = values[a], y = values[b];
      if (x === y) return a - b;
      if (x === null) return 1;
      if (y === null) return -1;
      return (typeof x === "string" ? x.localeCompare(y) : x - y) * dir || a - b;
    });
    showView(view, key, dir, "Showing " + view.length + " of " + rows.length + " rows");
  }
  function fillDocCell(i, col, cell) {
    var row = D.rows[i];
    if (col.key === "order") cell.textContent = docWhere(row);
    else if (col.key === "name") {
      cell.textContent = row.label + (row.turn !== null ? " \u00b7 turn " + row.turn + " of " + D.threads[row.item].turns : "");
      cell.title = [row.label].concat(row.tags).join(" \u00b7 ");
    } else if (col.key === "status") {
      add(cell, docBadge(row.status));
      if (row.error) cell.title = row.error;
    } else if (col.score !== undefined) {
      var score = row.scores[col.score];
      if (!score) return;
      cell.className += " score " + score.outcome;
      cell.textContent = score.outcome === "error" ? "error" : score.outcome === "none" ? "not run" :
        score.value + (score.threshold !== null ? " / " + score.threshold : "");
    } else {
      cell.textContent = row[col.key] || "\u2014";
      cell.title = row[col.key];
    }
  }
  function textBlock(title, text) {
    return [el("h3", null, title), text ? el("div", "response", text) : el("p", "muted", "\u2014")];
  }
  function showDocRow(i) {
    var row = D.rows[i], panel = clear(document.getElementById("detail"));
    panel.hidden = false;
    var close = el("button", "close", "Close");
    close.addEventListener("click", closeDetail);
    var thread = row.turn !== null ? D.threads[row.item] : null;
    add(panel, close, add(el("h2"), (thread ? "Thread " + row.item + ", turn " + row.turn + " of " + thread.turns :
      "Item " + row.item) + " ", docBadge(row.status)));
    add(panel, kvTable([["name", row.label], ["tags", row.tags.join(", ")],
      ["thread", thread ? [thread.name, thread.status && "overall " + thread.status, thread.summary, thread.description]
        .filter(Boolean).join(" \u00b7 ") : null],
      ["error", row.error], ["evaluators not run", row.skipped || null]]));
    textBlock("Prompt", row.prompt).concat(textBlock("Expected response", row.expected), textBlock("Response", row.response))
      .forEach(function (node) { add(panel, node); });
    add(panel, el("h3", null, "Evaluators"));
    if (row.verdicts.length) {
      var table = add(el("table", "plain scores"), add(el("tr"), el("th", null, "Evaluator"), el("th", null, "Result"),
        el("th", "num", "Score"), el("th", "num", "Threshold"), el("th", null, "Reason")));
      row.verdicts.forEach(function (v) {
        var reason = add(el("td", "reason"), v.reason);
        if (v.format) add(reason, el("div", "muted", "citation format: " + v.format));
        if (v.citations.length) {
          var cited = el("ul", "cited");
          v.citations.forEach(function (c) {
            add(cited, add(el("li"), "[" + c.index + "] " + c.text, c.source ? el("span", "muted", " \u2014 " + c.source) : null));
          });
          add(reason, cited);
        }
        add(table, add(el("tr"), el("th", null, v.name), add(el("td"), docBadge(v.result || "none")),
          el("td", "num", v.value), el("td", "num", v.threshold === null ? "" : v.threshold), reason));
      });
      add(panel, table);
    } else if (!row.problems.length) add(panel, el("p", "muted", "No evaluator ran."));
    if (row.problems.length) {
      var list = el("ul", "problems");
      row.problems.forEach(function (p) { add(list, add(el("li", p.outcome), el("strong", null, p.names.join(", ")), ": " + p.text)); });
      add(panel, list);
    }
    panel.scrollTop = 0;
  }
  function startDocument() {
    document.getElementById("subtitle").textContent = (D.subtitle ? D.subtitle + " \u00b7 " : "") + "written " +
      D.generated_at + " by MorganaBench " + D.mb_version;
    state.filter = { q: "" };
    addTabs([["overview", "Overview"], ["examples", "Results"]]);
    renderDocOverview();
    renderDocRows();
    if (!D.rows.length) add(document.getElementById("examples"), el("p", "muted", "The document has no items."));
  }

  // ---------- navigation ----------
  function showTab(tab) {
    state.tab = tab;
    ["overview", "compare", "examples"].forEach(function (name) {
      document.getElementById(name).hidden = name !== tab;
      var b = document.querySelector('#tabs button[data-tab="' + name + '"]');
      if (b) b.setAttribute("aria-selected", name === tab ? "true" : "false");
    });
    if (tab === "examples" && state.rendered) drawRows();
  }
  function route() {
    var hash = location.hash.replace(/^#/, "");
    var row = /^row\/(\d+)$/.exec(hash);
    if (row && D.rows && Number(row[1]) < D.rows.length) { showDocRow(Number(row[1])); return; }
    var m = /^example\/(\d+)\/(\d+)$/.exec(hash);
    if (m && D.runs) {
      var run = Number(m[1]), index = Number(m[2]);
      if (run < D.runs.length && index < D.runs[run].count) { showExample(run, index); return; }
    }
    document.getElementById("detail").hidden = true;
    if (hash === "overview" || hash === "examples" || (hash === "compare" && D.runs && D.runs.length > 1)) showTab(hash);
  }
  function addTabs(tabs) {
    tabs.forEach(function (t) {
      var b = el("button", null, t[1]);
      b.setAttribute("data-tab", t[0]);
      b.setAttribute("role", "tab");
      b.addEventListener("click", function () { location.hash = t[0]; });
      add(document.getElementById("tabs"), b);
    });
  }
  function startRuns() {
    document.getElementById("subtitle").textContent = D.runs.map(function (r) { return short(r.name); }).join(" \u2192 ") +
      " \u00b7 written " + D.generated_at + " by MorganaBench " + D.mb_version;
    state.run = D.runs.length - 1;
    if (D.runs.length > 1) state.sortKey = "flip";
    addTabs([["overview", "Overview"], ["compare", "Compare runs"], ["examples", "Examples"]].filter(function (t) {
      return t[0] !== "compare" || D.runs.length > 1;
    }));
    renderOverview();
    if (D.runs.length > 1) renderCompare();
    renderExamples();
  }
  function start(data) {
    D = data;
    document.getElementById("title").textContent = D.title;
    document.title = D.title;
    if (D.kind === "m365") startDocument(); else startRuns();
    document.getElementById("status").hidden = true;
    showTab("overview");
    window.addEventListener("hashchange", route);
    document.addEventListener("keydown", function (e) { if (e.key === "Escape") closeDetail(); });
    route();
    document.body.setAttribute("data-ready", "true");
  }
  function fail(err) {
    var status = document.getElementById("status");
    status.className = "notice bad";
    status.textContent = "The report cannot be shown: " + (err && err.message ? err.message : String(err));
    document.body.setAttribute("data-ready", "error");
  }
  loadData().then(start).catch(fail);
})();
