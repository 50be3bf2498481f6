//! The search state of a problem: the [`crate::dfpn::Problem`] that the solver walks.

use std::cell::RefCell;

use super::dead::Death;
use super::life::LocalLife;
use super::Tsumego;
use crate::board::{cell_color, neighbors, Board, PointBits, EMPTY, WALL};
use crate::color::{ByColor, Color};
use crate::dfpn::{NodeKind, Outcome, Problem};
use crate::point::{Move, Point};
use crate::position::{MoveRecord, Position};
use crate::rules::Suicide;

/// A move of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TsumegoMove {
    /// A stone on an empty point of the region.
    Play(Point),
    /// A pass: a move elsewhere on the board that needs no answer.
    Pass,
    /// An external ko threat, offered only to a side that may not retake a ko now and has
    /// threats left: the side plays a threat elsewhere, the opponent answers it elsewhere,
    /// and the same side is to move again, now free to retake. One threat is spent; the
    /// side to move does not change.
    Threat,
}

impl TsumegoMove {
    /// The board move: a stone, or a pass for [`TsumegoMove::Pass`] and
    /// [`TsumegoMove::Threat`] (both are played away from the region).
    pub fn to_move(self) -> Move {
        match self {
            TsumegoMove::Play(p) => Move::Play(p),
            TsumegoMove::Pass | TsumegoMove::Threat => Move::Pass,
        }
    }
}

/// What [`Search::undo`] needs to take a move back.
#[derive(Debug, Clone, Copy)]
enum Frame {
    /// A stone or a pass, and whether it captured stones outside the region.
    Move {
        record: MoveRecord,
        passes: u8,
        opened: bool,
    },
    /// A ko threat by `color` and its answer, both played as passes.
    Threat {
        threat: MoveRecord,
        answer: MoveRecord,
        passes: u8,
        color: Color,
    },
    /// A move that was not legal and changed nothing.
    Nothing,
}

/// The state of a problem during a search, for proving that one colour (the **prover**)
/// succeeds. It implements [`Problem`]: the prover is to move at OR nodes.
///
/// # Rules
///
/// * **Moves**: every legal stone (simple ko, suicide forbidden) on an empty point of the
///   region and, for the attacker, on a target chain's liberty outside the region that
///   is not wide (a **block**, listed first), best first (see [`Problem::moves`]), then
///   [`TsumegoMove::Threat`] when the side to move faces a ko ban on a region point and
///   has external threats left, then [`TsumegoMove::Pass`].
/// * **Ko threats.** Each side has a count of external ko threats. A threat is a single
///   move of the search that spends one threat, lifts the ban and leaves the same side to
///   move: it stands for "threat elsewhere, answered elsewhere". The opponent is assumed to
///   answer (ignoring a threat is not modelled: a threat is by definition worth an answer).
///   Since the counts are part of the [key](Problem::key), spending threats never closes a
///   cycle. A pass also lifts the ban (the opponent got a free move instead, which is the
///   real game: a side that tenukis without a threat lets the other resolve the ko). Such
///   a pass under a ko ban does not count toward the two passes that end the play: else
///   a side could take a ko and end the play at once by passing after the banned side's
///   forced pass, and every ko would be won by whoever takes it first.
/// * **Terminal** ([`Problem::terminal`]): no target point holds a defender stone, the
///   attacker has won; the last two moves were passes (see above for a pass under a ko
///   ban), the defender has won (a target is
///   still there: life or seki); a target chain is unconditionally alive by Benson's test on the
///   regions enclosed inside the problem region (a cheap local form, see the `life`
///   module; sound, since it finds a subset of the whole-board answer, and the attacker,
///   who may only play in the region, has fewer moves than Benson assumes), the defender
///   has won; a target chain has escaped (two liberties outside the region, a wide one,
///   or one with the defender to move: see the rules in the [module
///   documentation](super)), the defender has won. With knowledge on (the default,
///   [`Search::set_knowledge`]) and below the root, also: the defender is to move and can
///   play a region point next to a target chain that has two empty points outside the
///   region among its neighbours, or a wide one (the chain gets out there whatever the
///   attacker blocks), the defender has won; the targets
///   are statically dead (one chain with at most a one- or two-point eye, every other
///   liberty next to an attacker chain that can never be captured), the attacker has won.
///   [`Problem::rules_terminal`] leaves these out.
/// * **Repetition** ([`Problem::repetition`]): a state that repeats one on the current path
///   is a win for the defender. The attacker has to capture; a cycle (a double ko, triple
///   ko, eternal life, sending two returning one) means that the defender can keep it from
///   doing so for ever, which is a failure of the attack in the tsumego sense (and "no
///   result" under Japanese rules, never a capture). So a proof of capture never leans on
///   a cycle, and a proof of life may: such life is only "life by repetition", which the
///   solver's report should say when it matters (not done yet).
/// * **Key** ([`Problem::key`]): the position's hash (stones, side to move, ko point), the
///   remaining threats of both sides and whether the last move was a pass, mixed with a
///   seed ([`Search::set_key_seed`]) so that a search can be rerun with other keys.
///
/// ```
/// use tesuji::{ascii, Color, Point};
/// use tesuji::dfpn::{NodeKind, Problem};
/// use tesuji::tsumego::{Tsumego, TsumegoMove};
/// let pos = ascii::parse_diagram("
///     . . . . . . . .
///     . X X X X X X X
///     . X O O O O O X
///     . X O . . . O X
/// ").unwrap();
/// let problem = Tsumego::new(pos, &[Point::new(2, 2)]).unwrap();
/// // Black, the attacker, moves first and tries to prove the capture.
/// let mut search = problem.search(Color::Black);
/// assert_eq!(search.node_kind(), NodeKind::Or);
/// let mut moves = Vec::new();
/// search.moves(&mut moves);
/// // The vital point comes first; pass is last.
/// assert_eq!(moves[0], TsumegoMove::Play(Point::new(4, 3)));
/// assert_eq!(moves.last(), Some(&TsumegoMove::Pass));
/// ```
#[derive(Debug, Clone)]
pub struct Search {
    position: Position,
    region: PointBits,
    region_points: Vec<Point>,
    targets: Vec<Point>,
    defender: Color,
    prover: Color,
    threats: ByColor<u32>,
    passes: u8,
    stack: Vec<Frame>,
    seed: u64,
    ordering: bool,
    /// Region points next to an empty point outside the region at the start: where a
    /// target chain can reach a liberty outside the region (only the attacker plays
    /// there, to block). Empty for a region that the attacker's wall closes, which then
    /// has no escape at all.
    exits: Vec<usize>,
    /// Whether the region is closed at the start with no defender stone outside it next
    /// to it: then a target chain gets a liberty outside only after a capture there.
    sealed: bool,
    /// How many moves of the current line captured stones outside the region (counted
    /// in a sealed region only).
    opened: u32,
    life: RefCell<LocalLife>,
    death: RefCell<Death>,
    /// What the life test and the dead-shape test found in states met lately (see
    /// [`StateKnown`]).
    state_cache: RefCell<Vec<StateKnown>>,
    knowledge: bool,
    /// Values that hold whatever the ko threats are shared under a key without them.
    core_values: bool,
    /// Knowledge ends no state at this depth or above (see [`Search::set_knowledge`]).
    root_depth: usize,
    ko_seen: bool,
    /// Scratch for [`Problem::moves`].
    scored: Vec<(i32, Point)>,
    /// The move lists of states met lately, by key (see [`MoveCache`]).
    move_cache: MoveCache,
    /// The defender's room (see [`Problem::initial_numbers`]) of the start and of each
    /// state since, kept with the moves: a stone that captures nothing changes it only
    /// around its point.
    own: Vec<u32>,
}

