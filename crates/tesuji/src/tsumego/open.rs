//! Problems as they are printed: a corner or a side of a large board, open toward the
//! centre, with nothing marked but the side to play.
//!
//! Two steps turn such a position into an ordinary [`Tsumego`]: a **region** around a
//! group, whose border toward the open board counts as the outside ([`open_problem`]), and
//! the **goal**, the group whose fate depends on who plays first ([`infer`]). [`load`] and
//! [`load_position`] are what every face of tesuji (CLI, GTP, WebAssembly, Python) calls.
//!
//! # The boundary: an open region
//!
//! The region of a group is found by a flood from its stones ([`open_region`]): through
//! empty points, stones of the group's colour and the other colour's chains judged
//! capturable, at most [`OpenOptions::reach`] steps from the group. A chain of the other
//! colour (the attacker's) is part of the **wall** when it has at least
//! [`OpenOptions::wall_liberties`] free liberties (liberties that touch no defender stone:
//! room of its own, away from the fight) and a link toward the outside (a liberty outside
//! the region, or one shared with another attacker chain), or is alive by Benson; else it
//! is capturable and the flood goes through it. So a stone inside the eye space is in the
//! fight however free its liberties: taken as wall, its capture would leave an empty point
//! outside the region next to the targets, an exit the position does not have. Small
//! **pockets** the flood leaves behind (empty areas of at most [`MAX_POCKET`] points next
//! to the region or to a chain on its border, closed off by stones and the edge: the
//! corner behind a group) join the region: they lead nowhere. A small empty area that
//! touches neither (an eye of a group elsewhere on the board) stays out. A **weak chain**
//! of the group's colour just beyond the reach (at most [`WEAK_LIBERTIES`] liberties)
//! joins too: left out, its liberties outside the region were never read at all, and the
//! group could escape by joining a chain the attacker captures on the board. Taken in,
//! they are on the rim, closed or left open by sway like any rim point (below). A region
//! with
//! more than [`OpenOptions::max_empty`] empty points is found again with a shorter reach.
//!
//! When the group is the side to play's own (a live goal), its **fighting chains** join
//! the region too: the attacker chains next to one of its stones with at most
//! [`OpenOptions::fight_liberties`] liberties (not alive by Benson), with all their
//! liberties. Capturing such a chain is the usual way such a group lives, and the move
//! that starts it is often on a liberty the flood did not reach (beyond the chain, or
//! cut off by the reach). With the attacker to play first they stay out: their liberties
//! inside the region would let the defender fill them while the attacker's ways to save
//! them (moves outside the region) stay out of reach, which turned kills into failures
//! on the Hashimoto sample (`BENCHMARKS.md`).
//!
//! Then the **rim** (the empty points just outside the region) is read by **sway**, a
//! distance-weighted count of the stones around each point (see [`rim_frame`]): where the
//! attacker holds sway, the wall is taken as closed, and the problem gets an attacker
//! stone there (a **frame** stone; a rim point next to a defender stone joins the region
//! instead, so that no defender chain keeps a liberty the attacker could not fill). Where
//! it does not (the open board beyond the defender's stones, or toward friendly stones),
//! the rim stays empty: these are the **exits**, except where the frame stones cut a rim
//! point off from the open board (a pocket again: it joins the region), and, with the
//! attacker to play first, at a **dead end**: a rim point with fewer than
//! [`DEAD_END_ROOM`] empty points within [`DEAD_END_STEPS`] steps beyond it, away from
//! the wall (a first-line point running along the wall, where the defender crawls into a
//! corridor the attacker closes at will), closed whatever the sway. Left open, such a
//! point is a liberty no move fills, and a kill the book proves fails (1-Year Tsumego
//! 24). With the defender to play first dead ends follow sway: there such a corridor is
//! as often room the defender's first move takes for eye space, and a frame stone in it
//! turned lives into failures on the Hashimoto sample (`BENCHMARKS.md`). The defender
//! never plays outside the region, and the attacker plays there only to **block**: a
//! rule of every problem (see the [module documentation](super)) lets the attacker, to
//! move, play on a target chain's liberty outside the region unless it is **wide** (two
//! of its neighbours are empty points outside the region: open board beyond), and counts
//! the chain as **escaped** (the defender has succeeded) when it has a wide liberty
//! outside the region, or two, or one with the defender to move. So a group that crawls
//! with its own move to a narrow exit (a first-line point along the wall, a gap between
//! two stones) is stopped there by one stone, as a player stops it, and one that reaches
//! open board, or a narrow exit with a move to spare, is out. A block on any exit would
//! let the attacker chase a group along a long open border one point at a time, which
//! the open board does not allow (nor does it let a lone blocking stone hold there).
//! (Before the block, any liberty outside the region was an escape, and a live goal
//! "lived" by a first-line move next to an exit that the attacker would simply close on
//! the board; `BENCHMARKS.md` has the measurements.) The search also knows (below the
//! root) that a defender to move who can play a point next to a target chain with two
//! empty points outside the region among its neighbours, or a wide one, gets out.
//!
//! **A kill is solved with its rim closed.** The goal is found in these open regions
//! (whether a group's fate depends on who plays first is read with its exits), but when
//! the goal is a kill, the problem solved has an attacker stone on every exit
//! ([`close_rim`]): the defender succeeds only by life or seki in the region, or by
//! capturing its way out through a frame stone. A printed kill problem says that the
//! attacker's surrounding stones hold, and the books' kills are read that way; an exit is
//! where the region's sway could not tell, and left open it lets a target chain "escape"
//! through a point the attacker would simply block. Two kinds of exit stay open: one next
//! to a defender stone outside the region (the way to friendly stones, which a connection
//! out uses) and one where the stone would leave a chain without a liberty.
//!
//! The closed rim is refused when the defender, moving first, is shown to fail in it
//! (read within the rounds' last budget, [`OpenOptions::rounds`]). Closing only adds to
//! the attacker's chances, and a frame stone can take room or liberties the group has on
//! the board: a rim that kills the group whoever plays first makes every attacker move a
//! "kill" and says nothing about the problem. Then the open problem stays. A reading that
//! does not finish is no such evidence, and the rim stays closed. Live
//! goals keep their exits: closed, the defender failed in most of them (an exit often
//! stands for eye space beyond a region cut at its size limit), and closing can only take
//! winning moves from the side that lives. `BENCHMARKS.md` has the measurements.
//!
//! This was chosen over a full tsumego frame (filling the far part of the board with living
//! stones of both colours, as KataGo and KaTrain do) because such a frame decides by fiat
//! that a defender group reaching it is dead, and it must guess where the problem ends;
//! here the printed wall bounds the region where it is strong, the frame only closes its
//! gaps on the attacker's side, a group that gets out toward the open board is counted as
//! out, and the problem is the printed position plus the few frame stones, so its proof is
//! a proof about that position with the escape rule (the proof SGF carries the frame
//! stones as setup and the region as `SQ`, and [`super::verify`] checks it).
//!
//! # When the answer inside is the answer on the open board
//!
//! Within the region both boards have the same moves. Outside it, the open board has
//! more: moves that fill the liberties of the wall or of the frame stones, or of an
//! escaped group. So:
//!
//! * **a capture proven in the region holds on the open board** when the wall chains and
//!   frame stones it leaned on are safe there: the usual case of a printed problem, whose
//!   wall has room toward the centre that the defender has no time to use;
//! * **life by Benson's test holds** (unconditional life is unconditional);
//! * **life by seki, by two passes or by a repetition** holds when the outside liberties
//!   it used are not the point of the fight;
//! * **an escape** is an escape on the open board when no attacker stone beyond the exit
//!   would catch the group (a block is read, the stones a step further out are not); in
//!   a kill's closed region no escape through an exit is read
//!   at all, so a group that gets out on the open board (toward open space, not toward
//!   friendly stones, whose exits stay open) is read as killed: the one case where the
//!   closed rim favours the attacker;
//! * **the fight leaves the region** in the cases the region cannot see: **a ladder** (or
//!   a net, or a capturing race that needs more room than the reach) runs either into
//!   an exit, where it counts as escaped even when it works on the open board, or into
//!   the attacker's frame stones, where it is captured even when a breaker beyond the
//!   reach breaks it on the open board (a lone stone among attacker stones is walled in
//!   by sway); and **a connection** across the board to friendly stones far away is
//!   not seen. A wider reach narrows these cases at the cost of a larger search;
//! * **a frame stone can stand in the defender's room**: the reach counts steps from the
//!   group, so a group whose eye space runs along the edge beyond the reach (a long
//!   first-line group under a wall) gets frame stones inside that space, and then dies
//!   in the region where it lives on the board, or is killed where it is alive. This is
//!   the disagreement measured against GNU Go's corner problems (`BENCHMARKS.md`); a
//!   longer reach removes much of it there but makes other problems too large to read.
//!   Where that space is walled off from the open board (a room of at most
//!   [`ENCLOSED_ROOM`] empty points that touches a defender stone), [`rim_frame`] takes
//!   it into the region instead; a longer stretch of open edge still gets frame stones;
//! * **a fighting chain** (a live goal's) can be saved on the open board by a move
//!   outside the region, which the region does not allow: its capture may then count
//!   where the attacker would have defended it. [`infer`] keeps the fighting chains only
//!   while the attacker moving first is not shown to fail, which catches the plain cases
//!   (the group would be alive whoever plays first), not every one;
//! * **the target is one chain**: the army's largest, and among chains of that size the
//!   one with the most liberties ([`army`]: the group's core, not a side chain taken on
//!   the way). The attacker succeeds when it is captured, the defender when it survives;
//!   when the army has other chains, the goal's words name it ("kill the white group at
//!   T13 by capturing its chain at O18", [`Inference::describe`]), since that is what the
//!   answer proves. A group that lives by giving up that chain is read as killed, and
//!   one whose target survives while the rest is taken as living; reading the whole army
//!   as the target (every chain captured) avoids that, but its proofs must take every
//!   last stone, and on the Hashimoto sample it solved far fewer problems within 10 s
//!   (`BENCHMARKS.md`).
//!
//! # The goal: the critical group
//!
//! The candidates are the **armies** ([`army`]) of the groups of both colours (chains
//! joined by a shared liberty or a diagonal contact that the opponent has not cut: what a
//! player reads as one group; the army adds the stones of the same colour inside its
//! region that have not got out) that Benson does not call alive and whose target has
//! not escaped already, the larger first (a problem is about its main group, not a stray
//! stone), then the more enclosed (fewer empty points in the region). A candidate is
//! **critical** when its fate depends on who plays first: the side to play succeeds
//! (kills it, or saves it when it is its own) and the other side, moving first, succeeds
//! too. tesuji decides both with its own solver, in rounds of growing node budgets,
//! giving the side to play [`OpenOptions::ko_threats`] external ko threats more than the
//! other side (the threat differences the solve that follows looks at: 3 by default) and
//! the other side, moving first, one more, so that a ko the first player can win counts:
//! a problem whose answer is an approach ko or a two-step ko is about the group it is
//! fought over, and with one threat its side to play would be read as failing there and
//! the goal would go to another group. A candidate is **refuted** when the side to play
//! fails, or when the other side fails too (settled whoever plays first). The goal is the first
//! candidate in order that is not refuted, once it is confirmed critical: a larger group
//! still open keeps the ones after it waiting, so that an easy stray stone does not hide
//! the problem. When nothing is confirmed within the budgets and a smaller candidate was
//! shown to succeed while the first one not refuted is still undecided, that first one
//! is read once more with a larger budget ([`OpenOptions::deciding_nodes`], within a
//! quarter of the time left, [`DECIDING_SHARE`]): the main group is what the problem is
//! usually about, and the smaller one is often a side issue that is simply easier to
//! read. Then the first candidate not
//! refuted whose side to play was shown to succeed is taken, else the first not refuted
//! (the solve that follows decides it); but a candidate of at most [`TINY_STAKE`] stones
//! (a stray stone or two, such as a cutting stone to capture) does not pass a larger one
//! still undecided. The larger one is taken, unproven, so that the narrower and smaller
//! readings below get their chance to show its success; the stray is taken back when
//! none does. Nor does the side to play's own group, shown to live, pass a larger group
//! of the opponent still undecided: where both are in question the first move usually
//! decides the opponent's group (killing it is how the smaller one lives, or the fight is
//! about it), and the smaller group's life, read in a region of its own that cuts
//! through the other group, can look critical where on the board it is not. The
//! opponent's group is taken, unproven, with no falling back: the narrower and smaller
//! readings follow, and the closer look below if none confirms a goal (Moments of the
//! Wind 1 74: Black's four stones at G16 critical in their own region, White's larger
//! group undecided; the narrower reading confirms the corner group's life). And a
//! candidate that is part of a larger army of its colour found settled whoever plays
//! first is out: cut off from the rest of the army in a smaller region of its own, its
//! fate is not the group's on the board (Famous Creations 160: three black stones
//! critical in such a region, in an army of fourteen that lives whoever plays first).
//! When the side to play's success was not shown at
//! the reach asked, the reading is done again one step narrower and its goal taken if its
//! success is shown there. A kill found so is then read once more in its region at the
//! reach asked (within the rounds' last budget), and solved there when the kill is shown
//! there too: the wider region was undecided for want of budget, not refuted, and the
//! narrower one's frame stones stand a step closer to the fight, where they can take a
//! liberty or a point the book's move needs (1-Year Tsumego 88). Live goals keep the
//! narrower region, and so do kills found in the smaller regions below: read wider, they
//! changed no answer for the lives and lost three of the smaller kills on the Hashimoto
//! set (`BENCHMARKS.md`). When the success is not shown there either, once more in smaller
//! regions ([`OpenOptions::small_empty`] empty points): the larger readings were
//! undecided, and a smaller problem is often one that can be read to the end (at the
//! risk of leaving the key move out, `BENCHMARKS.md`). `--goal kill|live` keeps the
//! candidates of one colour: the opponent's groups for `kill`, the side to play's own for
//! `live`.
//!
//! A goal taken without being **confirmed** critical (the other side's reading did not
//! finish: usually a group too large to read within the rounds) gets a **closer look**:
//! each chain of the candidate armies other than their targets is read as a candidate of
//! its own (in its own open region, as the second look's last reading does, see below),
//! one at a time, and the first one confirmed critical is the goal instead
//! ([`Look::CriticalChain`]). The opponent's chains come first, then the side to play's
//! own, the larger first within each colour, and each pass has a third
//! ([`CLOSER_LOOK_SHARE`]) of the budgets left when it starts. Captures come first
//! because a critical chain of each colour is usually one fight (cutting stones, a race
//! between two chains): the capture settles it and saves the side to play's chain with
//! it, while saving one's own chain leaves the opponent's on the board, still a threat.
//! An army's target is its largest chain, and the fight the first move decides is often
//! about a smaller one: the cutting stones the side to play captures, the tail it saves,
//! the chain of the attacker its group lives by capturing. A chain whose fate is shown to
//! depend on who plays first is more evidence than a group whose reading was cut short;
//! each is read alone so that a larger chain still undecided does not keep a smaller
//! confirmed one waiting. When none is confirmed the unconfirmed goal stands, and the
//! solve keeps four ninths of the budgets at least (two thirds of two thirds).
//!
//! The side to play's own chains are not read when the goal is a kill not shown to
//! succeed (the opponent's group still undecided): the problem is then that group, and
//! saving a chain of one's own beside it, which leaves the group on the board, was
//! seldom the book's point (1-Year Tsumego 20, where the book kills the white corner
//! group with G2 and the save of Black's F4 stone, critical on its own, was taken
//! instead; `BENCHMARKS.md` has the measurements). The kill stands, with the time that
//! pass would have spent.
//!
//! When no candidate fits at either reach (each one fails with the side to play, or is
//! settled whoever plays first), the problem is usually bigger than the regions read: the
//! group lives by capturing a weak chain that the region left out, or the fight needs room
//! beyond the reach, or a wall chain taken as safe is in the fight. Before giving up,
//! [`infer`] takes a **second look** ([`OpenOptions::second_look`]), reading the
//! candidates again in wider problems, one after the other until a goal fits: with the
//! fighting chains in the live candidates' regions, then with one more step of reach
//! (and [`SECOND_LOOK_EMPTY`] more empty points), then with walls that need one more free
//! liberty. The same rules pick the goal there, with one more: what the first look found
//! stands until the wider problem shows otherwise. A group it found settled whoever
//! plays first is taken only when the wider problem confirms it critical (both sides
//! shown to succeed moving first), and one it found failing with the side to play only
//! when the side to play's success is shown there; a larger problem that merely leaves
//! it undecided is no evidence against what the smaller one showed (an open board with a
//! few stones stays without a goal). [`Inference::look`] says which reading found the
//! goal. The wider problems are not the first look's because they are slower to read and
//! pick other groups where the first look fits (`BENCHMARKS.md`).
//!
//! The second look's last reading takes the **other chains** of the armies as candidates
//! of their own: each chain that is not its army's target, with its own open region
//! (the rest of the army stays on the board as stones of its colour), the larger chain
//! first. An army's target is its largest chain, so a problem about a smaller part of a
//! group (two cutting stones to capture, a tail to save) reads as a fight over the
//! largest chain, which the side to play fails to win or which is settled whoever plays
//! first; then no army fits, and the chain itself may (1-Year Tsumego 173: the white
//! group's target is the five stones at C4-F3, which get out; its two stones at A3-B3 are
//! what Black's C3 captures, and what White's C3 would save).
//!
//! The candidates are read in regions without fighting chains. When the goal is to live,
//! its problem is built again with them, and kept only if the attacker, moving first
//! there, is not shown to fail within [`OpenOptions::fight_check_nodes`]: a group that
//! the capture of a weak chain makes alive whoever plays first is no longer a problem, and
//! the weak chain was probably safe on the open board. Nor is it kept when the side to
//! play, moving first with the goal's threats, is shown to fail there (within the same
//! budget): the rebuilt region has a rim of its own, and its frame stones can take room
//! the group has on the board (Tsumego for the Millions 2 121, where they close the two
//! points beside the fighting chain's liberties), so that a goal read as critical would
//! be solved as a loss.
//!
//! A capturing race needs no goal of its own: the attacker chains that fight the target
//! are capturable and inside the region, so killing the target means winning the race.
//! Connecting out is living by escape.
//!
//! Every reading of the inference runs on **one thread**, whatever the solve that follows
//! is given. The readings are cut at node budgets, and whether a parallel search ends
//! within a budget depends on how its threads happen to run: on more cores another
//! candidate would be decided first, or another wall closed, and the same problem would
//! get another goal on another machine, and the command line (every core by default)
//! could disagree with the page and Python (one thread). On one thread, the goal found
//! within node budgets is the same everywhere; only a time budget makes it depend on the
//! machine's speed.
//!
//! The looks read many of the same problems again (a candidate whose region is the same
//! at two reaches, the rounds' larger budgets after a smaller one decided it), so an
//! inference **remembers its readings**: a problem decided within `n` nodes is not
//! searched again for a budget of at least `n`, nor one left undecided within a budget
//! for a smaller one. The search being deterministic on one thread, the goal found is
//! the one the readings would find without it, in fewer nodes.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::{with_threats, SolveOptions, Tsumego, TsumegoError, Verdict};
use crate::benson;
use crate::board::Board;
use crate::clock::Instant;
use crate::color::Color;
use crate::dfpn::{Config, Outcome, Solver, StopReason};
use crate::point::{BoardSize, Point, ARRAY_LEN};
use crate::position::{Position, Setup};
use crate::rules::Suicide;
use crate::sgf::GameTree;
use crate::vertex;

