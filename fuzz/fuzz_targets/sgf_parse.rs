//! Parses arbitrary bytes as SGF; when that succeeds, replays, writes, and checks that the
//! normal form reads back to equal trees and is a fixed point.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tesuji::sgf;

fuzz_target!(|data: &[u8]| {
    let Ok(trees) = sgf::parse_bytes(data) else {
        return;
    };
    let text = sgf::write_collection(&trees);
    let again = sgf::parse(&text).expect("the normal form parses");
    assert_eq!(again, trees, "writing and reading changed the trees");
    assert_eq!(sgf::write_collection(&again), text, "normal form is not a fixed point");
    for tree in &trees {
        let _ = tree.moves();
        for (id, _) in tree.nodes() {
            let _ = tree.markup(id);
            let _ = tree.labels(id);
        }
        if let Ok(game) = sgf::to_game(tree, None) {
            let _ = sgf::replay(tree, None, Some(game.move_count() / 2 + 1));
            let _ = sgf::from_game(&game).to_sgf();
        }
    }
});
