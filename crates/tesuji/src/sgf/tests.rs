use super::*;
use crate::{BoardSize, Color, IllegalReason, Komi, Move, Point, Ruleset};

fn one(text: &str) -> GameTree {
    let mut trees = parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(trees.len(), 1);
    trees.pop().unwrap()
}

fn err(text: &str) -> SgfError {
    parse(text).expect_err(text)
}

fn at(e: &SgfError) -> (usize, usize) {
    (e.line, e.column)
}

#[test]
fn root_properties() {
    let t = one("(;FF[4]GM[1]SZ[13]KM[6.5]RU[Japanese]HA[2]PL[W]AB[dd][jj]AW[gg]AE[aa])");
    assert_eq!(t.board_size().unwrap(), BoardSize::square(13).unwrap());
    assert_eq!(t.komi().unwrap(), Some(Komi::from_half_points(13)));
    assert_eq!(
        t.ruleset().unwrap(),
        Some(Ruleset::japanese().with_komi(Komi::from_half_points(13)))
    );
    assert_eq!(t.handicap().unwrap(), Some(2));
    assert_eq!(t.player(t.root()).unwrap(), Some(Color::White));
    assert_eq!(t.points(t.root(), "AB").unwrap().len(), 2);
    assert_eq!(t.points(t.root(), "AE").unwrap(), vec![Point::new(0, 0)]);
    let game = to_game(&t, None).unwrap();
    assert_eq!(game.to_play(), Color::White);
    assert_eq!(game.position().board().stone_count(Color::Black), 2);
    assert_eq!(game.ruleset().komi.half_points(), 13);
}

#[test]
fn defaults_and_komi_forms() {
    let t = one("(;B[aa])");
    assert_eq!(t.board_size().unwrap(), BoardSize::STANDARD);
    assert_eq!(t.komi().unwrap(), None);
    assert_eq!(t.ruleset().unwrap(), None);
    assert_eq!(to_game(&t, None).unwrap().ruleset(), &Ruleset::chinese());
    assert_eq!(
        one("(;KM[6.50])").komi().unwrap().unwrap().half_points(),
        13
    );
    assert_eq!(one("(;KM[0])").komi().unwrap().unwrap().half_points(), 0);
    assert_eq!(one("(;KM[])").komi().unwrap(), None);
    let e = one("(;KM[six])").komi().unwrap_err();
    assert!(matches!(e.kind, ValueErrorKind::Komi(_)));
    assert_eq!(e.location, Some(Location { line: 1, column: 3 }));
    let game = to_game(&one("(;RU[NZ]KM[0.5])"), Some(Ruleset::japanese())).unwrap();
    assert_eq!(
        game.ruleset(),
        &Ruleset::japanese().with_komi(Komi::from_half_points(1))
    );
    assert!(matches!(
        to_game(&one("(;GM[2])"), None),
        Err(ReplayError::Value(ValueError {
            kind: ValueErrorKind::NotGo(_),
            ..
        }))
    ));
}

#[test]
fn rectangular_and_bad_sizes() {
    let t = one("(;SZ[9:13]AB[ai];B[am])");
    let s = t.board_size().unwrap();
    assert_eq!((s.width(), s.height()), (9, 13));
    let game = to_game(&t, None).unwrap();
    assert_eq!(
        game.position().board().get(Point::new(0, 12)),
        Some(Color::Black)
    );
    let t = one("(;SZ[19:13];B[sm])");
    assert_eq!(
        t.moves().unwrap(),
        vec![(Color::Black, Move::Play(Point::new(18, 12)))]
    );
    assert!(one("(;SZ[9:13];B[ja])").moves().is_err());
    for bad in ["0", "26", "abc", "9:0"] {
        let t = one(&format!("(;GM[1]\n SZ[{bad}])"));
        let e = t.board_size().unwrap_err();
        assert!(matches!(e.kind, ValueErrorKind::Size(_)), "{bad}");
        assert_eq!(e.location, Some(Location { line: 2, column: 2 }));
        assert!(
            e.to_string().starts_with("line 2, column 2: property SZ: "),
            "{e}"
        );
        assert!(to_game(&t, None).is_err());
    }
}

