{#- The practice page's script: the parts under partials/practice/, in this order, joined in
    one scope when the page is written (each can be replaced by a file of the same name). -#}
// damtutor practice page. No rules engine here: every legal move of the solving side, judged,
// and every defender reply come from the solver's tree in #practice-data. The page only draws
// the board, plays the moves the tree describes, and keeps the student's progress.
(function () {
  'use strict';

{% include "partials/practice/data.js" %}
{% include "partials/practice/moves.js" %}
{% include "partials/practice/storage.js" %}
{% include "partials/practice/exercise.js" %}
{% include "partials/practice/page.js" %}
{% include "partials/practice/hand-in.js" %}
{% include "partials/practice/start.js" %}
}());
