//! Ends the process, with an error naming the peer, when the cluster cannot go on: a
//! connection lost (timely's network threads panic on it, and a panic hook turns that
//! into a failure record instead of a message), or a peer silent for longer than the
//! timeout. A search waiting for a lost peer's share would otherwise wait forever.

use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

use crate::state::Shared;

/// The exit code of a process whose cluster failed.
pub const EXIT_CLUSTER_FAILED: i32 = 4;

/// The failures reported by panicking timely threads (name, message), read by the
/// watchdog. A panic hook is for the whole process, so this is too.
static PANICS: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// Installs (once) the hook that records timely's panics instead of printing them.
fn install_hook() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current();
            let name = thread.name().unwrap_or_default();
            if name.starts_with("timely:") {
                let message = info
                    .payload()
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| {
                        info.payload()
                            .downcast_ref::<&str>()
                            .map(|s| (*s).to_string())
                    })
                    .unwrap_or_default();
                PANICS
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push((name.to_string(), message));
            } else {
                previous(info);
            }
        }));
    });
}

/// Watches `shared` every few hundred milliseconds until it is dropped.
pub(crate) fn watch(shared: &Arc<Shared>, silence: Duration) {
    install_hook();
    let weak: Weak<Shared> = Arc::downgrade(shared);
    std::thread::Builder::new()
        .name("npuzzle-cluster-watchdog".into())
        .spawn(move || loop {
            std::thread::sleep(Duration::from_millis(200));
            let Some(shared) = weak.upgrade() else {
                return;
            };
            if let Some(failure) = failure(&shared, silence) {
                eprintln!("error: the cluster cannot go on: {failure}");
                std::process::exit(EXIT_CLUSTER_FAILED);
            }
        })
        .expect("a thread starts");
}

/// What has gone wrong, if anything.
fn failure(shared: &Shared, silence: Duration) -> Option<String> {
    let panics = PANICS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    let heard = shared.heard();
    if let Some(failure) = &heard.failure {
        return Some(failure.clone());
    }
    // `timely:recv-3` and `timely:send-3` talk to process 3; `timely:work-0` is ours.
    for (thread, message) in &panics {
        let peer = thread
            .rsplit_once('-')
            .filter(|(kind, _)| kind.ends_with("recv") || kind.ends_with("send"))
            .and_then(|(_, n)| n.parse::<usize>().ok())
            .filter(|&p| p < shared.processes());
        if let Some(peer) = peer {
            if heard.finished[peer] {
                continue;
            }
            return Some(format!(
                "{} was lost ({})",
                shared.describe(peer),
                message.trim_start_matches("timely communication error: ")
            ));
        }
    }
    if let Some((_, message)) = panics.first() {
        return Some(format!(
            "the connection to the other processes failed ({message})"
        ));
    }
    for (peer, last) in heard.last_word.iter().enumerate() {
        if peer != shared.process && !heard.finished[peer] && last.elapsed() > silence {
            return Some(format!(
                "nothing heard from {} for {:.0} s",
                shared.describe(peer),
                last.elapsed().as_secs_f64()
            ));
        }
    }
    None
}
