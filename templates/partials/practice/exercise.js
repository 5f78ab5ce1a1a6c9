{% raw %}
// partials/practice/exercise.js: one exercise - its board, the moves played, hints, the score.
// A part of the page's one script, joined by partials/practice.js; not a script of its own.
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
    const reason = choice.y || { kind: 'escapes' };
    const values = {
      move: m.text, answer: answer, side: sideWord(this.side), opponent: sideWord(otherSide(this.side)),
      goal: this.data.goal_words,
    };
    if (reason.kind === 'loses') {
      values.count = reason.lost;
      if (reason.kings) return say('wrong_loses_kings', values);
      return say(values.count === 1 ? 'wrong_loses_one' : 'wrong_loses', values);
    }
    if (reason.kind === 'crowns') return say('wrong_crowns', values);
    if (reason.kind === 'no_goal') return say('wrong_no_goal', values);
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
{% endraw %}