/// What the side to play wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Capture the target group (the side to play attacks).
    Kill,
    /// Save the target group, by life, seki or escape (the side to play defends).
    Live,
}

impl Goal {
    /// `"kill"` or `"live"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Goal::Kill => "kill",
            Goal::Live => "live",
        }
    }

    /// Reads `kill` or `live` (any case).
    pub fn parse(text: &str) -> Option<Goal> {
        match text.trim().to_ascii_lowercase().as_str() {
            "kill" => Some(Goal::Kill),
            "live" => Some(Goal::Live),
            _ => None,
        }
    }
}

/// Options of [`open_region`] and [`infer`].
#[derive(Debug, Clone)]
pub struct OpenOptions {
    /// How far the region reaches from the target group, in steps between neighbouring
    /// points (a chain entered counts as one step).
    pub reach: usize,
    /// A chain of the attacker next to the flood is part of the wall when it has at least
    /// this many free liberties (touching no defender stone) and a link toward the
    /// outside (see [`open_region`]).
    pub wall_liberties: usize,
    /// The most empty points a region may have: a larger one is found again with a
    /// shorter reach.
    pub max_empty: usize,
    /// The most empty points of the first look's last reading, in smaller regions, when
    /// the side to play's success was not shown in the larger ones (see [`infer`]); at
    /// least `max_empty` turns it off.
    pub small_empty: usize,
    /// When the targets are the side to play's own (a live goal), every attacker chain
    /// next to a target stone with at most this many liberties, not alive by Benson,
    /// joins the region with its liberties: capturing it is read (see [`open_problem`]).
    /// 0 turns this off.
    pub fight_liberties: usize,
    /// The node budget of the reading that keeps the fighting chains in a live goal's
    /// problem only while the attacker, moving first, is not shown to fail there (see
    /// [`infer`]).
    pub fight_check_nodes: u64,
    /// When no goal fits at this reach nor one step narrower, look again in wider
    /// problems before giving up (see [`infer`]): the live candidates with their fighting
    /// chains, then one more step of reach with [`SECOND_LOOK_EMPTY`] more empty points,
    /// then walls that need one more free liberty.
    pub second_look: bool,
    /// When the first look's goal is not confirmed critical, read the chains of the
    /// candidate armies on their own and take the first one confirmed instead (see
    /// [`infer`] and [`CLOSER_LOOK_SHARE`]).
    pub closer_look: bool,
    /// When the goal found is a kill, close the rim of its problem: an attacker frame
    /// stone on every exit (see [`close_rim`] and the module documentation). The goal is
    /// found in the open regions either way.
    pub close_kills: bool,
    /// Only candidates for this goal (the opponent's groups for `Kill`, the side to
    /// play's own for `Live`).
    pub goal: Option<Goal>,
    /// The external ko threats the side to play gets, more than the other side, in the
    /// readings of its success (the other side's readings get one more than the side to
    /// play): a goal won by a ko that needs this many threats is a goal. The solve that
    /// follows looks at threat differences up to [`SolveOptions::max_threats`], and
    /// [`OpenOptions::within`] takes that (at least one).
    pub ko_threats: i32,
    /// At most this many candidate groups are read (and, in the closer look, this many
    /// chains of each colour).
    pub max_candidates: usize,
    /// The node budget of each reading (one first player, one candidate), round by
    /// round: a candidate still unknown after a round is read again in the next.
    pub rounds: Vec<u64>,
    /// The node budget of one more reading of the largest candidate left undecided by
    /// the rounds, when a smaller one was shown to succeed (see [`infer`]); it gets at
    /// most a quarter of the time left ([`DECIDING_SHARE`]).
    pub deciding_nodes: u64,
    /// Most wall-clock time for the whole inference.
    pub time: Option<Duration>,
    /// Most nodes for the whole inference (every reading's budget is cut to what is
    /// left); `None` for no limit beyond the rounds.
    pub nodes: Option<u64>,
    /// Transposition table memory of each reading, in bytes.
    pub memory_bytes: usize,
    /// Set to `true` from elsewhere to stop the inference.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl OpenOptions {
    /// These options with what is left of their time and node budgets, `spent` nodes
    /// and the time since `start` later.
    fn left_after(&self, start: Instant, spent: u64) -> OpenOptions {
        OpenOptions {
            time: self.time.map(|t| t.saturating_sub(start.elapsed())),
            nodes: self.nodes.map(|n| n.saturating_sub(spent)),
            ..self.clone()
        }
    }

    /// The rounds' last (largest) node budget, within the node budget: the budget of a
    /// check made once the goal is found (a kill's closed rim, a narrower kill widened).
    fn last_round(&self) -> u64 {
        let budget = self.rounds.last().copied().unwrap_or(0);
        self.nodes.map_or(budget, |n| n.min(budget))
    }

    /// Whether the time or node budget is spent or the stop flag is set.
    fn exhausted(&self) -> bool {
        self.time.is_some_and(|t| t.is_zero())
            || self.nodes == Some(0)
            || self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// The default options within the budgets of the solve that follows: its time,
    /// nodes and stop flag, and tables no larger than its own (its threads are not the
    /// reading's: that runs on one, see the module documentation). The reading counts
    /// in those budgets: [`Inference::charge`] takes what it spent off the solve's.
    pub fn within(solve: &SolveOptions) -> OpenOptions {
        let default = OpenOptions::default();
        OpenOptions {
            time: solve.time,
            nodes: solve.nodes,
            cancel: solve.cancel.clone(),
            memory_bytes: default.memory_bytes.min(solve.memory_bytes),
            ko_threats: i32::try_from(solve.max_threats).unwrap_or(i32::MAX).max(1),
            ..default
        }
    }
}

impl Default for OpenOptions {
    /// Reach 3, a wall at 2 free liberties, at most 20 empty points (12 in the smaller
    /// regions read when the success is not shown in those), fighting chains of at most 3
    /// liberties checked within 200,000 nodes, a closer and a second look, a kill's rim
    /// closed, any goal, eight candidates,
    /// rounds of 20,000, 200,000 and 2,000,000 nodes, a deciding reading of 50,000,000, no
    /// time or total node limit, 32 MiB tables.
    fn default() -> OpenOptions {
        OpenOptions {
            reach: 3,
            wall_liberties: 2,
            max_empty: 20,
            small_empty: 12,
            fight_liberties: 3,
            fight_check_nodes: 200_000,
            second_look: true,
            closer_look: true,
            close_kills: true,
            goal: None,
            ko_threats: 3,
            max_candidates: 8,
            rounds: vec![20_000, 200_000, 2_000_000],
            deciding_nodes: 50_000_000,
            time: None,
            nodes: None,
            memory_bytes: 32 << 20,
            cancel: None,
        }
    }
}

/// A group of one colour: chains joined by shared liberties or diagonal contact (where
/// the opponent does not hold both points between).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Its colour.
    pub color: Color,
    /// Every stone, in board order.
    pub stones: Vec<Point>,
}