#[test]
fn moves_and_passes() {
    let t = one("(;SZ[9];B[ee];W[];B[tt];W[ab])");
    assert_eq!(
        t.moves().unwrap(),
        vec![
            (Color::Black, Move::Play(Point::new(4, 4))),
            (Color::White, Move::Pass),
            (Color::Black, Move::Pass),
            (Color::White, Move::Play(Point::new(0, 1))),
        ]
    );
    // On a 21x21 board `tt` is a point.
    let t = one("(;SZ[21];B[tt])");
    assert_eq!(t.moves().unwrap()[0].1, Move::Play(Point::new(19, 19)));
    // 25x25 reaches `y`.
    assert!(one("(;SZ[25];B[yy])").moves().is_ok());
    assert!(one("(;SZ[25];B[zz])").moves().is_err());
    assert_eq!(
        parse_point("zz", BoardSize::STANDARD)
            .unwrap_err()
            .to_string(),
        "point \"zz\" is off the 19 board"
    );
    assert!(matches!(
        parse_point("a", BoardSize::STANDARD),
        Err(PointError::Syntax(_))
    ));
    assert!(matches!(
        parse_point("A1", BoardSize::STANDARD),
        Err(PointError::Syntax(_))
    ));
    assert_eq!(point_to_text(Point::new(24, 0)), "ya");
    assert_eq!(move_to_text(Move::Pass), "");
}

