//! `tesuji ladder` and `tesuji bench ladder`.

use crate::input::Failure;
use crate::Source;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use tesuji::ladder::{self, Analysis, Status, DEFAULT_BUDGET};
use tesuji::{vertex, BoardSize, Move, Point, Position};

#[derive(Args)]
pub struct LadderArgs {
    #[command(flatten)]
    source: Source,
    /// Only the chain on this vertex (default: every chain with one or two liberties).
    #[arg(long, value_name = "VERTEX")]
    at: Option<String>,
    /// Node budget of each reading (default 25000, KataGo's).
    #[arg(long, default_value_t = DEFAULT_BUDGET)]
    budget: u32,
    /// Print JSON, one object per chain and line.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct BenchLadderArgs {
    /// SGF files of 19x19 games (default: the games of the SGF test corpus).
    files: Vec<PathBuf>,
    /// Take a position after every N-th move of each game.
    #[arg(long, default_value_t = 10)]
    every: usize,
    /// Times to repeat the whole set.
    #[arg(long, default_value_t = 3)]
    rounds: u32,
}

fn name(size: BoardSize, m: Move) -> String {
    vertex::format(m, size).to_string()
}

fn names(size: BoardSize, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| name(size, m)).collect()
}

pub fn run(a: LadderArgs) -> Result<ExitCode> {
    let loaded = crate::load(&a.source)?;
    let pos = loaded.game.position();
    let size = pos.size();
    let chains: Vec<Point> = match &a.at {
        Some(v) => {
            let p = match vertex::parse(v, size)
                .map_err(|e| Failure::input(format!("{}: --at: {e}", a.source.file)))?
            {
                Move::Play(p) => p,
                Move::Pass => {
                    return Err(Failure::input(format!(
                        "{}: --at: pass is not a chain",
                        a.source.file
                    ))
                    .into())
                }
            };
            if pos.board().get(p).is_none() {
                return Err(
                    Failure::input(format!("{}: --at: {v} holds no stone", a.source.file)).into(),
                );
            }
            vec![p]
        }
        None => chains_in_atari_or_two_liberties(pos),
    };
    for p in chains {
        let an = ladder::status(pos, p, a.budget)
            .map_err(|e| Failure::input(format!("{}: {e}", a.source.file)))?;
        if a.json {
            outln!("{}", json(size, &an));
        } else {
            outln!("{}", text(size, &an));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The first stone (in board order) of every chain with one or two liberties.
fn chains_in_atari_or_two_liberties(pos: &Position) -> Vec<Point> {
    let board = pos.board();
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for p in pos.size().points() {
        if let Some(c) = board.chain(p) {
            if !seen.contains(&c.anchor()) {
                seen.push(c.anchor());
                if (1..=2).contains(&c.liberty_count()) {
                    out.push(p);
                }
            }
        }
    }
    out
}

fn json(size: BoardSize, an: &Analysis) -> serde_json::Value {
    let mut obj = serde_json::json!({
        "chain": name(size, Move::Play(an.chain)),
        "color": an.color.letter().to_string(),
        "liberties": an.liberties,
        "attacker_first": an.attacker_first.outcome.name(),
        "defender_first": an.defender_first.outcome.name(),
        "status": an.status.name(),
        "sequence": names(size, &an.attacker_first.sequence),
        "defender_sequence": names(size, &an.defender_first.sequence),
        "nodes": an.attacker_first.nodes + an.defender_first.nodes,
    });
    if let Status::Unsettled { capture, escape } = an.status {
        obj["capture"] = name(size, capture).into();
        obj["escape"] = name(size, escape).into();
    }
    obj
}

fn text(size: BoardSize, an: &Analysis) -> String {
    let line = |r: &ladder::Reading| {
        let seq = names(size, &r.sequence).join(" ");
        if seq.is_empty() {
            r.outcome.name().to_string()
        } else {
            format!("{} ({seq})", r.outcome.name())
        }
    };
    let head = format!(
        "{} {} ({} {}): {}",
        name(size, Move::Play(an.chain)),
        an.color.name(),
        an.liberties,
        if an.liberties == 1 {
            "liberty"
        } else {
            "liberties"
        },
        an.status.name()
    );
    match an.status {
        Status::Unsettled { capture, escape } => format!(
            "{head}: {} captures, {} escapes\n  attacker first: {}\n  defender first: {}",
            name(size, capture),
            name(size, escape),
            line(&an.attacker_first),
            line(&an.defender_first)
        ),
        _ => format!(
            "{head}\n  attacker first: {}\n  defender first: {}",
            line(&an.attacker_first),
            line(&an.defender_first)
        ),
    }
}

pub fn bench(a: BenchLadderArgs) -> Result<ExitCode> {
    if a.every == 0 || a.rounds == 0 {
        return Err(Failure::input("--every and --rounds must be at least 1".to_string()).into());
    }
    let files = if a.files.is_empty() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tesuji/tests/data/sgf");
        let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| Failure::input(format!("{}: {e}", dir.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
            .collect();
        v.sort();
        v
    } else {
        a.files.clone()
    };
    let mut positions: Vec<Position> = Vec::new();
    let mut games = 0;
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let Ok(trees) = tesuji::sgf::parse(&text) else {
            continue;
        };
        let Some(tree) = trees.first() else {
            continue;
        };
        let Ok(game) = tesuji::sgf::replay(tree, None, None) else {
            continue;
        };
        if game.position().size() != BoardSize::STANDARD || game.move_count() < 50 {
            continue;
        }
        games += 1;
        let mut n = a.every;
        while n < game.move_count() {
            if let Ok(g) = tesuji::sgf::replay(tree, None, Some(n + 1)) {
                positions.push(g.position().clone());
            }
            n += a.every;
        }
    }
    if positions.is_empty() {
        return Err(Failure::input("bench ladder: no 19x19 games found".to_string()).into());
    }
    let mut best = f64::INFINITY;
    let mut total = 0.0;
    let mut captured = 0;
    for _ in 0..a.rounds {
        captured = 0;
        let start = Instant::now();
        for p in &positions {
            let f = ladder::features(p);
            captured += f.captured.count();
        }
        let secs = start.elapsed().as_secs_f64();
        best = best.min(secs);
        total += secs;
    }
    let n = positions.len() as f64;
    outln!(
        "ladder features: {} positions from {games} games, {} rounds: best {:.1} us/position, mean {:.1} us/position ({captured} ladder-captured stones per round)",
        positions.len(),
        a.rounds,
        best / n * 1e6,
        total / a.rounds as f64 / n * 1e6
    );
    Ok(ExitCode::SUCCESS)
}
