//! `tesuji solve` and `tesuji bench solve`: the life-and-death solver.

use crate::input::{seconds_option, Failure};
use anyhow::Result;
use clap::{Args, ValueEnum};
use serde_json::{json, Value};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tesuji::dfpn::StopReason;
use tesuji::tsumego::{
    check_move_counted, listed_first_moves, load, load_position, solve_with_progress,
    verified_proof_text, with_threats, Answer, Goal, Inference, Loaded, Look, OpenOptions,
    SolveOptions, Tsumego, TsumegoError, Verdict,
};
use tesuji::{ascii, sgf, vertex, BoardSize, Color, Move, Point};

/// Which side moves first.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// Black moves first.
    Black,
    /// White moves first.
    White,
    /// Solve for each.
    Both,
}

/// Budget options shared by `solve` and `bench solve`.
#[derive(Args, Clone)]
pub struct BudgetArgs {
    /// Most nodes per first player (a problem with nothing marked: its goal's reading
    /// counts in them).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Most seconds per first player, decimals allowed (a problem with nothing marked: its
    /// goal's reading counts in them).
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// Transposition table memory in MiB; a proof written with --sgf or --evidence is
    /// bounded by the same figure on its own (about 1 KiB a state).
    #[arg(long, value_name = "MB", default_value_t = 256)]
    memory: usize,
    /// The first player's external ko threats minus the opponent's.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    ko_threats: i32,
    /// The threshold search looks at threat differences within this many; a goal found by
    /// reading gives the side to play this many ko threats (at least one) in its readings.
    #[arg(long, value_name = "K", default_value_t = 3)]
    max_threats: u32,
    /// Seed mixed into the hash keys (the answer must not depend on it).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Threads for each search (default: every core); 1 is deterministic to the node. The
    /// answer does not depend on it; node counts and the chosen line may. The goal's reading
    /// of a problem with nothing marked runs on one thread.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

impl BudgetArgs {
    fn options(&self, cancel: &Arc<AtomicBool>) -> Result<SolveOptions> {
        let time = match self.time {
            Some(t) => Some(seconds_option("--time", t)?),
            None => None,
        };
        if self.memory == 0 || self.memory > 1 << 20 {
            return Err(Failure::input(format!(
                "--memory {}: give a size in MiB from 1 to 1048576",
                self.memory
            ))
            .into());
        }
        let threads = match self.threads {
            Some(0) => {
                return Err(
                    Failure::input("--threads 0: give at least one thread".to_string()).into(),
                );
            }
            Some(n) if n > 1024 => {
                return Err(Failure::input(format!("--threads {n}: at most 1024")).into());
            }
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        Ok(SolveOptions {
            nodes: self.nodes,
            time,
            memory_bytes: self.memory << 20,
            threads,
            ko_threats: self.ko_threats,
            max_threats: self.max_threats,
            key_seed: self.seed,
            cancel: Some(cancel.clone()),
            ..SolveOptions::default()
        })
    }
}

/// Arguments of `tesuji solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// The problem: SGF (targets marked with MA, region with SQ if given) or a diagram
    /// (then --target is needed); `-` reads standard input.
    file: String,
    /// Who moves first (default: the file's PL, else both).
    #[arg(long, value_enum)]
    first: Option<First>,
    /// Target stones, as GTP vertices (`D4,E5`): overrides the file's MA.
    #[arg(long, value_name = "VERTICES")]
    target: Option<String>,
    /// The region where moves may be played, as GTP vertices: overrides the file's SQ and
    /// the detected region.
    #[arg(long, value_name = "VERTICES")]
    region: Option<String>,
    #[command(flatten)]
    open: OpenArgs,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Only the result and one winning move (not every move and refutation).
    #[arg(long)]
    quick: bool,
    /// Print one JSON object per first player.
    #[arg(long)]
    json: bool,
    /// Write the problem with the solution tree (proof) as SGF to this file.
    #[arg(long, value_name = "OUT")]
    sgf: Option<String>,
}

/// How a problem with no target marked (or no closed wall) is read: see
/// `tesuji::tsumego::infer`.
#[derive(Args, Clone)]
pub struct OpenArgs {
    /// For a problem with no target marked: the side to play's goal, `kill` (a group of
    /// the opponent) or `live` (one of its own); found by reading when not given.
    #[arg(long, value_name = "kill|live", value_parser = parse_goal)]
    goal: Option<Goal>,
    /// For an open problem: how far the region reaches from the target group, in steps.
    #[arg(long, value_name = "STEPS", default_value_t = OpenOptions::default().reach,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=8))]
    reach: usize,
}

impl OpenArgs {
    /// The options of the inference within the solve's time and nodes (the reading
    /// counts in them), on its threads.
    fn options(&self, solve: &SolveOptions, cancel: &Arc<AtomicBool>) -> OpenOptions {
        OpenOptions {
            reach: self.reach,
            goal: self.goal,
            cancel: Some(cancel.clone()),
            ..OpenOptions::within(solve)
        }
    }
}

fn parse_goal(text: &str) -> std::result::Result<Goal, String> {
    Goal::parse(text).ok_or_else(|| format!("'{}': give kill or live", tesuji::excerpt(text)))
}

/// Arguments of `tesuji bench solve`.
#[derive(Args)]
pub struct BenchSolveArgs {
    /// Directories (searched recursively) or SGF files.
    #[arg(required = true)]
    paths: Vec<String>,
    #[command(flatten)]
    open: OpenArgs,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Find every winning first move and refutation too (the full report of `solve`).
    #[arg(long)]
    full: bool,
    /// Only the problems with a PL (the answered ones); by default problems without PL are
    /// solved for both colours.
    #[arg(long)]
    pl_only: bool,
    /// Also replay every listed variation and check the move the solver chooses at each of
    /// the first player's turns against the listed ones.
    #[arg(long)]
    variations: bool,
    /// Where our answer differs from the listed one, write verified proofs into this
    /// directory as evidence: a solved problem whose listed first moves are not among our
    /// winning moves gets the proof that our first move wins and, for each listed move
    /// that we find failing, the proof that it fails; a problem whose first player we find
    /// failing gets the proof of that. With --variations, also each move of ours that
    /// differs from a listed variation's.
    #[arg(long, value_name = "DIR")]
    evidence: Option<String>,
    /// Most seconds for each proof written with --evidence, decimals allowed (default: the
    /// run's --time): a proof can take longer to build than the answer it proves, and it
    /// is not part of the run's time.
    #[arg(long, value_name = "SECONDS", requires = "evidence")]
    evidence_time: Option<f64>,
}

fn cancel_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let f = flag.clone();
    // A second handler cannot be installed (tests call this more than once): ignore.
    let _ = ctrlc::set_handler(move || f.store(true, Ordering::Relaxed));
    flag
}