impl Group {
    /// The stone that names the group: its first stone in board order (top left first).
    pub fn anchor(&self) -> Point {
        self.stones[0]
    }
}

/// The groups of the position, in board order of their first stones.
pub fn groups(board: &Board) -> Vec<Group> {
    let size = board.size();
    let mut parent: Vec<usize> = (0..ARRAY_LEN).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    fn join(parent: &mut [usize], a: usize, b: usize) {
        let (ra, rb) = (root(parent, a), root(parent, b));
        if ra != rb {
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let anchor = |p: Point| board.chain(p).map_or(p.index(), |c| c.anchor().index());
    for p in size.points() {
        let Some(c) = board.get(p) else {
            // Chains of one colour sharing this liberty.
            for color in Color::ALL {
                let mut first: Option<usize> = None;
                for n in board.neighbors(p) {
                    if board.get(n) == Some(color) {
                        let a = anchor(n);
                        match first {
                            None => first = Some(a),
                            Some(f) => join(&mut parent, f, a),
                        }
                    }
                }
            }
            continue;
        };
        // Diagonal contact.
        let (x, y) = (p.x(), p.y());
        for (dx, dy) in [(1isize, 1isize), (1, -1)] {
            let (nx, ny) = (x as isize + dx, y as isize + dy);
            if nx < 0 || ny < 0 || nx >= size.width() as isize || ny >= size.height() as isize {
                continue;
            }
            let q = Point::new(nx as usize, ny as usize);
            // Joined unless the opponent holds both points between (a cut).
            let cut = board.get(Point::new(nx as usize, y)) == Some(!c)
                && board.get(Point::new(x, ny as usize)) == Some(!c);
            if board.get(q) == Some(c) && !cut {
                join(&mut parent, anchor(p), anchor(q));
            }
        }
    }
    let mut index_of = vec![usize::MAX; ARRAY_LEN];
    let mut out: Vec<Group> = Vec::new();
    for p in size.points() {
        let Some(c) = board.get(p) else {
            continue;
        };
        let r = root(&mut parent, anchor(p));
        if index_of[r] == usize::MAX {
            index_of[r] = out.len();
            out.push(Group {
                color: c,
                stones: Vec::new(),
            });
        }
        out[index_of[r]].stones.push(p);
    }
    out
}

/// The open region of the group whose stones are `targets` (one colour, the defender's):
/// every point where moves may be played, stones included, in board order.
///
/// The rule, a fixed point as in [`super::detect_region`]:
///
/// 1. Flood from the target stones, breadth first, through empty points, the defender's
///    stones and the attacker chains already judged capturable; entering an empty point
///    or a chain (all its stones at once) is one step, and the flood goes no farther
///    than `options.reach` steps.
/// 2. Each attacker chain next to the flood is judged: it is part of the **wall** if it
///    is unconditionally alive by Benson on the whole board, or has at least
///    `options.wall_liberties` free liberties (touching no defender stone) and a link
///    toward the outside (a liberty outside the flood and its pockets, or one shared with
///    another attacker chain); otherwise it is **capturable** and the flood may enter it.
/// 3. Repeat until no chain changes side.
///
/// Unlike [`super::detect_region`] the flood needs no closed wall: where it stops at the
/// reach, the region's border is open, and a target chain that gets a liberty there has
/// escaped, unless the attacker may block it (see the module documentation).
///
/// ```
/// use tesuji::{ascii, Point};
/// use tesuji::tsumego::{open_region, OpenOptions};
/// // White's five stones in the corner of a 9x9 board, a black wall open above.
/// let pos = ascii::parse_diagram("
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     X X X X X . . . .
///     O O O O X . . . .
///     . . . O X . . . .
/// ").unwrap();
/// let region = open_region(pos.board(), &[Point::new(0, 7)], &OpenOptions::default());
/// // The stones and their eye space, closed by the wall: nothing outside it.
/// assert_eq!(region.len(), 8);
/// assert!(region.contains(&Point::new(2, 8)));
/// ```
pub fn open_region(board: &Board, targets: &[Point], options: &OpenOptions) -> Vec<Point> {
    let Some(defender) = targets.first().and_then(|&t| board.get(t)) else {
        return targets.to_vec();
    };
    let attacker = !defender;
    let alive = benson::unconditional_life(board, Suicide::Forbidden);
    let mut wall_alive = vec![false; ARRAY_LEN];
    for &p in &alive.alive_stones[attacker] {
        wall_alive[p.index()] = true;
    }
    let head = |p: Point| board.chain(p).map_or(p, |c| c.anchor());
    let mut capturable = vec![false; ARRAY_LEN];
    loop {
        let mut dist = vec![usize::MAX; ARRAY_LEN];
        let mut queue: VecDeque<Point> = VecDeque::new();
        let mut boundary: Vec<Point> = Vec::new();
        for &t in targets {
            if let Some(chain) = board.chain(t) {
                for s in chain.stones() {
                    if dist[s.index()] == usize::MAX {
                        dist[s.index()] = 0;
                        queue.push_back(s);
                    }
                }
            }
        }
        while let Some(p) = queue.pop_front() {
            let d = dist[p.index()];
            if d >= options.reach {
                continue;
            }
            for n in board.neighbors(p) {
                if dist[n.index()] != usize::MAX {
                    continue;
                }
                match board.get(n) {
                    None => {
                        dist[n.index()] = d + 1;
                        queue.push_back(n);
                    }
                    Some(c) => {
                        if c == attacker && !capturable[head(n).index()] {
                            if !boundary.contains(&head(n)) {
                                boundary.push(head(n));
                            }
                            continue;
                        }
                        for s in board.chain(n).expect("a stone has a chain").stones() {
                            dist[s.index()] = d + 1;
                            queue.push_back(s);
                        }
                    }
                }
            }
        }
        // The flood and the pockets it leaves behind (see below): the region so far.
        let mut flooded: Vec<Point> = board
            .size()
            .points()
            .filter(|p| dist[p.index()] != usize::MAX)
            .collect();
        add_pockets(board, &mut flooded);
        add_weak_neighbours(board, defender, &mut flooded);
        let mut in_region = vec![false; ARRAY_LEN];
        for p in &flooded {
            in_region[p.index()] = true;
        }
        let mut changed = false;
        for &h in &boundary {
            if wall_alive[h.index()] {
                continue;
            }
            let liberties = board.chain(h).expect("a stone has a chain").liberties();
            // Free liberties: those that touch no defender stone (the chain's own room,
            // away from the fight).
            let free = liberties
                .iter()
                .copied()
                .filter(|&l| !board.neighbors(l).any(|n| board.get(n) == Some(defender)))
                .count();
            // A chain whose every liberty is in the region so far, and none shared with
            // another attacker chain, has no room toward the outside and no link to the
            // wall: it is inside the fight, whatever its liberties (left as wall, its
            // capture would leave an empty point outside the region next to the targets,
            // an exit that was never there).
            let enclosed = liberties.iter().all(|&l| {
                in_region[l.index()]
                    && !board
                        .neighbors(l)
                        .any(|n| board.get(n) == Some(attacker) && head(n) != h)
            });
            if free < options.wall_liberties || enclosed {
                capturable[h.index()] = true;
                changed = true;
            }
        }
        if !changed {
            return flooded;
        }
    }
}

/// The most liberties of a chain of the group's colour that [`open_region`] takes in
/// when the flood stops next to it: a weak chain the attacker could capture.
pub const WEAK_LIBERTIES: usize = 2;

/// Adds to `region` (kept in board order) the stones of every chain of the `defender`'s
/// colour next to an empty point of the region, not in it, with at most
/// [`WEAK_LIBERTIES`] liberties: a weak chain the attacker could capture, just beyond the
/// flood's reach. Taken in, its liberties are on the rim, which [`rim_frame`] closes or
/// leaves open by sway like any other; left out, every liberty it has outside the region
/// would be one that no move fills, whatever the sway there.
fn add_weak_neighbours(board: &Board, defender: Color, region: &mut Vec<Point>) {
    let mut seen = vec![false; ARRAY_LEN];
    for &p in region.iter() {
        seen[p.index()] = true;
    }
    let mut added = Vec::new();
    for &p in region.iter() {
        if !board.is_empty(p) {
            continue;
        }
        for n in board.neighbors(p) {
            if seen[n.index()] || board.get(n) != Some(defender) {
                continue;
            }
            let chain = board.chain(n).expect("a stone has a chain");
            let weak = chain.liberty_count() <= WEAK_LIBERTIES;
            for s in chain.stones() {
                seen[s.index()] = true;
                if weak {
                    added.push(s);
                }
            }
        }
    }
    if !added.is_empty() {
        region.extend(added);
        region.sort_unstable();
    }
}

/// The most empty points of a pocket: an area of empty points outside the region, closed
/// off by the region, stones and the edge, that [`open_region`] adds to the region (the
/// corner behind the group, say: it is no way out to the open board).
pub const MAX_POCKET: usize = 8;

/// The most stones of a candidate army that [`infer`] takes as the goal on the strength
/// of its side to play's success alone while a larger candidate is still undecided: a
/// stray stone or two is rarely what a problem is about.
pub const TINY_STAKE: usize = 2;

/// How many more empty points a region may have on the second look with one more step
/// of reach (see [`infer`]) than [`OpenOptions::max_empty`].
pub const SECOND_LOOK_EMPTY: usize = 6;

/// Adds to `region` (kept in board order) every pocket of at most [`MAX_POCKET`] empty
/// points next to it: next to a point of the region, or to a stone of a chain on its
/// border (the corner point behind attacker stones in the defender's eye space, whose
/// capture it is part of). A small empty area elsewhere on the board (an eye of a far
/// group) is no part of this problem.
fn add_pockets(board: &Board, region: &mut Vec<Point>) {
    let mut in_region = vec![false; ARRAY_LEN];
    for &p in region.iter() {
        in_region[p.index()] = true;
    }
    // The points a pocket must touch: the region and the chains on its border.
    let mut near = in_region.clone();
    for &p in region.iter() {
        for n in board.neighbors(p) {
            if near[n.index()] {
                continue;
            }
            if let Some(chain) = board.chain(n) {
                for s in chain.stones() {
                    near[s.index()] = true;
                }
            }
        }
    }
    let mut seen = vec![false; ARRAY_LEN];
    let mut added = false;
    for p in board.size().points() {
        if seen[p.index()] || in_region[p.index()] || !board.is_empty(p) {
            continue;
        }
        let Some(pocket) = empty_room(board, &in_region, p, MAX_POCKET) else {
            continue;
        };
        for &q in &pocket {
            seen[q.index()] = true;
        }
        if pocket
            .iter()
            .any(|&q| board.neighbors(q).any(|n| near[n.index()]))
        {
            region.extend(pocket);
            added = true;
        }
    }
    if added {
        region.sort_unstable();
    }
}

/// The problem of the group whose stones are `targets`, in the open region of
/// [`open_region`] (found again with a shorter reach while it has more than
/// `options.max_empty` empty points), with its rim closed where the attacker holds sway:
/// see [`rim_frame`]. A rim point left open that the frame stones cut off from the open
/// board (a pocket of at most [`MAX_POCKET`] empty points between them, the region and
/// the edge) is no exit: it joins the region.
///
/// When the targets are the side to play's own (the defender moves first), the **fighting
/// chains** join the region before its rim is read: every attacker chain next to a
/// target stone with at most `options.fight_liberties` liberties that Benson does not
/// call alive, with all its liberties (see the module documentation). The region may then
/// have a few more empty points than `options.max_empty`.
pub fn open_problem(
    position: &Position,
    targets: &[Point],
    options: &OpenOptions,
) -> Result<Tsumego, TsumegoError> {
    let board = position.board();
    let mut opts = options.clone();
    let mut region = open_region(board, targets, &opts);
    while opts.reach > 1 && region.iter().filter(|&&p| board.is_empty(p)).count() > opts.max_empty {
        opts.reach -= 1;
        region = open_region(board, targets, &opts);
    }
    let Some(defender) = targets.first().and_then(|&t| board.get(t)) else {
        return Tsumego::with_region(position.clone(), targets, &region);
    };
    if defender == position.to_play() && options.fight_liberties > 0 {
        add_fighting_chains(
            board,
            defender,
            targets,
            &mut region,
            options.fight_liberties,
        );
    }
    // Dead ends are closed only with the attacker to play first (see the module docs).
    let dead_ends = defender != position.to_play();
    let frame = rim_frame(board, &mut region, !defender, dead_ends);
    let mut setup = setup_of(position);
    setup.stones.extend(frame.iter().map(|&p| (p, !defender)));
    // A frame stone that would leave a chain without a liberty makes no position: then
    // no frame.
    let framed = Position::from_setup(&setup).unwrap_or_else(|_| position.clone());
    // An exit that the frame closed off (a pocket between the region, the frame stones
    // and the edge) leads nowhere: it joins the region, like the pockets the flood left.
    add_pockets(framed.board(), &mut region);
    Tsumego::with_region(framed, targets, &region)
}

/// Adds to `region` (kept in board order) the stones and liberties of every attacker
/// chain next to a stone of `targets` (the `defender`'s) with at most `most` liberties
/// that Benson does not call alive.
fn add_fighting_chains(
    board: &Board,
    defender: Color,
    targets: &[Point],
    region: &mut Vec<Point>,
    most: usize,
) {
    let alive = benson::unconditional_life(board, Suicide::Forbidden);
    let mut seen = vec![false; ARRAY_LEN];
    for &p in region.iter() {
        seen[p.index()] = true;
    }
    let mut added = false;
    for &t in targets {
        for n in board.neighbors(t) {
            if board.get(n) != Some(!defender) || alive.alive_stones[!defender].contains(&n) {
                continue;
            }
            let chain = board.chain(n).expect("a stone has a chain");
            if chain.liberties().len() > most {
                continue;
            }
            for p in chain.stones().chain(chain.liberties().iter().copied()) {
                if !seen[p.index()] {
                    seen[p.index()] = true;
                    region.push(p);
                    added = true;
                }
            }
        }
    }
    if added {
        region.sort_unstable();
    }
}

/// How many empty points outside the region a defender chain reaching the rim point `p`
/// must be able to get to, within [`DEAD_END_STEPS`] steps, for `p` to count as a way
/// out: fewer, and `p` is a dead end (see [`rim_frame`]).
pub const DEAD_END_ROOM: usize = 3;

/// How far [`rim_frame`] looks from a rim point for room (see [`DEAD_END_ROOM`]).
pub const DEAD_END_STEPS: usize = 3;

/// Whether the rim point `p` leads nowhere: from it, through empty points outside the
/// region that touch no attacker stone outside the region (a point beside the wall is
/// one the attacker blocks with a move), fewer than [`DEAD_END_ROOM`] points are within
/// [`DEAD_END_STEPS`] steps. A first-line point beside a wall stone, with more of the
/// wall along the edge beyond it, is such a point: the defender crawls into a corridor
/// that the attacker closes at will.
fn dead_end(board: &Board, in_region: &[bool], attacker: Color, p: Point) -> bool {
    let mut seen = vec![p];
    let mut frontier = vec![p];
    let mut room = 0;
    for _ in 0..DEAD_END_STEPS {
        let mut next = Vec::new();
        for &q in &frontier {
            for n in board.neighbors(q) {
                if seen.contains(&n) || in_region[n.index()] || !board.is_empty(n) {
                    continue;
                }
                seen.push(n);
                let walled = board
                    .neighbors(n)
                    .any(|m| board.get(m) == Some(attacker) && !in_region[m.index()]);
                if walled {
                    continue;
                }
                room += 1;
                if room >= DEAD_END_ROOM {
                    return false;
                }
                next.push(n);
            }
        }
        frontier = next;
    }
    true
}

/// The most empty points of an enclosed room beyond a rim point: room walled off from the
/// open board by stones and the edge, touching a defender stone, which [`rim_frame`] takes
/// into the region instead of putting a frame stone on the point.
pub const ENCLOSED_ROOM: usize = 12;

/// The empty points outside the region that the empty point `p` reaches through empty
/// points outside it (`p` first), or `None` when they are more than `most`.
fn empty_room(board: &Board, in_region: &[bool], p: Point, most: usize) -> Option<Vec<Point>> {
    let mut room = vec![p];
    let mut i = 0;
    while i < room.len() {
        let q = room[i];
        i += 1;
        for n in board.neighbors(q) {
            if in_region[n.index()] || !board.is_empty(n) || room.contains(&n) {
                continue;
            }
            if room.len() == most {
                return None;
            }
            room.push(n);
        }
    }
    Some(room)
}

/// The room the rim point `p` leads to ([`empty_room`]), when it has at most
/// [`ENCLOSED_ROOM`] points and one of them touches a defender stone: room closed off
/// from the open board by stones and the edge, which is the defender's eye space or
/// liberties beyond the reach rather than a way out.
fn enclosed_room(
    board: &Board,
    in_region: &[bool],
    attacker: Color,
    p: Point,
) -> Option<Vec<Point>> {
    empty_room(board, in_region, p, ENCLOSED_ROOM).filter(|room| {
        room.iter()
            .any(|&q| board.neighbors(q).any(|n| board.get(n) == Some(!attacker)))
    })
}

/// The rim of `region` (the empty points outside it next to one of its points), closed
/// where the attacker holds sway: such a point next to a stone of the defender joins the
/// region (a liberty the attacker must be able to fill: left outside, it would be one that
/// no move fills), as does one that leads into an enclosed room touching a defender stone
/// (with that room, see [`ENCLOSED_ROOM`]: the defender's eye space or liberties beyond
/// the reach, which a frame stone would take), and the others get an attacker stone (the
/// wall is taken as closed).
/// The rest of the rim stays empty: the exits, where a target chain gets out unless the
/// attacker blocks it (see the module documentation). Returns the frame's points;
/// `region` grows (kept in board order).
///
/// Sway is a distance-weighted count of stones: each stone within four steps (Manhattan
/// distance `d`) counts `5 - d`, the attacker's for, the defender's against; the attacker
/// holds sway where the sum is positive. So a gap in a printed wall, or the strip between
/// the wall and the edge, is closed, and the open board beyond the defender's stones, or
/// toward friendly stones, is left open. The attacker's stones inside the region do not
/// count: the flood went through them because they are capturable, so they are part of
/// the fight, not of the wall.
///
/// With `dead_ends`, a rim point that leads nowhere (a dead end, see [`DEAD_END_ROOM`])
/// is closed whatever the sway: sway counts stones, and a tie or a narrow lead for the
/// defender next to a corridor along the edge would leave an exit there that gives a
/// target chain a way out when it reaches the point with a move to spare.
/// [`open_problem`] asks for it only when the attacker plays first.
pub fn rim_frame(
    board: &Board,
    region: &mut Vec<Point>,
    attacker: Color,
    dead_ends: bool,
) -> Vec<Point> {
    let size = board.size();
    let mut in_region = vec![false; ARRAY_LEN];
    for &p in region.iter() {
        in_region[p.index()] = true;
    }
    // The attacker's stones inside the region are capturable (the flood went through
    // them): they are part of the fight, not of the wall, and hold no sway.
    let stones: Vec<(Point, Color)> = size
        .points()
        .filter_map(|p| board.get(p).map(|c| (p, c)))
        .filter(|&(p, c)| !(c == attacker && in_region[p.index()]))
        .collect();
    let sway = |p: Point| -> i64 {
        stones
            .iter()
            .map(|&(s, c)| {
                let d = s.x().abs_diff(p.x()) + s.y().abs_diff(p.y());
                let w = 5i64.saturating_sub(d as i64).max(0);
                if c == attacker {
                    w
                } else {
                    -w
                }
            })
            .sum()
    };
    let mut frame = Vec::new();
    // A few rounds: a point that joins the region puts its own neighbours on the rim.
    for _ in 0..4 {
        frame.clear();
        let mut grew = false;
        for p in size.points() {
            if in_region[p.index()]
                || !board.is_empty(p)
                || !board.neighbors(p).any(|n| in_region[n.index()])
            {
                continue;
            }
            if sway(p) <= 0 && !(dead_ends && dead_end(board, &in_region, attacker, p)) {
                continue;
            }
            if board.neighbors(p).any(|n| board.get(n) == Some(!attacker)) {
                in_region[p.index()] = true;
                region.push(p);
                grew = true;
            } else if let Some(room) = enclosed_room(board, &in_region, attacker, p) {
                // The defender's room beyond the reach, walled off from the open board: a
                // frame stone there would take eye space or liberties the group has.
                for q in room {
                    in_region[q.index()] = true;
                    region.push(q);
                }
                grew = true;
            } else {
                frame.push(p);
            }
        }
        if !grew {
            break;
        }
    }
    region.sort_unstable();
    // Points that joined in the last round may have left rim points unframed: they stay
    // exits, which only favours the defender.
    frame.retain(|&p| !in_region[p.index()]);
    frame
}

/// What the inference found out about one candidate group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The group.
    pub group: Group,
    /// Empty points of its region.
    pub region_empty: usize,
    /// The side to play's result with the group as the target (killing it, or saving it
    /// when it is the side to play's own), with [`OpenOptions::ko_threats`] ko threats
    /// more than the other side; `Unknown` when not decided within the budgets.
    pub first: Verdict,
    /// The other side's result when it moves first (with one ko threat more);
    /// `Unknown` when not decided or not read (it is read only after the side to play
    /// succeeds).
    pub second: Verdict,
}

/// Which reading of [`infer`] found the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Look {
    /// The first look, at the reach asked.
    First,
    /// The first look, one step narrower (the side to play's success was not shown at
    /// the reach asked); a kill's problem is the reach asked's when its success is shown
    /// there too (see [`infer`]).
    Narrower,
    /// The first look in smaller regions, at most [`OpenOptions::small_empty`] empty
    /// points (the side to play's success was not shown in the larger ones).
    Smaller,
    /// The first look's closer look: its goal was not confirmed critical, and a chain of
    /// a candidate army other than its target, read on its own, was (see [`infer`]).
    CriticalChain,
    /// The second look with the live candidates' fighting chains in their regions.
    FightingChains,
    /// The second look with one more step of reach (and [`SECOND_LOOK_EMPTY`] more empty
    /// points).
    LongerReach,
    /// The second look with walls that need one more free liberty.
    WeakerWalls,
    /// The second look's last reading: the armies' other chains, each a candidate of its
    /// own.
    OtherChains,
}

