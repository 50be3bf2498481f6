//! The `Problem` class: a life-and-death problem, its solver, and playing it out.

use serde::{Deserialize, Serialize};
use tesuji::benson::unconditional_life;
use tesuji::dfpn::{Leaf, NodeKind, Outcome, ProofTree, StopReason};
use tesuji::sgf::Markup;
use tesuji::tsumego::{
    load, proof_sgf, solve_with_progress, time_budget, with_threats, Answer, Goal, OpenOptions,
    Phase, Progress, SolveOptions, Tsumego, TsumegoError, TsumegoMove, Verdict, MAX_TIME_SECONDS,
};
use tesuji::{ascii, BoardSize, Color, Move, MoveRecord, Position, Suicide};
use wasm_bindgen::prelude::*;

use crate::error::{Error, Result};
use crate::js::to_js;
use crate::position::{play_listed, stones_of, JsPosition};
use crate::text::{color_text, parse_color, parse_move, points, JsMove, JsPoint};

/// A life-and-death problem: the position, the target stones (their owner defends, the
/// other colour attacks), the region where moves may be played, and the first player. It
/// also keeps a line of play from the start ([`JsProblem::play`]), so that a page can play
/// the problem out against the solver.
#[wasm_bindgen(js_name = Problem)]
#[derive(Debug, Clone)]
pub struct JsProblem {
    start: Tsumego,
    pos: Position,
    history: Vec<(MoveRecord, u32)>,
    passes: u32,
    /// How the goal of a problem with nothing marked was found.
    open: Option<JsGoal>,
    /// Whether the region is open (no wall closes it: see `tesuji::tsumego::Loaded`).
    open_region: bool,
}

/// How the goal of an open problem was found (see `tesuji::tsumego::infer`), for
/// JavaScript: `Problem.goal`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct JsGoal {
    /// `"kill"` or `"live"`: what the side to play wants.
    goal: &'static str,
    /// The goal in words: "kill the white group at B18".
    words: String,
    /// The stones of the target group.
    group: Vec<JsPoint>,
    /// Whether the other side, moving first, was shown to succeed too (the group's fate
    /// depends on who plays first).
    confirmed: bool,
    /// Whether the side to play was shown to succeed while the goal was read.
    proven: bool,
    /// Which reading found the goal: `"first"`, `"narrower"`, `"smaller"`,
    /// `"critical-chain"` (the first look's closer look at a chain), or one of the
    /// second look's (`"fighting-chains"`, `"longer-reach"`, `"weaker-walls"`,
    /// `"other-chains"`), taken
    /// when no group fitted the first (`tesuji::tsumego::Look`).
    look: &'static str,
    /// Stones the problem adds around the region (the frame: where the attacker holds
    /// sway, and for a kill on every exit), not in the SGF.
    frame: Vec<JsPoint>,
    /// Whether the region is still open toward the rest of the board (a target chain
    /// that gets a liberty outside it has escaped, unless the attacker blocks it first at
    /// a narrow point); a kill's rim is closed
    /// (`tesuji::tsumego::close_rim`).
    region_open: bool,
    /// Time and nodes the reading took.
    elapsed_ms: f64,
    nodes: f64,
}

/// An options object from JavaScript (`undefined` and `null` mean every default); a bad
/// field is an argument error naming `what`.
fn js_options<T: Default + serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| Error::argument(format!("{what}: {e}")))
}

/// Options of [`JsProblem::open`], as a JavaScript object (every field optional).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct JsOpenOptions {
    time_ms: Option<f64>,
    nodes: Option<f64>,
    goal: Option<String>,
    reach: Option<u32>,
}

/// The `timeMs` of `what` (open or solve options) as a duration: 0 or more and at most
/// [`MAX_TIME_SECONDS`] (through [`time_budget`]), else an argument error.
fn time_ms(what: &str, t: f64) -> Result<std::time::Duration> {
    time_budget(t / 1000.0).ok_or_else(|| {
        Error::argument(format!(
            "{what}: timeMs {}: give a number of milliseconds, 0 or more and at most {:e}",
            tesuji::tsumego::brief_number(t),
            MAX_TIME_SECONDS * 1000.0
        ))
    })
}

