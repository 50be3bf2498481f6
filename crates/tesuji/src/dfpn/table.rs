//! The transposition table: proof and disproof numbers by state key, bounded in memory.
//!
//! Entries live in a hash map keyed by the full 64-bit [`Problem::key`](super::Problem::key),
//! so a lookup never confuses two states unless their full keys collide. The map is never
//! allowed to grow past a capacity computed from the memory bound; when it is full, a
//! collection removes the less valuable half. Value is `(work, final, stamp)`: the number of
//! nodes spent under the entry first, proven or disproven entries next, the most recently
//! stored last. Every part of this order is independent of key values, and the stamp is
//! unique, so which entries survive does not depend on the keys: a search gives the same
//! results and the same statistics whatever the key values, up to full 64-bit collisions.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Infinity for proof and disproof numbers.
pub(crate) const INF: u32 = u32::MAX;

/// One stored state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Proof number; 0 proven, [`INF`] disproven.
    pub pn: u32,
    /// Disproof number; 0 disproven, [`INF`] proven.
    pub dn: u32,
    /// Nodes generated under this state, summed over the searches that stored it.
    pub work: u64,
    /// When it was last stored (a unique, increasing counter).
    pub stamp: u64,
    /// Of a proof or disproof: what its tree holds.
    pub flags: Flags,
}

impl Entry {
    /// Whether the entry is a proof or a disproof.
    pub fn is_final(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// Whether the entry is a proof (`outcome` proven) or a disproof (disproven).
    pub fn holds(&self, outcome: super::Outcome) -> bool {
        match outcome {
            super::Outcome::Proven => self.pn == 0,
            super::Outcome::Disproven => self.dn == 0,
        }
    }
}

/// What the tree of a proof or disproof holds (one tree: the three flags must describe
/// the same tree, since a value read under a core key takes its `touches` from the core
/// tree).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Flags {
    /// It holds whatever the parts of the state outside its core are (see
    /// [`Problem::core_key`](super::Problem::core_key)).
    pub core: bool,
    /// Its tree may hold a state with the core of the table's root (see "Core values and
    /// the root's moves" in the module documentation of `dfpn`).
    pub touches: bool,
    /// Its tree may hold a value read under a core key that touches: relabelled, that
    /// value's tree may pass through the table's root itself.
    pub risky: bool,
}

impl Flags {
    /// The order in which two trees of the same value are preferred: a core value first
    /// (it serves other threat counts), then one that is not risky, then one that does
    /// not touch.
    pub fn rank(self) -> (bool, bool, bool) {
        (self.core, !self.risky, !self.touches)
    }
}

/// A hasher for keys that are already hashes: one multiply, so that low bits mix.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ (n >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// An entry as the map holds it, 16 bytes: `work` saturates at `u32::MAX` (only its
/// order matters, in a collection), and `meta` packs the stamp (the high 29 bits) with
/// the three flags. A smaller entry puts more of the table in each cache line, and more
/// entries within the memory bound.
#[derive(Debug, Clone, Copy)]
struct Slot {
    pn: u32,
    dn: u32,
    work: u32,
    meta: u32,
}

/// Stamps fit in the high bits of [`Slot::meta`]: the largest is `STAMP_MAX`, after which
/// the stamps of the entries held are numbered again from 1 in the same order.
const STAMP_MAX: u32 = u32::MAX >> 3;

impl Slot {
    fn pack(pn: u32, dn: u32, work: u64, stamp: u32, flags: Flags) -> Slot {
        Slot {
            pn,
            dn,
            work: u32::try_from(work).unwrap_or(u32::MAX),
            meta: stamp << 3
                | u32::from(flags.core)
                | u32::from(flags.touches) << 1
                | u32::from(flags.risky) << 2,
        }
    }

    fn stamp(self) -> u32 {
        self.meta >> 3
    }

    fn flags(self) -> Flags {
        Flags {
            core: self.meta & 1 != 0,
            touches: self.meta & 2 != 0,
            risky: self.meta & 4 != 0,
        }
    }

