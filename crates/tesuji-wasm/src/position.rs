//! The `Position` class: a board with the side to move and the simple-ko point, moves
//! played and taken back, ladders and Benson's unconditional life.

use serde::Serialize;
use tesuji::benson::unconditional_life;
use tesuji::ladder::{self, Outcome as LadderOutcome, Status};
use tesuji::{ascii, sgf, BoardSize, Color, Move, MoveRecord, Point, Position, Suicide};
use wasm_bindgen::prelude::*;

use crate::error::{Error, Result};
use crate::js::to_js;
use crate::text::{
    color_text, parse_color, parse_move, parse_point, point_at, points, JsMove, JsPoint,
};

/// A position: stones, side to move, simple-ko point and captures, with the moves played
/// since it was made (for `undo`). Suicide is forbidden; only simple ko is checked.
#[wasm_bindgen(js_name = Position)]
#[derive(Debug, Clone)]
pub struct JsPosition {
    pos: Position,
    history: Vec<MoveRecord>,
}

/// Black's and White's points.
#[derive(Serialize)]
struct Stones {
    black: Vec<JsPoint>,
    white: Vec<JsPoint>,
}

/// What a move did.
#[derive(Serialize)]
struct Played {
    color: String,
    #[serde(rename = "move")]
    mv: JsMove,
    captured: Vec<JsPoint>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Reading {
    outcome: &'static str,
    sequence: Vec<JsMove>,
    nodes: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LadderAnswer {
    color: String,
    liberties: usize,
    status: &'static str,
    capture: Option<JsMove>,
    escape: Option<JsMove>,
    attacker_first: Reading,
    defender_first: Reading,
}

#[derive(Serialize)]
struct BensonSide {
    alive: Vec<JsPoint>,
    territory: Vec<JsPoint>,
}

#[derive(Serialize)]
struct BensonAnswer {
    black: BensonSide,
    white: BensonSide,
}

impl JsPosition {
    /// Wraps a position.
    pub fn wrap(mut pos: Position) -> JsPosition {
        pos.set_suicide_rule(Suicide::Forbidden);
        JsPosition {
            pos,
            history: Vec::new(),
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    fn size(&self) -> BoardSize {
        self.pos.size()
    }
}

/// The points of `pos` of each colour.
pub(crate) fn stones_of(pos: &Position) -> JsValue {
    let b = pos.board();
    let of = |c: Color| points(pos.size().points().filter(|&p| b.get(p) == Some(c)));
    to_js(&Stones {
        black: of(Color::Black),
        white: of(Color::White),
    })
}

/// Plays `mv` on `pos` (checked) and lists what it captured.
pub(crate) fn play_listed(pos: &mut Position, mv: Move) -> Result<(MoveRecord, JsValue)> {
    let color = pos.to_play();
    let before: Vec<Point> = pos
        .size()
        .points()
        .filter(|&p| pos.board().get(p) == Some(!color))
        .collect();
    let record = pos.play(mv).map_err(|e| Error::illegal(e, pos.size()))?;
    let captured: Vec<Point> = before
        .into_iter()
        .filter(|&p| pos.board().is_empty(p))
        .collect();
    let played = Played {
        color: color_text(color),
        mv: JsMove::of(mv, pos.size()),
        captured: points(captured),
    };
    Ok((record, to_js(&played)))
}

/// SGF text of a position: size, stones, side to move.
pub(crate) fn position_sgf(pos: &Position, extra: &str) -> String {
    let size = pos.size();
    let mut s = String::from("(;GM[1]FF[4]CA[UTF-8]");
    if size.is_square() {
        s.push_str(&format!("SZ[{}]", size.width()));
    } else {
        s.push_str(&format!("SZ[{}:{}]", size.width(), size.height()));
    }
    for (prop, c) in [("AB", Color::Black), ("AW", Color::White)] {
        let ps: Vec<Point> = size
            .points()
            .filter(|&p| pos.board().get(p) == Some(c))
            .collect();
        if !ps.is_empty() {
            s.push_str(prop);
            for p in ps {
                s.push_str(&format!("[{}]", sgf::point_to_text(p)));
            }
        }
    }
    s.push_str(extra);
    s.push_str(&format!("PL[{}])", pos.to_play().letter()));
    s
}

#[wasm_bindgen(js_class = Position)]
impl JsPosition {
    /// An empty board of `width` x `height` (1 to 25 each), Black to move.
    #[wasm_bindgen(constructor)]
    pub fn new(width: u32, height: u32) -> std::result::Result<JsPosition, JsValue> {
        let size = BoardSize::new(u64::from(width), u64::from(height))
            .map_err(|e| Error::argument(e.to_string()))?;
        Ok(JsPosition::wrap(Position::new(size)))
    }

    /// The position of an SGF game (the first game tree) at the end of its main line, or
    /// before move `beforeMove` (counted from 1) when given.
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(
        text: &str,
        #[wasm_bindgen(js_name = beforeMove)] before_move: Option<u32>,
    ) -> std::result::Result<JsPosition, JsValue> {
        let trees = sgf::parse(text).map_err(Error::from)?;
        let tree = trees
            .first()
            .ok_or_else(|| Error::new("sgf-syntax", "the SGF text holds no game tree"))?;
        let game = sgf::replay(tree, None, before_move.map(|n| n as usize)).map_err(Error::from)?;
        Ok(JsPosition::wrap(game.position().clone()))
    }

    /// The position of a text diagram (`X` black, `O` white, `.` empty; an optional
    /// `White to move` line).
    #[wasm_bindgen(js_name = fromDiagram)]
    pub fn from_diagram(text: &str) -> std::result::Result<JsPosition, JsValue> {
        Ok(JsPosition::wrap(
            ascii::parse_diagram(text).map_err(Error::from)?,
        ))
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

    /// The side to move, `"B"` or `"W"`.
    #[wasm_bindgen(getter, js_name = toPlay)]
    pub fn to_play(&self) -> String {
        color_text(self.pos.to_play())
    }

    /// Sets the side to move (drops a ko ban).
    #[wasm_bindgen(setter, js_name = toPlay)]
    pub fn set_to_play(&mut self, color: &str) -> std::result::Result<(), JsValue> {
        self.pos.set_to_play(parse_color(color)?);
        Ok(())
    }

    /// The point the side to move may not take back because of simple ko, or `null`.
    #[wasm_bindgen(getter, js_name = koPoint, unchecked_return_type = "Point | null")]
    pub fn ko_point(&self) -> JsValue {
        to_js(&self.pos.ko_point().map(JsPoint::from))
    }

    /// Stones captured so far by `color`.
    pub fn captures(&self, color: &str) -> std::result::Result<u32, JsValue> {
        Ok(self.pos.captures(parse_color(color)?))
    }

    /// The stone at `x`, `y`: `"B"`, `"W"`, or `null` when empty.
    pub fn get(&self, x: u32, y: u32) -> std::result::Result<Option<String>, JsValue> {
        let p = point_at(x, y, self.size())?;
        Ok(self.pos.board().get(p).map(color_text))
    }

    /// Every stone, by colour.
    #[wasm_bindgen(unchecked_return_type = "Stones")]
    pub fn stones(&self) -> JsValue {
        stones_of(&self.pos)
    }

    /// The points where the side to move may play (pass is always legal and not listed).
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "Point[]")]
    pub fn legal_moves(&self) -> JsValue {
        to_js(&points(self.pos.legal_points()))
    }

    /// Whether the side to move may play `move` (a vertex, an SGF point or `pass`).
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(js_name = move)] mv: &str,
    ) -> std::result::Result<bool, JsValue> {
        Ok(self.pos.is_legal(parse_move(mv, self.size())?))
    }

    /// Plays `move` for the side to move; throws an `illegal-move` error (and changes
    /// nothing) when it is not legal.
    #[wasm_bindgen(unchecked_return_type = "Played")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(js_name = move)] mv: &str,
    ) -> std::result::Result<JsValue, JsValue> {
        let mv = parse_move(mv, self.size())?;
        let (record, played) = play_listed(&mut self.pos, mv)?;
        self.history.push(record);
        Ok(played)
    }

