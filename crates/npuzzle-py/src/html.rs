//! What the results show as in a notebook (`_repr_html_`): a table of their fields, each
//! value escaped, since any of them may be text a user gave (a result rebuilt from a dict
//! carries whatever the dict held).

use std::fmt::Write as _;

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

/// A row of a table: its cells, or a note across the whole row (rows left out).
pub enum Row {
    /// One text a column.
    Cells(Vec<String>),
    /// Text spanning every column.
    Note(String),
}

/// An HTML table under `caption` (when given) with a header row of `columns` and `rows`,
/// every text escaped; a row shorter than the header is padded with empty cells.
pub fn table(
    caption: Option<&str>,
    columns: &[&str],
    rows: impl IntoIterator<Item = Row>,
) -> String {
    let mut out = String::from("<table>");
    if let Some(caption) = caption {
        let _ = write!(out, "<caption>{}</caption>", escape(caption));
    }
    out.push_str("<thead><tr>");
    for column in columns {
        let _ = write!(out, "<th>{}</th>", escape(column));
    }
    out.push_str("</tr></thead><tbody>");
    for row in rows {
        match row {
            Row::Cells(cells) => {
                out.push_str("<tr>");
                for index in 0..columns.len() {
                    let cell = cells.get(index).map_or("", String::as_str);
                    let _ = write!(out, "<td>{}</td>", escape(cell));
                }
                out.push_str("</tr>");
            }
            Row::Note(text) => {
                let _ = write!(
                    out,
                    r#"<tr><td colspan="{}">{}</td></tr>"#,
                    columns.len(),
                    escape(&text)
                );
            }
        }
    }
    out.push_str("</tbody></table>");
    out
}

/// An optional value as a cell shows it: nothing for `None`.
pub fn optional<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(String::new, |v| v.to_string())
}

/// A flag as Python writes it.
pub fn flag(value: bool) -> String {
    if value { "True" } else { "False" }.to_string()
}
