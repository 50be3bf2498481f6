//! The "legal move" coding kata. Diagrams: first line `x` or `o` names the side to move,
//! then rows of `x`, `o` and `-`. A kata Move(a, b) is row a, column b; our points are
//! `Point::new(column, row)`.

use tesuji::{ascii, BoardSize, Color, Game, IllegalReason, Move, Point, Position, Ruleset};

fn kata(text: &str) -> Position {
    ascii::parse_diagram(text).unwrap()
}

/// Kata Move(row, col) as a point.
fn at(row: usize, col: usize) -> Move {
    Move::Play(Point::new(col, row))
}

const EMPTY_5X5: &str = "x\n-----\n-----\n-----\n-----\n-----\n";
const SINGLE_SUICIDE: &str = "o\n-x---\nx----\n-----\n-----\n-----\n";
const MULTI_SUICIDE: &str = "o\n-xx--\nx-ox-\nxoox-\n-xx--\n-----\n";
const KO: &str = "o\n-----\n-xo--\nx-xo-\n-xo--\n-----\n";

#[test]
fn wrong_turn() {
    let pos = kata(EMPTY_5X5);
    assert_eq!(pos.to_play(), Color::Black);
    assert_eq!(
        pos.check_xy(Color::White, 2, 2),
        Err(IllegalReason::WrongTurn)
    );
    assert_eq!(pos.check_xy(Color::Black, 2, 2), Ok(()));
    let mut p2 = pos.clone();
    let err = p2.play_as(Color::White, at(2, 2)).unwrap_err();
    assert_eq!(err.reason, IllegalReason::WrongTurn);
    assert_eq!(p2, pos);
}

#[test]
fn off_board_on_every_side() {
    let pos = kata(EMPTY_5X5);
    for (x, y) in [
        (-1, 2),
        (3, -1),
        (5, 1),
        (4, 5),
        (-1, -1),
        (5, 5),
        (100, 0),
        (0, i64::MIN),
    ] {
        for color in [Color::Black, Color::White] {
            assert_eq!(
                pos.check_xy(color, x, y),
                Err(IllegalReason::OffBoard),
                "({x}, {y})"
            );
        }
    }
    // A point of the 25x25 grid beyond the 5x5 board.
    assert_eq!(
        pos.check(Move::Play(Point::new(5, 0))),
        Err(IllegalReason::OffBoard)
    );
    assert_eq!(
        pos.check(Move::Play(Point::new(24, 24))),
        Err(IllegalReason::OffBoard)
    );
    // Every corner is on the board.
    for (x, y) in [(0, 0), (4, 0), (0, 4), (4, 4)] {
        assert_eq!(pos.check_xy(Color::Black, x, y), Ok(()));
    }
}

#[test]
fn occupied() {
    let pos = kata(SINGLE_SUICIDE);
    assert_eq!(pos.check(at(0, 1)), Err(IllegalReason::Occupied));
    assert_eq!(
        pos.check_xy(Color::White, 0, 1),
        Err(IllegalReason::Occupied)
    );
}

#[test]
fn single_stone_suicide() {
    let pos = kata(SINGLE_SUICIDE);
    assert_eq!(pos.to_play(), Color::White);
    assert_eq!(pos.check(at(0, 0)), Err(IllegalReason::Suicide));
    assert_eq!(
        pos.check_xy(Color::White, 0, 0),
        Err(IllegalReason::Suicide)
    );
}

#[test]
fn multi_stone_suicide() {
    let pos = kata(MULTI_SUICIDE);
    assert_eq!(pos.check(at(1, 1)), Err(IllegalReason::Suicide));
    assert!(!pos.legal_points().any(|p| p == Point::new(1, 1)));
}

#[test]
fn capture_makes_zero_liberty_point_legal_then_ko() {
    let mut pos = kata(KO);
    assert_eq!(pos.check(at(2, 1)), Ok(()));
    let rec = pos.play(at(2, 1)).unwrap();
    assert_eq!(rec.captured_count(), 1);
    assert_eq!(pos.board().get(Point::new(2, 2)), None);
    assert_eq!(pos.captures(Color::White), 1);
    assert_eq!(pos.check(at(2, 2)), Err(IllegalReason::Ko));
    assert_eq!(pos.check_xy(Color::Black, 2, 2), Err(IllegalReason::Ko));
    pos.board().check_invariants().unwrap();
    // After a move elsewhere by each side, the ko may be retaken.
    pos.play(at(4, 4)).unwrap();
    pos.play(at(4, 0)).unwrap();
    assert_eq!(pos.check(at(2, 2)), Ok(()));
}

#[test]
fn multi_stone_suicide_allowed_by_nz_and_tromp_taylor() {
    for ruleset in [Ruleset::new_zealand(), Ruleset::tromp_taylor()] {
        let mut game = Game::from_position(kata(MULTI_SUICIDE), ruleset);
        assert!(game.is_legal(at(1, 1)));
        let rec = *game.play(at(1, 1)).unwrap();
        assert!(rec.is_suicide());
        assert_eq!(rec.captured_count(), 0);
        let expected = kata("x\n-xx--\nx--x-\nx--x-\n-xx--\n-----\n");
        assert_eq!(game.position().board(), expected.board(), "{ruleset:?}");
        assert_eq!(game.to_play(), Color::Black);
        // The four white stones removed by the suicide are Black's prisoners.
        assert_eq!(rec.suicide_count(), 4);
        assert_eq!(game.position().captures(Color::Black), 4);
        assert_eq!(game.position().captures(Color::White), 0);
        game.position().board().check_invariants().unwrap();

        // Single-stone suicide stays illegal.
        let mut single = Game::from_position(kata(SINGLE_SUICIDE), ruleset);
        assert_eq!(
            single.check_as(Color::White, at(0, 0)),
            Err(IllegalReason::Suicide)
        );
    }
}

#[test]
fn board_size_of_kata_diagrams() {
    assert_eq!(kata(KO).size(), BoardSize::square(5).unwrap());
}
