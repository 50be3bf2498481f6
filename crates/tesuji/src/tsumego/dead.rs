//! Static death: positions where the attacker captures the targets by filling liberties,
//! whatever the defender does, recognised without search.
//!
//! The search's rules make the attacker capture for real, so a proof of capture goes on
//! after the eye shape is dead: the attacker fills every outside liberty, and at each
//! turn the defender may fill one of its own, play in its eye or pass, each a line the
//! proof must answer. Most of the nodes of a hard kill are spent there. This module
//! recognises the end of such a fight and ends the search there.
//!
//! Two rules; each also gives the attacker's move of its strategy, which
//! [`crate::dfpn::Solver::proof_tree`] plays to write the proof out to the capture.
//!
//! # The atari rule
//!
//! Every target stone is in one chain `T`, with one liberty `x`, in the region. With the
//! attacker to move, it captures at `x` (unless `x` is the ko point). With the defender to
//! move, `T` is lost when it cannot capture an attacker chain next to it (none is in
//! atari) and cannot get out at `x` (see `atari_kill` for the exact conditions). This ends
//! the search a move or two before the capture, at the many states where the defender
//! has just put itself in atari.
//!
//! # The liberty-filling rule
//!
//! An attacker chain is **immortal** when one of its stones touches an empty point
//! outside the region: the defender never plays there (only the attacker may, to block
//! a target chain's way out), so that liberty is never filled.
//! The targets are **dead** when
//!
//! 1. every target stone is in one defender chain `T` (empty target points are
//!    liberties of `T`);
//! 2. every neighbour of `T` is a stone of `T`, the edge, an immortal attacker chain, or
//!    an empty point of the region (a liberty of `T`);
//! 3. every neighbour of a liberty of `T` is a stone of `T`, the edge, an immortal
//!    attacker chain, or another liberty of `T` (so there is no other defender stone, no
//!    mortal attacker stone and no empty point that is not a liberty of `T` anywhere in
//!    the area `T` and its liberties enclose);
//! 4. the **inner** liberties (those that touch no attacker stone) are at most two, and
//!    two only if they are neighbours (a one-point or a two-point eye); or one attacker
//!    stone that is not immortal sits inside: a single stone whose neighbours are stones of
//!    `T`, the edge and inner liberties, with one inner liberty beside it (a two-point eye
//!    with a stone in it) or two that are not neighbours (a three-point eye whose middle,
//!    the vital point, the attacker holds), and no other inner liberty;
//! 5. no liberty of `T` is the ko point.
//!
//! # Why the attacker then captures `T`, whoever is to move
//!
//! Call `S` the set of states meeting the rule. The attacker's strategy: if `T` has one
//! liberty, play it (a capture, so legal; no ko point is a liberty). If `T` has two
//! liberties and both are inner (the two-point eye), play one of them: the stone has the
//! other as its liberty, so it is legal, and `T` is left in atari. Otherwise play an
//! **outer** liberty (one that touches an immortal chain): the stone joins that chain, so
//! it is legal, it is immortal, and it captures nothing (`T` keeps a liberty).
//!
//! * After an outer fill the state is in `S` again, with one liberty fewer.
//! * A defender move in the area is on a liberty of `T` (every empty point there is one),
//!   so it joins `T`; its empty neighbours were liberties of `T` already, so `T` loses a
//!   liberty and gains none, and the state stays in `S` (filling an inner point leaves
//!   fewer inner points). A defender move outside the area, a pass or a ko threat changes
//!   nothing in it (the area is closed by immortal stones and the edge).
//! * After the attacker's stone in a two-point eye, `T` is in atari. If the defender
//!   takes the stone (the only move in the area), its stone joins `T`, so the capture is
//!   no ko, and `T` is left with the single liberty where the stone was: the attacker
//!   plays there and captures. Otherwise the attacker plays the last liberty and
//!   captures.
//! * With the attacker's stone `m` in the middle of a three-point eye `a m b`: a defender
//!   stone on `a` joins `T` and leaves `m` with the liberty `b` alone, a two-point eye
//!   with a stone in it (the state stays in `S`); taking `m` then (at `b`) joins `T` again
//!   and leaves a one-point eye. When only `a` and `b` are left, the attacker plays `a`
//!   (legal: the stones `m a` keep `b`); if the defender takes them at `b` (two stones,
//!   no ko), a two-point eye is left; else the attacker plays `b` and captures. A stone in
//!   a two-point eye `m e` keeps `e` as its liberty until `T` has no other: then the
//!   attacker plays `e` and captures `T`.
//!
//! Each round takes at least one liberty from `T` and no state repeats (the empty
//! points of the area only decrease until the capture), and the attacker never passes,
//! so neither two passes nor a repetition can save the defender: capture as a root,
//! which is what a terminal value must be (see [`crate::dfpn`]). Every target stone is in
//! `T` and every empty target point is a liberty, so when `T` is captured no target point
//! holds a defender stone.
//!
//! Proofs written for the verifier do not stop at such states (the verifier accepts
//! only leaves decided by the rules): see [`super::Search::set_knowledge`].

