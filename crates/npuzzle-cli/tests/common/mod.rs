//! What the command-line tests share: the binary, kept away from the user's table cache,
//! and its output read as text, JSON or JSON Lines.

#![allow(dead_code)] // each test file uses its own part of this

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command as Process, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use serde_json::Value;

/// A scratch table cache shared by the tests of one run (tables built there once serve
/// every test), never the user's.
pub fn scratch_cache() -> PathBuf {
    std::env::temp_dir().join("npuzzle-cli-tests")
}

/// `npuzzle`, with [`scratch_cache`] as its default cache.
pub fn npuzzle() -> Command {
    let mut command = Command::cargo_bin("npuzzle").expect("the binary is built");
    command.env("NPUZZLE_CACHE_DIR", scratch_cache());
    command
}

/// The standard output of a successful run of `npuzzle args` with `stdin`.
pub fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = npuzzle().args(args).write_stdin(stdin).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8 output")
}

/// The standard output of a successful run, read as one JSON document.
pub fn json_of(args: &[&str], stdin: &str) -> Value {
    let text = stdout_of(args, stdin);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// JSON Lines, one value a line.
pub fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// A running `npuzzle serve` on a free loopback port, killed when dropped.
pub struct Server {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
}

impl Server {
    /// Starts `npuzzle serve` with the flags `extra` and waits for its address.
    pub fn start(extra: &[&str]) -> Server {
        Server::spawn(
            Process::new(assert_cmd::cargo::cargo_bin("npuzzle")),
            extra,
            Stdio::inherit(),
        )
    }

    /// As [`Server::start`], under a descriptor limit of `descriptors` (soft and hard) as
    /// `ulimit -n` sets it, with its standard error kept for [`Server::wait_exit`].
    pub fn start_limited(descriptors: u64, extra: &[&str]) -> Server {
        let mut shell = Process::new("sh");
        shell
            .arg("-c")
            .arg(format!("ulimit -n {descriptors} && exec \"$0\" \"$@\""))
            .arg(assert_cmd::cargo::cargo_bin("npuzzle"));
        Server::spawn(shell, extra, Stdio::piped())
    }

    /// `command` (which runs `npuzzle` with the arguments that follow) serving on a free
    /// loopback port.
    fn spawn(mut command: Process, extra: &[&str], stderr: Stdio) -> Server {
        let mut child = command
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("starting npuzzle serve");
        let stdout = child.stdout.take().unwrap();
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = send.send(line);
        });
        let Ok(line) = receive.recv_timeout(Duration::from_secs(30)) else {
            let _ = child.kill();
            panic!("npuzzle serve did not say where it listens within 30 s");
        };
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
        Server { child, addr }
    }

    /// The URL of `path` on this server.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// One plain HTTP/1.1 GET; the status code and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.request(&format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        ))
    }

    /// One plain HTTP/1.1 POST of a JSON body; the status code and the body.
    pub fn post_json(&self, path: &str, body: &Value) -> (u16, String) {
        let body = body.to_string();
        self.request(&format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        ))
    }

    /// Sends `request` on a new connection and reads the answer to the end: its status
    /// code and body.
    pub fn request(&self, request: &str) -> (u16, String) {
        let mut stream = TcpStream::connect_timeout(&self.addr, Duration::from_secs(5)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response
            .get(9..12)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not an HTTP answer: {response:?}"));
        let body = response
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        (status, body)
    }

    /// `/api/health` as JSON.
    /// The server's resident memory now, and at its peak, in KiB (`/proc`).
    pub fn resident_kib(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
                .unwrap_or(0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    pub fn health(&self) -> Value {
        let (status, body) = self.get("/api/health");
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    /// Waits (bounded) until `n` searches are running.
    pub fn until_searching(&self, n: u64) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.health()["searches"]["running"].as_u64() != Some(n) {
            assert!(Instant::now() < deadline, "{n} searches never ran at once");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends `signal` (a `kill` name: TERM, INT) to the server.
    pub fn signal(&self, signal: &str) {
        send_signal(&self.child, signal);
    }

    /// Waits at most `limit` for the server to exit; its exit status and (when started
    /// with [`Server::start_limited`]) its standard error.
    pub fn wait_exit(&mut self, limit: Duration) -> (ExitStatus, String) {
        wait_exit(&mut self.child, limit)
    }
}

/// Sends `signal` (a `kill` name: TERM, INT) to `child`.
pub fn send_signal(child: &Child, signal: &str) {
    let status = Process::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(status.success(), "kill -{signal} failed");
}

/// Waits at most `limit` for `child` to exit; its exit status and its standard error
/// (when piped).
pub fn wait_exit(child: &mut Child, limit: Duration) -> (ExitStatus, String) {
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the process did not exit within {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        pipe.read_to_string(&mut stderr).unwrap();
    }
    (status, stderr)
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What `npuzzle ARGS < input` cost: its exit code, its standard error, its peak resident
/// memory in bytes and its wall time (its standard output is dropped). The peak is the
/// kernel's high-water mark, which keeps what a forked child held before its exec: the
/// test process's own size at most, about 100 MB with the other tests running.
pub fn measured(args: &[&str], input: &std::path::Path) -> (i32, String, u64, std::time::Duration) {
    measured_within(args, input, std::time::Duration::from_secs(120))
}

/// [`measured`], the child killed (and the test failed) if it runs past `deadline`: a
/// hang fails rather than hangs.
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also gives its resource use"
)]
pub fn measured_within(
    args: &[&str],
    input: &std::path::Path,
    deadline: std::time::Duration,
) -> (i32, String, u64, std::time::Duration) {
    use std::io::Read;
    let started = std::time::Instant::now();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("npuzzle"))
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let pid = child.id() as libc::pid_t;
    // The watchdog kills the child at the deadline unless told it was reaped before.
    let (reaped, told) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        let late = told.recv_timeout(deadline).is_err();
        if late {
            // SAFETY: `kill` only sends a signal. The child is reaped only after this
            // thread is told so or has sent it (bar a window of microseconds at the
            // deadline), so the pid is still the child's.
            #[allow(unsafe_code)]
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        late
    });
    let mut status = 0;
    // SAFETY: `wait4` writes only into the two values it is given; `rusage` is plain
    // data, for which all zeros is a valid value. The child is reaped here, once: `Child`
    // is dropped without waiting.
    #[allow(unsafe_code)]
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::wait4(pid, &raw mut status, 0, &raw mut usage), pid);
        usage
    };
    let elapsed = started.elapsed();
    let _ = reaped.send(());
    let late = watchdog.join().unwrap();
    assert!(
        !late,
        "npuzzle {args:?} ran past {deadline:?} and was killed"
    );
    assert!(libc::WIFEXITED(status), "exited: {status}");
    // Linux counts `ru_maxrss` in KiB.
    let peak = u64::try_from(usage.ru_maxrss).unwrap() * 1024;
    (libc::WEXITSTATUS(status), stderr, peak, elapsed)
}
