//! The one error of the typed layer: a kind (which decides the CLI's exit code, the HTTP
//! status and the Python exception), a one-line message in neutral words (it never names
//! a command-line flag or a keyword argument) and, where one field of the request is the
//! cause, that field's name and value, which each surface words its own way (the CLI as
//! `--size 99: …`, Python as `size=99: …`).

use std::fmt;

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The request is wrong (bad cube, too few blocks, unknown field, wrong type, ...):
    /// exit 2, HTTP 400, Python `InputError`.
    BadInput,
    /// The request is fine but asks for more than the context's limits allow (refused up
    /// front, before any work): HTTP 422.
    Refused,
    /// A search reached the limit the request gave it (nodes, seconds) before an answer:
    /// exit 4, HTTP 422, Python `LimitReachedError`.
    LimitReached,
    /// The run was stopped: its cancellation token was raised or its deadline passed
    /// (exit 3; HTTP 503 at the time limit).
    Stopped,
    /// An I/O failure or a bug: exit 1, HTTP 500.
    Internal,
}

impl ErrorKind {
    /// The kind of a library error kind.
    pub fn of(kind: cubelab::ErrorKind) -> ErrorKind {
        match kind {
            k if k.is_input() => ErrorKind::BadInput,
            cubelab::ErrorKind::LimitReached => ErrorKind::LimitReached,
            cubelab::ErrorKind::Stopped => ErrorKind::Stopped,
            _ => ErrorKind::Internal,
        }
    }
}

/// An error of a typed call (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    field: Option<(&'static str, String)>,
    /// The message with the request fields it names marked `{field}` ([`Error::naming`]).
    template: Option<String>,
    /// Reported by another process ([`Error::quiet`]).
    quiet: bool,
    /// A request field of the wrong type or value, or missing ([`Error::mismatch`]).
    /// (Boxed: it is rare, and a small error keeps every `Result` of the layer small.)
    mismatch: Option<Box<(String, Mismatch)>>,
}

/// How a request's data failed to fit its typed request (from the deserializer), for a
/// surface to word in its own terms (Python's `TypeError` and `ValueError`): `got` and
/// `expected` in serde's words (`integer \`1\``, `a string`, `usize`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// A value of the wrong type.
    Type {
        /// What was given (`integer \`1\``, `string "x"`, `sequence`).
        got: String,
        /// What the field takes (`a string`, `u64`, `a sequence`).
        expected: String,
    },
    /// A value of the right type out of the field's values.
    Value {
        /// What was given.
        got: String,
        /// What the field takes.
        expected: String,
    },
    /// A required field not given.
    Missing,
    /// A field the request does not have.
    Unknown,
}

impl Mismatch {
    /// The mismatch of a deserializer's message, if it is one of serde's own forms
    /// (`invalid type: G, expected E`, `invalid value: ...`, `missing field \`f\``,
    /// `unknown field \`f\`, ...`), with the field it names for the last two.
    fn of(message: &str) -> Option<(Option<String>, Mismatch)> {
        let split = |rest: &str| rest.rsplit_once(", expected ").map(|(g, e)| (g.to_string(), e.to_string()));
        let named = |rest: &str| rest.strip_prefix('`').and_then(|r| r.split_once('`')).map(|(f, _)| f.to_string());
        if let Some(rest) = message.strip_prefix("invalid type: ") {
            split(rest).map(|(got, expected)| (None, Mismatch::Type { got, expected }))
        } else if let Some(rest) = message.strip_prefix("invalid value: ") {
            split(rest).map(|(got, expected)| (None, Mismatch::Value { got, expected }))
        } else if let Some(rest) = message.strip_prefix("missing field ") {
            named(rest).map(|f| (Some(f), Mismatch::Missing))
        } else if let Some(rest) = message.strip_prefix("unknown field ") {
            named(rest).map(|f| (Some(f), Mismatch::Unknown))
        } else {
            None
        }
    }
}

