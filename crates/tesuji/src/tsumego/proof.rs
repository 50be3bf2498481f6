//! Proof trees of life-and-death problems as SGF, and an independent verifier.
//!
//! [`proof_sgf`] writes a [`ProofTree`] found by the solver ([`crate::dfpn::Solver`] over
//! [`Search`](super::Search)) as an SGF game tree that any SGF editor can browse: the
//! problem at the root, the winner's moves and every answer to the loser's moves as
//! variations. [`verify`] reads such a tree back and checks, with the rules engine alone,
//! that it is a proof.
//!
//! ```
//! use tesuji::{ascii, sgf, Color, Point};
//! use tesuji::dfpn::{Config, Solver};
//! use tesuji::tsumego::{proof_sgf, verify, Tsumego};
//! let pos = ascii::parse_diagram("
//!     . . . . . . . .
//!     . X X X X X X X
//!     . X O O O O O X
//!     . X O . . . O X
//! ").unwrap();
//! let problem = Tsumego::new(pos, &[Point::new(2, 2)]).unwrap();
//! let tree = Solver::new(Config::default())
//!     .proof_tree(&mut problem.search(Color::Black))
//!     .unwrap();
//! let text = proof_sgf(&problem, &tree, Color::Black).to_sgf();
//! assert!(text.contains("C[Black to play kills"));
//! let report = verify(&problem, &sgf::parse(&text).unwrap()[0]).unwrap();
//! assert_eq!(report.winner, Color::Black);
//! assert!(report.leaves.captured > 0);
//! ```
//!
//! # SGF conventions
//!
//! The root holds the problem and the claim:
//!
//! * `GM[1]FF[4]CA[UTF-8]`, `SZ` (`9`, or `9:13` for columns:rows), `PL` the first
//!   player, `AB` and `AW` the stones (board order), `MA` on every target stone, `SQ` on
//!   every point of the region (stones included): [`Tsumego::from_sgf`] reads the root
//!   back as the same problem.
//! * `KT[B:n][W:m]` ([`PROP_KO_THREATS`]): the external ko threats given to Black and
//!   White at the start (always written, `KT[B:0][W:0]` when there are none).
//! * `KP[point]` ([`PROP_KO_POINT`]), only when the first player starts under a ko ban: the
//!   point it may not retake.
//! * `WIN[B]` or `WIN[W]` ([`PROP_WINNER`]): the colour the tree proves successful.
//! * `C`: the claim in words, first line `Black to play kills` or `White to play lives`
//!   when the first player wins, `Black to play, White lives` when it loses; then the ko
//!   threats (`External ko threats: Black 0, White 1`).
//!
//! Below the root, each move of the search is one node (`B[cd]`, a pass `B[]`), in the
//! solver's move order, except a ko threat ([`TsumegoMove::Threat`]): it is two nodes,
//! the threatening side's pass `B[]KT[threat]C[ko threat]` and the opponent's pass
//! `W[]KT[answer]C[answers the threat]`, after which the threatening side is to move again
//! with one threat less. The `KT` marks are what tells a threat from two passes in a row.
//!
//! **Transpositions.** A proof too large to write out in full within its memory bound
//! ([`crate::dfpn::Solver::proof_tree`]) shares its transpositions: a leaf `SAME[n]`
//! ([`PROP_SAME`], with a comment that says so) stands for the proof below the state
//! marked `ID[n]` ([`PROP_ID`]) earlier in the tree, which is the same state. An SGF
//! editor shows it as the end of a line; the line goes on below the marked node. A proof
//! that fits has neither property.
//!
//! At the winner's turns the tree gives one move, at the loser's turns every legal move
//! (every legal stone on an empty region point, the attacker's blocks, the pass, and the
//! ko threat when the loser may use one). Leaves are commented: where the winner made
//! the last move, `C[RIGHT]` (the goproblems.com convention for a successful line);
//! where the loser did, why the play ended (`targets captured`, `unconditional life`,
//! `two passes`, `the attacker passes and the defender passes back`, `repetition`,
//! `escaped (out of the region)`). The output is a function of the
//! problem and the tree only, so it is deterministic, and the SGF writer's normal form
//! makes the text byte-stable through [`crate::sgf::parse`] and
//! [`GameTree::to_sgf`](crate::sgf::GameTree::to_sgf).
//!
//! # The verifier and why it is independent
//!
//! [`verify`] checks an SGF tree against the rules of the problem (see the
//! [module documentation of `tsumego`](super)), using only [`Position`] (legality, captures,
//! the ko point) and [`benson::unconditional_life`] on the whole board. It never calls
//! [`Search`](super::Search) nor [`crate::dfpn`], so a bug there (a wrong terminal test, a
//! move missing from the move generator, a transposition-table entry reused on the wrong
//! path) cannot hide itself: the verifier re-derives everything the search decided.
//!
//! * It walks every line of the SGF from the root (an explicit stack, no recursion),
//!   replaying the moves on one [`Position`] with suicide forbidden and simple ko, the
//!   consecutive passes and the ko threats left to each side.
//! * At each state it first asks whether the rules end the play there: the state repeats
//!   one earlier on the same line (compared exactly: stones, side to move, ko point,
//!   threats left, passes), no target point holds a defender stone (the attacker wins),
//!   two passes in a row, a pass by the attacker not under a ko ban (the defender passes
//!   back), a target chain has escaped (two liberties outside the region, a wide one, or
//!   one with the defender to move), or a target chain is unconditionally alive by
//!   Benson on the whole board (the defender wins for all five). A pass under a ko ban does
//!   not count toward the two passes. An end that favours the claimed winner closes the
//!   line (moves written below it are not read, and counted in [`VerifyReport::unread`]);
//!   one that favours the loser is an error.
//! * Otherwise the state must have moves, all of the side to move and all legal. At the
//!   loser's turns every legal move of the rules must be answered: each legal stone on an
//!   empty region point, each legal block of the attacker (a target chain's liberty
//!   outside the region that is not wide), the pass, and the ko threat when the loser has
//!   one left and is banned from retaking a ko in the region. Every variation written is
//!   checked (a wrong extra variation at the winner's turn is an error too).
//!
//! * A transposition `SAME[n]` (where the rules do not end the play) is accepted as it
//!   stands when the node marked `ID[n]` was checked to the end before it (earlier in
//!   the walk), holds exactly the same state, and has no repetition leaf below it; it is
//!   an error when that node holds another state. Such a proof holds whatever the moves
//!   that led to its state, since a repetition is the only end that depends on the line.
//!   A line of it may meet a state of the line where it is reused: the rules then end it
//!   there as a repetition, the defender's success. For a proof of life that only ends
//!   the line sooner. A proof of capture has no repetition leaf at all, so the part from
//!   the second meeting of the state proves the first meeting, and cutting there, again
//!   and again (each cut makes the tree smaller), leaves a proof without repeats.
//! * When the marked node was not checked before (it lies below a state where the
//!   verifier's whole-board Benson ended the play sooner than the solver saw, or later in
//!   the tree) or its proof has a repetition leaf, the moves below it are checked again
//!   from the transposition's state, as if written there. A transposition that names a
//!   node whose moves are being checked on the same line is an error: followed, the walk
//!   would go round through that node (a proof the solver writes never does: a
//!   transposition names a node whose proof was finished before it). So a line passes
//!   each node at most once, and the walk is finite.
//!
//! Whole-board Benson may see life earlier than the search's local test (which looks only
//! at regions enclosed inside the problem region); that only ends a line sooner.

