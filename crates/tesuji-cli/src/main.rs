//! The `tesuji` command line: glue over the library.
//!
//! Exit codes: 0 success; 1 the answer is "no" (a move given to `play` or `legal --check`
//! is illegal); 2 bad input (unreadable file, syntax error, bad vertex, size or option).
//! Errors are one line on standard error naming the file, the place and the reason.

/// `println!` for the command's output: a reader that went away (`tesuji ... | head`)
/// ends the program quietly; another write error is reported (exit code 2), never a panic.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            $crate::output_failed(e);
        }
    }};
}

/// `print!` for the command's output, as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            $crate::output_failed(e);
        }
    }};
}

mod benson_cmd;
mod input;
mod ladder_cmd;
mod solve_cmd;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use input::{Failure, Loaded};
use std::process::ExitCode;
use std::time::Instant;
use tesuji::{ascii, vertex, BoardSize, Color, Move, Position, Ruleset};

/// tesuji: a Go engine. Rules, formats, reading and life-and-death solving.
#[derive(Parser)]
#[command(name = "tesuji", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print a position (SGF or diagram) as a diagram.
    Show(ShowArgs),
    /// List the legal moves of the side to move, or say why one move is (not) legal.
    Legal(LegalArgs),
    /// Play moves on a position and print the result, or why a move is illegal.
    Play(PlayArgs),
    /// Count the score of a finished position.
    Score(ScoreArgs),
    /// Count move sequences of a given depth (no passes; simple ko).
    Perft(PerftArgs),
    /// Benson's unconditional life: safe stones and territory of each colour.
    Benson(benson_cmd::BensonArgs),
    /// Read ladders: status and sequence of one chain, or of every chain with 1 or 2 liberties.
    Ladder(ladder_cmd::LadderArgs),
    /// Solve a life-and-death problem: result, ko threshold, winning moves, variation.
    Solve(solve_cmd::SolveArgs),
    /// Benchmarks.
    #[command(subcommand)]
    Bench(BenchCommand),
    /// Speak GTP 2 on standard input and output (for GoGui, Sabaki, Lizzie, twogtp).
    Gtp(GtpArgs),
    /// Run GoGui / GNU Go regression files (.tst) and report passes and failures.
    Regress(RegressArgs),
}

#[derive(Args)]
struct GtpArgs {
    /// Ruleset (default chinese: area, positional superko, no suicide, komi 7.5).
    #[arg(long, value_name = "NAME")]
    rules: Option<Ruleset>,
    /// Seed for genmove's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for tesuji-solve (default: every core); the answer does not depend on it
    /// when the time is enough to decide it (the goal's reading runs on one thread).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Seconds of one tesuji-solve, the goal's reading of a problem with nothing marked
    /// included (decimals allowed).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    solve_time: f64,
}

#[derive(Args)]
struct RegressArgs {
    /// Regression files.
    #[arg(required = true)]
    files: Vec<String>,
    /// Ruleset (default chinese).
    #[arg(long, value_name = "NAME")]
    rules: Option<Ruleset>,
}

/// Where a position comes from.
#[derive(Args)]
struct Source {
    /// An SGF file or a text diagram (`-` reads standard input).
    file: String,
    /// For SGF: stop before move N (as GTP `loadsgf` does); the default is after the last move.
    #[arg(long = "move", value_name = "N")]
    move_number: Option<usize>,
    /// Ruleset: chinese, japanese, aga, new-zealand, tromp-taylor, ing (default: the file's
    /// RU property, else chinese).
    #[arg(long, value_name = "NAME")]
    rules: Option<Ruleset>,
}

#[derive(Args)]
struct ShowArgs {
    #[command(flatten)]
    source: Source,
    /// Leave out the coordinate labels.
    #[arg(long)]
    plain: bool,
    /// Write the kata format (`x`/`o`/`-`, first line the side to move).
    #[arg(long, conflicts_with = "plain")]
    kata: bool,
}

