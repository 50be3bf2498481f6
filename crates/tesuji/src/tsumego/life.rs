//! Benson's unconditional life restricted to the problem region: the terminal test that the
//! search runs at every node, so it must cost little.
//!
//! [`crate::benson`] works on the whole board: every chain and every region of both
//! colours, a few microseconds on 19x19, most of the search time when run at every node.
//! Here only the defender's side matters, and only regions inside the problem region:
//!
//! * A **region** is a connected set of points not holding a defender stone, flooded from
//!   the region's points through region points only. A region that touches a non-defender
//!   point outside the problem region **escapes**: it reaches the attacker's wall and the
//!   rest of the board, and is never counted as vital here.
//! * The rest is Benson's fixed point on the enclosed regions and the defender chains that
//!   border them (vital: every empty point of the region is a liberty of the chain).
//!
//! Sound: dropping regions from Benson's set can only drop chains from the alive set
//! (every step is monotone), so a chain found alive here is alive by Benson on the whole
//! board, hence can never be captured. It may find less than the whole-board test (a
//! real eye that reaches outside the region), which costs search, never a wrong answer.

use crate::board::{neighbors, Board, PointBits, BLACK, EMPTY, WALL, WHITE};
use crate::color::Color;
use crate::point::Point;

/// Scratch space reused between calls, so a call allocates nothing once warm.
#[derive(Debug, Clone, Default)]
pub(crate) struct LocalLife {
    /// Points of each enclosed region, concatenated; `starts[r]..starts[r + 1]`.
    points: Vec<u16>,
    starts: Vec<usize>,
    /// Border chains (by head) of each enclosed region, concatenated; `border_starts`.
    border: Vec<u16>,
    border_starts: Vec<usize>,
    /// Chains (heads) vital to each region, concatenated; `vital_starts`.
    vital: Vec<u16>,
    vital_starts: Vec<usize>,
    stack: Vec<u16>,
    /// Distinct chains bordering an enclosed region, and whether each is still in the set.
    chains: Vec<u16>,
    chain_alive: Vec<bool>,
    region_alive: Vec<bool>,
    /// Points of the regions found to escape by [`LocalLife::may_live`] in this call.
    escaped: PointBits,
    /// The target chains (by head) [`LocalLife::may_live`] has flooded in this call.
    flooded: Vec<usize>,
}

impl LocalLife {
    /// A necessary condition for [`LocalLife::any_target_alive`], much cheaper in the
    /// usual case: some target chain has two enclosed regions that are vital to it. Every
    /// chain in Benson's alive set has two vital regions, and a region vital to a chain
    /// holds one of its liberties, so only the regions through the targets' liberties are
    /// flooded, and a flood stops as soon as it escapes (most liberties of a chain that is
    /// not yet alive lead to the attacker's wall).
    fn may_live(&mut self, board: &Board, d: u8, region: &PointBits, targets: &[Point]) -> bool {
        // Escaping does not depend on the chain; vitality does, so each chain floods anew.
        self.escaped = PointBits::new();
        let mut done = std::mem::take(&mut self.flooded);
        done.clear();
        let found = self.may_live_of(board, d, region, targets, &mut done);
        self.flooded = done;
        found
    }

    /// [`LocalLife::may_live`] with the list of the chains flooded so far.
    fn may_live_of(
        &mut self,
        board: &Board,
        d: u8,
        region: &PointBits,
        targets: &[Point],
        done: &mut Vec<usize>,
    ) -> bool {
        for &t in targets {
            let i = t.index();
            if board.cell(i) != d {
                continue;
            }
            let h = board.head_of(i);
            if done.contains(&h) || board.libs_of_head(h) < 2 {
                continue;
            }
            done.push(h);
            let mut vital = 0;
            let mut seen = PointBits::new();
            // Each liberty in the problem region, through the chain's stones.
            let mut s = h;
            loop {
                for l in neighbors(s) {
                    if board.cell(l) != EMPTY
                        || !region.contains(l)
                        || seen.contains(l)
                        || self.escaped.contains(l)
                    {
                        continue;
                    }
                    if self.flood_vital(board, d, h, l, region, &mut seen) {
                        vital += 1;
                        if vital >= 2 {
                            return true;
                        }
                    }
                }
                s = board.next_of(s);
                if s == h {
                    break;
                }
            }
        }
        false
    }

    /// Floods the region of `start` (points not holding a defender stone, through region
    /// points); whether it is enclosed and vital to the chain `head`. An escaping flood
    /// stops early; its points go to `self.escaped`, which later floods treat as escaping.
    fn flood_vital(
        &mut self,
        board: &Board,
        d: u8,
        head: usize,
        start: usize,
        region: &PointBits,
        seen: &mut PointBits,
    ) -> bool {
        self.stack.clear();
        self.stack.push(start as u16);
        seen.insert(start);
        let first = self.points.len();
        let mut vital = true;
        let mut escapes = false;
        while let Some(i) = self.stack.pop() {
            let i = usize::from(i);
            self.points.push(i as u16);
            let mut next_to_head = false;
            for n in neighbors(i) {
                let c = board.cell(n);
                if c == WALL {
                    continue;
                }
                if c == d {
                    next_to_head |= board.head_of(n) == head;
                } else if !region.contains(n) || self.escaped.contains(n) {
                    escapes = true;
                } else if seen.insert(n) {
                    self.stack.push(n as u16);
                }
            }
            if board.cell(i) == EMPTY && !next_to_head {
                vital = false;
            }
            if escapes {
                break;
            }
        }
        if escapes {
            for &p in self.points[first..].iter().chain(&self.stack) {
                self.escaped.insert(usize::from(p));
            }
        }
        self.points.truncate(first);
        !escapes && vital
    }

