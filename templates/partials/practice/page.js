{% raw %}
// partials/practice/page.js: the page - the list of exercises, the student, the settings,
// and questions asked on the page.
// A part of the page's one script, joined by partials/practice.js; not a script of its own.
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
{% endraw %}
