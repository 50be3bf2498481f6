//! Chain sizes and liberty counts on a classic 9x9 test position.

use tesuji::{ascii, Point};

const DIAGRAM: &str = "
    . . . . . . . . X
    . O O . . X X X .
    . . O X X X X . .
    . . . O X X . . .
    . . O O X . . . .
    O O O O . X . . .
    . . O . . X O . .
    . O O . . . . O .
    X . . . . . . . X
";

#[test]
fn liberties_of_classic_position() {
    let pos = ascii::parse_diagram(DIAGRAM).unwrap();
    let board = pos.board();
    board.check_invariants().unwrap();
    // (row, col, liberties), rows and columns from 0 at the top left.
    for (row, col, libs) in [(1, 7, 10), (0, 8, 2), (7, 7, 4), (1, 1, 6), (3, 3, 11)] {
        let p = Point::new(col, row);
        assert_eq!(
            board.liberty_count(p),
            libs,
            "chain at row {row}, col {col}"
        );
        let chain = board.chain(p).unwrap();
        assert_eq!(chain.liberty_count(), libs);
        assert_eq!(chain.liberties().len(), libs);
    }
    assert_eq!(board.chain(Point::new(7, 1)).unwrap().size(), 10);
    // (0, 8) is a separate single stone; (1, 7) and (3, 4) are the same chain.
    assert_eq!(board.chain(Point::new(8, 0)).unwrap().size(), 1);
    assert_eq!(
        board.chain(Point::new(4, 3)).unwrap().anchor(),
        board.chain(Point::new(7, 1)).unwrap().anchor()
    );
}
