{% raw %}
// partials/practice/start.js: the start - the stored progress restored, the first exercise shown.
// A part of the page's one script, joined by partials/practice.js; not a script of its own.
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
{% endraw %}