impl Search {
    /// The state at the start of `problem`, for proving that `prover` succeeds.
    pub fn new(problem: &Tsumego, prover: Color) -> Search {
        let mut region = PointBits::new();
        for &p in problem.region() {
            region.insert(p.index());
        }
        let mut position = problem.position().clone();
        position.set_suicide_rule(Suicide::Forbidden);
        let death = Death::new(position.board(), &region);
        let exits = exits(position.board(), problem.region(), &region);
        // The targets can reach a point outside a closed region only through a capture
        // there or a defender stone outside it that they join (its liberties are theirs).
        let d = problem.defender() as u8;
        let sealed = exits.is_empty()
            && !problem.region().iter().any(|p| {
                neighbors(p.index())
                    .iter()
                    .any(|&n| position.board().cell(n) == d && !region.contains(n))
            });
        let mut search = Search {
            position,
            region,
            region_points: problem.region().to_vec(),
            targets: problem.targets().to_vec(),
            defender: problem.defender(),
            prover,
            threats: ByColor::from_fn(|c| problem.ko_threats(c)),
            passes: 0,
            exits,
            sealed,
            opened: 0,
            stack: Vec::new(),
            seed: 0,
            ordering: true,
            life: RefCell::new(LocalLife::default()),
            death: RefCell::new(death),
            state_cache: RefCell::new(vec![StateKnown::default(); STATE_CACHE]),
            knowledge: true,
            core_values: true,
            root_depth: 0,
            ko_seen: false,
            scored: Vec::new(),
            move_cache: MoveCache::default(),
            own: Vec::new(),
        };
        search.ko_seen = search.ko_ban_in_region();
        let own = search.own_full();
        search.own.push(own);
        search
    }

