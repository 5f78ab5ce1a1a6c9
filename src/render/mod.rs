//! Rendering: SVG diagrams and Tera templates (worksheets, answer keys, quizzes).