    /// Takes back the latest move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(r) => {
                self.pos.undo(&r);
                true
            }
            None => false,
        }
    }

    /// Reads the ladder of the chain at `at` (a vertex or SGF point) both ways, visiting at
    /// most `budget` positions per reading (default 25,000).
    #[wasm_bindgen(unchecked_return_type = "LadderAnswer")]
    pub fn ladder(&self, at: &str, budget: Option<u32>) -> std::result::Result<JsValue, JsValue> {
        let size = self.size();
        let p = parse_point(at, size)?;
        let a = ladder::status(&self.pos, p, budget.unwrap_or(ladder::DEFAULT_BUDGET))
            .map_err(Error::from)?;
        let reading = |r: &ladder::Reading| Reading {
            outcome: match r.outcome {
                LadderOutcome::Captured => "captured",
                LadderOutcome::Escaped => "escaped",
                LadderOutcome::Unknown => "unknown",
            },
            sequence: r.sequence.iter().map(|&m| JsMove::of(m, size)).collect(),
            nodes: r.nodes,
        };
        let (capture, escape) = match a.status {
            Status::Unsettled { capture, escape } => (
                Some(JsMove::of(capture, size)),
                Some(JsMove::of(escape, size)),
            ),
            _ => (None, None),
        };
        Ok(to_js(&LadderAnswer {
            color: color_text(a.color),
            liberties: a.liberties,
            status: a.status.name(),
            capture,
            escape,
            attacker_first: reading(&a.attacker_first),
            defender_first: reading(&a.defender_first),
        }))
    }

    /// Benson's unconditional life for both colours (suicide forbidden): the stones of
    /// unconditionally alive chains and the territory they make safe.
    #[wasm_bindgen(unchecked_return_type = "BensonAnswer")]
    pub fn benson(&self) -> JsValue {
        let r = unconditional_life(self.pos.board(), Suicide::Forbidden);
        let side = |c: Color| BensonSide {
            alive: points(r.alive_stones[c].iter().copied()),
            territory: points(r.territory[c].iter().copied()),
        };
        to_js(&BensonAnswer {
            black: side(Color::Black),
            white: side(Color::White),
        })
    }

    /// The position as a diagram with coordinate labels.
    #[wasm_bindgen(js_name = toDiagram)]
    pub fn to_diagram(&self) -> String {
        ascii::write_diagram(&self.pos, true)
    }

    /// The position as SGF setup (`SZ`, `AB`, `AW`, `PL`).
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self) -> String {
        position_sgf(&self.pos, "")
    }
}