impl JsOpenOptions {
    fn read(value: JsValue) -> Result<OpenOptions> {
        let o: JsOpenOptions = js_options(value, "open options")?;
        let mut options = OpenOptions::default();
        if let Some(t) = o.time_ms {
            options.time = Some(time_ms("open options", t)?);
        }
        if let Some(n) = o.nodes {
            if !(n.is_finite() && n >= 1.0) {
                return Err(Error::argument(format!(
                    "open options: nodes {n}: give a number, 1 or more"
                )));
            }
            // A total for the whole reading (every candidate, every round), as the CLI's
            // `--nodes` is.
            options.nodes = Some(n as u64);
        }
        if let Some(g) = &o.goal {
            options.goal = Some(Goal::parse(g).ok_or_else(|| {
                Error::argument(format!(
                    "open options: goal '{g}': give \"kill\" or \"live\""
                ))
            })?);
        }
        if let Some(r) = o.reach {
            if r == 0 || r > 8 {
                return Err(Error::argument(format!(
                    "open options: reach {r}: give 1 to 8"
                )));
            }
            options.reach = r as usize;
        }
        Ok(options)
    }
}

/// The table size when none is given: 64 MiB (a phone's browser tab has little to spare).
const DEFAULT_MEMORY: usize = 64 << 20;

/// Options of [`JsProblem::solve`], as a JavaScript object (every field optional).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct JsSolveOptions {
    nodes: Option<f64>,
    time_ms: Option<f64>,
    memory_mb: Option<f64>,
    ko_threats: i32,
    max_threats: Option<u32>,
    all_moves: bool,
    pv: Option<bool>,
    proof: bool,
    key_seed: Option<f64>,
}