    /// Mixes `seed` into every [key](Problem::key): the same search with other keys.
    pub fn set_key_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Turns the move ordering of [`Problem::moves`] on (the default) or off (stones in
    /// board order): for measuring what the ordering is worth.
    pub fn set_move_ordering(&mut self, on: bool) {
        self.ordering = on;
        self.move_cache = MoveCache::default();
    }

    /// Turns the static knowledge of [`Problem::terminal`] on (the default) or off. With it
    /// off, only the rules end a line: capture, two passes, Benson's unconditional life. On,
    /// the attacker also wins where the targets are statically dead (one chain left with a
    /// one- or two-point eye and outside liberties that only the attacker can fill, see the
    /// `dead` module's documentation in the source): sound, and it spares the search the
    /// filling of every outside liberty. Knowledge never ends the state the search was made
    /// in (its root), so a solve from a dead position still finds the attacker's move; and
    /// [`Problem::rules_terminal`] leaves it out, so proof trees go on to the capture
    /// (with [`Problem::strategy_move`]), as the verifier requires.
    pub fn set_knowledge(&mut self, on: bool) {
        self.knowledge = on;
    }

    /// Turns on (the default) or off the sharing of values that hold whatever the ko
    /// threats are ([`Problem::core_key`]): for measuring it and for checking that it
    /// changes no result.
    pub fn set_core_values(&mut self, on: bool) {
        self.core_values = on;
    }

    /// Makes the current state the root: knowledge does not end it (see
    /// [`Search::set_knowledge`]), only the states below it.
    pub(crate) fn set_root_here(&mut self) {
        self.root_depth = self.stack.len();
    }

    /// The attacker's strategy move if the targets are statically dead here (knowledge on
    /// or not), else `None`: [`Search::dead_fresh`] through the state cache.
    fn dead_move(&self) -> Option<usize> {
        self.through_state_cache(StateKnown::death, Self::dead_fresh, StateKnown::set_death)
    }

    /// One static test of the current state through the state cache: its answer kept
    /// there (`kept`), else worked out (`fresh`) and kept (`keep`).
    #[inline]
    fn through_state_cache<T: Copy>(
        &self,
        kept: impl Fn(&StateKnown, u64) -> Option<T>,
        fresh: impl Fn(&Self) -> T,
        keep: impl Fn(&mut StateKnown, T),
    ) -> T {
        let (h, slot) = self.state_slot();
        let mut cache = self.state_cache.borrow_mut();
        if let Some(answer) = cache.get(slot).and_then(|e| kept(e, h)) {
            return answer;
        }
        let answer = fresh(self);
        if let Some(e) = cache.get_mut(slot) {
            keep(e.keep(h), answer);
        }
        answer
    }

    /// The dead-shape test of the current state, worked out (see the `dead` module).
    fn dead_fresh(&self) -> Option<usize> {
        self.death.borrow_mut().dead(
            self.position.board(),
            self.defender as u8,
            self.position.to_play() != self.defender,
            &self.region,
            &self.targets,
            self.position.ko_point(),
        )
    }

    /// The key of the state cache (the board's hash, the ko point and whether the
    /// attacker is to move) and its slot.
    fn state_slot(&self) -> (u64, usize) {
        let ko = self.position.ko_point();
        let attacker_to_move = self.position.to_play() != self.defender;
        let h = self.position.board().hash()
            ^ ko.map_or(0, |k| mix(k.index() as u64 + 1))
            ^ if attacker_to_move {
                0x5851_F42D_4C95_7F2D
            } else {
                0
            };
        (h, (mix(h) as usize) & (STATE_CACHE - 1))
    }

    /// Whether the static knowledge is on (see [`Search::set_knowledge`]).
    pub fn knowledge(&self) -> bool {
        self.knowledge
    }

    /// Whether a state with a ko ban on a region point has been reached since the search
    /// state was made or [`Search::clear_ko_seen`] was called. A search that never meets
    /// one never offers a [`TsumegoMove::Threat`] nor a pass under a ko ban, so its result
    /// is the same whatever the external ko threats.
    pub fn ko_seen(&self) -> bool {
        self.ko_seen
    }

    /// Forgets that a ko was seen (see [`Search::ko_seen`]).
    pub fn clear_ko_seen(&mut self) {
        self.ko_seen = false;
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The colour that the search tries to prove successful.
    pub fn prover(&self) -> Color {
        self.prover
    }

    /// The owner of the targets.
    pub fn defender(&self) -> Color {
        self.defender
    }

    /// The external ko threats `color` has left.
    pub fn threats(&self, color: Color) -> u32 {
        self.threats[color]
    }

    /// How many passes were played in a row just before now (0, 1 or 2).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// How many moves have been played and not taken back.
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// The winner of the current state if the rules alone decide it (as
    /// [`Problem::terminal`], by colour).
    pub fn winner(&self) -> Option<Color> {
        let by_rules = self.rules_winner();
        if by_rules.is_none() && self.knowledge && self.stack.len() > self.root_depth {
            if self.escape_move().is_some() {
                return Some(self.defender);
            }
            if self.dead_move().is_some() {
                return Some(!self.defender);
            }
        }
        by_rules
    }

    /// The escape knowledge (see the `Search` rules): with the defender to move, a legal
    /// move on a region point that is a liberty of a target chain and has two empty
    /// points outside the region among its neighbours, or a wide one (the chain gets out
    /// there whatever the attacker blocks), as a padded index. `None` when there is none,
    /// or with the attacker to move.
    fn escape_move(&self) -> Option<usize> {
        if self.exits.is_empty() || self.position.to_play() != self.defender {
            return None;
        }
        let b = self.position.board();
        for &e in &self.exits {
            if b.cell(e) != EMPTY || !neighbors(e).iter().any(|&n| self.target_stone(b, n)) {
                continue;
            }
            let mut gates = 0;
            let mut open = false;
            for &n in neighbors(e).iter() {
                if b.cell(n) == EMPTY && !self.region.contains(n) {
                    gates += 1;
                    open |= self.wide(b, n);
                }
            }
            if gates < 2 && !open {
                continue;
            }
            let p = Point::from_index(e).expect("an exit is on the board");
            if self.position.check(Move::Play(p)).is_ok() {
                return Some(e);
            }
        }
        None
    }

    /// Whether the point `n` holds a stone of a target chain.
    fn target_stone(&self, b: &Board, n: usize) -> bool {
        let d = self.defender;
        cell_color(b.cell(n)) == Some(d) && {
            let h = b.head_of(n);
            self.targets
                .iter()
                .any(|&t| b.get(t) == Some(d) && b.head_of(t.index()) == h)
        }
    }

    /// Whether the empty point `n` outside the region is **wide**: two of its neighbours
    /// are empty points outside the region (room beyond it: a block there would be a
    /// lone stone on open board, not the closing of a corridor).
    fn wide(&self, b: &Board, n: usize) -> bool {
        neighbors(n)
            .iter()
            .filter(|&&m| b.cell(m) == EMPTY && !self.region.contains(m))
            .count()
            >= 2
    }

    /// Calls `f` with the head of each target chain on the board, once a chain, until it
    /// returns `false`.
    fn each_target_chain(&self, b: &Board, mut f: impl FnMut(usize) -> bool) {
        let d = self.defender;
        let mut heads = [usize::MAX; 8];
        let mut chains = 0;
        for &t in &self.targets {
            let i = t.index();
            if cell_color(b.cell(i)) != Some(d) {
                continue;
            }
            let h = b.head_of(i);
            if heads[..chains].contains(&h) {
                continue;
            }
            if chains < heads.len() {
                heads[chains] = h;
                chains += 1;
            }
            if !f(h) {
                return;
            }
        }
    }

    /// Up to two liberties outside the region of the chain with head `h`, how many were
    /// found (at most 2), and whether one of them is wide ([`Search::wide`]).
    fn chain_outside(&self, b: &Board, h: usize) -> ([usize; 2], usize, bool) {
        let mut found = [usize::MAX; 2];
        let mut count = 0;
        let mut s = h;
        loop {
            for n in neighbors(s) {
                if b.cell(n) == EMPTY && !self.region.contains(n) && !found[..count].contains(&n) {
                    if self.wide(b, n) {
                        return (found, count, true);
                    }
                    found[count] = n;
                    count += 1;
                    if count == 2 {
                        return (found, count, false);
                    }
                }
            }
            s = b.next_of(s);
            if s == h {
                return (found, count, false);
            }
        }
    }

    /// The most liberties outside the region that a target chain has, counted up to 2; a
    /// wide one ([`Search::wide`]) counts 2 (open board: no block stops the chain).
    /// `each` sees the liberties found on the way (the places of the attacker's blocks
    /// when the result is 1; the walk stops at the first chain that counts 2).
    fn outside_liberties(&self, b: &Board, mut each: impl FnMut(usize)) -> u8 {
        // A sealed region gets a liberty outside it only by the capture of stones there
        // (a wall or frame stone, which the verifier counts too): none on this line yet,
        // none to look for.
        if self.sealed && self.opened == 0 {
            return 0;
        }
        let mut most = 0;
        self.each_target_chain(b, |h| {
            let (found, count, wide) = self.chain_outside(b, h);
            found[..count].iter().for_each(|&g| each(g));
            most = if wide { 2 } else { most.max(count) };
            most < 2
        });
        most as u8
    }

    /// Whether a stone of the side to move on `at` would capture a chain with a stone
    /// outside the region (opening a point there).
    fn opens_outside(&self, at: usize) -> bool {
        let b = self.position.board();
        let them = (!self.position.to_play()) as u8;
        neighbors(at).iter().any(|&n| {
            b.cell(n) == them && b.libs_of_head(b.head_of(n)) == 1 && {
                let h = b.head_of(n);
                let mut s = h;
                loop {
                    if !self.region.contains(s) {
                        break true;
                    }
                    s = b.next_of(s);
                    if s == h {
                        break false;
                    }
                }
            }
        })
    }

    /// Whether the attacker, to move, may play on `at`, a point outside the region: a
    /// **block**, on a target chain's liberty outside the region that is not wide.
    fn is_block(&self, b: &Board, at: usize) -> bool {
        self.position.to_play() != self.defender
            && b.cell(at) == EMPTY
            && !self.region.contains(at)
            && !self.wide(b, at)
            && neighbors(at).iter().any(|&n| self.target_stone(b, n))
    }

    /// The winner by the rules alone (no knowledge), as [`Problem::rules_terminal`].
    pub fn rules_winner(&self) -> Option<Color> {
        let b = self.position.board();
        let d = self.defender;
        if !self.targets.iter().any(|&t| b.get(t) == Some(d)) {
            return Some(!d);
        }
        // Two passes in a row, or a pass by the attacker (not under a ko ban), which the
        // defender answers by passing: the play ends with a target on the board.
        if self.passes >= 2 || (self.passes == 1 && self.position.to_play() == d) {
            return Some(d);
        }
        if self.escaped(b) {
            return Some(d);
        }
        // Benson needs two vital regions, so a chain with fewer than two liberties is
        // never unconditionally alive: skip the test when no target chain has two. And
        // only test after the defender's moves (the attacker to play): an attacker move
        // makes life only by filling a point of its own that the defender would have left
        // anyway, which the next defender move (or pass) then shows.
        if self.position.to_play() != d
            && self
                .targets
                .iter()
                .any(|&t| b.get(t) == Some(d) && b.liberty_count(t) >= 2)
            && self.alive()
        {
            return Some(d);
        }
        None
    }

    /// Whether a target chain has escaped: it has two liberties outside the region (the
    /// attacker may block only one) or a wide one, or one with the defender to move (it
    /// gets out there).
    fn escaped(&self, b: &Board) -> bool {
        match self.outside_liberties(b, |_| {}) {
            0 => false,
            1 => self.position.to_play() == self.defender,
            _ => true,
        }
    }

    /// Whether a target chain is unconditionally alive (the local Benson test), through the
    /// state cache: the search meets the same positions again and again as it re-expands
    /// states, and the dead-shape test of the same state ([`Search::dead_move`]) usually
    /// follows, so one entry serves both.
    fn alive(&self) -> bool {
        self.through_state_cache(StateKnown::life, Self::alive_fresh, StateKnown::set_life)
    }

    /// The local Benson test of the current state, worked out.
    fn alive_fresh(&self) -> bool {
        self.life.borrow_mut().any_target_alive(
            self.position.board(),
            self.defender,
            &self.region,
            &self.region_points,
            &self.targets,
        )
    }

    fn outcome(&self, winner: Color) -> Outcome {
        if winner == self.prover {
            Outcome::Proven
        } else {
            Outcome::Disproven
        }
    }

    /// Whether the side to move may not retake a ko on a region point now.
    fn ko_ban_in_region(&self) -> bool {
        self.position
            .ko_point()
            .is_some_and(|k| self.region.contains(k.index()))
    }

    /// Whether the side to move may spend a ko threat now.
    fn may_threaten(&self) -> bool {
        self.threats[self.position.to_play()] > 0 && self.ko_ban_in_region()
    }

    /// Whether the targets are statically dead here (the knowledge of the `dead` module,
    /// whatever the depth), for the tests.
    #[cfg(test)]
    pub(crate) fn dead_here(&self) -> bool {
        self.dead_move().is_some()
    }

    /// The life test and the dead-shape test of the current state through the state
    /// cache (`which`: 0 both, the life test first; 1 both, the dead-shape test first; 2
    /// the life test alone; 3 the dead-shape test alone), `None` for a test not run, and
    /// how many of the two the cache held before (for the tests).
    #[cfg(test)]
    #[allow(clippy::type_complexity)]
    pub(crate) fn static_tests_cached(
        &self,
        which: usize,
    ) -> (Option<bool>, Option<Option<usize>>, usize) {
        let (h, slot) = self.state_slot();
        let held = self.state_cache.borrow().get(slot).map_or(0, |e| {
            usize::from(e.life(h).is_some()) + usize::from(e.death(h).is_some())
        });
        match which {
            0 => {
                let alive = self.alive();
                (Some(alive), Some(self.dead_move()), held)
            }
            1 => {
                let dead = self.dead_move();
                (Some(self.alive()), Some(dead), held)
            }
            2 => (Some(self.alive()), None, held),
            _ => (None, Some(self.dead_move()), held),
        }
    }

    /// The life test and the dead-shape test of the current state worked out afresh,
    /// without the state cache (for the tests).
    #[cfg(test)]
    pub(crate) fn static_tests_fresh(&self) -> (bool, Option<usize>) {
        (self.alive_fresh(), self.dead_fresh())
    }

    /// Whether [`Problem::moves`] would serve the current state from its cache (for the
    /// tests).
    #[cfg(test)]
    pub(crate) fn cached_moves_here(&self) -> bool {
        self.move_cache.get(self.key(), &mut Vec::new())
    }

    /// The room kept with the moves and a fresh count of it, and how many values are kept
    /// (for the tests).
    #[cfg(test)]
    pub(crate) fn room_check(&self) -> (u32, u32, usize) {
        (
            self.own.last().copied().unwrap_or(u32::MAX),
            self.own_full(),
            self.own.len(),
        )
    }

    /// The defender's room: the empty region points that no attacker stone touches.
    fn own_full(&self) -> u32 {
        let b = self.position.board();
        let a = (!self.defender) as u8;
        let mut own = 0;
        for &p in &self.region_points {
            let i = p.index();
            if b.cell(i) == EMPTY && !neighbors(i).iter().any(|&n| b.cell(n) == a) {
                own += 1;
            }
        }
        own
    }

    /// The room after a stone was placed on `at` (capturing nothing), from the room before:
    /// `at` is no longer empty, and an attacker stone takes the room of the empty points
    /// next to it that no other attacker stone touched.
    fn own_after(&self, before: u32, at: usize) -> u32 {
        let b = self.position.board();
        let a = (!self.defender) as u8;
        let mut own = before;
        if self.region.contains(at) && !neighbors(at).iter().any(|&n| b.cell(n) == a) {
            own -= 1;
        }
        if b.cell(at) == a {
            for n in neighbors(at) {
                if b.cell(n) == EMPTY
                    && self.region.contains(n)
                    && !neighbors(n).iter().any(|&m| m != at && b.cell(m) == a)
                {
                    own -= 1;
                }
            }
        }
        own
    }

    /// [`Problem::key`] of a state with the position hash `h` and `passes`, the threats
    /// being the current ones.
    fn key_of(&self, mut h: u64, passes: u8) -> u64 {
        h ^= mix(u64::from(self.threats[Color::Black]) ^ 0x7B1A_C3E5_0000_0000);
        h ^= mix(u64::from(self.threats[Color::White]) ^ 0x2D4F_9A61_0000_0000).rotate_left(1);
        mix(h ^ passes_key(passes) ^ self.seed)
    }

    /// [`Problem::core_key`] of a state with the position hash `h` and `passes`.
    fn core_key_of(&self, h: u64, passes: u8) -> u64 {
        mix(h ^ 0x3C6E_F372_FE94_F82B ^ passes_key(passes) ^ self.seed)
    }

    /// [`Problem::moves`] worked out afresh.
    pub(crate) fn moves_fresh(&mut self, moves: &mut Vec<TsumegoMove>) {
        let me = self.position.to_play();
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        let ko = self.position.ko_point();
        let b = self.position.board();
        for &p in &self.region_points {
            let at = p.index();
            if b.cell(at) != EMPTY || ko == Some(p) {
                continue;
            }
            // Legal (suicide is forbidden) when the stone keeps a liberty; a capture
            // always leaves one.
            let (libs, captured) = b.play_effect(at, me as u8, 4);
            if libs == 0 {
                continue;
            }
            let s = if self.ordering {
                self.score(at, me, libs, captured)
            } else {
                0
            };
            scored.push((s, p));
        }
        // The block (see the `Search` rules) comes first: else the chain gets out. At most
        // one liberty outside each target chain: the first eight distinct ones in an array,
        // any more (a problem with that many target chains) in a list made only then.
        let mut gates = [usize::MAX; 8];
        let mut found = 0;
        let mut more: Vec<usize> = Vec::new();
        let one_each = me != self.defender
            && self.outside_liberties(b, |g| {
                if gates[..found].contains(&g) || more.contains(&g) {
                    return;
                }
                if found < gates.len() {
                    gates[found] = g;
                    found += 1;
                } else {
                    more.push(g);
                }
            }) == 1;
        if one_each {
            for &gate in gates[..found].iter().chain(&more) {
                let (libs, _) = b.play_effect(gate, me as u8, 4);
                if libs > 0 && ko.map(|k| k.index()) != Some(gate) {
                    let p = Point::from_index(gate).expect("a liberty is on the board");
                    scored.push((i32::MAX, p));
                }
            }
        }
        // Stable: equal scores stay in board order, so the order is deterministic.
        scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        moves.extend(scored.iter().map(|&(_, p)| TsumegoMove::Play(p)));
        self.scored = scored;
        if self.may_threaten() {
            moves.push(TsumegoMove::Threat);
        }
        moves.push(TsumegoMove::Pass);
    }

    /// The ordering score of a legal stone of `me` on the point `at`: captures first, then
    /// ataris, saving own chains in atari, liberties of the new chain, and empty
    /// neighbours (the centre of an eye space is often the vital point). Self-ataris that
    /// capture nothing come last. `libs` and `captured` are what the stone would do
    /// ([`Board::play_effect`] with a cap of 4), which the caller has worked out already.
    /// The weight of an empty neighbour, 3: 0 or 8 instead took 554M and 536M nodes on the
    /// 44 harder runs of [`Problem::initial_numbers`]' measurements, against 504M.
    fn score(&self, at: usize, me: Color, libs: usize, captured: usize) -> i32 {
        let mut s = 0;
        let b = self.position.board();
        let mut seen = [usize::MAX; 4];
        for (k, n) in neighbors(at).into_iter().enumerate() {
            let v = b.cell(n);
            if v == WALL {
                continue;
            }
            if v == EMPTY {
                if self.region.contains(n) {
                    s += 3;
                }
                continue;
            }
            let h = b.head_of(n);
            if seen[..k].contains(&h) {
                continue;
            }
            if let Some(slot) = seen.get_mut(k) {
                *slot = h;
            }
            let libs = b.libs_of_head(h);
            if v == me as u8 {
                if libs == 1 {
                    s += 40;
                }
            } else if libs == 1 {
                s += 100;
            } else if libs == 2 {
                s += 30;
            }
        }
        if libs <= 1 && captured == 0 {
            s -= 60;
        } else {
            s += 5 * libs.min(4) as i32;
        }
        s
    }
}

/// Entries of the state cache (a power of two). The unit tests use a tiny cache, so that
/// states share slots often and the replacement of an entry is tested too.
const STATE_CACHE: usize = if cfg!(test) { 1 << 4 } else { 1 << 14 };

/// One entry of the state cache: a direct-mapped cache, keyed by the board's hash, the ko
/// point and the side to move, of the two static tests the search runs on a state it
/// plays ([`Search::alive`] and [`Search::dead_move`]). Both tests on one state read one
/// entry (one cache line), where two caches cost two misses. Each field says when its
/// test was not run on the state yet.
#[derive(Debug, Clone, Copy, Default)]
struct StateKnown {
    key: u64,
    /// [`DEAD_UNKNOWN`], [`DEAD_NONE`], `u32::MAX` for the defender to move, or the
    /// strategy move's index plus [`DEAD_OFFSET`].
    dead: u32,
    /// [`ALIVE_UNKNOWN`], [`ALIVE_NO`] or [`ALIVE_YES`].
    alive: u8,
}

impl StateKnown {
    /// The life test's answer kept for the state of key `h`, if any.
    fn life(&self, h: u64) -> Option<bool> {
        (self.key == h && self.alive != ALIVE_UNKNOWN).then_some(self.alive == ALIVE_YES)
    }

    /// The dead-shape test's answer kept for the state of key `h`, if any.
    fn death(&self, h: u64) -> Option<Option<usize>> {
        (self.key == h && self.dead != DEAD_UNKNOWN).then(|| match self.dead {
            DEAD_NONE => None,
            u32::MAX => Some(usize::MAX),
            v => Some(v as usize - DEAD_OFFSET),
        })
    }

    /// The entry, made the state of key `h`'s: emptied first if it held another state.
    /// (An empty entry's key is 0, and with both answers unknown it gives nothing even to
    /// a state whose key is 0.)
    fn keep(&mut self, h: u64) -> &mut StateKnown {
        if self.key != h {
            *self = StateKnown {
                key: h,
                ..StateKnown::default()
            };
        }
        self
    }

    fn set_life(&mut self, alive: bool) {
        self.alive = if alive { ALIVE_YES } else { ALIVE_NO };
    }

    fn set_death(&mut self, dead: Option<usize>) {
        self.dead = match dead {
            None => DEAD_NONE,
            Some(usize::MAX) => u32::MAX,
            Some(i) => i as u32 + DEAD_OFFSET as u32,
        };
    }
}

const DEAD_UNKNOWN: u32 = 0;
const DEAD_NONE: u32 = 1;
const DEAD_OFFSET: usize = 2;
const ALIVE_UNKNOWN: u8 = 0;
const ALIVE_NO: u8 = 1;
const ALIVE_YES: u8 = 2;

/// What the passes in a row add to a state's keys (nothing for none).
fn passes_key(passes: u8) -> u64 {
    0x6A09_E667_F3BC_C909u64.wrapping_mul(u64::from(passes))
}

/// The splitmix64 finaliser: a bijection of `u64` that spreads every input bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Problem for Search {
    type Move = TsumegoMove;

    fn key(&self) -> u64 {
        self.key_of(self.position.hash(), self.passes)
    }

    /// A stone that captures nothing: the keys follow from the position's hash without
    /// playing it (passes are 0 after it, the threats the same), and no ko ban comes of it,
    /// so [`Search::ko_seen`] loses nothing when the solver does not play it.
    fn child_keys(&self, mv: TsumegoMove) -> Option<(u64, Option<u64>)> {
        let TsumegoMove::Play(p) = mv else {
            return None;
        };
        let i = p.index();
        let b = self.position.board();
        let them = (!self.position.to_play()) as u8;
        if b.cell(i) != EMPTY
            || !self.region.contains(i)
            || neighbors(i)
                .iter()
                .any(|&n| b.cell(n) == them && b.libs_at(n) == 1)
        {
            return None;
        }
        let h = self.position.hash_after_quiet(i);
        let core = self.core_values.then(|| self.core_key_of(h, 0));
        Some((self.key_of(h, 0), core))
    }

    /// The key without the ko threats: values that never met a ko ban hold whatever the
    /// threats, and states with other threat counts find them there (within a search,
    /// after a ko threat; across the searches of the threshold walk; in the principal
    /// variation searched in another difference's table).
    fn core_key(&self) -> Option<u64> {
        if !self.core_values {
            return None;
        }
        Some(self.core_key_of(self.position.hash(), self.passes))
    }

    fn core_moves(&self) -> bool {
        !self.ko_ban_in_region()
    }

    fn core_move(&self, mv: TsumegoMove) -> bool {
        mv != TsumegoMove::Threat
    }

    fn node_kind(&self) -> NodeKind {
        if self.position.to_play() == self.prover {
            NodeKind::Or
        } else {
            NodeKind::And
        }
    }

    fn terminal(&mut self) -> Option<Outcome> {
        self.winner().map(|w| self.outcome(w))
    }

    fn rules_terminal(&mut self) -> Option<Outcome> {
        self.rules_winner().map(|w| self.outcome(w))
    }

    /// Where the targets are statically dead and the attacker is to move: the move of the
    /// attacker's strategy (see [`Search::set_knowledge`]).
    fn strategy_move(&mut self) -> Option<TsumegoMove> {
        if !self.knowledge {
            return None;
        }
        if self.position.to_play() == self.defender {
            // The escape: a move on an exit, when there is one.
            return self
                .escape_move()
                .and_then(Point::from_index)
                .map(TsumegoMove::Play);
        }
        let i = self.dead_move()?;
        // usize::MAX (the defender to move) is no point.
        Point::from_index(i).map(TsumegoMove::Play)
    }

    fn repetition(&self) -> Outcome {
        self.outcome(self.defender)
    }

    fn repetition_value(&self) -> Option<Outcome> {
        Some(self.outcome(self.defender))
    }

    fn is_pass(&self, mv: TsumegoMove) -> bool {
        mv == TsumegoMove::Pass
    }

    /// A helper's search met a ko ban: then so did the search whose result it shares in.
    fn absorb(&mut self, helper: &Search) {
        self.ko_seen |= helper.ko_seen;
    }

    /// Stones first, best first by a static score (captures, ataris, saving a chain in
    /// atari, liberties, empty neighbours in the region; ties in board order), then
    /// [`TsumegoMove::Threat`] if allowed, then [`TsumegoMove::Pass`]. The list of a state
    /// met lately comes from a cache by key (see `MoveCache` in the source).
    fn moves(&mut self, moves: &mut Vec<TsumegoMove>) {
        let key = self.key();
        if self.move_cache.get(key, moves) {
            return;
        }
        let first = moves.len();
        self.moves_fresh(moves);
        self.move_cache.put(key, &moves[first..]);
    }

    /// Plays `mv`. A move that is not legal here (not listed by [`Problem::moves`]) changes
    /// nothing, and its [`Problem::undo`] takes nothing back.
    fn play(&mut self, mv: TsumegoMove) {
        let passes = self.passes;
        let frame = match mv {
            TsumegoMove::Play(p) => {
                let at = p.index();
                if !self.region.contains(at) && !self.is_block(self.position.board(), at) {
                    Frame::Nothing
                } else {
                    // Only a sealed region needs the count (see `outside_liberties`).
                    let opened = self.sealed && self.opens_outside(at);
                    match self.position.play(Move::Play(p)) {
                        Ok(record) => {
                            self.passes = 0;
                            if self.ko_ban_in_region() {
                                self.ko_seen = true;
                            }
                            self.opened += u32::from(opened);
                            Frame::Move {
                                record,
                                passes,
                                opened,
                            }
                        }
                        Err(_) => Frame::Nothing,
                    }
                }
            }
            TsumegoMove::Pass => {
                // A pass under a ko ban is "tenuki without a threat": it gives the
                // opponent the time to resolve the ko and does not start the two passes
                // that end the play (else a side could end it right after taking a ko).
                let banned = self.ko_ban_in_region();
                let record = self.position.play_unchecked(Move::Pass);
                self.passes = if banned {
                    0
                } else {
                    passes.saturating_add(1).min(2)
                };
                Frame::Move {
                    record,
                    passes,
                    opened: false,
                }
            }
            TsumegoMove::Threat => {
                if self.may_threaten() {
                    let color = self.position.to_play();
                    self.threats[color] -= 1;
                    let threat = self.position.play_unchecked(Move::Pass);
                    let answer = self.position.play_unchecked(Move::Pass);
                    self.passes = 0;
                    Frame::Threat {
                        threat,
                        answer,
                        passes,
                        color,
                    }
                } else {
                    Frame::Nothing
                }
            }
        };
        let before = self.own.last().copied().unwrap_or(0);
        let own = match &frame {
            Frame::Move { record, .. } => match record.place() {
                Some(u) if u.captured_count() == 0 => self.own_after(before, u.point().index()),
                Some(_) => self.own_full(),
                None => before,
            },
            Frame::Threat { .. } | Frame::Nothing => before,
        };
        self.own.push(own);
        self.stack.push(frame);
    }

    /// How hard capture looks, and how easy life. With `libs` the least liberty count of a
    /// target chain and `own` the empty region points that no attacker stone touches (the
    /// defender's room for eyes): the attacker's number is `libs⁴ × (1 + own)` (capturing
    /// takes about one move per liberty, and a chain with more liberties and more room
    /// also has more ways to make eyes), the defender's `max(1, 8 − own)`. The prover's
    /// proof number is the one of its role, the disproof number the other's. The solver's
    /// searches add the move's place in [`Problem::moves`]' order to the mover's number
    /// (`Config::rank_divisor` and `Config::rank_cap` of [`crate::dfpn::Config`]).
    ///
    /// These choices were measured against the alternatives (`BENCHMARKS.md`, "Initial
    /// numbers").
    fn initial_numbers(&mut self) -> (u32, u32) {
        let b = self.position.board();
        let d = self.defender;
        let libs = self
            .targets
            .iter()
            .filter(|&&t| b.get(t) == Some(d))
            .map(|&t| b.liberty_count(t))
            .min()
            .unwrap_or(0) as u32;
        let own = self.own.last().copied().unwrap_or(0);
        let attack = libs.saturating_pow(4).max(1).saturating_mul(1 + own);
        let defend = 8u32.saturating_sub(own).max(1);
        if self.prover == d {
            (defend, attack)
        } else {
            (attack, defend)
        }
    }

    fn undo(&mut self) {
        if !self.stack.is_empty() {
            self.own.pop();
        }
        match self.stack.pop() {
            Some(Frame::Move {
                record,
                passes,
                opened,
            }) => {
                self.position.undo(&record);
                self.passes = passes;
                self.opened -= u32::from(opened);
            }
            Some(Frame::Threat {
                threat,
                answer,
                passes,
                color,
            }) => {
                self.position.undo(&answer);
                self.position.undo(&threat);
                self.passes = passes;
                self.threats[color] += 1;
            }
            Some(Frame::Nothing) | None => {}
        }
    }
}

/// The region points next to an empty point outside the region (see `Search::exits`).
fn exits(board: &Board, region_points: &[Point], region: &PointBits) -> Vec<usize> {
    region_points
        .iter()
        .map(|p| p.index())
        .filter(|&i| {
            neighbors(i)
                .into_iter()
                .any(|n| board.cell(n) == EMPTY && !region.contains(n))
        })
        .collect()
}

/// A direct-mapped cache of move lists by state key, for [`Problem::moves`]: df-pn expands
/// a state again each time its thresholds grow (1.7 times on average on the answered
/// tsumego.js set), and the list (every legal point scored and sorted) is the same each
/// time. A slot holds the whole key and up to [`MOVE_SLOT`] moves; longer lists are not
/// kept.
#[derive(Clone, Default)]
struct MoveCache {
    slots: Vec<MoveSlot>,
}

impl std::fmt::Debug for MoveCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The slots themselves would be 16,384 lines of numbers.
        let kept = self.slots.iter().filter(|s| s.len > 0).count();
        write!(f, "MoveCache {{ {kept} lists kept }}")
    }
}

