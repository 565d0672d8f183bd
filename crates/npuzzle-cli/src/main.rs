//! `npuzzle`: the command-line face of the npuzzle library (see the `npuzzle_cli` crate).

fn main() -> std::process::ExitCode {
    npuzzle_cli::main()
}
