//! The GTP engine: state and command handlers.

use crate::genmove::{self, Rng};
use crate::protocol::{parse_line, Command, Response};
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use tesuji::benson::Safety;
use tesuji::{
    ascii, excerpt, ladder, vertex, BoardSize, Color, Game, Komi, Move, Point, Position, Ruleset,
};

/// Why a command failed. Its `Display` is the text after `? `; this is the one place where
/// library errors become GTP error messages.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GtpError {
    /// The command is not known.
    #[error("unknown command")]
    UnknownCommand,
    /// Wrong number of arguments.
    #[error("wrong number of arguments (expected {0})")]
    Arguments(&'static str),
    /// A colour argument is not b, w, black or white.
    #[error("invalid color: {0}")]
    Color(String),
    /// A vertex argument is malformed, off the board, or a pass where a point is needed.
    #[error("{0}")]
    Vertex(vertex::VertexError),
    /// A number argument is not a number.
    #[error("not a number: {0}")]
    Number(String),
    /// The move is illegal.
    #[error("illegal move: {0}")]
    Illegal(tesuji::IllegalReason),
    /// Board size outside 1..25.
    #[error("unacceptable size")]
    Size,
    /// Komi is not a multiple of one half, or too large.
    #[error("{0}")]
    Komi(tesuji::ParseKomiError),
    /// Nothing to undo.
    #[error("cannot undo")]
    CannotUndo,
    /// The vertex holds no stone.
    #[error("vertex must not be empty")]
    EmptyVertex,
    /// Handicap not possible.
    #[error("invalid handicap")]
    Handicap,
    /// Handicap on a board that already has stones.
    #[error("board not empty")]
    BoardNotEmpty,
    /// A bad list of handicap vertices.
    #[error("bad vertex list")]
    VertexList,
    /// An unknown ruleset name.
    #[error("unknown rules: {0}")]
    Rules(String),
    /// An unknown status for `final_status_list`.
    #[error("invalid status")]
    Status,
    /// `ladder_attack` on a chain without exactly two liberties (GNU Go's message).
    #[error("string must have exactly 2 liberties")]
    LadderLiberties,
    /// A life-and-death problem cannot be set up (no target, no enclosing wall, ...).
    #[error("{0}")]
    Problem(String),
    /// A life-and-death reading that the time did not decide.
    #[error("undecided within the time")]
    Undecided,
    /// A file could not be read or parsed, or written.
    #[error("cannot load or parse '{file}': {reason}")]
    File {
        /// The file.
        file: String,
        /// What went wrong.
        reason: String,
    },
}

/// The commands this engine knows, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "all_legal",
    "boardsize",
    "captures",
    "clear_board",
    "color",
    "countlib",
    "dragon_status",
    "final_score",
    "final_status_list",
    "findlib",
    "fixed_handicap",
    "genmove",
    "go_ladder",
    "go_safe",
    "go_static_ladder",
    "gogui-analyze_commands",
    "is_legal",
    "kgs-rules",
    "known_command",
    "komi",
    "ladder_attack",
    "list_commands",
    "list_stones",
    "loadsgf",
    "name",
    "owl_attack",
    "owl_defend",
    "place_free_handicap",
    "play",
    "printsgf",
    "protocol_version",
    "quit",
    "reg_genmove",
    "set_free_handicap",
    "showboard",
    "tesuji-benson",
    "tesuji-ladder",
    "tesuji-rules",
    "tesuji-solve",
    "time_left",
    "time_settings",
    "unconditional_status",
    "undo",
    "version",
    "worm_stones",
];

/// A GTP engine over a [`Game`].
///
/// ```
/// use tesuji_gtp::Engine;
/// let mut engine = Engine::new();
/// let mut out = Vec::new();
/// engine.run(&b"boardsize 9\n1 play b E5\n2 countlib E5\nquit\n"[..], &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "= \n\n=1 \n\n=2 4\n\n= \n\n");
/// ```
pub struct Engine {
    game: Game,
    rules: Ruleset,
    handicap: u32,
    rng: Rng,
    base_dir: Option<PathBuf>,
    quit: bool,
    /// Threads of `tesuji-solve`'s searches.
    threads: usize,
    /// Time of one `tesuji-solve` (the goal's reading included).
    solve_time: std::time::Duration,
}