fn read_text(path: &str) -> Result<String> {
    let bytes = if path == "-" {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut b)
            .map_err(|e| Failure::input(format!("{path}: cannot read: {e}")))?;
        b
    } else {
        std::fs::read(path).map_err(|e| Failure::input(format!("{path}: cannot read: {e}")))?
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    // A UTF-8 byte order mark is not part of the content.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The problem of `text` (SGF or diagram), with the overrides (see
/// `tesuji::tsumego::load`: for a problem with nothing marked, how its goal was found),
/// and the SGF tree if any.
fn load_problem(
    path: &str,
    text: &str,
    target: Option<&str>,
    region: Option<&str>,
    open: &OpenOptions,
) -> Result<(Loaded, Option<sgf::GameTree>)> {
    let bad = |e: TsumegoError| match e {
        TsumegoError::NoGoal { .. } => {
            Failure::input(format!("{path}: {e}: --target VERTEX, --goal kill|live"))
        }
        e => Failure::input(format!("{path}: {e}")),
    };
    if text.trim_start().starts_with('(') {
        let trees = sgf::parse(text).map_err(|e| Failure::input(format!("{path}: {e}")))?;
        let tree = trees
            .into_iter()
            .next()
            .ok_or_else(|| Failure::input(format!("{path}: the file holds no game")))?;
        let size = tree
            .board_size()
            .map_err(|e| Failure::input(format!("{path}: {e}")))?;
        let targets = points(path, "--target", target, size)?;
        let region = points(path, "--region", region, size)?;
        let loaded = load(&tree, targets.as_deref(), region.as_deref(), open).map_err(bad)?;
        Ok((loaded, Some(tree)))
    } else {
        let pos = ascii::parse_diagram(text).map_err(|e| Failure::input(format!("{path}: {e}")))?;
        let size = pos.size();
        let targets = points(path, "--target", target, size)?;
        let region = points(path, "--region", region, size)?;
        let loaded =
            load_position(pos, targets.as_deref(), region.as_deref(), open).map_err(bad)?;
        Ok((loaded, None))
    }
}

fn points(
    path: &str,
    option: &str,
    text: Option<&str>,
    size: BoardSize,
) -> Result<Option<Vec<tesuji::Point>>> {
    match text {
        None => Ok(None),
        Some(t) => Tsumego::parse_points(t, size)
            .map(Some)
            .map_err(|e| Failure::input(format!("{path}: {option} {t}: {e}")).into()),
    }
}

fn move_text(mv: Move, size: BoardSize) -> String {
    vertex::format(mv, size).to_string()
}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The answer as one JSON object.
fn answer_json(problem: &Tsumego, a: &Answer) -> Value {
    let size = problem.position().size();
    json!({
        "first": color_letter(a.first),
        "result": a.result.as_str(),
        "threshold": a.threshold,
        "threshold_settled": a.threshold_settled,
        "moves": a.moves.iter().map(|m| move_text(m.mv, size)).collect::<Vec<_>>(),
        "move_thresholds": a.moves.iter().map(|m| json!({
            "move": move_text(m.mv, size),
            "threshold": m.threshold,
        })).collect::<Vec<_>>(),
        "refutations": a.refutations.iter().map(|r| json!({
            "move": move_text(r.mv, size),
            "reply": r.reply.map(|m| move_text(m, size)),
            "immediate": r.immediate,
        })).collect::<Vec<_>>(),
        "unsearched": a.unsearched.iter().map(|&m| move_text(m, size)).collect::<Vec<_>>(),
        "pv": a.pv.iter().map(|&m| move_text(m, size)).collect::<Vec<_>>(),
        "attacker": color_letter(problem.attacker()),
        "goal": if problem.attacker() == a.first { "kill" } else { "live" },
        "targets": problem.targets().iter().map(|&p| move_text(Move::Play(p), size)).collect::<Vec<_>>(),
        "region": problem
            .region()
            .iter()
            .filter(|&&p| problem.position().board().is_empty(p))
            .map(|&p| move_text(Move::Play(p), size))
            .collect::<Vec<_>>(),
        "nodes": a.nodes,
        "table_entries": a.table_entries,
        "ms": a.elapsed.as_millis() as u64,
        "stopped": format!("{:?}", a.stopped).to_lowercase(),
    })
}

/// How the goal of a problem with nothing marked was found, in words: the goal, the
/// region, and the reading behind it.
fn goal_text(problem: &Tsumego, f: &Inference, frame: &[Point]) -> String {
    let first = color_name(problem.first());
    let mut s = format!("{first} to play: {} (goal found by reading", f.describe());
    if f.look.is_second() {
        s.push_str(&format!(
            " on a second look, {}, as no group fitted in the first",
            match f.look {
                Look::FightingChains => "with the weak chains it fights in the region",
                Look::LongerReach => "with one more step of reach",
                Look::OtherChains => "each chain of a group a candidate of its own",
                _ => "with walls that need one more free liberty",
            }
        ));
    }
    if f.look == Look::CriticalChain {
        s.push_str(
            ", on a closer look: a chain read on its own, as its group was not shown critical",
        );
    }
    if !f.confirmed {
        s.push_str(&format!(
            "; that {} moving first would succeed was not read to the end",
            color_name(!problem.first())
        ));
    }
    s.push_str(&format!(
        ", {} nodes, {} ms)\n",
        f.nodes,
        f.elapsed.as_millis()
    ));
    s.push_str(&region_text(problem, frame));
    s
}

/// The region of a problem found by reading or around targets with no closed wall, in
/// words: its empty points, whether it is open (the escape rule) or closed (a kill's rim,
/// see `tesuji::tsumego::close_rim`), and the frame stones added on its rim.
fn region_text(problem: &Tsumego, frame: &[Point]) -> String {
    let size = problem.position().size();
    let region: Vec<String> = problem
        .region()
        .iter()
        .filter(|&&p| problem.position().board().is_empty(p))
        .map(|&p| move_text(Move::Play(p), size))
        .collect();
    let how = match (problem.is_open(), frame.is_empty()) {
        (true, _) => {
            "open toward the centre (a target group that gets a liberty outside it has escaped, unless the attacker blocks it first at a narrow point)"
        }
        (false, true) => "closed by the wall (the defender succeeds only by life or seki in it)",
        (false, false) => {
            "closed by the wall and the frame (the defender succeeds only by life or seki in it)"
        }
    };
    let mut s = format!(
        "  region: {} empty points, {how}: {}\n",
        region.len(),
        region.join(" ")
    );
    if !frame.is_empty() {
        let stones: Vec<String> = frame
            .iter()
            .map(|&p| move_text(Move::Play(p), size))
            .collect();
        s.push_str(&format!(
            "  frame: {} {} {} added where the wall is taken as closed: {}\n",
            frame.len(),
            color_name(problem.attacker()),
            if frame.len() == 1 { "stone" } else { "stones" },
            stones.join(" ")
        ));
    }
    s
}

/// The frame stones of an open region (`frame`, the stones added on its rim) and whether
/// the region is still open (`region_open`: a kill's rim is closed) added to a JSON
/// answer.
fn add_frame_json(line: &mut Value, problem: &Tsumego, frame: &[Point]) {
    let size = problem.position().size();
    line["region_open"] = json!(problem.is_open());
    line["frame"] = json!(frame
        .iter()
        .map(|&p| move_text(Move::Play(p), size))
        .collect::<Vec<_>>());
}

/// The inference's findings added to a JSON answer of a problem with nothing marked.
fn add_goal_json(line: &mut Value, problem: &Tsumego, f: &Inference) {
    let size = problem.position().size();
    line["goal_found"] = json!(true);
    line["goal_words"] = json!(f.describe());
    line["goal_confirmed"] = json!(f.confirmed);
    line["goal_look"] = json!(f.look.as_str());
    line["inference_nodes"] = json!(f.nodes);
    line["inference_ms"] = json!(f.elapsed.as_millis() as u64);
    line["candidates"] = json!(f
        .candidates
        .iter()
        .map(|c| json!({
            "group": move_text(Move::Play(c.group.anchor()), size),
            "color": color_letter(c.group.color),
            "region_empty": c.region_empty,
            "first": c.first.as_str(),
            "second": c.second.as_str(),
        }))
        .collect::<Vec<_>>());
}

/// The threshold in words, for the first player `f`.
fn threshold_words(a: &Answer) -> String {
    let f = color_name(a.first);
    let o = color_name(!a.first);
    match a.threshold {
        None => "whatever the ko threats".to_string(),
        Some(t) if t <= 0 && t > i32::MIN => {
            if t == 0 {
                format!("if {f} wins the ko (needs as many ko threats as {o})")
            } else {
                format!(
                    "if {f} wins the ko (even with {} fewer ko threat{} than {o})",
                    -t,
                    if t == -1 { "" } else { "s" }
                )
            }
        }
        Some(t) => format!(
            "only with {t} more ko threat{} than {o}",
            if t == 1 { "" } else { "s" }
        ),
    }
}

/// The answer in words; `all_moves` says whether every first move was asked for (not
/// `--quick`).
fn answer_text(problem: &Tsumego, a: &Answer, all_moves: bool) -> String {
    let size = problem.position().size();
    let f = color_name(a.first);
    let goal = if a.first == problem.attacker() {
        "kill"
    } else {
        "live"
    };
    let mut s = String::new();
    let head = match a.result {
        Verdict::Win => format!("{f} to play: {f} can {goal}"),
        Verdict::Loss => format!("{f} to play: {f} cannot {goal}"),
        Verdict::Unknown => format!("{f} to play: unknown ({})", stop_words(a.stopped)),
    };
    s.push_str(&head);
    if a.result != Verdict::Unknown {
        match a.threshold {
            None if !a.threshold_settled => {
                s.push_str(" (in a ko; how many ko threats it needs is not known)")
            }
            None => s.push_str(" (unconditionally)"),
            Some(_) => s.push_str(&format!("; {f} succeeds {}", threshold_words(a))),
        }
    }
    s.push('\n');
    let cut = a.stopped != StopReason::Solved;
    let wins = a.result == Verdict::Win || a.threshold.is_some();
    // The lists of first moves are whole even when the cut came later (the variation).
    let whole = !cut || all_moves && a.unsearched.is_empty() && !(wins && a.moves.is_empty());
    if cut && a.result != Verdict::Unknown {
        let what = if whole && !a.threshold_settled {
            "the result and every first move are known, not the ko threshold; what comes \
             after may be missing"
        } else if whole {
            "the result and every first move are known; what comes after may be missing"
        } else {
            "what follows is what was established, not the whole answer"
        };
        s.push_str(&format!("  {}: {what}\n", stop_words(a.stopped)));
    }
    if a.moves.is_empty() && wins && cut {
        s.push_str("  winning moves: none found yet\n");
    }
    if !a.moves.is_empty() {
        let list: Vec<String> = a
            .moves
            .iter()
            .map(|m| match m.threshold {
                None => move_text(m.mv, size),
                Some(t) => format!("{} (ko, threshold {t:+})", move_text(m.mv, size)),
            })
            .collect();
        let what = if whole || !all_moves {
            "winning moves"
        } else {
            "winning moves found so far"
        };
        s.push_str(&format!("  {what}: {}\n", list.join(", ")));
    }
    if !a.refutations.is_empty() {
        let list: Vec<String> = a
            .refutations
            .iter()
            .map(|r| match r.reply {
                Some(m) => format!("{} ({})", move_text(r.mv, size), move_text(m, size)),
                None if !r.immediate => format!("{} (reply not found)", move_text(r.mv, size)),
                None => move_text(r.mv, size),
            })
            .collect();
        s.push_str(&format!(
            "  failing moves (refutation): {}\n",
            list.join(", ")
        ));
    }
    if !a.unsearched.is_empty() {
        let list: Vec<String> = a.unsearched.iter().map(|&m| move_text(m, size)).collect();
        s.push_str(&format!("  not searched: {}\n", list.join(", ")));
    }
    if !a.pv.is_empty() {
        let pv: Vec<String> = a.pv.iter().map(|&m| move_text(m, size)).collect();
        s.push_str(&format!("  variation: {}\n", pv.join(" ")));
    }
    s.push_str(&format!(
        "  {} nodes, {} table entries, {} ms\n",
        a.nodes,
        a.table_entries,
        a.elapsed.as_millis()
    ));
    s
}

/// Why a search stopped, in words.
fn stop_words(r: StopReason) -> &'static str {
    match r {
        StopReason::Solved => "solved",
        StopReason::NodeLimit => "the node budget ran out",
        StopReason::TimeLimit => "the time limit ran out",
        StopReason::Cancelled => "stopped",
        StopReason::MemoryLimit => "the proof outgrew the memory bound",
    }
}

