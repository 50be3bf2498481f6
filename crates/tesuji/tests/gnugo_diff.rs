//! Differential test against GNU Go 3.8.
//!
//! * `recorded_gnugo_games`: always runs. Replays the recorded oracle games of
//!   `data/gnugo_games.txt` (see `data/README.md`) and compares, after every move, the board,
//!   the capture counts and the set of legal moves of the side to move.
//! * `live_gnugo_random_games`: runs when `/usr/games/gnugo` exists (otherwise prints a note
//!   and passes). Plays seeded random games chosen by our engine through one long-lived
//!   `gnugo --mode gtp` process per board size and compares legal moves and captures after
//!   every move and the whole board every 10 moves and at the end (simple ko on 5x5, 9x9
//!   and 19x19, and positional superko on 5x5 with `--positional-superko`).

mod common;

use common::Rng;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;
use tesuji::{vertex, BoardSize, Color, Game, Move, Point, Position, Ruleset};

const GNUGO: &str = "/usr/games/gnugo";

fn letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// The board as a string of `.`, `X`, `O`, row by row from the top.
fn board_string(pos: &Position) -> String {
    pos.size()
        .points()
        .map(|p| match pos.board().get(p) {
            Some(Color::Black) => 'X',
            Some(Color::White) => 'O',
            None => '.',
        })
        .collect()
}

fn unrle(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let mut n = String::new();
        while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            n.push(*d);
            chars.next();
        }
        let count = if n.is_empty() { 1 } else { n.parse().unwrap() };
        out.extend(std::iter::repeat_n(c, count));
    }
    out
}

fn own_eye(pos: &Position, p: Point, color: Color) -> bool {
    pos.board()
        .neighbors(p)
        .all(|n| pos.board().get(n) == Some(color))
}

#[test]
fn recorded_gnugo_games() {
    let text = include_str!("data/gnugo_games.txt");
    let mut games = 0;
    let mut positions = 0;
    let mut lines = text.lines().filter(|l| !l.starts_with('#')).peekable();
    while let Some(header) = lines.next() {
        let f: Vec<&str> = header.split(' ').collect();
        assert_eq!(f[0], "G", "{header}");
        let (id, n): (&str, u64) = (f[1], f[2].parse().unwrap());
        let size = BoardSize::square(n).unwrap();
        let ruleset = match f[3] {
            "simple" => Ruleset::japanese(),
            "psk" => Ruleset::chinese(),
            other => panic!("unknown rules {other}"),
        };
        let num_moves: usize = f[4].parse().unwrap();
        let mut game = Game::new(size, ruleset);
        let mut k = 0;
        while lines.peek().is_some_and(|l| l.starts_with("P ")) {
            let line = lines.next().unwrap();
            k += 1;
            let ctx = format!("game {id} move {k}: {line}");
            let f: Vec<&str> = line.split(' ').collect();
            let (c, v) = f[1].split_once(':').unwrap();
            let color = if c == "B" { Color::Black } else { Color::White };
            let mv = vertex::parse(v, size).unwrap();
            game.play_as(color, mv)
                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
            let pos = game.position();
            assert_eq!(pos.captures(Color::Black), f[2].parse().unwrap(), "{ctx}");
            assert_eq!(pos.captures(Color::White), f[3].parse().unwrap(), "{ctx}");
            assert_eq!(board_string(pos), unrle(f[4]), "{ctx}");
            let illegal: Vec<Point> = if f[5] == "-" {
                Vec::new()
            } else {
                f[5].split(',')
                    .map(|v| vertex::parse(v, size).unwrap().point().unwrap())
                    .collect()
            };
            let expected: Vec<Point> = size
                .points()
                .filter(|&p| pos.board().is_empty(p) && !illegal.contains(&p))
                .collect();
            if !game.is_over() {
                assert_eq!(
                    game.legal_points(),
                    expected,
                    "{ctx}\n{:?}",
                    game.position()
                );
            } else if ruleset.ko == tesuji::KoRule::Simple {
                // After the second pass the game is over; the position still answers.
                let pos = game.position();
                assert_eq!(pos.legal_points().collect::<Vec<_>>(), expected, "{ctx}");
            } else {
                // Game over under superko: the final legal set cannot be asked of the Game
                // any more; it is skipped (one position per game).
                positions -= 1;
            }
            positions += 1;
        }
        assert_eq!(k, num_moves, "game {id}");
        games += 1;
    }
    println!("recorded GNU Go games: {games} games, {positions} positions compared");
    assert!(games >= 100);
}

