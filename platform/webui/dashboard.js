/* Lectern dashboard: the page's frame and the parts every section is built from. It reads the
   public analytics API with an admin key kept in sessionStorage only. Plain JavaScript, no build
   step; dashboard-sections.js holds the sections, each written with these parts:

     LecternDashboard.section({id, title, intro?, load: function (ctx) { ... return nodes; }})
       A section of the page, in the order of the calls. load runs on sign-in and whenever the
       range changes; it returns (a promise of) the nodes to show. ctx.get(path) calls the API
       (the project's analytics routes; ctx.range is "dateFrom=…&dateTo=…"), ctx.stat(label,
       value, note) adds a figure to the row of totals at the top, ctx.table(spec) and
       ctx.chart(spec) build a table or a chart (a table also joins the CSV downloads).
     table spec: {name, label, columns: [{key, label, format?, csv?, csvLabel?, num?, bar?,
       cell?}], rows, empty}. format turns a value into text or a node (see fmt), csv into the
       CSV value (default: the value as the API sent it), cell(row) builds the whole cell; num
       aligns right; bar: "total" underlines the cell with the row's share of the largest total.
     table spec, continued: optional: true on a column leaves it out when no row has a value;
       download: function () { return promise of {name, text} } makes the table's CSV button
       save that (the route's own CSV) instead of the table's rows; keep: true keeps a narrow
       table (a few short columns) a table on a phone, where the others become labelled blocks.
     chart spec: {name, label, days: [{date, …}], series: [{label, cls, value(day)}]}: a bar per
       day, the series stacked (classes s1 to s6), named and described for screen readers.
     bars spec: {name, label, rows: [{label, value, text?}], max?}: a horizontal bar per row (a
       ranking, a funnel), as a list with each value written beside its bar.
     fmt: number, percent, time (relative when recent, the full local time on hover), day,
       change(metric) for {value, previous, change} ("+25%", "new"), ms, label(map) for API
       values, text.
     md(box, markdown): the Markdown renderer the widget uses, as safe DOM. */
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var S = sessionStorage, sections = [], NS = "http://www.w3.org/2000/svg";

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) {
      if (attrs[k] == null) continue;
      if (k === "text") e.textContent = attrs[k];
      else if (k.slice(0, 2) === "on") e.addEventListener(k.slice(2), attrs[k]);
      else e.setAttribute(k, attrs[k]);
    }
    (kids || []).forEach(function (c) { if (c != null) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }
  function svg(tag, attrs, kids) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs || {}) { if (k === "text") e.textContent = attrs[k]; else e.setAttribute(k, attrs[k]); }
    (kids || []).forEach(function (c) { e.appendChild(c); });
    return e;
  }

  /* ---- formatters: the reader's locale and time zone ---- */
  var nf = new Intl.NumberFormat(), pf = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });
  var rtf = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  var fmt = {
    number: function (n) { return n == null ? "" : nf.format(n); },
    percent: function (x) { return x == null ? "" : pf.format(x); },
    /* A moment: "5 minutes ago" within a week, then the local date and time; the full local time
       with its zone on hover and in datetime. */
    time: function (iso) {
      if (!iso) return "";
      var t = new Date(iso), s = (Date.now() - t.getTime()) / 1000, text;
      var steps = [[60, 1, "second"], [3600, 60, "minute"], [86400, 3600, "hour"], [7 * 86400, 86400, "day"]];
      for (var i = 0; i < steps.length && text == null; i++) {
        if (Math.abs(s) < steps[i][0]) text = rtf.format(-Math.round(s / steps[i][1]), steps[i][2]);
      }
      if (text == null) text = t.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      return el("time", { datetime: iso, title: t.toLocaleString(undefined, { dateStyle: "full", timeStyle: "long" }), text: text });
    },
    /* A day of the API (a UTC date, "2026-11-25") in the reader's words: "Nov 25, 2026", or
       "Nov 25" when short. */
    day: function (ymd, short) {
      return new Date(ymd + "T00:00:00Z").toLocaleDateString(undefined, short ? { timeZone: "UTC", month: "short", day: "numeric" } : { timeZone: "UTC", dateStyle: "medium" });
    },
    /* A metric's change against the preceding period: "+25%", "−5%", "no change", or "new"
       when the previous period had none. */
    change: function (m) {
      if (m.change == null) return m.value > 0 ? "new" : "no change";
      if (Math.abs(m.change) < 0.0005) return "no change";
      return (m.change > 0 ? "+" : "\u2212") + pf.format(Math.abs(m.change));
    },
    ms: function (n) { return n == null ? "" : new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(n) + " ms"; },
    /* A time on page from milliseconds: "8.5 sec" under 10 s, "42 sec", "3 min, 20 sec" */
    duration: function (ms) {
      if (ms == null) return "";
      var s = ms / 1000, unit = function (u, v, d) { return new Intl.NumberFormat(undefined, { style: "unit", unit: u, unitDisplay: "short", maximumFractionDigits: d }).format(v); };
      if (s < 59.5) return unit("second", s < 10 ? Math.round(s * 10) / 10 : Math.round(s), 1);
      var m = Math.floor(Math.round(s) / 60), r = Math.round(s) % 60;
      return r ? unit("minute", m, 0) + ", " + unit("second", r, 0) : unit("minute", m, 0);
    },
    /* A scroll depth in percent of the page (0 to 100) */
    depth: function (p) { return p == null ? "" : pf.format(p / 100); },
    label: function (map) { return function (v) { return v == null ? "" : map[v] || String(v); }; },
    text: function (v) { return v == null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v); },
  };

  /* ---- the API ---- */
  function base() { return "/api/external/v1/analytics/" + encodeURIComponent(S.getItem("lectern.project")) + "/"; }
  function get(path, opts) {
    opts = opts || {};
    opts.headers = Object.assign({ Authorization: "Bearer " + S.getItem("lectern.adminKey") }, opts.headers || {});
    return fetch(base() + path, opts).then(function (res) {
      if (res.ok && opts.text) {
        var cd = /filename="?([^";]+)"?/.exec(res.headers.get("Content-Disposition") || "");
        return res.text().then(function (text) { return { name: cd && cd[1], text: text }; });
      }
      return res.json().catch(function () { return {}; }).then(function (j) {
        if (res.ok) return j;
        var e = new Error(reason(j, res));
        e.status = res.status;
        e.retryAfter = res.headers.get("Retry-After");
        throw e;
      });
    });
  }
  /* The server's error sentence, with the details that add to it ("field: rule"). */
  function reason(j, res) {
    var msg = j.error || res.statusText || "HTTP " + res.status;
    var more = (j.details || []).map(function (x) { return (x.field ? x.field + ": " : "") + x.message; })
      .filter(function (d) { return d && msg.indexOf(d) < 0; });
    return msg + (more.length ? " (" + more.join("; ") + ")" : "");
  }

  /* ---- tables, with their CSV ---- */
  function table(spec, into) {
    var rows = spec.rows || [], cols = spec.columns.filter(function (c) {
      return !c.optional || rows.some(function (r) { return r[c.key] != null && r[c.key] !== ""; });
    });
    var max = {};
    cols.forEach(function (c) { if (c.bar) max[c.bar] = Math.max.apply(null, [0].concat(rows.map(function (r) { return +r[c.bar] || 0; }))); });
    /* The roles keep a table a table for screen readers when a narrow screen shows its rows as blocks. */
    var t = el("table", { role: "table" }, [spec.label ? el("caption", { text: spec.label }) : null,
      el("thead", { role: "rowgroup" }, [el("tr", { role: "row" }, cols.map(function (c) { return el("th", { scope: "col", role: "columnheader", class: c.num ? "num" : null, text: c.label }); }))])]);
    var tb = el("tbody", { role: "rowgroup" });
    rows.forEach(function (r) {
      tb.appendChild(el("tr", { role: "row" }, cols.map(function (c) {
        var v = c.cell ? c.cell(r) : (c.format || fmt.text)(r[c.key], r);
        var td = el("td", { role: "cell", "data-label": c.label, class: (c.num ? "num" : "") + (c.wrap ? " wrap" : "") + (v === "" || v == null ? " empty" : "") || null }, [v]);
        if (c.bar && max[c.bar] > 0) td.appendChild(el("span", { class: "bar w" + Math.round(20 * (+r[c.bar] || 0) / max[c.bar]), "aria-hidden": "true" }));
        return td;
      })));
    });
    if (!rows.length) tb.appendChild(el("tr", { role: "row", class: "none" }, [el("td", { role: "cell", colspan: String(cols.length), class: "muted", text: spec.empty || "Nothing in this range." })]));
    t.appendChild(tb);
    if (into) {
      /* a table shown again (a new choice in its section) takes its place in the CSV */
      var i = into.map(function (x) { return x.name; }).indexOf(spec.name);
      if (i >= 0) into[i] = spec; else into.push(spec);
    }
    var note = el("span", { class: "muted", role: "status" });
    var dl = el("button", { type: "button", class: "sec small", text: "Download CSV (" + spec.name + ")", onclick: function () {
      if (!spec.download) return save(spec.name, csvLines(spec).join("\r\n") + "\r\n");
      note.textContent = "";
      spec.download().then(function (f) { save(spec.name, f.text, f.name); }, function (e) { note.className = "err"; note.textContent = " Could not download: " + e.message; });
    } });
    return el("div", { class: "tablebox" }, [el("div", { class: spec.keep ? "tw keep" : "tw" }, [t]), dl, note]);
  }
  function quote(v) { v = v == null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v); return /[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v; }
  function csvLines(spec) {
    var cols = spec.columns.filter(function (c) { return c.csv !== false; });
    return [cols.map(function (c) { return quote(c.csvLabel || c.label); }).join(",")].concat((spec.rows || []).map(function (r) {
      return cols.map(function (c) { return quote(c.csv ? c.csv(r[c.key], r) : r[c.key]); }).join(",");
    }));
  }
  function save(name, text, file) {
    var a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv" })), download: file || "lectern-" + name + "-" + $("from").value + "-" + $("to").value + ".csv" });
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 0);
  }
  /* Everything shown in one file: a first row naming the project and the range, then each
     table under a row with its name, in the order of the page, tables apart by an empty row. */
  function csvAll() {
    var out = [["Lectern dashboard", S.getItem("lectern.project"), $("from").value, $("to").value].map(quote).join(",")];
    sections.forEach(function (s) { s.tables.forEach(function (spec) { out = out.concat(["", quote(spec.name)], csvLines(spec)); }); });
    save("dashboard", out.join("\r\n") + "\r\n");
  }

  /* ---- charts: a bar per day, the series stacked, with the same numbers in a table ---- */
  function chart(spec) {
    /* drawn for the width of the window, so that its text stays legible on a phone */
    var days = spec.days, W = Math.max(320, Math.min(640, window.innerWidth - 60)), H = 180, top = 16, bottom = 24, left = 44, n = Math.max(1, days.length);
    var total = function (d) { return spec.series.reduce(function (s, x) { return s + x.value(d); }, 0); };
    var max = Math.max.apply(null, [1].concat(days.map(total))), step = (W - left) / n, bw = Math.max(1, step * 0.78);
    var y = function (v) { return (H - bottom) - (H - bottom - top) * v / max; }, id = "chart-" + spec.name, peak = days[0];
    var sums = spec.series.map(function () { return 0; });
    var bars = days.map(function (d, i) {
      var x = left + i * step + (step - bw) / 2, below = 0;
      if (total(d) > total(peak)) peak = d;
      var rects = spec.series.map(function (s, k) {
        var v = s.value(d), y0 = y(below), y1 = y(below + v);
        sums[k] += v; below += v;
        return svg("rect", { x: x.toFixed(1), y: y1.toFixed(1), width: bw.toFixed(1), height: (y0 - y1).toFixed(1), class: s.cls });
      });
      var tip = fmt.day(d.date) + ": " + spec.series.map(function (s) { return fmt.number(s.value(d)) + " " + s.label; }).join(", ");
      return svg("g", {}, [svg("title", { text: tip })].concat(rects));
    });
    var first = days[0].date, last = days[days.length - 1].date, mid = days[Math.floor((days.length - 1) / 2)].date;
    var label = spec.label + ", " + fmt.day(first) + " to " + fmt.day(last);
    var desc = spec.series.map(function (s, k) { return s.label + " " + fmt.number(sums[k]); }).join(", ") +
      "; the busiest day was " + fmt.day(peak.date) + " with " + fmt.number(total(peak)) + ". The table of days lists every day.";
    var ticks = [svg("text", { x: left, y: H - 6, text: fmt.day(first, true) })];
    if (days.length > 2) ticks.push(svg("text", { x: left + (days.length - 1) / 2 * step + step / 2, y: H - 6, "text-anchor": "middle", text: fmt.day(mid, true) }));
    if (days.length > 1) ticks.push(svg("text", { x: W, y: H - 6, "text-anchor": "end", text: fmt.day(last, true) }));
    return el("figure", { class: "chart" }, [el("figcaption", { text: spec.label }),
      svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-labelledby": id + "-t " + id + "-d", class: "daychart" }, [
        svg("title", { id: id + "-t", text: label }), svg("desc", { id: id + "-d", text: desc }),
        svg("line", { x1: left, x2: W, y1: y(max), y2: y(max), class: "grid" }),
        svg("line", { x1: left, x2: W, y1: H - bottom, y2: H - bottom, class: "axis" }),
        svg("text", { x: left - 6, y: y(max) + 4, "text-anchor": "end", text: fmt.number(max) }),
        svg("text", { x: left - 6, y: H - bottom, "text-anchor": "end", text: "0" })].concat(ticks, bars)),
      el("p", { class: "legend" }, spec.series.map(function (s) {
        return el("span", { class: "key" }, [svg("svg", { width: "12", height: "12", "aria-hidden": "true" }, [svg("rect", { width: "12", height: "12", class: s.cls })]), " " + s.label]);
      }))]);
  }

  /* A table wider than its box scrolls sideways: the box then takes keyboard focus (arrow keys
     scroll it) and is named by the table's caption. Checked after each render, on resize and
     when a folded table opens. */
  function scrollers() {
    document.querySelectorAll(".tw").forEach(function (tw) {
      var wide = tw.scrollWidth > tw.clientWidth + 1, cap = tw.querySelector("caption");
      if (wide) { tw.setAttribute("tabindex", "0"); tw.setAttribute("role", "region"); tw.setAttribute("aria-label", (cap ? cap.textContent : "Table") + " (scrolls sideways)"); }
      else { tw.removeAttribute("tabindex"); tw.removeAttribute("role"); tw.removeAttribute("aria-label"); }
    });
  }
  var resizing = 0;
  window.addEventListener("resize", function () { clearTimeout(resizing); resizing = setTimeout(scrollers, 100); });
  document.addEventListener("toggle", function () { scrollers(); }, true);

  /* ---- horizontal bars: a ranking or a funnel, a row each: its label, a bar of its share of
     the largest (or of max) and its value written out; plain text, so it reads at any width ---- */
  function bars(spec) {
    var max = spec.max || Math.max.apply(null, [1].concat(spec.rows.map(function (r) { return r.value; })));
    return el("figure", { class: "chart hbars", id: "bars-" + spec.name }, [el("figcaption", { text: spec.label }),
      el("ol", {}, spec.rows.map(function (r) {
        return el("li", {}, [el("span", { class: "bl", text: r.label }), el("span", { class: "bt" }, [
          el("span", { class: "track", "aria-hidden": "true" }, [el("span", { class: "hb w" + Math.round(20 * Math.max(0, r.value) / max) })]),
          el("span", { class: "bv", text: r.text || fmt.number(r.value) })])]);
      }))]);
  }

  /* ---- sections ---- */
  function section(def) {
    def.tables = [];
    sections.push(def);
  }
  function mountSections() {
    var box = $("sections"), sum = $("summary");
    sections.forEach(function (s) {
      if (s.node) return;
      s.body = el("div", { class: "body", "aria-live": "polite" });
      s.stats = el("div", { class: "statgroup" });
      s.node = el("section", { id: s.id, "aria-labelledby": "h-" + s.id, class: "card" }, [
        el("h2", { id: "h-" + s.id, text: s.title }), s.intro ? el("p", { class: "hint", text: s.intro }) : null, s.body]);
      box.appendChild(s.node);
      sum.appendChild(s.stats);
    });
  }
  /* A section loaded again (a new range applied while it loads) shows the latest load only: an
     earlier load that ends later adds no stat, table or node. */
  function loadSection(s) {
    var gen = s.gen = (s.gen || 0) + 1, tables = s.tables = [];
    var current = function () { return s.gen === gen; };
    s.body.textContent = "";
    s.body.appendChild(el("p", { class: "muted", text: "Loading…" }));
    s.stats.textContent = "";
    var ctx = {
      get: get, range: range(), from: $("from").value, to: $("to").value,
      table: function (spec) { return table(spec, tables); },
      chart: chart, bars: bars,
      stat: function (label, value, note) {
        if (!current()) return;
        s.stats.appendChild(el("div", { class: "stat" }, [el("span", { class: "k", text: label }), el("span", { class: "v", text: value }), note ? el("span", { class: "n", text: note }) : null]));
      },
    };
    return Promise.resolve().then(function () { return s.load(ctx); }).then(function (nodes) {
      if (!current()) return;
      s.body.textContent = "";
      [].concat(nodes || []).forEach(function (n) { if (n) s.body.appendChild(n); });
      scrollers();
    }, function (e) {
      if (!current()) return;
      s.body.textContent = "";
      s.body.appendChild(el("p", { class: "err", text: "Could not load " + s.title.toLowerCase() + ": " + e.message }));
      if (e.status === 401 || e.status === 403) signOut(signInError(e));
    });
  }
  function loadAll() {
    $("app-error").textContent = "";
    mountSections();
    return Promise.all(sections.map(loadSection));
  }

  /* ---- the date range: whole UTC days, From and To included ---- */
  function range() { return "dateFrom=" + $("from").value + "&dateTo=" + nextDay($("to").value); }
  function nextDay(d) { var t = new Date(d + "T00:00:00Z"); t.setUTCDate(t.getUTCDate() + 1); return t.toISOString().slice(0, 10); }
  function preset(days) {
    var today = new Date().toISOString().slice(0, 10);
    $("to").value = today;
    $("from").value = new Date(Date.now() - (days - 1) * 864e5).toISOString().slice(0, 10);
  }

  /* ---- signing in and out ---- */
  function signInError(e) {
    var project = S.getItem("lectern.project") || "";
    if (e.status === 401) return "Sign-in failed: the admin key was not accepted (" + e.message + "). Paste the whole key, lk_admin_…, as Lectern printed it.";
    if (e.status === 403) return "Sign-in failed: this key may not read project \u201c" + project + "\u201d (" + e.message + "). Check the project id, and use an admin key made for that project.";
    if (e.status === 404) return "Sign-in failed: there is no project \u201c" + project + "\u201d on this server (" + e.message + "). Check the project id in your sites file.";
    if (e.status === 429) return "Sign-in failed: too many attempts" + (e.retryAfter ? "; try again in " + e.retryAfter + " s." : "; wait a moment.");
    if (!e.status) return "Sign-in failed: Lectern could not be reached (" + e.message + ").";
    return "Sign-in failed: " + e.message;
  }
  function signOut(msg) {
    S.removeItem("lectern.adminKey");
    $("app").hidden = true; $("signin").hidden = false; $("who").hidden = true;
    $("signin-error").textContent = msg || "";
  }
  function open() {
    return get("feedback?limit=1").then(function () {
      $("signin").hidden = true; $("app").hidden = false;
      $("who").hidden = false; $("who").textContent = "Project " + S.getItem("lectern.project");
      return loadAll();
    });
  }
  function start() {
    $("signin").addEventListener("submit", function (e) {
      e.preventDefault();
      var project = $("project").value.trim(), key = $("key").value.trim();
      var problem = !project ? "Enter the project id, for example lectern-docs." : !key ? "Enter an admin key (lk_admin_…)." :
        /^lk_(pub|ing)_/.test(key) ? "This is an " + (key[3] === "p" ? "assistant" : "ingest") + " key; the dashboard needs an admin key of the project (lk_admin_…)." : "";
      if (problem) { $("signin-error").textContent = problem; $(project ? "key" : "project").focus(); return; }
      S.setItem("lectern.project", project);
      S.setItem("lectern.adminKey", key);
      $("key").value = "";
      $("signin-error").textContent = "";
      open().catch(function (err) { signOut(signInError(err)); $("key").focus(); });
    });
    $("range").addEventListener("submit", function (e) { e.preventDefault(); $("preset").value = ""; loadAll(); });
    $("preset").addEventListener("change", function () { if ($("preset").value) { preset(+$("preset").value); loadAll(); } });
    ["from", "to"].forEach(function (id) { $(id).addEventListener("input", function () { $("preset").value = ""; }); });
    $("csv-all").addEventListener("click", csvAll);
    $("signout").addEventListener("click", function () { signOut(""); });
    $("preset").value = "30";
    preset(30);
    $("project").value = S.getItem("lectern.project") || "";
    if (S.getItem("lectern.adminKey")) open().catch(function (e) { signOut(signInError(e)); });
  }

  window.LecternDashboard = {
    section: section, start: start, el: el, fmt: fmt, get: get,
    md: lecternMarkdown({ heading: 4, target: "_blank", href: function (u) { return /^https?:/i.test(u) ? u : ""; } }),
  };
})();
