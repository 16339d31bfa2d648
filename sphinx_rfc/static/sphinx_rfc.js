/* sphinx_rfc: RFC index tables sortable by clicking a header and filterable
   by a text box and by status, type and module drop-downs, the filters kept
   in the page's URL (docs/reference/navigation.md).  Plain JavaScript, no
   dependencies; without JavaScript the tables are plain tables. */
(function () {
  "use strict";

  var zh = /^zh/i.test(document.documentElement.lang || "");
  var TEXT = zh
    ? { filter: "筛选 RFC…", label: "筛选 RFC", none: "没有匹配的 RFC。",
        status: "状态", type: "类型", module: "模块", all: "全部",
        count: function (n, m) { return "显示 " + n + " / " + m + " 个 RFC"; } }
    : { filter: "Filter RFCs…", label: "Filter RFCs", none: "No RFCs match.",
        status: "Status", type: "Type", module: "Module", all: "All",
        count: function (n, m) { return n + " of " + m + (m === 1 ? " RFC" : " RFCs"); } };
  /* TEXT with the template's noun (ADR, KEP) where the index's data names
     one, [singular, plural] in the page's language (directives/index.py
     writes none for RFCs). */
  function withNoun(noun) {
    if (!noun || noun.length !== 2) { return TEXT; }
    var one = noun[0], many = noun[1], text = {};
    Object.keys(TEXT).forEach(function (key) { text[key] = TEXT[key]; });
    if (zh) {
      text.filter = "筛选 " + one + "…";
      text.label = "筛选 " + one;
      text.none = "没有匹配的 " + one + "。";
      text.count = function (n, m) { return "显示 " + n + " / " + m + " 个 " + one; };
    } else {
      text.filter = "Filter " + many + "…";
      text.label = "Filter " + many;
      text.none = "No " + many + " match.";
      text.count = function (n, m) { return n + " of " + m + " " + (m === 1 ? one : many); };
    }
    return text;
  }
  // the drop-downs, in the order they are shown; each is also its URL parameter
  var FILTERS = ["status", "type", "module"];
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };

  function cellText(row, col) {
    var cell = row.cells[col];
    return cell ? (cell.textContent || "").trim() : "";
  }

  function sortBy(table, th, col) {
    var ascending = th.getAttribute("aria-sort") !== "ascending";
    each(th.parentNode.cells, function (c) { c.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (row, i) { row.rfcOrder = i; });
    rows.sort(function (a, b) {
      var x = cellText(a, col), y = cellText(b, col);
      if (!x || !y) {  // empty cells last, whatever the direction
        return (!x - !y) || a.rfcOrder - b.rfcOrder;
      }
      return (ascending ? 1 : -1) * collator.compare(x, y) || a.rfcOrder - b.rfcOrder;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  function makeSortable(table) {
    if (!table.tHead || !table.tBodies.length) { return; }
    each(table.tHead.rows[0].cells, function (th, col) {
      th.classList.add("rfc-sortable");
      th.tabIndex = 0;
      th.addEventListener("click", function () { sortBy(table, th, col); });
      th.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          sortBy(table, th, col);
        }
      });
    });
  }

  function bodyRows(box) {
    var rows = [];
    each(box.querySelectorAll("table.rfc-table-index"), function (table) {
      each(table.tBodies[0].rows, function (row) { rows.push(row); });
    });
    return rows;
  }

  /* The index's data (directives/index.py writes it beside the tables): each
     row gets its own as row.rfc and as data-* attributes.  None if it is
     missing or does not fit the rows: then the text box alone filters. */
  function readData(box, rows) {
    var script = box.querySelector("script.rfc-index-data");
    var data;
    try { data = script ? JSON.parse(script.textContent) : null; } catch (e) { data = null; }
    if (!data || !data.rows || data.rows.length !== rows.length) { return null; }
    rows.forEach(function (row, i) {
      var d = data.rows[i];
      row.rfc = d;
      row.setAttribute("data-status", d.status);
      row.setAttribute("data-type", d.type);
      row.setAttribute("data-modules", d.modules.join(" "));
    });
    return data;
  }

  function matches(d, key, value) {
    if (!value) { return true; }
    return key === "module" ? d.modules.indexOf(value) !== -1 : d[key] === value;
  }

  function makeSelect(key, values) {
    var label = document.createElement("label");
    label.className = "rfc-index-select rfc-index-select-" + key;
    label.appendChild(document.createTextNode(TEXT[key] + " "));
    var select = document.createElement("select");
    select.name = key;
    [["", TEXT.all]].concat(values).forEach(function (pair) {
      var option = document.createElement("option");
      option.value = pair[0];
      option.textContent = pair[1];
      select.appendChild(option);
    });
    label.appendChild(select);
    return label;
  }

  /* An offered value of the select, from a URL parameter: exact, else
     case-insensitive; "" (all) for anything else. */
  function known(select, value) {
    var found = "";
    each(select.options, function (o) {
      if (!found && o.value && o.value === value) { found = o.value; }
    });
    each(select.options, function (o) {
      if (!found && o.value && o.value.toLowerCase() === value.toLowerCase()) { found = o.value; }
    });
    return found;
  }

  function makeFilterable(box) {
    var rows = bodyRows(box);
    var data = readData(box, rows);
    var text = withNoun(data && data.noun);
    var bar = document.createElement("div");
    bar.className = "rfc-index-filters";
    var input = document.createElement("input");
    input.type = "search";
    input.className = "rfc-index-filter";
    input.placeholder = text.filter;
    input.setAttribute("aria-label", text.label);
    bar.appendChild(input);
    // the drop-downs and the count: one wrapping row under the text box
    var choices = document.createElement("div");
    choices.className = "rfc-index-choices";
    var selects = {};
    if (data) {
      FILTERS.forEach(function (key) {
        var values = data.filters[key] || [];
        // offered only where choosing a value would hide a row
        var useful = values.some(function (v) {
          return rows.some(function (row) { return !matches(row.rfc, key, v[0]); });
        });
        if (useful) {
          var label = makeSelect(key, values);
          selects[key] = label.lastChild;
          choices.appendChild(label);
        }
      });
    }
    var count = document.createElement("p");
    count.className = "rfc-index-count";
    count.setAttribute("aria-live", "polite");
    if (data) {
      choices.appendChild(count);
      bar.appendChild(choices);
    }
    var none = document.createElement("p");
    none.className = "rfc-index-empty";
    none.textContent = text.none;
    none.hidden = true;
    box.insertBefore(bar, box.firstChild);
    box.appendChild(none);

    function apply() {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var chosen = {};
      FILTERS.forEach(function (key) { chosen[key] = selects[key] ? selects[key].value : ""; });
      var total = 0, seen = {}, shownIds = {}, all = 0, shownCount = 0;
      each(box.querySelectorAll("table.rfc-table-index"), function (table) {
        var shown = 0;
        each(table.tBodies[0].rows, function (row) {
          var text = (row.textContent || "").toLowerCase();
          var hit = words.every(function (w) { return text.indexOf(w) !== -1; }) &&
            (!row.rfc || FILTERS.every(function (key) { return matches(row.rfc, key, chosen[key]); }));
          row.hidden = !hit;
          shown += hit ? 1 : 0;
          // an RFC is in as many groups as it has modules: count it once
          if (row.rfc && !seen[row.rfc.id]) { seen[row.rfc.id] = true; all += 1; }
          if (hit && row.rfc && !shownIds[row.rfc.id]) { shownIds[row.rfc.id] = true; shownCount += 1; }
        });
        // Themes wrap tables (furo, pydata-sphinx-theme: in the HTML;
        // sphinx-rtd-theme: by its script, maybe after this one): hide the
        // table with its wrappers, and the group heading before them.
        var item = table;
        for (;;) {
          item.hidden = shown === 0;
          if (!item.parentElement || item.parentElement === box) { break; }
          item = item.parentElement;
        }
        var title = item.previousElementSibling;
        if (title && title.classList.contains("rfc-index-group")) { title.hidden = shown === 0; }
        total += shown;
      });
      none.hidden = total !== 0;
      count.textContent = text.count(shownCount, all);
    }

    /* The filters in the URL, without reloading: the index's own parameters
       set or removed, every other parameter and the #fragment kept. */
    function saveState() {
      var url;
      try { url = new URL(window.location.href); } catch (e) { return; }
      var put = function (name, value) {
        if (value) { url.searchParams.set(data.prefix + name, value); }
        else { url.searchParams.delete(data.prefix + name); }
      };
      put("q", input.value.trim());
      FILTERS.forEach(function (key) { put(key, selects[key] ? selects[key].value : ""); });
      try { window.history.replaceState(window.history.state, "", url.href); } catch (e) { /* */ }
    }

    function loadState() {
      var params = new URLSearchParams(window.location.search);
      var q = params.get(data.prefix + "q");
      if (q !== null) { input.value = q; }
      FILTERS.forEach(function (key) {
        var value = params.get(data.prefix + key);
        if (value !== null && selects[key]) { selects[key].value = known(selects[key], value); }
      });
    }

    var changed = function () { apply(); if (data) { saveState(); } };
    input.addEventListener("input", changed);
    FILTERS.forEach(function (key) {
      if (selects[key]) { selects[key].addEventListener("change", changed); }
    });
    if (data) { loadState(); }
    apply();
  }

  function init() {
    each(document.querySelectorAll(".rfc-index"), function (box) {
      if (box.querySelector("table.rfc-table-index")) { makeFilterable(box); }
      each(box.querySelectorAll("table.rfc-table-index"), makeSortable);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
