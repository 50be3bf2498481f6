//! Loading and saving games as SGF for `loadsgf` and `printsgf`.

use tesuji::{sgf, Game, Ruleset};

/// Loads the main line of the first game in `text`, stopping before move `move_number`
/// (GTP convention: the position where that move is to be played; a number past the end
/// loads the whole game), under `rules` (the file's komi, if any, replaces the rules'
/// komi). Returns the game and its handicap.
pub fn load_game(
    text: &str,
    move_number: Option<usize>,
    rules: Ruleset,
) -> Result<(Game, u32), String> {
    let trees = sgf::parse(text).map_err(|e| e.to_string())?;
    let tree = trees.first().ok_or("the file holds no game")?;
    let total = tree.moves().map_err(|e| e.to_string())?.len();
    let before = move_number.filter(|&n| n >= 1 && n <= total);
    let game = sgf::replay(tree, Some(rules), before).map_err(|e| e.to_string())?;
    let handicap = tree.handicap().ok().flatten().unwrap_or(0);
    Ok((game, handicap))
}

/// The game as SGF text, with `HA` when there was a handicap.
pub fn game_to_sgf(game: &Game, handicap: u32) -> String {
    let mut tree = sgf::from_game(game);
    if handicap > 0 {
        let root = tree.root();
        tree.push_property(root, "HA", [handicap.to_string()]);
    }
    tree.to_sgf()
}
