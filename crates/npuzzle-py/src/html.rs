//! Text put in markup (the SVG drawings), escaped: it may be text a user gave (a result
//! rebuilt from a dict carries whatever the dict held).

/// `text` with the characters that HTML and XML read as markup written as entities, so
/// it reads as text in an element or an attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
