//! A game: a position under a ruleset, with the history that superko and scoring need.

use crate::board::PointBits;
use crate::color::Color;
use crate::point::Move;
use crate::position::{IllegalMove, IllegalReason, MoveRecord, Position};
use crate::rules::{KoRule, Ruleset};
use crate::score::{score, Score, ScoreError};
use std::collections::HashMap;
use std::fmt;

/// Key mixed into the situational-superko key when White is to move.
const SITUATIONAL_WHITE_KEY: u64 = 0x2545_F491_4F6C_DD1D;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// Counted after the game ended: the margin is Black's points minus White's, in half
    /// points (0 is a draw).
    Score {
        /// Black minus White, in half points.
        margin_half_points: i32,
    },
    /// A player resigned; the other won.
    Resignation {
        /// The winner.
        winner: Color,
    },
}

impl GameResult {
    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match *self {
            GameResult::Score { margin_half_points } => match margin_half_points {
                m if m > 0 => Some(Color::Black),
                m if m < 0 => Some(Color::White),
                _ => None,
            },
            GameResult::Resignation { winner } => Some(winner),
        }
    }
}

impl fmt::Display for GameResult {
    /// SGF `RE` form: `B+3.5`, `W+R`, `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Resignation { winner } => write!(f, "{}+R", winner.letter()),
            GameResult::Score { margin_half_points } => match self.winner() {
                None => f.write_str("0"),
                Some(c) => {
                    write!(f, "{}+", c.letter())?;
                    crate::rules::fmt_half_points(margin_half_points.abs(), f)
                }
            },
        }
    }
}

#[derive(Debug, Clone)]
struct Step {
    record: MoveRecord,
    key: u64,
    newly_occupied: bool,
    passes_before: u32,
    result_before: Option<GameResult>,
}

/// A game: position, ruleset, moves, superko history, passes and result.
///
/// Superko is checked with a sound shortcut: a stone on a point that has never held a
/// stone always makes a new position (no earlier position had a stone there) if the stone
/// stays on the board, so only moves on points that were occupied before, and multi-stone
/// suicides (which remove the new stone again), are looked up. Every other move, capturing
/// or not, is checked.
///
/// ```
/// use tesuji::{BoardSize, Game, Move, Point, Ruleset};
/// let mut game = Game::new(BoardSize::square(9).unwrap(), Ruleset::chinese());
/// game.play(Move::Play(Point::new(2, 2))).unwrap();
/// game.play(Move::Pass).unwrap();
/// game.play(Move::Pass).unwrap();
/// assert!(game.is_over());
/// assert_eq!(game.result().unwrap().to_string(), "B+73.5");
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    initial: Position,
    position: Position,
    ruleset: Ruleset,
    steps: Vec<Step>,
    seen: HashMap<u64, u32>,
    ever_occupied: PointBits,
    passes: u32,
    result: Option<GameResult>,
}

impl Game {
    /// A new game on an empty board.
    pub fn new(size: crate::point::BoardSize, ruleset: Ruleset) -> Game {
        Game::from_position(Position::new(size), ruleset)
    }

    /// A new game from `position` (its suicide rule is set from `ruleset`).
    pub fn from_position(mut position: Position, ruleset: Ruleset) -> Game {
        position.set_suicide_rule(ruleset.suicide);
        let mut ever_occupied = PointBits::new();
        for p in position.size().points() {
            if position.board().get(p).is_some() {
                ever_occupied.insert(p.index());
            }
        }
        let mut game = Game {
            initial: position.clone(),
            position,
            ruleset,
            steps: Vec::new(),
            seen: HashMap::new(),
            ever_occupied,
            passes: 0,
            result: None,
        };
        let key = game.key();
        *game.seen.entry(key).or_insert(0) += 1;
        game
    }

