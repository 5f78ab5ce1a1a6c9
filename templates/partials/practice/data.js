{% raw %}
// partials/practice/data.js: the page's data (#practice-data) and its words.
// A part of the page's one script, joined by partials/practice.js; not a script of its own.
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
{% endraw %}
