//! Shared helpers for the integration tests: a seeded RNG and a slow, independent
//! reference implementation of the rules (plain cell vector, flood fill, no incremental
//! state) used as an oracle.

#![allow(dead_code)]

use tesuji::{BoardSize, Color, Point, Position};

/// splitmix64: small, seeded, reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }
}

/// Cell values of the reference board.
pub const E: u8 = 0;
pub const B: u8 = 1;
pub const W: u8 = 2;

pub fn cell_of(c: Color) -> u8 {
    match c {
        Color::Black => B,
        Color::White => W,
    }
}

pub fn other(c: u8) -> u8 {
    3 - c
}

/// A reference position: cells row by row, side to move, simple-ko point.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefPos {
    pub w: usize,
    pub h: usize,
    pub cells: Vec<u8>,
    pub to_play: u8,
    pub ko: Option<usize>,
    pub multi_suicide: bool,
}

impl RefPos {
    pub fn new(w: usize, h: usize) -> RefPos {
        RefPos {
            w,
            h,
            cells: vec![E; w * h],
            to_play: B,
            ko: None,
            multi_suicide: false,
        }
    }

    /// The reference view of a library position (ko point included).
    pub fn from_position(pos: &Position) -> RefPos {
        let size = pos.size();
        let mut r = RefPos::new(size.width(), size.height());
        for p in size.points() {
            r.cells[p.y() * r.w + p.x()] = pos.board().get(p).map_or(E, cell_of);
        }
        r.to_play = cell_of(pos.to_play());
        r.ko = pos.ko_point().map(|k| k.y() * r.w + k.x());
        r
    }

    pub fn neighbors(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.w, i / self.w);
        let mut v = Vec::with_capacity(4);
        if y > 0 {
            v.push(i - self.w);
        }
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.w {
            v.push(i + 1);
        }
        if y + 1 < self.h {
            v.push(i + self.w);
        }
        v
    }

    /// Stones of the chain through `i` and its number of distinct liberties.
    pub fn group(&self, cells: &[u8], i: usize) -> (Vec<usize>, usize) {
        let c = cells[i];
        let mut seen = vec![false; cells.len()];
        let mut libs = vec![false; cells.len()];
        let mut stack = vec![i];
        seen[i] = true;
        let mut stones = Vec::new();
        while let Some(q) = stack.pop() {
            stones.push(q);
            for n in self.neighbors(q) {
                if cells[n] == c && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                } else if cells[n] == E {
                    libs[n] = true;
                }
            }
        }
        let nl = libs.iter().filter(|&&l| l).count();
        (stones, nl)
    }

    /// Plays a stone of the side to move on `i` if legal (simple ko, suicide rule):
    /// returns the new position and the number of stones captured.
    pub fn play(&self, i: usize) -> Option<(RefPos, usize)> {
        if self.cells[i] != E || self.ko == Some(i) {
            return None;
        }
        let me = self.to_play;
        let opp = other(me);
        let mut cells = self.cells.clone();
        cells[i] = me;
        let mut captured = Vec::new();
        for n in self.neighbors(i) {
            if cells[n] == opp {
                let (stones, libs) = self.group(&cells, n);
                if libs == 0 {
                    for s in stones {
                        cells[s] = E;
                        captured.push(s);
                    }
                }
            }
        }
        let (mine, libs) = self.group(&cells, i);
        let mut ko = None;
        if libs == 0 {
            if !self.multi_suicide || mine.len() < 2 {
                return None;
            }
            for s in mine {
                cells[s] = E;
            }
        } else if captured.len() == 1 && mine.len() == 1 && libs == 1 {
            ko = Some(captured[0]);
        }
        Some((
            RefPos {
                cells,
                to_play: opp,
                ko,
                ..self.clone()
            },
            captured.len(),
        ))
    }

    pub fn pass(&self) -> RefPos {
        RefPos {
            to_play: other(self.to_play),
            ko: None,
            ..self.clone()
        }
    }

    pub fn legal(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&i| self.play(i).is_some())
            .collect()
    }

    pub fn point(&self, i: usize) -> Point {
        Point::new(i % self.w, i / self.w)
    }
}

/// Reference perft: board moves only, simple ko.
pub fn ref_perft(pos: &RefPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for i in 0..pos.cells.len() {
        if let Some((next, _)) = pos.play(i) {
            total += if depth == 1 {
                1
            } else {
                ref_perft(&next, depth - 1)
            };
        }
    }
    total
}

pub fn size(w: u64, h: u64) -> BoardSize {
    BoardSize::new(w, h).unwrap()
}

/// Every SGF file of the vendored tsumego.js set (`tests/data/tsumego/tsumegojs`), as (path
/// under it without the extension, text as stored), sorted by path.
pub fn tsumegojs_sgf_files() -> Vec<(String, String)> {
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tsumego/tsumegojs");
    let mut out = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                let name = p
                    .strip_prefix(&root)
                    .unwrap()
                    .with_extension("")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((name, std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// The vendored tsumego.js problems that load, whose region has at most `max_empty`
/// empty points, with their names.
pub fn small_problems(max_empty: usize) -> Vec<(String, tesuji::tsumego::Tsumego)> {
    let mut out = Vec::new();
    for (name, text) in tsumegojs_sgf_files() {
        let text = text.trim_start_matches('\u{feff}');
        let Ok(trees) = tesuji::sgf::parse(text) else {
            continue;
        };
        let Ok(problem) = tesuji::tsumego::Tsumego::from_sgf(&trees[0]) else {
            continue;
        };
        if problem.region_empty_count() <= max_empty {
            out.push((name, problem));
        }
    }
    out
}