    fn key(&self) -> u64 {
        let h = self.position.board().hash();
        match self.ruleset.ko {
            KoRule::SituationalSuperko if self.position.to_play() == Color::White => {
                h ^ SITUATIONAL_WHITE_KEY
            }
            _ => h,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn initial_position(&self) -> &Position {
        &self.initial
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// Changes the komi (the other axes are fixed once moves are played).
    pub fn set_komi(&mut self, komi: crate::rules::Komi) {
        self.ruleset.komi = komi;
    }

    /// The side to move.
    pub fn to_play(&self) -> Color {
        self.position.to_play()
    }

    /// The moves played, with who played them.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (Color, Move)> + '_ {
        self.steps.iter().map(|s| (s.record.color(), s.record.mv()))
    }

    /// The record of the last move, if any.
    pub fn last_record(&self) -> Option<&MoveRecord> {
        self.steps.last().map(|s| &s.record)
    }

    /// Number of moves played (passes included).
    pub fn move_count(&self) -> usize {
        self.steps.len()
    }

    /// Consecutive passes at the end of the move list.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Whether the game has ended (two passes in a row, or a resignation).
    pub fn is_over(&self) -> bool {
        self.passes >= 2 || self.result.is_some()
    }

    /// The result, once the game is over. After two passes it is the count under the
    /// ruleset with every stone alive; [`Game::set_result`] replaces it (for instance with
    /// a count that marks dead stones).
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Records a result (resignation, or an agreed count).
    pub fn set_result(&mut self, result: GameResult) {
        self.result = Some(result);
    }

    /// Counts the current position under the ruleset with the chains through `dead` lifted.
    pub fn score(&self, dead: &[crate::point::Point]) -> Result<Score, ScoreError> {
        score(
            &self.position,
            dead,
            self.ruleset.scoring,
            self.ruleset.komi,
        )
    }

    /// Why `color` may not play `mv` now, or `Ok` if it may.
    pub fn check_as(&mut self, color: Color, mv: Move) -> Result<(), IllegalReason> {
        if self.is_over() {
            return Err(IllegalReason::GameOver);
        }
        if color != self.position.to_play() {
            return Err(IllegalReason::WrongTurn);
        }
        self.position.check_as(color, mv)?;
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        // A stone on a never-occupied point makes a new position, provided it stays on the
        // board: a multi-stone suicide removes it again and may well repeat a position.
        let stays = self
            .position
            .board()
            .is_not_suicide(p.index(), color as u8, false);
        if self.ruleset.ko == KoRule::Simple || (stays && !self.ever_occupied.contains(p.index())) {
            return Ok(());
        }
        let r = self.position.play_unchecked_as(color, mv);
        let repeated = self.seen.contains_key(&self.key());
        self.position.undo(&r);
        if repeated {
            Err(IllegalReason::Superko)
        } else {
            Ok(())
        }
    }

    /// Whether the side to move may play `mv` (all rules, superko included).
    pub fn is_legal(&mut self, mv: Move) -> bool {
        self.check_as(self.position.to_play(), mv).is_ok()
    }

    /// The legal board moves of the side to move under all rules, row by row.
    pub fn legal_points(&mut self) -> Vec<crate::point::Point> {
        if self.is_over() {
            return Vec::new();
        }
        let candidates: Vec<_> = self.position.legal_points().collect();
        candidates
            .into_iter()
            .filter(|&p| self.is_legal(Move::Play(p)))
            .collect()
    }

    /// Plays `mv` for the side to move.
    pub fn play(&mut self, mv: Move) -> Result<&MoveRecord, IllegalMove> {
        self.play_as(self.position.to_play(), mv)
    }

    /// Plays `mv` for `color`, which must be the side to move.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<&MoveRecord, IllegalMove> {
        self.check_as(color, mv)
            .map_err(|reason| IllegalMove { color, mv, reason })?;
        let record = self.position.play_unchecked_as(color, mv);
        Ok(self.push(record))
    }

    /// Plays `mv` for `color` whoever is to move (as GTP's `play` allows), checking every
    /// rule except the turn. Unlike [`Game::play_as`], moves after the end of the game
    /// (two passes) are accepted too: the game simply goes on.
    pub fn play_any(&mut self, color: Color, mv: Move) -> Result<&MoveRecord, IllegalMove> {
        self.set_to_play(color);
        let saved = (self.passes, self.result);
        let resumed =
            self.passes >= 2 && !matches!(self.result, Some(GameResult::Resignation { .. }));
        if resumed {
            self.passes = 0;
            self.result = None;
        }
        if let Err(reason) = self.check_as(color, mv) {
            (self.passes, self.result) = saved;
            return Err(IllegalMove { color, mv, reason });
        }
        let record = self.position.play_unchecked_as(color, mv);
        self.push(record);
        let step = self.steps.last_mut().expect("just pushed");
        if resumed {
            // Undoing this move gives back the ended game.
            (step.passes_before, step.result_before) = saved;
        }
        Ok(&step.record)
    }

    /// Gives the turn to `color` (GTP lets either colour move at any time). A ko point is
    /// dropped when the turn changes hands this way.
    pub fn set_to_play(&mut self, color: Color) {
        self.position.set_to_play(color);
    }

    fn push(&mut self, record: MoveRecord) -> &MoveRecord {
        let newly_occupied = match record.mv() {
            Move::Play(p) => self.ever_occupied.insert(p.index()),
            Move::Pass => false,
        };
        let key = self.key();
        *self.seen.entry(key).or_insert(0) += 1;
        let passes_before = self.passes;
        let result_before = self.result;
        self.passes = if record.mv() == Move::Pass {
            self.passes + 1
        } else {
            0
        };
        self.steps.push(Step {
            record,
            key,
            newly_occupied,
            passes_before,
            result_before,
        });
        if self.passes >= 2 && self.result.is_none() {
            if let Ok(s) = self.score(&[]) {
                self.result = Some(GameResult::Score {
                    margin_half_points: s.margin_half_points(),
                });
            }
        }
        &self.steps.last().expect("just pushed").record
    }

    /// Takes back the last move; returns it, or `None` if no move was played. The passes
    /// and result are what they were before that move.
    pub fn undo(&mut self) -> Option<(Color, Move)> {
        let step = self.steps.pop()?;
        self.position.undo(&step.record);
        if let Some(n) = self.seen.get_mut(&step.key) {
            *n -= 1;
            if *n == 0 {
                self.seen.remove(&step.key);
            }
        }
        if step.newly_occupied {
            if let Move::Play(p) = step.record.mv() {
                self.ever_occupied.remove(p.index());
            }
        }
        self.passes = step.passes_before;
        self.result = step.result_before;
        Some((step.record.color(), step.record.mv()))
    }
}