#[derive(Args)]
struct LegalArgs {
    #[command(flatten)]
    source: Source,
    /// Only say whether this move (a vertex such as D4, or pass) is legal, and why not.
    #[arg(long, value_name = "VERTEX")]
    check: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct PlayArgs {
    #[command(flatten)]
    source: Source,
    /// Moves to play in turn: vertices such as D4 or pass, optionally with the colour
    /// (`B:D4`, `W:pass`), which must then be the side to move.
    #[arg(required = true, value_name = "MOVES")]
    moves: Vec<String>,
}

#[derive(Args)]
struct ScoreArgs {
    #[command(flatten)]
    source: Source,
    /// Dead stones, one vertex per dead chain, comma separated (D4,Q16).
    #[arg(long, value_delimiter = ',', value_name = "VERTICES")]
    dead: Vec<String>,
    /// Komi (default: the file's KM, else the ruleset's).
    #[arg(long)]
    komi: Option<tesuji::Komi>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct PerftArgs {
    /// Board size, WxH or N (not needed with FILE).
    #[arg(long)]
    size: Option<BoardSize>,
    /// Depth in moves.
    #[arg(long)]
    depth: u32,
    /// Start from this position instead of the empty board.
    file: Option<String>,
    /// With FILE: stop before move N.
    #[arg(long = "move", value_name = "N", requires = "file")]
    move_number: Option<usize>,
}

#[derive(Subcommand)]
enum BenchCommand {
    /// Light random playouts from the empty board (the workload other engines report).
    Playouts(PlayoutArgs),
    /// Benson's unconditional life on 19x19 positions from real games (µs per position).
    Benson(benson_cmd::BenchBensonArgs),
    /// Ladder features of every chain, on positions of 19x19 games (microseconds per position).
    Ladder(ladder_cmd::BenchLadderArgs),
    /// Solve every SGF problem under the given directories: one JSON line each, then a
    /// summary (solved, agreeing with the listed answers, total and median time).
    Solve(solve_cmd::BenchSolveArgs),
}

#[derive(Args)]
struct PlayoutArgs {
    /// Board size (square), 1 to 25.
    #[arg(long, default_value_t = 9)]
    size: u64,
    /// Number of playouts.
    #[arg(long, default_value_t = 10_000)]
    count: u64,
    /// Random seed.
    #[arg(long, default_value_t = 12345)]
    seed: u64,
}

/// Ends the program after standard output failed: quietly when the reader went away (a
/// closed pipe), else with a message and exit code 2.
fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("tesuji: cannot write the output: {e}");
    std::process::exit(2);
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) if broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.downcast_ref::<Failure>().map_or(2, |f| f.code);
            eprintln!("tesuji: {e:#}");
            ExitCode::from(code)
        }
    }
}

/// Whether an error is a write to a closed pipe (the reader went away).
fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Show(a) => show(a),
        Command::Legal(a) => legal(a),
        Command::Play(a) => play(a),
        Command::Score(a) => score(a),
        Command::Perft(a) => perft(a),
        Command::Ladder(a) => ladder_cmd::run(a),
        Command::Bench(BenchCommand::Playouts(a)) => bench_playouts(a),
        Command::Bench(BenchCommand::Benson(a)) => benson_cmd::bench(a),
        Command::Benson(a) => benson_cmd::run(a),
        Command::Bench(BenchCommand::Ladder(a)) => ladder_cmd::bench(a),
        Command::Solve(a) => solve_cmd::run(a),
        Command::Bench(BenchCommand::Solve(a)) => solve_cmd::bench(a),
        Command::Gtp(a) => gtp(a),
        Command::Regress(a) => regress(a),
    }
}