impl JsSolveOptions {
    fn read(value: JsValue) -> Result<SolveOptions> {
        let o: JsSolveOptions = js_options(value, "solve options")?;
        let positive = |v: Option<f64>, what: &str| -> Result<Option<f64>> {
            match v {
                Some(x) if !(x.is_finite() && x >= 0.0) => Err(Error::argument(format!(
                    "solve options: {what} must be a number at least 0"
                ))),
                _ => Ok(v),
            }
        };
        let time = o.time_ms.map(|t| time_ms("solve options", t)).transpose()?;
        let mut out = SolveOptions {
            nodes: positive(o.nodes, "nodes")?.map(|n| n as u64),
            time,
            memory_bytes: DEFAULT_MEMORY,
            ko_threats: o.ko_threats,
            all_moves: o.all_moves,
            pv: o.pv.unwrap_or(true),
            proof: o.proof,
            key_seed: positive(o.key_seed, "keySeed")?.map_or(0, |s| s as u64),
            ..SolveOptions::default()
        };
        if let Some(mb) = positive(o.memory_mb, "memoryMb")? {
            out.memory_bytes = (mb * 1024.0 * 1024.0) as usize;
        }
        if let Some(m) = o.max_threats {
            out.max_threats = m;
        }
        Ok(out)
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsProgress {
    nodes: f64,
    elapsed_ms: f64,
    phase: &'static str,
    threats: Option<i32>,
    description: String,
    current: Option<JsMove>,
    done: usize,
    total: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsMoveAnswer {
    #[serde(rename = "move")]
    mv: JsMove,
    threshold: Option<i32>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsRefutation {
    #[serde(rename = "move")]
    mv: JsMove,
    reply: Option<JsMove>,
    immediate: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsProofChild {
    #[serde(rename = "move")]
    mv: JsMove,
    node: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsProofNode {
    to_play: String,
    leaf: Option<&'static str>,
    /// For a transposition: the node whose state and proof this is.
    same: Option<usize>,
    children: Vec<JsProofChild>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsProof {
    winner: String,
    nodes: Vec<JsProofNode>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsAnswer {
    first: String,
    attacker: String,
    defender: String,
    result: &'static str,
    threshold: Option<i32>,
    threshold_settled: bool,
    summary: String,
    moves: Vec<JsMoveAnswer>,
    refutations: Vec<JsRefutation>,
    unsearched: Vec<JsMove>,
    complete: bool,
    moves_complete: bool,
    note: Option<String>,
    pv: Vec<JsMove>,
    proof_threats: i32,
    proof: Option<JsProof>,
    proof_sgf: Option<String>,
    nodes: f64,
    table_entries: f64,
    elapsed_ms: f64,
    stopped: &'static str,
}

/// The status of a line of play.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsStatus {
    to_play: String,
    over: bool,
    winner: Option<String>,
    reason: Option<&'static str>,
    moves: usize,
}

fn stop_name(s: StopReason) -> &'static str {
    match s {
        StopReason::Solved => "solved",
        StopReason::NodeLimit => "node-limit",
        StopReason::TimeLimit => "time-limit",
        StopReason::Cancelled => "cancelled",
        StopReason::MemoryLimit => "memory-limit",
    }
}

/// The answer in words, for a page: "Black kills unconditionally", "White lives if White
/// wins the ko (needs 1 more ko threat than Black)", ...
pub fn summary(a: &Answer, attacker: Color) -> String {
    let f = a.first;
    let o = !f;
    let name = |c: Color| if c == Color::Black { "Black" } else { "White" };
    let goal = |c: Color| if c == attacker { "kill" } else { "live" };
    let goals = |c: Color| if c == attacker { "kills" } else { "lives" };
    let threats = |n: i32| if n == 1 { "threat" } else { "threats" };
    match (a.result, a.threshold) {
        (Verdict::Unknown, _) => format!(
            "unknown: the search stopped ({})",
            match a.stopped {
                StopReason::NodeLimit => "node budget spent",
                StopReason::TimeLimit => "time budget spent",
                StopReason::Cancelled => "stopped",
                StopReason::MemoryLimit => "proof too large",
                StopReason::Solved => "no proof",
            }
        ),
        (Verdict::Win, None) if !a.threshold_settled => format!(
            "{} {} in a ko (how many ko threats it needs is not known)",
            name(f),
            goals(f)
        ),
        (Verdict::Loss, None) if !a.threshold_settled => format!(
            "{} cannot {} with the ko threats given (whether more would do is not known)",
            name(f),
            goal(f)
        ),
        (Verdict::Win, None) => format!("{} {} unconditionally", name(f), goals(f)),
        (Verdict::Loss, None) => format!(
            "{} cannot {}: {} {} unconditionally",
            name(f),
            goal(f),
            name(o),
            goals(o)
        ),
        (result, Some(t)) => {
            let need = if t > 0 {
                format!(
                    "{} needs at least {t} more ko {} than {}",
                    name(f),
                    threats(t),
                    name(o)
                )
            } else if t == 0 {
                format!(
                    "{} needs at least as many ko threats as {}",
                    name(f),
                    name(o)
                )
            } else {
                format!(
                    "{} would need {} more ko {} than {} to stop it",
                    name(o),
                    1 - t,
                    threats(1 - t),
                    name(f)
                )
            };
            if result == Verdict::Win {
                format!("{} {} by winning a ko ({need})", name(f), goals(f))
            } else {
                format!(
                    "{} {} only by winning a ko ({need}); with the threats given, {} {}",
                    name(f),
                    goals(f),
                    name(o),
                    goals(o)
                )
            }
        }
    }
}

/// Whether the lists of first moves are whole: the result is known, every first move was
/// searched (with `all_moves`), and a winning move was found where the first player wins.
pub fn moves_complete(a: &Answer, all_moves: bool) -> bool {
    let wins = a.result == Verdict::Win || a.threshold.is_some();
    a.result != Verdict::Unknown
        && (a.stopped == StopReason::Solved
            || all_moves && a.unsearched.is_empty() && !(wins && a.moves.is_empty()))
}

/// What a budget cut from an answer whose result is known, in words (`None` when the
/// answer is whole or the result itself is unknown): "The time limit ran out: 1 winning
/// move found so far; 12 first moves not searched." `asked` says whether every first
/// move and the proof tree were asked for.
pub fn partial_note(a: &Answer, asked: Asked) -> Option<String> {
    if a.stopped == StopReason::Solved || a.result == Verdict::Unknown {
        return None;
    }
    let why = match a.stopped {
        StopReason::NodeLimit => "The node budget ran out",
        StopReason::TimeLimit => "The time limit ran out",
        StopReason::Cancelled => "The search was stopped",
        StopReason::MemoryLimit => "The proof outgrew the memory bound",
        StopReason::Solved => "",
    };
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let whole = moves_complete(a, asked.all_moves);
    let mut parts = Vec::new();
    let wins = a.result == Verdict::Win || a.threshold.is_some();
    if wins && !whole {
        parts.push(if a.moves.is_empty() {
            "the winning moves are not found yet".to_string()
        } else {
            format!(
                "{} found so far",
                plural(a.moves.len(), "winning move", "winning moves")
            )
        });
    }
    if !a.unsearched.is_empty() {
        parts.push(format!(
            "{} not searched",
            plural(a.unsearched.len(), "first move", "first moves")
        ));
    }
    let unrefuted = a
        .refutations
        .iter()
        .filter(|r| r.reply.is_none() && !r.immediate)
        .count();
    if unrefuted > 0 {
        parts.push(format!(
            "{} without a refutation found",
            plural(unrefuted, "failing move", "failing moves")
        ));
    }
    if !a.threshold_settled {
        parts.push("the ko threshold is not known".to_string());
    }
    if a.pv.is_empty() {
        parts.push("no main line".to_string());
    }
    if asked.proof && a.proof.is_none() {
        parts.push("the proof tree (the variations) was not finished".to_string());
    }
    let head = if whole {
        format!("{why}: the result and every first move are known, but ")
    } else {
        format!("{why}: ")
    };
    if parts.is_empty() {
        Some(format!("{why} before the end."))
    } else {
        Some(format!("{head}{}.", parts.join("; ")))
    }
}

/// What a solve was asked for, for the words of [`partial_note`].
#[derive(Debug, Clone, Copy)]
pub struct Asked {
    /// Every first move ([`SolveOptions::all_moves`]).
    pub all_moves: bool,
    /// The proof tree ([`SolveOptions::proof`]).
    pub proof: bool,
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Result => "result",
        Phase::Threshold(_) => "threshold",
        Phase::WinningMove => "winning-move",
        Phase::FirstMoves => "first-moves",
        Phase::Refutations => "refutations",
        Phase::MainLine => "main-line",
        Phase::Proof => "proof",
    }
}

fn answer_to_js(problem: &Tsumego, a: &Answer, asked: Asked) -> JsValue {
    let attacker = problem.attacker();
    let size = problem.position().size();
    let proof = a.proof.as_ref().map(|t: &ProofTree<TsumegoMove>| {
        let winner = if t.outcome == Outcome::Proven {
            a.first
        } else {
            !a.first
        };
        JsProof {
            winner: color_text(winner),
            nodes: t
                .nodes
                .iter()
                .map(|n| JsProofNode {
                    to_play: color_text(if n.kind == NodeKind::Or {
                        a.first
                    } else {
                        !a.first
                    }),
                    leaf: n.leaf.map(|l| match l {
                        Leaf::Terminal => "terminal",
                        Leaf::Repetition => "repetition",
                        Leaf::Transposition(_) => "transposition",
                    }),
                    same: match n.leaf {
                        Some(Leaf::Transposition(to)) => Some(to),
                        _ => None,
                    },
                    children: n
                        .children
                        .iter()
                        .map(|&(mv, node)| JsProofChild {
                            mv: JsMove::of_search(mv, size),
                            node,
                        })
                        .collect(),
                })
                .collect(),
        }
    });
    to_js(&JsAnswer {
        first: color_text(a.first),
        attacker: color_text(attacker),
        defender: color_text(!attacker),
        result: match a.result {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Unknown => "unknown",
        },
        threshold: a.threshold,
        threshold_settled: a.threshold_settled,
        summary: summary(a, attacker),
        moves: a
            .moves
            .iter()
            .map(|m| JsMoveAnswer {
                mv: JsMove::of(m.mv, size),
                threshold: m.threshold,
            })
            .collect(),
        refutations: a
            .refutations
            .iter()
            .map(|r| JsRefutation {
                mv: JsMove::of(r.mv, size),
                reply: r.reply.map(|m| JsMove::of(m, size)),
                immediate: r.immediate,
            })
            .collect(),
        unsearched: a.unsearched.iter().map(|&m| JsMove::of(m, size)).collect(),
        complete: a.stopped == StopReason::Solved,
        moves_complete: moves_complete(a, asked.all_moves),
        note: partial_note(a, asked),
        pv: a.pv.iter().map(|&m| JsMove::of(m, size)).collect(),
        proof_threats: a.proof_threats,
        proof,
        proof_sgf: a.proof.as_ref().map(|t| {
            proof_sgf(&with_threats(problem, a.first, a.proof_threats), t, a.first).to_sgf()
        }),
        nodes: a.nodes as f64,
        table_entries: a.table_entries as f64,
        elapsed_ms: a.elapsed.as_secs_f64() * 1000.0,
        stopped: stop_name(a.stopped),
    })
}

impl JsProblem {
    fn wrap(start: Tsumego) -> JsProblem {
        let mut pos = start.position().clone();
        pos.set_suicide_rule(Suicide::Forbidden);
        JsProblem {
            start,
            pos,
            history: Vec::new(),
            passes: 0,
            open: None,
            open_region: false,
        }
    }

    /// The problem of SGF text as every face of tesuji reads it
    /// (`tesuji::tsumego::load`): marked targets, or the goal found by reading.
    fn load(sgf: &str, options: &OpenOptions) -> Result<JsProblem> {
        let trees = tesuji::sgf::parse(sgf)?;
        let tree = trees.first().ok_or(TsumegoError::NoGameTree)?;
        let loaded = load(tree, None, None, options)?;
        let region_open = loaded.problem.is_open();
        let mut p = JsProblem::wrap(loaded.problem);
        p.open_region = loaded.open_region;
        let frame = loaded.frame;
        p.open = loaded.open.map(|f| JsGoal {
            goal: f.goal.as_str(),
            words: f.describe(),
            group: points(f.group.stones.iter().copied()),
            confirmed: f.confirmed,
            proven: f.proven,
            look: f.look.as_str(),
            frame: points(frame.iter().copied()),
            region_open,
            elapsed_ms: f.elapsed.as_secs_f64() * 1000.0,
            nodes: f.nodes as f64,
        });
        Ok(p)
    }

    /// The problem.
    pub fn tsumego(&self) -> &Tsumego {
        &self.start
    }

    fn size(&self) -> BoardSize {
        self.pos.size()
    }

    /// Whether the target stones are all gone from the current position.
    fn captured(&self) -> bool {
        let d = self.start.defender();
        !self
            .start
            .targets()
            .iter()
            .any(|&t| self.pos.board().get(t) == Some(d))
    }

    /// The problem at the current position of the line of play: the same region and
    /// the target stones still on the board. `None` once they are captured.
    fn current(&self) -> Result<Option<Tsumego>> {
        if self.history.is_empty() {
            return Ok(Some(self.start.clone()));
        }
        let d = self.start.defender();
        let targets: Vec<_> = self
            .start
            .targets()
            .iter()
            .copied()
            .filter(|&t| self.pos.board().get(t) == Some(d))
            .collect();
        if targets.is_empty() {
            return Ok(None);
        }
        let mut t = Tsumego::with_region(self.pos.clone(), &targets, self.start.region())?;
        for c in Color::ALL {
            t.set_ko_threats(c, self.start.ko_threats(c));
        }
        Ok(Some(t))
    }

    /// Solves for `first` with the options and progress callback of the JS API.
    fn solve_js(
        problem: &Tsumego,
        first: Color,
        options: JsValue,
        progress: Option<js_sys::Function>,
    ) -> Result<(Answer, Asked)> {
        let options = JsSolveOptions::read(options)?;
        let asked = Asked {
            all_moves: options.all_moves,
            proof: options.proof,
        };
        let size = problem.position().size();
        let mut report = |p: &Progress| -> bool {
            let Some(f) = &progress else { return true };
            let arg = to_js(&JsProgress {
                nodes: p.nodes as f64,
                elapsed_ms: p.elapsed.as_secs_f64() * 1000.0,
                phase: phase_name(p.phase),
                threats: match p.phase {
                    Phase::Threshold(d) => Some(d),
                    _ => None,
                },
                description: p.phase.describe(),
                current: p.current.map(|m| JsMove::of(m, size)),
                done: p.done,
                total: p.total,
            });
            match f.call1(&JsValue::NULL, &arg) {
                Ok(v) => v.as_bool() != Some(false),
                Err(_) => false,
            }
        };
        Ok((
            solve_with_progress(problem, first, &options, &mut report),
            asked,
        ))
    }
}

#[wasm_bindgen(js_class = Problem)]
impl JsProblem {
    /// Reads a problem from SGF: the position from `SZ`, `AB`, `AW`; the targets from `MA`;
    /// the region from `SQ` (else found from the targets and the wall around them, or, with
    /// no closed wall, their open region); the first player from `PL` (Black when absent).
    /// With no target marked, the goal is found by reading, within the default budgets (see
    /// [`JsProblem::open`] to set them, and `goal`).
    #[wasm_bindgen(constructor)]
    pub fn new(sgf: &str) -> std::result::Result<JsProblem, JsValue> {
        Ok(JsProblem::load(sgf, &OpenOptions::default())?)
    }

    /// As `new Problem(sgf)`, with the options of the reading that finds the goal of a
    /// problem with nothing marked: `{timeMs, nodes, goal: "kill" | "live", reach}` (every
    /// field optional; `timeMs` and `nodes` are totals for the whole reading, every
    /// candidate and round; the reading's own figures are in [`JsProblem::goal`]).
    #[wasm_bindgen(js_name = open)]
    pub fn open(
        sgf: &str,
        #[wasm_bindgen(unchecked_param_type = "OpenOptions")] options: JsValue,
    ) -> std::result::Result<JsProblem, JsValue> {
        let options = JsOpenOptions::read(options)?;
        Ok(JsProblem::load(sgf, &options)?)
    }

    /// For a problem with nothing marked, how its goal was found: `{goal: "kill" |
    /// "live", words, group, confirmed, proven, look, frame, elapsedMs, nodes}`; `null`
    /// when the targets were marked.
    #[wasm_bindgen(getter, unchecked_return_type = "GoalFound | null")]
    pub fn goal(&self) -> JsValue {
        match &self.open {
            Some(g) => to_js(g),
            None => JsValue::NULL,
        }
    }

    /// Whether the region was found open toward the rest of the board (no wall of the
    /// attacker closes it, or nothing was marked): a target chain that gets a liberty
    /// outside it has escaped (the defender's success), unless the attacker blocks it first
    /// at a narrow point. A goal found by reading says
    /// whether its region is still open once the frame is set (`regionOpen`).
    #[wasm_bindgen(getter, js_name = openRegion)]
    pub fn open_region(&self) -> bool {
        self.open_region
    }

    /// Reads a problem from a diagram and the targets (vertices or SGF points separated by
    /// commas or spaces), with the region given the same way or found.
    #[wasm_bindgen(js_name = fromDiagram)]
    pub fn from_diagram(
        diagram: &str,
        targets: &str,
        region: Option<String>,
    ) -> std::result::Result<JsProblem, JsValue> {
        let pos = ascii::parse_diagram(diagram).map_err(Error::from)?;
        let size = pos.size();
        let list = |text: &str| -> Result<Vec<_>> {
            text.split([',', ' ', '\t', '\n'])
                .filter(|w| !w.is_empty())
                .map(|w| crate::text::parse_point(w, size))
                .collect()
        };
        let targets = list(targets)?;
        let t = match region {
            Some(r) => Tsumego::with_region(pos, &targets, &list(&r)?),
            None => Tsumego::new(pos, &targets),
        }
        .map_err(Error::from)?;
        Ok(JsProblem::wrap(t))
    }

    /// Columns.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.size().width() as u32
    }

    /// Rows.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.size().height() as u32
    }

    /// The side to move first, `"B"` or `"W"`.
    #[wasm_bindgen(getter)]
    pub fn first(&self) -> String {
        color_text(self.start.first())
    }

    /// The colour that tries to capture the targets.
    #[wasm_bindgen(getter)]
    pub fn attacker(&self) -> String {
        color_text(self.start.attacker())
    }

    /// The owner of the targets.
    #[wasm_bindgen(getter)]
    pub fn defender(&self) -> String {
        color_text(self.start.defender())
    }

    /// Every stone of the target chains.
    #[wasm_bindgen(unchecked_return_type = "Point[]")]
    pub fn targets(&self) -> JsValue {
        to_js(&points(self.start.targets().iter().copied()))
    }

    /// Every point of the region (stones included).
    #[wasm_bindgen(unchecked_return_type = "Point[]")]
    pub fn region(&self) -> JsValue {
        to_js(&points(self.start.region().iter().copied()))
    }

    /// How many points of the region are empty at the start.
    #[wasm_bindgen(getter, js_name = regionEmptyCount)]
    pub fn region_empty_count(&self) -> u32 {
        self.start.region_empty_count() as u32
    }

    /// The stones of the current position (the start, or after the moves played).
    #[wasm_bindgen(unchecked_return_type = "Stones")]
    pub fn stones(&self) -> JsValue {
        stones_of(&self.pos)
    }

    /// The current position as a [`JsPosition`].
    pub fn position(&self) -> JsPosition {
        JsPosition::wrap(self.pos.clone())
    }

    /// The problem as SGF (`SZ`, `AB`, `AW`, `MA` on one stone of each target chain, `SQ`
    /// for the region, `PL`).
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self) -> String {
        tesuji::tsumego::problem_tree(&self.start).to_sgf()
    }

    /// Solves the problem from its start with `color` to move first (default: the problem's
    /// first player). `options`: `{nodes, timeMs, memoryMb, koThreats, maxThreats, allMoves,
    /// proof, keySeed}`, every field optional. `progress` is called at the start of every
    /// step and about every 200,000 nodes with `{nodes, elapsedMs, phase, threats,
    /// description, current, done, total}`; returning `false` stops the search (the
    /// answer then keeps what is known: see `complete` and `note`).
    #[wasm_bindgen(unchecked_return_type = "Answer")]
    pub fn solve(
        &self,
        color: Option<String>,
        #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: JsValue,
        #[wasm_bindgen(unchecked_param_type = "(progress: Progress) => boolean | void")]
        progress: Option<js_sys::Function>,
    ) -> std::result::Result<JsValue, JsValue> {
        let first = match color.as_deref() {
            Some(c) => parse_color(c)?,
            None => self.start.first(),
        };
        let (a, asked) = JsProblem::solve_js(&self.start, first, options, progress)?;
        Ok(answer_to_js(&self.start, &a, asked))
    }

    /// Plays `move` (a vertex, an SGF point or `pass`) for the side to move in the line of
    /// play. Refused (nothing changes) if the line is over, the point is outside the
    /// region or the move is illegal.
    #[wasm_bindgen(unchecked_return_type = "Played")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(js_name = move)] mv: &str,
    ) -> std::result::Result<JsValue, JsValue> {
        let mv = parse_move(mv, self.size())?;
        if self.over().is_some() {
            return Err(Error::new("illegal-move", "the play is over").into());
        }
        if let Move::Play(p) = mv {
            if !self.start.in_region(p) {
                return Err(Error::new(
                    "outside-region",
                    format!(
                        "{} is outside the region of the problem",
                        tesuji::vertex::format(mv, self.size())
                    ),
                )
                .into());
            }
        }
        let (record, played) = play_listed(&mut self.pos, mv)?;
        self.history.push((record, self.passes));
        self.passes = if mv == Move::Pass { self.passes + 1 } else { 0 };
        Ok(played)
    }

    /// Takes back the latest move of the line of play; `false` at the start.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((r, passes)) => {
                self.pos.undo(&r);
                self.passes = passes;
                true
            }
            None => false,
        }
    }

    /// Takes back every move of the line of play.
    pub fn restart(&mut self) {
        while self.undo() {}
    }

    /// The state of the line of play: who is to move, and whether it is over (the targets
    /// captured, two passes in a row, or the targets unconditionally alive) and who won.
    #[wasm_bindgen(unchecked_return_type = "PlayStatus")]
    pub fn status(&self) -> JsValue {
        let over = self.over();
        to_js(&JsStatus {
            to_play: color_text(self.pos.to_play()),
            over: over.is_some(),
            winner: over.map(|(c, _)| color_text(c)),
            reason: over.map(|(_, r)| r),
            moves: self.history.len(),
        })
    }

    /// The solver's answer for the side to move in the line of play (same options and
    /// progress as [`JsProblem::solve`]); its `pv[0]` is the move to play: a winning move
    /// when the side to move wins, else the longest resistance. `null` when the play is
    /// over.
    #[wasm_bindgen(unchecked_return_type = "Answer | null")]
    pub fn reply(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: JsValue,
        #[wasm_bindgen(unchecked_param_type = "(progress: Progress) => boolean | void")]
        progress: Option<js_sys::Function>,
    ) -> std::result::Result<JsValue, JsValue> {
        if self.over().is_some() {
            return Ok(JsValue::NULL);
        }
        let Some(problem) = self.current()? else {
            return Ok(JsValue::NULL);
        };
        let (a, asked) = JsProblem::solve_js(&problem, self.pos.to_play(), options, progress)?;
        Ok(answer_to_js(&problem, &a, asked))
    }
}

