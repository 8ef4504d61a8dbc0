/* Lectern dashboard: reads the public analytics API with an admin key kept in sessionStorage only. */
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var S = sessionStorage, shown = {};
  var STATUSES = ["pending", "in_progress", "resolved", "dismissed"];
  var SECTIONS = ["daily", "views", "searches", "no-click", "assistant", "feedback"]; /* the order of the page */

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) {
      if (k === "text") e.textContent = attrs[k];
      else if (k.slice(0, 2) === "on") e.addEventListener(k.slice(2), attrs[k]);
      else e.setAttribute(k, attrs[k]);
    }
    (kids || []).forEach(function (c) { if (c != null) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }
  function base() { return "/api/external/v1/analytics/" + encodeURIComponent(S.getItem("lectern.project")) + "/"; }
  function call(path, opts) {
    opts = opts || {};
    opts.headers = Object.assign({ Authorization: "Bearer " + S.getItem("lectern.adminKey") }, opts.headers || {});
    return fetch(base() + path, opts).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (j) {
        if (res.ok) return j;
        var det = (j.details || []).map(function (x) { return x.field + " " + x.message; }).join("; ");
        var e = new Error((j.error || res.statusText || "HTTP " + res.status) + (det ? ": " + det : ""));
        e.status = res.status;
        throw e;
      });
    });
  }
  function range() {
    return "dateFrom=" + $("from").value + "&dateTo=" + nextDay($("to").value);
  }
  function nextDay(d) { var t = new Date(d + "T00:00:00Z"); t.setUTCDate(t.getUTCDate() + 1); return t.toISOString().slice(0, 10); }

  /* A table with a caption-less heading; rows are kept for the CSV download. */
  function table(name, cols, rows, cell) {
    shown[name] = { cols: cols, rows: rows };
    var t = el("table", {}, [el("thead", {}, [el("tr", {}, cols.map(function (c) { return el("th", { scope: "col", text: c }); }))])]);
    var tb = el("tbody");
    rows.forEach(function (r) {
      tb.appendChild(el("tr", {}, cols.map(function (c) {
        var v = cell ? cell(c, r) : undefined;
        return el("td", {}, [v !== undefined ? v : fmt(r[c])]);
      })));
    });
    if (!rows.length) tb.appendChild(el("tr", {}, [el("td", { colspan: String(cols.length), class: "muted", text: "Nothing in this range." })]));
    t.appendChild(tb);
    var dl = el("button", { type: "button", class: "sec", text: "Download CSV (" + name + ")", onclick: function () { csv(name); } });
    return el("div", {}, [t, dl]);
  }
  function quote(v) { v = fmt(v); return /[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v; }
  function fmt(v) { return v == null ? "" : typeof v === "number" && v % 1 ? v.toFixed(2) : typeof v === "object" ? JSON.stringify(v) : String(v); }
  function lines(name) {
    var s = shown[name];
    return [s.cols.map(quote).join(",")].concat(s.rows.map(function (r) { return s.cols.map(function (c) { return quote(r[c]); }).join(","); }));
  }
  function save(name, text) {
    var a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv" })), download: "lectern-" + name + "-" + $("from").value + "-" + $("to").value + ".csv" });
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 0);
  }
  function csv(name) { save(name, lines(name).join("\r\n") + "\r\n"); }
  /* Everything the dashboard shows in one file: a title row naming the project and the range,
     then each table under a row with its name, tables apart by an empty row. */
  function csvAll() {
    var out = [["Lectern dashboard", S.getItem("lectern.project"), $("from").value, $("to").value].map(quote).join(",")];
    SECTIONS.forEach(function (name) { if (shown[name]) out = out.concat(["", quote(name)], lines(name)); });
    save("dashboard", out.join("\r\n") + "\r\n");
  }
  function fail(box) { return function (e) { box.textContent = ""; box.appendChild(el("p", { class: "err", text: e.message })); if (e.status === 401 || e.status === 403) signOut(e.message); }; }

  /* SVG, built with attributes only: the page's CSP allows no inline styles. */
  var NS = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, kids) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs || {}) { if (k === "text") e.textContent = attrs[k]; else e.setAttribute(k, attrs[k]); }
    (kids || []).forEach(function (c) { e.appendChild(c); });
    return e;
  }
  /* A stacked bar per day (human below, AI above), named and described for screen readers; the
     same numbers are in the table below the charts. */
  function dayChart(what, days) {
    var W = 640, H = 170, top = 14, bottom = 22, left = 34, n = Math.max(1, days.length);
    var max = Math.max.apply(null, [1].concat(days.map(function (d) { return d[what].total; })));
    var step = (W - left) / n, bw = Math.max(1, step * 0.8), sum = { human: 0, ai: 0 }, peak = days[0];
    var id = "chart-" + what, y = function (v) { return (H - bottom) - (H - bottom - top) * v / max; };
    var bars = days.map(function (d, i) {
      sum.human += d[what].human; sum.ai += d[what].ai;
      if (d[what].total > peak[what].total) peak = d;
      var x = left + i * step + (step - bw) / 2, hy = y(d[what].human), ay = y(d[what].human + d[what].ai);
      return svg("g", {}, [svg("title", { text: d.date + ": " + d[what].human + " human, " + d[what].ai + " AI" }),
        svg("rect", { x: x.toFixed(1), y: hy.toFixed(1), width: bw.toFixed(1), height: ((H - bottom) - hy).toFixed(1), class: "human" }),
        svg("rect", { x: x.toFixed(1), y: ay.toFixed(1), width: bw.toFixed(1), height: (hy - ay).toFixed(1), class: "ai" })]);
    });
    var label = (what === "views" ? "Views" : "Visitors") + " per day, human and AI, " + days[0].date + " to " + days[days.length - 1].date;
    var desc = "Human " + sum.human + ", AI " + sum.ai + (what === "visitors" ? " (visitors counted per day)" : "") +
      "; the busiest day was " + peak.date + " with " + peak[what].total + ". The table below lists every day.";
    return svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-labelledby": id + "-t " + id + "-d", class: "daychart" }, [
      svg("title", { id: id + "-t", text: label }), svg("desc", { id: id + "-d", text: desc }),
      svg("line", { x1: left, x2: W, y1: H - bottom, y2: H - bottom, class: "axis" }),
      svg("text", { x: left - 4, y: top + 4, "text-anchor": "end", text: String(max) }),
      svg("text", { x: left - 4, y: H - bottom, "text-anchor": "end", text: "0" }),
      svg("text", { x: left, y: H - 6, text: days[0].date }),
      svg("text", { x: W, y: H - 6, "text-anchor": "end", text: days[days.length - 1].date })].concat(bars));
  }
  function legend() {
    var key = function (cls, text) { return el("span", { class: "key" }, [svg("svg", { width: "12", height: "12", "aria-hidden": "true" }, [svg("rect", { width: "12", height: "12", class: cls })]), " " + text]); };
    return el("p", { class: "legend" }, [key("human", "Human"), " ", key("ai", "AI")]);
  }

  function loadTraffic() {
    var box = $("traffic"), chart = $("traffic-chart");
    return Promise.all([call("views?limit=20&" + range()), call("visitors?limit=20&" + range()), call("traffic/daily?" + range())]).then(function (r) {
      var v = r[0], u = r[1], days = r[2].days;
      chart.textContent = "";
      chart.appendChild(el("p", { text: "Views: " + v.totals.total + " (human " + v.totals.human + ", AI " + v.totals.ai + ") · Visitors: " +
        u.totals.total + " (human " + u.totals.human + ", AI " + u.totals.ai + ")" }));
      if (days.length) {
        chart.appendChild(legend());
        chart.appendChild(el("div", { class: "charts" }, [el("figure", {}, [el("figcaption", { text: "Views per day" }), dayChart("views", days)]),
          el("figure", {}, [el("figcaption", { text: "Visitors per day" }), dayChart("visitors", days)])]));
        var rows = days.map(function (d) {
          return { date: d.date, humanViews: d.views.human, aiViews: d.views.ai, views: d.views.total, humanVisitors: d.visitors.human, aiVisitors: d.visitors.ai, visitors: d.visitors.total };
        });
        chart.appendChild(el("details", {}, [el("summary", { text: "Views and visitors per day as a table" }),
          table("daily", ["date", "humanViews", "aiViews", "views", "humanVisitors", "aiVisitors", "visitors"], rows)]));
      }
      box.textContent = "";
      box.appendChild(el("h3", { text: "Top pages" }));
      box.appendChild(table("views", ["path", "human", "ai", "total"], v.views));
    }, function (e) { chart.textContent = ""; fail(box)(e); });
  }
  function loadSearches() {
    var box = $("searches");
    return call("searches?limit=50&" + range()).then(function (s) {
      box.textContent = "";
      box.appendChild(el("p", { text: "Searches: " + s.totalSearches }));
      box.appendChild(el("h3", { text: "Top queries" }));
      box.appendChild(table("searches", ["searchQuery", "hits", "ctr", "topClickedPage", "lastSearchedAt"], s.searches));
      box.appendChild(el("h3", { text: "Searches with no click" }));
      box.appendChild(table("no-click", ["searchQuery", "hits", "lastSearchedAt"], s.searches.filter(function (r) { return !r.ctr; })));
    }, fail(box));
  }
  function loadAssistant() {
    var box = $("assistant");
    return Promise.all([call("assistant?limit=100&" + range()), call("assistant/caller-stats?" + range()).catch(function () { return null; })]).then(function (r) {
      var convs = r[0].conversations || [], st = r[1];
      convs.sort(function (a, b) { return (a.resolutionStatus === "answered") - (b.resolutionStatus === "answered"); });
      box.textContent = "";
      if (st) box.appendChild(el("p", { text: "Conversations: " + st.total + " (web " + st.web + ", API " + st.api + ", other " + st.other + ")" }));
      box.appendChild(table("assistant", ["timestamp", "query", "resolutionStatus", "pageUrl", "threadId"], convs, function (c, row) {
        if (c !== "threadId" || !row.threadId) return undefined;
        return threadButton(row.threadId, "Open thread of: " + row.query);
      }));
    }, fail(box));
  }
  function threadButton(id, label) {
    return el("button", { type: "button", class: "sec", text: "Open thread", "aria-label": label, onclick: function () { transcript(id); } });
  }
  function transcript(id) {
    var box = $("transcript");
    box.textContent = "Loading…";
    call("assistant/threads/" + encodeURIComponent(id)).then(function (t) {
      box.textContent = "";
      var h = el("h3", { text: "Thread " + t.threadId, tabindex: "-1" });
      box.appendChild(h);
      t.messages.forEach(function (m) { box.appendChild(el("p", {}, [el("strong", { text: m.role + ": " }), m.content])); });
      h.focus(); /* the transcript may be far from the button (Feedback section): take the reader there */
    }, fail(box));
  }
  function loadFeedback() {
    var box = $("feedback");
    return call("feedback?limit=100&" + range()).then(function (p) {
      box.textContent = "";
      box.appendChild(table("feedback", ["createdAt", "source", "path", "helpful", "comment", "status", "threadId"], p.feedback, function (c, row) {
        if (c === "threadId") return row.threadId ? threadButton(row.threadId, "Open thread of the " + row.source.replace("_", " ") + " feedback of " + row.createdAt) : "";
        if (c !== "status") return undefined;
        var sel = el("select", { "aria-label": "Status", "data-id": row.id }, STATUSES.map(function (s) {
          var o = el("option", { value: s, text: s.replace("_", " ") });
          if (s === row.status) o.selected = true;
          return o;
        }));
        var note = el("span", { role: "status", class: "muted" });
        sel.addEventListener("change", function () {
          sel.disabled = true;
          call("feedback/" + encodeURIComponent(row.id), { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ status: sel.value }) })
            .then(function (u) { row.status = u.status; note.className = "muted"; note.textContent = " saved"; }, function (e) { sel.value = row.status; note.className = "err"; note.textContent = " " + e.message; })
            .then(function () { sel.disabled = false; });
        });
        return el("span", {}, [sel, note]);
      }));
    }, fail(box));
  }
  function loadAll() {
    $("app-error").textContent = "";
    shown = {};
    return Promise.all([loadTraffic(), loadSearches(), loadAssistant(), loadFeedback()]);
  }
  function signOut(msg) {
    S.removeItem("lectern.adminKey");
    $("app").hidden = true; $("signin").hidden = false;
    $("signin-error").textContent = msg || "";
  }

  $("signin").addEventListener("submit", function (e) {
    e.preventDefault();
    S.setItem("lectern.project", $("project").value.trim());
    S.setItem("lectern.adminKey", $("key").value.trim());
    $("key").value = "";
    $("signin-error").textContent = "";
    call("feedback?limit=1").then(function () {
      $("signin").hidden = true; $("app").hidden = false;
      return loadAll();
    }, function (err) { signOut("Sign-in failed: " + err.message); $("key").focus(); });
  });
  $("range").addEventListener("submit", function (e) { e.preventDefault(); loadAll(); });
  $("csv-all").addEventListener("click", csvAll);
  $("signout").addEventListener("click", function () { signOut(""); });
  var today = new Date().toISOString().slice(0, 10), ago = new Date(Date.now() - 29 * 864e5).toISOString().slice(0, 10);
  $("from").value = ago; $("to").value = today;
  $("project").value = S.getItem("lectern.project") || "";
  if (S.getItem("lectern.adminKey")) {
    call("feedback?limit=1").then(function () { $("signin").hidden = true; $("app").hidden = false; return loadAll(); }, function (e) { signOut(e.message); });
  }
})();