/// The time of one `tesuji-solve` unless [`Engine::set_solve_time`] says otherwise.
pub const DEFAULT_SOLVE_TIME: std::time::Duration = std::time::Duration::from_secs(10);

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

fn color_arg(s: &str) -> Result<Color, GtpError> {
    s.parse().map_err(|_| GtpError::Color(excerpt(s)))
}

impl Engine {
    /// A 19x19 engine under Chinese rules (area scoring, positional superko, no suicide,
    /// komi 7.5).
    pub fn new() -> Engine {
        Engine::with_rules(Ruleset::chinese())
    }

    /// A 19x19 engine under `rules`.
    pub fn with_rules(rules: Ruleset) -> Engine {
        Engine {
            game: Game::new(BoardSize::STANDARD, rules),
            rules,
            handicap: 0,
            rng: Rng::new(0x7E5D_0001),
            base_dir: None,
            quit: false,
            threads: 1,
            solve_time: DEFAULT_SOLVE_TIME,
        }
    }

    /// Seeds the random choices of `genmove`.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// The threads of `tesuji-solve`'s searches (1, the default, is deterministic). The
    /// answer decided within the time does not depend on it; the goal's reading of a
    /// problem with nothing marked runs on one thread whatever it is.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The time of one `tesuji-solve`, the goal's reading of a problem with nothing marked
    /// included (default [`DEFAULT_SOLVE_TIME`]).
    pub fn set_solve_time(&mut self, time: std::time::Duration) {
        self.solve_time = time;
    }

    /// Resolves relative `loadsgf` paths against `dir` (the regression runner uses the
    /// directory of the test file).
    pub fn set_base_dir(&mut self, dir: Option<PathBuf>) {
        self.base_dir = dir;
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Reads commands from `input` and writes responses to `output` until `quit` or the
    /// end of the input. Malformed commands get a `?` response; only I/O errors stop it.
    pub fn run(&mut self, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        for line in input.split(b'\n') {
            let line = line?;
            let line = String::from_utf8_lossy(&line);
            if let Some(cmd) = parse_line(&line) {
                let response = self.execute(&cmd);
                write!(output, "{response}")?;
                output.flush()?;
                if self.quit {
                    break;
                }
            }
        }
        Ok(())
    }

    /// Executes one command.
    pub fn execute(&mut self, cmd: &Command) -> Response {
        Response {
            id: cmd.id,
            result: self.handle(cmd).map_err(|e| e.to_string()),
        }
    }

    /// Executes one command line (for tests and the regression runner); `None` for an
    /// empty line.
    pub fn execute_line(&mut self, line: &str) -> Option<Response> {
        parse_line(line).map(|c| self.execute(&c))
    }

    fn size(&self) -> BoardSize {
        self.game.position().size()
    }

    fn vertex_arg(&self, s: &str) -> Result<Move, GtpError> {
        vertex::parse(s, self.size()).map_err(GtpError::Vertex)
    }

    fn point_arg(&self, s: &str) -> Result<Point, GtpError> {
        match self.vertex_arg(s)? {
            Move::Play(p) => Ok(p),
            Move::Pass => Err(GtpError::Vertex(vertex::VertexError::NotAPoint(excerpt(s)))),
        }
    }

    /// The life-and-death problem of the chains at `targets` (the region found around
    /// them), or with no targets the goal found by reading, with `color` to move, solved
    /// within the solve time: the problem as loaded and the answer (one winning move).
    fn solve_problem(
        &self,
        color: Color,
        targets: Option<&[Point]>,
    ) -> Result<(tesuji::tsumego::Loaded, tesuji::tsumego::Answer), GtpError> {
        let mut pos = self.game.position().clone();
        if pos.to_play() != color {
            pos.set_to_play(color);
        }
        let mut options = tesuji::tsumego::SolveOptions {
            time: Some(self.solve_time),
            all_moves: false,
            pv: false,
            threads: self.threads,
            ..Default::default()
        };
        let open = tesuji::tsumego::OpenOptions::within(&options);
        let loaded = tesuji::tsumego::load_position(pos, targets, None, &open)
            .map_err(|e| GtpError::Problem(e.to_string()))?;
        if let Some(f) = &loaded.open {
            f.charge(&mut options);
        }
        let a = tesuji::tsumego::solve(&loaded.problem, color, &options);
        Ok((loaded, a))
    }

    /// The chain on the vertex `arg`.
    fn chain_at(&self, arg: &str) -> Result<tesuji::Chain<'_>, GtpError> {
        let p = self.point_arg(arg)?;
        self.game
            .position()
            .board()
            .chain(p)
            .ok_or(GtpError::EmptyVertex)
    }

