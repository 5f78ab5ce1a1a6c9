{% raw %}
// partials/practice/hand-in.js: handing in - the answer file, sealed, to save or copy.
// A part of the page's one script, joined by partials/practice.js; not a script of its own.
function yaml(text) { return JSON.stringify(text); }

// FNV-1a (32 bits) of the text's UTF-8 bytes, in hexadecimal. `damtutor check` computes the
// same over the same fields (src/check/answer_file.rs, `seal_text`) and warns when they differ.
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
{% endraw %}
