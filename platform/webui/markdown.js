/* Lectern Markdown: the subset of Markdown that assistant answers use, rendered as DOM nodes and
   never as HTML, so stored or streamed text cannot run script: paragraphs, # headings, > quotes
   (holding any block), ``` and ~~~ code fences (an unclosed one runs to the end, as while an
   answer streams), - * + and 1. lists, GitHub tables, `code`, [links](url), **bold**, *emphasis*
   and backslash escapes. A link is a link only for an http(s) URL or a relative one ("/a",
   "#b", "./c"), and only when opts.href(url) returns an address for it; otherwise its text alone
   is shown. One file for the widget (the server inlines it there) and the dashboard.
   lecternMarkdown({href: function (url) { return url; }, heading: 3, target: "_top"}) returns
   render(box, md); heading is the level of "#", target that of links. */
function lecternMarkdown(opts) {
  "use strict";
  opts = opts || {};
  var href = opts.href || function (u) { return u; }, top = opts.heading || 3;
  var FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/, QUOTE = /^ {0,3}>/, HEAD = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
  var ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(\s+|$)/, DELIM = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text != null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function render(box, md) {
    box.textContent = "";
    blocks(box, String(md == null ? "" : md).replace(/\r\n?/g, "\n").split("\n"));
    return box;
  }
  function startsBlock(l, next) {
    return FENCE.test(l) || QUOTE.test(l) || HEAD.test(l) || ITEM.test(l) || (l.indexOf("|") >= 0 && next != null && DELIM.test(next) && next.indexOf("|") >= 0);
  }
  function blocks(parent, lines) {
    var i = 0, para = [], m;
    var flush = function () { if (para.length) parent.appendChild(inline(el("p"), para.join("\n"))); para = []; };
    while (i < lines.length) {
      var l = lines[i];
      if (!l.trim()) { flush(); i++; continue; }
      if (para.length && !startsBlock(l, lines[i + 1])) { para.push(l); i++; continue; } /* a paragraph's next line */
      flush();
      if ((m = FENCE.exec(l))) i = code(parent, lines, i, m);
      else if (QUOTE.test(l)) i = quote(parent, lines, i);
      else if ((m = HEAD.exec(l))) { parent.appendChild(inline(el("h" + Math.min(6, top + m[1].length - 1)), m[2] || "")); i++; }
      else if (ITEM.test(l)) i = list(parent, lines, i);
      else if (l.indexOf("|") >= 0 && i + 1 < lines.length && DELIM.test(lines[i + 1]) && lines[i + 1].indexOf("|") >= 0) i = table(parent, lines, i);
      else { para.push(l); i++; }
    }
    flush();
  }
  function code(parent, lines, i, m) {
    var body = [], close = new RegExp("^ {0,3}" + m[1][0] + "{" + m[1].length + ",}\\s*$");
    for (i++; i < lines.length && !close.test(lines[i]); i++) body.push(lines[i]);
    var c = el("code", body.join("\n"));
    if (m[2]) c.className = "language-" + m[2];
    var pre = el("pre");
    pre.appendChild(c);
    parent.appendChild(pre);
    return i + 1;
  }
  function quote(parent, lines, i) {
    var q = [];
    for (; i < lines.length && (QUOTE.test(lines[i]) || (lines[i].trim() && q.length && q[q.length - 1].trim() && !startsBlock(lines[i], lines[i + 1]))); i++) {
      q.push(lines[i].replace(/^ {0,3}> ?/, ""));
    }
    var bq = el("blockquote");
    blocks(bq, q);
    parent.appendChild(bq);
    return i;
  }
  /* A list: items of one kind (ordered or not); an item's lines are those indented under its
     text, and lazy lines that carry on its paragraph. An item without blank lines is tight: its
     paragraphs are shown without <p>. */
  function list(parent, lines, i) {
    var first = ITEM.exec(lines[i]), ordered = /\d/.test(first[2]), box = el(ordered ? "ol" : "ul");
    if (ordered && parseInt(first[2], 10) !== 1) box.setAttribute("start", String(parseInt(first[2], 10)));
    var m;
    while (i < lines.length && (m = ITEM.exec(lines[i])) && /\d/.test(m[2]) === ordered) {
      var ind = m[0].length, item = [lines[i].slice(ind)];
      for (i++; i < lines.length; i++) {
        var l = lines[i], blank = !l.trim();
        if (blank && (i + 1 >= lines.length || indent(lines[i + 1]) < ind)) break;
        if (!blank && indent(l) < ind && (ITEM.test(l) || !item[item.length - 1].trim() || startsBlock(l, lines[i + 1]))) break;
        item.push(indent(l) >= ind ? l.slice(ind) : l.trim());
      }
      var li = el("li");
      blocks(li, item);
      if (item.every(function (x) { return x.trim(); })) unwrap(li);
      box.appendChild(li);
      while (i < lines.length && !lines[i].trim() && i + 1 < lines.length && ITEM.test(lines[i + 1])) i++; /* a loose list */
    }
    parent.appendChild(box);
    return i;
  }
  function unwrap(li) {
    [].slice.call(li.childNodes).forEach(function (p) {
      if (p.nodeName !== "P") return;
      while (p.firstChild) li.insertBefore(p.firstChild, p);
      li.removeChild(p);
    });
  }
  function indent(l) { return l.length - l.replace(/^ +/, "").length; }
  /* A GitHub table: a header row, the delimiter row (which sets each column's alignment), then
     rows up to a blank line or one without "|". A header of empty cells (an excerpt that began
     inside a table) is left out. It scrolls sideways in its own box when it is too wide. */
  function table(parent, lines, i) {
    var head = cells(lines[i]), align = cells(lines[i + 1]).map(function (c) {
      return /^:-+:$/.test(c) ? "c" : /-:$/.test(c) ? "r" : "";
    });
    var t = el("table"), row = function (cs, tag, into) {
      var tr = el("tr");
      for (var k = 0; k < head.length; k++) {
        var td = inline(el(tag), cs[k] || "");
        if (align[k]) td.className = align[k];
        if (tag === "th") td.setAttribute("scope", "col");
        tr.appendChild(td);
      }
      into.appendChild(tr);
    };
    if (head.some(function (c) { return c; })) { var th = el("thead"); row(head, "th", th); t.appendChild(th); }
    var tb = el("tbody");
    for (i += 2; i < lines.length && lines[i].trim() && lines[i].indexOf("|") >= 0; i++) row(cells(lines[i]), "td", tb);
    t.appendChild(tb);
    var wrap = el("div", null, "tw");
    wrap.appendChild(t);
    parent.appendChild(wrap);
    return i;
  }
  function cells(row) {
    var out = [], cur = "", s = row.trim().replace(/^\|/, "");
    for (var k = 0; k < s.length; k++) {
      if (s[k] === "\\" && s[k + 1] === "|") { cur += "\\|"; k++; }
      else if (s[k] === "|") { out.push(cur.trim()); cur = ""; }
      else cur += s[k];
    }
    if (cur.trim()) out.push(cur.trim());
    return out;
  }
  /* Inline: escapes, `code`, [text](url), **bold** and *emphasis* (or with _), as text nodes and
     elements. A table cell's "\|" is a pipe, in code too. */
  var INLINE = /\\([!-\/:-@[-`{-~])|(`+)([^`]|[^`][\s\S]*?[^`])\2(?!`)|\[((?:\\.|[^\\\]])*)\]\(\s*([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\s*\)|\*\*(?=\S)([\s\S]*?\S)\*\*|\b__(?=\S)([\s\S]*?\S)__\b|\*(?=[^\s*])([\s\S]*?[^\s*])\*|\b_(?=[^\s_])([\s\S]*?[^\s_])_\b/g;
  function inline(box, text) {
    var re = new RegExp(INLINE.source, "g"), last = 0, m;
    text = text.replace(/\\\|/g, "|");
    while ((m = re.exec(text))) {
      box.appendChild(document.createTextNode(text.slice(last, m.index)));
      if (m[1]) box.appendChild(document.createTextNode(m[1]));
      else if (m[2]) box.appendChild(el("code", m[3].length > 2 && m[3][0] === " " && m[3][m[3].length - 1] === " " ? m[3].slice(1, -1) : m[3]));
      else if (m[4] != null) box.appendChild(link(m[4], m[5]));
      else if (m[6] || m[7]) box.appendChild(inline(el("strong"), m[6] || m[7]));
      else box.appendChild(inline(el("em"), m[8] || m[9]));
      last = re.lastIndex;
    }
    box.appendChild(document.createTextNode(text.slice(last)));
    return box;
  }
  function link(text, url) {
    var safe = /^(https?:\/\/[^\s\/]|\/(?![\/\\])|#|\.\.?\/)/i.test(url) ? href(url) : "";
    if (!safe) return inline(el("span"), text);
    var a = inline(el("a"), text);
    a.setAttribute("href", safe);
    if (opts.target) a.setAttribute("target", opts.target);
    if (/^https?:/i.test(safe)) a.setAttribute("rel", "noopener noreferrer");
    return a;
  }
  return render;
}
