/* Lectern dashboard: reads the public analytics API with an admin key kept in sessionStorage only. */
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var S = sessionStorage, shown = {};
  var STATUSES = ["pending", "in_progress", "resolved", "dismissed"];

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
  function fmt(v) { return v == null ? "" : typeof v === "number" && v % 1 ? v.toFixed(2) : typeof v === "object" ? JSON.stringify(v) : String(v); }
  function csv(name) {
    var s = shown[name], q = function (v) { v = fmt(v); return /[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v; };
    var text = [s.cols.map(q).join(",")].concat(s.rows.map(function (r) { return s.cols.map(function (c) { return q(r[c]); }).join(","); })).join("\r\n") + "\r\n";
    var a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv" })), download: "lectern-" + name + "-" + $("from").value + "-" + $("to").value + ".csv" });
    document.body.appendChild(a); a.click(); a.remove();
  }
  function fail(box) { return function (e) { box.textContent = ""; box.appendChild(el("p", { class: "err", text: e.message })); if (e.status === 401 || e.status === 403) signOut(e.message); }; }

  function bars(totals) {
    var max = Math.max(1, totals.human || 0, totals.ai || 0);
    var bar = function (cls, label, n) {
      return el("div", {}, [el("div", { class: "bar " + cls, style: "height:" + Math.round(110 * n / max) + "px", role: "img", "aria-label": label + ": " + n }, [el("span", { text: String(n) })]), el("div", { class: "legend", text: label })]);
    };
    return el("div", { class: "bars" }, [bar("", "Human", totals.human || 0), bar("ai", "AI", totals.ai || 0)]);
  }

  function loadTraffic() {
    var box = $("traffic"), chart = $("traffic-chart");
    return Promise.all([call("views?limit=20&" + range()), call("visitors?limit=20&" + range())]).then(function (r) {
      var v = r[0], u = r[1];
      chart.textContent = "";
      chart.appendChild(el("h3", { text: "Views: " + v.totals.total + " · Visitors: " + u.totals.total }));
      chart.appendChild(el("div", { class: "row" }, [el("div", {}, [el("h3", { text: "Views, human vs AI" }), bars(v.totals)]), el("div", {}, [el("h3", { text: "Visitors, human vs AI" }), bars(u.totals)])]));
      box.textContent = "";
      box.appendChild(el("h3", { text: "Top pages" }));
      box.appendChild(table("views", ["path", "human", "ai", "total"], v.views));
    }, fail(box));
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
        return el("button", { type: "button", class: "sec", text: "Open thread", "aria-label": "Open thread of: " + row.query, onclick: function () { transcript(row.threadId); } });
      }));
    }, fail(box));
  }
  function transcript(id) {
    var box = $("transcript");
    box.textContent = "Loading…";
    call("assistant/threads/" + encodeURIComponent(id)).then(function (t) {
      box.textContent = "";
      box.appendChild(el("h3", { text: "Thread " + t.threadId }));
      t.messages.forEach(function (m) { box.appendChild(el("p", {}, [el("strong", { text: m.role + ": " }), m.content])); });
    }, fail(box));
  }
  function loadFeedback() {
    var box = $("feedback");
    return call("feedback?limit=100&" + range()).then(function (p) {
      box.textContent = "";
      box.appendChild(table("feedback", ["createdAt", "source", "path", "helpful", "comment", "status"], p.feedback, function (c, row) {
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
  $("signout").addEventListener("click", function () { signOut(""); });
  var today = new Date().toISOString().slice(0, 10), ago = new Date(Date.now() - 29 * 864e5).toISOString().slice(0, 10);
  $("from").value = ago; $("to").value = today;
  $("project").value = S.getItem("lectern.project") || "";
  if (S.getItem("lectern.adminKey")) {
    call("feedback?limit=1").then(function () { $("signin").hidden = true; $("app").hidden = false; return loadAll(); }, function (e) { signOut(e.message); });
  }
})();
