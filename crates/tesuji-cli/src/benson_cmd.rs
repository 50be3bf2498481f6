//! `tesuji benson` and `tesuji bench benson`: Benson's unconditional life.

use crate::input::Failure;
use crate::Source;
use anyhow::Result;
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;
use tesuji::benson::{self, BensonResult, Safety};
use tesuji::{vertex, BoardSize, Color, Move, Point, Position};

/// Arguments of `tesuji benson`.
#[derive(Args)]
pub struct BensonArgs {
    #[command(flatten)]
    source: Source,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// The SGF corpus of the source tree (real games, several of them 19x19).
const DEFAULT_CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tesuji/tests/data/sgf");

/// Arguments of `tesuji bench benson`.
#[derive(Args)]
pub struct BenchBensonArgs {
    /// SGF files or directories of SGF files (19x19 games are used; default: the SGF test
    /// corpus of the source tree, `crates/tesuji/tests/data/sgf`).
    files: Vec<String>,
    /// Move numbers to stop before (positions past the end of a game are skipped).
    #[arg(long, value_delimiter = ',', default_value = "50,100,150,200,250")]
    moves: Vec<usize>,
    /// Minimum measuring time in milliseconds.
    #[arg(long, default_value_t = 1000)]
    millis: u64,
}

fn names(points: &[Point], size: BoardSize) -> Vec<String> {
    points
        .iter()
        .map(|&p| vertex::format(Move::Play(p), size).to_string())
        .collect()
}

/// The board with the verdicts: `X`/`O` stones of unconditionally alive chains, `x`/`o`
/// other stones (dead if they stand in the other colour's territory), `b`/`w` empty points
/// of Black's / White's safe territory, `.` anything else.
pub fn diagram(pos: &Position, result: &BensonResult) -> String {
    let size = pos.size();
    let board = pos.board();
    let mut out = String::from("   ");
    let header: String = (0..size.width())
        .map(|x| format!(" {}", vertex::column_letter(x)))
        .collect();
    out.push_str(&header);
    out.push('\n');
    for y in 0..size.height() {
        let row = size.height() - y;
        out.push_str(&format!("{row:>3}"));
        for x in 0..size.width() {
            let p = Point::new(x, y);
            let ch = match (board.get(p), result.status(p)) {
                (Some(Color::Black), Safety::Alive(_)) => 'X',
                (Some(Color::White), Safety::Alive(_)) => 'O',
                (Some(Color::Black), _) => 'x',
                (Some(Color::White), _) => 'o',
                (None, Safety::Territory(Color::Black)) => 'b',
                (None, Safety::Territory(Color::White)) => 'w',
                (None, _) => '.',
            };
            out.push(' ');
            out.push(ch);
        }
        out.push_str(&format!(" {row}\n"));
    }
    out.push_str("   ");
    out.push_str(&header);
    out.push('\n');
    out
}

/// `tesuji benson FILE`: the safe stones and territory of each colour and the count of
/// safe points.
pub fn run(a: BensonArgs) -> Result<ExitCode> {
    let loaded = crate::load(&a.source)?;
    let game = &loaded.game;
    let pos = game.position();
    let size = pos.size();
    let suicide = game.ruleset().suicide;
    let result = benson::unconditional_life(pos.board(), suicide);
    if a.json {
        let side = |c: Color| {
            serde_json::json!({
                "alive_chains": names(&result.alive_chains[c], size),
                "alive_stones": names(&result.alive_stones[c], size),
                "territory": names(&result.territory[c], size),
                "safe": result.safe_count_for(c),
            })
        };
        let obj = serde_json::json!({
            "suicide": match suicide {
                tesuji::Suicide::Forbidden => "forbidden",
                tesuji::Suicide::MultiStoneAllowed => "multi-stone-allowed",
            },
            "black": side(Color::Black),
            "white": side(Color::White),
            "safe_points": result.safe_count(),
        });
        outln!("{obj}");
        return Ok(ExitCode::SUCCESS);
    }
    out!("{}", diagram(pos, &result));
    outln!(
        "X O: unconditionally alive stones; b w: safe territory; x o: other stones (dead \
         where they stand in the other colour's territory)"
    );
    outln!(
        "Suicide: {}",
        match suicide {
            tesuji::Suicide::Forbidden => "forbidden",
            tesuji::Suicide::MultiStoneAllowed => "multi-stone allowed",
        }
    );
    for c in Color::ALL {
        outln!(
            "{}: {} alive chains, {} stones, {} territory: {} safe points",
            crate::color_name(c),
            result.alive_chains[c].len(),
            result.alive_stones[c].len(),
            result.territory[c].len(),
            result.safe_count_for(c)
        );
    }
    outln!("Safe points: {}", result.safe_count());
    Ok(ExitCode::SUCCESS)
}

fn sgf_files(args: &[String]) -> Result<Vec<String>> {
    let roots = if args.is_empty() {
        vec![DEFAULT_CORPUS.to_string()]
    } else {
        args.to_vec()
    };
    let mut files = Vec::new();
    for root in roots {
        let path = std::path::Path::new(&root);
        if path.is_dir() {
            let entries = std::fs::read_dir(path)
                .map_err(|e| Failure::input(format!("{root}: cannot read: {e}")))?;
            let mut found: Vec<String> = entries
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(root);
        }
    }
    Ok(files)
}

/// `tesuji bench benson`: microseconds per 19x19 position.
pub fn bench(a: BenchBensonArgs) -> Result<ExitCode> {
    let mut positions: Vec<Position> = Vec::new();
    for file in sgf_files(&a.files)? {
        for &m in &a.moves {
            // Games shorter than the move number (or unreadable) are skipped.
            let Ok(loaded) = crate::input::load(&file, Some(m.max(1)), None) else {
                continue;
            };
            let pos = loaded.game.position();
            if pos.size() == BoardSize::STANDARD && loaded.moves_played == Some(m.max(1) - 1) {
                positions.push(pos.clone());
            }
        }
    }
    if positions.is_empty() {
        return Err(Failure::input("bench benson: no 19x19 positions found".to_string()).into());
    }
    let mut safe = 0usize;
    let mut rounds = 0u64;
    let start = Instant::now();
    loop {
        for p in &positions {
            let r = benson::unconditional_life(p.board(), tesuji::Suicide::Forbidden);
            safe += r.safe_count();
        }
        rounds += 1;
        if start.elapsed().as_millis() >= u128::from(a.millis) {
            break;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = rounds * positions.len() as u64;
    outln!(
        "benson positions={} rounds={rounds} time_s={secs:.3} us_per_position={:.2} safe_points_per_position={:.1}",
        positions.len(),
        secs * 1e6 / n as f64,
        safe as f64 / n as f64
    );
    Ok(ExitCode::SUCCESS)
}
