// Fills the printed pages of a quiz or its key. A question is never split across pages, so a
// paper that runs a little over its pages would print its last question alone on a page, the
// rest of the page empty. Before printing, the questions are laid out on A4 pages as the
// browser will print them (the screen layout has the printed width), and when the last page
// would hold a single question or be less than a third full, the diagrams are drawn smaller
// and the questions closer together (data-fit="1", "2", then "3") as long as that saves a
// page; if no size saves one, the open questions on the last page get answer lines to fill
// it. The pages found are written on the paper (data-pages, data-last-page-questions,
// data-last-page-fill) for tests.
(function () {
  "use strict";
  var paper = document.querySelector(".page.quiz");
  if (!paper) {
    return;
  }
  var PAGE_MM = 297 - 2 * 12; // A4 less the @page margins of style.css
  var probe = document.createElement("div");
  probe.style.cssText = "position:absolute;visibility:hidden;height:100mm;width:1px";
  document.body.appendChild(probe);
  var mm = probe.getBoundingClientRect().height / 100;
  document.body.removeChild(probe);
  var pageHeight = PAGE_MM * mm;

  // The blocks that move to a new page whole: the header, each section's start (its title
  // with its first question), every other question and the footer.
  function blocks() {
    return Array.prototype.slice.call(
      paper.querySelectorAll(
        ".sheet-header, .section-start, .quiz-section > .question, .quiz-section > .key-item, .quiz-footer"
      )
    );
  }

  function questionsIn(block) {
    if (block.matches(".question, .key-item")) {
      return [block];
    }
    return Array.prototype.slice.call(block.querySelectorAll(".question, .key-item"));
  }

  // The pages, each a list of blocks, and how full the last one is (0 to 1).
  function paginate() {
    var pages = [[]];
    var used = 0;
    var previous = null;
    blocks().forEach(function (block) {
      var box = block.getBoundingClientRect();
      var gap = previous === null ? 0 : Math.max(0, box.top - previous);
      if (used > 0 && used + gap + box.height > pageHeight + 0.5) {
        pages.push([]);
        used = box.height;
      } else {
        used += gap + box.height;
      }
      pages[pages.length - 1].push(block);
      previous = box.bottom;
    });
    return { pages: pages, last: used / pageHeight };
  }

  function lastQuestions(layout) {
    var last = layout.pages[layout.pages.length - 1];
    return last.reduce(function (n, block) {
      return n + questionsIn(block).length;
    }, 0);
  }

  function thin(layout) {
    return layout.pages.length > 1 && (lastQuestions(layout) < 2 || layout.last < 1 / 3);
  }

  var layout = paginate();
  if (thin(layout)) {
    var pages = layout.pages.length;
    var kept = null;
    ["1", "2", "3"].some(function (level) {
      paper.setAttribute("data-fit", level);
      var smaller = paginate();
      if (smaller.pages.length < pages) {
        kept = level;
        layout = smaller;
        return true;
      }
      return false;
    });
    if (kept === null) {
      paper.removeAttribute("data-fit");
      layout = paginate();
      // No size saves the page: the open questions on it get the rest of it to write on.
      var last = layout.pages[layout.pages.length - 1];
      var open = [];
      last.forEach(function (block) {
        questionsIn(block).forEach(function (q) {
          var lines = q.querySelector(".answer-lines");
          if (lines && lines.lastElementChild) {
            open.push(lines);
          }
        });
      });
      if (open.length > 0) {
        var rule = open[0].lastElementChild.getBoundingClientRect().height || 7.5 * mm;
        var spare = Math.floor(((1 - layout.last) * pageHeight - 8 * mm) / rule);
        var added = [];
        for (var i = 0; i < spare; i++) {
          var lines = open[i % open.length];
          added.push(lines.appendChild(lines.lastElementChild.cloneNode(false)));
        }
        var filled = paginate();
        if (filled.pages.length > layout.pages.length) {
          added.forEach(function (line) {
            line.parentNode.removeChild(line);
          });
        } else {
          layout = filled;
        }
      }
    }
  }
  paper.setAttribute("data-pages", String(layout.pages.length));
  paper.setAttribute("data-last-page-questions", String(lastQuestions(layout)));
  paper.setAttribute("data-last-page-fill", layout.last.toFixed(2));
})();
