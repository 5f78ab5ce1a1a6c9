//! The pages of a PDF that Chromium printed, for the tests that print.

/// The pages of a PDF: the largest `/Count` of its page tree, checked against the number of
/// page objects.
pub fn pdf_pages(pdf: &[u8]) -> usize {
    assert!(pdf.starts_with(b"%PDF-"), "not a PDF");
    let text = String::from_utf8_lossy(pdf);
    let count = text
        .match_indices("/Count ")
        .filter_map(|(at, needle)| {
            text[at + needle.len()..]
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse::<usize>()
                .ok()
        })
        .max()
        .expect("a page tree");
    let objects = text
        .match_indices("/Type /Page")
        .filter(|(at, needle)| !text[at + needle.len()..].starts_with('s'))
        .count();
    assert_eq!(count, objects, "page tree and page objects disagree");
    count
}
