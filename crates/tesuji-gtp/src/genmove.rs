//! A quick, reasonable move generator for `genmove`: enough for a GUI to play against,
//! not meant to be strong.
//!
//! Every legal move is scored: capturing beats everything, then saving a chain in atari,
//! then putting an opponent chain in atari; self-atari is penalised, and moves inside a
//! small empty region that only one colour surrounds (one's own territory or eye space,
//! or the opponent's, where a stone would just die) are left out. Ties are broken by a
//! small seeded random term. Retaking a ko earns no capture bonus (a player that cannot
//! count threats would otherwise fight every ko forever), and after 2 x (number of points)
//! moves only captures and rescues are played. The engine passes when no move scores above
//! zero, and when the opponent has just passed and the area count already favours it.

use tesuji::{Color, Game, Move, Point, Position};

/// Regions of empty points up to this size that only one colour surrounds are not
/// played in.
const SMALL_REGION: usize = 12;

/// Scores from here up are captures and rescues (see [`choose`]).
const URGENT: i64 = 500;

/// The random generator of `genmove`: the library's splitmix64.
pub use tesuji::playout::Rng;

/// For every empty point: the size of its empty region and which colours the region
/// touches.
fn regions(pos: &Position) -> Vec<(Point, usize, [bool; 2])> {
    let board = pos.board();
    let size = pos.size();
    let mut region_of = vec![usize::MAX; tesuji::ARRAY_LEN];
    let mut info: Vec<(usize, [bool; 2])> = Vec::new();
    for p in size.points() {
        if !board.is_empty(p) || region_of[p.index()] != usize::MAX {
            continue;
        }
        let id = info.len();
        let mut reach = [false; 2];
        let mut count = 0;
        let mut stack = vec![p];
        region_of[p.index()] = id;
        while let Some(q) = stack.pop() {
            count += 1;
            for n in board.neighbors(q) {
                match board.get(n) {
                    Some(c) => reach[c.index()] = true,
                    None if region_of[n.index()] == usize::MAX => {
                        region_of[n.index()] = id;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        info.push((count, reach));
    }
    size.points()
        .filter(|&p| board.is_empty(p))
        .map(|p| {
            let (n, r) = info[region_of[p.index()]];
            (p, n, r)
        })
        .collect()
}

/// Chooses a move for `color` in `game` (which is left as it was).
pub fn choose(game: &mut Game, color: Color, rng: &mut Rng) -> Move {
    if game.is_over() {
        return Move::Pass;
    }
    let opponent_passed = game.moves().last().is_some_and(|(_, m)| m == Move::Pass);
    if opponent_passed {
        if let Ok(s) = game.score(&[]) {
            if s.winner() == Some(color) {
                return Move::Pass;
            }
        }
    }
    let mut pos = game.position().clone();
    pos.set_to_play(color);
    let size = pos.size();
    let filled = pos.board().stone_count(Color::Black) + pos.board().stone_count(Color::White);
    let opening = filled * 3 < size.area();
    // Late in a long game only urgent moves are worth playing, so that games end.
    let late = game.move_count() > 2 * size.area();
    let mut scored: Vec<(i64, Point)> = Vec::new();
    for (p, region, reach) in regions(&pos) {
        let mv = Move::Play(p);
        if pos.check_as(color, mv).is_err() {
            continue;
        }
        let board = pos.board();
        let own_eye = board.neighbors(p).all(|n| board.get(n) == Some(color));
        if own_eye {
            continue;
        }
        let single_colour = reach[0] != reach[1];
        let in_small_enclosure = single_colour && region <= SMALL_REGION;
        // Chains of ours in atari that this move touches.
        let saved: usize = board
            .adjacent_chains(&[p], color)
            .iter()
            .filter(|&&h| board.liberty_count(h) == 1)
            .map(|&h| board.chain(h).map_or(0, |c| c.size()))
            .sum();
        let opp_before: Vec<(Point, usize)> = board
            .adjacent_chains(&[p], !color)
            .iter()
            .map(|&h| (h, board.liberty_count(h)))
            .collect();
        let record = pos.play_unchecked_as(color, mv);
        let captured = record.captured_count();
        let libs = pos.board().liberty_count(p);
        let ko_capture = pos.ko_point().is_some();
        let mut score: i64 = 10;
        if captured > 0 && !ko_capture {
            score += 1000 + 20 * captured as i64;
        } else if ko_capture {
            // Taking a ko is worth little to a player that cannot count ko threats, and a
            // big bonus here makes two such players fight the ko forever.
            score += 5;
        }
        if saved > 0 && libs >= 2 {
            score += 500 + 20 * saved as i64;
        }
        if libs >= 2 {
            let ataris = opp_before
                .iter()
                .filter(|&&(h, before)| before == 2 && pos.board().liberty_count(h) == 1)
                .count();
            score += 40 * ataris as i64;
        }
        if libs == 1 && captured == 0 {
            score -= 200;
        }
        pos.undo(&record);
        if in_small_enclosure && captured == 0 && saved == 0 {
            continue;
        }
        if late && score < URGENT {
            continue;
        }
        if opening {
            let edge = p
                .x()
                .min(size.width() - 1 - p.x())
                .min(p.y())
                .min(size.height() - 1 - p.y());
            score += match edge {
                0 => -8,
                1 => 0,
                _ => 6,
            };
        }
        score += rng.below(8) as i64;
        scored.push((score, p));
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut probe;
    let game = if color == game.to_play() {
        game
    } else {
        probe = game.clone();
        probe.set_to_play(color);
        &mut probe
    };
    for &(score, p) in &scored {
        if score <= 0 {
            break;
        }
        // Superko needs the game's history.
        if game.check_as(color, Move::Play(p)).is_ok() {
            return Move::Play(p);
        }
    }
    Move::Pass
}