    fn is_final(self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    fn entry(self) -> Entry {
        Entry {
            pn: self.pn,
            dn: self.dn,
            work: u64::from(self.work),
            stamp: u64::from(self.stamp()),
            flags: self.flags(),
        }
    }
}

/// Bytes one entry takes in the map: key, value and one control byte.
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<(u64, Slot)>() + 1;

/// The bounded table.
#[derive(Debug)]
pub(crate) struct Table {
    map: HashMap<u64, Slot, BuildHasherDefault<KeyHasher>>,
    capacity: usize,
    stamp: u32,
    collections: u64,
}

impl Table {
    /// A table whose map stays within about `memory_bytes` (the map's bucket array is a
    /// power of two, filled to at most 7/8, as the standard library's map does).
    pub fn new(memory_bytes: usize) -> Table {
        Table {
            map: HashMap::default(),
            capacity: capacity_for(memory_bytes),
            stamp: 0,
            collections: 0,
        }
    }

    /// The most entries the table will hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Entries held now.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// How many collections ran.
    pub fn collections(&self) -> u64 {
        self.collections
    }

    /// The entry of `key`.
    pub fn get(&self, key: u64) -> Option<Entry> {
        self.map.get(&key).map(|s| s.entry())
    }

    /// Forgets every entry that is not a proof or a disproof.
    pub fn forget_open(&mut self) {
        self.map.retain(|_, e| e.is_final());
    }

    /// Keeps only the proofs (`keep` proven) or the disproofs.
    pub fn keep_only(&mut self, keep: super::Outcome) {
        self.map.retain(|_, e| e.entry().holds(keep));
    }

