//! Superko: positional and situational repetition, the never-occupied shortcut, passes.

use tesuji::{BoardSize, Color, Game, IllegalReason, Move, Point, Ruleset};

fn at(x: usize, y: usize) -> Move {
    Move::Play(Point::new(x, y))
}

/// Regression: the "never-occupied point" shortcut skipped the superko lookup for a
/// multi-stone suicide on a point that never held a stone, but such a move removes its own
/// stone again and can recreate an earlier position.
///
/// On a 3x1 board White builds two stones while Black passes; White's third stone on the
/// never-occupied last point removes all three and would recreate the empty starting board
/// with Black to move (a repetition under positional and situational superko alike).
#[test]
fn suicide_on_never_occupied_point_is_checked_for_superko() {
    let size = BoardSize::new(3, 1).unwrap();
    for ruleset in [Ruleset::tromp_taylor(), Ruleset::new_zealand()] {
        let mut game = Game::new(size, ruleset);
        for mv in [Move::Pass, at(0, 0), Move::Pass, at(1, 0), Move::Pass] {
            game.play(mv).unwrap();
        }
        assert_eq!(game.to_play(), Color::White);
        assert_eq!(
            game.check_as(Color::White, at(2, 0)),
            Err(IllegalReason::Superko),
            "{ruleset:?}"
        );
        assert!(!game.legal_points().contains(&Point::new(2, 0)));
        // Without the earlier empty position with Black to move (start with White to
        // move instead) situational superko allows it, positional does not.
        let mut pos = tesuji::Position::new(size);
        pos.set_to_play(Color::White);
        let mut game = Game::from_position(pos, ruleset);
        for mv in [at(0, 0), Move::Pass, at(1, 0), Move::Pass] {
            game.play(mv).unwrap();
        }
        let expected = if ruleset == Ruleset::tromp_taylor() {
            Err(IllegalReason::Superko)
        } else {
            Ok(())
        };
        assert_eq!(game.check_as(Color::White, at(2, 0)), expected, "{ruleset:?}");
    }
}
