/* The dashboard's sections, in the order of the page; dashboard.js describes the parts. A new
   section is one more LecternDashboard.section({...}) call here, before start(). */
(function () {
  "use strict";
  var D = window.LecternDashboard, el = D.el, fmt = D.fmt;
  var SOURCES = { contextual: "Page rating", code_snippet: "Code snippet", thumbs_only: "Answer rating", agent: "Agent report" };
  var STATUSES = { pending: "Pending", in_progress: "In progress", resolved: "Resolved", dismissed: "Dismissed" };
  var RESOLUTIONS = { answered: "Answered", unanswered: "Unanswered", aborted: "Stopped by the reader" };
  var human = function (c) { return "human " + fmt.number(c.human) + " · AI " + fmt.number(c.ai); };
  var badge = function (map, cls) { return function (v) { return el("span", { class: "badge " + cls(v), text: fmt.label(map)(v) }); }; };

  D.section({
    id: "traffic", title: "Traffic",
    load: function (ctx) {
      return Promise.all([ctx.get("views?limit=20&" + ctx.range), ctx.get("visitors?limit=20&" + ctx.range), ctx.get("traffic/daily?" + ctx.range)]).then(function (r) {
        var v = r[0], u = r[1], days = r[2].days;
        ctx.stat("Visitors", fmt.number(u.totals.total), human(u.totals));
        ctx.stat("Page views", fmt.number(v.totals.total), human(v.totals));
        var series = function (what) {
          return [{ label: "Human", cls: "s1", value: function (d) { return d[what].human; } }, { label: "AI", cls: "s2", value: function (d) { return d[what].ai; } }];
        };
        var rows = days.map(function (d) {
          return { date: d.date, humanViews: d.views.human, aiViews: d.views.ai, views: d.views.total, humanVisitors: d.visitors.human, aiVisitors: d.visitors.ai, visitors: d.visitors.total };
        });
        var n = function (key, label) { return { key: key, label: label, format: fmt.number, num: true }; };
        return [
          days.length ? el("div", { class: "charts" }, [ctx.chart({ name: "views", label: "Views per day", days: days, series: series("views") }),
            ctx.chart({ name: "visitors", label: "Visitors per day", days: days, series: series("visitors") })]) : null,
          days.length ? el("details", {}, [el("summary", { text: "Views and visitors per day as a table" }), ctx.table({
            name: "daily", label: "Views and visitors per day", rows: rows,
            columns: [{ key: "date", label: "Day", format: function (d) { return fmt.day(d); } }, n("humanViews", "Human views"), n("aiViews", "AI views"),
              n("views", "Views"), n("humanVisitors", "Human visitors"), n("aiVisitors", "AI visitors"), n("visitors", "Visitors")],
          })]) : null,
          ctx.table({
            name: "views", label: "Top pages", rows: v.views, empty: "No page views in this range.",
            columns: [{ key: "path", label: "Page", bar: "total" }, n("human", "Human"), n("ai", "AI"), n("total", "Views")],
          }),
        ];
      });
    },
  });

  D.section({
    id: "searches", title: "Searches",
    load: function (ctx) {
      return ctx.get("searches?limit=50&" + ctx.range).then(function (s) {
        var clicked = s.searches.filter(function (r) { return r.ctr > 0; }).length;
        ctx.stat("Searches", fmt.number(s.totalSearches), s.searches.length ? fmt.percent(clicked / s.searches.length) + " of queries clicked" : null);
        var query = { key: "searchQuery", label: "Query" }, hits = { key: "hits", label: "Searches", format: fmt.number, num: true };
        var last = { key: "lastSearchedAt", label: "Last searched", format: fmt.time };
        return [
          ctx.table({
            name: "searches", label: "Top queries", rows: s.searches, empty: "No searches in this range.",
            columns: [Object.assign({ bar: "hits" }, query), hits,
              { key: "ctr", label: "Click-through rate", format: fmt.percent, num: true, csvLabel: "Click-through rate (%)", csv: function (x) { return Math.round(x * 1000) / 10; } },
              { key: "topClickedPage", label: "Most clicked page" }, last],
          }),
          ctx.table({
            name: "no-click", label: "Searches with no click", rows: s.searches.filter(function (r) { return !r.ctr; }),
            empty: "Every query in this range led to a click.", columns: [query, hits, last],
          }),
        ];
      });
    },
  });

  D.section({
    id: "assistant", title: "Assistant", intro: "Unanswered questions first: they show what the docs do not cover yet.",
    load: function (ctx) {
      var transcript = el("div", { id: "transcript", "aria-live": "polite" });
      return Promise.all([ctx.get("assistant?limit=100&" + ctx.range), ctx.get("assistant/caller-stats?" + ctx.range).catch(function () { return null; })]).then(function (r) {
        var convs = r[0].conversations || [], st = r[1];
        convs.sort(function (a, b) { return (a.resolutionStatus === "answered") - (b.resolutionStatus === "answered"); });
        if (st) ctx.stat("Conversations", fmt.number(st.total), "web " + fmt.number(st.web) + " · API " + fmt.number(st.api) + " · other " + fmt.number(st.other));
        var answered = convs.filter(function (c) { return c.resolutionStatus === "answered"; }).length;
        if (convs.length && !r[0].hasMore) ctx.stat("Answered", fmt.percent(answered / convs.length), fmt.number(convs.length - answered) + " unanswered");
        return [ctx.table({
          name: "assistant", label: "Conversations", rows: convs, empty: "No conversations in this range.",
          columns: [{ key: "timestamp", label: "Asked", format: fmt.time }, { key: "query", label: "Question" },
            { key: "resolutionStatus", label: "Result", format: badge(RESOLUTIONS, function (v) { return v === "answered" ? "ok" : "warn"; }) },
            { key: "pageUrl", label: "Asked on" },
            { key: "threadId", label: "Thread", cell: function (row) { return row.threadId ? threadButton(row.threadId, "Open thread of: " + row.query, transcript) : ""; } }],
        }), transcript];
      });
    },
  });

  D.section({
    id: "feedback", title: "Feedback",
    load: function (ctx) {
      var transcript = el("div", { class: "transcript-box", "aria-live": "polite" });
      return ctx.get("feedback?limit=100&" + ctx.range).then(function (p) {
        var rows = p.feedback, rated = rows.filter(function (f) { return f.helpful != null; });
        ctx.stat("Feedback", fmt.number(rows.length) + (p.hasMore ? "+" : ""), rated.length ? fmt.percent(rated.filter(function (f) { return f.helpful; }).length / rated.length) + " helpful" : null);
        return [ctx.table({
          name: "feedback", label: "Feedback", rows: rows, empty: "No feedback in this range.",
          columns: [{ key: "createdAt", label: "Received", format: fmt.time }, { key: "source", label: "Kind", format: fmt.label(SOURCES) },
            { key: "path", label: "Page" },
            { key: "helpful", label: "Rating", format: function (h) { return h == null ? "" : badge({ true: "Helpful", false: "Not helpful" }, function (v) { return v ? "ok" : "warn"; })(h); } },
            { key: "comment", label: "Comment", cell: comment },
            { key: "status", label: "Status", cell: statusSelect, csv: function (v) { return v; } },
            { key: "threadId", label: "Thread", cell: function (row) {
              return row.threadId ? threadButton(row.threadId, "Open thread of the " + SOURCES[row.source].toLowerCase() + " received " + row.createdAt, transcript) : "";
            } }],
        }), transcript];
      });
    },
  });

  /* A comment, with the code a code-snippet record is about. */
  function comment(row) {
    var kids = [row.comment ? el("span", { text: row.comment }) : null];
    if (row.code) kids.push(el("details", {}, [el("summary", { text: (row.filename || "Code") + (row.lang ? " (" + row.lang + ")" : "") }), el("pre", {}, [el("code", { text: row.code })])]));
    if (row.contact) kids.push(el("span", { class: "muted block", text: "Contact: " + row.contact }));
    return el("div", {}, kids);
  }

  /* The review status of a feedback record, changed in place through the PATCH route. */
  function statusSelect(row) {
    var sel = el("select", { "aria-label": "Status", "data-id": row.id }, Object.keys(STATUSES).map(function (s) {
      var o = el("option", { value: s, text: STATUSES[s] });
      if (s === row.status) o.selected = true;
      return o;
    }));
    var note = el("span", { role: "status", class: "muted" });
    sel.addEventListener("change", function () {
      sel.disabled = true;
      D.get("feedback/" + encodeURIComponent(row.id), { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ status: sel.value }) })
        .then(function (u) { row.status = u.status; note.className = "muted"; note.textContent = " saved"; }, function (e) { sel.value = row.status; note.className = "err"; note.textContent = " " + e.message; })
        .then(function () { sel.disabled = false; });
    });
    return el("span", {}, [sel, note]);
  }

  /* A thread's transcript: each message rendered as Markdown (the widget's renderer: DOM nodes,
     no HTML from stored text), the reply's cited pages under it. */
  function threadButton(id, label, box) {
    return el("button", { type: "button", class: "sec small", text: "Open thread", "aria-label": label, onclick: function () { transcript(id, box); } });
  }
  function transcript(id, box) {
    box.textContent = "";
    box.appendChild(el("p", { class: "muted", text: "Loading the conversation…" }));
    D.get("assistant/threads/" + encodeURIComponent(id)).then(function (t) {
      box.textContent = "";
      var h = el("h3", { tabindex: "-1" }, ["Conversation ", el("span", { class: "muted", text: t.threadId })]);
      var close = el("button", { type: "button", class: "sec small", text: "Close", onclick: function () { box.textContent = ""; } });
      var panel = el("div", { class: "transcript", role: "region", "aria-label": "Conversation " + t.threadId }, [el("div", { class: "th" }, [h, close]),
        el("p", { class: "muted" }, ["Started ", fmt.time(t.createdAt)])]);
      t.messages.forEach(function (m) {
        var body = el("div", { class: "md" });
        D.md(body, m.content);
        var sources = (m.sources || []).length ? el("p", { class: "sources" }, [el("span", { class: "muted", text: "Sources: " })].concat(m.sources.map(function (s, i) {
          return el("span", {}, [i ? ", " : "", el("span", { class: "src", text: s.title || s.url }), " ", el("code", { text: s.url })]);
        }))) : m.role === "assistant" ? el("p", { class: "muted", text: "No pages cited." }) : null;
        panel.appendChild(el("div", { class: "msg " + m.role }, [el("p", { class: "who" }, [m.role === "user" ? "Reader" : "Assistant", " · ", fmt.time(m.createdAt)]), body, sources]));
      });
      box.appendChild(panel);
      h.focus(); /* the transcript may be far from the button: take the reader there */
    }, function (e) { box.textContent = ""; box.appendChild(el("p", { class: "err", text: "Could not load the conversation: " + e.message })); });
  }

  D.start();
})();