use std::collections::HashMap;
use std::fmt;

use super::{Tsumego, TsumegoMove};
use crate::benson;
use crate::color::{ByColor, Color};
use crate::dfpn::{Leaf, Outcome, ProofTree};
use crate::point::{BoardSize, Move, Point};
use crate::position::{MoveRecord, Position};
use crate::rules::Suicide;
use crate::sgf::{self, GameTree, NodeId};
use crate::vertex;

/// The root property that gives the external ko threats of each side: `KT[B:1][W:0]`. On
/// a move node, `KT[threat]` and `KT[answer]` mark the two passes of a ko threat.
pub const PROP_KO_THREATS: &str = "KT";

/// The root property naming the colour that the tree proves successful: `WIN[B]`.
pub const PROP_WINNER: &str = "WIN";

/// The root property giving the point where the first player may not retake a ko at the
/// start (written only when there is one): `KP[cd]`.
pub const PROP_KO_POINT: &str = "KP";

/// The property naming a state node that a transposition refers to: `ID[17]` (any text
/// unique in the tree).
pub const PROP_ID: &str = "ID";

/// The property of a transposition leaf: `SAME[17]`, the state is the one of the node
/// marked `ID[17]` earlier in the tree, whose proof serves here too.
pub const PROP_SAME: &str = "SAME";

/// The comment of a leaf where the winner made the last move (goproblems.com's mark of
/// a successful line).
pub const RIGHT: &str = "RIGHT";

const THREAT: &str = "threat";
const ANSWER: &str = "answer";

/// How a line of play ends by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineEnd {
    /// No target point holds a defender stone: the attacker has won.
    Captured,
    /// A target chain is unconditionally alive (Benson, whole board): the defender has
    /// won.
    Life,
    /// Two passes in a row (neither under a ko ban) with a target on the board: the
    /// defender has won.
    TwoPasses,
    /// The attacker passed, not under a ko ban: the defender passes back and has won.
    AttackerPass,
    /// The state repeats one earlier on the line: the defender has won.
    Repetition,
    /// A target chain has two liberties outside the region, a wide one, or one with the
    /// defender to move: it gets out (it has escaped); the defender has won.
    Escaped,
}

impl LineEnd {
    /// The winner of a line that ends so.
    pub fn winner(self, defender: Color) -> Color {
        match self {
            LineEnd::Captured => !defender,
            _ => defender,
        }
    }

    /// The end in words, as leaf comments give it.
    pub fn description(self) -> &'static str {
        match self {
            LineEnd::Captured => "targets captured",
            LineEnd::Life => "unconditional life",
            LineEnd::TwoPasses => "two passes",
            LineEnd::AttackerPass => "the attacker passes and the defender passes back",
            LineEnd::Repetition => "repetition",
            LineEnd::Escaped => "escaped (out of the region)",
        }
    }
}

impl fmt::Display for LineEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

// ---------------------------------------------------------------------------------------
// The rules of a problem on a `Position`: shared by the writer (colours and leaf comments)
// and the verifier. Nothing here comes from `Search`.

/// What [`Rules::undo`] needs.
enum Undo {
    Move(MoveRecord, u8),
    Threat(MoveRecord, MoveRecord, u8, Color),
}

/// The state of a line: the position, consecutive passes and threats left.
struct Rules<'a> {
    problem: &'a Tsumego,
    pos: Position,
    passes: u8,
    threats: ByColor<u32>,
}