/// A minimal GTP client over a child process's pipes.
struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gtp {
    fn start(extra: &[&str]) -> Gtp {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--quiet"])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gnugo");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Gtp {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends `cmd`; returns the answer text after `= `, panicking on `?`.
    fn send(&mut self, cmd: &str) -> String {
        writeln!(self.stdin, "{cmd}").unwrap();
        self.stdin.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).unwrap();
            assert!(n > 0, "gnugo closed its output after {cmd:?}");
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        let answer = answer.trim_end();
        match answer.strip_prefix('=') {
            Some(rest) => rest.trim().to_string(),
            None => panic!("gnugo refused {cmd:?}: {answer}"),
        }
    }

    fn vertices(&mut self, cmd: &str, size: BoardSize) -> Vec<Point> {
        let mut v: Vec<Point> = self
            .send(cmd)
            .split_whitespace()
            .map(|t| vertex::parse(t, size).unwrap().point().unwrap())
            .collect();
        v.sort_by_key(|p| (p.y(), p.x()));
        v
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

struct LiveStats {
    games: usize,
    positions: usize,
    boards: usize,
}

fn live_games(n: u64, games: usize, seed: u64, psk: bool, stats: &mut LiveStats) {
    let size = BoardSize::square(n).unwrap();
    let (ruleset, extra): (Ruleset, &[&str]) = if psk {
        (Ruleset::chinese(), &["--positional-superko"])
    } else {
        (Ruleset::japanese(), &[])
    };
    let mut gtp = Gtp::start(extra);
    gtp.send(&format!("boardsize {n}"));
    let mut rng = Rng::new(seed);
    let cap = 3 * size.area();
    for g in 0..games {
        gtp.send("clear_board");
        let mut game = Game::new(size, ruleset);
        let mut passes = 0;
        let mut moves = 0;
        let compare_board = |gtp: &mut Gtp, pos: &Position, ctx: &str| {
            for color in [Color::Black, Color::White] {
                let name = if color == Color::Black {
                    "black"
                } else {
                    "white"
                };
                let theirs = gtp.vertices(&format!("list_stones {name}"), size);
                let ours: Vec<Point> = size
                    .points()
                    .filter(|&p| pos.board().get(p) == Some(color))
                    .collect();
                assert_eq!(ours, theirs, "{ctx}: {name} stones\n{pos:?}");
            }
        };
        while passes < 2 && moves < cap {
            let me = game.to_play();
            let cands: Vec<Point> = game
                .legal_points()
                .into_iter()
                .filter(|&p| !own_eye(game.position(), p, me))
                .collect();
            let mv = if cands.is_empty() || rng.chance(1, 100) {
                Move::Pass
            } else {
                Move::Play(cands[rng.below(cands.len())])
            };
            game.play(mv).unwrap();
            let pos = game.position().clone();
            moves += 1;
            passes = if mv == Move::Pass { passes + 1 } else { 0 };
            let v = vertex::format(mv, size);
            let ctx = format!(
                "seed {seed} {n}x{n} game {g} move {moves} ({} {v})",
                letter(me)
            );
            gtp.send(&format!("play {} {v}", letter(me)));
            let next = if pos.to_play() == Color::Black {
                "black"
            } else {
                "white"
            };
            let theirs = gtp.vertices(&format!("all_legal {next}"), size);
            let ours: Vec<Point> = if !game.is_over() {
                game.legal_points()
            } else {
                // Over after two passes: the position answers for simple ko; under
                // superko compare only the moves the position allows that GNU Go lists.
                pos.legal_points()
                    .filter(|p| !psk || theirs.contains(p))
                    .collect()
            };
            assert_eq!(ours, theirs, "{ctx}: legal moves\n{pos:?}");
            for (color, name) in [(Color::Black, "black"), (Color::White, "white")] {
                let caps: u32 = gtp.send(&format!("captures {name}")).parse().unwrap();
                assert_eq!(pos.captures(color), caps, "{ctx}: captures of {name}");
            }
            if moves % 10 == 0 {
                compare_board(&mut gtp, &pos, &ctx);
                stats.boards += 1;
            }
            stats.positions += 1;
        }
        let ctx = format!("seed {seed} {n}x{n} game {g} end");
        compare_board(&mut gtp, game.position(), &ctx);
        stats.boards += 1;
        stats.games += 1;
    }
}

#[test]
fn live_gnugo_random_games() {
    if !Path::new(GNUGO).exists() {
        println!("note: {GNUGO} not found; live GNU Go differential test skipped");
        return;
    }
    let start = Instant::now();
    let mut stats = LiveStats {
        games: 0,
        positions: 0,
        boards: 0,
    };
    let plan = [
        (5, 100, 0x6E0_0005, false),
        (5, 30, 0x6E0_1005, true),
        (9, 70, 0x6E0_0009, false),
        (19, 30, 0x6E0_0019, false),
    ];
    for (n, games, seed, psk) in plan {
        live_games(n, games, seed, psk, &mut stats);
    }
    println!(
        "live GNU Go: {} games, {} positions compared (legal moves and captures), {} full boards, {:.1} s",
        stats.games,
        stats.positions,
        stats.boards,
        start.elapsed().as_secs_f64()
    );
    assert_eq!(stats.games, 230);
}