/// Moves a [`MoveCache`] slot holds.
const MOVE_SLOT: usize = 26;

/// Slots of a [`MoveCache`] (a power of two): 16,384 of 64 bytes.
const MOVE_SLOTS: usize = 1 << 14;

/// A slot of [`MoveCache`]: the key, the list's length and its moves (a point's padded
/// index, or [`PASS_CODE`] and [`THREAT_CODE`]).
#[derive(Debug, Clone, Copy)]
struct MoveSlot {
    key: u64,
    len: u16,
    moves: [u16; MOVE_SLOT],
}

/// [`TsumegoMove::Pass`] in a [`MoveSlot`] (no padded index is this large).
const PASS_CODE: u16 = u16::MAX;
/// [`TsumegoMove::Threat`] in a [`MoveSlot`].
const THREAT_CODE: u16 = u16::MAX - 1;

impl MoveCache {
    /// Appends the list kept for `key` to `moves`; `false` (and nothing appended) when
    /// none is kept.
    fn get(&self, key: u64, moves: &mut Vec<TsumegoMove>) -> bool {
        let Some(slot) = self.slots.get((key as usize) & (MOVE_SLOTS - 1)) else {
            return false;
        };
        if slot.key != key || slot.len == 0 {
            return false;
        }
        moves.extend(
            slot.moves[..usize::from(slot.len)]
                .iter()
                .filter_map(|&c| match c {
                    PASS_CODE => Some(TsumegoMove::Pass),
                    THREAT_CODE => Some(TsumegoMove::Threat),
                    i => Point::from_index(usize::from(i)).map(TsumegoMove::Play),
                }),
        );
        true
    }

    /// Keeps `list` as the moves of `key`, when it fits.
    fn put(&mut self, key: u64, list: &[TsumegoMove]) {
        if list.is_empty() || list.len() > MOVE_SLOT {
            return;
        }
        if self.slots.is_empty() {
            self.slots = vec![
                MoveSlot {
                    key: 0,
                    len: 0,
                    moves: [0; MOVE_SLOT],
                };
                MOVE_SLOTS
            ];
        }
        let Some(slot) = self.slots.get_mut((key as usize) & (MOVE_SLOTS - 1)) else {
            return;
        };
        slot.key = key;
        slot.len = list.len() as u16;
        for (c, &m) in slot.moves.iter_mut().zip(list) {
            *c = match m {
                TsumegoMove::Pass => PASS_CODE,
                TsumegoMove::Threat => THREAT_CODE,
                TsumegoMove::Play(p) => p.index() as u16,
            };
        }
    }
}