impl<'a> Rules<'a> {
    fn new(problem: &'a Tsumego) -> Rules<'a> {
        let mut pos = problem.position().clone();
        pos.set_suicide_rule(Suicide::Forbidden);
        Rules {
            problem,
            pos,
            passes: 0,
            threats: ByColor::from_fn(|c| problem.ko_threats(c)),
        }
    }

    fn to_play(&self) -> Color {
        self.pos.to_play()
    }

    fn ko_ban_in_region(&self) -> bool {
        self.pos
            .ko_point()
            .is_some_and(|k| self.problem.in_region(k))
    }

    fn may_threaten(&self) -> bool {
        self.threats[self.to_play()] > 0 && self.ko_ban_in_region()
    }

    /// Plays `mv` for the side to move, or says why it is not a move of the problem.
    fn play(&mut self, mv: TsumegoMove) -> Result<Undo, String> {
        let passes = self.passes;
        match mv {
            TsumegoMove::Play(p) => {
                if !self.pos.size().contains(p) {
                    return Err("not a point of the board".to_string());
                }
                if !self.problem.in_region(p) && !self.blocks().contains(&p) {
                    return Err(
                        "not a point of the region (nor a block of the attacker)".to_string()
                    );
                }
                let record = self
                    .pos
                    .play(Move::Play(p))
                    .map_err(|e| e.reason.description().to_string())?;
                self.passes = 0;
                Ok(Undo::Move(record, passes))
            }
            TsumegoMove::Pass => {
                let banned = self.ko_ban_in_region();
                let record = self.pos.play_unchecked(Move::Pass);
                self.passes = if banned { 0 } else { (passes + 1).min(2) };
                Ok(Undo::Move(record, passes))
            }
            TsumegoMove::Threat => {
                let color = self.to_play();
                if self.threats[color] == 0 {
                    return Err(format!("{} has no ko threat left", name(color)));
                }
                if !self.ko_ban_in_region() {
                    return Err(format!(
                        "{} is not banned from retaking a ko in the region",
                        name(color)
                    ));
                }
                self.threats[color] -= 1;
                let threat = self.pos.play_unchecked(Move::Pass);
                let answer = self.pos.play_unchecked(Move::Pass);
                self.passes = 0;
                Ok(Undo::Threat(threat, answer, passes, color))
            }
        }
    }

    fn undo(&mut self, undo: Undo) {
        match undo {
            Undo::Move(record, passes) => {
                self.pos.undo(&record);
                self.passes = passes;
            }
            Undo::Threat(threat, answer, passes, color) => {
                self.pos.undo(&answer);
                self.pos.undo(&threat);
                self.passes = passes;
                self.threats[color] += 1;
            }
        }
    }

    /// How the rules end the play here, repetitions aside.
    fn end(&self) -> Option<LineEnd> {
        let b = self.pos.board();
        let d = self.problem.defender();
        let targets = self.problem.targets();
        if !targets.iter().any(|&t| b.get(t) == Some(d)) {
            return Some(LineEnd::Captured);
        }
        if self.passes >= 2 {
            return Some(LineEnd::TwoPasses);
        }
        if self.passes == 1 && self.to_play() == d {
            return Some(LineEnd::AttackerPass);
        }
        // Liberties outside the region: two, a wide one, or one with the defender to move.
        let need = if self.to_play() == d { 1 } else { 2 };
        let escaped = |t: Point| {
            let (out, wide) = self.problem.way_out(b, t);
            out >= need || wide
        };
        if targets.iter().any(|&t| b.get(t) == Some(d) && escaped(t)) {
            return Some(LineEnd::Escaped);
        }
        // Each vital region of a Benson-alive chain holds one of its liberties (a region
        // without an empty point would be enemy stones without liberties), so a chain
        // with fewer than two liberties is never alive: skip the whole-board run then.
        if targets
            .iter()
            .any(|&t| b.get(t) == Some(d) && b.liberty_count(t) >= 2)
        {
            let life = benson::unconditional_life(b, Suicide::Forbidden);
            let alive = &life.alive_stones[d];
            if targets.iter().any(|t| alive.binary_search(t).is_ok()) {
                return Some(LineEnd::Life);
            }
        }
        None
    }

    /// The attacker's blocks when the attacker is to move: the target chains' liberties
    /// outside the region that are not wide (board order). Empty with the defender to
    /// move.
    fn blocks(&self) -> Vec<Point> {
        let d = self.problem.defender();
        if self.to_play() == d {
            return Vec::new();
        }
        let b = self.pos.board();
        let mut out: Vec<Point> = Vec::new();
        for &t in self.problem.targets() {
            if b.get(t) != Some(d) {
                continue;
            }
            if let Some(c) = b.chain(t) {
                out.extend(
                    c.liberties()
                        .into_iter()
                        .filter(|&l| !self.problem.in_region(l) && !self.problem.is_wide(b, l)),
                );
            }
        }
        out.sort_by_key(|p| p.index());
        out.dedup();
        out
    }

    /// Every move of the side to move: legal stones on empty region points (region
    /// order), the attacker's legal blocks (board order), the ko threat when allowed, the
    /// pass.
    fn legal_moves(&self) -> Vec<TsumegoMove> {
        let b = self.pos.board();
        let mut out: Vec<TsumegoMove> = self
            .problem
            .region()
            .iter()
            .filter(|&&p| b.is_empty(p) && self.pos.is_legal(Move::Play(p)))
            .map(|&p| TsumegoMove::Play(p))
            .collect();
        out.extend(
            self.blocks()
                .into_iter()
                .filter(|&p| self.pos.is_legal(Move::Play(p)))
                .map(TsumegoMove::Play),
        );
        if self.may_threaten() {
            out.push(TsumegoMove::Threat);
        }
        out.push(TsumegoMove::Pass);
        out
    }

    /// The exact state (for repetitions): stones packed two bits a point, then side to
    /// move, ko point, threats and passes; and a hash of it.
    fn snapshot(&self, out: &mut Vec<u8>) -> u64 {
        let b = self.pos.board();
        let mut byte = 0u8;
        let mut n = 0;
        for p in self.pos.size().points() {
            let v = match b.get(p) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            };
            byte |= v << (2 * n);
            n += 1;
            if n == 4 {
                out.push(byte);
                byte = 0;
                n = 0;
            }
        }
        out.push(byte);
        out.push(self.to_play() as u8);
        match self.pos.ko_point() {
            Some(k) => out.extend([1, k.x() as u8, k.y() as u8]),
            None => out.extend([0, 0, 0]),
        }
        for c in Color::ALL {
            out.extend(self.threats[c].to_le_bytes());
        }
        out.push(self.passes);
        let mut h = self.pos.hash();
        h ^= u64::from(self.threats[Color::Black]).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= u64::from(self.threats[Color::White]).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= u64::from(self.passes).wrapping_mul(0x1656_67B1_9E37_79F9);
        h
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// The first line of the root comment.
fn claim(first: Color, winner: Color, defender: Color) -> String {
    let verb = if winner == defender { "lives" } else { "kills" };
    if first == winner {
        format!("{} to play {verb}", name(first))
    } else {
        format!("{} to play, {} {verb}", name(first), name(winner))
    }
}

fn size_text(size: BoardSize) -> String {
    if size.is_square() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    }
}

/// A move as the verifier's error lines write it: `B:E1`, `W:pass`, `B:threat`.
fn move_text(color: Color, mv: TsumegoMove, size: BoardSize) -> String {
    let v = match mv {
        TsumegoMove::Play(p) => vertex::format(Move::Play(p), size).to_string(),
        TsumegoMove::Pass => "pass".to_string(),
        TsumegoMove::Threat => THREAT.to_string(),
    };
    format!("{}:{v}", letter(color))
}

// ---------------------------------------------------------------------------------------
// Writing.

/// Why [`verified_proof_text`] gave no text: the proof's SGF did not read back, or the
/// independent verifier rejected it (either is a bug of the solver or of the writer).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProofTextError {
    /// The SGF written does not parse.
    #[error("the proof SGF does not parse: {0}")]
    Parse(#[from] crate::sgf::SgfError),
    /// The verifier found a fault.
    #[error("the proof fails verification: {0}")]
    Verify(#[from] VerifyError),
}

/// The proof tree `tree` of `problem` (see [`proof_sgf`]) as SGF text, read back from that
/// text and checked by [`verify`]: what a caller writes to a file is what was verified.
///
/// Memory: the game tree of [`proof_sgf`] is dropped once its text is written, before the
/// text is read back, so at most one SGF game tree of the proof is alive at a time (an SGF
/// node costs a few hundred bytes, several times a state of `tree`;
/// [`crate::dfpn::proof_state_limit`] counts this).
pub fn verified_proof_text(
    problem: &Tsumego,
    tree: &ProofTree<TsumegoMove>,
    prover: Color,
) -> Result<(String, VerifyReport), ProofTextError> {
    let text = proof_sgf(problem, tree, prover).to_sgf();
    let parsed = crate::sgf::parse(&text)?;
    let report = verify(problem, &parsed[0])?;
    Ok((text, report))
}

/// The problem as an SGF game tree of one node: `SZ`, `PL` (the first player), the stones
/// as `AB` and `AW` (frame stones of an open problem included), `MA` on the targets and
/// `SQ` on the region. [`Tsumego::from_sgf`] reads it back as the same problem (the
/// region given, so nothing is detected or inferred again), except for the external ko
/// threats and a ko ban at the start, which SGF has no standard property for: the root of
/// a proof ([`proof_sgf`]) starts from this tree and adds them as its own properties.
pub fn problem_tree(problem: &Tsumego) -> GameTree {
    let pos = problem.position();
    let size = pos.size();
    let mut out = GameTree::new();
    let root = out.root();
    out.push_property(root, "GM", ["1"]);
    out.push_property(root, "FF", ["4"]);
    out.push_property(root, "CA", ["UTF-8"]);
    out.push_property(root, "SZ", [size_text(size)]);
    out.push_property(root, "PL", [letter(problem.first())]);
    for (prop, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let stones: Vec<String> = size
            .points()
            .filter(|&p| pos.board().get(p) == Some(color))
            .map(sgf::point_to_text)
            .collect();
        if !stones.is_empty() {
            out.push_property(root, prop, stones);
        }
    }
    let targets: Vec<String> = problem
        .targets()
        .iter()
        .map(|&p| sgf::point_to_text(p))
        .collect();
    out.push_property(root, "MA", targets);
    let region: Vec<String> = problem
        .region()
        .iter()
        .map(|&p| sgf::point_to_text(p))
        .collect();
    out.push_property(root, "SQ", region);
    out
}

/// Writes the proof tree `tree` of `problem`, found for `prover` (the colour the search
/// tried to prove successful, as given to [`Tsumego::search`]), as an SGF game tree; see
/// the [module documentation](self) for the conventions. The winner is `prover` for a
/// proof ([`Outcome::Proven`]) and the other colour for a disproof.
///
/// The tree is walked with an explicit stack, so depth costs heap only. A move of the tree
/// that the rules do not allow (a solver bug) is written with the comment `illegal move:
/// REASON` and its subtree left out, so that [`verify`] reports it.
pub fn proof_sgf(problem: &Tsumego, tree: &ProofTree<TsumegoMove>, prover: Color) -> GameTree {
    let winner = match tree.outcome {
        Outcome::Proven => prover,
        Outcome::Disproven => !prover,
    };
    let defender = problem.defender();
    let pos = problem.position();
    let mut out = problem_tree(problem);
    let root = out.root();
    out.push_property(
        root,
        PROP_KO_THREATS,
        Color::ALL.map(|c| format!("{}:{}", letter(c), problem.ko_threats(c))),
    );
    if let Some(k) = pos.ko_point() {
        out.push_property(root, PROP_KO_POINT, [sgf::point_to_text(k)]);
    }
    out.push_property(root, PROP_WINNER, [letter(winner)]);
    let mut comment = format!(
        "{}\nExternal ko threats: Black {}, White {}",
        claim(problem.first(), winner, defender),
        problem.ko_threats(Color::Black),
        problem.ko_threats(Color::White)
    );
    let mut rules = Rules::new(problem);
    if tree.nodes.first().is_some_and(|n| n.children.is_empty()) {
        if let Some(end) = rules.end() {
            comment.push_str(&format!("\nThe problem is already decided: {end}"));
        }
    }
    out.push_property(root, "C", [comment]);

    /// A state of the tree being written: its index, its SGF node, the next child and
    /// what takes back the move that led here.
    struct Frame {
        node: usize,
        sgf: NodeId,
        next: usize,
        undo: Option<Undo>,
    }
    let mut stack = vec![Frame {
        node: 0,
        sgf: root,
        next: 0,
        undo: None,
    }];
    // The SGF node of each state of `tree` written so far (for transpositions only).
    let shares = tree
        .nodes
        .iter()
        .any(|n| matches!(n.leaf, Some(Leaf::Transposition(_))));
    let mut sgf_of: Vec<Option<NodeId>> = Vec::new();
    if shares {
        sgf_of = vec![None; tree.nodes.len()];
        sgf_of[0] = Some(root);
    }
    while let Some(top) = stack.last_mut() {
        let Some(&(mv, child)) = tree
            .nodes
            .get(top.node)
            .and_then(|n| n.children.get(top.next))
        else {
            if let Some(Frame {
                undo: Some(undo), ..
            }) = stack.pop()
            {
                rules.undo(undo);
            }
            continue;
        };
        top.next += 1;
        let parent = top.sgf;
        let mover = rules.to_play();
        let (first, state) = match mv {
            TsumegoMove::Play(p) => {
                let id = out.add_move(parent, mover, Move::Play(p));
                (id, id)
            }
            TsumegoMove::Pass => {
                let id = out.add_move(parent, mover, Move::Pass);
                (id, id)
            }
            TsumegoMove::Threat => {
                let t = out.add_move(parent, mover, Move::Pass);
                out.push_property(t, PROP_KO_THREATS, [THREAT]);
                out.add_comment(t, "ko threat");
                let a = out.add_move(t, !mover, Move::Pass);
                out.push_property(a, PROP_KO_THREATS, [ANSWER]);
                out.add_comment(a, "answers the threat");
                (t, a)
            }
        };
        let undo = match rules.play(mv) {
            Ok(u) => u,
            Err(why) => {
                out.add_comment(first, &format!("illegal move: {why}"));
                continue;
            }
        };
        let Some(node) = tree.nodes.get(child) else {
            rules.undo(undo);
            continue;
        };
        if let Some(Leaf::Transposition(to)) = node.leaf {
            match sgf_of.get(to).copied().flatten() {
                Some(target) => {
                    let label = to.to_string();
                    if out.get(target, PROP_ID).is_none() {
                        out.push_property(target, PROP_ID, [label.as_str()]);
                    }
                    out.push_property(state, PROP_SAME, [label.as_str()]);
                    out.add_comment(
                        state,
                        &format!(
                            "transposition: the position of ID[{label}], whose proof serves here"
                        ),
                    );
                }
                None => out.add_comment(state, "a transposition to no state written before"),
            }
            rules.undo(undo);
        } else if node.children.is_empty() {
            let text = if mover == winner {
                RIGHT.to_string()
            } else if node.leaf == Some(Leaf::Repetition) {
                LineEnd::Repetition.to_string()
            } else {
                match rules.end() {
                    Some(end) => end.to_string(),
                    None => "decided by the solver, not by the rules".to_string(),
                }
            };
            out.add_comment(state, &text);
            rules.undo(undo);
        } else {
            if let Some(slot) = sgf_of.get_mut(child) {
                *slot = Some(state);
            }
            stack.push(Frame {
                node: child,
                sgf: state,
                next: 0,
                undo: Some(undo),
            });
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Verifying.

/// Leaves of a verified tree, by how the line ends.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeafCounts {
    /// Targets captured.
    pub captured: usize,
    /// Unconditional life of a target chain (Benson, whole board).
    pub life: usize,
    /// Two passes in a row.
    pub two_passes: usize,
    /// An attacker pass that the defender answers by passing back.
    pub attacker_pass: usize,
    /// A repetition of a state earlier on the line.
    pub repetition: usize,
    /// A target chain out of the region (escaped).
    pub escaped: usize,
}

impl LeafCounts {
    /// All leaves.
    pub fn total(&self) -> usize {
        self.captured
            + self.life
            + self.two_passes
            + self.attacker_pass
            + self.repetition
            + self.escaped
    }

    fn add(&mut self, end: LineEnd) {
        match end {
            LineEnd::Captured => self.captured += 1,
            LineEnd::Life => self.life += 1,
            LineEnd::TwoPasses => self.two_passes += 1,
            LineEnd::AttackerPass => self.attacker_pass += 1,
            LineEnd::Repetition => self.repetition += 1,
            LineEnd::Escaped => self.escaped += 1,
        }
    }
}

/// What [`verify`] found in a tree that is a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VerifyReport {
    /// The colour proven successful (the root's `WIN`).
    pub winner: Color,
    /// States checked (the root and every state reached by a move; a ko threat's two SGF
    /// nodes are one move).
    pub states: usize,
    /// Nodes of the SGF tree.
    pub sgf_nodes: usize,
    /// Nodes written below states where the rules had already ended the play (not read).
    pub unread: usize,
    /// The leaves, by how the line ends.
    pub leaves: LeafCounts,
    /// The most moves on a line (a ko threat counts as one).
    pub depth: usize,
    /// Ko threats played in the tree (by either side, counted once per threat node).
    pub threats: usize,
    /// Transposition leaves (`SAME`) met: each found to be the state of the node it
    /// names, whose subtree was checked before it and has no repetition leaf, or followed
    /// (the moves below the node it names checked again from its state, counted in
    /// `states`).
    pub transpositions: usize,
}

/// What is wrong with a tree, in [`VerifyError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyErrorKind {
    /// The root does not describe the problem, or names no winner.
    #[error("{0}")]
    Root(String),
    /// A node cannot be read as a move of the side to move.
    #[error("unreadable node: {0}")]
    Node(String),
    /// A move the rules of the problem do not allow.
    #[error("{mv} is not allowed: {reason}")]
    Illegal {
        /// The move (`B:E1`).
        mv: String,
        /// Why.
        reason: String,
    },
    /// A legal move of the loser that the tree does not answer.
    #[error("the loser's move {mv} is not answered")]
    Unanswered {
        /// The move left out.
        mv: String,
    },
    /// The same move given twice at one state.
    #[error("{mv} is given twice")]
    Duplicate {
        /// The move.
        mv: String,
    },
    /// A line ends in a state that the rules do not decide.
    #[error("the line ends with {to_play} to move but the rules do not end the play here")]
    Undecided {
        /// The side to move there.
        to_play: Color,
    },
    /// A transposition (`SAME`) that does not stand for the proof it names.
    #[error("transposition: {0}")]
    Transposition(String),
    /// The rules end the play in favour of the loser.
    #[error("the play ends here ({end}): {loser} succeeds, not {winner}")]
    LoserWins {
        /// How the play ends.
        end: LineEnd,
        /// The side the tree says loses.
        loser: Color,
        /// The side the tree says wins.
        winner: Color,
    },
}

/// Why a tree is not a proof, and where: the moves from the root to the state at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {kind}", line_text(line))]
pub struct VerifyError {
    /// The moves from the root to the state where the fault is, as `B:E1`, `W:pass`,
    /// `B:threat` (a ko threat and its answer).
    pub line: Vec<String>,
    /// What is wrong.
    pub kind: VerifyErrorKind,
}

fn line_text(line: &[String]) -> String {
    if line.is_empty() {
        "at the root".to_string()
    } else {
        format!("after {}", line.join(" "))
    }
}

/// The states of the current line, for exact repetition checks.
#[derive(Default)]
struct History {
    /// Start of each state's bytes in `bytes`, and its hash.
    entries: Vec<(usize, u64)>,
    bytes: Vec<u8>,
    by_hash: HashMap<u64, Vec<usize>>,
}

impl History {
    /// Whether the state of `rules` repeats one of the line; with the bytes and hash
    /// of the state, to [`History::push`] it.
    fn repeats(&mut self, rules: &Rules) -> (bool, u64) {
        let start = self.bytes.len();
        let h = rules.snapshot(&mut self.bytes);
        let len = self.bytes.len() - start;
        let found = self.by_hash.get(&h).is_some_and(|list| {
            list.iter().any(|&i| {
                let s = self.entries[i].0;
                self.bytes[s..s + len] == self.bytes[start..start + len]
            })
        });
        (found, h)
    }

    /// Keeps the state just checked by [`History::repeats`] on the line.
    fn push(&mut self, start: usize, h: u64) {
        self.by_hash.entry(h).or_default().push(self.entries.len());
        self.entries.push((start, h));
    }

    /// Forgets the bytes of a state checked but not kept.
    fn discard(&mut self, start: usize) {
        self.bytes.truncate(start);
    }

    fn pop(&mut self) {
        if let Some((start, h)) = self.entries.pop() {
            if let Some(list) = self.by_hash.get_mut(&h) {
                list.pop();
                if list.is_empty() {
                    self.by_hash.remove(&h);
                }
            }
            self.bytes.truncate(start);
        }
    }
}

/// Checks that `tree`, an SGF proof tree as [`proof_sgf`] writes it, proves the root's
/// claim for `problem`: the root describes `problem` (size, stones, first player,
/// targets, region, ko threats, ko point) and names a winner (`WIN`); at the winner's
/// turns at least one move is given and every move given is legal; at the loser's turns
/// every legal move is answered; every line ends where the rules end the play in the
/// winner's favour. Uses [`Position`] and whole-board Benson only (see the [module
/// documentation](self) for the exact checks and why this is independent of the solver).
///
/// Explicit stacks, no recursion: any depth costs heap only. The first fault found (lines
/// in the SGF's variation order) is reported with the line leading to it.
pub fn verify(problem: &Tsumego, tree: &GameTree) -> Result<VerifyReport, VerifyError> {
    let winner = check_root(problem, tree).map_err(|what| VerifyError {
        line: Vec::new(),
        kind: VerifyErrorKind::Root(what),
    })?;
    let defender = problem.defender();
    let size = problem.position().size();
    let mut report = VerifyReport {
        winner,
        states: 0,
        sgf_nodes: tree.len(),
        unread: 0,
        leaves: LeafCounts::default(),
        depth: 0,
        threats: 0,
        transpositions: 0,
    };
    let mut rules = Rules::new(problem);
    let mut history = History::default();
    let mut line: Vec<String> = Vec::new();
    let mut read = 0usize;
    // The states marked `ID` checked so far: their exact state, and whether their subtree
    // has no repetition leaf.
    let mut marked: HashMap<String, (Vec<u8>, bool)> = HashMap::new();
    // Every node marked `ID`, by mark.
    let mut ids: HashMap<&str, NodeId> = HashMap::new();
    for (id, _) in tree.nodes() {
        if let Some(mark) = tree.value(id, PROP_ID) {
            if ids.insert(mark, id).is_some() {
                return Err(VerifyError {
                    line: Vec::new(),
                    kind: VerifyErrorKind::Transposition(format!("ID[{mark}] is given twice")),
                });
            }
        }
    }

    /// A state whose moves are being checked.
    struct Frame {
        /// The node whose moves these are (a followed transposition's named node).
        at: NodeId,
        moves: Vec<(TsumegoMove, NodeId)>,
        next: usize,
        undo: Option<Undo>,
        /// For a state marked `ID`: the mark, the exact state and the repetition leaves
        /// counted before its subtree.
        mark: Option<(String, Vec<u8>, usize)>,
    }
    let mut stack: Vec<Frame> = Vec::new();
    // The state to enter next: its SGF node and what took the line there.
    let mut enter: Option<(NodeId, Option<Undo>)> = Some((tree.root(), None));
    loop {
        if let Some((node, undo)) = enter.take() {
            report.states += 1;
            read += 1;
            report.depth = report.depth.max(line.len());
            let fail = |line: &[String], kind| VerifyError {
                line: line.to_vec(),
                kind,
            };
            let start = history.bytes.len();
            let (repeats, h) = history.repeats(&rules);
            let end = if repeats {
                Some(LineEnd::Repetition)
            } else {
                rules.end()
            };
            let id = tree.value(node, PROP_ID).map(str::to_string);
            // The node whose moves go on from this state: this one, or the one a
            // transposition names when its proof has to be followed from here.
            let mut moves_at = node;
            if end.is_none() {
                if let Some(to) = tree.value(node, PROP_SAME) {
                    let (what, follow) = if id.is_some() {
                        (
                            Some("a transposition that is marked ID itself".to_string()),
                            None,
                        )
                    } else if !tree.children(node).is_empty() {
                        (Some(format!("SAME[{to}] with moves below it")), None)
                    } else {
                        match (marked.get(to), ids.get(to)) {
                            (Some((state, true)), _) if state[..] == history.bytes[start..] => {
                                (None, None)
                            }
                            (Some((_, true)), _) => (
                                Some(format!("the position differs from the one of ID[{to}]")),
                                None,
                            ),
                            // Not checked before (below an end of the play that the
                            // verifier saw sooner than the solver), or leaning on a
                            // repetition: its moves are checked again from here.
                            (_, Some(&target)) if stack.iter().any(|f| f.at == target) => (
                                Some(format!(
                                    "SAME[{to}] names a node on its own line: the proof would go round"
                                )),
                                None,
                            ),
                            (_, Some(&target)) => (None, Some(target)),
                            (_, None) => (
                                Some(format!("SAME[{to}] names no node marked ID[{to}]")),
                                None,
                            ),
                        }
                    };
                    if let Some(what) = what {
                        return Err(fail(&line, VerifyErrorKind::Transposition(what)));
                    }
                    report.transpositions += 1;
                    match follow {
                        Some(target) => moves_at = target,
                        None => {
                            history.discard(start);
                            if let Some(u) = undo {
                                rules.undo(u);
                                line.pop();
                            }
                            continue;
                        }
                    }
                }
            }
            if let Some(end) = end {
                if let Some(id) = id {
                    // The first check of a node stands (a transposition followed from
                    // another line meets its nodes again).
                    let state = history.bytes[start..].to_vec();
                    marked
                        .entry(id)
                        .or_insert((state, end != LineEnd::Repetition));
                }
                history.discard(start);
                let w = end.winner(defender);
                if w != winner {
                    return Err(fail(
                        &line,
                        VerifyErrorKind::LoserWins {
                            end,
                            loser: w,
                            winner,
                        },
                    ));
                }
                report.leaves.add(end);
                if let Some(u) = undo {
                    rules.undo(u);
                    line.pop();
                }
                continue;
            }
            let to_play = rules.to_play();
            let moves = read_moves(tree, moves_at, to_play, size, &mut read)
                .map_err(|what| fail(&line, VerifyErrorKind::Node(what)))?;
            if moves.is_empty() {
                return Err(fail(&line, VerifyErrorKind::Undecided { to_play }));
            }
            for (i, &(mv, _)) in moves.iter().enumerate() {
                if moves[..i].iter().any(|&(m, _)| m == mv) {
                    let mv = move_text(to_play, mv, size);
                    return Err(fail(&line, VerifyErrorKind::Duplicate { mv }));
                }
            }
            if to_play != winner {
                for mv in rules.legal_moves() {
                    if !moves.iter().any(|&(m, _)| m == mv) {
                        let mv = move_text(to_play, mv, size);
                        return Err(fail(&line, VerifyErrorKind::Unanswered { mv }));
                    }
                }
            }
            let mark = id.map(|id| {
                let state = history.bytes[start..].to_vec();
                (id, state, report.leaves.repetition)
            });
            history.push(start, h);
            stack.push(Frame {
                at: moves_at,
                moves,
                next: 0,
                undo,
                mark,
            });
            continue;
        }
        let Some(top) = stack.last_mut() else {
            break;
        };
        let Some(&(mv, state)) = top.moves.get(top.next) else {
            if let Some(frame) = stack.pop() {
                if let Some((id, state, reps)) = frame.mark {
                    marked
                        .entry(id)
                        .or_insert((state, report.leaves.repetition == reps));
                }
                if let Some(undo) = frame.undo {
                    rules.undo(undo);
                    line.pop();
                }
            }
            history.pop();
            continue;
        };
        top.next += 1;
        let text = move_text(rules.to_play(), mv, size);
        let undo = rules.play(mv).map_err(|reason| VerifyError {
            line: line.clone(),
            kind: VerifyErrorKind::Illegal {
                mv: text.clone(),
                reason,
            },
        })?;
        if mv == TsumegoMove::Threat {
            report.threats += 1;
        }
        line.push(text);
        enter = Some((state, Some(undo)));
    }
    report.unread = tree.len().saturating_sub(read);
    Ok(report)
}

/// The moves given at state node `node` for `to_play`: each with the SGF node of the
/// state it leads to (for a ko threat, the answer's node). Counts the nodes read.
fn read_moves(
    tree: &GameTree,
    node: NodeId,
    to_play: Color,
    size: BoardSize,
    read: &mut usize,
) -> Result<Vec<(TsumegoMove, NodeId)>, String> {
    let mut out = Vec::new();
    for &child in tree.children(node) {
        let (color, mv) = node_move(tree, child, size)?;
        if color != to_play {
            return Err(format!(
                "a move of {} where {} is to move",
                name(color),
                name(to_play)
            ));
        }
        match tree.value(child, PROP_KO_THREATS) {
            None => {
                let mv = match mv {
                    Move::Play(p) => TsumegoMove::Play(p),
                    Move::Pass => TsumegoMove::Pass,
                };
                out.push((mv, child));
            }
            Some(THREAT) => {
                if mv != Move::Pass {
                    return Err("a ko threat (KT[threat]) must be a pass".to_string());
                }
                let answer = match tree.children(child) {
                    &[a] => a,
                    _ => {
                        return Err(
                            "a ko threat (KT[threat]) must have exactly one answer".to_string()
                        )
                    }
                };
                let (c, m) = node_move(tree, answer, size)?;
                if c != !to_play
                    || m != Move::Pass
                    || tree.value(answer, PROP_KO_THREATS) != Some(ANSWER)
                {
                    return Err(format!(
                        "a ko threat must be answered by {}'s pass marked KT[answer]",
                        name(!to_play)
                    ));
                }
                *read += 1;
                out.push((TsumegoMove::Threat, answer));
            }
            Some(other) => return Err(format!("unexpected KT[{other}] on a move")),
        }
    }
    Ok(out)
}

/// The one move of a node below the root; setup is refused.
fn node_move(tree: &GameTree, id: NodeId, size: BoardSize) -> Result<(Color, Move), String> {
    let mut found = None;
    for p in tree.node(id).properties() {
        let color = match p.id() {
            "B" => Color::Black,
            "W" => Color::White,
            "AB" | "AW" | "AE" | "PL" => {
                return Err(format!("setup property {} below the root", p.id()))
            }
            _ => continue,
        };
        if found.is_some() {
            return Err("a node with two moves".to_string());
        }
        let mv = sgf::parse_move(p.value().unwrap_or(""), size).map_err(|e| e.to_string())?;
        found = Some((color, mv));
    }
    found.ok_or_else(|| "a node without a move".to_string())
}

/// Checks that the root describes `problem` and returns the winner it names.
fn check_root(problem: &Tsumego, tree: &GameTree) -> Result<Color, String> {
    let root = tree.root();
    if tree.get(root, "B").is_some() || tree.get(root, "W").is_some() {
        return Err("the root holds a move".to_string());
    }
    let read = Tsumego::from_sgf(tree).map_err(|e| e.to_string())?;
    let pos = problem.position();
    let size = pos.size();
    if read.position().size() != size {
        return Err(format!(
            "board {} instead of {}",
            read.position().size(),
            size
        ));
    }
    if let Some(p) = size
        .points()
        .find(|&p| read.position().board().get(p) != pos.board().get(p))
    {
        return Err(format!(
            "the stones differ from the problem's at {}",
            super::vertex_text(p, size)
        ));
    }
    if read.first() != problem.first() {
        return Err(format!(
            "PL gives {} as first player instead of {}",
            name(read.first()),
            name(problem.first())
        ));
    }
    if read.targets() != problem.targets() {
        return Err("the targets (MA) differ from the problem's".to_string());
    }
    if read.region() != problem.region() {
        return Err("the region (SQ) differs from the problem's".to_string());
    }
    let mut threats = ByColor::new(0u32, 0u32);
    if let Some(p) = tree.get(root, PROP_KO_THREATS) {
        for v in p.values() {
            let parsed = v.split_once(':').and_then(|(c, n)| {
                let c = match c.trim() {
                    "B" => Color::Black,
                    "W" => Color::White,
                    _ => return None,
                };
                n.trim().parse::<u32>().ok().map(|n| (c, n))
            });
            let (c, n) = parsed.ok_or_else(|| format!("KT[{v}] is not B:n or W:n"))?;
            threats[c] = n;
        }
    }
    for c in Color::ALL {
        if threats[c] != problem.ko_threats(c) {
            return Err(format!(
                "{} has {} ko threats in KT, {} in the problem",
                name(c),
                threats[c],
                problem.ko_threats(c)
            ));
        }
    }
    let ko = match tree.value(root, PROP_KO_POINT) {
        None => None,
        Some(v) => Some(sgf::parse_point(v, size).map_err(|e| format!("KP: {e}"))?),
    };
    if ko != pos.ko_point() {
        return Err("the ko point (KP) differs from the problem's".to_string());
    }
    let winner = match tree.value(root, PROP_WINNER).map(str::trim) {
        Some("B") => Color::Black,
        Some("W") => Color::White,
        Some(v) => return Err(format!("WIN[{v}] names no colour")),
        None => return Err("no winner (WIN) is named".to_string()),
    };
    let said = claim(problem.first(), winner, problem.defender());
    let comment = tree.comment(root).unwrap_or("");
    if comment.lines().next() != Some(said.as_str()) {
        return Err(format!(
            "the comment does not say {said:?}, as WIN[{}] does",
            letter(winner)
        ));
    }
    Ok(winner)
}