fn load(source: &Source) -> Result<Loaded> {
    input::load(&source.file, source.move_number, source.rules)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn show(a: ShowArgs) -> Result<ExitCode> {
    let loaded = load(&a.source)?;
    let pos = loaded.game.position();
    if a.kata {
        out!("{}", ascii::write_kata(pos));
        return Ok(ExitCode::SUCCESS);
    }
    out!("{}", ascii::write_diagram(pos, !a.plain));
    let size = pos.size();
    outln!(
        "Captures: Black {}, White {}",
        pos.captures(Color::Black),
        pos.captures(Color::White)
    );
    if let Some(k) = pos.ko_point() {
        outln!(
            "Ko: {} may not retake at {}",
            color_name(pos.to_play()),
            vertex::format(Move::Play(k), size)
        );
    }
    if let Some(n) = loaded.moves_played {
        outln!("After {n} moves");
    }
    Ok(ExitCode::SUCCESS)
}

fn parse_move(text: &str, size: BoardSize, file: &str) -> Result<(Option<Color>, Move)> {
    let (color, v) = match text.split_once(':') {
        Some((c, v)) => (
            Some(c.parse::<Color>().map_err(|e| {
                Failure::input(format!("{file}: move {:?}: {e}", tesuji::excerpt(text)))
            })?),
            v,
        ),
        None => (None, text),
    };
    let mv = vertex::parse(v, size).map_err(|e| Failure::input(format!("{file}: {e}")))?;
    Ok((color, mv))
}

fn legal(a: LegalArgs) -> Result<ExitCode> {
    let mut loaded = load(&a.source)?;
    let game = &mut loaded.game;
    let size = game.position().size();
    let to_play = game.to_play();
    if let Some(text) = &a.check {
        let (color, mv) = parse_move(text, size, &a.source.file)?;
        let color = color.unwrap_or(to_play);
        let verdict = game.check_as(color, mv);
        let shown = vertex::format(mv, size);
        if a.json {
            let mut obj = serde_json::json!({
                "move": shown.to_string(),
                "color": color.letter().to_string(),
                "legal": verdict.is_ok(),
            });
            if let Err(r) = verdict {
                obj["reason"] = r.description().into();
            }
            outln!("{obj}");
        } else {
            match verdict {
                Ok(()) => outln!("{} {shown} is legal", color_name(color)),
                Err(r) => outln!("{} {shown} is illegal: {r}", color_name(color)),
            }
        }
        return Ok(if verdict.is_ok() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let points = game.legal_points();
    let names: Vec<String> = points
        .iter()
        .map(|&p| vertex::format(Move::Play(p), size).to_string())
        .collect();
    if a.json {
        let obj = serde_json::json!({
            "to_play": to_play.letter().to_string(),
            "game_over": game.is_over(),
            "count": names.len(),
            "legal": names,
        });
        outln!("{obj}");
    } else {
        outln!(
            "{} to move: {} legal moves besides pass{}",
            color_name(to_play),
            names.len(),
            if game.is_over() {
                " (the game is over)"
            } else {
                ""
            }
        );
        outln!("{}", names.join(" "));
    }
    Ok(ExitCode::SUCCESS)
}

fn play(a: PlayArgs) -> Result<ExitCode> {
    let mut loaded = load(&a.source)?;
    let game = &mut loaded.game;
    let size = game.position().size();
    let parsed: Vec<_> = a
        .moves
        .iter()
        .map(|m| parse_move(m, size, &a.source.file))
        .collect::<Result<_>>()?;
    for (i, (color, mv)) in parsed.into_iter().enumerate() {
        let color = color.unwrap_or(game.to_play());
        let shown = vertex::format(mv, size);
        if let Err(e) = game.play_as(color, mv) {
            out!("{}", ascii::write_diagram(game.position(), true));
            return Err(Failure {
                code: 1,
                message: format!(
                    "{}: move {} ({} {shown}) is illegal: {}",
                    a.source.file,
                    i + 1,
                    color_name(color),
                    e.reason
                ),
            }
            .into());
        }
        let captured = game_last_captures(game);
        if captured > 0 {
            outln!("{} {shown} captures {captured}", color_name(color));
        }
    }
    let pos = game.position();
    out!("{}", ascii::write_diagram(pos, true));
    outln!(
        "Captures: Black {}, White {}",
        pos.captures(Color::Black),
        pos.captures(Color::White)
    );
    if let Some(r) = game.result() {
        outln!("Game over: {r}");
    }
    Ok(ExitCode::SUCCESS)
}

fn game_last_captures(game: &tesuji::Game) -> usize {
    game.last_record().map_or(0, |r| r.captured_count())
}

fn score(a: ScoreArgs) -> Result<ExitCode> {
    let mut loaded = load(&a.source)?;
    if let Some(k) = a.komi {
        loaded.game.set_komi(k);
    }
    let game = &loaded.game;
    let size = game.position().size();
    let mut dead = Vec::new();
    for d in &a.dead {
        match vertex::parse(d, size)
            .map_err(|e| Failure::input(format!("{}: --dead: {e}", a.source.file)))?
        {
            Move::Play(p) => dead.push(p),
            Move::Pass => {
                return Err(Failure::input(format!(
                    "{}: --dead: pass is not a stone",
                    a.source.file
                ))
                .into())
            }
        }
    }
    let s = game
        .score(&dead)
        .map_err(|e| Failure::input(format!("{}: --dead: {e}", a.source.file)))?;
    let rules = game.ruleset();
    if a.json {
        let side = |c: Color| {
            serde_json::json!({
                "stones": s.stones[c],
                "territory": s.territory[c],
                "prisoners": s.prisoners[c],
                "total": s.total_half_points(c) as f64 / 2.0,
            })
        };
        let obj = serde_json::json!({
            "scoring": format!("{:?}", rules.scoring).to_lowercase(),
            "komi": rules.komi.half_points() as f64 / 2.0,
            "black": side(Color::Black),
            "white": side(Color::White),
            "result": s.to_string(),
        });
        outln!("{obj}");
        return Ok(ExitCode::SUCCESS);
    }
    let half = |h: i32| tesuji::Komi::from_half_points(h).to_string();
    for c in Color::ALL {
        let detail = match rules.scoring {
            tesuji::Scoring::Area => {
                format!("{} stones + {} territory", s.stones[c], s.territory[c])
            }
            tesuji::Scoring::Territory => {
                format!(
                    "{} territory + {} prisoners",
                    s.territory[c], s.prisoners[c]
                )
            }
        };
        let komi = if c == Color::White {
            format!(" + {} komi", rules.komi)
        } else {
            String::new()
        };
        outln!(
            "{}: {detail}{komi} = {}",
            color_name(c),
            half(s.total_half_points(c))
        );
    }
    outln!("{s}");
    Ok(ExitCode::SUCCESS)
}

fn perft(a: PerftArgs) -> Result<ExitCode> {
    let pos: Position = match (&a.file, a.size) {
        (Some(f), _) => {
            let loaded = input::load(f, a.move_number, None)?;
            let mut p = loaded.game.position().clone();
            p.set_suicide_rule(tesuji::Suicide::Forbidden);
            p
        }
        (None, Some(size)) => Position::new(size),
        (None, None) => {
            return Err(Failure::input("perft: give --size WxH or a FILE".to_string()).into())
        }
    };
    let start = Instant::now();
    let n = tesuji::perft(&pos, a.depth);
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "perft size={} depth={} time_s={secs:.3} nodes_per_s={:.0}",
        pos.size(),
        a.depth,
        n as f64 / secs.max(1e-9)
    );
    outln!("{n}");
    Ok(ExitCode::SUCCESS)
}

fn bench_playouts(a: PlayoutArgs) -> Result<ExitCode> {
    let size = BoardSize::square(a.size).map_err(|e| Failure::input(format!("--size: {e}")))?;
    if a.count == 0 {
        return Err(Failure::input("--count must be at least 1".to_string()).into());
    }
    let report = tesuji::playout::bench(size.width(), a.count, a.seed);
    outln!("{report}");
    Ok(ExitCode::SUCCESS)
}

fn gtp(a: GtpArgs) -> Result<ExitCode> {
    let solve_time = input::seconds_option("--solve-time", a.solve_time)?;
    let mut engine = tesuji_gtp::Engine::with_rules(a.rules.unwrap_or_default());
    engine.set_seed(a.seed);
    engine.set_solve_time(solve_time);
    engine.set_threads(a.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    ));
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    engine
        .run(stdin.lock(), stdout.lock())
        .map_err(|e| Failure::input(format!("gtp: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

fn regress(a: RegressArgs) -> Result<ExitCode> {
    let (mut passed, mut failed, mut unexpected) = (0, 0, 0);
    for file in &a.files {
        let mut engine = tesuji_gtp::Engine::with_rules(a.rules.unwrap_or_default());
        let report = tesuji_gtp::regress::run_file(std::path::Path::new(file), &mut engine)
            .map_err(|e| Failure::input(e.to_string()))?;
        outln!("== {file}");
        outln!("{report}");
        passed += report.passed();
        failed += report.failed();
        // A failed setup command leaves the tests after it on another position.
        unexpected +=
            report.count(tesuji_gtp::regress::Verdict::Fail) + report.setup_failures.len();
    }
    if a.files.len() > 1 {
        outln!("== total");
        outln!("{passed} passed, {failed} failed");
    }
    Ok(if unexpected > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
