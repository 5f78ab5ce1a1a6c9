{% raw %}
// partials/practice/storage.js: the progress kept in the browser, shared by the tabs of a page.
// A part of the page's one script, joined by partials/practice.js; not a script of its own.
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
{% endraw %}