impl Look {
    /// A short name: `first`, `narrower`, `smaller`, `critical-chain`, `fighting-chains`,
    /// `longer-reach`, `weaker-walls`, `other-chains`.
    pub fn as_str(self) -> &'static str {
        match self {
            Look::First => "first",
            Look::Narrower => "narrower",
            Look::Smaller => "smaller",
            Look::CriticalChain => "critical-chain",
            Look::FightingChains => "fighting-chains",
            Look::LongerReach => "longer-reach",
            Look::WeakerWalls => "weaker-walls",
            Look::OtherChains => "other-chains",
        }
    }

    /// Whether this is one of the second look's readings (nothing fitted in the first).
    pub fn is_second(self) -> bool {
        matches!(
            self,
            Look::FightingChains | Look::LongerReach | Look::WeakerWalls | Look::OtherChains
        )
    }
}

/// The goal found for an open problem.
#[derive(Debug, Clone)]
pub struct Inference {
    /// The problem: the target group in its open region, the side to play first; a
    /// kill's with its rim closed unless that makes the defender fail moving first
    /// ([`close_rim`], see [`infer`]).
    pub problem: Tsumego,
    /// The side to play's goal.
    pub goal: Goal,
    /// The target group.
    pub group: Group,
    /// Whether the other side, moving first, was shown to succeed (the group's fate
    /// depends on who plays first); `false` when that reading was not finished within the
    /// budgets. Read in the candidate's region, without fighting chains (see the module
    /// documentation).
    pub confirmed: bool,
    /// Whether the side to play was shown to succeed with this goal (within the
    /// inference's budgets, with [`OpenOptions::ko_threats`] ko threats more than the
    /// other side), in the
    /// candidate's region as for `confirmed`.
    pub proven: bool,
    /// Every candidate read, in order, with what was found (by the reading that found
    /// the goal, see `look`).
    pub candidates: Vec<Candidate>,
    /// Which reading found the goal.
    pub look: Look,
    /// Nodes spent reading.
    pub nodes: u64,
    /// Time spent reading.
    pub elapsed: Duration,
    /// A candidate of at most [`TINY_STAKE`] stones shown to succeed that this goal, a
    /// larger group left undecided, was preferred to: the goal when no reading shows the
    /// larger one's success (see [`infer`]).
    stray: Option<Box<Inference>>,
    /// Whether the problem has been read with its fighting chains (see
    /// [`Inference::read_fights`]).
    fights_read: bool,
    /// Whether the group is one chain of an army, read as a candidate of its own (the
    /// closer look or the other chains' reading, see [`Look::CriticalChain`] and
    /// [`Look::OtherChains`]): its problem is built again as
    /// such, never as the army's (whose target is another chain).
    one_chain: bool,
    /// The options of the reading that found it (its reach and walls), for
    /// [`Inference::read_fights`].
    built_with: OpenOptions,
}

