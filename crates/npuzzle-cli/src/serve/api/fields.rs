//! What each field of a request must be, and a request's fields checked against it
//! before serde reads them: an error names the field, what it must be and what was sent
//! (`max_nodes must be a whole number of nodes, got the string "x"`), as the command
//! line names a flag, where serde would say `invalid type: string "x", expected u64 at
//! line 1 column 44`. A JSON body and a query string are checked alike.

use npuzzle::util::excerpt::shortened;
use serde_json::{Map, Number, Value};

use super::error::{ApiError, ErrorCode};
use axum::http::StatusCode;

/// What a field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text; what it says, in words (`a board written as text, such as …`).
    Text(&'static str),
    /// `true` or `false`.
    Flag,
    /// A whole number from 0 to `most`, counting `unit`.
    Count {
        /// What is counted: `nodes`, `moves` (empty: a plain number, a seed).
        unit: &'static str,
        /// The largest the field's type holds.
        most: u64,
    },
    /// A number of seconds.
    Seconds,
    /// A number; what it must be, in words (`a number, at least 1`).
    Number(&'static str),
    /// A number of bytes, or text such as `"512M"`.
    Memory,
}

/// One field of a request.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// Its name in the JSON body or the query.
    pub name: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// Whether a request must give it.
    pub required: bool,
}

/// The fields of a request, which [`check_object`] and [`query_object`] hold it to.
pub trait Fields {
    /// The request in words, for errors: `a solve request`.
    const WHAT: &'static str;
    /// Every field it takes, each once: what serde reads (a test checks that the two
    /// agree).
    const FIELDS: &'static [Field];
}

const fn optional(name: &'static str, kind: Kind) -> Field {
    Field {
        name,
        kind,
        required: false,
    }
}

/// The start board, which every request but `/api/random`'s needs.
pub const BOARD: Field = Field {
    name: "board",
    kind: Kind::Text("a board written as text, such as \"1 2 3/4 0 5/7 8 6\""),
    required: true,
};
/// The goal board.
pub const GOAL: Field = optional(
    "goal",
    Kind::Text("a board written as text, such as \"1 2 3/4 5 6/7 8 0\""),
);
/// The board size.
pub const SIZE: Field = optional(
    "size",
    Kind::Text("a size written as text, such as \"4x3\""),
);
/// The heuristic's name.
pub const HEURISTIC: Field = optional(
    "heuristic",
    Kind::Text("the name of a heuristic, such as \"manhattan\""),
);
/// The move order.
pub const ORDER: Field = optional(
    "order",
    Kind::Text("the blank's moves as text, such as \"lrdu\""),
);
/// The metric's name.
pub const METRIC: Field = optional("metric", Kind::Text("\"stm\" or \"mtm\""));
/// The node limit a request may lower.
pub const MAX_NODES: Field = optional(
    "max_nodes",
    Kind::Count {
        unit: "nodes",
        most: u64::MAX,
    },
);
/// The time limit a request may lower.
pub const MAX_SECONDS: Field = optional("max_seconds", Kind::Seconds);
/// The limit on nodes held at once a request may lower.
pub const MAX_MEMORY_NODES: Field = optional(
    "max_memory_nodes",
    Kind::Count {
        unit: "nodes",
        most: u64::MAX,
    },
);
/// The memory budget a request may lower.
pub const MAX_MEMORY: Field = optional("max_memory", Kind::Memory);

/// A count of `unit` of a field of type `usize`.
pub const fn count_usize(name: &'static str, unit: &'static str) -> Field {
    optional(
        name,
        Kind::Count {
            unit,
            most: usize::MAX as u64,
        },
    )
}

/// A text field that is not one of the shared ones.
pub const fn text(name: &'static str, what: &'static str) -> Field {
    optional(name, Kind::Text(what))
}

/// A number field; `what` it must be, in words.
pub const fn number(name: &'static str, what: &'static str) -> Field {
    optional(name, Kind::Number(what))
}

/// A field read as `true` or `false`.
pub const fn flag(name: &'static str) -> Field {
    optional(name, Kind::Flag)
}

/// What `kind` must be, in words.
fn must(kind: Kind) -> String {
    match kind {
        Kind::Text(what) | Kind::Number(what) => what.to_string(),
        Kind::Flag => "true or false".to_string(),
        Kind::Count { unit, most } => {
            let of = if unit.is_empty() {
                String::new()
            } else {
                format!(" of {unit}")
            };
            if most == u64::MAX || most == usize::MAX as u64 {
                format!("a whole number{of}")
            } else {
                format!("a whole number{of}, at most {most}")
            }
        }
        Kind::Seconds => "a number of seconds".to_string(),
        Kind::Memory => "a number of bytes or text such as \"512M\"".to_string(),
    }
}

