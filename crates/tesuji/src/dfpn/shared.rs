//! What the threads of one parallel search share: the proofs and disproofs that hold
//! whatever the path, the latest open numbers of the states they searched, the root's
//! result, a stop flag and the node count.
//!
//! See "Threads" in the [module documentation](super) for the design and why it is sound.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::table::{Flags, KeyHasher};
use super::Outcome;

/// Shards of the shared store: enough that two threads rarely wait for the same lock.
const SHARDS: usize = 64;

/// How deep the threads publish their paths (see [`Shared::busy_elsewhere`]).
pub(crate) const SHALLOW: usize = 8;

/// Bytes an entry of the store is counted for (key, value and the map's overhead).
const SHARED_ENTRY_BYTES: usize = 40;

/// Slots of the open numbers' table (1 MiB in all): few enough that making it costs
/// nothing next to a search, which is made for every threat count of a solve.
const OPEN_SLOTS: usize = 1 << 16;

/// Bytes of a slot of the open numbers' table: a check word and a data word.
const SLOT_BYTES: usize = std::mem::size_of::<[AtomicU64; 2]>();

/// Words of the filter of the store's keys (512 KiB, 4M bits; see [`Shared::get`]).
const FILTER_WORDS: usize = 1 << 16;

/// A final value in the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SharedFinal {
    /// Proven or disproven.
    pub outcome: Outcome,
    /// Whether it holds whatever the parts of the state outside its core are, and what
    /// else its tree holds ([`super::table::Flags`]).
    pub flags: Flags,
    /// Nodes the thread that found it spent under it.
    pub work: u64,
}

type Shard = HashMap<u64, SharedFinal, BuildHasherDefault<KeyHasher>>;

/// The state shared by the threads of one parallel search.
#[derive(Debug)]
pub(crate) struct Shared {
    shards: Vec<Mutex<Shard>>,
    /// The most entries of each shard; a full shard takes no more (the threads' own
    /// tables keep what they found).
    shard_capacity: usize,
    /// Set when the search is over for every thread: one found the root's value, or the
    /// main thread stopped.
    pub halt: AtomicBool,
    /// The root's value, from the first thread that found it.
    pub root: Mutex<Option<Outcome>>,
    /// Nodes of every thread, added in batches (see [`super::search::Budget`]).
    pub nodes: AtomicU64,
    /// Each thread's path near the root: the key of the state it is in at each depth
    /// below [`SHALLOW`] (0 for none).
    paths: Vec<[AtomicU64; SHALLOW]>,
    /// Open numbers, direct-mapped by key: each slot holds a check word (the key xor the
    /// data word) and a data word (`pn` in the low half, `dn` in the high half). A slot
    /// read while another thread writes it fails the check and reads as empty, so no lock
    /// is needed.
    open: Vec<[AtomicU64; 2]>,
    /// A bit for each key stored in the shards (keys that share a bit share it): a
    /// lookup of a key whose bit is clear needs no lock. Most lookups are of keys that
    /// are not there, and a lock per lookup, its cache line bouncing between the cores,
    /// cost the threads a third of their speed.
    filter: Vec<AtomicU64>,
}

impl Shared {
    /// A store for `threads` threads that keeps within about `memory_bytes`.
    pub fn new(threads: usize, memory_bytes: usize) -> Shared {
        // The open table: a power of two of slots within half the memory (one slot when
        // not even one fits).
        let fit = (memory_bytes / 2 / SLOT_BYTES).max(1);
        let slots = OPEN_SLOTS.min(1 << (usize::BITS - 1 - fit.leading_zeros()));
        // The filter: a power of two of words within a quarter of the memory.
        let fit = (memory_bytes / 4 / 8).max(1);
        let words = FILTER_WORDS.min(1 << (usize::BITS - 1 - fit.leading_zeros()));
        let finals = memory_bytes.saturating_sub(slots * SLOT_BYTES + words * 8);
        Shared {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            shard_capacity: finals / SHARED_ENTRY_BYTES / SHARDS,
            open: (0..slots)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            filter: (0..words).map(|_| AtomicU64::new(0)).collect(),
            halt: AtomicBool::new(false),
            root: Mutex::new(None),
            nodes: AtomicU64::new(0),
            paths: (0..threads)
                .map(|_| std::array::from_fn(|_| AtomicU64::new(0)))
                .collect(),
        }
    }

    /// Thread `thread` enters the state `key` at `depth` (the root is depth 0).
    pub fn enter(&self, thread: usize, depth: usize, key: u64) {
        if let Some(slot) = self.paths.get(thread).and_then(|p| p.get(depth)) {
            slot.store(key, Ordering::Relaxed);
        }
    }

    /// Thread `thread` leaves the state it was in at `depth`.
    pub fn leave(&self, thread: usize, depth: usize) {
        self.enter(thread, depth, 0);
    }

    /// Whether another thread than `thread` is in the state `key` at `depth` (only the
    /// depths below [`SHALLOW`] are known; a key of 0 is never busy).
    pub fn busy_elsewhere(&self, thread: usize, depth: usize, key: u64) -> bool {
        depth < SHALLOW
            && key != 0
            && self
                .paths
                .iter()
                .enumerate()
                .any(|(t, p)| t != thread && p[depth].load(Ordering::Relaxed) == key)
    }

