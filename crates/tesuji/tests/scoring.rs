//! Area (Tromp-Taylor) and territory scoring on hand-checked diagrams.

use tesuji::{
    ascii, score, BoardSize, ByColor, Color, Game, Komi, Move, Point, Position, Ruleset,
    ScoreError, Scoring,
};

fn komi(half_points: i32) -> Komi {
    Komi::from_half_points(half_points)
}

/// Black owns the two left columns (8 stones, 2 eyes), White the right three (a wall of 5
/// stones and 10 empty points).
const WALLS: &str = "
    X X O . .
    . X O . .
    X X O . .
    . X O . .
    X X O . .
";

#[test]
fn area_scoring_walls() {
    let pos = ascii::parse_diagram(WALLS).unwrap();
    let s = score(&pos, &[], Scoring::Area, komi(0)).unwrap();
    assert_eq!(s.stones, ByColor::new(8, 5));
    assert_eq!(s.territory, ByColor::new(2, 10));
    assert_eq!(s.total_half_points(Color::Black), 20);
    assert_eq!(s.total_half_points(Color::White), 30);
    assert_eq!(s.to_string(), "W+5");
    let s = score(&pos, &[], Scoring::Area, komi(15)).unwrap();
    assert_eq!(s.margin_half_points(), -25);
    assert_eq!(s.to_string(), "W+12.5");
    assert_eq!(s.winner(), Some(Color::White));
    // Negative komi (reverse komi) helps Black.
    let s = score(&pos, &[], Scoring::Area, komi(-11)).unwrap();
    assert_eq!(s.to_string(), "B+0.5");
}

#[test]
fn dame_and_jigo() {
    // The middle column touches both colours: neutral under both methods.
    let pos = ascii::parse_diagram("X . O\nX . O\nX . O\n").unwrap();
    for scoring in [Scoring::Area, Scoring::Territory] {
        let s = score(&pos, &[], scoring, komi(0)).unwrap();
        assert_eq!(s.territory, ByColor::new(0, 0));
        assert_eq!(s.winner(), None, "{scoring:?}");
        assert_eq!(s.to_string(), "0");
        let s = score(&pos, &[], scoring, komi(1)).unwrap();
        assert_eq!(s.to_string(), "W+0.5");
    }
    // The empty board belongs to nobody.
    let empty = Position::new(BoardSize::square(9).unwrap());
    let s = score(&empty, &[], Scoring::Area, komi(0)).unwrap();
    assert_eq!(
        (s.stones, s.territory),
        (ByColor::new(0, 0), ByColor::new(0, 0))
    );
    assert_eq!(s.to_string(), "0");
}

/// A white wall in the middle; a dead black stone at (3, 2) inside White's area; 2 stones
/// captured by Black and 3 by White during the game.
fn with_dead_stone() -> Position {
    let mut setup = ascii::parse_setup(
        "
        . X O . .
        . X O . .
        . X O X .
        . X O . .
        . X O . .
        ",
    )
    .unwrap();
    setup.captures = ByColor::new(2, 3);
    Position::from_setup(&setup).unwrap()
}

#[test]
fn territory_scoring_with_dead_stones_and_prisoners() {
    let pos = with_dead_stone();
    let dead = [Point::new(3, 2)];
    let s = score(&pos, &dead, Scoring::Territory, komi(13)).unwrap();
    // Black: 5 points of territory + 2 prisoners = 7.
    // White: 10 points (the dead stone's point included) + 3 captures + 1 dead = 14, + 6.5.
    assert_eq!(s.territory, ByColor::new(5, 10));
    assert_eq!(s.prisoners, ByColor::new(2, 4));
    assert_eq!(s.total_half_points(Color::Black), 14);
    assert_eq!(s.total_half_points(Color::White), 28 + 13);
    assert_eq!(s.to_string(), "W+13.5");
    // Jigo under territory scoring: with komi -7 White's 14 - 7 equals Black's 7.
    let s = score(&pos, &dead, Scoring::Territory, komi(-14)).unwrap();
    assert_eq!(s.winner(), None);
}

#[test]
fn area_scoring_with_and_without_dead_stones() {
    let pos = with_dead_stone();
    // Dead stone lifted: Black 5 stones + 5 territory, White 5 stones + 10 territory.
    let s = score(&pos, &[Point::new(3, 2)], Scoring::Area, komi(15)).unwrap();
    assert_eq!(s.stones, ByColor::new(5, 5));
    assert_eq!(s.territory, ByColor::new(5, 10));
    assert_eq!(s.to_string(), "W+12.5");
    // Prisoners do not count under area scoring.
    assert_eq!(s.total_half_points(Color::Black), 20);
    // Not lifted (Tromp-Taylor counts what is on the board): the right side touches both
    // colours and is neutral. Black 6 stones + 5 = 11, White 5 stones + 7.5 = 12.5.
    let s = score(&pos, &[], Scoring::Area, komi(15)).unwrap();
    assert_eq!(s.stones, ByColor::new(6, 5));
    assert_eq!(s.territory, ByColor::new(5, 0));
    assert_eq!(s.margin_half_points(), 22 - 25);
    assert_eq!(s.to_string(), "W+1.5");
}

#[test]
fn dead_stone_errors() {
    let pos = with_dead_stone();
    assert_eq!(
        score(&pos, &[Point::new(0, 0)], Scoring::Area, komi(0)),
        Err(ScoreError::NoStone {
            x: 0,
            y: 0,
            vertex: "A5".to_string()
        })
    );
    assert_eq!(
        score(&pos, &[Point::new(7, 7)], Scoring::Area, komi(0)),
        Err(ScoreError::OffBoard { x: 7, y: 7 })
    );
    // Marking a chain twice (through two of its stones) counts it once.
    let once = score(&pos, &[Point::new(2, 0)], Scoring::Territory, komi(0)).unwrap();
    let twice = score(
        &pos,
        &[Point::new(2, 0), Point::new(2, 4)],
        Scoring::Territory,
        komi(0),
    )
    .unwrap();
    assert_eq!(once, twice);
    assert_eq!(once.prisoners, ByColor::new(2 + 5, 3));
}

#[test]
fn game_result_after_two_passes() {
    // One black stone on 3x3 owns the board: 9 points against komi 7.5.
    let mut game = Game::new(BoardSize::square(3).unwrap(), Ruleset::chinese());
    game.play(Move::Play(Point::new(1, 1))).unwrap();
    game.play(Move::Pass).unwrap();
    assert!(game.result().is_none());
    game.play(Move::Pass).unwrap();
    assert_eq!(game.result().unwrap().to_string(), "B+1.5");
    // Japanese: territory 8 against 6.5.
    let mut game = Game::new(BoardSize::square(3).unwrap(), Ruleset::japanese());
    game.play(Move::Play(Point::new(1, 1))).unwrap();
    game.play(Move::Pass).unwrap();
    game.play(Move::Pass).unwrap();
    assert_eq!(game.result().unwrap().to_string(), "B+1.5");
    // With an integer komi of 9 the same game is a draw (jigo).
    let mut game = Game::new(
        BoardSize::square(3).unwrap(),
        Ruleset::chinese().with_komi(komi(18)),
    );
    game.play(Move::Play(Point::new(1, 1))).unwrap();
    game.play(Move::Pass).unwrap();
    game.play(Move::Pass).unwrap();
    assert_eq!(game.result().unwrap().winner(), None);
    assert_eq!(game.result().unwrap().to_string(), "0");
}
