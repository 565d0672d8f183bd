//! What the command-line tests share: the binary, kept away from the user's table cache,
//! and its output read as text, JSON or JSON Lines.

#![allow(dead_code)] // each test file uses its own part of this

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command as Process, Stdio};
use std::sync::mpsc;
use std::time::Duration;

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
        let mut child = Process::new(assert_cmd::cargo::cargo_bin("npuzzle"))
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
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

    fn request(&self, request: &str) -> (u16, String) {
        let mut stream = TcpStream::connect_timeout(&self.addr, Duration::from_secs(5)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response[9..12].parse().unwrap();
        let body = response
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        (status, body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
