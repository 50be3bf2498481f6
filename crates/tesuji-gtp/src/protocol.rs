//! GTP 2 syntax: reading commands and writing responses.
//!
//! Preprocessing follows the GTP 2 specification: control characters other than tab and
//! newline are removed, tabs become spaces, everything after `#` is a comment, and lines
//! that are then empty are skipped. A command is an optional numeric id, a name and
//! arguments separated by spaces. A response is `=` (success) or `?` (failure), the id if
//! the command had one, a space and the text, ended by an empty line.

use std::fmt;

/// One command line, after preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The numeric id, if given.
    pub id: Option<u64>,
    /// The command name.
    pub name: String,
    /// The arguments.
    pub args: Vec<String>,
}

/// Preprocesses one input line and splits it into a [`Command`]; `None` for lines that
/// are empty after removing comments and control characters.
///
/// ```
/// use tesuji_gtp::protocol::parse_line;
/// let c = parse_line("12 play\tb D4 # a comment\r").unwrap();
/// assert_eq!(c.id, Some(12));
/// assert_eq!(c.name, "play");
/// assert_eq!(c.args, ["b", "D4"]);
/// assert!(parse_line("   # only a comment").is_none());
/// ```
pub fn parse_line(line: &str) -> Option<Command> {
    let cleaned: String = line
        .split('#')
        .next()
        .unwrap_or("")
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = cleaned.split_whitespace();
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next().unwrap_or("").to_string()),
            Err(_) => (None, first.to_string()),
        }
    } else {
        (None, first.to_string())
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// A response to one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The command's id.
    pub id: Option<u64>,
    /// Success (`=`) or failure (`?`), with the text.
    pub result: Result<String, String>,
}

impl fmt::Display for Response {
    /// The wire form, including the terminating empty line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mark, text) = match &self.result {
            Ok(t) => ('=', t),
            Err(t) => ('?', t),
        };
        write!(f, "{mark}")?;
        if let Some(id) = self.id {
            write!(f, "{id}")?;
        }
        // Multi-line answers must not contain empty lines, which would end the response.
        let body: String = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        if text.starts_with('\n') {
            write!(f, " \n{body}\n\n")
        } else {
            write!(f, " {body}\n\n")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing() {
        assert_eq!(parse_line("\u{7}name\r").unwrap().name, "name");
        assert!(parse_line("").is_none());
        assert!(parse_line(" \t ").is_none());
        let c = parse_line("7").unwrap();
        assert_eq!((c.id, c.name.as_str()), (Some(7), ""));
        let c = parse_line("99999999999999999999999 name").unwrap();
        assert_eq!(c.id, None);
    }

    #[test]
    fn responses() {
        let r = Response {
            id: Some(3),
            result: Ok("D4".into()),
        };
        assert_eq!(r.to_string(), "=3 D4\n\n");
        let r = Response {
            id: None,
            result: Err("unknown command".into()),
        };
        assert_eq!(r.to_string(), "? unknown command\n\n");
        let r = Response {
            id: None,
            result: Ok(String::new()),
        };
        assert_eq!(r.to_string(), "= \n\n");
        let r = Response {
            id: None,
            result: Ok("\n a\n\n b".into()),
        };
        assert_eq!(r.to_string(), "= \n a\n b\n\n");
    }
}
