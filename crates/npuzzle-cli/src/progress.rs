//! Progress bars on a terminal (indicatif), nothing when stderr is not a terminal or
//! `--quiet` is given.

use std::io::IsTerminal;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use npuzzle::util::progress::Progress;

/// Draws the library's progress reports as bars on stderr.
pub struct Bars {
    visible: bool,
    /// Whether work of unknown length (a search's iterations) is shown too.
    spinners: bool,
    bar: Mutex<Option<ProgressBar>>,
}

impl Bars {
    /// Bars that draw only when stderr is a terminal and `quiet` is false.
    pub fn new(quiet: bool) -> Bars {
        Bars {
            visible: !quiet && std::io::stderr().is_terminal(),
            spinners: true,
            bar: Mutex::new(None),
        }
    }

    /// Bars for work of known length only (table builds): for commands that draw their
    /// own bar over many searches, whose iterations would only flicker over it.
    pub fn builds_only(quiet: bool) -> Bars {
        Bars {
            spinners: false,
            ..Bars::new(quiet)
        }
    }
}

impl Progress for Bars {
    fn start(&self, what: &str, total: u64) {
        if !self.visible || (total == 0 && !self.spinners) {
            return;
        }
        let bar = if total > 0 {
            ProgressBar::new(total).with_style(
                ProgressStyle::with_template(
                    "{msg} [{bar:40}] {percent:>3}% {human_pos}/{human_len} {per_sec} eta {eta}",
                )
                .expect("valid template")
                .progress_chars("=> "),
            )
        } else {
            // No total to measure against: a spinner, redrawn on a timer so that the
            // elapsed time moves while the work reports nothing.
            let spinner = ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                    .expect("valid template"),
            );
            spinner.enable_steady_tick(std::time::Duration::from_millis(200));
            spinner
        };
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.set_message(what.to_string());
        *self.bar.lock().expect("progress lock") = Some(bar);
    }

    fn advance(&self, units: u64) {
        if let Some(bar) = self.bar.lock().expect("progress lock").as_ref() {
            bar.inc(units);
        }
    }

    fn finish(&self) {
        if let Some(bar) = self.bar.lock().expect("progress lock").take() {
            bar.finish_and_clear();
        }
    }

    /// Said even under `--quiet` and off a terminal: a wait of a minute needs a reason.
    fn notice(&self, line: &str) {
        match self.bar.lock().expect("progress lock").as_ref() {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }
}
