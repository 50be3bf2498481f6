//! Self-play through `genmove`, twogtp style: two engines, one per colour, each told the
//! other's moves with `play`. Every move an engine generates must be accepted by the other,
//! nothing may fail, and every game must end with two passes well before a move cap.

use tesuji::Ruleset;
use tesuji_gtp::Engine;

fn answer(engine: &mut Engine, cmd: &str) -> String {
    let r = engine.execute_line(cmd).expect("command");
    match r.result {
        Ok(a) => a,
        Err(e) => panic!("{cmd} failed: {e}"),
    }
}

/// Plays one game; returns its number of moves.
fn game(size: usize, rules: Ruleset, seed: u64) -> usize {
    let mut engines = [Engine::with_rules(rules), Engine::with_rules(rules)];
    engines[0].set_seed(seed);
    engines[1].set_seed(seed ^ 0xFFFF);
    for e in &mut engines {
        answer(e, &format!("boardsize {size}"));
        answer(e, "clear_board");
    }
    let colors = ["b", "w"];
    let cap = 4 * size * size;
    let mut passes = 0;
    for n in 0..cap {
        let me = n % 2;
        let mv = answer(&mut engines[me], &format!("genmove {}", colors[me]));
        let r = engines[1 - me]
            .execute_line(&format!("play {} {mv}", colors[me]))
            .unwrap();
        assert!(
            r.result.is_ok(),
            "size {size} seed {seed}: move {} {} {mv} refused: {:?}",
            n + 1,
            colors[me],
            r.result
        );
        passes = if mv == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            // Both engines agree on the final board.
            let a = answer(&mut engines[0], "list_stones black");
            let b = answer(&mut engines[1], "list_stones black");
            assert_eq!(a, b, "size {size} seed {seed}");
            return n + 1;
        }
    }
    panic!("size {size} seed {seed}: no two passes within {cap} moves");
}

#[test]
fn thousand_games_end_without_an_illegal_move() {
    let plan: [(usize, u64, Ruleset); 5] = [
        (5, 200, Ruleset::chinese()),
        (7, 200, Ruleset::japanese()),
        (9, 450, Ruleset::chinese()),
        (9, 100, Ruleset::tromp_taylor()),
        (13, 50, Ruleset::aga()),
    ];
    let mut games = 0;
    let mut moves = 0;
    for (size, count, rules) in plan {
        for g in 0..count {
            moves += game(size, rules, 1000 * size as u64 + g);
            games += 1;
        }
    }
    println!("self-play: {games} games, {moves} moves, every game ended by two passes");
    assert_eq!(games, 1000);
}