    fn shard(&self, key: u64) -> &Mutex<Shard> {
        // The high bits: the map inside the shard hashes the key again.
        &self.shards[(key >> 58) as usize % SHARDS]
    }

    /// The word and bit of `key` in the filter.
    fn filter_bit(&self, key: u64) -> (&AtomicU64, u64) {
        // Bits of the key that neither the shards (the high ones) nor the open table
        // (the low ones) use.
        let bit = (key >> 20) as usize & (self.filter.len() * 64 - 1);
        (&self.filter[bit / 64], 1 << (bit % 64))
    }

    /// The final value stored for `key`. Without a lock when the filter's bit of the key
    /// is clear: then no thread has stored it (a value being stored at that moment may be
    /// missed, as it would be a moment earlier).
    pub fn get(&self, key: u64) -> Option<SharedFinal> {
        let (word, bit) = self.filter_bit(key);
        if word.load(Ordering::Relaxed) & bit == 0 {
            return None;
        }
        let shard = self.shard(key).lock().unwrap_or_else(|e| e.into_inner());
        shard.get(&key).copied()
    }

    /// Stores a final value for `key` (the first one found stays: all are right).
    pub fn put(&self, key: u64, value: SharedFinal) {
        let mut shard = self.shard(key).lock().unwrap_or_else(|e| e.into_inner());
        if shard.len() < self.shard_capacity || shard.contains_key(&key) {
            shard.entry(key).or_insert(value);
            let (word, bit) = self.filter_bit(key);
            word.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// Every value stored, for the main thread's table once the threads are done.
    pub fn drain(&self) -> Vec<(u64, SharedFinal)> {
        let mut out = Vec::new();
        for s in &self.shards {
            let mut shard = s.lock().unwrap_or_else(|e| e.into_inner());
            out.extend(shard.drain());
        }
        for w in &self.filter {
            w.store(0, Ordering::Relaxed);
        }
        // In key order: the same store gives the same table, whatever the shards' maps did.
        out.sort_unstable_by_key(|&(k, _)| k);
        out
    }

    fn open_slot(&self, key: u64) -> &[AtomicU64; 2] {
        // The low bits: the shards use the high ones.
        &self.open[(key as usize) & (self.open.len() - 1)]
    }

    /// The open numbers `(pn, dn)` last published for `key`, if its slot still holds them.
    pub fn get_open(&self, key: u64) -> Option<(u32, u32)> {
        let slot = self.open_slot(key);
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        // Open numbers are at least 1, so an empty slot (0) never passes.
        (data != 0 && check ^ data == key).then_some((data as u32, (data >> 32) as u32))
    }

    /// Publishes the open numbers of `key`, in place of whatever its slot held.
    pub fn put_open(&self, key: u64, pn: u32, dn: u32) {
        let slot = self.open_slot(key);
        let data = u64::from(pn) | (u64::from(dn) << 32);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// Records the root's value if none was recorded, and stops every thread.
    pub fn finish(&self, outcome: Outcome) {
        let mut root = self.root.lock().unwrap_or_else(|e| e.into_inner());
        root.get_or_insert(outcome);
        self.halt.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_numbers_read_back_only_under_their_key() {
        let shared = Shared::new(2, 3 << 18);
        let slots = shared.open.len() as u64;
        // At most half the memory, in a power of two of slots.
        assert!(slots.is_power_of_two() && slots as usize * SLOT_BYTES <= (3 << 18) / 2);
        assert_eq!(shared.get_open(77), None);
        shared.put_open(77, 3, 5);
        assert_eq!(shared.get_open(77), Some((3, 5)));
        // Another key of the same slot: not its numbers.
        assert_eq!(shared.get_open(77 + slots), None);
        // The newest numbers stay, and take the slot from the key that had it.
        shared.put_open(77 + slots, 8, 1);
        assert_eq!(shared.get_open(77 + slots), Some((8, 1)));
        assert_eq!(shared.get_open(77), None);
        // A torn slot (the check word of one write, the data word of another) reads as
        // empty for both keys.
        shared.open_slot(77)[0].store(77 ^ (3 | 5 << 32), Ordering::Relaxed);
        assert_eq!(shared.get_open(77), None);
        assert_eq!(shared.get_open(77 + slots), None);
    }

    #[test]
    fn finals_are_found_through_the_filter() {
        let shared = Shared::new(2, 64 << 20);
        let value = SharedFinal {
            outcome: Outcome::Proven,
            flags: Flags::default(),
            work: 3,
        };
        let keys: Vec<u64> = (1..5000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys[..2500] {
            shared.put(k, value);
        }
        // Every key stored is found; most keys not stored are told apart without a lock.
        assert!(keys[..2500].iter().all(|&k| shared.get(k) == Some(value)));
        assert!(keys[2500..].iter().all(|&k| shared.get(k).is_none()));
        let clear = keys[2500..]
            .iter()
            .filter(|&&k| {
                let (w, b) = shared.filter_bit(k);
                w.load(Ordering::Relaxed) & b == 0
            })
            .count();
        assert!(clear > 2400, "{clear}");
        assert_eq!(shared.drain().len(), 2500);
        assert!(shared.get(keys[0]).is_none());
    }
}