/// The first players to solve for.
fn firsts(first: Option<First>, problem: &Tsumego, tree: Option<&sgf::GameTree>) -> Vec<Color> {
    let has_pl = tree.is_some_and(|t| t.player(t.root()).ok().flatten().is_some());
    match first {
        Some(First::Black) => vec![Color::Black],
        Some(First::White) => vec![Color::White],
        Some(First::Both) => vec![Color::Black, Color::White],
        None if has_pl => vec![problem.first()],
        None => vec![Color::Black, Color::White],
    }
}

/// Runs `tesuji solve`.
pub fn run(a: SolveArgs) -> Result<ExitCode> {
    let text = read_text(&a.file)?;
    let cancel = cancel_flag();
    let mut options = a.budget.options(&cancel)?;
    let open = a.open.options(&options, &cancel);
    let (loaded, tree) = load_problem(
        &a.file,
        &text,
        a.target.as_deref(),
        a.region.as_deref(),
        &open,
    )?;
    let (problem, found, frame) = (loaded.problem, loaded.open, loaded.frame);
    if let Some(f) = &found {
        // The reading of the goal counts in the time and node budgets.
        f.charge(&mut options);
        if !a.json {
            out!("{}", goal_text(&problem, f, &frame));
        }
    }
    if found.is_none() && loaded.open_region && !a.json {
        out!("{}", region_text(&problem, &frame));
    }
    options.all_moves = !a.quick;
    options.proof = a.sgf.is_some();
    let mut answers = Vec::new();
    let size = problem.position().size();
    for first in firsts(a.first, &problem, tree.as_ref()) {
        let started = Instant::now();
        let show = std::io::stderr().is_terminal() || std::env::var_os("TESUJI_PROGRESS").is_some();
        let mut progress = |p: &tesuji::tsumego::Progress| {
            if show && p.elapsed > Duration::from_secs(1) {
                let on = match (p.current, p.total) {
                    (Some(m), 0) => format!(" ({})", move_text(m, size)),
                    (Some(m), t) => format!(" ({}, {} of {t})", move_text(m, size), p.done + 1),
                    (None, _) => String::new(),
                };
                eprint!(
                    "\r\x1b[K{} to play: {}{on}: {} nodes, {:.1} s",
                    color_name(first),
                    p.phase.describe(),
                    p.nodes,
                    started.elapsed().as_secs_f64()
                );
            }
            true
        };
        let answer = solve_with_progress(&problem, first, &options, &mut progress);
        if show && answer.elapsed > Duration::from_secs(1) {
            eprintln!();
        }
        if a.json {
            let mut line = answer_json(&problem, &answer);
            if let Some(f) = &found {
                add_goal_json(&mut line, &problem, f);
            }
            if loaded.open_region {
                add_frame_json(&mut line, &problem, &frame);
            }
            outln!("{line}");
        } else {
            out!("{}", answer_text(&problem, &answer, options.all_moves));
        }
        answers.push(answer);
        if cancel.load(Ordering::Relaxed) {
            break;
        }
    }
    if let Some(out) = &a.sgf {
        write_proof(out, &problem, &answers)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the proof of each answer as one SGF game tree (one per first player) and checks
/// each with the independent verifier before writing.
fn write_proof(out: &str, problem: &Tsumego, answers: &[Answer]) -> Result<()> {
    let mut text = String::new();
    let mut missing = Vec::new();
    for a in answers {
        let Some(tree) = &a.proof else {
            missing.push(format!(
                "no proof for {} to play ({})",
                color_name(a.first),
                match a.stopped {
                    StopReason::MemoryLimit =>
                        "the proof tree outgrew the memory bound; a larger --memory may do",
                    StopReason::NodeLimit => "the node budget ran out",
                    StopReason::TimeLimit => "the time budget ran out",
                    StopReason::Cancelled => "stopped",
                    StopReason::Solved => "the result is unknown",
                }
            ));
            continue;
        };
        let p = with_threats(problem, a.first, a.proof_threats);
        let (sgf_text, report) = verified_proof_text(&p, tree, a.first)
            .map_err(|e| anyhow::anyhow!("{out}: {} to play: {e}", color_name(a.first)))?;
        eprintln!(
            "{} to play: proof of {} states ({} leaves{}) verified",
            color_name(a.first),
            report.states,
            report.leaves.total(),
            shared_text(&report)
        );
        text.push_str(&sgf_text);
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    if !text.is_empty() {
        std::fs::write(out, &text)
            .map_err(|e| Failure::input(format!("{out}: cannot write: {e}")))?;
    }
    if !missing.is_empty() {
        let written = if text.is_empty() {
            "nothing written"
        } else {
            "the other proof written"
        };
        return Err(Failure {
            code: 3,
            message: format!("{out}: {}; {written}", missing.join("; ")),
        }
        .into());
    }
    Ok(())
}

/// What [`check_variations`] found.
struct VariationCheck {
    checked: usize,
    agreeing: usize,
    disagreements: Vec<String>,
}

/// Replays every listed line of `tree` and, at each turn of the first player that the
/// file answers, checks that the solver's chosen move (a fresh solve of that position,
/// ko ban included) is one of the listed moves. With `evidence` (a directory and the
/// budgets of its proofs), where ours is not listed, the verified proof that it wins is
/// written there.
fn check_variations(
    problem: &Tsumego,
    tree: &sgf::GameTree,
    options: &SolveOptions,
    evidence: Option<(&str, &SolveOptions)>,
    name: &str,
) -> Result<VariationCheck> {
    let mut out = VariationCheck {
        checked: 0,
        agreeing: 0,
        disagreements: Vec::new(),
    };
    let first = problem.first();
    let size = problem.position().size();
    let mut quick = options.clone();
    quick.all_moves = false;
    quick.pv = false;
    // (node, position there, line) with explicit stack.
    let mut stack = vec![(tree.root(), problem.position().clone(), Vec::<Move>::new())];
    while let Some((node, pos, line)) = stack.pop() {
        let children = tree.children(node);
        if children.is_empty() {
            continue;
        }
        if pos.to_play() == first && !line.is_empty() {
            let listed: Vec<Move> = children
                .iter()
                .filter_map(|&c| tree.node_move(c).ok().flatten().map(|(_, m)| m))
                .collect();
            if let Ok(p) = Tsumego::with_region(pos.clone(), problem.targets(), problem.region()) {
                let answer = solve_with_progress(&p, first, &quick, &mut |_| true);
                if let Some(m) = answer.moves.first() {
                    out.checked += 1;
                    if listed.contains(&m.mv) {
                        out.agreeing += 1;
                    } else {
                        let l: Vec<String> = line.iter().map(|&m| move_text(m, size)).collect();
                        let mut text = format!(
                            "after {}: ours {}, listed {}",
                            l.join(" "),
                            move_text(m.mv, size),
                            listed
                                .iter()
                                .map(|&m| move_text(m, size))
                                .collect::<Vec<_>>()
                                .join(",")
                        );
                        if let Some((dir, proof_options)) = evidence {
                            let d = answer.proof_threats;
                            let file = format!(
                                "{}-after-{}-{}{}.sgf",
                                evidence_stem(name),
                                l.join("-"),
                                move_text(m.mv, size),
                                if d == 0 {
                                    String::new()
                                } else {
                                    format!("-threats{d}")
                                }
                            );
                            let path = std::path::Path::new(dir).join(file);
                            text.push_str(&write_evidence(
                                &p,
                                m.mv,
                                first,
                                d,
                                proof_options,
                                &path,
                            )?);
                        }
                        out.disagreements.push(text);
                    }
                } else {
                    out.checked += 1;
                    let l: Vec<String> = line.iter().map(|&m| move_text(m, size)).collect();
                    out.disagreements.push(format!(
                        "after {}: no winning move found ({})",
                        l.join(" "),
                        answer.result.as_str()
                    ));
                }
            }
        }
        for &c in children {
            let Ok(Some((color, mv))) = tree.node_move(c) else {
                continue;
            };
            let mut next = pos.clone();
            if next.to_play() != color {
                continue;
            }
            if next.play(mv).is_err() {
                continue;
            }
            let mut l = line.clone();
            l.push(mv);
            stack.push((c, next, l));
        }
    }
    Ok(out)
}

/// A file-name stem for a problem path: its last two components, `gop-12345`.
fn evidence_stem(name: &str) -> String {
    let path = std::path::Path::new(name);
    let stem = path
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    match path.parent().and_then(|d| d.file_name()) {
        Some(d) => format!("{}-{stem}", d.to_string_lossy()),
        None => stem,
    }
}

/// Proves that `mv` wins for `first` in `problem` with a threat difference `d` (the
/// opponent, to move after it, fails whatever it does), verifies the proof independently
/// and writes it to `path`. Returns a note for the report (the file written, or why not).
fn write_evidence(
    problem: &Tsumego,
    mv: Move,
    first: Color,
    d: i32,
    options: &SolveOptions,
    path: &std::path::Path,
) -> Result<String> {
    write_evidence_after(problem, mv, first, d, first, options, path)
}

/// Proves that after `first` plays `mv` in `problem` (threat difference `d`, the first
/// player's), `winner` wins: the opponent to move fails when `winner` is `first`, succeeds
/// when not. Verifies the proof independently and writes it to `path`; returns a note
/// for the report (the file written, or why not).
fn write_evidence_after(
    problem: &Tsumego,
    mv: Move,
    first: Color,
    d: i32,
    winner: Color,
    options: &SolveOptions,
    path: &std::path::Path,
) -> Result<String> {
    if mv == Move::Pass {
        // After a pass the search counts it toward two passes in a row, which a problem
        // made from the position cannot say.
        return Ok(" (no evidence: a pass)".to_string());
    }
    let mut pos = problem.position().clone();
    if pos.to_play() != first || pos.play(mv).is_err() {
        return Ok(" (no evidence: the move does not play)".to_string());
    }
    if problem.targets().iter().any(|&t| pos.board().is_empty(t)) {
        // The move captured a target: the attacker has succeeded, by the rules alone.
        return Ok(if winner == problem.attacker() {
            " (it captures a target chain: no proof needed)".to_string()
        } else {
            " (no evidence: it captures a target chain)".to_string()
        });
    }
    let Ok(after) = Tsumego::with_region(pos, problem.targets(), problem.region()) else {
        return Ok(" (no evidence: the position after it is not a problem)".to_string());
    };
    // The proof at exactly this difference (a solve's proof is at its threshold, which
    // for a ko is the other side's win), by one proof-tree search.
    let p = with_threats(&after, !first, -d);
    let mut solver = tesuji::dfpn::Solver::new(tesuji::dfpn::Config {
        nodes: options.nodes,
        time: options.time,
        memory_bytes: options.memory_bytes,
        cancel: options.cancel.clone(),
        ..tesuji::dfpn::Config::default()
    });
    let mut search = p.search(!first);
    let Some(tree) = solver.proof_tree(&mut search) else {
        return Ok(format!(" (no evidence: {:?})", solver.proof_stopped()));
    };
    let opponent_wins = tree.outcome == tesuji::dfpn::Outcome::Proven;
    if opponent_wins == (winner == first) {
        let what = if opponent_wins { "wins" } else { "fails" };
        return Ok(format!(" (no evidence: the opponent {what} after it)"));
    }
    write_verified_proof(&p, &tree, !first, winner, path)
}

/// Writes the proof `tree` of `problem` (whose first player `prover` is the tree's
/// prover) to `path` after checking it with the independent verifier, which must find
/// `winner` the winner. Returns a note for the report.
fn write_verified_proof(
    problem: &Tsumego,
    tree: &tesuji::dfpn::ProofTree<tesuji::tsumego::TsumegoMove>,
    prover: Color,
    winner: Color,
    path: &std::path::Path,
) -> Result<String> {
    let (sgf_text, report) = verified_proof_text(problem, tree, prover)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if report.winner != winner {
        return Ok(" (no evidence: the proof is for the other side)".to_string());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::input(format!("{}: cannot create: {e}", dir.display())))?;
    }
    std::fs::write(path, sgf_text)
        .map_err(|e| Failure::input(format!("{}: cannot write: {e}", path.display())))?;
    Ok(format!(
        " (evidence: {}, {} states{} verified)",
        path.display(),
        report.states,
        shared_text(&report)
    ))
}

/// How many transpositions a verified proof shares (see `tesuji::tsumego::PROP_SAME`), as
/// words to append: nothing for a proof written out in full.
fn shared_text(report: &tesuji::tsumego::VerifyReport) -> String {
    match report.transpositions {
        0 => String::new(),
        n => format!(", {n} transpositions shared"),
    }
}

/// The evidence of a bench run whose answer differs from the listed first moves `listed`
/// (see `--evidence`), written to files named from `stem`: notes for the report.
fn first_move_evidence(
    problem: &Tsumego,
    first: Color,
    answer: &Answer,
    listed: &[Move],
    checked: Option<&Value>,
    options: &SolveOptions,
    stem: &std::path::Path,
) -> Result<Vec<String>> {
    let size = problem.position().size();
    let d = answer.proof_threats;
    let name = |what: String| {
        let mut s = stem.as_os_str().to_owned();
        s.push(format!("-{}-{what}.sgf", color_name(first)));
        PathBuf::from(s)
    };
    let mut notes = Vec::new();
    match (answer.result, answer.moves.first()) {
        (Verdict::Unknown, _) => return Ok(notes),
        (_, Some(m)) => {
            let mv = move_text(m.mv, size);
            let path = name(format!("ours-{mv}"));
            // A move that wins a ko is proven at its own threshold.
            let at = m.threshold.unwrap_or(d);
            let note = write_evidence(problem, m.mv, first, at, options, &path)?;
            let how = match m.threshold {
                Some(t) => format!("wins with a threat difference of {t}"),
                None => "wins".to_string(),
            };
            notes.push(format!("ours {mv} {how}{note}"));
            // The listed moves we found failing: the proof that they fail.
            let failing: Vec<String> = checked
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter(|c| c["result"] == "loss")
                .filter_map(|c| c["move"].as_str().map(str::to_string))
                .collect();
            for &l in listed {
                let text = move_text(l, size);
                if !failing.contains(&text) {
                    continue;
                }
                let path = name(format!("listed-{text}"));
                let note = write_evidence_after(problem, l, first, d, !first, options, &path)?;
                notes.push(format!("listed {text} fails{note}"));
            }
        }
        (_, None) => {
            let what = match answer.result {
                Verdict::Loss => "fails",
                _ => "wins",
            };
            let path = name(what.to_string());
            let note = write_root_evidence(problem, first, options, &path)?;
            notes.push(format!("{} {what}{note}", color_name(first)));
        }
    }
    Ok(notes)
}

/// Proves the result of `problem` with `first` to play (that it fails, for the bench: the
/// proof of the opponent's success), verifies it and writes it to `path`. Returns a note
/// for the report.
fn write_root_evidence(
    problem: &Tsumego,
    first: Color,
    options: &SolveOptions,
    path: &std::path::Path,
) -> Result<String> {
    let opts = SolveOptions {
        all_moves: false,
        pv: false,
        proof: true,
        ..options.clone()
    };
    let answer = solve_with_progress(problem, first, &opts, &mut |_| true);
    let Some(tree) = answer.proof.as_ref() else {
        return Ok(format!(" (no evidence: {:?})", answer.stopped));
    };
    let winner = match answer.result {
        Verdict::Win => first,
        Verdict::Loss => !first,
        Verdict::Unknown => return Ok(" (no evidence: unknown)".to_string()),
    };
    let p = with_threats(problem, first, answer.proof_threats);
    write_verified_proof(&p, tree, first, winner, path)
}

/// Whether `text` is SGF whose root names the first player (`PL`); text that does not
/// read as SGF counts as having one, so that loading it reports the error.
fn has_player(text: &str) -> bool {
    match sgf::parse(text) {
        Ok(trees) => trees
            .first()
            .is_none_or(|t| t.player(t.root()).ok().flatten().is_some()),
        Err(_) => true,
    }
}

/// Every SGF file under `paths`, sorted.
fn sgf_files(paths: &[String]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            let entries = std::fs::read_dir(&p)
                .map_err(|e| Failure::input(format!("{}: cannot read: {e}", p.display())))?;
            for e in entries {
                let e = e.map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
                stack.push(e.path());
            }
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            files.push(p);
        } else if !p.exists() {
            return Err(
                Failure::input(format!("{}: no such file or directory", p.display())).into(),
            );
        }
    }
    files.sort();
    Ok(files)
}