#[test]
fn bad_point_reports_place() {
    let t = one("(;SZ[9]\n;B[ee]\n;W[zz])");
    let e = to_game(&t, None).unwrap_err();
    match &e {
        ReplayError::Value(v) => {
            assert_eq!(v.location, Some(Location { line: 3, column: 2 }));
            assert_eq!(v.property, "W");
            assert!(matches!(
                v.kind,
                ValueErrorKind::Point(PointError::OffBoard { .. })
            ));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        e.to_string().starts_with("line 3, column 2: property W:"),
        "{e}"
    );
    let e = to_game(&one("(;SZ[9];B[e5])"), None).unwrap_err();
    assert!(matches!(
        e,
        ReplayError::Value(ValueError {
            kind: ValueErrorKind::Point(PointError::Syntax(_)),
            ..
        })
    ));
}

#[test]
fn illegal_move_number() {
    let t = one("(;SZ[5]\n;B[cc];W[cb]\n;B[cc])");
    match to_game(&t, None) {
        Err(ReplayError::IllegalMove {
            move_number,
            location,
            error,
        }) => {
            assert_eq!(move_number, 3);
            assert_eq!(location, Some(Location { line: 3, column: 2 }));
            assert_eq!(error.reason, IllegalReason::Occupied);
        }
        other => panic!("{other:?}"),
    }
    let msg = to_game(&t, None).unwrap_err().to_string();
    assert_eq!(msg, "line 3, column 2: move 3 is illegal: B[cc] (occupied)");
    // Replaying up to the move before works.
    assert_eq!(replay(&t, None, Some(3)).unwrap().move_count(), 2);
    assert_eq!(replay(&t, None, Some(1)).unwrap().move_count(), 0);
    assert!(matches!(
        replay(&t, None, Some(5)),
        Err(ReplayError::NoSuchMove {
            requested: 5,
            available: 3
        })
    ));
    assert!(replay(&t, None, Some(0)).is_err());
}

#[test]
fn setup_in_later_nodes() {
    let t = one("(;SZ[5];B[aa];AB[bb]AW[cc];W[dd];AE[aa]PL[W];W[ee])");
    let game = to_game(&t, None).unwrap();
    let b = game.position().board();
    assert_eq!(b.get(Point::new(0, 0)), None);
    assert_eq!(b.get(Point::new(1, 1)), Some(Color::Black));
    assert_eq!(b.get(Point::new(2, 2)), Some(Color::White));
    assert_eq!(b.get(Point::new(4, 4)), Some(Color::White));
    // A setup that leaves a chain without liberties.
    let t = one("(;SZ[3]AB[ba][ab]\n;AW[aa])");
    assert!(matches!(
        to_game(&t, None),
        Err(ReplayError::Setup {
            location: Some(Location { line: 2, column: 2 }),
            ..
        })
    ));
    // A point in two setup lists of one node (or twice in one list) is an error that
    // names the point and where, not a silent choice of colour; the SGF specification
    // allows each point once per node.
    for text in [
        "(;SZ[9]AB[aa]AW[ab][ba][aa])",
        "(;SZ[9]AB[aa];AE[cc]AB[cc])",
        "(;SZ[9]AB[aa:cc][bb])",
    ] {
        let err = to_game(&one(text), None).unwrap_err();
        assert!(
            matches!(
                err,
                ReplayError::Setup {
                    error: crate::position::SetupError::Duplicate { .. },
                    location: Some(_),
                }
            ),
            "{text}: {err:?}"
        );
        assert!(err.to_string().contains("is given twice"), "{text}: {err}");
    }
    // AB replaces an existing stone.
    let t = one("(;SZ[3]AW[bb];AB[bb])");
    let game = to_game(&t, None).unwrap();
    assert_eq!(
        game.position().board().get(Point::new(1, 1)),
        Some(Color::Black)
    );
}

#[test]
fn compressed_point_lists() {
    let t = one("(;SZ[9]AB[aa:cc]AW[ge:ee][ii]MA[hh:ih])");
    assert_eq!(t.points(t.root(), "AB").unwrap().len(), 9);
    let aw = t.points(t.root(), "AW").unwrap();
    assert_eq!(
        aw[..3],
        [Point::new(4, 4), Point::new(5, 4), Point::new(6, 4)]
    );
    assert_eq!(aw.len(), 4);
    assert_eq!(t.markup(t.root()).unwrap().len(), 2);
    assert!(one("(;SZ[9]AB[aa:zz])").points(NodeId::ROOT, "AB").is_err());
    // The raw value keeps the compressed form, so writing reproduces it.
    assert_eq!(t.value(t.root(), "AB"), Some("aa:cc"));
    assert!(t.to_sgf().contains("AB[aa:cc]"));
}

#[test]
fn markup_labels_comments() {
    let text = "(;SZ[9]MA[aa]TR[bb][cc]SQ[dd]CR[ee]LB[ff:A][gg:x\\]y]C[a \\\\ b \\] c\\\nd])";
    let t = one(text);
    let r = t.root();
    assert_eq!(
        t.markup(r).unwrap(),
        vec![
            (Markup::Mark, Point::new(0, 0)),
            (Markup::Triangle, Point::new(1, 1)),
            (Markup::Triangle, Point::new(2, 2)),
            (Markup::Square, Point::new(3, 3)),
            (Markup::Circle, Point::new(4, 4)),
        ]
    );
    assert_eq!(
        t.labels(r).unwrap(),
        vec![
            (Point::new(5, 5), "A".to_string()),
            (Point::new(6, 6), "x]y".to_string())
        ]
    );
    assert_eq!(t.comment(r), Some("a \\ b ] cd"));
    assert!(matches!(
        one("(;LB[aa])").labels(NodeId::ROOT).unwrap_err().kind,
        ValueErrorKind::Label(_)
    ));
    // Hard line breaks stay; CRLF soft breaks vanish; escaped ordinary characters lose the
    // backslash.
    assert_eq!(one("(;C[a\nb])").comment(NodeId::ROOT), Some("a\nb"));
    assert_eq!(one("(;C[a\\\r\nb])").comment(NodeId::ROOT), Some("ab"));
    assert_eq!(one("(;C[\\a\\:b])").comment(NodeId::ROOT), Some("a:b"));
    // Written back escaped, and stable.
    let out = t.to_sgf();
    assert!(
        out.contains("LB[ff:A][gg:x\\]y]C[a \\\\ b \\] cd]"),
        "{out}"
    );
    assert_eq!(normalise(&out).unwrap(), out);
}

#[test]
fn builders() {
    let mut t = GameTree::new();
    let r = t.root();
    t.push_property(r, "SZ", ["9"]);
    let a = t.add_move(r, Color::Black, Move::Play(Point::new(2, 2)));
    let b = t.add_move(r, Color::Black, Move::Pass);
    t.add_comment(a, "first");
    t.add_comment(a, "second");
    t.add_markup(b, Markup::Circle, Point::new(0, 0));
    t.add_markup(b, Markup::Square, Point::new(1, 0));
    t.add_label(b, Point::new(8, 8), "end");
    assert_eq!(t.comment(a), Some("first\nsecond"));
    assert_eq!(
        t.to_sgf(),
        "(;SZ[9]\n(;B[cc]C[first\nsecond]\n)\n(;B[]CR[aa]SQ[ba]LB[ii:end]\n)\n)\n"
    );
    t.set_property(r, "SZ", ["13"]);
    assert_eq!(t.board_size().unwrap().width(), 13);
    assert!(t.remove_property(r, "SZ"));
    assert!(!t.remove_property(r, "SZ"));
    assert_eq!(one(&t.to_sgf()), t);
    assert_eq!(t.parent(b), Some(r));
    assert_eq!(t.children(r), &[a, b]);
}

#[test]
fn from_game_round_trip() {
    let mut setup = crate::Setup::empty(BoardSize::new(7, 5).unwrap());
    setup.stones = vec![
        (Point::new(1, 1), Color::Black),
        (Point::new(3, 3), Color::White),
    ];
    setup.to_play = Color::White;
    let pos = crate::Position::from_setup(&setup).unwrap();
    let mut game = crate::Game::from_position(pos, Ruleset::aga());
    game.play(Move::Play(Point::new(5, 1))).unwrap();
    game.play(Move::Pass).unwrap();
    let tree = from_game(&game);
    let text = tree.to_sgf();
    assert_eq!(
        text,
        "(;FF[4]GM[1]SZ[7:5]KM[7.5]RU[AGA]AB[bb]AW[dd]\n;W[fb]\n;B[]\n)\n"
    );
    let back = to_game(&one(&text), None).unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.ruleset(), game.ruleset());
    // White to move with no moves needs PL.
    let game = crate::Game::from_position(
        crate::Position::from_setup(&setup).unwrap(),
        Ruleset::chinese(),
    );
    assert!(from_game(&game).to_sgf().contains("PL[W]"));
}