    /// Whether a chain holding one of `targets` (stones of `defender`) is unconditionally
    /// alive by Benson's test on the regions enclosed inside `region`.
    pub(crate) fn any_target_alive(
        &mut self,
        board: &Board,
        defender: Color,
        region: &PointBits,
        region_points: &[Point],
        targets: &[Point],
    ) -> bool {
        let d = match defender {
            Color::Black => BLACK,
            Color::White => WHITE,
        };
        if !self.may_live(board, d, region, targets) {
            return false;
        }
        self.points.clear();
        self.starts.clear();
        self.border.clear();
        self.border_starts.clear();
        self.vital.clear();
        self.vital_starts.clear();
        let mut seen = PointBits::new();
        for &start in region_points {
            let s = start.index();
            if board.cell(s) == d || !seen.insert(s) {
                continue;
            }
            // Flood the region of `start` through region points.
            let first = self.points.len();
            let border_first = self.border.len();
            let mut escapes = false;
            self.stack.clear();
            self.stack.push(s as u16);
            while let Some(i) = self.stack.pop() {
                let i = usize::from(i);
                self.points.push(i as u16);
                for n in neighbors(i) {
                    let c = board.cell(n);
                    if c == WALL {
                        continue;
                    }
                    if c == d {
                        let h = board.head_of(n) as u16;
                        if !self.border[border_first..].contains(&h) {
                            self.border.push(h);
                        }
                    } else if !region.contains(n) {
                        escapes = true;
                    } else if seen.insert(n) {
                        self.stack.push(n as u16);
                    }
                }
            }
            if escapes {
                self.points.truncate(first);
                self.border.truncate(border_first);
                continue;
            }
            // Vital chains: border chains adjacent to every empty point of the region.
            let vital_first = self.vital.len();
            for bi in border_first..self.border.len() {
                let h = usize::from(self.border[bi]);
                let all = self.points[first..].iter().all(|&e| {
                    let e = usize::from(e);
                    board.cell(e) != EMPTY
                        || neighbors(e)
                            .iter()
                            .any(|&n| board.cell(n) == d && board.head_of(n) == h)
                });
                if all {
                    self.vital.push(h as u16);
                }
            }
            if self.vital.len() == vital_first {
                // Vital to no chain: it counts for none, and dropping it (when a border
                // chain goes) changes no count, so it can be left out.
                self.points.truncate(first);
                self.border.truncate(border_first);
                continue;
            }
            self.starts.push(first);
            self.border_starts.push(border_first);
            self.vital_starts.push(vital_first);
        }
        let regions = self.starts.len();
        if regions < 2 {
            return false;
        }
        self.starts.push(self.points.len());
        self.border_starts.push(self.border.len());
        self.vital_starts.push(self.vital.len());
        self.chains.clear();
        for &h in &self.border {
            if !self.chains.contains(&h) {
                self.chains.push(h);
            }
        }
        self.chain_alive.clear();
        self.chain_alive.resize(self.chains.len(), true);
        self.region_alive.clear();
        self.region_alive.resize(regions, true);
        loop {
            let mut changed = false;
            // Drop the chains with fewer than two vital regions left.
            for ci in 0..self.chains.len() {
                if !self.chain_alive[ci] {
                    continue;
                }
                let h = self.chains[ci];
                let vital = (0..regions)
                    .filter(|&r| {
                        self.region_alive[r]
                            && self.vital[self.vital_starts[r]..self.vital_starts[r + 1]]
                                .contains(&h)
                    })
                    .take(2)
                    .count();
                if vital < 2 {
                    self.chain_alive[ci] = false;
                    changed = true;
                }
            }
            // Drop the regions bordered by a dropped chain.
            for r in 0..regions {
                if !self.region_alive[r] {
                    continue;
                }
                let dropped = self.border[self.border_starts[r]..self.border_starts[r + 1]]
                    .iter()
                    .any(|h| {
                        self.chains
                            .iter()
                            .position(|c| c == h)
                            .is_some_and(|ci| !self.chain_alive[ci])
                    });
                if dropped {
                    self.region_alive[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        targets.iter().any(|&t| {
            let i = t.index();
            board.cell(i) == d && {
                let h = board.head_of(i) as u16;
                self.chains
                    .iter()
                    .position(|&c| c == h)
                    .is_some_and(|ci| self.chain_alive[ci])
            }
        })
    }
}