/// Counts of one book (a directory) or of the whole run of `tesuji bench solve`.
#[derive(Default)]
struct Tally {
    files: usize,
    errors: usize,
    runs: usize,
    solved: usize,
    answered: usize,
    agreeing: usize,
    successes: usize,
    times: Vec<Duration>,
}

impl Tally {
    fn json(&mut self) -> Value {
        self.times.sort();
        let median = self
            .times
            .get(self.times.len() / 2)
            .copied()
            .unwrap_or_default();
        json!({
            "files": self.files,
            "load_errors": self.errors,
            "runs": self.runs,
            "solved": self.solved,
            "answered": self.answered,
            "agreeing": self.agreeing,
            "successes": self.successes,
            "median_ms": median.as_millis() as u64,
            "max_ms": self.times.last().map_or(0, |t| t.as_millis() as u64),
        })
    }
}

/// Runs `tesuji bench solve`.
pub fn bench(a: BenchSolveArgs) -> Result<ExitCode> {
    let files = sgf_files(&a.paths)?;
    let cancel = cancel_flag();
    let mut options = a.budget.options(&cancel)?;
    options.all_moves = a.full;
    options.pv = a.full;
    // The time of each evidence proof, when given apart from the run's.
    let evidence_time = a
        .evidence_time
        .map(|t| seconds_option("--evidence-time", t))
        .transpose()?;
    let with_evidence_time = |o: &SolveOptions| SolveOptions {
        time: evidence_time.or(o.time),
        ..o.clone()
    };
    let mut times = Vec::new();
    let (mut runs, mut solved, mut answered, mut agreeing, mut errors) = (0, 0, 0, 0, 0);
    let mut successes = 0;
    let (mut total_nodes, mut within_1s, mut within_10s) = (0u64, 0, 0);
    let (mut var_nodes, mut var_agree) = (0usize, 0usize);
    let mut books: std::collections::BTreeMap<String, Tally> = Default::default();
    let mut open_problems = 0;
    let total_start = Instant::now();
    let stdout = std::io::stdout();
    for f in &files {
        let name = f.display().to_string();
        let book = f
            .parent()
            .and_then(|p| p.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let tally = books.entry(book.clone()).or_default();
        tally.files += 1;
        let text = read_text(&name)?;
        if a.pl_only && !has_player(&text) {
            // Not an answered problem: skipped before its goal is read.
            continue;
        }
        let open = a.open.options(&options, &cancel);
        let loaded = load_problem(&name, &text, None, None, &open);
        let (problem, tree, found, frame) = match loaded {
            Ok((l, tree)) => {
                let frame = l.open_region.then_some(l.frame);
                (l.problem, tree, l.open, frame)
            }
            Err(e) => {
                errors += 1;
                tally.errors += 1;
                let line = json!({"file": name, "book": book, "error": format!("{e:#}")});
                writeln!(stdout.lock(), "{line}")?;
                continue;
            }
        };
        let tree = tree.expect("SGF files give a tree");
        // A listing that cannot be read is said in every run's line, not taken for none.
        let (listed, listed_error) = match listed_first_moves(&tree) {
            Ok(listed) => (listed, None),
            Err(e) => (Vec::new(), Some(e.to_string())),
        };
        let has_pl = tree.player(tree.root()).ok().flatten().is_some();
        if a.pl_only && !has_pl {
            continue;
        }
        open_problems += usize::from(found.is_some());
        // An open problem's reading of the goal counts in its time and nodes.
        let (pre_nodes, pre_time) = found
            .as_ref()
            .map_or((0, Duration::ZERO), |f| (f.nodes, f.elapsed));
        for first in firsts(None, &problem, Some(&tree)) {
            let started = Instant::now();
            let mut run_options = options.clone();
            if let Some(f) = &found {
                f.charge(&mut run_options);
            }
            let answer = solve_with_progress(&problem, first, &run_options, &mut |_| true);
            let size = problem.position().size();
            let mut line = answer_json(&problem, &answer);
            line["file"] = json!(name);
            line["book"] = json!(book);
            if let Some(f) = &found {
                add_goal_json(&mut line, &problem, f);
            }
            if let Some(frame) = &frame {
                add_frame_json(&mut line, &problem, frame);
            }
            if let Some(e) = &listed_error {
                line["listed_error"] = json!(e);
            }
            let mut nodes = answer.nodes + pre_nodes;
            // Success: the first player wins, or wins a ko with at most --max-threats
            // threats more than the opponent, with a listed first move among its winning
            // moves.
            let wins = answer.result == Verdict::Win
                || answer
                    .threshold
                    .is_some_and(|t| t <= run_options.max_threats as i32);
            let mut run_elapsed = None;
            if has_pl && !listed.is_empty() {
                answered += 1;
                tally.answered += 1;
                let ours: Vec<Move> = answer.moves.iter().map(|m| m.mv).collect();
                let agree = ours.first().is_some_and(|m| listed.contains(m));
                agreeing += usize::from(agree);
                tally.agreeing += usize::from(agree);
                let mut listed_wins = ours.iter().any(|m| listed.contains(m));
                if wins && !listed_wins && !(a.full && answer.unsearched.is_empty()) {
                    // Not found among ours: ask whether a listed move wins too, within
                    // what is left of the run's budgets (its nodes count in the run's).
                    let mut check = run_options.clone();
                    check.time = options
                        .time
                        .map(|t| t.saturating_sub(pre_time + started.elapsed()));
                    let mut verdicts = Vec::new();
                    for &m in &listed {
                        check.nodes = options.nodes.map(|n| n.saturating_sub(nodes));
                        let (v, spent) =
                            check_move_counted(&problem, first, m, answer.proof_threats, &check);
                        nodes += spent;
                        verdicts.push(json!({
                            "move": move_text(m, size),
                            "result": v.map_or("not a legal move in the region", |v| v.as_str()),
                        }));
                        listed_wins |= v == Some(Verdict::Win);
                    }
                    line["listed_checked"] = json!(verdicts);
                }
                let success = wins && listed_wins;
                // The run's time ends here: writing evidence is not part of it.
                run_elapsed = Some(pre_time + started.elapsed());
                if let (Some(dir), false) = (a.evidence.as_deref(), success) {
                    let notes = first_move_evidence(
                        &problem,
                        first,
                        &answer,
                        &listed,
                        line.get("listed_checked"),
                        &with_evidence_time(&run_options),
                        &std::path::Path::new(dir).join(evidence_stem(&name)),
                    )?;
                    if !notes.is_empty() {
                        line["evidence"] = json!(notes);
                    }
                }
                successes += usize::from(success);
                tally.successes += usize::from(success);
                line["listed"] = json!(listed
                    .iter()
                    .map(|&m| move_text(m, size))
                    .collect::<Vec<_>>());
                line["agree"] = json!(agree);
                line["listed_wins"] = json!(listed_wins);
                line["success"] = json!(success);
                if a.variations {
                    let proofs = with_evidence_time(&options);
                    let evidence = a.evidence.as_deref().map(|dir| (dir, &proofs));
                    let v = check_variations(&problem, &tree, &options, evidence, &name)?;
                    var_nodes += v.checked;
                    var_agree += v.agreeing;
                    line["variation_nodes"] = json!(v.checked);
                    line["variation_agreeing"] = json!(v.agreeing);
                    line["variation_disagreements"] = json!(v.disagreements);
                }
            }
            let elapsed = run_elapsed.unwrap_or_else(|| pre_time + started.elapsed());
            line["ms"] = json!(elapsed.as_millis() as u64);
            line["nodes"] = json!(nodes);
            runs += 1;
            tally.runs += 1;
            total_nodes += nodes;
            times.push(elapsed);
            tally.times.push(elapsed);
            if answer.result != Verdict::Unknown {
                solved += 1;
                tally.solved += 1;
                if elapsed <= Duration::from_secs(1) {
                    within_1s += 1;
                }
                if elapsed <= Duration::from_secs(10) {
                    within_10s += 1;
                }
            }
            writeln!(stdout.lock(), "{line}")?;
            if cancel.load(Ordering::Relaxed) {
                break;
            }
        }
        if cancel.load(Ordering::Relaxed) {
            break;
        }
    }
    if books.len() > 1 {
        for (book, tally) in books.iter_mut() {
            let mut line = tally.json();
            line["book"] = json!(book);
            writeln!(stdout.lock(), "{line}")?;
        }
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let total: Duration = times.iter().sum();
    let summary = json!({
        "summary": true,
        "files": files.len(),
        "load_errors": errors,
        "runs": runs,
        "solved": solved,
        "solved_within_1s": within_1s,
        "solved_within_10s": within_10s,
        "answered": answered,
        "agreeing": agreeing,
        "successes": successes,
        "open_problems": open_problems,
        "variation_nodes": var_nodes,
        "variation_agreeing": var_agree,
        "total_s": (total.as_secs_f64() * 1000.0).round() / 1000.0,
        "median_ms": median.as_millis() as u64,
        "max_ms": times.last().map_or(0, |t| t.as_millis() as u64),
        "nodes": total_nodes,
        "wall_s": (total_start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
    });
    outln!("{summary}");
    Ok(ExitCode::SUCCESS)
}