impl Inference {
    /// The inference with the nodes and time of every reading that led to it.
    fn with_spent(mut self, nodes: u64, start: Instant) -> Inference {
        self.nodes = nodes;
        self.elapsed = start.elapsed();
        self
    }

    /// The goal of a single reading (the second look's): this one, unless its side to
    /// play's success was not shown and a smaller candidate's was (the stray it passed
    /// over, see [`TINY_STAKE`]); then that one, read with its fighting chains within
    /// the budgets `left`. Returns the nodes spent.
    fn settle(&mut self, position: &Position, first: Color, left: &OpenOptions) -> u64 {
        match self.stray.take() {
            Some(stray) if !self.proven => {
                *self = Inference {
                    look: self.look,
                    ..*stray
                };
                self.read_fights(position, first, left)
            }
            _ => 0,
        }
    }

    /// A live goal's problem again with its fighting chains ([`open_problem`]), kept
    /// while the group's fate still depends on who plays first: not when the attacker,
    /// moving first, is shown to fail there within [`OpenOptions::fight_check_nodes`]
    /// (the chains' capture settles the group, where the attacker could save them by
    /// moves outside the region), nor when the side to play is (the rebuilt rim took
    /// room the group has). Done once, and only for the goal taken (a stray passed
    /// over is read so only when it is taken back); the second look's candidates with
    /// their fighting chains had them already, and their `second` reading was this check.
    /// The region is the reading's (its reach and walls); `left` gives the budgets left.
    /// Returns the nodes spent.
    fn read_fights(&mut self, position: &Position, first: Color, left: &OpenOptions) -> u64 {
        let options = &OpenOptions {
            time: left.time,
            nodes: left.nodes,
            cancel: left.cancel.clone(),
            ..self.built_with.clone()
        };
        if std::mem::replace(&mut self.fights_read, true)
            || self.goal != Goal::Live
            || options.fight_liberties == 0
        {
            return 0;
        }
        let mut own = position.clone();
        own.set_to_play(first);
        // Read only when some chain joined (the same region is the same problem).
        let rebuilt = if self.one_chain {
            chain_problem(&own, &self.group.stones, options)
                .ok()
                .map(|p| (self.group.clone(), p))
        } else {
            army(&own, &self.group, options).ok()
        }
        .filter(|(_, p)| p.region() != self.problem.region() && !escaped(p));
        let mut nodes = 0;
        let started = Instant::now();
        if let Some((g, p)) = rebuilt {
            let budget = options.nodes.map_or(options.fight_check_nodes, |n| {
                n.min(options.fight_check_nodes)
            });
            let settled = !options.exhausted() && budget > 0 && {
                let (v, n) = read(&p, !first, budget, options.time, options);
                nodes = n;
                v == Verdict::Loss
            };
            // The frame of the rebuilt region can take room the group has on the board
            // (a rim point next to the fighting chain, closed by sway): when the side to
            // play, with the threats of the goal's reading, is shown to fail there, the
            // chains have not helped it and the problem it was read in stands. Read within
            // the same budget, and the time left after the first reading (a larger budget
            // is in `BENCHMARKS.md`).
            let budget = options.nodes.map_or(options.fight_check_nodes, |n| {
                n.saturating_sub(nodes).min(options.fight_check_nodes)
            });
            let time = options.time.map(|t| t.saturating_sub(started.elapsed()));
            let lost = !settled && budget > 0 && time.is_none_or(|t| !t.is_zero()) && {
                let (v, n) =
                    read_with_threats(&p, first, options.ko_threats, budget, time, options);
                nodes += n;
                v == Verdict::Loss
            };
            if !settled && !lost {
                self.group = g;
                self.problem = p;
                self.problem.set_first(first);
            }
        }
        nodes
    }

    /// A kill found one step narrower than the reach asked ([`Look::Narrower`]): its
    /// group again at the reach of `wider`, taken there when the side to play's success
    /// is shown within the rounds' last budget (see the module documentation). Returns
    /// the nodes spent.
    fn widen(&mut self, position: &Position, first: Color, wider: &OpenOptions) -> u64 {
        if self.goal != Goal::Kill || self.one_chain || wider.exhausted() {
            return 0;
        }
        // Without fighting chains, as the candidates are read (a kill has none).
        let options = &OpenOptions {
            fight_liberties: 0,
            ..wider.clone()
        };
        let Ok((group, mut problem)) = army(position, &self.group, options) else {
            return 0;
        };
        if problem.region() == self.problem.region() || escaped(&problem) {
            return 0;
        }
        problem.set_first(first);
        let (verdict, nodes) = read_with_threats(
            &problem,
            first,
            options.ko_threats,
            options.last_round(),
            options.time,
            options,
        );
        if verdict == Verdict::Win {
            self.group = group;
            self.problem = problem;
            self.built_with = options.clone();
        }
        nodes
    }

    /// Takes the time and nodes this reading spent off the budgets of `solve` (the
    /// solve that follows gets what is left; at least one node, so that a spent node
    /// budget stops it at once rather than lifting the limit).
    pub fn charge(&self, solve: &mut SolveOptions) {
        solve.time = solve.time.map(|t| t.saturating_sub(self.elapsed));
        solve.nodes = solve.nodes.map(|n| n.saturating_sub(self.nodes).max(1));
    }

    /// The goal in words: `"kill the white group at B18"`, `"live with the black group at
    /// R3"` (the group named by its stone nearest the board's corner). When the group has
    /// more chains than the target (its largest, among equals the one with the most
    /// liberties; see the module documentation), the words say which chain the answer is
    /// about, since that is what the solver proves (the attacker succeeds by capturing
    /// it, the defender by keeping it):
    /// `"kill the white group at T13 by capturing its chain at O18"`, `"live with the black
    /// group at D1 by keeping its chain at F2"`. A goal that is one chain of a larger
    /// group ([`Look::CriticalChain`], [`Look::OtherChains`]) is said of the stones:
    /// `"capture the white stones at A3"`, `"save the black stone at S19"`.
    pub fn describe(&self) -> String {
        let size = self.problem.position().size();
        let colour = match self.group.color {
            Color::Black => "black",
            Color::White => "white",
        };
        let at = vertex_of(name_stone(&self.group, size), size);
        if self.one_chain {
            let stones = if self.group.stones.len() == 1 {
                "stone"
            } else {
                "stones"
            };
            return match self.goal {
                Goal::Kill => format!("capture the {colour} {stones} at {at}"),
                Goal::Live => format!("save the {colour} {stones} at {at}"),
            };
        }
        let mut words = match self.goal {
            Goal::Kill => format!("kill the {colour} group at {at}"),
            Goal::Live => format!("live with the {colour} group at {at}"),
        };
        let board = self.problem.position().board();
        let chain: Vec<Point> = self
            .problem
            .targets()
            .iter()
            .filter_map(|&t| board.chain(t))
            .flat_map(|c| c.stones())
            .collect();
        if !chain.is_empty() && self.group.stones.iter().any(|s| !chain.contains(s)) {
            let target = Group {
                color: self.group.color,
                stones: chain,
            };
            let key = vertex_of(name_stone(&target, size), size);
            words.push_str(&match self.goal {
                Goal::Kill => format!(" by capturing its chain at {key}"),
                Goal::Live => format!(" by keeping its chain at {key}"),
            });
        }
        words
    }
}

/// The stone that names a group in words: the one nearest an edge, then nearest the
/// corner (where a player looks first).
fn name_stone(group: &Group, size: BoardSize) -> Point {
    let edge = |p: &Point| {
        let (w, h) = (size.width() - 1, size.height() - 1);
        let dx = p.x().min(w - p.x());
        let dy = p.y().min(h - p.y());
        (dx.min(dy), dx.max(dy))
    };
    *group
        .stones
        .iter()
        .min_by_key(|p| edge(p))
        .expect("a group has stones")
}

fn vertex_of(p: Point, size: BoardSize) -> String {
    vertex::format(crate::point::Move::Play(p), size).to_string()
}

/// The army of a group: the group, and every other stone of its colour that its open
/// region holds and that has not got out already (no liberty outside the region), found
/// again with the region of the larger set until nothing joins (at most four rounds). A
/// player reads these as one unit: the attacker has to capture them all, and the
/// defender succeeds by saving any part (see the module documentation). With the army's
/// problem ([`open_problem`]), whose target is the army's largest chain, among chains of
/// that size the one with the most liberties.
pub fn army(
    position: &Position,
    group: &Group,
    options: &OpenOptions,
) -> Result<(Group, Tsumego), TsumegoError> {
    let board = position.board();
    let mut stones = group.stones.clone();
    let mut problem = open_problem(position, &stones, options)?;
    for _ in 0..4 {
        let framed = problem.position().board();
        let mut more: Vec<Point> = Vec::new();
        for &p in problem.region() {
            if board.get(p) != Some(group.color) || stones.contains(&p) || more.contains(&p) {
                continue;
            }
            let chain = framed.chain(p).expect("a stone has a chain");
            if chain.liberties().iter().all(|&l| problem.in_region(l)) {
                more.extend(chain.stones());
            }
        }
        if more.is_empty() {
            break;
        }
        stones.extend(more);
        stones.sort_unstable();
        problem = open_problem(position, &stones, options)?;
    }
    // The target: the army's largest chain; among equals the one with the most liberties
    // (the group's core, not a side chain the attacker takes on the way), then the first
    // in board order.
    let framed = problem.position().board();
    let mut key = stones[0];
    let mut best = (0, 0);
    for &p in &stones {
        let n = framed
            .chain(p)
            .map_or((0, 0), |c| (c.size(), c.liberty_count()));
        if n > best {
            best = n;
            key = p;
        }
    }
    problem = Tsumego::with_region(problem.position().clone(), &[key], problem.region())?;
    Ok((
        Group {
            color: group.color,
            stones,
        },
        problem,
    ))
}

/// Whether a target chain of `problem` has two liberties outside the region, or a wide
/// one: it has escaped whoever is to move (see the module documentation of `tsumego`).
fn escaped(problem: &Tsumego) -> bool {
    let b = problem.position().board();
    problem.targets().iter().any(|&t| {
        let (out, wide) = problem.way_out(b, t);
        out >= 2 || wide
    })
}

/// The candidates of [`infer`] in the order it reads them, each with its problem: the
/// armies ([`army`]) of the groups that Benson does not call alive and that have not
/// escaped already (a target chain with two liberties outside the region, or a wide one),
/// the larger army
/// first (a problem is about its main group, not a stray stone), then the one with the
/// fewer empty points in its region. Their regions hold no fighting chains (see
/// [`open_problem`]): [`infer`] adds them to the goal's problem once it is found.
pub fn candidates(
    position: &Position,
    first: Color,
    options: &OpenOptions,
) -> Vec<(Group, Tsumego)> {
    candidates_with(position, first, options, false)
}

/// The candidates of [`candidates`]; with `fights`, the regions of the side to play's
/// own groups hold their fighting chains (the second look of [`infer`]).
fn candidates_with(
    position: &Position,
    first: Color,
    options: &OpenOptions,
    fights: bool,
) -> Vec<(Group, Tsumego)> {
    // The fighting chains join a region when its group belongs to the side to play.
    let mut own = position.clone();
    if fights {
        own.set_to_play(first);
    }
    let position = &own;
    let options = &OpenOptions {
        fight_liberties: if fights { options.fight_liberties } else { 0 },
        ..options.clone()
    };
    let board = position.board();
    let alive = benson::unconditional_life(board, Suicide::Forbidden);
    let mut out: Vec<(usize, usize, Group, Tsumego)> = Vec::new();
    for g in groups(board) {
        let wanted = match options.goal {
            None => true,
            Some(Goal::Kill) => g.color != first,
            Some(Goal::Live) => g.color == first,
        };
        if !wanted
            || g.stones
                .iter()
                .any(|s| alive.alive_stones[g.color].contains(s))
        {
            continue;
        }
        if out.iter().any(|c| c.2.stones.contains(&g.stones[0])) {
            continue;
        }
        let Ok((army, problem)) = army(position, &g, options) else {
            continue;
        };
        if escaped(&problem) || out.iter().any(|c| c.2.stones == army.stones) {
            continue;
        }
        out.push((
            usize::MAX - army.stones.len(),
            problem.region_empty_count(),
            army,
            problem,
        ));
    }
    out.sort_by_key(|a| (a.0, a.1, a.2.anchor()));
    out.into_iter().map(|(_, _, g, p)| (g, p)).collect()
}

/// The problem of one chain (`stones`, in board order) as a candidate of its own: its
/// open region ([`open_problem`]), the chain the target.
fn chain_problem(
    position: &Position,
    stones: &[Point],
    options: &OpenOptions,
) -> Result<Tsumego, TsumegoError> {
    let p = open_problem(position, stones, options)?;
    Tsumego::with_region(
        p.position().clone(),
        stones.get(..1).unwrap_or(&[]),
        p.region(),
    )
}

