//! Rulesets as independent axes, with the common presets.
//!
//! Each axis is its own enum, so nonsense combinations (two ko rules at once) cannot be
//! written. The presets follow what each ruleset's text says for the axes modelled here:
//!
//! | preset         | ko rule              | suicide     | scoring   | komi |
//! |----------------|----------------------|-------------|-----------|------|
//! | `chinese`      | positional superko   | forbidden   | area      | 7.5  |
//! | `japanese`     | simple               | forbidden   | territory | 6.5  |
//! | `aga`          | situational superko  | forbidden   | area      | 7.5  |
//! | `new-zealand`  | situational superko  | multi-stone | area      | 7    |
//! | `tromp-taylor` | positional superko   | multi-stone | area      | 7.5  |
//! | `ing`          | situational superko  | multi-stone | area      | 8    |
//!
//! Notes: Japanese rules end long cycles (triple ko) by declaring no result, which a simple
//! ko rule approximates by allowing the cycle; Ing's own ko rules distinguish kinds of ko
//! and are approximated by situational superko. Tromp-Taylor sets no komi; 7.5 is the
//! customary value. Single-stone suicide is never legal: under every ruleset that allows
//! suicide it either is forbidden or would repeat the position.

use std::fmt;
use std::str::FromStr;

/// How repetition of positions is restricted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone in a ko is forbidden.
    Simple,
    /// No move may recreate an earlier board position.
    PositionalSuperko,
    /// No move may recreate an earlier board position with the same player to move.
    SituationalSuperko,
}

/// Whether a move may remove its own chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// A move that leaves its own chain without liberties is illegal.
    Forbidden,
    /// A move that removes its own chain of two or more stones is legal (and the chain is
    /// removed); single-stone suicide stays illegal.
    MultiStoneAllowed,
}

/// How the result is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones on the board plus the empty points they surround.
    Area,
    /// Surrounded empty points plus prisoners.
    Territory,
}

/// Komi, kept exactly as a number of half points (White's compensation; may be negative).
///
/// ```
/// use tesuji::Komi;
/// let k: Komi = "6.5".parse().unwrap();
/// assert_eq!(k.half_points(), 13);
/// assert_eq!(k.to_string(), "6.5");
/// assert!("6.3".parse::<Komi>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Komi(i32);

impl Komi {
    /// Komi of `half_points` / 2 points.
    pub const fn from_half_points(half_points: i32) -> Komi {
        Komi(half_points)
    }
    /// The komi in half points.
    pub const fn half_points(self) -> i32 {
        self.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_half_points(self.0, f)
    }
}

/// Writes a number of half points as a decimal: `7`, `6.5`, `-0.5`.
pub(crate) fn fmt_half_points(h: i32, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let sign = if h < 0 { "-" } else { "" };
    let a = h.unsigned_abs();
    if a % 2 == 0 {
        write!(f, "{sign}{}", a / 2)
    } else {
        write!(f, "{sign}{}.5", a / 2)
    }
}

/// Error for komi text that is not a komi: not a number, not a multiple of one half, or
/// beyond 999999.5 either way.
///
/// ```
/// let e = "1.25".parse::<tesuji::Komi>().unwrap_err();
/// assert_eq!(e.to_string(), "not a komi: \"1.25\" (expected a multiple of 0.5 such as 6.5 or 7)");
/// let e = "1234567".parse::<tesuji::Komi>().unwrap_err();
/// assert_eq!(e.to_string(), "not a komi: \"1234567\" (at most 999999.5 either way)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a komi: {text:?} ({})", if *.too_large { "at most 999999.5 either way" } else { "expected a multiple of 0.5 such as 6.5 or 7" })]
pub struct ParseKomiError {
    /// The text (its first characters and its length when long, see [`crate::excerpt`]).
    pub text: String,
    /// Whether the text is a multiple of one half, only too large.
    pub too_large: bool,
}

impl FromStr for Komi {
    type Err = ParseKomiError;
    fn from_str(s: &str) -> Result<Komi, ParseKomiError> {
        let err = || ParseKomiError {
            text: crate::excerpt(s),
            too_large: false,
        };
        let t = s.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = t.split_once('.').unwrap_or((t, ""));
        if int.is_empty() && frac.is_empty() {
            return Err(err());
        }
        if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return Err(err()),
        };
        // A number of digits only, so only its size can stop it now.
        let int = int.trim_start_matches('0');
        let whole: i32 = match int {
            "" => 0,
            _ if int.len() <= 6 => int.parse().map_err(|_| err())?,
            _ => {
                return Err(ParseKomiError {
                    text: crate::excerpt(s),
                    too_large: true,
                })
            }
        };
        let h = whole * 2 + half;
        Ok(Komi(if neg { -h } else { h }))
    }
}

/// A ruleset: ko rule, suicide rule, scoring and komi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Repetition rule.
    pub ko: KoRule,
    /// Suicide rule.
    pub suicide: Suicide,
    /// Counting method.
    pub scoring: Scoring,
    /// Komi.
    pub komi: Komi,
}

/// Error for an unknown ruleset name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset {0:?} (known: chinese, japanese, aga, new-zealand, tromp-taylor, ing)")]
pub struct ParseRulesetError(pub String);

