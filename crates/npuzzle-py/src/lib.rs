//! `npuzzle` for Python: the library's one door ([`npuzzle::solve`]) with its checker,
//! comparison, scrambles and distance tables, boards and moves as Python values.
//!
//! The binding translates and decides nothing: arguments become the library's options,
//! answers become Python objects carrying the fields `npuzzle solve --json` prints, and
//! the library's errors become Python exceptions by whose fault they are (`ValueError`
//! for a bad request, naming the token or argument at fault, `TypeError` for a value of
//! the wrong type; `OSError` when the machine fails a good one; [`errors::SearchLimit`]
//! when a limit stops a search).
//! Every search runs with the GIL released, so Python threads solve side by side, and
//! Ctrl-C stops it within a fraction of a second with `KeyboardInterrupt`
//! ([`interruptible`]).
//!
//! Built into a wheel by maturin (`pip install ./crates/npuzzle-py`); the type stubs are
//! `npuzzle.pyi` beside this crate's manifest, and the tests are `tests/test_npuzzle.py`.

mod analysis;
mod arguments;
mod board;
mod comparison;
mod depths;
mod errors;
mod functions;
mod html;
mod interruptible;
mod progress;
mod ranks;
mod results;
mod solution_stream;
mod svg;
mod trace;
mod values;

use pyo3::prelude::*;

/// Exact and fast sliding-tile puzzle solving (the 8-, 15- and 24-puzzle, any board of
/// width x height cells).
///
/// Boards are written as rows separated by "/" ("1 2 3/8 0 4/7 6 5"), as a flat list of
/// numbers, or as one run of digits for boards of at most 10 cells ("123804765"); the
/// blank is 0, x or _. Moves name the blank's motion (u d l r), or, in tile notation, the
/// way each tile slides (U D L R, runs counted: "R2U2L").
#[pymodule]
#[pyo3(name = "npuzzle")]
fn npuzzle_module(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_class::<board::PyBoard>()?;
    module.add_class::<results::PySolveResult>()?;
    module.add_class::<results::PySearchStats>()?;
    module.add_class::<results::PyVerdict>()?;
    module.add_class::<trace::PyTrace>()?;
    module.add_class::<trace::PyTraceIterator>()?;
    module.add_class::<solution_stream::PySolutionStream>()?;
    comparison::add(module)?;
    module.add("SearchLimit", module.py().get_type::<errors::SearchLimit>())?;
    module.add_function(wrap_pyfunction!(functions::solve, module)?)?;
    module.add_function(wrap_pyfunction!(
        solution_stream::optimal_solutions,
        module
    )?)?;
    module.add_function(wrap_pyfunction!(functions::compare, module)?)?;
    module.add_function(wrap_pyfunction!(functions::check, module)?)?;
    module.add_function(wrap_pyfunction!(analysis::analyse, module)?)?;
    module.add_function(wrap_pyfunction!(functions::random_board, module)?)?;
    module.add_function(wrap_pyfunction!(functions::distance, module)?)?;
    module.add_function(wrap_pyfunction!(functions::to_tiles, module)?)?;
    module.add_function(wrap_pyfunction!(functions::from_tiles, module)?)?;
    module.add_function(wrap_pyfunction!(ranks::rank, module)?)?;
    module.add_function(wrap_pyfunction!(ranks::unrank, module)?)?;
    module.add_function(wrap_pyfunction!(ranks::effective_branching_factor, module)?)?;
    module.add_function(wrap_pyfunction!(trace::trace, module)?)?;
    module.add_function(wrap_pyfunction!(depths::bench_by_depth, module)?)?;
    Ok(())
}