impl JsProblem {
    /// The winner and the reason when the line of play is over.
    fn over(&self) -> Option<(Color, &'static str)> {
        let d = self.start.defender();
        if self.captured() {
            return Some((!d, "captured"));
        }
        if self.passes >= 2 {
            return Some((d, "passes"));
        }
        let life = unconditional_life(self.pos.board(), Suicide::Forbidden);
        if self
            .start
            .targets()
            .iter()
            .any(|t| life.alive_stones[d].binary_search(t).is_ok())
        {
            return Some((d, "alive"));
        }
        None
    }
}

/// The root setup of an SGF problem, read without checking that it makes a problem.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsSetup {
    width: usize,
    height: usize,
    black: Vec<JsPoint>,
    white: Vec<JsPoint>,
    targets: Vec<JsPoint>,
    region: Vec<JsPoint>,
    first: Option<String>,
    comment: Option<String>,
    moves: usize,
    variations: usize,
}

/// Reads the root of the first game tree of an SGF text as an editor needs it: the size,
/// the stones (`AB`, `AW`), the marked targets (`MA`), the region (`SQ`) and the first
/// player (`PL`, `null` when absent), without checking that they make a problem (a page
/// can then show the board and say what is missing); also the root's comment (`C`), the
/// moves of the main line and the root's children (a game record has a main line, a
/// problem file lists its answers as variations). Throws on bad SGF.
#[wasm_bindgen(js_name = readSgfSetup, unchecked_return_type = "SgfSetup")]
pub fn read_sgf_setup(text: &str) -> std::result::Result<JsValue, JsValue> {
    let trees = tesuji::sgf::parse(text).map_err(Error::from)?;
    let tree = trees
        .first()
        .ok_or_else(|| Error::new("sgf-syntax", "the SGF text holds no game tree"))?;
    let value = |e: tesuji::sgf::ValueError| Error::new("sgf-value", e.to_string());
    tree.check_game_type().map_err(value)?;
    let size = tree.board_size().map_err(value)?;
    let root = tree.root();
    let pts = |prop: &str| -> Result<Vec<JsPoint>> {
        Ok(points(tree.points(root, prop).map_err(value)?))
    };
    let markup = tree.markup(root).map_err(value)?;
    let of = |m: Markup| points(markup.iter().filter(|&&(k, _)| k == m).map(|&(_, p)| p));
    let first = match tree.player(root) {
        Ok(p) => p.map(color_text),
        Err(_) => None,
    };
    Ok(to_js(&JsSetup {
        width: size.width(),
        height: size.height(),
        black: pts("AB")?,
        white: pts("AW")?,
        targets: of(Markup::Mark),
        region: of(Markup::Square),
        first,
        comment: tree.comment(root).map(str::to_string),
        moves: tree.moves().map_err(value)?.len(),
        variations: tree.children(root).len(),
    }))
}