impl Ruleset {
    /// The names accepted by [`Ruleset::from_str`], in the order of the table above.
    pub const NAMES: [&'static str; 6] = [
        "chinese",
        "japanese",
        "aga",
        "new-zealand",
        "tromp-taylor",
        "ing",
    ];

    /// Chinese rules: area scoring, positional superko, no suicide, komi 7.5.
    pub const fn chinese() -> Ruleset {
        Ruleset {
            ko: KoRule::PositionalSuperko,
            suicide: Suicide::Forbidden,
            scoring: Scoring::Area,
            komi: Komi(15),
        }
    }
    /// Japanese rules: territory scoring, simple ko, no suicide, komi 6.5.
    pub const fn japanese() -> Ruleset {
        Ruleset {
            ko: KoRule::Simple,
            suicide: Suicide::Forbidden,
            scoring: Scoring::Territory,
            komi: Komi(13),
        }
    }
    /// AGA rules: area scoring, situational superko, no suicide, komi 7.5.
    pub const fn aga() -> Ruleset {
        Ruleset {
            ko: KoRule::SituationalSuperko,
            suicide: Suicide::Forbidden,
            scoring: Scoring::Area,
            komi: Komi(15),
        }
    }
    /// New Zealand rules: area scoring, situational superko, suicide allowed, komi 7.
    pub const fn new_zealand() -> Ruleset {
        Ruleset {
            ko: KoRule::SituationalSuperko,
            suicide: Suicide::MultiStoneAllowed,
            scoring: Scoring::Area,
            komi: Komi(14),
        }
    }
    /// Tromp-Taylor rules: area scoring, positional superko, suicide allowed, komi 7.5.
    pub const fn tromp_taylor() -> Ruleset {
        Ruleset {
            ko: KoRule::PositionalSuperko,
            suicide: Suicide::MultiStoneAllowed,
            scoring: Scoring::Area,
            komi: Komi(15),
        }
    }
    /// Ing rules (approximated): area scoring, situational superko, suicide allowed, komi 8.
    pub const fn ing() -> Ruleset {
        Ruleset {
            ko: KoRule::SituationalSuperko,
            suicide: Suicide::MultiStoneAllowed,
            scoring: Scoring::Area,
            komi: Komi(16),
        }
    }

    /// The same ruleset with another komi.
    pub const fn with_komi(self, komi: Komi) -> Ruleset {
        Ruleset { komi, ..self }
    }

    /// The preset this ruleset is: an exact match first, else the first preset with the
    /// same axes (ignoring komi). New Zealand and Ing share their axes and differ in komi.
    pub fn preset_name(&self) -> Option<&'static str> {
        let preset = |name: &str| name.parse::<Ruleset>().expect("preset names parse");
        Ruleset::NAMES
            .into_iter()
            .find(|name| preset(name) == *self)
            .or_else(|| {
                Ruleset::NAMES.into_iter().find(|name| {
                    let r = preset(name);
                    r.ko == self.ko && r.suicide == self.suicide && r.scoring == self.scoring
                })
            })
    }
}

impl Default for Ruleset {
    /// Chinese rules.
    fn default() -> Ruleset {
        Ruleset::chinese()
    }
}

impl FromStr for Ruleset {
    type Err = ParseRulesetError;
    /// Parses a preset name, ignoring case and accepting `_`, space or nothing for `-`
    /// (`"Tromp-Taylor"`, `"tromp_taylor"`, `"NZ"` and `"korean"` as Japanese work too).
    fn from_str(s: &str) -> Result<Ruleset, ParseRulesetError> {
        let key: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        Ok(match key.as_str() {
            "chinese" | "cn" => Ruleset::chinese(),
            "japanese" | "jp" | "korean" => Ruleset::japanese(),
            "aga" => Ruleset::aga(),
            "newzealand" | "nz" => Ruleset::new_zealand(),
            "tromptaylor" | "tt" => Ruleset::tromp_taylor(),
            "ing" | "goe" => Ruleset::ing(),
            _ => return Err(ParseRulesetError(crate::excerpt(s))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_parsing() {
        assert_eq!("7.5".parse::<Komi>().unwrap().half_points(), 15);
        assert_eq!("-0.5".parse::<Komi>().unwrap().half_points(), -1);
        assert_eq!("0".parse::<Komi>().unwrap().half_points(), 0);
        assert_eq!("6.50".parse::<Komi>().unwrap().half_points(), 13);
        for bad in ["", ".", "x", "6.25", "1e3", "--1", "7.5.5"] {
            assert!(bad.parse::<Komi>().is_err(), "{bad}");
        }
        assert_eq!(Komi::from_half_points(-1).to_string(), "-0.5");
    }

    #[test]
    fn presets_parse() {
        for name in Ruleset::NAMES {
            let r: Ruleset = name.parse().unwrap();
            assert_eq!(r.preset_name().unwrap(), name);
        }
        assert_eq!(
            "Tromp_Taylor".parse::<Ruleset>().unwrap(),
            Ruleset::tromp_taylor()
        );
        assert!("klingon".parse::<Ruleset>().is_err());
    }
}
