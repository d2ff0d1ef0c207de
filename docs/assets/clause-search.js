// A clause ID such as SHELL-PEARL-1 is one word to a reader of the rules, but the search box's query
// parser (lunr's, inside mkdocs-material) always splits a query at its hyphens, so the box answers with
// every page that mentions "shell" or "pearl" (SHELL-PEARL-16 among them). When the query is a clause ID
// and some results hold that very ID, this keeps those results only: the ID is searched as one token.
(function () {
  "use strict";
  var CLAUSE_ID = /^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+$/;

  function holdsId(link, id) {
    var target = (link.getAttribute("href") || "").split("#")[1] || "";
    if (decodeURIComponent(target).toLowerCase() === id.toLowerCase()) return true;
    var escaped = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp("(^|[^A-Za-z0-9-])" + escaped + "(?![A-Za-z0-9-])", "i").test(link.textContent);
  }

  function narrow(list) {
    var input = document.querySelector(".md-search__input");
    var id = input ? input.value.trim() : "";
    var links = Array.prototype.slice.call(list.querySelectorAll("a.md-search-result__link"));
    var kept = CLAUSE_ID.test(id) ? links.filter(function (link) { return holdsId(link, id); }) : links;
    if (!kept.length) kept = links; // no result holds the ID itself: the search's own answer stands
    links.forEach(function (link) { link.hidden = kept.indexOf(link) < 0; });
    Array.prototype.forEach.call(list.children, function (item) {
      item.hidden = !item.querySelector("a.md-search-result__link:not([hidden])");
    });
    var meta = document.querySelector(".md-search-result__meta");
    if (meta && kept.length < links.length)
      meta.textContent = kept.length === 1 ? "1 matching document" : kept.length + " matching documents";
  }

  function watch() {
    var list = document.querySelector(".md-search-result__list");
    if (!list || list.dataset.clauseSearch) return;
    list.dataset.clauseSearch = "on";
    new MutationObserver(function () { narrow(list); }).observe(list, { childList: true, subtree: true });
    narrow(list);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