/// One reading: `problem` with `first` to move and one external ko threat more than the
/// other side, within `nodes` and `time`: the first player's result, and the nodes spent.
fn read(
    problem: &Tsumego,
    first: Color,
    nodes: u64,
    time: Option<Duration>,
    options: &OpenOptions,
) -> (Verdict, u64) {
    read_with_threats(problem, first, 1, nodes, time, options)
}

/// [`read`] with `threats` external ko threats more for `first` than for the other side.
fn read_with_threats(
    problem: &Tsumego,
    first: Color,
    threats: i32,
    nodes: u64,
    time: Option<Duration>,
    options: &OpenOptions,
) -> (Verdict, u64) {
    let framed = with_threats(problem, first, threats);
    let key = (framed, options.memory_bytes);
    let known = READINGS.with(|m| m.borrow().as_ref().and_then(|m| m.recall(&key, nodes)));
    if let Some(v) = known {
        return (v, 0);
    }
    let framed = &key.0;
    let mut search = framed.search(first);
    let mut solver = Solver::new(Config {
        nodes: Some(nodes),
        time,
        memory_bytes: options.memory_bytes,
        cancel: options.cancel.clone(),
        ..super::solve::tuned_config()
    });
    // The plain search, on this thread: the goal found must not depend on the cores.
    let r = solver.solve(&mut search);
    let verdict = match (r.outcome, r.stopped) {
        (Some(Outcome::Proven), _) => Verdict::Win,
        (Some(Outcome::Disproven), _) => Verdict::Loss,
        (_, StopReason::Solved) | (None, _) => Verdict::Unknown,
    };
    READINGS.with(|m| {
        if let Some(m) = m.borrow_mut().as_mut() {
            // An undecided reading that used its budget up is undecided within that
            // budget; one cut by time or a stop, within what it spent.
            let held = match r.stopped {
                StopReason::NodeLimit => r.nodes.max(nodes),
                _ => r.nodes,
            };
            m.store(key, verdict, held);
        }
    });
    (verdict, r.nodes)
}

/// What the readings of one inference found, so that a problem read again (the same
/// region in another look, a candidate read again in a later round) is not searched
/// again when what was found answers the question: a result found within `n` nodes is
/// the result of any budget of at least `n` (the search is deterministic on one thread),
/// and a reading undecided within `n` nodes is undecided within any smaller budget.
///
/// A problem is the same when its position, region, targets, ko threats and table size
/// are (the readings' other settings are those of [`super::solve::tuned_config`]).
#[derive(Default)]
struct Readings {
    found: Vec<(ReadingKey, Verdict, u64)>,
}

/// What a reading depends on: the problem with its first player and threats, and the
/// table's memory in bytes.
type ReadingKey = (Tsumego, usize);

impl Readings {
    /// The verdict a reading of `problem` within `budget` nodes would give, if known.
    fn recall(&self, problem: &ReadingKey, budget: u64) -> Option<Verdict> {
        let (_, v, n) = self.found.iter().find(|(p, _, _)| p == problem)?;
        match v {
            Verdict::Unknown => (budget <= *n).then_some(Verdict::Unknown),
            _ => (budget >= *n).then_some(*v),
        }
    }

    /// Keeps what a reading of `problem` found: `verdict`, decided within `n` nodes, or
    /// undecided within `n`.
    fn store(&mut self, problem: ReadingKey, verdict: Verdict, n: u64) {
        match self.found.iter_mut().find(|(p, _, _)| *p == problem) {
            Some(e) if verdict != Verdict::Unknown || (e.1 == Verdict::Unknown && n > e.2) => {
                *e = (problem, verdict, n);
            }
            Some(_) => {}
            None => self.found.push((problem, verdict, n)),
        }
    }
}

thread_local! {
    /// The readings of the inference running on this thread (see [`infer`]).
    static READINGS: std::cell::RefCell<Option<Readings>> = const { std::cell::RefCell::new(None) };
}

/// Finds the goal of an open problem with `first` to play (see the module
/// documentation): the problem of the first critical candidate group, with its rim
/// closed ([`close_rim`]) when the goal is a kill and [`OpenOptions::close_kills`] is on.
///
/// The error [`TsumegoError::NoGoal`] lists what was found of each candidate when none
/// fits within the budgets.
///
/// ```
/// use tesuji::{ascii, Color};
/// use tesuji::tsumego::{infer, Goal, OpenOptions};
/// // White's straight three in the corner of a 9x9 board, a black wall open above.
/// let pos = ascii::parse_diagram("
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     X X X X X . . . .
///     O O O O X . . . .
///     . . . O X . . . .
/// ").unwrap();
/// let found = infer(&pos, Color::Black, &OpenOptions::default()).unwrap();
/// assert_eq!(found.goal, Goal::Kill);
/// assert_eq!(found.describe(), "kill the white group at A2");
/// ```
pub fn infer(
    position: &Position,
    first: Color,
    options: &OpenOptions,
) -> Result<Inference, TsumegoError> {
    let start = Instant::now();
    remembering(|| infer_reading(position, first, options, start))
}

/// Runs `f` with a memory of the readings on this thread ([`Readings`]): a new one, or
/// the one already there when an inference runs inside another. A new one is dropped
/// when `f` returns or unwinds.
fn remembering<T>(f: impl FnOnce() -> T) -> T {
    struct Forget;
    impl Drop for Forget {
        fn drop(&mut self) {
            READINGS.with(|m| *m.borrow_mut() = None);
        }
    }
    let fresh = READINGS.with(|m| {
        let mut m = m.borrow_mut();
        let fresh = m.is_none();
        if fresh {
            *m = Some(Readings::default());
        }
        fresh
    });
    let _forget = fresh.then_some(Forget);
    f()
}

/// [`infer`], started at `start`.
fn infer_reading(
    position: &Position,
    first: Color,
    options: &OpenOptions,
    start: Instant,
) -> Result<Inference, TsumegoError> {
    let mut found = find_goal(position, first, options)?;
    if options.close_kills && found.goal == Goal::Kill {
        let closed = close_rim(&found.problem);
        let left = options.left_after(start, found.nodes);
        if closed.position() != found.problem.position() && !left.exhausted() {
            // Closed unless the group is shown to fail with the defender first: a rim that
            // kills it whoever plays first has taken room or liberties it has on the
            // board, and the problem would be read as settled.
            let (verdict, n) = read(&closed, !first, left.last_round(), left.time, options);
            found.nodes += n;
            if verdict != Verdict::Loss {
                found.problem = closed;
            }
        }
        found.elapsed = start.elapsed();
    }
    Ok(found)
}

/// The goal of [`infer`], its problem in the open region that found it.
fn find_goal(
    position: &Position,
    first: Color,
    options: &OpenOptions,
) -> Result<Inference, TsumegoError> {
    let start = Instant::now();
    let (found, mut spent, before) = first_look(position, first, options);
    let error = match found {
        Ok(f) if !f.confirmed && options.closer_look => {
            // Saves only where the goal is not an undecided kill (see the module
            // documentation).
            let saves = f.goal != Goal::Kill || f.proven;
            let left = options.left_after(start, spent);
            let (closer, n) = closer_look(position, first, &left, &before, saves);
            spent += n;
            let Some(mut c) = closer else {
                return Ok(f.with_spent(spent, start));
            };
            spent += c.settle(position, first, &options.left_after(start, spent));
            return Ok(c.with_spent(spent, start));
        }
        Ok(f) => return Ok(f),
        Err(error) => error,
    };
    if !options.second_look {
        return Err(error);
    }
    // No goal fits: look again in wider problems, in turn, with what is left of the
    // budgets; the first look's message stands when none fits either. A group the first
    // look found settled is taken there only when it is confirmed critical, one it found
    // failing only when the side to play's success is shown (see `infer_at`).
    let wider = OpenOptions {
        reach: options.reach + 1,
        max_empty: options.max_empty + SECOND_LOOK_EMPTY,
        ..options.clone()
    };
    let weaker = OpenOptions {
        wall_liberties: options.wall_liberties + 1,
        ..options.clone()
    };
    // The fighting chains' look only when they are on (`fight_liberties` above 0).
    let fights =
        (options.fight_liberties > 0).then(|| (options.clone(), true, Look::FightingChains));
    // The wider problems in turn (`Some`), and last the armies' other chains, each a
    // candidate of its own (`None`, see `chain_candidates`).
    let looks = fights
        .into_iter()
        .chain([
            (wider, false, Look::LongerReach),
            (weaker, false, Look::WeakerWalls),
        ])
        .map(Some)
        .chain([None]);
    for reading in looks {
        let left = options.left_after(start, spent);
        if left.exhausted() {
            break;
        }
        let (found, n, look) = match reading {
            Some((more, with_fights, look)) => {
                let more = OpenOptions {
                    time: left.time,
                    nodes: left.nodes,
                    ..more
                };
                let (found, n, _) = infer_at(position, first, &more, with_fights, &before);
                (found, n, look)
            }
            None => {
                let list = chain_candidates(position, first, &left);
                let (found, n, _) = infer_among(position, first, &left, false, &before, list, true);
                (found, n, Look::OtherChains)
            }
        };
        spent += n;
        if let Ok(mut f) = found {
            f.look = look;
            spent += f.settle(position, first, &options.left_after(start, spent));
            return Ok(f.with_spent(spent, start));
        }
    }
    Err(error)
}

/// The share of the time left that the deciding reading of [`infer`] may spend (see
/// [`OpenOptions::deciding_nodes`]): a quarter. The reading is undecided most of the
/// times it runs, and the time is then the later looks' and the solve's.
pub const DECIDING_SHARE: u32 = 4;

/// The share of the time and nodes left that each of the closer look's two passes may
/// spend (its reading of the chains, see the module documentation): a third, so that the
/// solve of an unconfirmed goal that it does not replace keeps at least four ninths of
/// its budget.
pub const CLOSER_LOOK_SHARE: u32 = 3;

/// The closer look of [`infer`] at a first look's goal that was not confirmed critical:
/// each chain of the candidate armies other than their targets ([`chain_candidates`]),
/// read on its own, in two passes: the opponent's chains (a capture), then, with
/// `saves`, the side to play's own (a save), each pass the larger first and within a
/// [`CLOSER_LOOK_SHARE`] of the budgets left when it starts. The first chain confirmed
/// critical (both sides shown to succeed moving first) is the goal, with
/// [`Look::CriticalChain`]. `None` when none is, with the nodes spent either way. Each
/// chain is read alone, so a larger one left undecided does not keep a smaller confirmed
/// one waiting: an unconfirmed army's reading shows less than a chain whose fate is
/// shown to depend on who plays first.
fn closer_look(
    position: &Position,
    first: Color,
    left: &OpenOptions,
    before: &[Candidate],
    saves: bool,
) -> (Option<Inference>, u64) {
    let start = Instant::now();
    let mut spent = 0;
    // Without saves, only the opponent's chains are candidates: the goal filter of
    // `candidates_with` leaves the side to play's own armies out before their chains'
    // problems are built.
    let wanted = OpenOptions {
        goal: if saves {
            left.goal
        } else {
            left.goal.or(Some(Goal::Kill))
        },
        ..left.clone()
    };
    let (captures, own): (Vec<_>, Vec<_>) = chain_candidates(position, first, &wanted)
        .into_iter()
        .partition(|(chain, _)| chain.color != first);
    let passes = if saves {
        vec![captures, own]
    } else {
        vec![captures]
    };
    for pass in passes {
        let now = left.left_after(start, spent);
        let share = OpenOptions {
            time: now.time.map(|t| t / CLOSER_LOOK_SHARE),
            nodes: now.nodes.map(|n| n / u64::from(CLOSER_LOOK_SHARE)),
            ..now
        };
        let (pass_start, spent_before) = (Instant::now(), spent);
        for chain in pass.into_iter().take(left.max_candidates) {
            let budget = share.left_after(pass_start, spent - spent_before);
            if budget.exhausted() {
                break;
            }
            let (found, n, _) =
                infer_among(position, first, &budget, false, before, vec![chain], true);
            spent += n;
            if let Ok(mut f) = found {
                if f.confirmed {
                    f.look = Look::CriticalChain;
                    return (Some(f), spent);
                }
            }
        }
    }
    (None, spent)
}