/// A JSON value as the error quotes it: `the string "x"`, `the number 1.5`, `null`.
fn sent(value: &Value) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {}", Value::String(shortened(s))),
        Value::Array(_) => "an array".to_string(),
        Value::Object(_) => "an object".to_string(),
    }
}

/// Whether `value` is what `kind` holds (`null` stands for a field left out, except
/// where the field must be given or is a flag).
fn fits(field: &Field, value: &Value) -> bool {
    match (field.kind, value) {
        (Kind::Flag, value) => value.is_boolean(),
        (_, Value::Null) => !field.required,
        (Kind::Count { most, .. }, Value::Number(n)) => n.as_u64().is_some_and(|n| n <= most),
        (Kind::Memory, Value::Number(n)) => n.as_u64().is_some(),
        (Kind::Text(_) | Kind::Memory, Value::String(_))
        | (Kind::Seconds | Kind::Number(_), Value::Number(_)) => true,
        _ => false,
    }
}

/// The error of a field, answered with `status`: 422 in a body, which was read but
/// holds the wrong things; 400 in a query, as axum answers a query it cannot read.
fn bad_fields(status: StatusCode, message: String) -> ApiError {
    ApiError::new(status, ErrorCode::BadFields, message)
}

/// The field of `T` named `name`, or the error of a field it does not take.
fn field_of<T: Fields>(name: &str, status: StatusCode) -> Result<&'static Field, ApiError> {
    T::FIELDS.iter().find(|f| f.name == name).ok_or_else(|| {
        let names: Vec<&str> = T::FIELDS.iter().map(|f| f.name).collect();
        bad_fields(
            status,
            format!(
                "{} has no field \"{}\"; its fields are {}",
                T::WHAT,
                shortened(name),
                names.join(", ")
            ),
        )
    })
}

/// Checks every field of `object` against `T`'s: the first one `T` does not take, or
/// that holds what its field does not, or a field `T` needs that is missing, is answered
/// 422 `bad_fields` naming it.
pub fn check_object<T: Fields>(object: &Map<String, Value>) -> Result<(), ApiError> {
    checked::<T>(object, StatusCode::UNPROCESSABLE_ENTITY)
}

/// [`check_object`], its errors answered with `status`.
fn checked<T: Fields>(object: &Map<String, Value>, status: StatusCode) -> Result<(), ApiError> {
    for (name, value) in object {
        let field = field_of::<T>(name, status)?;
        if !fits(field, value) {
            return Err(bad_fields(
                status,
                format!("{name} must be {}, got {}", must(field.kind), sent(value)),
            ));
        }
    }
    if let Some(missing) = T::FIELDS
        .iter()
        .find(|f| f.required && !object.contains_key(f.name))
    {
        return Err(bad_fields(
            status,
            format!("{} needs {}: {}", T::WHAT, missing.name, must(missing.kind)),
        ));
    }
    Ok(())
}

