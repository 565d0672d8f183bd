//! Tile notation: blank moves written as tiles and read back are the same moves, on random
//! solutions and on any move list; slidy's documented examples reach the boards they name;
//! bad text is an error naming its place, never a panic.

use npuzzle::puzzle::notation::{Notation, MAX_RUN};
use npuzzle::puzzle::random::random_board;
use npuzzle::{parse_board, solve, Algorithm, Board, Move, ParseError, Size, SolveOptions};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

fn tiles(text: &str) -> Vec<Move> {
    Notation::Tiles.parse(text).unwrap()
}

/// `board` after the tile-notation moves `text`.
fn after(board: &str, size: Option<Size>, text: &str) -> Board {
    let mut board = parse_board(board, size).unwrap();
    board.apply_all(&tiles(text)).unwrap();
    board
}

fn any_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        Just(Move::Up),
        Just(Move::Down),
        Just(Move::Left),
        Just(Move::Right)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The optimal (table) or constructive solution of a random board, written in tiles
    /// and read back, is the same list of moves; both notations reach the goal.
    #[test]
    fn solutions_round_trip(seed in any::<u64>(), width in 2usize..7, height in 2usize..7) {
        let size = Size::new(width, height).unwrap();
        let goal = Board::goal(size);
        let start = random_board(&goal, &mut StdRng::seed_from_u64(seed));
        let options = SolveOptions {
            algorithm: if size.cells() <= 10 { Algorithm::Auto } else { Algorithm::Constructive },
            ..SolveOptions::default()
        };
        let moves = solve(&start, &goal, &options).unwrap().moves;
        let written = Notation::Tiles.write(&moves);
        prop_assert_eq!(Notation::Tiles.parse(&written).unwrap(), moves.clone());
        let blank = Notation::Blank.write(&moves);
        prop_assert_eq!(Notation::Blank.parse(&blank).unwrap(), moves);
        let mut board = start.clone();
        board.apply_all(&Notation::Tiles.parse(&written).unwrap()).unwrap();
        prop_assert_eq!(board, goal);
    }

    /// Any move list at all round-trips, and its tile form is never longer.
    #[test]
    fn any_moves_round_trip(moves in prop::collection::vec(any_move(), 0..300)) {
        let written = Notation::Tiles.write(&moves);
        prop_assert!(written.len() <= moves.len());
        prop_assert_eq!(Notation::Tiles.parse(&written).unwrap(), moves);
    }

    /// Any move list, long runs included (past the 999 a tile-notation count may say),
    /// written in tiles and read back is the same list: `R999R` is 1000 moves one way.
    #[test]
    fn long_runs_round_trip(
        runs in prop::collection::vec((any_move(), 1usize..3 * MAX_RUN), 0..5),
    ) {
        let moves: Vec<Move> = runs
            .iter()
            .flat_map(|&(mv, n)| std::iter::repeat_n(mv, n))
            .collect();
        let written = Notation::Tiles.write(&moves);
        prop_assert_eq!(Notation::Tiles.parse(&written).unwrap(), moves.clone());
        // from_tiles(to_tiles(m)) == m, as the Python package names them.
        let blank = Notation::Blank.write(&moves);
        let tiles = Notation::Tiles.write(&Notation::Blank.parse(&blank).unwrap());
        prop_assert_eq!(
            Notation::Blank.write(&Notation::Tiles.parse(&tiles).unwrap()),
            blank
        );
    }

    /// Any text is read or refused with its place; never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in "[UDLRudlr0-9 ,xX\u{e9}]{0,40}") {
        match Notation::Tiles.parse(&text) {
            Ok(moves) => prop_assert!(moves.len() <= text.len() * MAX_RUN),
            Err(
                ParseError::BadTileMove { index, .. }
                | ParseError::StrayCount { index, .. }
                | ParseError::LongRun { index, .. },
            ) => prop_assert!(index >= 1 && index <= text.chars().count()),
            Err(other) => prop_assert!(false, "unexpected error {other}"),
        }
    }
}

