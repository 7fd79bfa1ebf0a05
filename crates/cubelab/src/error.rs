//! The library's one error type: a [`ErrorKind`] that says what went wrong, a one-line
//! message that names the problem (and its position, for input), and the underlying
//! cause where there is one (an I/O error, say).
//!
//! Messages never name command-line flags: the `cubelab` binary adds those. Callers
//! decide by [`Error::kind`]; the binary maps kinds to exit codes (bad input 2, I/O or
//! internal failure 1, stopped on request 3).

use std::fmt;
use std::sync::Arc;

/// What kind of failure an [`Error`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Input that does not follow its notation.
    Malformed,
    /// A name that is not known.
    Unknown,
    /// A size, count or parameter outside what is possible.
    OutOfRange,
    /// A checkpoint or shard file that cannot be used: another run's, edited, truncated.
    Checkpoint,
    /// Reading or writing a file failed.
    Io,
    /// The run was stopped on request; its checkpoint (if any) lets it resume.
    Stopped,
    /// A limit the caller set (nodes, seconds) was reached before an answer was found.
    LimitReached,
    /// A failure inside the library (a bug): please report it.
    Internal,
}

impl ErrorKind {
    /// Whether this kind is the caller's input (as opposed to the environment or a bug).
    pub fn is_input(self) -> bool {
        matches!(self, ErrorKind::Malformed | ErrorKind::Unknown | ErrorKind::OutOfRange | ErrorKind::Checkpoint)
    }
}

/// An error reported by the library: a kind, a one-line message and an optional cause.
///
/// ```
/// use cubelab::{notation::parse_cube, ErrorKind};
/// let e = parse_cube("Zz").unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::Unknown);
/// assert!(e.kind().is_input());
/// assert!(!e.to_string().contains('\n'));
/// ```
#[derive(Debug, Clone)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    source: Option<Arc<dyn std::error::Error + Send + Sync>>,
}

impl Error {
    /// An error of `kind` with a one-line message: control characters in it (a newline
    /// in a quoted input, say) are escaped (`\n`), so that it stays one line.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: Error::one_line(message.into()), source: None }
    }

    /// `text` with its control characters escaped as Rust escapes them (`\n`, `\u{7}`),
    /// or unchanged (not copied) when it has none: what keeps every message on one line
    /// whatever input it quotes (used by the typed layer's errors too).
    pub fn one_line(text: String) -> String {
        if text.chars().any(char::is_control) {
            text.chars().map(|c| if c.is_control() { c.escape_debug().to_string() } else { c.to_string() }).collect()
        } else {
            text
        }
    }

    /// Attaches the underlying cause (shown after the message).
    pub fn with_source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> Error {
        self.source = Some(Arc::new(source));
        self
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, without the cause.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same error with its message prefixed by a position (`"cube 3: ..."`).
    pub fn at(mut self, position: &str) -> Error {
        self.message = format!("{position}: {}", self.message);
        self
    }

    pub(crate) fn malformed(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Malformed, message)
    }

    pub(crate) fn unknown(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unknown, message)
    }

    pub(crate) fn out_of_range(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::OutOfRange, message)
    }

    pub(crate) fn checkpoint(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Checkpoint, message)
    }

    pub(crate) fn stopped(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Stopped, message)
    }

    pub(crate) fn io(message: impl Into<String>, source: std::io::Error) -> Error {
        Error::new(ErrorKind::Io, message).with_source(source)
    }
}

impl fmt::Display for Error {
    /// The message, then `": "` and the cause where there is one: always one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(s) = &self.source {
            write!(f, ": {}", s.to_string().replace('\n', " "))?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl PartialEq for Error {
    /// Errors are equal when their kinds and full messages are.
    fn eq(&self, other: &Error) -> bool {
        self.kind == other.kind && self.to_string() == other.to_string()
    }
}

impl Eq for Error {}

/// Result type of the library.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_one_line_with_the_cause() {
        let e = Error::io("cannot write 'x'", std::io::Error::other("disk\nfull"));
        assert_eq!(e.to_string(), "cannot write 'x': disk full");
        assert_eq!(e.kind(), ErrorKind::Io);
        assert!(!e.kind().is_input());
        let e = Error::malformed("bad token").at("cube 3");
        assert_eq!(e.to_string(), "cube 3: bad token");
        assert!(e.kind().is_input());
        assert_eq!(e, Error::malformed("cube 3: bad token"));
        assert_ne!(e, Error::unknown("cube 3: bad token"));
    }

    /// Found by fuzzing (`picture_group`): a quoted input with a newline or another
    /// control character made a message of two lines.
    #[test]
    fn control_characters_in_messages_are_escaped() {
        let e = Error::unknown("unknown group '6\n0\u{7}'");
        assert_eq!(e.to_string(), "unknown group '6\\n0\\u{7}'");
        assert_eq!(Error::one_line("plain é".into()), "plain é");
    }
}
