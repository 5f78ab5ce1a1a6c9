{% raw %}
// partials/practice/moves.js: moves of the tree, boards and the notation of lines.
// A part of the page's one script, joined by partials/practice.js; not a script of its own.
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
{% endraw %}