/// The examples in slidy's documentation and tests (benwh1/slidy: the crate docs, and
/// `Puzzle` and `Algorithm` tests), which name the boards they reach.
#[test]
fn slidys_examples_reach_the_boards_they_name() {
    // lib.rs: "Apply a sequence of moves to a puzzle" ends solved.
    assert_eq!(
        after("8 2 0/4 6 1/3 7 5", None, "R2U2LDLDRURDLULDRULURDLU"),
        Board::goal(Size::square(3).unwrap())
    );
    let solved4 = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0";
    // puzzle.rs test_apply_alg.
    assert_eq!(
        after(solved4, None, "D3RU2RD2RU3L3").cells(),
        [5, 1, 7, 3, 9, 2, 11, 4, 13, 6, 10, 8, 14, 15, 12, 0]
    );
    // puzzle.rs test_apply_move: D2, R3, U1.
    assert_eq!(
        after(solved4, None, "D2R3U").cells(),
        [1, 2, 3, 4, 9, 5, 6, 7, 0, 10, 11, 8, 13, 14, 15, 12]
    );
    // puzzle.rs test_move_dir: D, R, U.
    assert_eq!(
        after(solved4, None, "DRU").cells(),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 11, 13, 14, 0, 12]
    );
    // puzzle.rs test_can_apply_alg: both apply to the solved 4x4.
    for alg in ["D3RU2RD2RU3L3", "R2DL2UR2D2RU2LD3RULURDLDLU2RDLULD2RULDR2U"] {
        let mut board = parse_board(solved4, None).unwrap();
        assert!(board.apply_all(&tiles(alg)).is_ok(), "{alg}");
    }
    // puzzle.rs test_can_apply_alg_2: L4 leaves the board with the gap in column 1.
    let mut board = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15", None).unwrap();
    assert_eq!(board.apply_all(&tiles("L4")), Err(3));
    // algorithm.rs tests: the short form, the long form, counts of several digits, zero.
    assert_eq!(tiles("U2L3DR4").len(), 10);
    assert_eq!(tiles("U2RDL3"), tiles("UURDLLL"));
    assert_eq!(Notation::Tiles.write(&tiles("UURDLLL")), "U2RDL3");
    assert_eq!(tiles("R3L0U2"), tiles("RRRUU"));
    assert_eq!(tiles(""), Vec::<Move>::new());
    assert_eq!(tiles("U2 R D L3"), tiles("U2RDL3"));
    // ...and its errors: a letter that is no move, a count before any move.
    assert_eq!(
        Notation::Tiles.parse("D3RU2RD2aRU3L3"),
        Err(ParseError::BadTileMove {
            index: 9,
            found: 'a'
        })
    );
    assert_eq!(
        Notation::Tiles.parse("3R4DL2"),
        Err(ParseError::StrayCount {
            index: 1,
            found: '3'
        })
    );
}

#[test]
fn errors_name_the_character() {
    let message = |text: &str| Notation::Tiles.parse(text).unwrap_err().to_string();
    assert_eq!(
        message("R2u"),
        "character 3 ('u') is not a tile move: tile notation writes U, D, L, R in capitals \
         (lowercase u d l r name the blank's moves)"
    );
    assert!(message("L1234567890").starts_with("character 1: the run 'L1234567890' is longer"));
    // A run of a million digits is quoted short.
    assert!(message(&format!("R{}", "9".repeat(1_000_000))).len() < 200);
    assert_eq!(
        Notation::Tiles.parse(&format!("L{MAX_RUN}")).unwrap().len(),
        MAX_RUN
    );
    assert!(Notation::Tiles.parse(&format!("L{}", MAX_RUN + 1)).is_err());
    assert_eq!("tiles".parse::<Notation>(), Ok(Notation::Tiles));
    assert_eq!(
        "klingon".parse::<Notation>().unwrap_err().to_string(),
        "unknown notation 'klingon' (blank, tiles)"
    );
}

#[test]
fn a_run_past_the_longest_count_is_written_as_several() {
    let moves = vec![Move::Left; MAX_RUN + 1];
    assert_eq!(Notation::Tiles.write(&moves), format!("R{MAX_RUN}R"));
    assert_eq!(
        Notation::Tiles.write(&vec![Move::Up; 2 * MAX_RUN + 5]),
        format!("D{MAX_RUN}D{MAX_RUN}D5")
    );
    assert_eq!(Notation::Tiles.parse(&format!("R{MAX_RUN}R")), Ok(moves));
}

/// Capitals are tile notation, the opposite of the blank's moves: read as the blank's
/// moves they are refused, naming the character and what it would mean, never taken
/// for the lowercase move.
#[test]
fn capitals_are_not_the_blanks_moves() {
    for (capital, blank) in [('U', 'd'), ('D', 'u'), ('L', 'r'), ('R', 'l')] {
        let error = Notation::Blank.parse(&format!("ul{capital}")).unwrap_err();
        assert_eq!(
            error,
            ParseError::BadMove {
                index: 3,
                found: capital
            }
        );
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("move 3 ('{capital}') is not one of u, d, l, r"))
                && message.contains("tile notation")
                && message.contains(&format!("blank's '{blank}'")),
            "{message}"
        );
        assert_eq!(Move::from_letter(capital), None);
        assert_eq!(
            Move::from_letter(blank),
            Move::from_tile_letter(capital),
            "the capital names the lowercase letter's move in tile notation"
        );
    }
    // What `solve --notation tiles` prints for 283104765: refused as the blank's moves.
    assert!(Notation::Blank.parse("DRUL").is_err());
    assert_eq!(Notation::Tiles.parse("DRUL"), Notation::Blank.parse("uldr"));
    assert_eq!(
        Notation::Blank.parse("x").unwrap_err().to_string(),
        "move 1 ('x') is not one of u, d, l, r"
    );
}

/// Every tile letter is the blank's opposite move, checked on the board: after `U` the
/// tile that stood below the blank stands where the blank was.
#[test]
fn tile_letters_name_the_tile_that_slides() {
    let board = parse_board("1 2 3/4 0 5/6 7 8", None).unwrap();
    for (letter, from) in [('U', 7), ('D', 1), ('L', 5), ('R', 3)] {
        let mv = Move::from_tile_letter(letter).unwrap();
        assert_eq!(mv.tile_letter(), letter);
        let moved = board.moved(mv).unwrap();
        assert_eq!(moved.tile_at(4), board.tile_at(from), "{letter}");
        assert_eq!(moved.blank(), from, "{letter}");
    }
}