/// The chains of the candidate armies ([`candidates`]) other than their targets, each a
/// candidate of its own: the chain is the group, its open region the problem's (the
/// rest of its army stays on the board as stones of its colour). The larger chain
/// first, then the one with the fewer empty points in its region. What [`infer`] reads
/// last, when no army fits: an army's target is its largest chain, and a problem about
/// a smaller chain of it (cutting stones to capture, a tail to save) is read as a fight
/// over the largest, which the side to play fails to win or which is settled.
fn chain_candidates(
    position: &Position,
    first: Color,
    options: &OpenOptions,
) -> Vec<(Group, Tsumego)> {
    let board = position.board();
    // Without fighting chains, as the armies are read (a live goal gets them once taken,
    // `Inference::read_fights`).
    let options = &OpenOptions {
        fight_liberties: 0,
        ..options.clone()
    };
    let mut out: Vec<(usize, usize, Group, Tsumego)> = Vec::new();
    for (army, problem) in candidates_with(position, first, options, false) {
        let target = problem.targets().first().copied();
        let mut seen: Vec<Point> = Vec::new();
        for &s in &army.stones {
            if seen.contains(&s) {
                continue;
            }
            let Some(chain) = board.chain(s) else {
                continue;
            };
            let mut stones: Vec<Point> = chain.stones().collect();
            seen.extend(stones.iter().copied());
            if target.is_some_and(|t| stones.contains(&t)) {
                continue;
            }
            stones.sort_unstable();
            if out.iter().any(|c| c.2.stones == stones) {
                continue;
            }
            let Ok(p) = chain_problem(position, &stones, options) else {
                continue;
            };
            if escaped(&p) {
                continue;
            }
            out.push((
                usize::MAX - stones.len(),
                p.region_empty_count(),
                Group {
                    color: army.color,
                    stones,
                },
                p,
            ));
        }
    }
    out.sort_by_key(|a| (a.0, a.1, a.2.anchor()));
    out.into_iter().map(|(_, _, g, p)| (g, p)).collect()
}

/// The first look of [`infer`]: at the reach asked, then one step narrower when the side
/// to play's success was not shown there; with the nodes spent and the candidates found
/// settled whoever plays first or failing with the side to play.
fn first_look(
    position: &Position,
    first: Color,
    options: &OpenOptions,
) -> (Result<Inference, TsumegoError>, u64, Vec<Candidate>) {
    let start = Instant::now();
    // The strays that each reading's goal passed over (see `TINY_STAKE`), in the order
    // of the readings: the first is the goal when none of them shows a success.
    let mut strays: Vec<Inference> = Vec::new();
    let mut keep_stray = |found: &mut Result<Inference, TsumegoError>, look: Look| {
        if let Some(stray) = found.as_mut().ok().and_then(|f| f.stray.take()) {
            strays.push(Inference { look, ..*stray });
        }
    };
    let (mut wide, spent, mut before) = infer_at(position, first, options, false, &[]);
    keep_stray(&mut wide, Look::First);
    if options.reach <= 1 || wide.as_ref().is_ok_and(|f| f.proven) {
        return (wide, spent, before);
    }
    // Not proven at this reach (the wider region's reading did not finish, or found no
    // goal): read again one step narrower, with the time left, and take that goal if its
    // first player's success is proven there.
    let mut narrow = options.left_after(start, spent);
    narrow.reach -= 1;
    let (mut found, mut more, also) = infer_at(position, first, &narrow, false, &[]);
    keep_stray(&mut found, Look::Narrower);
    before.extend(also);
    let found = match found {
        Ok(mut f) if f.proven || wide.is_err() => {
            if f.proven {
                let n = f.widen(position, first, &options.left_after(start, spent + more));
                more += n;
                f.nodes += n;
            }
            f.nodes += spent;
            f.elapsed = start.elapsed();
            f.look = Look::Narrower;
            Ok(f)
        }
        Ok(f) => wide.map(|mut w| {
            w.nodes += f.nodes;
            w.elapsed = start.elapsed();
            w
        }),
        Err(e) => wide.map_err(|_| e),
    };
    let mut spent = spent + more;
    // Still not proven: once more in smaller regions (at most `small_empty` empty points,
    // the reach shrinking until they fit), taken if the side to play's success is
    // proven there. The larger regions' readings were undecided, not refuted: what is
    // often missing is a problem small enough to read to the end.
    let unproven = found.as_ref().is_ok_and(|f| !f.proven);
    if unproven && options.small_empty < narrow.max_empty {
        let small = OpenOptions {
            reach: narrow.reach,
            max_empty: options.small_empty,
            ..options.left_after(start, spent)
        };
        let (mut tight, n, _) = infer_at(position, first, &small, false, &[]);
        keep_stray(&mut tight, Look::Smaller);
        spent += n;
        if let Ok(mut f) = tight {
            if f.proven {
                f.look = Look::Smaller;
                return (Ok(f.with_spent(spent, start)), spent, before);
            }
        }
    }
    // No reading showed a success: the first stray passed over, if any, is the goal.
    let found = match found {
        Ok(f) if !f.proven && !strays.is_empty() => {
            let mut stray = strays.remove(0);
            spent += stray.read_fights(position, first, &options.left_after(start, spent));
            Ok(stray)
        }
        other => other,
    };
    (found.map(|f| f.with_spent(spent, start)), spent, before)
}

/// The inference of [`infer`] at one reach, the nodes it spent and the candidates it
/// found settled whoever plays first or failing with the side to play; with `fights`,
/// the candidates' regions hold their fighting chains (see [`candidates_with`]). A
/// candidate that shares a stone with one of `before` (of the same colour) needs
/// evidence here against what was found there: when that one was settled, it is taken
/// only when confirmed critical; when it was failing, only when the side to play's
/// success is shown. A wider problem that merely leaves it undecided is no evidence
/// against what a smaller one showed.
fn infer_at(
    position: &Position,
    first: Color,
    options: &OpenOptions,
    fights: bool,
    before: &[Candidate],
) -> (Result<Inference, TsumegoError>, u64, Vec<Candidate>) {
    let list = candidates_with(position, first, options, fights);
    infer_among(position, first, options, fights, before, list, false)
}

/// [`infer_at`] over the candidates `list` (in the order they are read, the first
/// [`OpenOptions::max_candidates`]); with `one_chain`, each candidate is one chain of an
/// army ([`chain_candidates`]).
fn infer_among(
    position: &Position,
    first: Color,
    options: &OpenOptions,
    fights: bool,
    before: &[Candidate],
    mut list: Vec<(Group, Tsumego)>,
    one_chain: bool,
) -> (Result<Inference, TsumegoError>, u64, Vec<Candidate>) {
    let start = Instant::now();
    let size = position.size();
    list.truncate(options.max_candidates);
    let mut found: Vec<Candidate> = list
        .iter()
        .map(|(g, p)| Candidate {
            group: g.clone(),
            region_empty: p.region_empty_count(),
            first: Verdict::Unknown,
            second: Verdict::Unknown,
        })
        .collect();
    let mut nodes = 0;
    let left = || options.time.map(|t| t.saturating_sub(start.elapsed()));
    let cancelled = || {
        options
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    };
    let out_of_time = || left().is_some_and(|t| t.is_zero()) || cancelled();
    // A reading's node budget, cut to what the whole inference has left.
    let cap = |budget: u64, spent: u64| {
        options
            .nodes
            .map_or(budget, |n| budget.min(n.saturating_sub(spent)))
    };
    // A candidate is refuted when the first player fails with it, or when the other side
    // fails too (its fate does not depend on who plays first). The goal is the first
    // candidate, in order, that is not refuted: a larger group that is still open keeps
    // the ones after it waiting, so that an easy stray stone does not hide the problem.
    let refuted = |c: &Candidate| c.first == Verdict::Loss || c.second == Verdict::Loss;
    let confirmed = |c: &Candidate| c.first == Verdict::Win && c.second == Verdict::Win;
    // Against what was found before (see above): a group found settled is out of the way
    // unless confirmed here, one found failing unless the side to play's success is shown.
    let doubtful = |c: &Candidate| {
        before.iter().any(|b| {
            let same = b.group.color == c.group.color
                && b.group.stones.iter().any(|s| c.group.stones.contains(s));
            let settled = b.first == Verdict::Win && b.second == Verdict::Loss;
            let failing = b.first == Verdict::Loss;
            same && ((settled && !confirmed(c)) || (failing && c.first != Verdict::Win))
        })
    };
    // A part of a larger army found settled whoever plays first is out too: its fate in
    // its own, smaller region (where it is cut off from the rest of the army) is not
    // the group's on the board.
    let part_of_settled = |found: &[Candidate], c: &Candidate| {
        found.iter().any(|b| {
            b.group.color == c.group.color
                && b.group.stones.len() > c.group.stones.len()
                && b.first == Verdict::Win
                && b.second == Verdict::Loss
                && c.group.stones.iter().all(|s| b.group.stones.contains(s))
        })
    };
    let out = |c: &Candidate| refuted(c) || doubtful(c);
    let gone = |found: &[Candidate], c: &Candidate| out(c) || part_of_settled(found, c);
    // The goal in the rounds: the first candidate confirmed critical with every one
    // before it out of the way.
    let takes = |found: &[Candidate], i: usize| {
        found[..i].iter().all(|c| gone(found, c))
            && confirmed(&found[i])
            && !part_of_settled(found, &found[i])
    };
    let mut pick: Option<(usize, bool)> = None;
    // The small candidate shown to succeed that a larger undecided one passed (see
    // `TINY_STAKE`).
    let mut stray: Option<usize> = None;
    'rounds: for &budget in &options.rounds {
        for i in 0..found.len() {
            if takes(&found, i) {
                pick = Some((i, true));
                break 'rounds;
            }
            if part_of_settled(&found, &found[i]) {
                continue;
            }
            let cand = &mut found[i];
            if refuted(cand) || confirmed(cand) {
                continue;
            }
            if out_of_time() || cap(budget, nodes) == 0 {
                break 'rounds;
            }
            let problem = &list[i].1;
            if cand.first == Verdict::Unknown {
                let (v, n) = read_with_threats(
                    problem,
                    first,
                    options.ko_threats,
                    cap(budget, nodes),
                    left(),
                    options,
                );
                nodes += n;
                cand.first = v;
            }
            if cand.first == Verdict::Win
                && cand.second == Verdict::Unknown
                && cap(budget, nodes) > 0
            {
                let (v, n) = read(problem, !first, cap(budget, nodes), left(), options);
                nodes += n;
                cand.second = v;
            }
            if takes(&found, i) {
                pick = Some((i, true));
                break 'rounds;
            }
        }
    }
    if pick.is_none() {
        // Nothing confirmed within the budgets. A larger candidate still undecided comes
        // before a smaller one shown to succeed (the problem is about its main group, and
        // the smaller one is often a side issue that is easy to read): it gets one more
        // reading, with a larger budget and a quarter of the time left
        // (`DECIDING_SHARE`).
        let open: Vec<usize> = (0..found.len())
            .filter(|&i| !gone(&found, &found[i]))
            .collect();
        let shown = open
            .iter()
            .copied()
            .find(|&i| found[i].first == Verdict::Win);
        if let (Some(&i), Some(w)) = (open.first(), shown) {
            let budget = cap(options.deciding_nodes, nodes);
            if i != w && found[i].first == Verdict::Unknown && !out_of_time() && budget > 0 {
                let share = left().map(|t| t / DECIDING_SHARE);
                let (v, n) = read_with_threats(
                    &list[i].1,
                    first,
                    options.ko_threats,
                    budget,
                    share,
                    options,
                );
                nodes += n;
                found[i].first = v;
            }
        }
        // Then the first candidate not refuted whose first player was shown to succeed,
        // else the first not refuted at all (the solve that follows decides it with the
        // time left). But a stray stone or two (at most `TINY_STAKE` stones) shown to
        // succeed does not pass a larger group still undecided: that one is what the
        // problem is about, and the stray is kept in case no reading shows its success.
        let open: Vec<usize> = (0..found.len())
            .filter(|&i| !gone(&found, &found[i]))
            .collect();
        let shown = open
            .iter()
            .copied()
            .find(|&i| found[i].first == Verdict::Win);
        let larger_open = |w: usize| {
            open.iter().copied().find(|&j| {
                j < w
                    && found[j].first == Verdict::Unknown
                    && found[j].group.stones.len() > found[w].group.stones.len()
            })
        };
        // Nor does the side to play's own group shown to live pass a larger group of the
        // opponent still undecided: the problem is then usually about killing that one
        // (the way the smaller group lives, or a fight the first move decides), and
        // that one is taken, without falling back to the smaller.
        let opponent_open = |w: usize| {
            let own = found[w].group.color == first;
            open.iter().copied().find(|&j| {
                own && j < w
                    && found[j].group.color != first
                    && found[j].first == Verdict::Unknown
                    && found[j].group.stones.len() > found[w].group.stones.len()
            })
        };
        pick = match shown {
            Some(w) if found[w].group.stones.len() <= TINY_STAKE => match larger_open(w) {
                Some(j) => {
                    stray = Some(w);
                    Some(j)
                }
                None => Some(w),
            },
            Some(w) => opponent_open(w).or(Some(w)),
            None => open.first().copied(),
        }
        .map(|i| (i, confirmed(&found[i])));
    }
    // What this reading found against its candidates (refuted: failing, or settled), for
    // a second look to weigh.
    let against: Vec<Candidate> = found.iter().filter(|c| refuted(c)).cloned().collect();
    let Some((i, critical)) = pick else {
        return (Err(no_goal(&found, size)), nodes, against);
    };
    let inference = |i: usize, critical: bool| {
        let (group, mut problem) = list[i].clone();
        problem.set_first(first);
        Inference {
            goal: if group.color == first {
                Goal::Live
            } else {
                Goal::Kill
            },
            problem,
            group,
            confirmed: critical,
            proven: found[i].first == Verdict::Win,
            candidates: found.clone(),
            look: Look::First,
            nodes: 0,
            elapsed: Duration::ZERO,
            stray: None,
            fights_read: fights,
            one_chain,
            built_with: options.clone(),
        }
    };
    let mut goal = inference(i, critical);
    if let Some(w) = stray {
        goal.stray = Some(Box::new(inference(w, confirmed(&found[w]))));
    }
    nodes += goal.read_fights(position, first, &options.left_after(start, nodes));
    goal.nodes = nodes;
    goal.elapsed = start.elapsed();
    (Ok(goal), nodes, against)
}

