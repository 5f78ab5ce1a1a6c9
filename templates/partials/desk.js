// The teacher's desk: browse and pick exercises, then make sheets, quizzes and practice pages
// from them and mark a class, through the desk's JSON API (/api/...). Every word shown comes
// from the page's table of words (desk-words); every error is a message in the tab it concerns.
(function () {
  "use strict";
  var W = JSON.parse(document.getElementById("desk-words").textContent);
  var LANG = document.documentElement.getAttribute("data-lang");
  var PICKS = "damtutor-desk-picks";
  var status = null;
  var picks = [];
  var offset = 0;
  var lastQuiz = null;

  function say(key, values) {
    var text = W[key] || key;
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(String(values[name]));
    });
    return text;
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "text") node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  // One request to the API: the JSON answer, or an Error with the server's message.
  function api(method, path, body) {
    var options = { method: method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(path, options).then(function (response) {
      return response.text().then(function (text) {
        var answer = null;
        try { answer = JSON.parse(text); } catch (e) { answer = null; }
        if (!response.ok) {
          throw new Error((answer && answer.error) || (response.status + " " + text));
        }
        return answer;
      });
    });
  }

  function query(values) {
    var parts = ["lang=" + LANG];
    Object.keys(values).forEach(function (name) {
      if (values[name] !== "" && values[name] !== undefined && values[name] !== null) {
        parts.push(name + "=" + encodeURIComponent(values[name]));
      }
    });
    return parts.join("&");
  }

  // ---- Tabs ----
  function showTab(name) {
    document.querySelectorAll(".tabs button").forEach(function (button) {
      button.setAttribute("aria-selected", button.getAttribute("data-tab") === name ? "true" : "false");
    });
    document.querySelectorAll("section.tab").forEach(function (section) {
      section.hidden = section.id !== "tab-" + name;
    });
    showPicks();
    // Marking against sets: those of the picked exercises, unless some are chosen already.
    var sets = document.getElementById("mark-form").elements.sets;
    if (name === "mark" && sets.selectedOptions.length === 0) {
      Array.prototype.forEach.call(sets.options, function (o) {
        o.selected = picks.some(function (p) { return p.set === o.value; });
      });
    }
  }
  document.querySelectorAll(".tabs button").forEach(function (button) {
    button.addEventListener("click", function () { showTab(button.getAttribute("data-tab")); });
  });

  // ---- Picks (kept in this browser, so that a reload keeps them) ----
  function loadPicks() {
    try { picks = JSON.parse(localStorage.getItem(PICKS) || "[]") || []; } catch (e) { picks = []; }
    if (!Array.isArray(picks)) picks = [];
  }
  function savePicks() {
    try { localStorage.setItem(PICKS, JSON.stringify(picks)); } catch (e) { /* private mode */ }
    showPicks();
  }
  function pickIndex(set, id) {
    for (var i = 0; i < picks.length; i++) if (picks[i].set === set && picks[i].id === id) return i;
    return -1;
  }
  function showPicks() {
    document.getElementById("picked-count").textContent = say("picked", { count: picks.length });
    document.querySelectorAll(".picked-list").forEach(function (list) {
      var ol = list.querySelector("ol");
      ol.textContent = "";
      picks.forEach(function (pick, i) {
        var remove = el("button", { type: "button", "class": "quiet", "aria-label": W.unpick, text: "×" });
        remove.addEventListener("click", function () { picks.splice(i, 1); savePicks(); markCards(); });
        ol.appendChild(el("li", {}, [document.createTextNode(pick.id + " · " + pick.title), remove]));
      });
      list.querySelector(".empty").hidden = picks.length > 0;
    });
    markCards();
  }
  function markCards() {
    document.querySelectorAll(".card").forEach(function (card) {
      var on = pickIndex(card.getAttribute("data-set"), card.getAttribute("data-id")) >= 0;
      card.classList.toggle("picked", on);
      var button = card.querySelector("button.pick");
      button.textContent = on ? W.unpick : W.pick;
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }
  document.getElementById("clear-picks").addEventListener("click", function () {
    picks = [];
    savePicks();
  });

  // ---- Browse ----
  var filters = document.getElementById("filters");
  function option(select, value, label) {
    select.appendChild(el("option", { value: value, text: label }));
  }
  function filterValues() {
    var values = {};
    ["game", "level", "motif", "set", "q"].forEach(function (name) { values[name] = filters.elements[name].value; });
    return values;
  }
  function browse(more) {
    if (!more) offset = 0;
    var values = filterValues();
    values.offset = offset;
    values.limit = 24;
    return api("GET", "/api/exercises?" + query(values)).then(function (answer) {
      var cards = document.getElementById("cards");
      if (!more) cards.textContent = "";
      answer.exercises.forEach(function (exercise) { cards.appendChild(card(exercise)); });
      offset += answer.exercises.length;
      document.getElementById("shown").textContent = answer.total === 0
        ? W.none_found : say("shown", { shown: offset, total: answer.total });
      document.getElementById("more").hidden = offset >= answer.total;
      markCards();
    }).catch(function (error) { showError(document.getElementById("tab-pick"), error); });
  }
  function card(exercise) {
    var node = el("article", { "class": "card", "data-set": exercise.set, "data-id": exercise.id });
    var board = el("div", { "class": "board" });
    board.innerHTML = exercise.svg; // the server's own SVG, every text in it escaped
    var title = exercise.title ? " " + exercise.title : "";
    node.appendChild(board);
    node.appendChild(el("div", { "class": "id", text: exercise.id + title }));
    node.appendChild(el("div", { "class": "caption", text: exercise.caption }));
    var meta = exercise.set_title;
    if (exercise.level) meta += " · " + say("level_n", { level: exercise.level });
    node.appendChild(el("div", { "class": "meta", text: meta }));
    if (exercise.source) node.appendChild(el("div", { "class": "meta", text: W.source + ": " + exercise.source }));
    var tags = el("div", { "class": "tags" });
    exercise.motifs.forEach(function (name) { tags.appendChild(el("span", { text: name })); });
    node.appendChild(tags);
    var pick = el("button", { type: "button", "class": "pick", text: W.pick });
    var solution = el("button", { type: "button", "class": "quiet solution", text: W.solution });
    node.appendChild(el("div", { "class": "row" }, [pick, solution]));
    var answer = el("div", { "class": "answer", hidden: "" });
    node.appendChild(answer);
    function toggle() {
      var i = pickIndex(exercise.set, exercise.id);
      if (i >= 0) picks.splice(i, 1);
      else picks.push({ set: exercise.set, id: exercise.id, title: exercise.caption, game: exercise.game });
      savePicks();
    }
    pick.addEventListener("click", toggle);
    board.addEventListener("click", toggle);
    solution.addEventListener("click", function () {
      if (!answer.hidden) { answer.hidden = true; solution.textContent = W.solution; return; }
      answer.hidden = false;
      solution.textContent = W.hide_solution;
      if (answer.getAttribute("data-loaded")) return;
      answer.textContent = W.working;
      api("GET", "/api/solution?" + query({ set: exercise.set, id: exercise.id })).then(function (found) {
        answer.textContent = "";
        answer.setAttribute("data-loaded", "1");
        var diagram = el("div", { "class": "board" });
        diagram.innerHTML = found.svg;
        answer.appendChild(diagram);
        found.lines.forEach(function (line) { answer.appendChild(el("p", { text: line })); });
        if (exercise.hint) answer.appendChild(el("p", { text: W.hint + ": " + exercise.hint }));
      }).catch(function (error) {
        answer.textContent = "";
        answer.appendChild(el("p", { "class": "error", role: "alert", text: error.message }));
      });
    });
    return node;
  }
  var typing = null;
  filters.addEventListener("input", function () {
    clearTimeout(typing);
    typing = setTimeout(function () { browse(false); }, 250);
  });
  filters.addEventListener("submit", function (event) { event.preventDefault(); });
  document.getElementById("more").addEventListener("click", function () { browse(true); });

  // ---- Results of the makers ----
  function outcome(section) { return section.querySelector(".outcome"); }
  function showError(section, error) {
    var box = outcome(section) || section;
    var old = box.querySelector(".error");
    if (old) old.remove();
    box.insertBefore(el("p", { "class": "error", role: "alert", text: W.error + ": " + error.message }), box.firstChild);
  }
  function busy(section, on) {
    section.querySelectorAll("button[data-make]").forEach(function (button) {
      button.disabled = on || (button.classList.contains("needs-pdf") && status && !status.pdf);
    });
    var box = outcome(section);
    if (on) {
      box.textContent = "";
      box.appendChild(el("p", { "class": "working", role: "status", text: W.working }));
    }
  }
  function showFiles(section, answer, preview) {
    var box = outcome(section);
    box.textContent = "";
    if (answer.summary) box.appendChild(el("p", { "class": "summary", text: answer.summary }));
    var links = el("p", { "class": "files" }, [el("strong", { text: W.files + ": " })]);
    answer.files.forEach(function (file) {
      if (/\.svg$/.test(file.name)) return;
      links.appendChild(el("a", { href: file.url + "?download=1", download: file.name, text: file.name }));
    });
    box.appendChild(links);
    var shown = answer.files.filter(function (f) { return /\.html$/.test(f.name) && (!preview || preview.test(f.name)); })[0];
    if (shown) box.appendChild(el("iframe", { "class": "preview", src: shown.url, title: W.preview }));
  }
  function picked() {
    return picks.map(function (pick) { return { set: pick.set, id: pick.id }; });
  }
  function number(form, name) {
    var value = form.elements[name].value.trim();
    return value === "" ? null : Number(value);
  }
  function text(form, name) {
    var value = form.elements[name].value.trim();
    return value === "" ? null : value;
  }

  // ---- Worksheet ----
  var worksheetTab = document.getElementById("tab-worksheet");
  var worksheetForm = document.getElementById("worksheet-form");
  worksheetTab.querySelectorAll("button[data-make]").forEach(function (button) {
    button.addEventListener("click", function () {
      var pdf = button.getAttribute("data-make") === "pdf";
      var form = worksheetForm;
      busy(worksheetTab, true);
      api("POST", "/api/worksheet", {
        lang: LANG,
        exercises: picked(),
        pdf: pdf,
        title: text(form, "title"),
        subtitle: text(form, "subtitle"),
        school: text(form, "school"),
        per_page: number(form, "per_page"),
        answers: form.elements.answers.value,
        versions: number(form, "versions"),
        hints: form.elements.hints.checked,
        numbers: form.elements.numbers.checked
      }).then(function (answer) { showFiles(worksheetTab, answer); })
        .catch(function (error) { outcome(worksheetTab).textContent = ""; showError(worksheetTab, error); })
        .then(function () { busy(worksheetTab, false); });
    });
  });

  // ---- Quiz ----
  var quizTab = document.getElementById("tab-quiz");
  var quizForm = document.getElementById("quiz-form");
  quizTab.querySelectorAll("button[data-make]").forEach(function (button) {
    button.addEventListener("click", function () {
      var form = quizForm;
      var games = Array.prototype.filter.call(form.querySelectorAll("input[name=game]"), function (b) { return b.checked; })
        .map(function (b) { return b.value; });
      var types = Array.prototype.filter.call(form.querySelectorAll("input[name=type]"), function (b) { return b.checked; })
        .map(function (b) { return b.value; });
      busy(quizTab, true);
      api("POST", "/api/quiz", {
        lang: LANG,
        games: games,
        total: number(form, "total"),
        count: number(form, "count"),
        types: types,
        versions: number(form, "versions"),
        number: number(form, "number"),
        title: text(form, "title"),
        fen_questions: form.elements.fen_questions.checked,
        pdf: button.getAttribute("data-make") === "pdf"
      }).then(function (answer) {
        showFiles(quizTab, answer, /^quiz(-A)?\.html$/);
        var key = answer.files.filter(function (f) { return /-key\.json$/.test(f.name); })[0];
        lastQuiz = key ? { url: key.url, summary: answer.summary } : null;
        var box = document.getElementById("mark-form").elements.last_quiz;
        box.disabled = !lastQuiz;
        box.checked = !!lastQuiz;
        document.querySelector("#mark-form .last-quiz").textContent = lastQuiz ? "(" + key.name + ")" : "";
      }).catch(function (error) { outcome(quizTab).textContent = ""; showError(quizTab, error); })
        .then(function () { busy(quizTab, false); });
    });
  });

  // ---- Practice page ----
  var practiceTab = document.getElementById("tab-practice");
  practiceTab.querySelector("button[data-make]").addEventListener("click", function () {
    busy(practiceTab, true);
    api("POST", "/api/practice", {
      lang: LANG,
      exercises: picked(),
      title: text(document.getElementById("practice-form"), "title")
    }).then(function (answer) { showFiles(practiceTab, answer); })
      .catch(function (error) { outcome(practiceTab).textContent = ""; showError(practiceTab, error); })
      .then(function () { busy(practiceTab, false); });
  });

  // ---- Marking ----
  var markTab = document.getElementById("tab-mark");
  var markForm = document.getElementById("mark-form");
  function base64(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  }
  function readFile(file) {
    return new Promise(function (resolve, reject) {
      var reader = new FileReader();
      reader.onload = function () { resolve({ name: file.name, data: base64(reader.result) }); };
      reader.onerror = function () { reject(reader.error); };
      reader.readAsArrayBuffer(file);
    });
  }
  function readText(file) {
    return new Promise(function (resolve, reject) {
      var reader = new FileReader();
      reader.onload = function () { resolve(reader.result); };
      reader.onerror = function () { reject(reader.error); };
      reader.readAsText(file);
    });
  }
  function keyText() {
    var file = markForm.elements.key_file.files[0];
    if (file) return readText(file);
    if (markForm.elements.last_quiz.checked && lastQuiz) {
      return fetch(lastQuiz.url).then(function (r) {
        if (!r.ok) throw new Error(W.file_gone);
        return r.text();
      });
    }
    return Promise.resolve(null);
  }
  markTab.querySelector("button[data-make]").addEventListener("click", function () {
    var byKey = markForm.elements.against.value === "key";
    var sets = Array.prototype.filter.call(markForm.elements.sets.options, function (o) { return o.selected; })
      .map(function (o) { return o.value; });
    var files = Array.prototype.slice.call(markForm.elements.answers.files);
    busy(markTab, true);
    Promise.all(files.map(readFile)).then(function (uploads) {
      return (byKey ? keyText() : Promise.resolve(null)).then(function (key) {
        return api("POST", "/api/mark", { lang: LANG, sets: byKey ? [] : sets, key: key, files: uploads });
      });
    }).then(function (answer) { showMarks(answer); })
      .catch(function (error) { outcome(markTab).textContent = ""; showError(markTab, error); })
      .then(function () { busy(markTab, false); });
  });
  function showMarks(answer) {
    var box = outcome(markTab);
    box.textContent = "";
    if (answer.problems.length) {
      var list = el("ul");
      answer.problems.forEach(function (p) { list.appendChild(el("li", { text: p })); });
      box.appendChild(el("div", { "class": "problems", role: "alert" }, [el("strong", { text: W.problems }), list]));
    }
    var url = function (name) {
      var file = answer.files.filter(function (f) { return f.name === name; })[0];
      return file ? file.url : "#";
    };
    var gradebook = answer.files.filter(function (f) { return /\.csv$/.test(f.name); })[0];
    if (gradebook) {
      box.appendChild(el("p", { "class": "files" }, [
        el("a", { href: gradebook.url + "?download=1", download: gradebook.name, text: W.gradebook })
      ]));
    }
    var head = el("tr", {}, [el("th", { text: W.student }), el("th", { text: W["class"] })]);
    answer.ids.forEach(function (id) { head.appendChild(el("th", { text: id })); });
    head.appendChild(el("th", { text: W.total }));
    head.appendChild(el("th", { text: W.report }));
    var table = el("table", { "class": "marks" }, [el("thead", {}, [head])]);
    var body = el("tbody");
    answer.students.forEach(function (student) {
      var row = el("tr", {}, [el("td", { "class": "name", text: student.student }), el("td", { text: student["class"] || "" })]);
      answer.ids.forEach(function (id) {
        var item = student.items.filter(function (i) { return i.id === id; })[0];
        if (!item) { row.appendChild(el("td", { text: "" })); return; }
        var kind = item.points === item.max ? "full" : (Number(item.points) === 0 ? "none" : "part");
        row.appendChild(el("td", { "class": kind, title: item.feedback, text: item.short + " " + item.points }));
      });
      row.appendChild(el("td", { text: student.total + " / " + student.max }));
      var link = el("a", { href: url(student.report), target: "_blank", rel: "noopener", text: W.open });
      row.appendChild(el("td", {}, [link]));
      body.appendChild(row);
    });
    table.appendChild(body);
    box.appendChild(table);
  }

  // ---- Start ----
  function fillChoices() {
    var game = filters.elements.game;
    status.games.forEach(function (g) { option(game, g.key, g.name); });
    status.levels.forEach(function (l) { option(filters.elements.level, l, say("level_n", { level: l })); });
    status.motifs.forEach(function (m) { option(filters.elements.motif, m.key, m.name); });
    status.sets.forEach(function (s) {
      option(filters.elements.set, s.name, s.title + " (" + s.count + ")");
      option(markForm.elements.sets, s.name, s.title + " (" + s.count + ")");
    });
    var games = quizForm.querySelector("fieldset.games");
    status.all_games.forEach(function (g, i) {
      games.appendChild(el("label", { "class": "check" }, [
        el("input", i === 0 ? { type: "checkbox", name: "game", value: g.key, checked: "" } : { type: "checkbox", name: "game", value: g.key }),
        document.createTextNode(" " + g.name)
      ]));
    });
    if (status.problems.length) {
      var box = document.getElementById("load-problems");
      // The first few: a folder of other YAML files would otherwise fill the page.
      status.problems.slice(0, 20).forEach(function (p) { box.querySelector("ul").appendChild(el("li", { text: p })); });
      if (status.problems.length > 20) {
        box.querySelector("ul").appendChild(el("li", { text: "… (" + status.problems.length + ")" }));
      }
      box.hidden = false;
    }
    if (!status.pdf) {
      document.querySelectorAll(".needs-pdf").forEach(function (button) {
        button.disabled = true;
        button.title = W.pdf_off;
      });
      [worksheetTab, quizTab].forEach(function (section) {
        section.querySelector(".options").appendChild(el("p", { "class": "working", text: W.pdf_off }));
      });
    }
  }
  loadPicks();
  showPicks();
  api("GET", "/api/status?" + query({})).then(function (answer) {
    status = answer;
    fillChoices();
    return browse(false);
  }).catch(function (error) { showError(document.getElementById("tab-pick"), error); });
})();
