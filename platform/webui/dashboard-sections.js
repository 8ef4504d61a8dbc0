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
      return Promise.all([ctx.get("views?limit=20&" + ctx.range), ctx.get("visitors?limit=20&" + ctx.range), ctx.get("traffic/daily?" + ctx.range),
        ctx.get("traffic?scope=referrer&limit=20&" + ctx.range).catch(function (e) { return { referrers: [], error: e.message }; })]).then(function (r) {
        var v = r[0], u = r[1], days = r[2].days, refs = r[3].referrers;
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
          ctx.table({
            name: "referrers", label: "Where readers came from", rows: refs, empty: r[3].error || "No reader page views in this range.",
            columns: [{ key: "referrer", label: "Referrer", bar: "views", format: function (h) { return h || "No referrer (typed, bookmarked or withheld)"; } },
              n("views", "Human views")],
          }),
        ];
      });
    },
  });

  /* ---- crawlers: search engines, AI training crawlers and other AI bots, which count in no
     total above (route traffic: scope=day, sort=crawlerViews, scope=agent; docs/analytics/traffic.mdx) ---- */
  var CLASSES = [["searchIndex", "Search engines", "s3", "search engines"], ["training", "AI training crawlers", "s4", "AI training"], ["otherAi", "Other AI", "s5", "other AI"]];
  /* the agents of the traffic route by agent (scope=agent): a class's label, an agent's name ("" is a client no list names) */
  var CLASS_LABELS = { ai: "AI agent", search_index: "Search engine", training: "AI training crawler", other_ai: "Other AI" };
  var agentName = function (v) { return v === "" ? "Other agents" : v; };
  D.section({
    id: "crawlers", title: "Crawlers",
    intro: "Search engines, AI training crawlers and other AI bots that fetched your pages. They count in no total above; AI agents reading for a person count as AI in Traffic.",
    load: function (ctx) {
      return Promise.all([ctx.get("traffic?scope=day&" + ctx.range), ctx.get("traffic?sort=crawlerViews&limit=20&" + ctx.range),
        ctx.get("traffic?scope=agent&" + ctx.range)]).then(function (r) {
        var t = r[0].totals, pc = r[0].pageCounts, all = t.searchIndexViews + t.trainingViews + t.otherAiViews;
        var crawl = function (row) { return row.searchIndexViews + row.trainingViews + row.otherAiViews; };
        ctx.stat("Crawler requests", fmt.number(all), CLASSES.map(function (c) { return c[3] + " " + fmt.number(t[c[0] + "Views"]); }).join(" · "));
        if (!all) return [el("p", { class: "muted", text: "No crawler traffic in this range: no search engine, AI training crawler or other AI bot fetched a page." })];
        var classes = CLASSES.map(function (c) { return { cls: c[1], requests: t[c[0] + "Views"], pages: pc[c[0] + "Pages"], share: t[c[0] + "Views"] / all }; });
        var days = r[0].days.map(function (d) { return Object.assign({ crawlers: crawl(d) }, d); });
        var pages = r[1].pages.filter(function (p) { return crawl(p) > 0; }).map(function (p) { return Object.assign({ crawlers: crawl(p) }, p); });
        var byClass = CLASSES.map(function (c) { return n(c[0] + "Views", c[1]); });
        var crawlers = r[2].agents.filter(function (a) { return a.class !== "ai"; });
        return [
          ctx.table({
            name: "crawler-classes", label: "Requests by class", rows: classes, keep: true,
            columns: [{ key: "cls", label: "Class", bar: "requests" }, n("requests", "Requests"), n("pages", "Pages fetched"),
              pct("share", "Share of crawler requests")],
          }),
          ctx.table({
            name: "top-crawlers", label: "Top crawlers", rows: crawlers, empty: "No named crawler in this range.",
            columns: [{ key: "agent", label: "Crawler", format: agentName, bar: "views" }, { key: "class", label: "Class", format: fmt.label(CLASS_LABELS) },
              n("views", "Requests"), n("pages", "Pages fetched")],
          }),
          ctx.chart({ name: "crawlers", label: "Crawler requests per day", days: days, series: CLASSES.map(function (c) {
            return { label: c[1], cls: c[2], value: function (d) { return d[c[0] + "Views"]; } };
          }) }),
          el("details", {}, [el("summary", { text: "Crawler requests per day as a table" }), ctx.table({
            name: "crawlers-daily", label: "Crawler requests per day", rows: days,
            columns: [{ key: "date", label: "Day", format: function (d) { return fmt.day(d); } }].concat(byClass, [n("crawlers", "All crawlers")]),
          })]),
          ctx.table({
            name: "crawled-pages", label: "Pages crawlers fetched most", rows: pages, empty: "No page fetched by a crawler in this range.",
            columns: [{ key: "path", label: "Page", bar: "crawlers" }].concat(byClass, [n("crawlers", "All crawlers"), n("totalViews", "Views by people and agents")]),
          }),
        ];
      });
    },
  });

  /* ---- engagement: what readers did beyond reading (routes engagement, engagement/pages,
     engagement/flows, engagement/funnels; docs/analytics/engagement.mdx) ---- */
  var FIGURES = [["interactions", "Interactions"], ["sessions", "Sessions"], ["activeSessions", "Active sessions"],
    ["interactionsPerSession", "Interactions per session", "ratio"],
    ["humanViews", "Human page views"], ["ctaClicks", "CTA clicks"], ["ctaRate", "CTA click rate", "rate"], ["actions", "Actions"],
    ["actionRate", "Action rate", "rate"], ["codeCopies", "Code copies"], ["menuActions", "Menu actions"], ["thumbs", "Page ratings"],
    ["outboundClicks", "Outbound clicks"], ["sourceClicks", "Sources opened"],
    ["readings", "Readings (a visitor's day on a page)"], ["medianTimeOnPageMs", "Median time on page", "duration"],
    ["medianScrollDepth", "Median scroll depth", "depth"], ["readThroughRate", "Read to the end (90% or more)", "rate"]];
  var STAGES = { opened: "Opened search", searched: "Searched", clicked: "Clicked a result", landed: "Read the result", acted: "Acted on it",
    asked: "Asked", answered: "Got an answer", followedUp: "Asked a follow-up", engaged: "Engaged with the answer" };
  var ratio = function (v) { return v == null ? "" : new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(v); };
  var points = function (v) { return ratio(v) + (v === 1 ? " point" : " points"); };
  var n = function (key, label) { return { key: key, label: label, format: fmt.number, num: true }; };
  var pct = function (key, label) { return { key: key, label: label, format: fmt.percent, num: true, csvLabel: label + " (%)", csv: function (x) { return Math.round(x * 1000) / 10; } }; };

  D.section({
    id: "engagement", title: "Engagement",
    intro: "What readers did: CTA clicks and actions (code copies, contextual-menu actions, page ratings), and how long they read a page and how far down it (medians of readings, a reader's day on a page), human traffic only, against the preceding period of the same length.",
    load: function (ctx) {
      return Promise.all([ctx.get("engagement?" + ctx.range), ctx.get("engagement/pages?limit=50&" + ctx.range), ctx.get("engagement/funnels?" + ctx.range)]).then(function (r) {
        var e = r[0], t = e.totals, prev = fmt.day(e.previousFrom) + " to " + fmt.day(lastDay(e.previousTo));
        ctx.stat("Interactions", fmt.number(t.interactions.value), fmt.change(t.interactions) + " vs the previous period");
        ctx.stat("CTA click rate", fmt.percent(t.ctaRate.value), fmt.number(t.ctaClicks.value) + " clicks · " + fmt.change(t.ctaRate));
        var totals = FIGURES.map(function (f) { var m = t[f[0]]; return { figure: f[1], kind: f[2], value: m.value, previous: m.previous, change: m.change, metric: m }; });
        ctx.stat("Median time on page", fmt.duration(t.medianTimeOnPageMs.value), fmt.percent(t.readThroughRate.value) + " read to the end · " + fmt.change(t.medianTimeOnPageMs));
        var kinds = { rate: fmt.percent, ratio: ratio, duration: fmt.duration, depth: fmt.depth };
        var val = function (v, row) { return (kinds[row.kind] || fmt.number)(v); };
        return [
          ctx.table({
            name: "engagement", label: "Totals, against " + prev, rows: totals, keep: true,
            columns: [{ key: "figure", label: "Figure" }, { key: "value", label: "This period", format: val, num: true },
              { key: "previous", label: "Previous period", format: val, num: true },
              { key: "change", label: "Change", num: true, format: function (v, row) { return fmt.change(row.metric); }, csvLabel: "Change (%)", csv: function (x) { return x == null ? "" : Math.round(x * 1000) / 10; } }],
          }),
          e.days.length ? ctx.chart({ name: "interactions", label: "Interactions per day", days: e.days, series: [
            { label: "CTA clicks", cls: "s2", value: function (d) { return d.ctaClicks; } }, { label: "Actions", cls: "s1", value: function (d) { return d.actions; } }] }) : null,
          e.days.length ? el("details", {}, [el("summary", { text: "Interactions per day as a table" }), ctx.table({
            name: "interactions-daily", label: "Interactions per day", rows: e.days,
            columns: [{ key: "date", label: "Day", format: function (d) { return fmt.day(d); } }, n("ctaClicks", "CTA clicks"), n("actions", "Actions"),
              n("codeCopies", "Code copies"), n("menuActions", "Menu actions"), n("thumbs", "Page ratings"), n("outboundClicks", "Outbound clicks")],
          })]) : null,
          ctx.table({
            name: "engagement-pages", label: "Pages by interactions", rows: r[1].pages, empty: "No interactions or human views in this range.",
            columns: [{ key: "path", label: "Page", bar: "interactions" }, n("humanViews", "Human views"), n("interactions", "Interactions"),
              n("ctaClicks", "CTA clicks"), pct("ctaRate", "CTA rate"), n("actions", "Actions"), pct("actionRate", "Action rate"),
              n("codeCopies", "Code copies"), n("menuActions", "Menu actions"), n("thumbs", "Page ratings"), n("outboundClicks", "Outbound clicks"),
              n("readings", "Readings"), { key: "medianTimeOnPageMs", label: "Median time on page", format: fmt.duration, num: true, csvLabel: "Median time on page (s)", csv: function (x) { return x / 1000; } },
              { key: "medianScrollDepth", label: "Median scroll depth", format: fmt.depth, num: true, csvLabel: "Median scroll depth (%)" }, pct("readThroughRate", "Read to the end")],
          }),
          flows(ctx),
          el("div", { class: "charts" }, [funnel(ctx, "search", "Search funnel, in sessions", r[2].search), funnel(ctx, "assistant", "Assistant funnel, in threads", r[2].assistant)]),
        ];
      });
    },
  });
  function lastDay(exclusive) { var t = new Date(exclusive + "T00:00:00Z"); t.setUTCDate(t.getUTCDate() - 1); return t.toISOString().slice(0, 10); }

  /* A funnel: each stage's count as a bar (of the first stage), and the same numbers as a table. */
  function funnel(ctx, name, label, f) {
    var first = f.stages.length ? f.stages[0].count : 0;
    var rows = f.stages.map(function (s) { return { stage: s.stage, count: s.count, rate: s.rate, dropOff: s.dropOff }; });
    var helpful = f.ratedHelpful != null ? el("p", { class: "hint", text: "Engaged: an answered thread whose reader opened a source or rated the answer, with a follow-up or not (its loss is counted since “Got an answer”). Of the answered threads, " +
      fmt.number(f.sourceClicked) + " had a source opened and " + fmt.number(f.rated) + " were rated, " + fmt.number(f.ratedHelpful) + " of them helpful." }) : null;
    return el("div", {}, [
      ctx.bars({ name: "funnel-" + name, label: label, max: Math.max(1, first), rows: f.stages.map(function (s) {
        return { label: STAGES[s.stage] || s.stage, value: s.count, text: fmt.number(s.count) + " · " + fmt.percent(s.rate) };
      }) }),
      helpful,
      el("details", {}, [el("summary", { text: label + " as a table" }), ctx.table({
        name: "funnel-" + name, label: label, rows: rows, keep: true,
        columns: [{ key: "stage", label: "Stage", format: fmt.label(STAGES) }, n("count", f.unit === "threads" ? "Threads" : "Sessions"),
          pct("rate", "Of the first stage"), pct("dropOff", "Lost since the stage before")],
      })]),
    ]);
  }

  /* User flows from an entry page: the entry and up to three further steps as columns, each page
     with the sessions that reached it, a bar of its share of the entry's sessions, and how many
     went no further; the moves between steps as a table. A select picks the entry page. */
  function flows(ctx) {
    var box = el("div", { class: "flows" }), body = el("div", { "aria-live": "polite" });
    var sel = el("select", { id: "flow-entry" });
    function show(entry) {
      body.textContent = "";
      body.appendChild(el("p", { class: "muted", text: "Loading…" }));
      return ctx.get("engagement/flows?" + ctx.range + (entry ? "&entry=" + encodeURIComponent(entry) : "")).then(function (f) {
        body.textContent = "";
        if (!sel.options.length) {
          f.entries.forEach(function (e) { sel.appendChild(el("option", { value: e.path, text: e.path + " (" + fmt.number(e.sessions) + " sessions)" })); });
        }
        if (f.entry) sel.value = f.entry;
        if (!f.entry) { body.appendChild(el("p", { class: "muted", text: "No sessions with a page view in this range." })); return; }
        var total = Math.max(1, f.sessions), names = {};
        var cols = f.columns.filter(function (c) { return c.nodes.length; });
        cols.forEach(function (c) { c.nodes.forEach(function (nd) { names[nd.id] = nd.other ? fmt.number(nd.pages) + " other pages" : nd.path; }); });
        body.appendChild(el("ol", { class: "steps", "aria-label": "Where sessions that entered at " + f.entry + " went" }, cols.map(function (c) {
          return el("li", { class: "step" }, [el("h4", { text: c.step ? "Step " + c.step : "Entry page" }), el("ul", {}, c.nodes.map(function (nd) {
            var left = nd.dropOff == null ? null : fmt.percent(nd.dropOff) + " went no further";
            return el("li", { class: "node" + (nd.other ? " other" : "") }, [
              el("span", { class: "p", text: names[nd.id] }),
              el("span", { class: "muted block", text: fmt.number(nd.in) + " sessions" + (left ? " · " + left : "") }),
              el("span", { class: "fbar w" + Math.round(20 * nd.in / total), "aria-hidden": "true" })]);
          }))]);
        })));
        var links = f.links.map(function (l) { return { from: names[l.source], step: +l.target.split(":")[0], to: names[l.target], sessions: l.sessions }; });
        body.appendChild(el("details", {}, [el("summary", { text: "Moves between steps as a table" }), ctx.table({
          name: "flows", label: "Moves between steps, from " + f.entry, rows: links, empty: "No session went past the entry page.",
          columns: [{ key: "step", label: "Step", num: true, format: fmt.number }, { key: "from", label: "From" }, { key: "to", label: "To" }, n("sessions", "Sessions")],
        })]));
      });
    }
    var load = function (entry) {
      show(entry).catch(function (e) { body.textContent = ""; body.appendChild(el("p", { class: "err", text: "Could not load the flows: " + e.message })); });
    };
    sel.addEventListener("change", function () { load(sel.value); });
    box.appendChild(el("h3", { text: "User flows" }));
    box.appendChild(el("div", { class: "field" }, [el("label", { for: "flow-entry", text: "Entry page" }), sel]));
    box.appendChild(body);
    load("");
    return box;
  }

  /* ---- content gaps: what to write or fix next, ranked from every signal (route gaps;
     docs/analytics/content-gaps.mdx) ---- */
  var SIGNALS = { unanswered: "Unanswered questions", rated_down: "Answers rated not helpful", thumbs_down: "Page rated not helpful",
    comment: "Comments", search_no_results: "Searches with no results", agent_no_results: "Agent searches with no results",
    search_no_click: "Searches with no click", exit_no_action: "Exits without an action" };

  D.section({
    id: "gaps", title: "Content gaps",
    intro: "What to write or fix next, ranked by score: each signal counts times its weight. Marking a gap's feedback resolved takes it off the list.",
    load: function (ctx) {
      var transcript = el("div", { class: "transcript-box", "aria-live": "polite" });
      return ctx.get("gaps?limit=50&" + ctx.range).then(function (g) {
        ctx.stat("Content gaps", fmt.number(g.total), g.gaps.length ? "top: " + g.gaps[0].title : null);
        var top = g.gaps.slice(0, 10);
        return [
          top.length ? ctx.bars({ name: "gaps", label: "The top " + fmt.number(top.length) + " gaps by score", rows: top.map(function (x) {
            return { label: x.rank + ". " + x.title, value: x.score, text: points(x.score) };
          }) }) : null,
          ctx.table({
            name: "gaps", label: "Content gaps, most pressing first", rows: g.gaps, empty: "No gaps in this range: nothing went unanswered, unfound or rated down.",
            download: function () { return ctx.get("gaps?format=csv&limit=500&" + ctx.range, { text: true }); },
            columns: [{ key: "rank", label: "Rank", num: true, format: fmt.number },
              { key: "title", label: "Gap", cell: gapTitle },
              { key: "score", label: "Score", num: true, format: ratio, bar: "score" },
              { key: "signals", label: "Signals", cell: signals, csv: function (v) { return v.map(function (x) { return x.signal + "=" + x.count; }).join(" | "); } },
              { key: "firstSeen", label: "First seen", format: fmt.time },
              { key: "lastSeen", label: "Last seen", format: fmt.time },
              { key: "key", label: "Evidence", cell: function (row) { return evidence(row, transcript); }, csv: false }],
          }), transcript];
      });
    },
  });
  /* A reader's text (a query, a question, a comment, a topic's words) in an element of its own
     that takes its direction from its first letters (<bdi>): right-to-left text shows as
     written and leaves the figures beside it in their place. */
  function own(text, tag) {
    return el(tag || "bdi", tag ? { dir: "auto", text: text } : { text: text });
  }
  function gapTitle(row) {
    var words = [];
    row.terms.forEach(function (w, i) { words.push(i ? ", " : "Words: ", own(w)); });
    return el("div", {}, [el("span", { class: "badge " + (row.kind === "page" ? "page" : "topic"), text: row.kind === "page" ? "Page" : "Topic" }), " ",
      own(row.title, "strong"),
      row.kind === "page" && row.title !== row.key ? el("span", { class: "muted", text: " " + row.key }) : null,
      words.length ? el("span", { class: "muted block" }, words) : null]);
  }
  function signals(row) {
    return el("ul", { class: "plain" }, row.signals.map(function (x) {
      return el("li", { text: (SIGNALS[x.signal] || x.signal) + ": " + fmt.number(x.count) + " (" + points(x.points) + ")" });
    }));
  }
  /* A gap's evidence, folded: the queries with their counts, the threads (opened below the
     table), the feedback with its status select, the page's views and exits. */
  function evidence(row, box) {
    var parts = [], count = [];
    if (row.queries.length) {
      count.push(fmt.number(row.queries.length) + (row.queries.length === 1 ? " query" : " queries"));
      parts.push(el("p", { class: "muted", text: "Asked or searched" }), el("ul", {}, row.queries.map(function (q) {
        return el("li", {}, ["\u201c", own(q.text), "\u201d ", el("span", { class: "muted", text: "× " + fmt.number(q.count) + " · " + q.signals.map(function (s) { return (SIGNALS[s] || s).toLowerCase(); }).join(", ") })]);
      })));
    }
    if (row.threads.length) {
      count.push(fmt.number(row.threads.length) + (row.threads.length === 1 ? " thread" : " threads"));
      parts.push(el("p", { class: "muted", text: "Threads" }), el("ul", {}, row.threads.map(function (t) {
        return el("li", {}, ["\u201c", own(t.question), "\u201d ", fmt.time(t.at), t.rated ? " · rated not helpful " : " · unanswered ",
          threadButton(t.threadId, "Open thread of: " + t.question, box)]);
      })));
    }
    if (row.feedback.length) {
      count.push(fmt.number(row.feedback.length) + " feedback " + (row.feedback.length === 1 ? "record" : "records"));
      parts.push(el("p", { class: "muted", text: "Feedback" }), el("ul", {}, row.feedback.map(function (f) {
        return el("li", {}, [f.helpful === false ? "Not helpful" : f.helpful ? "Helpful" : "", f.comment ? (f.helpful != null ? ": \u201c" : "\u201c") : null, f.comment ? own(f.comment) : null, f.comment ? "\u201d " : " ",
          fmt.time(f.createdAt), " ", statusSelect(f)]);
      })));
    }
    if (row.page && (row.page.views || row.page.exits)) {
      var pg = row.page;
      parts.push(el("p", { text: fmt.number(pg.views) + " human views; " + fmt.number(pg.exits) + " sessions ended here, " + fmt.number(pg.exitsWithoutAction) + " without an action (" + fmt.percent(pg.exitRate) + " of the views)" }));
    }
    if (row.page && row.page.readings) parts.push(readings(row.page));
    if (!parts.length) return "";
    return el("details", {}, [el("summary", { text: count.length ? count.join(", ") : "Page figures" })].concat(parts));
  }

  /* How a page gap's page is read (its readings, as the engagement section's pages show them):
     beside the evidence, never in the score. */
  function readings(pg) {
    return el("p", { class: "readings", text: fmt.number(pg.readings) + (pg.readings === 1 ? " reading: " : " readings: ") +
      "median time on page " + fmt.duration(pg.medianTimeOnPageMs) + ", median scroll depth " + fmt.depth(pg.medianScrollDepth) + ", " +
      fmt.percent(pg.readThroughRate) + " read to the end" });
  }

  D.section({
    id: "searches", title: "Searches",
    load: function (ctx) {
      return Promise.all([ctx.get("searches?limit=50&" + ctx.range), ctx.get("searches?noResults=true&limit=50&" + ctx.range)]).then(function (res) {
        var s = res[0], nothing = res[1];
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
          /* readers' searches that found nothing: the content gaps' search_no_results, per query */
          ctx.table({
            name: "no-results", label: "Searches with no results", rows: nothing.searches,
            empty: "Every reader's search in this range found something.",
            columns: [query, hits, { key: "noResults", label: "Found nothing", format: fmt.number, num: true }, last],
          }),
        ];
      });
    },
  });

  D.section({
    id: "assistant", title: "Assistant", intro: "Unanswered questions first, then the answers readers rated not helpful: they show what the docs do not cover yet, or cover badly.",
    load: function (ctx) {
      var transcript = el("div", { id: "transcript", "aria-live": "polite" });
      return Promise.all([ctx.get("assistant?limit=100&" + ctx.range), ctx.get("assistant/caller-stats?" + ctx.range).catch(function () { return null; }),
        ctx.get("feedback?source=thumbs_only&limit=100&" + ctx.range).catch(function () { return null; })]).then(function (r) {
        var convs = r[0].conversations || [], st = r[1], ratings = {};
        /* each thread's latest rating of its answers (the export is newest first) */
        ((r[2] && r[2].feedback) || []).forEach(function (f) { if (f.threadId && !(f.threadId in ratings) && f.helpful != null) ratings[f.threadId] = f.helpful; });
        convs.forEach(function (c) { c.rating = c.threadId in ratings ? ratings[c.threadId] : null; });
        var rank = function (c) { return c.resolutionStatus !== "answered" ? 0 : c.rating === false ? 1 : 2; };
        convs.sort(function (a, b) { return rank(a) - rank(b); });
        var down = convs.filter(function (c) { return c.rating === false; }).length;
        if (down) ctx.stat("Answers rated not helpful", fmt.number(down), "listed after the unanswered questions");
        if (st) ctx.stat("Conversations", fmt.number(st.total), "web " + fmt.number(st.web) + " · API " + fmt.number(st.api) + " · other " + fmt.number(st.other));
        var answered = convs.filter(function (c) { return c.resolutionStatus === "answered"; }).length;
        if (convs.length && !r[0].hasMore) ctx.stat("Answered", fmt.percent(answered / convs.length), fmt.number(convs.length - answered) + " unanswered");
        return [ctx.table({
          name: "assistant", label: "Conversations", rows: convs, empty: "No conversations in this range.",
          columns: [{ key: "timestamp", label: "Asked", format: fmt.time }, { key: "query", label: "Question" },
            { key: "resolutionStatus", label: "Result", format: badge(RESOLUTIONS, function (v) { return v === "answered" ? "ok" : "warn"; }) },
            { key: "rating", label: "Rating", format: function (h) { return h == null ? "" : badge({ true: "Helpful", false: "Not helpful" }, function (v) { return v ? "ok" : "warn"; })(h); },
              csv: function (h) { return h == null ? "" : h ? "helpful" : "not helpful"; } },
            { key: "pageUrl", label: "Asked on", optional: true },
            { key: "threadId", label: "Thread", cell: function (row) { return row.threadId ? threadButton(row.threadId, "Open thread of: " + row.query, transcript) : ""; } }],
        }), transcript];
      });
    },
  });

  /* ---- agents: AI platforms (route traffic, scope=agent), MCP tool calls, agents' searches, Markdown and llms.txt fetches (route agents;
     docs/analytics/agents.mdx) ---- */
  D.section({
    id: "agents", title: "Agents",
    intro: "AI agents reading the docs: which AI platforms fetched pages (by the name their User-Agent gives), and agents reading through the site's MCP server, llms.txt and the Markdown pages. Their fetches also count as AI page views in Traffic.",
    load: function (ctx) {
      return Promise.all([ctx.get("agents?limit=20&" + ctx.range), ctx.get("traffic?scope=agent&" + ctx.range)]).then(function (r) {
        var a = r[0], m = a.mcp, clientName = function (v) { return v === "" ? "Not sent" : v; };
        var platforms = r[1].agents.filter(function (x) { return x.class === "ai"; });
        var platformViews = platforms.reduce(function (s, x) { return s + x.views; }, 0);
        platforms = platforms.map(function (x) { return Object.assign({ share: x.views / platformViews }, x); });
        /* unavailable: calls the server could not serve yet (a search while the site was indexed), not the agents' errors */
        ctx.stat("MCP tool calls", fmt.number(m.calls), fmt.number(m.errors) + " errors · " + fmt.number(m.unavailable) + " unavailable · mean " + fmt.ms(m.avgDurationMs));
        /* the per-day charts: the five most called, the rest as one series */
        var byDay = function (rows, what, name) {
          var top = rows.slice(0, 5), rest = rows.slice(5);
          var series = top.map(function (r, i) { return { label: what(r.name), cls: "s" + (i + 1), value: function (d) { return r.daily[d.i] || 0; } }; });
          if (rest.length) series.push({ label: "Others", cls: "s6", value: function (d) { return rest.reduce(function (s, r) { return s + (r.daily[d.i] || 0); }, 0); } });
          if (!series.length) series.push({ label: "Calls", cls: "s1", value: function (d) { return d.calls; } });
          return ctx.chart({ name: "mcp-" + name, label: "MCP tool calls per day, by " + name, days: m.days.map(function (d, i) { return Object.assign({ i: i }, d); }), series: series });
        };
        var mcpCols = function (label, format) {
          return [{ key: "name", label: label, format: format, bar: "calls", wrap: true }, n("calls", "Calls"), n("errors", "Errors"), n("unavailable", "Unavailable"),
            { key: "avgDurationMs", label: "Mean duration", format: fmt.ms, num: true, csvLabel: "Mean duration (ms)" }];
        };
        /* a row per day and tool called that day */
        var daily = [];
        m.days.forEach(function (d, i) {
          m.tools.forEach(function (t) { if (t.daily[i]) daily.push({ date: d.date, tool: t.name, calls: t.daily[i] }); });
        });
        var q = [{ key: "query", label: "Query", bar: "searches" }, n("searches", "Searches"), n("noResults", "Found nothing"), n("mcp", "Through MCP"),
          { key: "lastSearchedAt", label: "Last searched", format: fmt.time }];
        /* AI platforms per day: the five with the most views, the rest as one series */
        var top = platforms.slice(0, 5), rest = platforms.slice(5);
        var platformSeries = top.map(function (x, i) { return { label: agentName(x.agent), cls: "s" + (i + 1), value: function (d) { return x.days[d.i].views; } }; });
        if (rest.length) platformSeries.push({ label: "Others", cls: "s6", value: function (d) { return rest.reduce(function (s, x) { return s + x.days[d.i].views; }, 0); } });
        return [
          el("div", { class: "charts ai-platforms" }, [ctx.table({
            name: "ai-platforms", label: "AI platforms", rows: platforms, empty: "No AI agent fetched a page in this range.",
            columns: [{ key: "agent", label: "Agent", format: agentName, bar: "views" }, n("views", "Page views"), n("pages", "Pages"),
              pct("share", "Share of AI agent views")],
          }), platforms.length ? ctx.chart({ name: "ai-platforms", label: "AI platform views per day", series: platformSeries,
            days: platforms[0].days.map(function (d, i) { return { date: d.date, i: i }; }) }) : null]),
          m.days.length ? el("div", { class: "charts" }, [byDay(m.tools, String, "tool"), byDay(m.clients, clientName, "client")]) : null,
          m.days.length ? el("details", {}, [el("summary", { text: "MCP tool calls per day as a table" }), ctx.table({
            name: "mcp-daily", label: "MCP tool calls per day and tool", rows: daily, empty: "No MCP tool calls in this range.",
            columns: [{ key: "date", label: "Day", format: function (d) { return fmt.day(d); } }, { key: "tool", label: "Tool" }, n("calls", "Calls")],
          })]) : null,
          el("div", { class: "charts" }, [
            ctx.table({ name: "mcp-tools", label: "MCP tools", rows: m.tools, empty: "No MCP tool calls in this range.", columns: mcpCols("Tool") }),
            ctx.table({ name: "mcp-clients", label: "MCP clients", rows: m.clients, empty: "No MCP clients in this range.", columns: mcpCols("Client", clientName) })]),
          ctx.table({ name: "agent-queries", label: "What agents searched", rows: a.queries, empty: "No agent searches in this range.", columns: q }),
          ctx.table({ name: "agent-no-results", label: "Agent searches that found nothing", rows: a.noResultQueries, empty: "Every agent search found something.", columns: q }),
          ctx.table({
            name: "agent-pages", label: "Pages fetched by agents", rows: a.pages, empty: "No Markdown or llms.txt fetches in this range.",
            columns: [{ key: "path", label: "Page", bar: "total" }, n("markdown", "As Markdown"), n("llms", "Fetches of llms.txt"), n("llmsFull", "Fetches of llms-full.txt"), n("total", "All fetches")],
          }),
        ];
      });
    },
  });

  D.section({
    id: "feedback", title: "Feedback",
    load: function (ctx) {
      var transcript = el("div", { class: "transcript-box", "aria-live": "polite" });
      return Promise.all([ctx.get("feedback?limit=100&" + ctx.range), ctx.get("feedback/daily?" + ctx.range)]).then(function (r) {
        var p = r[0], days = r[1].days, rows = p.feedback, rated = rows.filter(function (f) { return f.helpful != null; });
        ctx.stat("Feedback", fmt.number(rows.length) + (p.hasMore ? "+" : ""), rated.length ? fmt.percent(rated.filter(function (f) { return f.helpful; }).length / rated.length) + " helpful" : null);
        return [feedbackDays(ctx, days), ctx.table({
          name: "feedback", label: "Feedback", rows: rows, empty: "No feedback in this range.",
          columns: [{ key: "createdAt", label: "Received", format: fmt.time }, { key: "source", label: "Kind", format: fmt.label(SOURCES) },
            { key: "path", label: "Page" },
            { key: "helpful", label: "Rating", format: function (h) { return h == null ? "" : badge({ true: "Helpful", false: "Not helpful" }, function (v) { return v ? "ok" : "warn"; })(h); } },
            { key: "comment", label: "Comment", cell: comment },
            { key: "status", label: "Status", cell: statusSelect, csv: function (v) { return v; } },
            { key: "note", label: "Note", cell: noteEditor, csv: function (v) { return v || ""; } },
            { key: "threadId", label: "Thread", cell: function (row) {
              return row.threadId ? threadButton(row.threadId, "Open thread of the " + SOURCES[row.source].toLowerCase() + " received " + row.createdAt, transcript) : "";
            } }],
        }), transcript];
      });
    },
  });

  /* Feedback over time (route feedback/daily): a bar per day of the records received, stacked
     as rated helpful, rated not helpful and not rated (comments, code snippets, agents' reports),
     and every count per day, written ones too, as a table. */
  function feedbackDays(ctx, days) {
    if (!days.some(function (d) { return d.total; })) return null;
    var n = function (key, label) { return { key: key, label: label, format: fmt.number, num: true }; };
    return el("div", {}, [
      ctx.chart({ name: "feedback", label: "Feedback per day", days: days, series: [
        { label: "Helpful", cls: "s1", value: function (d) { return d.thumbsUp; } },
        { label: "Not helpful", cls: "s2", value: function (d) { return d.thumbsDown; } },
        { label: "Not rated", cls: "s3", value: function (d) { return d.total - d.thumbsUp - d.thumbsDown; } }] }),
      el("details", {}, [el("summary", { text: "Feedback per day as a table" }), ctx.table({
        name: "feedback-daily", label: "Feedback per day", rows: days,
        columns: [{ key: "date", label: "Day", format: function (d) { return fmt.day(d); } }, n("thumbsUp", "Rated helpful"), n("thumbsDown", "Rated not helpful"),
          n("written", "With a comment"), n("total", "All feedback")],
      })]),
    ]);
  }

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

  /* The team's internal note on a feedback record (never shown to readers): shown, and added,
     changed or cleared in place through the PATCH route. */
  function noteEditor(row) {
    var text = el("span", { class: "note", text: row.note || "" });
    var area = el("textarea", { "aria-label": "Internal note", rows: "3", maxlength: "10000" });
    var said = el("span", { role: "status", class: "muted" });
    var form = el("form", { class: "note-form", hidden: true }, [area, el("button", { type: "submit", class: "small", text: "Save note" })]);
    var label = function () { return (row.note ? "Edit note" : "Add note") + " on the feedback received " + row.createdAt; };
    var edit = el("button", { type: "button", class: "sec small", text: row.note ? "Edit note" : "Add note", "aria-label": label() });
    edit.addEventListener("click", function () { area.value = row.note || ""; form.hidden = false; edit.hidden = true; area.focus(); });
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      area.disabled = true;
      D.get("feedback/" + encodeURIComponent(row.id), { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ note: area.value }) })
        .then(function (u) {
          row.note = u.note || ""; text.textContent = row.note; form.hidden = true; edit.hidden = false;
          edit.textContent = row.note ? "Edit note" : "Add note"; edit.setAttribute("aria-label", label());
          said.className = "muted"; said.textContent = " saved";
        }, function (e) { said.className = "err"; said.textContent = " " + e.message; })
        .then(function () { area.disabled = false; });
    });
    return el("div", {}, [text, edit, form, said]);
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