#[test]
fn ff3_quirks() {
    let t = one(
        "(;FF[3]GaMe[1]SiZe[9]AddBlack[aa][bb]AddWhite[cc]CoPyright[x]\n;Black[dd]\n;White[tt])",
    );
    let ids: Vec<&str> = t
        .node(t.root())
        .properties()
        .iter()
        .map(Property::id)
        .collect();
    assert_eq!(ids, ["FF", "GM", "SZ", "AB", "AW", "CP"]);
    assert_eq!(t.moves().unwrap()[1], (Color::White, Move::Pass));
    assert_eq!(
        t.to_sgf(),
        "(;FF[3]GM[1]SZ[9]AB[aa][bb]AW[cc]CP[x]\n;B[dd]\n;W[tt]\n)\n"
    );
    let e = err("(;FF[3]\n size[9])");
    assert_eq!(at(&e), (2, 2));
    assert_eq!(e.kind, SgfErrorKind::BadIdentifier("size".into()));
}

#[test]
fn whitespace_collections_unknown() {
    let trees = parse("\u{feff} \n ( ; FF [4] \n AB [aa] \t [bb] ; B [cc] ( ; W[dd] ) ( ;W[ee] ) ) \n(;XY[1]ZZ[2][3]) \n").unwrap();
    assert_eq!(trees.len(), 2);
    assert_eq!(trees[0].len(), 4);
    assert_eq!(trees[0].points(trees[0].root(), "AB").unwrap().len(), 2);
    let t = &trees[1];
    let props = t.node(t.root()).properties();
    assert_eq!(props[0].id(), "XY");
    assert_eq!(props[1].values(), ["2", "3"]);
    assert_eq!(
        write_collection(&trees),
        "(;FF[4]AB[aa][bb]\n;B[cc]\n(;W[dd]\n)\n(;W[ee]\n)\n)\n(;XY[1]ZZ[2][3]\n)\n"
    );
}