    fn name_of(&self, p: Point) -> String {
        vertex::format(Move::Play(p), self.size()).to_string()
    }

    fn names(&self, points: impl IntoIterator<Item = Point>) -> String {
        points
            .into_iter()
            .map(|p| self.name_of(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn reset(&mut self, size: BoardSize) {
        let komi = self.game.ruleset().komi;
        self.game = Game::new(size, self.rules.with_komi(komi));
        self.handicap = 0;
    }

    fn handle(&mut self, cmd: &Command) -> Result<String, GtpError> {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        let nargs = |n: usize, what: &'static str| {
            if args.len() == n {
                Ok(())
            } else {
                Err(GtpError::Arguments(what))
            }
        };
        match cmd.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("tesuji".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                nargs(1, "a command name")?;
                Ok(COMMANDS.contains(&args[0]).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => {
                nargs(1, "a size")?;
                let n: u64 = args[0]
                    .parse()
                    .map_err(|_| GtpError::Number(excerpt(args[0])))?;
                let size = BoardSize::square(n).map_err(|_| GtpError::Size)?;
                self.reset(size);
                Ok(String::new())
            }
            "clear_board" => {
                nargs(0, "no arguments")?;
                self.reset(self.size());
                Ok(String::new())
            }
            "komi" => {
                nargs(1, "a komi")?;
                let k: Komi = args[0].parse().map_err(GtpError::Komi)?;
                self.game.set_komi(k);
                Ok(String::new())
            }
            "tesuji-rules" | "kgs-rules" => {
                nargs(1, "a ruleset name")?;
                let r: Ruleset = args[0]
                    .parse()
                    .map_err(|_| GtpError::Rules(excerpt(args[0])))?;
                // Keep the komi the controller set; the axes take effect on a new board.
                self.rules = r;
                let komi = self.game.ruleset().komi;
                let moves: Vec<(Color, Move)> = self.game.moves().collect();
                let mut game =
                    Game::from_position(self.game.initial_position().clone(), r.with_komi(komi));
                for (c, m) in moves {
                    // Replaying under the new rules can only fail if the history breaks
                    // them (superko); then start from the current position.
                    if game.play_any(c, m).is_err() {
                        game = Game::from_position(self.game.position().clone(), r.with_komi(komi));
                        break;
                    }
                }
                self.game = game;
                Ok(String::new())
            }
            "play" => {
                nargs(2, "a color and a vertex")?;
                let color = color_arg(args[0])?;
                let mv = self.vertex_arg(args[1])?;
                self.game
                    .play_any(color, mv)
                    .map_err(|e| GtpError::Illegal(e.reason))?;
                Ok(String::new())
            }
            "genmove" | "reg_genmove" => {
                nargs(1, "a color")?;
                let color = color_arg(args[0])?;
                let mv = genmove::choose(&mut self.game, color, &mut self.rng);
                if cmd.name == "genmove" {
                    self.game
                        .play_any(color, mv)
                        .map_err(|e| GtpError::Illegal(e.reason))?;
                }
                Ok(vertex::format(mv, self.size()).to_string())
            }
            "undo" => {
                nargs(0, "no arguments")?;
                self.game.undo().ok_or(GtpError::CannotUndo)?;
                Ok(String::new())
            }
            "showboard" => {
                let pos = self.game.position();
                let mut text = String::from("\n");
                text.push_str(&ascii::write_diagram(pos, true));
                text.push_str(&format!(
                    "Captures: Black {}, White {}",
                    pos.captures(Color::Black),
                    pos.captures(Color::White)
                ));
                Ok(text)
            }
            "fixed_handicap" | "place_free_handicap" => {
                nargs(1, "a number of stones")?;
                let n: usize = args[0]
                    .parse()
                    .map_err(|_| GtpError::Number(excerpt(args[0])))?;
                self.require_empty_board()?;
                let points = if cmd.name == "fixed_handicap" {
                    fixed_handicap(self.size(), n).ok_or(GtpError::Handicap)?
                } else {
                    free_handicap(self.size(), n).ok_or(GtpError::Handicap)?
                };
                self.set_handicap(&points)?;
                let mut sorted = points;
                sorted.sort();
                Ok(self.names(sorted))
            }
            "set_free_handicap" => {
                self.require_empty_board()?;
                let mut points = Vec::new();
                for a in &args {
                    let p = self.point_arg(a).map_err(|_| GtpError::VertexList)?;
                    if points.contains(&p) {
                        return Err(GtpError::VertexList);
                    }
                    points.push(p);
                }
                if points.len() < 2 || points.len() >= self.size().area() {
                    return Err(GtpError::VertexList);
                }
                self.set_handicap(&points)?;
                Ok(String::new())
            }
            "final_score" => {
                let s = self.game.score(&[]).map_err(|_| GtpError::Status)?;
                Ok(s.to_string())
            }
            "final_status_list" => {
                nargs(1, "alive, dead or seki")?;
                match args[0] {
                    "alive" => {
                        let board = self.game.position().board();
                        let lines: Vec<String> = board
                            .chains()
                            .iter()
                            .map(|c| {
                                let mut s: Vec<Point> = c.stones().collect();
                                s.sort();
                                self.names(s)
                            })
                            .collect();
                        Ok(lines.join("\n"))
                    }
                    "dead" | "seki" => Ok(String::new()),
                    _ => Err(GtpError::Status),
                }
            }
            "time_settings" => {
                nargs(3, "main time, byo-yomi time and stones")?;
                for a in &args {
                    a.parse::<u64>().map_err(|_| GtpError::Number(excerpt(a)))?;
                }
                Ok(String::new())
            }
            "time_left" => {
                nargs(3, "a color, a time and a number of stones")?;
                color_arg(args[0])?;
                for a in &args[1..] {
                    a.parse::<u64>().map_err(|_| GtpError::Number(excerpt(a)))?;
                }
                Ok(String::new())
            }
            "is_legal" => {
                nargs(2, "a color and a vertex")?;
                let color = color_arg(args[0])?;
                let mv = self.vertex_arg(args[1])?;
                Ok(if self.is_legal_for(color, mv) {
                    "1"
                } else {
                    "0"
                }
                .into())
            }
            "all_legal" => {
                nargs(1, "a color")?;
                let color = color_arg(args[0])?;
                let points: Vec<Point> = self
                    .size()
                    .points()
                    .filter(|&p| self.is_legal_for(color, Move::Play(p)))
                    .collect();
                Ok(self.names(points))
            }
            "countlib" => {
                nargs(1, "a vertex")?;
                Ok(self.chain_at(args[0])?.liberty_count().to_string())
            }
            "findlib" => {
                nargs(1, "a vertex")?;
                Ok(self.names(self.chain_at(args[0])?.liberties()))
            }
            "captures" => {
                nargs(1, "a color")?;
                let color = color_arg(args[0])?;
                Ok(self.game.position().captures(color).to_string())
            }
            "color" => {
                nargs(1, "a vertex")?;
                let p = self.point_arg(args[0])?;
                Ok(match self.game.position().board().get(p) {
                    Some(c) => c.name(),
                    None => "empty",
                }
                .into())
            }
            "list_stones" => {
                nargs(1, "a color")?;
                let color = color_arg(args[0])?;
                let board = self.game.position().board();
                let points: Vec<Point> = self
                    .size()
                    .points()
                    .filter(|&p| board.get(p) == Some(color))
                    .collect();
                Ok(self.names(points))
            }
            "worm_stones" => {
                if args.len() > 1 {
                    return Err(GtpError::Arguments("an optional vertex or color"));
                }
                let board = self.game.position().board();
                let (filter, at) = match args.first() {
                    None => (None, None),
                    Some(a) => match a.parse::<Color>() {
                        Ok(c) => (Some(c), None),
                        Err(_) => (None, Some(self.point_arg(a)?)),
                    },
                };
                if let Some(p) = at {
                    let chain = board.chain(p).ok_or(GtpError::EmptyVertex)?;
                    let mut s: Vec<Point> = chain.stones().collect();
                    s.sort();
                    return Ok(self.names(s));
                }
                let lines: Vec<String> = board
                    .chains()
                    .iter()
                    .filter(|c| filter.is_none_or(|f| c.color() == f))
                    .map(|c| {
                        let mut s: Vec<Point> = c.stones().collect();
                        s.sort();
                        self.names(s)
                    })
                    .collect();
                Ok(lines.join("\n"))
            }
            "loadsgf" => {
                if args.is_empty() || args.len() > 2 {
                    return Err(GtpError::Arguments(
                        "a file name and an optional move number",
                    ));
                }
                let move_number = match args.get(1) {
                    Some(a) => Some(
                        a.parse::<usize>()
                            .map_err(|_| GtpError::Number(excerpt(a)))?,
                    ),
                    None => None,
                };
                self.loadsgf(args[0], move_number)
            }
            "printsgf" => {
                let text = crate::sgf_io::game_to_sgf(&self.game, self.handicap);
                match args.first() {
                    None => Ok(format!("\n{text}")),
                    Some(file) => {
                        let path = self.resolve(file);
                        std::fs::write(&path, text).map_err(|e| GtpError::File {
                            file: excerpt(file),
                            reason: e.to_string(),
                        })?;
                        Ok(String::new())
                    }
                }
            }
            "tesuji-benson" => {
                if args.len() > 1 {
                    return Err(GtpError::Arguments("an optional color"));
                }
                let filter = args.first().map(|a| color_arg(a)).transpose()?;
                let result = self.benson();
                let points: Vec<Point> = match filter {
                    Some(c) => result.safe_points(c),
                    None => {
                        let mut v = result.safe_points(Color::Black);
                        v.extend(result.safe_points(Color::White));
                        v.sort();
                        v
                    }
                };
                Ok(self.names(points))
            }
            "unconditional_status" => {
                nargs(1, "a vertex")?;
                let p = self.point_arg(args[0])?;
                let stone = self.game.position().board().get(p);
                // GNU Go's words for our (weaker) Benson notion.
                Ok(match (self.benson().status(p), stone) {
                    (Safety::Alive(_), _) => "alive",
                    (Safety::Territory(_), Some(_)) => "dead",
                    (Safety::Territory(Color::Black), None) => "black_territory",
                    (Safety::Territory(Color::White), None) => "white_territory",
                    (Safety::Unsettled, _) => "undecided",
                }
                .into())
            }
            "ladder_attack" => {
                // GNU Go's format: `0` if the ladder fails, else `1 MOVE`.
                nargs(1, "a vertex")?;
                let p = self.point_arg(args[0])?;
                let pos = self.game.position();
                let libs = pos.board().chain(p).ok_or(GtpError::EmptyVertex)?;
                if libs.liberty_count() != 2 {
                    return Err(GtpError::LadderLiberties);
                }
                let moves = ladder::working_moves(pos, p, ladder::DEFAULT_BUDGET)
                    .map_err(|_| GtpError::EmptyVertex)?;
                Ok(match moves.first() {
                    Some(&m) => format!("1 {}", self.name_of(m)),
                    None => "0".into(),
                })
            }
            "tesuji-ladder" => {
                // `captured`, `escaped`, `unknown`, or `unsettled CAPTURE ESCAPE`.
                nargs(1, "a vertex")?;
                let p = self.point_arg(args[0])?;
                let a = ladder::status(self.game.position(), p, ladder::DEFAULT_BUDGET)
                    .map_err(|_| GtpError::EmptyVertex)?;
                Ok(match a.status {
                    ladder::Status::Unsettled { capture, escape } => format!(
                        "unsettled {} {}",
                        vertex::format(capture, self.size()),
                        vertex::format(escape, self.size())
                    ),
                    s => s.name().to_string(),
                })
            }
            "tesuji-solve" => {
                // `tesuji-solve COLOR [TARGET...]`: the life-and-death problem of the
                // target stones' chains with COLOR to move (region found around them); with
                // no target, the goal is found by reading (see `tesuji::tsumego::infer`).
                // Answers `RESULT MOVE THRESHOLD`: win/loss/unknown for COLOR, its winning
                // first move (`-` if it has none, `?` if its time did not find one),
                // and the ko threshold (`none` when it does not depend on ko threats, `?`
                // when it is not known: an unknown result, or a result in a ko whose
                // threshold the time did not find); for
                // a goal found by reading, then `GOAL VERTEX STATUS` (`kill` or `live`, a
                // stone of the target group, and `critical` when the reading showed that the
                // group's fate depends on who plays first, `unconfirmed` when the other
                // side's reading did not finish within its budget), and LOOK, the reading
                // that found it (`first`, `narrower`, `smaller` or `critical-chain` for the first look;
                // `fighting-chains`, `longer-reach`, `weaker-walls` or `other-chains` for a second look,
                // taken when no group fitted the first: see `tesuji::tsumego::Look`).
                if args.is_empty() {
                    return Err(GtpError::Arguments("a color and optional target vertices"));
                }
                let color = color_arg(args[0])?;
                let mut targets = Vec::new();
                for a in &args[1..] {
                    targets.push(self.point_arg(a)?);
                }
                let targets = (!targets.is_empty()).then_some(&targets[..]);
                let (loaded, a) = self.solve_problem(color, targets)?;
                let never = a.result == tesuji::tsumego::Verdict::Loss
                    && a.threshold.is_none()
                    && a.threshold_settled;
                let none = if never { "-" } else { "?" };
                let mv = a.moves.first().map_or(none.to_string(), |m| {
                    vertex::format(m.mv, self.size()).to_string()
                });
                let t = match a.threshold {
                    Some(t) => t.to_string(),
                    None if a.threshold_settled => "none".to_string(),
                    None => "?".to_string(),
                };
                let goal = loaded.open.as_ref().map_or(String::new(), |f| {
                    format!(
                        " {} {} {} {}",
                        f.goal.as_str(),
                        vertex::format(Move::Play(f.group.anchor()), self.size()),
                        if f.confirmed {
                            "critical"
                        } else {
                            "unconfirmed"
                        },
                        f.look.as_str()
                    )
                });
                Ok(format!("{} {mv} {t}{goal}", a.result.as_str()))
            }
            "owl_attack" | "owl_defend" => {
                // GNU Go's names and answers, read by tesuji's solver on the open region
                // around the chain at VERTEX (see `owl_code`): `0`, or `1 MOVE`, `2 MOVE`
                // (a ko the other side must find the first threat for), `3 MOVE` (a ko
                // that needs one threat more). An error when the time did not decide it.
                nargs(1, "a vertex")?;
                let p = self.point_arg(args[0])?;
                let owner = self.chain_at(args[0])?.color();
                let first = if cmd.name == "owl_attack" {
                    !owner
                } else {
                    owner
                };
                let (_, a) = self.solve_problem(first, Some(&[p]))?;
                let (code, mv) = owl_code(&a).ok_or(GtpError::Undecided)?;
                Ok(match mv {
                    Some(m) => format!("{code} {}", vertex::format(m, self.size())),
                    None => code.to_string(),
                })
            }
            "dragon_status" => {
                // GNU Go's words: `alive` (the attack fails), `dead` (the defence fails),
                // `critical ATTACK DEFENCE` (both succeed, with their first moves), or
                // `unknown` when the time left a side undecided that the answer needs
                // (the defence is not read once the attack fails); each side read as by
                // `owl_attack` and `owl_defend`, a ko counting as a success.
                nargs(1, "a vertex")?;
                let p = self.point_arg(args[0])?;
                let owner = self.chain_at(args[0])?.color();
                let (_, attack) = self.solve_problem(!owner, Some(&[p]))?;
                let attack = owl_code(&attack);
                if let Some((0, _)) = attack {
                    return Ok("alive".into());
                }
                let (_, defence) = self.solve_problem(owner, Some(&[p]))?;
                Ok(match (attack, owl_code(&defence)) {
                    (_, Some((0, _))) => "dead".into(),
                    (Some((_, Some(am))), Some((_, Some(dm)))) => format!(
                        "critical {} {}",
                        vertex::format(am, self.size()),
                        vertex::format(dm, self.size())
                    ),
                    _ => "unknown".into(),
                })
            }
            "go_ladder" | "go_static_ladder" => {
                // Fuego's names and answers: captured, unsettled or escaped.
                nargs(1, "a vertex")?;
                let p = self.point_arg(args[0])?;
                let a = ladder::status(self.game.position(), p, ladder::DEFAULT_BUDGET)
                    .map_err(|_| GtpError::EmptyVertex)?;
                Ok(match a.status {
                    ladder::Status::Unsettled { .. } => "unsettled".to_string(),
                    s => s.name().to_string(),
                })
            }
            "go_safe" => {
                // Fuego's format: the number of safe points, then the points. Only Benson's
                // notion is offered (Fuego's `static` is a stronger, different one).
                if args.first() != Some(&"benson") || args.len() > 2 {
                    return Err(GtpError::Arguments("benson and an optional color"));
                }
                let filter = args.get(1).map(|a| color_arg(a)).transpose()?;
                let result = self.benson();
                let mut v = Vec::new();
                for c in Color::ALL {
                    if filter.is_none_or(|f| f == c) {
                        v.extend(result.safe_points(c));
                    }
                }
                v.sort();
                Ok(format!("{} {}", v.len(), self.names(v))
                    .trim_end()
                    .to_string())
            }
            "gogui-analyze_commands" => Ok(crate::ANALYZE_COMMANDS.trim().to_string()),
            _ => Err(GtpError::UnknownCommand),
        }
    }

    fn benson(&self) -> tesuji::benson::BensonResult {
        tesuji::benson::unconditional_life(
            self.game.position().board(),
            self.game.ruleset().suicide,
        )
    }

    fn is_legal_for(&mut self, color: Color, mv: Move) -> bool {
        if self.game.is_over() {
            // GTP controllers may go on after two passes; judge the board as it stands.
            let mut pos = self.game.position().clone();
            pos.set_to_play(color);
            return pos.check_as(color, mv).is_ok();
        }
        if color == self.game.to_play() {
            return self.game.check_as(color, mv).is_ok();
        }
        // Ask for the other colour without disturbing the turn or the ko point.
        let mut probe = self.game.clone();
        probe.set_to_play(color);
        probe.check_as(color, mv).is_ok()
    }

    fn require_empty_board(&self) -> Result<(), GtpError> {
        let b = self.game.position().board();
        if b.stone_count(Color::Black) + b.stone_count(Color::White) > 0 {
            Err(GtpError::BoardNotEmpty)
        } else {
            Ok(())
        }
    }

    fn set_handicap(&mut self, points: &[Point]) -> Result<(), GtpError> {
        let mut setup = tesuji::Setup::empty(self.size());
        setup.stones = points.iter().map(|&p| (p, Color::Black)).collect();
        setup.to_play = Color::White;
        let pos = Position::from_setup(&setup).map_err(|_| GtpError::VertexList)?;
        let rules = *self.game.ruleset();
        self.game = Game::from_position(pos, rules);
        self.handicap = points.len() as u32;
        Ok(())
    }

    fn resolve(&self, file: &str) -> PathBuf {
        match &self.base_dir {
            Some(dir) if Path::new(file).is_relative() => dir.join(file),
            _ => PathBuf::from(file),
        }
    }

    fn loadsgf(&mut self, file: &str, move_number: Option<usize>) -> Result<String, GtpError> {
        let path = self.resolve(file);
        let fail = |reason: String| GtpError::File {
            file: excerpt(file),
            reason,
        };
        let text = std::fs::read(&path).map_err(|e| fail(e.to_string()))?;
        let text = String::from_utf8_lossy(&text);
        let komi = self.game.ruleset().komi;
        let (game, handicap) =
            crate::sgf_io::load_game(&text, move_number, self.rules.with_komi(komi))
                .map_err(fail)?;
        self.game = game;
        self.handicap = handicap;
        Ok(self.game.to_play().name().into())
    }
}

/// The standard fixed handicap points (GTP 2 section 4.1.1), or `None` where the
/// specification allows no such handicap.
pub fn fixed_handicap(size: BoardSize, n: usize) -> Option<Vec<Point>> {
    if !size.is_square() || size.width() < 7 || !(2..=9).contains(&n) {
        return None;
    }
    let s = size.width();
    let odd = s % 2 == 1;
    if (s == 7 || !odd) && n > 4 {
        return None;
    }
    let d = if s <= 12 { 2 } else { 3 };
    let (lo, hi, mid) = (d, s - 1 - d, s / 2);
    let p = |x: usize, y: usize| Point::new(x, y);
    // GTP's order of preference, with y counted from the top.
    let bottom_left = p(lo, hi);
    let top_right = p(hi, lo);
    let top_left = p(lo, lo);
    let bottom_right = p(hi, hi);
    let center = p(mid, mid);
    let left = p(lo, mid);
    let right = p(hi, mid);
    let top = p(mid, lo);
    let bottom = p(mid, hi);
    let mut v = vec![bottom_left, top_right];
    if n >= 3 {
        v.push(top_left);
    }
    if n >= 4 {
        v.push(bottom_right);
    }
    if n == 5 || n == 7 || n == 9 {
        v.push(center);
    }
    if n >= 6 {
        v.push(left);
        v.push(right);
    }
    if n >= 8 {
        v.push(top);
        v.push(bottom);
    }
    Some(v)
}

/// Free handicap placement: the fixed points where they exist, then the empty points
/// farthest from every stone placed so far (ties broken in board order).
pub fn free_handicap(size: BoardSize, n: usize) -> Option<Vec<Point>> {
    if n < 2 || n >= size.area() {
        return None;
    }
    let mut v = fixed_handicap(size, n.min(9))
        .or_else(|| fixed_handicap(size, n.min(4)))
        .unwrap_or_default();
    v.truncate(n);
    while v.len() < n {
        let dist = |p: Point| {
            v.iter()
                .map(|q| p.x().abs_diff(q.x()) + p.y().abs_diff(q.y()))
                .min()
                .unwrap_or(usize::MAX)
        };
        let best = size
            .points()
            .filter(|p| !v.contains(p))
            .max_by_key(|&p| (dist(p), std::cmp::Reverse(p)))?;
        v.push(best);
    }
    Some(v)
}

/// GNU Go's code for an owl reading (`owl_attack`, `owl_defend`) from an answer of the
/// first player: `0` when it fails whatever the threats or needs two threats more, `1`
/// when it succeeds whatever they are, `2` when it succeeds at equal threats only through
/// a ko (the other side must find the first threat), `3` when it needs one threat more
/// (it must find the first threat), with the first move for the codes above `0`. `None`
/// when the time decided neither the result nor the ko threshold, or found a ko at one
/// threat more without its move.
fn owl_code(a: &tesuji::tsumego::Answer) -> Option<(u8, Option<Move>)> {
    use tesuji::tsumego::Verdict;
    if !a.threshold_settled {
        return None;
    }
    let first = a.moves.first().map(|m| m.mv);
    match (a.result, a.threshold) {
        (Verdict::Win, None) => Some((1, first)),
        (Verdict::Win, Some(_)) => Some((2, first)),
        // A ko at one threat more whose move the time did not find: undecided.
        (Verdict::Loss, Some(1)) => first.map(|m| (3, Some(m))),
        (Verdict::Loss, _) => Some((0, None)),
        (Verdict::Unknown, _) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::owl_code;
    use tesuji::dfpn::StopReason;
    use tesuji::tsumego::{Answer, MoveAnswer, Verdict};
    use tesuji::{Color, Move, Point};

    /// An answer with the fields `owl_code` reads; the rest are empty.
    fn answer(result: Verdict, threshold: Option<i32>, settled: bool, mv: bool) -> Answer {
        let b2 = Move::Play(Point::new(1, 1));
        Answer {
            first: Color::Black,
            result,
            threshold,
            threshold_settled: settled,
            moves: if mv {
                vec![MoveAnswer { mv: b2, threshold }]
            } else {
                Vec::new()
            },
            refutations: Vec::new(),
            unsearched: Vec::new(),
            pv: Vec::new(),
            proof: None,
            proof_threats: 0,
            nodes: 0,
            table_entries: 0,
            elapsed: std::time::Duration::ZERO,
            stopped: StopReason::Solved,
        }
    }

    #[test]
    fn owl_codes_follow_the_result_and_the_ko_threshold() {
        let b2 = Some(Move::Play(Point::new(1, 1)));
        let code = |r, t, s, m| owl_code(&answer(r, t, s, m));
        assert_eq!(code(Verdict::Win, None, true, true), Some((1, b2)));
        assert_eq!(code(Verdict::Win, Some(0), true, true), Some((2, b2)));
        assert_eq!(code(Verdict::Win, Some(-2), true, true), Some((2, b2)));
        assert_eq!(code(Verdict::Loss, Some(1), true, true), Some((3, b2)));
        assert_eq!(code(Verdict::Loss, Some(2), true, true), Some((0, None)));
        assert_eq!(code(Verdict::Loss, None, true, false), Some((0, None)));
        // What the time did not decide is not answered.
        assert_eq!(code(Verdict::Loss, Some(1), true, false), None);
        assert_eq!(code(Verdict::Win, None, false, true), None);
        assert_eq!(code(Verdict::Unknown, None, false, false), None);
    }
}
