{% raw %}
// damtutor practice page. No rules engine here: every legal move of the solving side, judged,
// and every defender reply come from the solver's tree in #practice-data. The page only draws
// the board, plays the moves the tree describes, and keeps the student's progress.
(function () {
  'use strict';

  const DATA = JSON.parse(document.getElementById('practice-data').textContent);
  const WORDS = DATA.words;
  const BOARD = DATA.board;
  const SIZE = BOARD.squares.length;
  const STEP = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 170;
  const NUMERIC = BOARD.names.every((name) => /^\d+$/.test(name));

  // ---- words ---------------------------------------------------------------------------

  function say(key, values) {
    const text = WORDS[key] !== undefined ? WORDS[key] : key;
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      values && values[name] !== undefined ? String(values[name]) : whole);
  }
  function sideWord(side) { return WORDS[side]; }
  function otherSide(side) { return side === 'white' ? 'black' : 'white'; }
  function nameOf(square) { return BOARD.names[square - 1]; }
  function round2(x) { return Math.round(x * 100) / 100; }
  // Sentences one after the other (empty ones left out), spaced as the language spaces them.
  function sentences() {
    return Array.prototype.filter.call(arguments, (s) => s).join(DATA.lang === 'zh' ? '' : ' ');
  }
  function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }
  function list(texts) {
    const separator = WORDS.list_separator;
    return texts.length > 6 ? texts.slice(0, 6).join(separator) + separator + '…' : texts.join(separator);
  }

  // ---- moves and boards ----------------------------------------------------------------

  // A move of the tree: [from, to, captured, via, crowns, text, others], trailing defaults
  // left out; `others` are the landing squares of the capture's other routes.
  function move(a) {
    const captured = a[2] || [];
    return {
      from: a[0],
      to: a[1],
      captured: captured,
      via: a[3] || [],
      crowns: !!a[4],
      text: a[5] || nameOf(a[0]) + (captured.length ? 'x' : '-') + nameOf(a[1]),
      routes: [a[3] || []].concat(a[6] || []),
    };
  }
  function fullText(m) {
    return [m.from].concat(m.via, [m.to]).map(nameOf).join(m.captured.length ? 'x' : '-');
  }
  function colorOf(piece) {
    if (piece === 'w' || piece === 'W') return 'white';
    if (piece === 'b' || piece === 'B') return 'black';
    return null;
  }
  function isKing(piece) { return piece === 'W' || piece === 'B'; }
  function apply(board, m) {
    const piece = board[m.from];
    board[m.from] = '.';
    m.captured.forEach((square) => { board[square] = '.'; });
    board[m.to] = m.crowns ? piece.toUpperCase() : piece;
  }
  // The line in notation, numbered as in the answer key: "1. 43-38 47x32 2. 28x37".
  function numbered(moves, firstSide) {
    const out = [];
    let number = 1;
    let white = firstSide === 'white';
    moves.forEach((m, i) => {
      if (white) out.push(number + '. ' + m.text);
      else if (i === 0) out.push(number + '... ' + m.text);
      else out.push(m.text);
      if (!white) number += 1;
      white = !white;
    });
    return out.join(' ');
  }
  function inOrder(wanted, route) {
    let at = 0;
    return wanted.every((square) => {
      while (at < route.length && route[at] !== square) at += 1;
      return at++ < route.length;
    });
  }
  // Squares named in typed text: "32-28", "28x19x8", "３２－２８".
  function typedSquares(text) {
    const plain = text.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xFEE0));
    if (NUMERIC) {
      return (plain.match(/\d+/g) || []).map(Number).filter((n) => n >= 1 && n <= SIZE);
    }
    const names = BOARD.names.slice().sort((a, b) => b.length - a.length);
    const pattern = new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
    return (plain.match(pattern) || []).map((found) => BOARD.names.indexOf(found.toLowerCase()) + 1).filter((n) => n > 0);
  }

  // ---- storage -------------------------------------------------------------------------

  // Several tabs of one page share one stored state. Each exercise's record carries the time
  // of its last change (`updated`) and of a solve given up on purpose (`cleared`); before every
  // save, and whenever another tab saves (the `storage` event), the stored records are merged
  // in: per exercise the newest one, except that a solve is never lost to an older tab's state
  // (only to a confirmed "Start again" or "Take back" made after it). "New student" stamps the
  // page (`reset`): records older than that are gone in every tab.
  const STORE_KEY = 'damtutor-practice:' + DATA.page;
  let storing = true;
  let clock = 0;
  // A time stamp that never repeats within this tab.
  function stamp() {
    clock = Math.max(clock + 1, Date.now());
    return clock;
  }
  function readStore() {
    try {
      const value = JSON.parse(window.localStorage.getItem(STORE_KEY) || '{}');
      return value && typeof value === 'object' ? value : {};
    } catch (e) {
      storing = false;
      return {};
    }
  }
  const stored = readStore();
  // The student, page-wide: the name and class, when they last changed, the last reset.
  const student = {
    name: typeof stored.name === 'string' ? stored.name : '',
    class: typeof stored.class === 'string' ? stored.class : '',
    updated: Number(stored.updated) || 0,
    reset: Number(stored.reset) || 0,
  };
  function solvedBy(ex, record) {
    const at = record && Array.isArray(record.path) ? ex.walk(record.path) : null;
    return !!(at && at.end);
  }
  // The record of `ex` to keep of two (either may be null): the newest, but never losing a solve.
  function keep(ex, mine, theirs, reset) {
    const alive = (r) => (r && (Number(r.updated) || 0) >= reset ? r : null);
    const a = alive(mine);
    const b = alive(theirs);
    if (!a || !b) return a || b;
    let pick = (Number(b.updated) || 0) > (Number(a.updated) || 0) ? b : a;
    const other = pick === a ? b : a;
    if (!solvedBy(ex, pick) && solvedBy(ex, other) && (Number(other.updated) || 0) > (Number(pick.cleared) || 0)) {
      pick = other;
    }
    return pick;
  }
  // Takes in what other tabs stored.
  function merge() {
    if (!storing) return;
    const theirs = readStore();
    student.reset = Math.max(student.reset, Number(theirs.reset) || 0);
    if ((Number(theirs.updated) || 0) > student.updated) {
      student.name = typeof theirs.name === 'string' ? theirs.name : '';
      student.class = typeof theirs.class === 'string' ? theirs.class : '';
      student.updated = Number(theirs.updated);
    }
    if (student.updated < student.reset) {
      student.name = '';
      student.class = '';
    }
    if (nameInput.value !== student.name) nameInput.value = student.name;
    if (classInput.value !== student.class) classInput.value = student.class;
    const records = theirs.exercises && typeof theirs.exercises === 'object' ? theirs.exercises : {};
    exercises.forEach((ex) => {
      if (ex.busy) return;
      const mine = ex.record();
      const chosen = keep(ex, mine, records[ex.data.id], student.reset);
      if (JSON.stringify(chosen) === JSON.stringify(mine)) return;
      ex.restore(chosen);
      ex.refresh();
      ex.greet();
    });
    updateTotals();
  }
  function saveAll() {
    if (!storing) return;
    merge();
    const state = {
      name: student.name,
      class: student.class,
      updated: student.updated,
      reset: student.reset,
      current: current ? current.data.id : null,
      defence: defenceBox.checked,
      projector: document.body.classList.contains('projector'),
      exercises: {},
    };
    // Every record (one older than the last reset counts as empty wherever it is read).
    exercises.forEach((ex) => { state.exercises[ex.data.id] = ex.record(); });
    try {
      window.localStorage.setItem(STORE_KEY, JSON.stringify(state));
    } catch (e) {
      storing = false;
      document.getElementById('storage-note').hidden = false;
    }
  }

  // ---- one exercise --------------------------------------------------------------------

  class Exercise {
    constructor(data, section) {
      this.data = data;
      this.section = section;
      this.side = data.side;
      this.path = [];      // indices from the root: a move of the solving side, a reply, ...
      this.hints = 0;
      this.hintText = false;
      this.hinted = [];    // the turns (paths, as "0,1,2") at which the square hint was bought
      this.wrong = [];     // wrong tries, each as the line ending with the wrong move
      this.started = null;
      this.last = null;
      this.finished = null;
      this.updated = 0;    // when the record last changed (see `stamp`)
      this.cleared = 0;    // when a solve was given up on purpose
      this.pending = null; // a wrong move being shown, with its refutation
      this.partial = null; // a capture tapped landing by landing: {from, landed}
      this.selected = null;
      this.setBusy(false);
      this.pieces = new Map();
      this.build();
    }

    // The position after `path`: the board, the turn of the solving side (null when waiting
    // for a reply or finished), the move awaiting a reply, the ending, the moves played.
    walk(path) {
      const steps = path || this.path;
      const board = [null].concat(this.data.pieces.split(''));
      let turn = this.data.tree;
      let choice = null;
      let end = null;
      let key = false;
      const moves = [];
      for (let i = 0; i < steps.length; i += 1) {
        if (end) return null;
        if (i % 2 === 0) {
          choice = turn && turn.m[steps[i]];
          if (!choice || choice.v === 'w' || (!choice.e && !choice.r)) return null;
          const m = move(choice.m);
          apply(board, m);
          moves.push(m);
          if (i === 0) key = !!choice.k;
          turn = null;
          if (choice.e) end = choice.e;
        } else {
          const answer = choice && choice.r && choice.r[steps[i]];
          if (!answer) return null;
          const m = move(answer.m);
          apply(board, m);
          moves.push(m);
          choice = null;
          if (answer.e) end = answer.e;
          else turn = answer.n;
        }
      }
      return { board, turn, choice: end ? null : choice, end, moves, key };
    }

    state() {
      if (this.walk().end) return 'solved';
      return this.path.length || this.wrong.length || this.hints ? 'solving' : 'todo';
    }

    // What the moves earn, less what hints and wrong tries cost: as `damtutor check` marks it.
    points() {
      const scoring = this.data.scoring;
      const at = this.walk();
      let earned = 0;
      if (at.end === 'c') earned = 1;
      else if (at.end === 'a') earned = scoring.alternative;
      else if (this.path.length && at.key) earned = scoring.incomplete;
      const penalty = this.hints * scoring.hint + this.wrong.length * scoring.wrong;
      return round2(scoring.points * Math.max(0, earned - penalty));
    }

    verdict() {
      const at = this.walk();
      if (at.end === 'c') return 'correct';
      if (at.end === 'a') return 'alternative';
      return this.path.length ? 'incomplete' : 'missing';
    }

    record() {
      return {
        path: this.path.slice(), hints: this.hints, hintText: this.hintText, hinted: this.hinted.slice(),
        wrong: this.wrong.slice(), started: this.started, last: this.last, finished: this.finished,
        updated: this.updated, cleared: this.cleared,
      };
    }

    // Back to the start, with nothing recorded.
    clear() {
      this.path = [];
      this.hints = 0;
      this.hintText = false;
      this.hinted = [];
      this.wrong = [];
      this.started = null;
      this.last = null;
      this.finished = null;
      this.updated = 0;
      this.cleared = 0;
      this.pending = null;
      this.partial = null;
      this.selected = null;
    }

    restore(saved) {
      this.clear();
      if (!saved || !Array.isArray(saved.path)) return;
      if (this.walk(saved.path)) this.path = saved.path.slice();
      this.hints = Math.max(0, saved.hints | 0);
      this.hintText = !!saved.hintText;
      this.hinted = Array.isArray(saved.hinted) ? saved.hinted.filter((k) => typeof k === 'string') : [];
      this.wrong = Array.isArray(saved.wrong) ? saved.wrong.filter((w) => typeof w === 'string') : [];
      this.started = saved.started || null;
      this.last = saved.last || null;
      this.finished = this.walk().end ? saved.finished || null : null;
      this.updated = Number(saved.updated) || 0;
      this.cleared = Number(saved.cleared) || 0;
    }

    // The record changed.
    changed() { this.updated = stamp(); }

    // -- the board --

    build() {
      const board = document.createElement('div');
      board.className = 'board';
      board.setAttribute('role', 'group');
      board.setAttribute('aria-label', say('board_label', { number: this.data.number }));
      board.style.gridTemplateColumns = 'repeat(' + BOARD.columns + ', 1fr)';
      board.style.gridTemplateRows = 'repeat(' + BOARD.rows + ', 1fr)';
      const at = new Map();
      BOARD.squares.forEach((rc, i) => at.set(rc[0] * BOARD.columns + rc[1], i + 1));
      this.squares = [null];
      for (let row = 0; row < BOARD.rows; row += 1) {
        for (let column = 0; column < BOARD.columns; column += 1) {
          const square = at.get(row * BOARD.columns + column);
          if (!square) {
            const light = document.createElement('div');
            light.className = 'light';
            light.setAttribute('aria-hidden', 'true');
            board.appendChild(light);
            continue;
          }
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'square';
          button.dataset.square = String(square);
          button.tabIndex = -1;
          const name = document.createElement('span');
          name.className = 'name';
          name.textContent = nameOf(square);
          name.setAttribute('aria-hidden', 'true');
          button.appendChild(name);
          board.appendChild(button);
          this.squares[square] = button;
        }
      }
      this.layer = document.createElement('div');
      this.layer.className = 'pieces';
      this.layer.setAttribute('aria-hidden', 'true');
      board.appendChild(this.layer);
      this.board = board;
      this.section.querySelector('.board-box').appendChild(board);
      this.squares[1].tabIndex = 0;
      board.addEventListener('click', (event) => {
        const button = event.target.closest('.square');
        if (!button) return;
        if (this.dragged) { this.dragged = false; return; }
        this.focusSquare(Number(button.dataset.square), false);
        this.onSquare(Number(button.dataset.square));
      });
      board.addEventListener('keydown', (event) => this.onKey(event));
      board.addEventListener('pointerdown', (event) => this.onPointerDown(event));
      this.section.querySelector('.move-form').addEventListener('submit', (event) => {
        event.preventDefault();
        const input = event.target.elements.move;
        this.onTyped(input.value);
        input.value = '';
      });
      this.section.querySelectorAll('[data-action]').forEach((button) => {
        button.addEventListener('click', () => this.onAction(button.dataset.action));
      });
      this.feedbackEl = this.section.querySelector('.feedback');
      this.choicesEl = this.section.querySelector('.choices');
    }

    place(element, square) {
      const rc = BOARD.squares[square - 1];
      element.style.left = (rc[1] * 100) / BOARD.columns + '%';
      element.style.top = (rc[0] * 100) / BOARD.rows + '%';
    }

    pieceElement(square, piece) {
      const element = document.createElement('span');
      element.className = 'piece';
      element.style.width = 100 / BOARD.columns + '%';
      element.style.height = 100 / BOARD.rows + '%';
      this.dress(element, piece);
      this.place(element, square);
      return element;
    }

    dress(element, piece) {
      const colour = colorOf(piece) === 'white' ? 'w' : 'b';
      element.dataset.piece = piece;
      element.innerHTML = '<svg viewBox="0 0 100 100"><use href="#piece-' + colour + '"/>' +
        (isKing(piece) ? '<use href="#crown-' + colour + '"/>' : '') + '</svg>';
    }

    // Draws `board` as it is, and says what stands on each square.
    draw(board) {
      this.layer.textContent = '';
      this.pieces = new Map();
      for (let square = 1; square <= SIZE; square += 1) {
        const piece = board[square];
        const button = this.squares[square];
        button.classList.toggle('occupied', !!piece && piece !== '.');
        if (piece && piece !== '.') {
          const element = this.pieceElement(square, piece);
          this.layer.appendChild(element);
          this.pieces.set(square, element);
          const role = isKing(piece) ? 'king' : 'man';
          button.setAttribute('aria-label', say('square_piece', {
            square: nameOf(square), piece: WORDS[colorOf(piece) + '_' + role],
          }));
        } else {
          button.setAttribute('aria-label', say('square', { square: nameOf(square) }));
        }
      }
    }

    async animate(m) {
      const element = this.pieces.get(m.from);
      if (!element || !STEP) return;
      for (const square of m.via.concat([m.to])) {
        this.place(element, square);
        await sleep(STEP);
      }
      m.captured.forEach((square) => {
        const taken = this.pieces.get(square);
        if (taken) taken.classList.add('gone');
      });
      if (m.crowns) this.dress(element, element.dataset.piece.toUpperCase());
      if (m.captured.length) await sleep(STEP);
    }

    mark(squares, name) {
      this.squares.forEach((button, square) => {
        if (button) button.classList.toggle(name, squares.indexOf(square) >= 0);
      });
    }

    // -- what the student does --

    onSquare(square) {
      if (this.busy) return;
      if (this.pending) this.dropPending();
      const at = this.walk();
      if (at.end) return;
      if (this.partial) { this.continueCapture(square, at); return; }
      if (at.choice) { this.onDefenceSquare(square, at); return; }
      const piece = at.board[square];
      if (colorOf(piece) === this.side) {
        this.select(this.selected === square ? null : square);
        if (this.selected) this.say(say('selected', { square: nameOf(square) }));
        return;
      }
      if (this.selected === null) {
        this.say(say('select', { side: sideWord(this.side) }));
        return;
      }
      this.attempt(this.selected, square, []);
    }

    onTyped(text) {
      if (this.busy) return;
      if (this.pending) this.dropPending();
      const squares = typedSquares(text);
      const at = this.walk();
      if (at.end) return;
      if (squares.length < 2) {
        this.say(say('select', { side: sideWord(at.choice ? otherSide(this.side) : this.side) }));
        return;
      }
      const from = squares[0];
      const to = squares[squares.length - 1];
      const via = squares.slice(1, -1);
      if (at.choice) { this.defenceMove(at, from, to, via); return; }
      if (colorOf(at.board[from]) !== this.side) {
        this.say(say('select', { side: sideWord(this.side) }));
        return;
      }
      this.attempt(from, to, via);
    }

    select(square) {
      this.selected = square;
      this.mark(square ? [square] : [], 'selected');
    }

    // The candidates among `options` (moves of the tree) from `from` to `to` through `via`.
    matching(options, from, to, via) {
      let found = [];
      options.forEach((option, index) => {
        const m = move(option.m);
        if (m.from === from && m.to === to) found.push({ index, m });
      });
      if (via.length && found.length > 1) found = found.filter((c) => c.m.routes.some((route) => inOrder(via, route)));
      return found;
    }

    // The moves to choose from now: the solving side's, or the defender's replies.
    options(at) { return at.choice ? at.choice.r : at.turn.m; }

    // The landing squares tapped so far (`landed`) of a capture from `from`: when they are a
    // whole route, the capture is played; when they begin one or more, the piece waits on the
    // last (true); otherwise false.
    routeStep(at, from, landed) {
      const routes = [];
      this.options(at).forEach((option, index) => {
        const m = move(option.m);
        if (m.from === from && m.captured.length) {
          m.routes.forEach((via) => routes.push({ index, m, route: via.concat([m.to]) }));
        }
      });
      const begun = routes.filter((r) => landed.every((square, i) => r.route[i] === square));
      if (!begun.length) return false;
      const whole = begun.filter((r) => r.route.length === landed.length);
      if (whole.length && whole.length === begun.length) {
        this.cancelPartial();
        this.playChosen(at, whole, landed[landed.length - 1]);
        return true;
      }
      this.partial = { from, landed, whole };
      const element = this.pieces.get(from);
      if (element) this.place(element, landed[landed.length - 1]);
      // The piece waits there: a finger on it drags it on.
      landed.forEach((square, i) => this.squares[square].classList.toggle('occupied', i === landed.length - 1));
      this.mark(landed, 'route');
      this.mark([landed[landed.length - 1]], 'selected');
      this.setFeedback('', say('go_on', { square: nameOf(landed[landed.length - 1]) }));
      return true;
    }

    // One of `found` (candidates {index, m}), played as the student's move or the defender's.
    playChosen(at, found, to) {
      if (at.choice) {
        const go = (index) => this.playReply(index);
        if (found.length > 1) this.askWhich(found, to, go); else go(found[0].index);
        return;
      }
      if (found.length > 1) this.askWhich(found, to, (index) => this.play(index));
      else this.play(found[0].index);
    }

    // The next square tapped while a capture waits halfway.
    continueCapture(square, at) {
      const partial = this.partial;
      const here = partial.landed[partial.landed.length - 1];
      if (square === here) {
        // Tapped again where it stands: the capture ends here, if one does.
        if (partial.whole.length) {
          this.cancelPartial();
          this.playChosen(at, partial.whole, here);
        }
        return;
      }
      if (this.routeStep(at, partial.from, partial.landed.concat([square]))) return;
      // Back on the start square, where no route comes back: the capture is dropped.
      if (square === partial.from) { this.cancelPartial(); return; }
      // Not a landing square that goes on from here: the move as far as written, or its rule.
      this.cancelPartial();
      const via = partial.landed;
      if (at.choice) this.defenceMove(at, partial.from, square, via);
      else this.attempt(partial.from, square, via);
    }

    cancelPartial() {
      if (!this.partial) return;
      this.partial = null;
      this.draw(this.walk().board);
      this.mark([], 'route');
      this.select(null);
    }

    attempt(from, to, via) {
      const at = this.walk();
      if (!via.length && this.routeStep(at, from, [to])) return;
      const found = this.matching(at.turn.m, from, to, via);
      if (!found.length) { this.illegal(at.turn.m, at.turn.c || 0, at.turn.s || [], at.board, from, to); return; }
      if (found.length > 1) { this.askWhich(found, to, (index) => this.play(index)); return; }
      this.play(found[0].index);
    }

    // The rule a move breaks: the page knows the legal moves, so it names the one rule.
    illegal(options, capture, shorter, board, from, to) {
      this.select(null);
      const texts = options.map((o) => move(o.m).text);
      let text;
      const short = shorter.find((s) => s[0] === from && s[1] === to);
      if (capture > 0 && short) {
        text = say('rule_majority', {
          count: capture, moves: list(texts), move: nameOf(from) + 'x' + nameOf(to), taken: short[2],
        });
      } else if (capture > 0) {
        text = say('rule_capture', { moves: list(texts) });
      } else if (board[to] !== '.' && to !== from) {
        text = say('rule_occupied', { square: nameOf(to) });
      } else {
        text = say(isKing(board[from]) ? 'rule_king' : 'rule_man');
      }
      this.setFeedback('illegal', text);
    }

    askWhich(found, to, then) {
      this.choicesEl.textContent = '';
      this.say(say('which', { square: nameOf(to) }));
      found.forEach((candidate) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = fullText(candidate.m);
        button.addEventListener('click', () => {
          this.choicesEl.hidden = true;
          this.choicesEl.textContent = '';
          then(candidate.index);
        });
        this.choicesEl.appendChild(button);
      });
      this.choicesEl.hidden = false;
      this.choicesEl.querySelector('button').focus();
    }

    touch() {
      const now = new Date().toISOString();
      if (!this.started) this.started = now;
      this.last = now;
      this.changed();
    }

    reasonText(choice, m) {
      const refutation = (choice.f || []).map(move);
      const texts = refutation.map((r) => r.text);
      const answer = texts.length > 1
        ? say('answer_then', { first: texts[0], rest: texts.slice(1).join(' ') }) : texts[0] || '';
      const reason = choice.y || 'escapes';
      const values = {
        move: m.text, answer: answer, side: sideWord(this.side), opponent: sideWord(otherSide(this.side)),
        goal: this.data.goal_words,
      };
      const loses = /^loses(_kings)?:(\d+)$/.exec(reason);
      if (loses) {
        values.count = Number(loses[2]);
        if (loses[1]) return say('wrong_loses_kings', values);
        return say(values.count === 1 ? 'wrong_loses_one' : 'wrong_loses', values);
      }
      if (reason === 'crowns') return say('wrong_crowns', values);
      if (reason === 'no_goal') return say('wrong_no_goal', values);
      return say('wrong_escapes', values);
    }

    async play(index) {
      this.select(null);
      this.clearHint();
      const at = this.walk();
      const choice = at.turn.m[index];
      const m = move(choice.m);
      if (choice.v === 'w') {
        this.touch();
        this.wrong.push(numbered(at.moves.concat([m]), this.side));
        this.pending = { index };
        this.setFeedback('wrong', sentences(this.reasonText(choice, m), say('try_again')));
        this.setBusy(true);
        const board = at.board.slice();
        await this.animate(m);
        apply(board, m);
        this.draw(board);
        this.mark([m.from, m.to], 'wrong');
        for (const r of (choice.f || []).map(move)) {
          await sleep(STEP * 2);
          await this.animate(r);
          apply(board, r);
          this.draw(board);
        }
        this.setBusy(false);
        this.update();
        saveAll();
        return;
      }
      if (!choice.e && !choice.r) {
        this.setFeedback('alternative', say('unfollowed', { move: m.text }));
        return;
      }
      this.touch();
      this.path.push(index);
      const kind = choice.v === 'c' ? 'correct' : 'alternative';
      const said = say(kind, { move: m.text });
      this.setFeedback(kind, said);
      this.setBusy(true);
      await this.animate(m);
      this.refresh();
      if (choice.e) {
        this.finish(said);
      } else if (defenceBox.checked) {
        this.say(sentences(said, say('choose_reply', { side: sideWord(otherSide(this.side)) })));
      } else {
        await sleep(STEP * 2);
        await this.reply(0, said);
      }
      this.setBusy(false);
      this.update();
      saveAll();
    }

    async reply(index, said) {
      const at = this.walk();
      const answer = at.choice.r[index];
      const m = move(answer.m);
      this.path.push(index);
      this.changed();
      await this.animate(m);
      this.refresh();
      const text = sentences(said, say('reply', { side: sideWord(otherSide(this.side)), move: m.text }));
      if (answer.e) this.finish(text);
      else this.say(sentences(text, say('to_move', { side: sideWord(this.side) })));
    }

    finish(said) {
      this.touch();
      this.finished = this.last;
      const at = this.walk();
      const solved = at.end === 'c'
        ? say('solved', { line: numbered(at.moves, this.side) })
        : say('solved_alternative', { line: this.data.line });
      this.say(sentences(said, solved));
    }

    // The defender's reply chosen on the board (with "I play the defence").
    onDefenceSquare(square, at) {
      const defender = otherSide(this.side);
      if (colorOf(at.board[square]) === defender) {
        this.select(this.selected === square ? null : square);
        return;
      }
      if (this.selected === null) {
        this.say(say('choose_reply', { side: sideWord(defender) }));
        return;
      }
      this.defenceMove(at, this.selected, square, []);
    }

    async playReply(index) {
      this.select(null);
      this.setBusy(true);
      await this.reply(index, '');
      this.setBusy(false);
      this.update();
      saveAll();
    }

    defenceMove(at, from, to, via) {
      const replies = at.choice.r;
      if (!via.length && this.routeStep(at, from, [to])) return;
      const found = this.matching(replies, from, to, via);
      const go = (index) => this.playReply(index);
      if (!found.length) {
        const captures = replies.map((r) => move(r.m)).filter((r) => r.captured.length);
        const most = captures.reduce((n, r) => Math.max(n, r.captured.length), 0);
        this.illegal(replies, most, [], at.board, from, to);
        return;
      }
      if (found.length > 1) { this.askWhich(found, to, go); return; }
      go(found[0].index);
    }

    dropPending() {
      this.pending = null;
      this.mark([], 'wrong');
      this.refresh();
    }

    async onAction(action) {
      if (action === 'previous' || action === 'next') {
        const at = exercises.indexOf(this) + (action === 'next' ? 1 : -1);
        if (at >= 0 && at < exercises.length) show(exercises[at], true);
        return;
      }
      if (this.busy) return;
      // Giving up a solve is asked first (on the page: a dialog the student answers).
      const solved = this.state() === 'solved';
      if (solved && (action === 'back' || action === 'restart')) {
        if (!await confirmPage(say(action === 'back' ? 'confirm_back' : 'confirm_restart'))) return;
        if (this.busy) return;
      }
      if (action === 'hint') this.hint();
      if (action === 'back') this.takeBack();
      if (action === 'restart') this.restart();
      if (solved && this.state() !== 'solved') this.cleared = this.updated;
      this.update();
      saveAll();
    }

    takeBack() {
      if (this.partial) {
        this.cancelPartial();
      } else if (this.pending) {
        this.dropPending();
      } else if (this.path.length) {
        this.path.splice(this.path.length % 2 === 0 ? -2 : -1);
        this.finished = null;
        this.changed();
        this.refresh();
      }
      this.setFeedback('', say('to_move', { side: sideWord(this.side) }));
    }

    restart() {
      this.pending = null;
      this.partial = null;
      if (this.path.length) this.changed();
      this.path = [];
      this.finished = null;
      this.mark([], 'wrong');
      this.refresh();
      this.setFeedback('', say('to_move', { side: sideWord(this.side) }));
    }

    // First the exercise's hint (or its themes), then the square of the piece to move now.
    // Each new hint costs the set's share.
    hint() {
      if (this.pending) this.dropPending();
      const at = this.walk();
      if (at.end || !at.turn) return;
      const text = this.data.hint
        ? say('hint_text', { text: this.data.hint })
        : this.data.themes.length ? say('hint_themes', { themes: list(this.data.themes) }) : '';
      if (text && !this.hintText) {
        this.hintText = true;
        this.hints += 1;
        this.changed();
        this.say(text);
        return;
      }
      const square = this.hintSquare(at);
      if (!square) return;
      // Each turn's square is paid for once: again after a wrong move or a reload it is free.
      const key = this.path.join(',');
      if (this.hinted.indexOf(key) < 0) {
        this.hinted.push(key);
        this.hints += 1;
        this.changed();
      }
      this.mark([square], 'hint');
      this.say(sentences(text, say('hint_square', { square: nameOf(square) })));
    }

    // The square of the piece the key move starts from, at the turn `at`.
    hintSquare(at) {
      const best = at.turn && at.turn.m.find((c) => c.v === 'c');
      return best ? best.m[0] : null;
    }

    clearHint() {
      this.mark([], 'hint');
    }

    // -- the keyboard and the mouse --

    focusSquare(square, focus) {
      this.squares.forEach((button, n) => { if (button) button.tabIndex = n === square ? 0 : -1; });
      if (focus) this.squares[square].focus();
    }

    onKey(event) {
      const button = event.target.closest && event.target.closest('.square');
      if (!button) return;
      const square = Number(button.dataset.square);
      const rc = BOARD.squares[square - 1];
      const steps = {
        ArrowLeft: [[0, -2], [-1, -1], [1, -1]],
        ArrowRight: [[0, 2], [1, 1], [-1, 1]],
        ArrowUp: [[-1, -1], [-1, 1], [-2, 0]],
        ArrowDown: [[1, 1], [1, -1], [2, 0]],
      }[event.key];
      if (event.key === 'Escape') { this.cancelPartial(); this.select(null); return; }
      if (!steps) return;
      event.preventDefault();
      for (const step of steps) {
        const row = rc[0] + step[0];
        const column = rc[1] + step[1];
        const next = BOARD.squares.findIndex((s) => s[0] === row && s[1] === column);
        if (next >= 0) { this.focusSquare(next + 1, true); return; }
      }
    }

    // Dragging a piece, with a mouse, a pen or a finger (the squares under pieces take no
    // scrolling gesture: see `touch-action` in the style). A capture may be dragged landing by
    // landing: the piece waiting halfway is dragged on from where it stands.
    onPointerDown(event) {
      if (event.button !== 0 || this.busy || !event.isPrimary) return;
      const button = event.target.closest('.square');
      if (!button) return;
      const start = Number(button.dataset.square);
      const at = this.walk();
      const mover = at.choice ? otherSide(this.side) : this.side;
      if (at.end) return;
      const waiting = this.partial && this.partial.landed[this.partial.landed.length - 1] === start;
      if (!waiting && colorOf(at.board[start]) !== mover) return;
      const from = waiting ? this.partial.from : start;
      const element = this.pieces.get(from);
      if (!element) return;
      const box = this.board.getBoundingClientRect();
      let dragging = false;
      const moved = (e) => {
        if (!dragging && Math.hypot(e.clientX - event.clientX, e.clientY - event.clientY) < 6) return;
        dragging = true;
        element.classList.add('dragging');
        element.style.left = ((e.clientX - box.left) / box.width) * 100 - 50 / BOARD.columns + '%';
        element.style.top = ((e.clientY - box.top) / box.height) * 100 - 50 / BOARD.rows + '%';
      };
      const stop = () => {
        window.removeEventListener('pointermove', moved);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cancel);
        element.classList.remove('dragging');
        this.place(element, start);
      };
      const cancel = () => { stop(); };
      const up = (e) => {
        stop();
        if (!dragging) return;
        this.dragged = true;
        setTimeout(() => { this.dragged = false; }, 0);
        const target = document.elementFromPoint(e.clientX, e.clientY);
        const over = target && target.closest('.square');
        if (!over || !this.board.contains(over)) return;
        const to = Number(over.dataset.square);
        if (to === start) return;
        if (!waiting) this.select(from);
        this.onSquare(to);
      };
      if (event.pointerType !== 'mouse') event.preventDefault();
      window.addEventListener('pointermove', moved);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cancel);
    }

    // -- what the page shows --

    say(text) { this.feedbackEl.textContent = text; }

    // While a move is shown, the board takes no input (and says so to screen readers).
    setBusy(busy) {
      this.busy = busy;
      this.section.setAttribute('aria-busy', busy ? 'true' : 'false');
    }

    setFeedback(kind, text) {
      this.section.dataset.feedback = kind;
      this.say(text);
    }

    refresh() {
      const at = this.walk();
      this.partial = null;
      this.mark([], 'route');
      this.draw(at.board);
      const last = at.moves[at.moves.length - 1];
      this.mark(last ? [last.from, last.to] : [], 'last');
      this.mark([], 'wrong');
      // A square hint bought at this turn stays shown.
      const square = !at.end && this.hinted.indexOf(this.path.join(',')) >= 0 ? this.hintSquare(at) : null;
      this.mark(square ? [square] : [], 'hint');
      this.update();
    }

    // What the exercise says when it is shown afresh (at the start, after another tab's change).
    greet() {
      const at = this.walk();
      if (at.end === 'c') {
        this.setFeedback('correct', say('solved', { line: numbered(at.moves, this.side) }));
      } else if (at.end) {
        this.setFeedback('alternative', say('solved_alternative', { line: this.data.line }));
      } else if (at.choice) {
        this.setFeedback('', say('choose_reply', { side: sideWord(otherSide(this.side)) }));
      } else {
        this.setFeedback('', say('to_move', { side: sideWord(this.side) }));
      }
    }

    update() {
      const at = this.walk();
      const state = this.state();
      this.section.dataset.state = state;
      this.section.dataset.verdict = this.verdict();
      this.section.dataset.points = String(this.points());
      this.section.querySelector('.line').textContent = at.moves.length
        ? numbered(at.moves, this.side) : WORDS.no_moves;
      const meta = [say('hints_used', { count: this.hints }), say('tries', { count: this.wrong.length }),
        say('points', { points: this.points(), max: this.data.scoring.points })];
      this.section.querySelector('.meta').textContent = meta.join(' · ');
      const cost = round2(this.data.scoring.points * this.data.scoring.hint);
      this.section.querySelector('[data-action="hint"]').textContent =
        cost > 0 ? say('hint_cost', { cost: cost }) : WORDS.hint;
      const item = navButtons.get(this.data.id);
      item.dataset.state = state;
      item.setAttribute('aria-label', this.data.number + '. ' + this.data.caption + ' (' + WORDS['state_' + state] + ')');
      updateTotals();
    }
  }

  // ---- the page ------------------------------------------------------------------------

  const nameInput = document.getElementById('student-name');
  const classInput = document.getElementById('student-class');
  const defenceBox = document.getElementById('defence');
  const projectorButton = document.getElementById('projector');
  const navButtons = new Map();
  document.querySelectorAll('[data-goto]').forEach((button) => navButtons.set(button.dataset.goto, button));
  const exercises = DATA.exercises.map((data) => {
    const section = document.querySelector('[data-exercise="' + CSS.escape(data.id) + '"]');
    return new Exercise(data, section);
  });
  let current = null;

  function updateTotals() {
    let solved = 0;
    let points = 0;
    let max = 0;
    exercises.forEach((ex) => {
      if (ex.state() === 'solved') solved += 1;
      points += ex.points();
      max += ex.data.scoring.points;
    });
    points = round2(points);
    max = round2(max);
    document.getElementById('progress').textContent = say('progress', { solved: solved, count: exercises.length });
    const score = document.getElementById('score');
    score.dataset.score = String(points);
    score.dataset.max = String(max);
    score.textContent = say('score_line', { points: points, max: max });
  }

  function show(ex, focus) {
    current = ex;
    exercises.forEach((other) => { other.section.hidden = other !== ex; });
    navButtons.forEach((button, id) => button.setAttribute('aria-current', id === ex.data.id ? 'true' : 'false'));
    if (focus) ex.section.querySelector('h2').focus();
    saveAll();
  }

  navButtons.forEach((button, id) => {
    button.addEventListener('click', () => show(exercises.find((ex) => ex.data.id === id), false));
  });
  projectorButton.addEventListener('click', () => {
    const on = document.body.classList.toggle('projector');
    projectorButton.setAttribute('aria-pressed', on ? 'true' : 'false');
    saveAll();
  });
  defenceBox.addEventListener('change', saveAll);
  const studentChanged = () => {
    student.name = nameInput.value;
    student.class = classInput.value;
    student.updated = stamp();
    if (student.name.trim()) document.body.classList.remove('asking-name');
    saveAll();
  };
  nameInput.addEventListener('input', studentChanged);
  classInput.addEventListener('input', studentChanged);
  window.addEventListener('storage', (event) => {
    if (event.key === STORE_KEY || event.key === null) merge();
  });

  // ---- asking ----------------------------------------------------------------------------

  // A question on the page (not `window.confirm`): true when the student says yes.
  const confirmDialog = document.getElementById('confirm-dialog');
  function confirmPage(text) {
    return new Promise((resolve) => {
      document.getElementById('confirm-text').textContent = text;
      const yes = document.getElementById('confirm-yes');
      const no = document.getElementById('confirm-no');
      const done = (answer) => {
        yes.removeEventListener('click', onYes);
        no.removeEventListener('click', onNo);
        confirmDialog.removeEventListener('cancel', onCancel);
        if (confirmDialog.close) confirmDialog.close(); else confirmDialog.removeAttribute('open');
        resolve(answer);
      };
      const onYes = () => done(true);
      const onNo = () => done(false);
      const onCancel = (event) => { event.preventDefault(); done(false); };
      yes.addEventListener('click', onYes);
      no.addEventListener('click', onNo);
      confirmDialog.addEventListener('cancel', onCancel);
      if (confirmDialog.showModal) confirmDialog.showModal(); else confirmDialog.setAttribute('open', '');
      no.focus();
    });
  }

  // A shared tablet: the next student starts with no name, no solves and no hints, in every
  // tab of the page.
  document.getElementById('new-student').addEventListener('click', async () => {
    if (!await confirmPage(WORDS.confirm_new_student)) return;
    student.reset = stamp();
    student.updated = student.reset;
    student.name = '';
    student.class = '';
    nameInput.value = '';
    classInput.value = '';
    exercises.forEach((ex) => {
      ex.restore(null);
      ex.refresh();
      ex.greet();
    });
    saveAll();
    show(exercises[0], false);
  });

  // ---- handing in ----------------------------------------------------------------------

  function yaml(text) { return JSON.stringify(text); }

  // FNV-1a (32 bits) of the text's UTF-8 bytes, in hexadecimal. `damtutor check` computes the
  // same over the same fields (src/exercise/answers.rs, `seal_text`) and warns when they differ.
  function checksum(text) {
    let hash = 0x811c9dc5;
    new TextEncoder().encode(text).forEach((byte) => {
      hash ^= byte;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    });
    return ('0000000' + hash.toString(16)).slice(-8);
  }

  function answerFile() {
    const files = [];
    DATA.exercises.forEach((e) => { if (files.indexOf(e.file) < 0) files.push(e.file); });
    const lines = [
      '# ' + DATA.title + ': answers from a damtutor practice page, handed in ' + new Date().toISOString(),
      '# Mark with: damtutor check --exercises ' + files.join(' ') + ' ANSWER-FILES',
      'student: ' + yaml(nameInput.value.trim()),
    ];
    if (classInput.value.trim()) lines.push('class: ' + yaml(classInput.value.trim()));
    const answered = exercises.filter((ex) => ex.path.length);
    const active = exercises.filter((ex) => ex.state() !== 'todo');
    // The seal: which page, and a checksum of what it recorded (see the README: it shows an
    // edit by hand, it cannot stop a student who recomputes it).
    let sealed = 'damtutor-practice\n' + DATA.page + '\n';
    answered.forEach((ex) => { sealed += ex.data.id + '\t' + numbered(ex.walk().moves, ex.side) + '\n'; });
    active.forEach((ex) => { sealed += ex.data.id + '\t' + ex.hints + '\t' + ex.wrong.join('|') + '\n'; });
    lines.push('page: ' + yaml(DATA.page));
    lines.push('checksum: ' + yaml(checksum(sealed)));
    lines.push(answered.length ? 'answers:' : 'answers: {}');
    answered.forEach((ex) => {
      lines.push('  ' + yaml(ex.data.id) + ': ' + yaml(numbered(ex.walk().moves, ex.side)));
    });
    lines.push(active.length ? 'practice:' : 'practice: {}');
    active.forEach((ex) => {
      const fields = ['hints: ' + ex.hints, 'wrong: [' + ex.wrong.map(yaml).join(', ') + ']'];
      if (ex.started && ex.last) {
        fields.push('seconds: ' + Math.max(0, Math.round((Date.parse(ex.last) - Date.parse(ex.started)) / 1000)));
        fields.push('started: ' + yaml(ex.started));
        if (ex.finished) fields.push('finished: ' + yaml(ex.finished));
      }
      fields.push('verdict: ' + yaml(ex.verdict()));
      lines.push('  ' + yaml(ex.data.id) + ': {' + fields.join(', ') + '}');
    });
    return lines.join('\n') + '\n';
  }

  const dialog = document.getElementById('hand-in-dialog');
  const answerText = document.getElementById('answer-text');
  const note = document.getElementById('hand-in-note');
  document.getElementById('hand-in').addEventListener('click', () => {
    if (!nameInput.value.trim()) {
      // Shown even in projector mode, where the student's fields are otherwise hidden.
      document.body.classList.add('asking-name');
      nameInput.focus();
      nameInput.setAttribute('aria-invalid', 'true');
      if (current) current.say(WORDS.name_needed);
      return;
    }
    nameInput.removeAttribute('aria-invalid');
    answerText.value = answerFile();
    note.textContent = '';
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute('open', '');
  });
  document.getElementById('save-file').addEventListener('click', () => {
    const blob = new Blob([answerText.value], { type: 'text/yaml;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'answers-' + (nameInput.value.trim().replace(/[\\/:*?"<>|\s]+/g, '-') || 'student') + '.yaml';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  });
  document.getElementById('copy-text').addEventListener('click', () => {
    const done = () => { note.textContent = WORDS.copied; };
    const fallback = () => {
      answerText.select();
      try { if (document.execCommand('copy')) done(); } catch (e) { /* selected: the student copies it */ }
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(answerText.value).then(done, fallback);
    else fallback();
  });
  document.getElementById('close-dialog').addEventListener('click', () => {
    if (dialog.close) dialog.close(); else dialog.removeAttribute('open');
  });

  // ---- start ---------------------------------------------------------------------------

  if (student.updated < student.reset) { student.name = ''; student.class = ''; }
  nameInput.value = student.name;
  classInput.value = student.class;
  defenceBox.checked = !!stored.defence;
  if (stored.projector) {
    document.body.classList.add('projector');
    projectorButton.setAttribute('aria-pressed', 'true');
  }
  const records = stored.exercises && typeof stored.exercises === 'object' ? stored.exercises : {};
  exercises.forEach((ex) => {
    ex.restore(keep(ex, null, records[ex.data.id], student.reset));
    ex.refresh();
    ex.greet();
    ex.section.querySelector('h2').tabIndex = -1;
  });
  if (!storing) document.getElementById('storage-note').hidden = false;
  show(exercises.find((ex) => ex.data.id === stored.current) || exercises[0], false);
  document.body.dataset.ready = 'true';
}());
{% endraw %}