/// A query string's `pairs` as the JSON object of `T`'s fields: each value read as its
/// field holds it (`seed=7` a number, `boards=true` a flag), checked as
/// [`check_object`] checks a body (but answered 400); a field given twice is refused.
pub fn query_object<T: Fields>(pairs: Vec<(String, String)>) -> Result<Value, ApiError> {
    let status = StatusCode::BAD_REQUEST;
    let mut object = Map::new();
    for (name, text) in pairs {
        let field = field_of::<T>(&name, status)?;
        if object.contains_key(&name) {
            return Err(bad_fields(status, format!("{name} is given twice")));
        }
        let number = || -> Option<Value> {
            let n: f64 = text.parse().ok()?;
            Number::from_f64(n).map(Value::Number)
        };
        let value = match field.kind {
            Kind::Text(_) => Some(Value::String(text.clone())),
            Kind::Flag => text.parse::<bool>().ok().map(Value::Bool),
            Kind::Count { most, .. } => text
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= most)
                .map(Value::from),
            Kind::Seconds | Kind::Number(_) => number(),
            Kind::Memory => Some(
                text.parse::<u64>()
                    .map_or_else(|_| Value::String(text.clone()), Value::from),
            ),
        };
        let Some(value) = value else {
            return Err(bad_fields(
                status,
                format!(
                    "{name} must be {}, got {}",
                    must(field.kind),
                    sent(&Value::String(text))
                ),
            ));
        };
        object.insert(name, value);
    }
    checked::<T>(&object, status)?;
    Ok(Value::Object(object))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Example;

    impl Fields for Example {
        const WHAT: &'static str = "an example request";
        const FIELDS: &'static [Field] = &[BOARD, MAX_NODES, MAX_MEMORY, flag("boards")];
    }

    fn message(body: Value) -> String {
        let Value::Object(object) = body else {
            panic!("an object")
        };
        check_object::<Example>(&object)
            .unwrap_err()
            .message()
            .to_string()
    }

    #[test]
    fn each_error_names_the_field_what_it_must_be_and_what_was_sent() {
        let board = "1 2 3/4 0 5/7 8 6";
        for (body, said) in [
            (
                serde_json::json!({"board": board, "max_nodes": "x"}),
                "max_nodes must be a whole number of nodes, got the string \"x\"",
            ),
            (
                serde_json::json!({"board": board, "max_nodes": -1}),
                "max_nodes must be a whole number of nodes, got the number -1",
            ),
            (
                serde_json::json!({"board": board, "max_nodes": 1.5}),
                "max_nodes must be a whole number of nodes, got the number 1.5",
            ),
            (
                serde_json::json!({"board": 5}),
                "board must be a board written as text, such as \"1 2 3/4 0 5/7 8 6\", got the number 5",
            ),
            (
                serde_json::json!({"board": board, "boards": "yes"}),
                "boards must be true or false, got the string \"yes\"",
            ),
            (
                serde_json::json!({"board": board, "max_memory": [1]}),
                "max_memory must be a number of bytes or text such as \"512M\", got an array",
            ),
            (
                serde_json::json!({"board": board, "colour": 1}),
                "an example request has no field \"colour\"; its fields are board, max_nodes, max_memory, boards",
            ),
            (
                serde_json::json!({}),
                "an example request needs board: a board written as text, such as \"1 2 3/4 0 5/7 8 6\"",
            ),
        ] {
            assert_eq!(message(body), said);
        }
        let ok = serde_json::json!({"board": board, "max_nodes": 5, "max_memory": "1G"});
        let Value::Object(object) = ok else { panic!() };
        assert!(check_object::<Example>(&object).is_ok());
    }

    /// The names serde reads `T`'s fields by, from its error for an unknown field.
    fn serde_names<T: serde::de::DeserializeOwned>() -> Vec<String> {
        let error = serde_json::from_value::<T>(serde_json::json!({"no such field": 1}))
            .err()
            .expect("an unknown field is refused")
            .to_string();
        let list = error.split("expected one of ").nth(1).unwrap_or(&error);
        list.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    /// Every field of every endpoint is checked: each request's list is serde's, and
    /// every field that serde would refuse a value of is given one that its check refuses.
    #[test]
    fn every_requests_fields_are_the_ones_serde_reads() {
        fn agree<T: Fields + serde::de::DeserializeOwned>() {
            let listed: Vec<&str> = T::FIELDS.iter().map(|f| f.name).collect();
            assert_eq!(serde_names::<T>(), listed, "{}", T::WHAT);
            for field in T::FIELDS {
                // An array is no field's value: refused by the check, in its words.
                let mut object = Map::new();
                object.insert(field.name.to_string(), Value::Array(vec![]));
                let said = check_object::<T>(&object)
                    .unwrap_err()
                    .message()
                    .to_string();
                assert!(
                    said.starts_with(&format!("{} must be ", field.name))
                        && said.ends_with("got an array"),
                    "{said}"
                );
            }
        }
        agree::<super::super::solve::SolveBody>();
        agree::<super::super::compare::CompareBody>();
        agree::<super::super::trace::TraceBody>();
        agree::<super::super::analyse::AnalyseBody>();
        agree::<super::super::random::RandomQuery>();
    }

    #[test]
    fn a_query_is_read_as_its_fields_hold_it() {
        let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
            list.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let object =
            query_object::<Example>(pairs(&[("board", "123"), ("max_nodes", "7")])).unwrap();
        assert_eq!(object, serde_json::json!({"board": "123", "max_nodes": 7}));
        let error = query_object::<Example>(pairs(&[("board", "1"), ("max_nodes", "x")]));
        assert_eq!(
            error.unwrap_err().message(),
            "max_nodes must be a whole number of nodes, got the string \"x\""
        );
        let twice = query_object::<Example>(pairs(&[("board", "1"), ("board", "2")]));
        assert_eq!(twice.unwrap_err().message(), "board is given twice");
    }
}