    /// Forgets the entry of `key`.
    pub fn remove(&mut self, key: u64) {
        self.map.remove(&key);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// Stores numbers for `key`, adding `work` to what the entry had (`flags`: see
    /// [`Entry::flags`]). A final entry is never replaced by a non-final one (the proof
    /// stays valid); the same final value again keeps the flags of the better tree
    /// ([`Flags::rank`]).
    pub fn store(&mut self, key: u64, pn: u32, dn: u32, work: u64, flags: Flags) {
        if self.capacity == 0 {
            return;
        }
        if self.stamp == STAMP_MAX {
            self.renumber();
        }
        self.stamp += 1;
        let stamp = self.stamp;
        if let Some(e) = self.map.get_mut(&key) {
            if e.is_final() && !(pn == 0 || dn == 0) {
                return;
            }
            let kept = e.is_final() && e.pn == pn && e.dn == dn && e.flags().rank() > flags.rank();
            let flags = if kept { e.flags() } else { flags };
            *e = Slot::pack(pn, dn, u64::from(e.work).saturating_add(work), stamp, flags);
            return;
        }
        if self.map.len() >= self.capacity {
            self.collect();
        }
        self.map.insert(key, Slot::pack(pn, dn, work, stamp, flags));
    }

    /// Numbers the stamps of the entries held again from 1, in the same order, when they
    /// have run out (the order is all a collection uses).
    fn renumber(&mut self) {
        let mut order: Vec<(u32, u64)> = self.map.iter().map(|(&k, e)| (e.stamp(), k)).collect();
        order.sort_unstable();
        for (i, &(_, k)) in order.iter().enumerate() {
            if let Some(e) = self.map.get_mut(&k) {
                let stamp = u32::try_from(i + 1).unwrap_or(STAMP_MAX);
                e.meta = stamp << 3 | (e.meta & 7);
            }
        }
        self.stamp = u32::try_from(order.len()).unwrap_or(STAMP_MAX);
    }

    /// Removes the less valuable half (at least one entry).
    fn collect(&mut self) {
        self.collections += 1;
        let mut order: Vec<(u32, bool, u32, u64)> = self
            .map
            .iter()
            .map(|(&k, e)| (e.work, e.is_final(), e.stamp(), k))
            .collect();
        // Stamps are unique, so the key never decides the order.
        order.sort_unstable_by_key(|&(w, f, s, _)| (w, f, s));
        let remove = (order.len() / 2).max(1);
        for &(_, _, _, k) in &order[..remove] {
            self.map.remove(&k);
        }
    }
}

/// The most entries any table holds (about 6.7 GB of them): half the stamps, so that
/// after the stamps are numbered again at least as many stores go by before the next
/// time.
pub(crate) const MAX_ENTRIES: usize = 1 << 28;

/// The buckets of the map of a table of `memory_bytes`: the largest power of two that
/// fits (0 when fewer than four fit).
fn buckets_for(memory_bytes: usize) -> usize {
    let slots = (memory_bytes / ENTRY_BYTES).min(MAX_ENTRIES * 8 / 7 + 1);
    if slots < 4 {
        return 0;
    }
    1usize << (usize::BITS - 1 - slots.leading_zeros())
}

/// The bytes a table of `memory_bytes` can come to take (its buckets, full): up to half
/// of `memory_bytes` less, since the buckets are a power of two.
pub(crate) fn footprint(memory_bytes: usize) -> usize {
    buckets_for(memory_bytes) * ENTRY_BYTES
}

/// The most entries a table of `memory_bytes` holds.
pub(crate) fn capacity_for(memory_bytes: usize) -> usize {
    let buckets = buckets_for(memory_bytes);
    if buckets == 0 {
        return 0;
    }
    if buckets < 8 {
        buckets - 1
    } else {
        buckets / 8 * 7
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_respects_memory() {
        assert_eq!(capacity_for(0), 0);
        assert_eq!(capacity_for(3 * ENTRY_BYTES), 0);
        assert_eq!(capacity_for(4 * ENTRY_BYTES), 3);
        assert_eq!(capacity_for(1024 * ENTRY_BYTES), 896);
        assert!(capacity_for(usize::MAX) <= MAX_ENTRIES);
        assert!(capacity_for(MAX_ENTRIES * 2 * ENTRY_BYTES) <= MAX_ENTRIES);
        assert!(capacity_for(usize::MAX) as u64 <= u64::from(STAMP_MAX) / 2);
        for mb in [1usize, 16, 100] {
            let c = capacity_for(mb << 20);
            let buckets = (c * 8 / 7).next_power_of_two();
            assert!(buckets * ENTRY_BYTES <= mb << 20, "{mb} MB");
            assert!(buckets * ENTRY_BYTES * 2 > mb << 20, "{mb} MB");
        }
    }

    #[test]
    fn collection_keeps_work_and_ignores_keys() {
        let mut t = Table::new(16 * ENTRY_BYTES);
        let cap = t.capacity();
        assert_eq!(cap, 14);
        for i in 0..cap as u64 {
            t.store(
                i.wrapping_mul(0xDEAD_BEEF_1234_5677),
                5,
                5,
                i % 3,
                Flags::default(),
            );
        }
        t.store(u64::MAX, 0, INF, 0, Flags::default());
        assert!(t.len() <= cap);
        assert_eq!(t.collections(), 1);
        // Work 0 went first; the new entry is in.
        assert!(t.get(u64::MAX).is_some());
        assert!(t.get(0).is_none());
        // A proof is not overwritten by numbers.
        t.store(u64::MAX, 3, 3, 1, Flags::default());
        assert_eq!(t.get(u64::MAX).map(|e| (e.pn, e.dn)), Some((0, INF)));
    }

    #[test]
    fn stamps_run_out_and_keep_their_order() {
        let mut t = Table::new(16 * ENTRY_BYTES);
        let cap = t.capacity() as u64;
        t.stamp = STAMP_MAX - 3;
        let flags = Flags {
            core: true,
            touches: false,
            risky: true,
        };
        // Equal work: the collection goes by stamp, the oldest first.
        for i in 0..cap {
            t.store(i, 0, INF, 1, flags);
        }
        assert!(t.stamp < STAMP_MAX, "renumbered");
        let stamps: Vec<u64> = (0..cap).filter_map(|i| t.get(i)).map(|e| e.stamp).collect();
        assert_eq!(stamps.len() as u64, cap);
        assert!(stamps.windows(2).all(|w| w[0] < w[1]), "{stamps:?}");
        assert!((0..cap).filter_map(|i| t.get(i)).all(|e| e.flags == flags));
        t.store(cap, 0, INF, 1, flags);
        assert_eq!(t.collections(), 1);
        assert!(t.get(0).is_none(), "the oldest went first");
        assert!(t.get(cap - 1).is_some() && t.get(cap).is_some());
    }

    #[test]
    fn work_saturates() {
        let mut t = Table::new(16 * ENTRY_BYTES);
        t.store(1, 5, 5, u64::MAX - 1, Flags::default());
        t.store(1, 4, 4, 7, Flags::default());
        assert_eq!(t.get(1).map(|e| e.work), Some(u64::from(u32::MAX)));
    }
}