use crate::board::{neighbors, Board, PointBits, EMPTY, WALL};
use crate::point::Point;

/// The static death test, with what it precomputes for one problem.
#[derive(Debug, Clone)]
pub(crate) struct Death {
    /// Points next to an empty point outside the region at the start: a stone there has
    /// a liberty that the defender can never fill while that point stays empty.
    outside: PointBits,
    /// Scratch: the liberties of `T`.
    libs: Vec<usize>,
    /// Scratch: attacker chains judged so far in a call, by head.
    judged: Vec<(usize, bool)>,
}

impl Death {
    /// The test for a problem whose region is `region`, on the problem's starting board.
    /// Only the attacker's blocks are played outside the region, so the points next to
    /// an empty point outside it are found once; whether that point is still empty is
    /// looked at when it matters.
    pub(crate) fn new(board: &Board, region: &PointBits) -> Death {
        let mut outside = PointBits::new();
        let size = board.size();
        for y in 0..size.height() {
            for x in 0..size.width() {
                let i = Point::new(x, y).index();
                if board.cell(i) == EMPTY && !region.contains(i) {
                    for n in neighbors(i) {
                        outside.insert(n);
                    }
                }
            }
        }
        Death {
            outside,
            libs: Vec::with_capacity(32),
            judged: Vec::with_capacity(8),
        }
    }

    /// Whether the attacker chain through `i` is immortal (a stone next to an empty point
    /// outside the region: the defender never plays there, and an attacker's block may
    /// have filled a point that was empty at the start, so it is looked at now).
    fn immortal(&mut self, b: &Board, i: usize, region: &PointBits) -> bool {
        let h = b.head_of(i);
        if let Some(&(_, v)) = self.judged.iter().find(|&&(k, _)| k == h) {
            return v;
        }
        let mut s = h;
        let mut v = false;
        loop {
            if self.outside.contains(s)
                && neighbors(s)
                    .iter()
                    .any(|&n| b.cell(n) == EMPTY && !region.contains(n))
            {
                v = true;
                break;
            }
            s = b.next_of(s);
            if s == h {
                break;
            }
        }
        self.judged.push((h, v));
        v
    }

    /// Whether the targets are dead, by the atari rule or the liberty-filling rule of the
    /// module documentation: if so, the attacker's move of the strategy when the attacker
    /// is to move (`usize::MAX` when the defender is). `defender` is the defender's cell
    /// code; `ko` the ko point of the position.
    pub(crate) fn dead(
        &mut self,
        b: &Board,
        defender: u8,
        attacker_to_move: bool,
        region: &PointBits,
        targets: &[Point],
        ko: Option<Point>,
    ) -> Option<usize> {
        // Both rules need every target stone in one chain: its head.
        let h = target_chain(b, defender, targets)?;
        if let Some(x) = atari_kill(b, h, defender, attacker_to_move, region, targets, ko) {
            return Some(x);
        }
        self.filling(b, h, defender, region, targets, ko).map(|x| {
            if attacker_to_move {
                x
            } else {
                usize::MAX
            }
        })
    }

