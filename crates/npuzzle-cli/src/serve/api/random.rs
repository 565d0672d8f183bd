//! `GET /api/random`: a random board that can reach the goal.

use axum::response::IntoResponse;
use axum::Json;
use npuzzle::puzzle::lazy_walk::LazyWalk;
use npuzzle::puzzle::random::{random_board, random_walk};
use npuzzle::puzzle::state::MAX_SEARCH_CELLS;
use npuzzle::Size;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::error::{bad_input, ApiError, ErrorCode};
use super::fields::{count_usize, text, Field, Fields, Kind, GOAL, SIZE};
use super::request::QueryObject;
use crate::input::goal_of;

/// Longest random walk `/api/random` takes; longer walks are no more random.
pub const MAX_WALK: usize = 100_000;

/// `GET /api/random` parameters.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomQuery {
    /// `WxH` (default 3x3).
    size: Option<String>,
    /// Seed for a reproducible board (default: drawn, and returned).
    seed: Option<u64>,
    /// The goal the board must reach (default: tiles in order, blank last).
    goal: Option<String>,
    /// Make the board this many random moves from the goal instead of uniform.
    walk: Option<usize>,
    /// Make the board a lazy random walk back from the goal, as DeepCubeA made its test
    /// states: `K` steps or a number drawn from `A..B`.
    lazy_walk: Option<String>,
}

impl Fields for RandomQuery {
    const WHAT: &'static str = "a random request";
    const FIELDS: &'static [Field] = &[
        SIZE,
        Field {
            name: "seed",
            kind: Kind::Count {
                unit: "",
                most: u64::MAX,
            },
            required: false,
        },
        GOAL,
        count_usize("walk", "moves"),
        text(
            "lazy_walk",
            "a number of steps or a range of them as text, such as \"1000..10000\"",
        ),
    ];
}

/// `GET /api/random` answer.
#[derive(Debug, Serialize)]
struct RandomBoard {
    board: String,
    goal: String,
    size: String,
    seed: u64,
    /// The seed as text: exact in JavaScript, whose numbers round integers past 2^53.
    seed_text: String,
}

/// `GET /api/random?size=3x3&seed=7`: a random board that can reach the goal.
pub async fn random(
    QueryObject(query): QueryObject<RandomQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let size: Size = query
        .size
        .as_deref()
        .unwrap_or("3x3")
        .parse()
        .map_err(|e| ApiError::bad_request(ErrorCode::BadSize, format!("size: {e}")))?;
    if size.cells() > MAX_SEARCH_CELLS {
        return Err(ApiError::bad_request(
            ErrorCode::BadSize,
            format!(
                "size: a {size} board has {} cells; at most {MAX_SEARCH_CELLS} are served",
                size.cells()
            ),
        ));
    }
    let goal = goal_of(query.goal.as_deref(), size).map_err(bad_input(ErrorCode::BadGoal))?;
    // Drawn below 2^53, so the page's JavaScript numbers carry it exactly.
    let seed = query
        .seed
        .unwrap_or_else(|| rand::thread_rng().gen_range(0..1u64 << 53));
    let lazy_walk = query
        .lazy_walk
        .as_deref()
        .map(|text| {
            let walk: LazyWalk = text.parse().map_err(|e| {
                ApiError::bad_request(ErrorCode::BadLimit, format!("lazy_walk: {e}"))
            })?;
            if walk.max > MAX_WALK as u64 {
                return Err(ApiError::bad_request(
                    ErrorCode::BadLimit,
                    format!(
                        "lazy_walk: {} steps is more than the {MAX_WALK} allowed",
                        walk.max
                    ),
                ));
            }
            Ok(walk)
        })
        .transpose()?;
    let mut rng = StdRng::seed_from_u64(seed);
    let board = match (query.walk, lazy_walk) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                ErrorCode::BadLimit,
                "lazy_walk: give walk or lazy_walk, not both: they draw different walks",
            ))
        }
        (Some(steps), None) if steps > MAX_WALK => {
            return Err(ApiError::bad_request(
                ErrorCode::BadLimit,
                format!("walk: {steps} steps is more than the {MAX_WALK} allowed"),
            ))
        }
        (Some(steps), None) => random_walk(&goal, steps, &mut rng),
        (None, Some(walk)) => walk.draw(&goal, &mut rng),
        (None, None) => random_board(&goal, &mut rng),
    };
    Ok(Json(RandomBoard {
        board: board.to_string(),
        goal: goal.to_string(),
        size: size.to_string(),
        seed,
        seed_text: seed.to_string(),
    }))
}
