/* sphinx_rfc: RFC index tables sortable by clicking a header and filterable
   by a text box.  Plain JavaScript, no dependencies; without JavaScript the
   tables are plain tables. */
(function () {
  "use strict";

  var zh = /^zh/i.test(document.documentElement.lang || "");
  var TEXT = zh
    ? { filter: "筛选 RFC…", label: "筛选 RFC", none: "没有匹配的 RFC。" }
    : { filter: "Filter RFCs…", label: "Filter RFCs", none: "No RFCs match." };
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

  function makeFilterable(box) {
    var input = document.createElement("input");
    input.type = "search";
    input.className = "rfc-index-filter";
    input.placeholder = TEXT.filter;
    input.setAttribute("aria-label", TEXT.label);
    var none = document.createElement("p");
    none.className = "rfc-index-empty";
    none.textContent = TEXT.none;
    none.hidden = true;
    box.insertBefore(input, box.firstChild);
    box.appendChild(none);
    input.addEventListener("input", function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var total = 0;
      each(box.querySelectorAll("table.rfc-table-index"), function (table) {
        var shown = 0;
        each(table.tBodies[0].rows, function (row) {
          var text = (row.textContent || "").toLowerCase();
          var hit = words.every(function (w) { return text.indexOf(w) !== -1; });
          row.hidden = !hit;
          shown += hit ? 1 : 0;
        });
        table.hidden = shown === 0;
        var title = table.previousElementSibling;
        if (title && title.classList.contains("rfc-index-group")) { title.hidden = shown === 0; }
        total += shown;
      });
      none.hidden = total !== 0;
    });
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