impl Error {
    /// An error of `kind` with a one-line message (control characters are escaped:
    /// [`cubelab::Error::one_line`]).
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: cubelab::Error::one_line(message.into()),
            field: None,
            template: None,
            quiet: false,
            mismatch: None,
        }
    }

    /// An error whose message names request fields, each written `{field}` (snake_case,
    /// as in the request's JSON) in `template`: [`Error::message`] writes them as their
    /// bare names (`max_nodes`), and each surface its own way through
    /// [`Error::message_naming`] (the CLI as its flags, `--max-nodes`). Use it when a
    /// message speaks of several fields or of a field without its value (else
    /// [`Error::about`]).
    pub fn naming(kind: ErrorKind, template: impl Into<String>) -> Error {
        let template = cubelab::Error::one_line(template.into());
        Error {
            kind,
            message: fill(&template, &|f| f.to_string()),
            field: None,
            template: Some(template),
            quiet: false,
            mismatch: None,
        }
    }

    /// A library error at a request field given without its value: `{field}: message`
    /// (the CLI's `--within: …`), of the library error's kind.
    pub fn at_field(e: cubelab::Error, field: &str) -> Error {
        Error::naming(ErrorKind::of(e.kind()), format!("{{{field}}}: {e}"))
    }

    /// The message with the request fields it names written by `name` (see
    /// [`Error::naming`]; the message itself for other errors).
    pub fn message_naming(&self, name: &dyn Fn(&str) -> String) -> String {
        match &self.template {
            Some(t) => fill(t, name),
            None => self.message.clone(),
        }
    }

    /// Bad input.
    pub fn bad(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::BadInput, message)
    }

    /// Refused as beyond the context's limits.
    pub fn refused(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Refused, message)
    }

    /// Names the request field (snake_case, as in the request's JSON) and its value as
    /// the cause.
    pub fn about(mut self, field: &'static str, value: impl fmt::Display) -> Error {
        self.field = Some((field, cubelab::Error::one_line(value.to_string())));
        self
    }

    /// The kind.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, without the field.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The request field at fault and its value, if one is.
    pub fn field(&self) -> Option<(&'static str, &str)> {
        self.field.as_ref().map(|(f, v)| (*f, v.as_str()))
    }

    /// Bad input from a deserializer's error at `path` (the field's path in the request,
    /// `blocks[0]`; empty for the request itself): the message `'path': message`, and the
    /// [`Mismatch`] when the message is one of serde's own forms.
    pub fn deserializing(path: &str, message: &str) -> Error {
        let mut e = match path {
            "" | "." => Error::bad(message),
            p => Error::bad(format!("'{p}': {message}")),
        };
        e.mismatch = Mismatch::of(message).map(|(field, m)| {
            let at = match (path, field) {
                ("" | ".", Some(f)) => f,
                (p, Some(f)) if p == f || p.ends_with(&format!(".{f}")) => p.to_string(),
                (p, Some(f)) => format!("{p}.{f}"),
                (p, None) => p.to_string(),
            };
            Box::new((at, m))
        });
        e
    }

    /// The request field's path (`blocks[0]`, `limit`) and how its data failed to fit the
    /// request, when that is the error.
    pub fn mismatch(&self) -> Option<(&str, &Mismatch)> {
        self.mismatch.as_deref().map(|(p, m)| (p.as_str(), m))
    }

    /// The same error, marked as one another process reports: on the MPI ranks other than
    /// 0 of a census on MPI (`engine` `mpi`), which all end with the same error, rank 0
    /// reporting it. A surface ends as for the error (the CLI: its exit code) but prints
    /// nothing.
    pub fn quiet(mut self) -> Error {
        self.quiet = true;
        self
    }

    /// Whether another process reports this error ([`Error::quiet`]).
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }
}

/// `template` with every `{field}` (a snake_case name) written by `name`; other braces
/// are kept as they are.
fn fill(template: &str, name: &dyn Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) if close > 0 && after[..close].chars().all(|c| c.is_ascii_lowercase() || c == '_') => {
                out.push_str(&name(&after[..close]));
                rest = &after[close + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

impl From<cubelab::Error> for Error {
    fn from(e: cubelab::Error) -> Error {
        Error::new(ErrorKind::of(e.kind()), e.to_string())
    }
}

impl fmt::Display for Error {
    /// `field value: message` when a field is at fault, else the message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some((name, value)) => write!(f, "{name} {value}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// The result of a typed call.
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_naming_error_writes_its_fields_per_surface() {
        let e = Error::naming(ErrorKind::BadInput, "{max_nodes} limits the search ({method} optimal), not {x y}");
        assert_eq!(e.message(), "max_nodes limits the search (method optimal), not {x y}");
        let flag = |f: &str| format!("--{}", f.replace('_', "-"));
        assert_eq!(e.message_naming(&flag), "--max-nodes limits the search (--method optimal), not {x y}");
        assert_eq!(Error::bad("plain {a}").message_naming(&flag), "plain {a}");
    }

    /// Found by fuzzing (`api_request`): an unknown key with a newline (`{"grou\nd": 1}`)
    /// was quoted raw, making a message of two lines.
    #[test]
    fn messages_quoting_control_characters_stay_one_line() {
        let e = crate::run_any("relations", serde_json::json!({"grou\nd": "01905"}), &crate::Context::new())
            .err()
            .expect("an unknown key is refused");
        assert_eq!(e.kind(), ErrorKind::BadInput);
        assert!(!e.to_string().contains('\n') && e.to_string().contains("grou\\nd"), "{e}");
        let e = Error::bad("x").about("size", "1\n2");
        assert_eq!(e.to_string(), "size 1\\n2: x");
    }
}

#[cfg(test)]
mod mismatch_tests {
    use super::*;
    use crate::dispatch::request;
    use serde_json::json;

    fn mismatch(input: serde_json::Value) -> (String, Option<(String, Mismatch)>) {
        let e = request::<crate::build::BuildRequest>(input).expect_err("refused");
        (e.message().to_string(), e.mismatch().map(|(p, m)| (p.to_string(), m.clone())))
    }

    #[test]
    fn a_deserializer_error_keeps_its_line_and_says_what_did_not_fit() {
        let (line, m) = mismatch(json!({ "blocks": ["Ac", 1] }));
        assert_eq!(line, "'blocks[1]': invalid type: integer `1`, expected a string");
        assert_eq!(
            m,
            Some(("blocks[1]".into(), Mismatch::Type { got: "integer `1`".into(), expected: "a string".into() }))
        );
        let (_, m) = mismatch(json!({ "blocks": ["Ac"], "size": -1 }));
        assert_eq!(m, Some(("size".into(), Mismatch::Value { got: "integer `-1`".into(), expected: "usize".into() })));
        let (line, m) = mismatch(json!({}));
        assert_eq!(line, "missing field `blocks`");
        assert_eq!(m, Some(("blocks".into(), Mismatch::Missing)));
        let (_, m) = mismatch(json!({ "blocks": ["Ac"], "colour": 1 }));
        assert_eq!(m.map(|(p, m)| (p, m == Mismatch::Unknown)), Some(("colour".into(), true)));
        // any other message: no mismatch, the line as it is
        assert_eq!(Mismatch::of("the input must be a JSON object"), None);
    }
}