#[test]
fn deep_variations() {
    let text = "(;SZ[9];B[aa](;W[bb](;B[cc](;W[dd];B[ee])(;W[ef]))(;B[cd]))(;W[ba]))";
    let t = one(text);
    assert_eq!(t.len(), 9);
    let main: Vec<_> = t.main_line().collect();
    assert_eq!(main.len(), 6);
    assert_eq!(t.moves().unwrap().len(), 5);
    let out = t.to_sgf();
    assert_eq!(
        out,
        "(;SZ[9]\n;B[aa]\n(;W[bb]\n(;B[cc]\n(;W[dd]\n;B[ee]\n)\n(;W[ef]\n)\n)\n(;B[cd]\n)\n)\n(;W[ba]\n)\n)\n"
    );
    assert_eq!(one(&out), t);
}

#[test]
fn syntax_error_positions() {
    // Unterminated value: reported at its '['.
    let e = err("(;GM[1]\n;C[abc");
    assert_eq!(
        (at(&e), &e.kind),
        ((2, 3), &SgfErrorKind::UnterminatedValue)
    );
    let e = err("(;C[ab\\]");
    assert_eq!(at(&e), (1, 4));
    // Missing ';'.
    let e = err("(;GM[1]\n  (B[aa]))");
    assert_eq!((at(&e), &e.kind), ((2, 4), &SgfErrorKind::MissingSemicolon));
    let e = err("(B[aa])");
    assert_eq!((at(&e), &e.kind), ((1, 2), &SgfErrorKind::MissingSemicolon));
    // Text after the tree.
    let e = err("(;GM[1])\n\n  x");
    assert_eq!(
        (at(&e), &e.kind),
        ((3, 3), &SgfErrorKind::TextAfterTree('x'))
    );
    assert_eq!(
        e.to_string(),
        "line 3, column 3: unexpected 'x' after the end of a game tree"
    );
    // Text before the tree.
    let e = err("hello");
    assert_eq!(
        (at(&e), &e.kind),
        ((1, 1), &SgfErrorKind::ExpectedTree('h'))
    );
    // Unknown characters, counted in characters not bytes.
    let e = err("(;C[é]\n;B[aa] ü)");
    assert_eq!(
        (at(&e), &e.kind),
        ((2, 8), &SgfErrorKind::UnexpectedChar('ü'))
    );
    let e = err("(;B[aa]5)");
    assert_eq!(
        (at(&e), &e.kind),
        ((1, 8), &SgfErrorKind::UnexpectedChar('5'))
    );
    // Property without value, node after variations, unexpected end, empty input.
    let e = err("(;B;W[aa])");
    assert_eq!(
        (at(&e), &e.kind),
        ((1, 4), &SgfErrorKind::MissingValue("B".into()))
    );
    let e = err("(;B[aa](;W[bb]);B[cc])");
    assert_eq!(
        (at(&e), &e.kind),
        ((1, 16), &SgfErrorKind::NodeAfterVariation)
    );
    let e = err("(;B[aa]\n(;W[bb])");
    assert_eq!((at(&e), &e.kind), ((2, 9), &SgfErrorKind::UnexpectedEnd));
    let e = err(" \n ");
    assert_eq!((at(&e), &e.kind), ((2, 2), &SgfErrorKind::NoGameTree));
    assert_eq!(err("()").kind, SgfErrorKind::MissingSemicolon);
    // Windows line breaks count once.
    let e = err("(;GM[1]\r\n\r\n;B[aa]?)");
    assert_eq!(at(&e), (3, 7));
}

#[test]
fn non_utf8_bytes() {
    let bytes = b"(;PW[\xb0\xd7]SZ[9];B[aa])";
    let t = &parse_bytes(bytes).unwrap()[0];
    assert_eq!(t.value(t.root(), "PW"), Some("\u{fffd}\u{fffd}"));
    assert_eq!(t.moves().unwrap().len(), 1);
}

#[test]
fn play_after_two_passes_continues() {
    let t = one("(;SZ[5];B[cc];W[];B[];W[];B[bb])");
    let game = to_game(&t, None).unwrap();
    assert_eq!(game.position().board().stone_count(Color::Black), 2);
    assert!(!game.is_over());
}