    /// The liberty-filling rule, for the target chain whose head is `h`.
    fn filling(
        &mut self,
        b: &Board,
        h: usize,
        defender: u8,
        region: &PointBits,
        targets: &[Point],
        ko: Option<Point>,
    ) -> Option<usize> {
        self.judged.clear();
        self.libs.clear();
        // 2. The neighbours of T. One mortal attacker stone is allowed: a single stone
        // inside the eye (checked below).
        let mut nakade = None;
        let mut s = h;
        loop {
            for n in neighbors(s) {
                match b.cell(n) {
                    WALL => {}
                    EMPTY => {
                        if !region.contains(n) {
                            return None;
                        }
                        if !self.libs.contains(&n) {
                            self.libs.push(n);
                        }
                    }
                    c if c == defender => {}
                    _ => {
                        if !self.immortal(b, n, region) {
                            if b.size_of_head(b.head_of(n)) != 1 || nakade.is_some_and(|m| m != n) {
                                return None;
                            }
                            nakade = Some(n);
                        }
                    }
                }
            }
            s = b.next_of(s);
            if s == h {
                break;
            }
        }
        if let Some(k) = ko {
            if self.libs.contains(&k.index()) {
                return None;
            }
        }
        // 3 and 4. The neighbours of the liberties; the inner liberties.
        let mut inner = [0usize; 2];
        let mut n_inner = 0;
        let mut first_outer = usize::MAX;
        for li in 0..self.libs.len() {
            let e = self.libs[li];
            let mut outer = false;
            for n in neighbors(e) {
                match b.cell(n) {
                    WALL => {}
                    EMPTY => {
                        if !self.libs.contains(&n) {
                            return None;
                        }
                    }
                    c if c == defender => {
                        if b.head_of(n) != h {
                            return None;
                        }
                    }
                    _ => {
                        if Some(n) == nakade {
                            continue;
                        }
                        if !self.immortal(b, n, region) {
                            return None;
                        }
                        outer = true;
                    }
                }
            }
            if outer {
                first_outer = first_outer.min(e);
            } else {
                if n_inner == 2 {
                    return None;
                }
                inner[n_inner] = e;
                n_inner += 1;
            }
        }
        match nakade {
            // A one- or two-point eye (two: neighbours).
            None => {
                if n_inner == 2 && !neighbors(inner[0]).contains(&inner[1]) {
                    return None;
                }
            }
            // The stone inside: every neighbour is a stone of T, the edge or an inner
            // liberty, and with its liberties it makes a two-point eye (one liberty) or a
            // three-point eye of which it holds the middle (two liberties, not neighbours).
            Some(m) => {
                let mut libs_of_m = 0;
                for n in neighbors(m) {
                    match b.cell(n) {
                        WALL => {}
                        EMPTY => {
                            if !inner[..n_inner].contains(&n) {
                                return None;
                            }
                            libs_of_m += 1;
                        }
                        c if c == defender && b.head_of(n) == h => {}
                        _ => return None,
                    }
                }
                let ok = match (n_inner, libs_of_m) {
                    (1, 1) => true,
                    (2, 2) => !neighbors(inner[0]).contains(&inner[1]),
                    _ => false,
                };
                if !ok {
                    return None;
                }
            }
        }
        // Empty target points must be liberties of T.
        if !targets
            .iter()
            .all(|t| b.cell(t.index()) != EMPTY || self.libs.contains(&t.index()))
        {
            return None;
        }
        // The strategy's move: the last liberty; one point of a two-point eye that is all
        // that is left; else an outer liberty (the first in board order).
        Some(match (self.libs.len(), n_inner) {
            (1, _) => self.libs[0],
            (2, 2) => inner[0].min(inner[1]),
            _ => first_outer,
        })
    }
}

/// The head of the one chain that holds every target stone on the board: `None` when they
/// are in several chains, or none is left.
fn target_chain(b: &Board, defender: u8, targets: &[Point]) -> Option<usize> {
    let mut head = None;
    for t in targets {
        let i = t.index();
        if b.cell(i) == defender {
            let h = b.head_of(i);
            match head {
                None => head = Some(h),
                Some(x) if x != h => return None,
                Some(_) => {}
            }
        }
    }
    head
}

/// The atari rule (`h` the head of the target chain): every target stone is in one chain `T` with a single liberty `x` in the
/// region. With the attacker to move, it captures at `x` unless `x` is the ko point. With
/// the defender to move, `T` is lost when the defender can neither capture an attacker
/// chain next to `T` (none is in atari) nor get out by playing `x` (no other defender
/// chain touches `x`, the stone captures nothing and leaves `T` at most one liberty, in
/// the region): after any defender move the attacker captures `T` at `x`, or at the last
/// liberty of `T` and `x`. A defender move elsewhere cannot make `x` the ko point (a ko
/// point is where a stone was just captured, and `x` is empty), and no target point other
/// than `x` may be empty (the defender could bring a new target stone to the board).
/// Returns the attacker's capturing move (`usize::MAX` when the defender is to move).
fn atari_kill(
    b: &Board,
    h: usize,
    defender: u8,
    attacker_to_move: bool,
    region: &PointBits,
    targets: &[Point],
    ko: Option<Point>,
) -> Option<usize> {
    if b.libs_of_head(h) != 1 {
        return None;
    }
    // The liberty, and the attacker chains next to T.
    let mut x = usize::MAX;
    let mut s = h;
    loop {
        for n in neighbors(s) {
            match b.cell(n) {
                EMPTY => x = n,
                WALL => {}
                c if c == defender => {}
                _ => {
                    if !attacker_to_move && b.libs_at(n) == 1 {
                        return None;
                    }
                }
            }
        }
        s = b.next_of(s);
        if s == h {
            break;
        }
    }
    if x == usize::MAX || !region.contains(x) {
        return None;
    }
    if attacker_to_move {
        return (ko.map(|k| k.index()) != Some(x)).then_some(x);
    }
    if targets
        .iter()
        .any(|t| b.cell(t.index()) == EMPTY && t.index() != x)
    {
        return None;
    }
    // The defender's stone on x: it joins T only, captures nothing, and leaves at most one
    // liberty, in the region.
    let mut libs = 0;
    for n in neighbors(x) {
        match b.cell(n) {
            EMPTY => {
                if !region.contains(n) {
                    return None;
                }
                libs += 1;
            }
            WALL => {}
            c if c == defender => {
                if b.head_of(n) != h {
                    return None;
                }
            }
            _ => {
                if b.libs_at(n) == 1 {
                    return None;
                }
            }
        }
    }
    (libs <= 1).then_some(usize::MAX)
}