/// The error of an inference that found no goal, listing the candidates.
fn no_goal(found: &[Candidate], size: BoardSize) -> TsumegoError {
    let words: Vec<String> = found
        .iter()
        .map(|c| {
            let colour = match c.group.color {
                Color::Black => "black",
                Color::White => "white",
            };
            let what = match (c.first, c.second) {
                (Verdict::Loss, _) => "the side to play fails",
                (Verdict::Win, Verdict::Loss) => "settled whoever plays first",
                _ => "not decided within the budget",
            };
            format!(
                "{colour} group at {}: {what}",
                vertex_of(name_stone(&c.group, size), size)
            )
        })
        .collect();
    TsumegoError::NoGoal {
        candidates: if words.is_empty() {
            "no group is a candidate".to_string()
        } else {
            words.join("; ")
        },
    }
}

/// A problem as read by [`load`]: as marked, or, when nothing is marked, as an open
/// problem whose goal [`infer`] found.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The problem to solve.
    pub problem: Tsumego,
    /// How an open problem's goal was found; `None` when the targets were marked or given.
    pub open: Option<Inference>,
    /// Whether the region is open (found by [`open_region`]: the targets were given but no
    /// closed wall surrounds them, or nothing was marked).
    pub open_region: bool,
    /// The frame: the attacker stones the open region added where the attacker holds
    /// sway on its rim ([`rim_frame`]), in board order; stones of the problem that the
    /// printed position does not have. Empty for a marked or closed problem.
    pub frame: Vec<Point>,
}

/// The problem of a kill as it is solved: `problem` (found in an open region) with its
/// rim closed. Every **exit** (an empty point outside the region next to one of its
/// points) gets an attacker stone, so that a target chain can no longer escape through
/// it: the defender succeeds only by life or seki in the region (or by capturing a
/// frame stone, whose point then opens). Two kinds of exit stay open: one next to a
/// defender stone outside the region (the way to friendly stones, which a connection
/// out uses), and one where the stone would leave a chain of either colour without a
/// liberty. The region and the targets do not change. The module documentation says why
/// a kill is read so and where that misreads the open board.
///
/// ```
/// use tesuji::{ascii, Color, Point};
/// use tesuji::tsumego::{close_rim, Tsumego};
/// // White's corner group, a black wall with a gap at C1.
/// let pos = ascii::parse_diagram("
///     . . . . . .
///     . . . . . .
///     X X X . . .
///     O O X . . .
///     . O . . . .
/// ").unwrap();
/// let open = Tsumego::with_region(pos, &[Point::new(0, 3)], &[Point::new(0, 4)]).unwrap();
/// let closed = close_rim(&open);
/// assert!(open.is_open());
/// assert!(!closed.is_open());
/// // The gap is closed by a black stone; the region and the targets stay.
/// assert_eq!(closed.position().board().get(Point::new(2, 4)), Some(Color::Black));
/// assert_eq!(closed.region(), open.region());
/// assert_eq!(closed.targets(), open.targets());
/// ```
pub fn close_rim(problem: &Tsumego) -> Tsumego {
    let board = problem.position().board();
    let defender = problem.defender();
    let mut setup = setup_of(problem.position());
    let printed = setup.stones.len();
    for p in problem.exits() {
        let to_friends = board
            .neighbors(p)
            .any(|n| !problem.in_region(n) && board.get(n) == Some(defender));
        if to_friends {
            continue;
        }
        setup.stones.push((p, !defender));
        // A stone that would leave a chain without a liberty makes no position: the
        // exit stays open.
        if Position::from_setup(&setup).is_err() {
            setup.stones.pop();
        }
    }
    if setup.stones.len() == printed {
        return problem.clone();
    }
    let closed = Position::from_setup(&setup)
        .ok()
        .and_then(|framed| Tsumego::with_region(framed, problem.targets(), problem.region()).ok());
    let Some(mut closed) = closed else {
        // Never: every stone was checked, and the targets and region are a problem's.
        return problem.clone();
    };
    closed.set_first(problem.first());
    for color in [Color::Black, Color::White] {
        closed.set_ko_threats(color, problem.ko_threats(color));
    }
    closed
}

/// The setup of `position`: its stones, the side to move and the ko ban, to which a
/// frame adds stones.
fn setup_of(position: &Position) -> Setup {
    let board = position.board();
    let mut setup = Setup::empty(position.size());
    setup.to_play = position.to_play();
    setup.ko = position.ko_point();
    setup.stones = position
        .size()
        .points()
        .filter_map(|p| board.get(p).map(|c| (p, c)))
        .collect();
    setup
}

/// The stones of `problem` that `printed` does not have (the frame of an open problem),
/// in board order.
fn frame_of(printed: &Position, problem: &Tsumego) -> Vec<Point> {
    let (before, after) = (printed.board(), problem.position().board());
    printed
        .size()
        .points()
        .filter(|&p| after.get(p).is_some() && before.get(p).is_none())
        .collect()
}

/// Reads the problem of an SGF root, as every face of tesuji does: the position of
/// [`Tsumego::sgf_position`], the targets `targets` (the command line's `--target`) or else
/// those marked (`MA`), the region `region` (`--region`) or else the one marked (`SQ`); then
/// as [`load_position`].
pub fn load(
    tree: &GameTree,
    targets: Option<&[Point]>,
    region: Option<&[Point]>,
    options: &OpenOptions,
) -> Result<Loaded, TsumegoError> {
    let position = Tsumego::sgf_position(tree)?;
    let marked = Tsumego::sgf_targets(tree)?;
    let squares = Tsumego::sgf_region(tree)?;
    let targets = targets.or((!marked.is_empty()).then_some(&marked[..]));
    let region = region.or((!squares.is_empty()).then_some(&squares[..]));
    load_position(position, targets, region, options)
}

/// The problem of `position` with the side to move first: with `targets` and `region`
/// given, that problem; with `targets` alone, in the region inside their wall
/// ([`super::detect_region`]) or, when no wall closes it, in their open region
/// ([`open_problem`]); with no targets, the goal found by [`infer`].
pub fn load_position(
    position: Position,
    targets: Option<&[Point]>,
    region: Option<&[Point]>,
    options: &OpenOptions,
) -> Result<Loaded, TsumegoError> {
    let Some(targets) = targets else {
        if let Some(r) = region {
            if !r.is_empty() {
                return Err(TsumegoError::NoTarget);
            }
        }
        let first = position.to_play();
        let found = infer(&position, first, options)?;
        return Ok(Loaded {
            frame: frame_of(&position, &found.problem),
            problem: found.problem.clone(),
            open: Some(found),
            open_region: true,
        });
    };
    if let Some(r) = region {
        return Ok(Loaded {
            problem: Tsumego::with_region(position, targets, r)?,
            open: None,
            open_region: false,
            frame: Vec::new(),
        });
    }
    match Tsumego::new(position.clone(), targets) {
        Ok(problem) => Ok(Loaded {
            problem,
            open: None,
            open_region: false,
            frame: Vec::new(),
        }),
        Err(TsumegoError::RegionNotClosed { .. }) => {
            let mut problem = open_problem(&position, targets, options)?;
            problem.set_first(position.to_play());
            Ok(Loaded {
                frame: frame_of(&position, &problem),
                problem,
                open: None,
                open_region: true,
            })
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ascii;

    /// A reading with no nodes left decides nothing and falls back to the first candidate
    /// not out of the way: there, what a first look found against a group still stands.
    #[test]
    fn what_was_found_before_stands_without_new_evidence() {
        let pos = ascii::parse_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X X . . . .
            O O O O X . . . .
            . . . O X . . . .
            ",
        )
        .unwrap();
        let none = OpenOptions {
            nodes: Some(0),
            ..OpenOptions::default()
        };
        let pick = |before: &[Candidate]| {
            let (found, nodes, _) = infer_at(&pos, Color::Black, &none, false, before);
            assert_eq!(nodes, 0);
            found.map(|f| f.group)
        };
        let first = pick(&[]).unwrap();
        let was = |v: Verdict, w: Verdict| Candidate {
            group: first.clone(),
            region_empty: 0,
            first: v,
            second: w,
        };
        // Found failing, or settled: out of the way while this reading shows nothing.
        assert_ne!(
            pick(&[was(Verdict::Loss, Verdict::Unknown)]).ok(),
            Some(first.clone())
        );
        assert_ne!(
            pick(&[was(Verdict::Win, Verdict::Loss)]).ok(),
            Some(first.clone())
        );
        // Found to succeed but not decided for the other side: no evidence against it.
        assert_eq!(
            pick(&[was(Verdict::Win, Verdict::Unknown)]).ok(),
            Some(first)
        );
    }

    /// A reading answered from the memory of the inference costs no nodes and gives the
    /// verdict the search would: a result found within `n` nodes holds for any budget of
    /// at least `n`, an undecided one for any budget up to the one it used up; anything
    /// else is searched.
    #[test]
    fn a_problem_read_again_is_recalled() {
        let pos = ascii::parse_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X X X X . .
            O O O O O O X . .
            . . . . . O X . .
            . . . . . O X . .
            . . . . . O X . .
            ",
        )
        .unwrap();
        let options = OpenOptions::default();
        // White's group in the corner, enclosed by Black's wall.
        let problem = Tsumego::new(pos, &[Point::new(0, 5)]).unwrap();
        // Without an inference around it, every reading searches.
        let (v, n) = read(&problem, Color::Black, 1_000_000, None, &options);
        assert_ne!(v, Verdict::Unknown);
        assert!(n > 1_000, "{n}");
        assert_eq!(read(&problem, Color::Black, 1_000_000, None, &options).1, n);
        remembering(|| {
            // An undecided reading within 1 node: undecided within 0 without a search,
            // searched again with more.
            let (u, spent) = read(&problem, Color::Black, 1, None, &options);
            assert_eq!(u, Verdict::Unknown);
            assert!(spent >= 1);
            assert_eq!(read(&problem, Color::Black, 0, None, &options), (u, 0));
            assert_eq!(read(&problem, Color::Black, n, None, &options), (v, n));
            // Decided within n nodes: recalled for any budget of at least n.
            assert_eq!(read(&problem, Color::Black, n, None, &options), (v, 0));
            assert_eq!(
                read(&problem, Color::Black, u64::MAX, None, &options),
                (v, 0)
            );
            // Less than it took is searched again.
            assert!(read(&problem, Color::Black, n - 1, None, &options).1 > 0);
            // Another first player, threats or table size is another problem.
            assert!(read(&problem, Color::White, n, None, &options).1 > 0);
            assert!(read_with_threats(&problem, Color::Black, 2, n, None, &options).1 > 0);
            let small = OpenOptions {
                memory_bytes: 1 << 20,
                ..options.clone()
            };
            assert!(read(&problem, Color::Black, n, None, &small).1 > 0);
        });
        // Forgotten when the inference ends.
        assert_eq!(read(&problem, Color::Black, 1_000_000, None, &options).1, n);
    }

    /// Among the army's largest chains, the target is the one with the most liberties
    /// (the group's core), not the first in board order.
    #[test]
    fn the_target_among_equal_chains_has_the_most_liberties() {
        let pos = ascii::parse_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X X X . . .
            O O X . . X . . .
            . . O . . X . . .
            . . O . . X . . .
            . . . . . . . . .
            ",
        )
        .unwrap();
        let b = pos.board();
        let at = |v: &str| match crate::vertex::parse(v, pos.size()) {
            Ok(crate::point::Move::Play(p)) => p,
            other => panic!("{v}: {other:?}"),
        };
        // Two chains of two stones joined diagonally at B4-C3 (B3 is empty).
        assert_eq!(b.liberty_count(at("A4")), 2);
        assert_eq!(b.liberty_count(at("C3")), 5);
        let white: Vec<Point> = pos
            .size()
            .points()
            .filter(|&p| b.get(p) == Some(Color::White))
            .collect();
        let group = Group {
            color: Color::White,
            stones: white,
        };
        let (army, problem) = army(&pos, &group, &OpenOptions::default()).unwrap();
        assert_eq!(army.stones.len(), 4);
        let core: Vec<Point> = b.chain(at("C3")).unwrap().stones().collect();
        assert!(
            problem.targets().iter().all(|t| core.contains(t)),
            "targets {:?}",
            problem.targets()
        );
    }
}