#[test]
fn other_value_errors() {
    let e = one("(;HA[two])").handicap().unwrap_err();
    assert_eq!(e.kind, ValueErrorKind::Number("two".into()));
    assert_eq!(
        e.to_string(),
        "line 1, column 3: property HA: \"two\" is not a number"
    );
    let t = one("(;PL[X])");
    assert!(matches!(
        t.player(t.root()).unwrap_err().kind,
        ValueErrorKind::Color(_)
    ));
    assert!(to_game(&t, None).is_err());
    assert_eq!(
        one("(;PL[white])").player(NodeId::ROOT).unwrap(),
        Some(Color::White)
    );
    let e = one("(;GM[2])").check_game_type().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 3: property GM: game type \"2\" is not Go (GM[1])"
    );
    let e = one("(;RU[klingon])").ruleset().unwrap_err();
    assert!(matches!(e.kind, ValueErrorKind::Ruleset(_)));
    assert_eq!(
        one("(;RU[Tromp/Taylor])").ruleset().unwrap(),
        Some(Ruleset::tromp_taylor())
    );
    assert_eq!(
        one("(;RU[New Zealand])").ruleset().unwrap(),
        Some(Ruleset::new_zealand())
    );
    // Errors in a property built in code have no place.
    let mut t = GameTree::new();
    t.push_property(NodeId::ROOT, "SZ", ["99"]);
    let e = t.board_size().unwrap_err();
    assert_eq!(e.location, None);
    assert!(e.to_string().starts_with("property SZ: "));
}

#[test]
fn unknown_properties_in_later_nodes_keep_order() {
    let t = one("(;SZ[9];ZZ[1]B[aa]YY[2]C[x]XX[3])");
    let node = t.children(t.root())[0];
    let ids: Vec<&str> = t.node(node).properties().iter().map(Property::id).collect();
    assert_eq!(ids, ["ZZ", "B", "YY", "C", "XX"]);
    assert_eq!(
        t.node_move(node).unwrap(),
        Some((Color::Black, Move::Play(Point::new(0, 0))))
    );
    assert_eq!(t.to_sgf(), "(;SZ[9]\n;ZZ[1]B[aa]YY[2]C[x]XX[3]\n)\n");
    // Repeated properties are kept separately, and `get` finds the first.
    let t = one("(;C[a]C[b])");
    assert_eq!(t.node(t.root()).properties().len(), 2);
    assert_eq!(t.comment(t.root()), Some("a"));
    // A built property without values stays readable.
    let mut t = GameTree::new();
    t.push_property(NodeId::ROOT, "XX", Vec::<String>::new());
    assert_eq!(t.to_sgf(), "(;XX[]\n)\n");
}

#[test]
fn single_valued_properties_given_twice_are_errors() {
    for (text, prop, want) in [
        (
            "(;SZ[5]AB[aa]PL[B]PL[W])",
            "PL",
            ValueErrorKind::NotSingle(2),
        ),
        ("(;SZ[5]SZ[9]AB[aa])", "SZ", ValueErrorKind::NotSingle(2)),
        ("(;SZ[5][9])", "SZ", ValueErrorKind::NotSingle(2)),
        ("(;SZ[5]KM[6.5][0.5])", "KM", ValueErrorKind::NotSingle(2)),
        ("(;SZ[5];B[aa][bb])", "B", ValueErrorKind::NotSingle(2)),
        ("(;SZ[5];B[aa]W[bb])", "W", ValueErrorKind::TwoMoves),
        ("(;SZ[]AB[aa])", "SZ", ValueErrorKind::EmptySize),
    ] {
        let e = to_game(&one(text), None).unwrap_err();
        let ReplayError::Value(v) = &e else {
            panic!("{text}: {e:?}");
        };
        assert_eq!((v.property.as_str(), &v.kind), (prop, &want), "{text}");
        assert!(v.location.is_some(), "{text}");
        assert!(e.to_string().contains("line 1"), "{text}: {e}");
    }
    // One value each, and a list property given twice (merged as before).
    let game = to_game(&one("(;SZ[5]KM[0.5]PL[W]AB[aa]AB[bb];W[cc])"), None).unwrap();
    assert_eq!(game.position().board().stone_count(Color::Black), 2);
}
