//! `/api/random`: seeded, solvable boards, the walk cap, seeds that survive JavaScript.

use super::*;

/// The API table (docs/API.md) states the longest walk `/api/random` takes, and the
/// server holds to it.
#[tokio::test]
async fn the_walk_cap_is_the_readmes() {
    let readme = include_str!("../../../../../docs/API.md");
    let row = readme
        .lines()
        .find(|l| l.starts_with("| `GET /api/random"))
        .expect("the API table's /api/random row");
    let grouped = |n: usize| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    assert!(
        row.contains(&format!("at most {}", grouped(crate::serve::api::MAX_WALK))),
        "{row}"
    );
    let at_cap = format!("/api/random?walk={}", crate::serve::api::MAX_WALK);
    assert_eq!(call(default_app(), get(&at_cap)).await.0, StatusCode::OK);
    let over = format!("/api/random?walk={}", crate::serve::api::MAX_WALK + 1);
    assert_error(default_app(), get(&over), StatusCode::BAD_REQUEST, "walk").await;
}

#[tokio::test]
async fn random_boards_are_seeded_and_solvable() {
    let (status, a) = call(default_app(), get("/api/random?size=4x4&seed=7")).await;
    assert_eq!(status, StatusCode::OK);
    let (_, b) = call(default_app(), get("/api/random?size=4x4&seed=7")).await;
    assert_eq!(a, b);
    assert_eq!(a["seed"], 7);
    let board = parse_board(a["board"].as_str().unwrap(), None).unwrap();
    assert!(is_solvable(&board, &Board::goal(board.size())));

    // With a goal, boards reach that goal; an unseeded request says which seed it drew.
    let (status, c) = call(
        default_app(),
        get("/api/random?size=3x3&goal=1%202%203/8%200%204/7%206%205"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(c["seed"].is_u64());
    let board = parse_board(c["board"].as_str().unwrap(), None).unwrap();
    let goal = parse_board("1 2 3/8 0 4/7 6 5", None).unwrap();
    assert!(is_solvable(&board, &goal));
}

#[tokio::test]
async fn lazy_walks_are_the_command_lines_and_keep_to_the_cap() {
    let (status, body) = call(
        default_app(),
        get("/api/random?size=6x6&seed=5&lazy_walk=1000..2000"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let goal = Board::goal(npuzzle::Size::square(6).unwrap());
    let walk: npuzzle::puzzle::lazy_walk::LazyWalk = "1000..2000".parse().unwrap();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
    assert_eq!(
        parse_board(body["board"].as_str().unwrap(), None).unwrap(),
        walk.draw(&goal, &mut rng)
    );
    let cap = crate::serve::api::MAX_WALK;
    let at_cap = format!("/api/random?lazy_walk={cap}");
    assert_eq!(call(default_app(), get(&at_cap)).await.0, StatusCode::OK);
    for bad in [
        format!("/api/random?lazy_walk=1..{}", cap + 1),
        "/api/random?lazy_walk=9..3".to_string(),
        "/api/random?lazy_walk=x".to_string(),
        "/api/random?lazy_walk=3&walk=3".to_string(),
    ] {
        assert_error(
            default_app(),
            get(&bad),
            StatusCode::BAD_REQUEST,
            "lazy_walk",
        )
        .await;
    }
}

#[tokio::test]
async fn seeds_survive_javascript() {
    // Drawn seeds stay below 2^53, where a JavaScript number holds them exactly.
    for _ in 0..50 {
        let (_, body) = call(default_app(), get("/api/random")).await;
        let seed = body["seed"].as_u64().unwrap();
        assert!(seed < 1 << 53, "{seed}");
        assert_eq!(body["seed_text"], seed.to_string());
    }
    // A larger seed given by the caller comes back exactly as text too.
    let (_, body) = call(default_app(), get("/api/random?seed=12162841214173044634")).await;
    assert_eq!(body["seed_text"], "12162841214173044634");
}

#[tokio::test]
async fn boards_asked_for_are_always_sent() {
    for (board, extra, count) in [
        ("1 2 3/4 5 6/7 0 8", json!({}), 2),
        ("1 2 3/4 5 6/8 7 0", json!({}), 0),
        // Bounded: the boards along the best answer found.
        (HARD_3X3, json!({"algorithm": "bfs", "max_nodes": 10}), 32),
        (HARD_3X3, json!({"algorithm": "bfs", "max_memory": "1M"}), 0),
    ] {
        let mut request = json!({"board": board, "boards": true});
        request
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let (status, body) = call(default_app(), post_json("/api/solve", &request)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["boards"].as_array().map(Vec::len),
            Some(count),
            "{body}"
        );
    }
}
