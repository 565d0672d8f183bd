//! The effective branching factor b* of a search (Russell & Norvig): the branching factor
//! a uniform tree of the solution's depth `d` would need to hold the search's `N` nodes
//! plus its root, `N + 1 = 1 + b* + b*² + … + b*^d`. It lets searches of different depths
//! be compared on one scale: a good heuristic keeps it near 1.
//!
//! ```
//! use npuzzle::search::effective_branching_factor;
//!
//! // The book's example: 52 nodes at depth 5.
//! let b = effective_branching_factor(52, 5).unwrap();
//! assert!((b - 1.92).abs() < 0.005);
//! assert!((effective_branching_factor(7, 1).unwrap() - 7.0).abs() < 1e-9); // one level: b* = N
//! assert_eq!(effective_branching_factor(7, 0), None); // no tree of depth 0 holds nodes
//! ```

/// The `b*` with `N + 1 = 1 + b* + … + b*^depth`, to within `1e-12` relative; `None` at
/// depth 0, where no `b*` solves it.
pub fn effective_branching_factor(nodes: u64, depth: u32) -> Option<f64> {
    effective_branching_factor_of(nodes as f64, depth)
}

/// [`effective_branching_factor`] of a count of nodes that need not be whole, such as the
/// mean over many searches (the book's tables give b* of such a mean); `None` at depth 0
/// and for a count that is negative or not finite, where no `b*` solves it.
///
/// The sum grows strictly with `b*` from `1` (at `b* = 0`), so for any `nodes` the
/// equation has exactly one non-negative root; it lies in `[0, max(nodes, 1)]`
/// (at `b* = N` the `b*` term alone reaches `N` when `N ≥ 1`), found by bisection.
pub fn effective_branching_factor_of(nodes: f64, depth: u32) -> Option<f64> {
    if depth == 0 || !nodes.is_finite() || nodes < 0.0 {
        return None;
    }
    let target = nodes + 1.0;
    // 1 + b + … + b^d, stopping once past the target so large depths cannot overflow.
    let tree = |b: f64| {
        let (mut sum, mut term) = (1.0, 1.0);
        for _ in 0..depth {
            term *= b;
            sum += term;
            if sum > target {
                break;
            }
        }
        sum
    };
    let (mut low, mut high) = (0.0f64, nodes.max(1.0));
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if tree(mid) < target {
            low = mid;
        } else {
            high = mid;
        }
        if high - low <= 1e-12 * high.max(1e-300) {
            break;
        }
    }
    Some(0.5 * (low + high))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_books_example_and_one_level() {
        let b = effective_branching_factor(52, 5).unwrap();
        assert!((b - 1.92).abs() < 0.005, "{b}");
        for n in 0..50 {
            let b = effective_branching_factor(n, 1).unwrap();
            assert!((b - n as f64).abs() < 1e-9, "depth 1 gives N: {n} -> {b}");
        }
        assert_eq!(effective_branching_factor(10, 0), None);
    }

    #[test]
    fn a_mean_count_lies_between_its_neighbours() {
        let (below, above) = (
            effective_branching_factor(52, 5).unwrap(),
            effective_branching_factor(53, 5).unwrap(),
        );
        let between = effective_branching_factor_of(52.5, 5).unwrap();
        assert!(
            below < between && between < above,
            "{below} {between} {above}"
        );
        assert_eq!(effective_branching_factor_of(52.0, 5), Some(below));
        for refused in [-1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(effective_branching_factor_of(refused, 5), None, "{refused}");
        }
    }

    #[test]
    fn a_full_binary_tree_has_b_star_2() {
        // 2 + 4 + … + 2^d nodes below the root.
        for d in 1..40u32 {
            let nodes = (1u64 << (d + 1)) - 2;
            let b = effective_branching_factor(nodes, d).unwrap();
            assert!((b - 2.0).abs() < 1e-9, "depth {d}: {b}");
        }
    }

    proptest! {
        #[test]
        fn solves_the_equation_and_grows_with_nodes_and_shrinks_with_depth(n in 1u64..10_000_000, d in 1u32..80) {
            let b = effective_branching_factor(n, d).unwrap();
            let sum: f64 = (0..=d).map(|i| b.powi(i as i32)).sum();
            prop_assert!((sum - (n as f64 + 1.0)).abs() <= 1e-6 * (n as f64 + 1.0), "{n} {d} {b} {sum}");
            prop_assert!(effective_branching_factor(n + 1, d).unwrap() > b);
            // Non-strict: with b* < 1 a deeper level adds less than the bisection resolves.
            prop_assert!(effective_branching_factor(n, d + 1).unwrap() <= b);
        }
    }
}
