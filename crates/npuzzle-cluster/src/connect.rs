//! The sockets between processes, made before timely takes them over: every process
//! listens on its own address, connects to the processes before it and is connected to
//! by those after it (timely's own layout), and both ends of each socket first check a
//! hello: the same program and cluster size, and the index each expects. Unlike
//! timely's own connecting, this has a deadline and names the process it could not
//! reach, and it prints nothing on stdout (where process 0 writes its answer).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use crate::error::ClusterError;

/// The first bytes on every socket: this program and the layout of its hello.
const MAGIC: &[u8; 8] = b"npzclst1";

/// How long a connection that is not known to be a cluster process may take to say hello.
const STRANGER: Duration = Duration::from_secs(2);

/// How long to wait between two tries to reach a process that is not listening yet: at
/// first briefly (processes started together listen within milliseconds), then longer.
const FIRST_RETRY: Duration = Duration::from_millis(5);
const LAST_RETRY: Duration = Duration::from_millis(500);

/// A hello: the sender's index and the number of processes it was told of.
fn hello(process: usize, processes: usize) -> [u8; 24] {
    let mut bytes = [0u8; 24];
    bytes[..8].copy_from_slice(MAGIC);
    bytes[8..16].copy_from_slice(&(process as u64).to_le_bytes());
    bytes[16..].copy_from_slice(&(processes as u64).to_le_bytes());
    bytes
}

/// Reads a peer's hello: its index, checked to be `expected` (any later index when
/// `None`) in a cluster of `processes`.
fn read_hello(
    stream: &mut TcpStream,
    expected: Option<usize>,
    me: usize,
    processes: usize,
    who: &str,
) -> Result<usize, ClusterError> {
    let mut bytes = [0u8; 24];
    stream
        .read_exact(&mut bytes)
        .map_err(|e| ClusterError::Hello {
            who: who.to_string(),
            why: format!("no hello ({e})"),
        })?;
    check_hello(&bytes, expected, me, processes, who)
}

/// Checks a peer's hello (see [`read_hello`]).
fn check_hello(
    bytes: &[u8; 24],
    expected: Option<usize>,
    me: usize,
    processes: usize,
    who: &str,
) -> Result<usize, ClusterError> {
    let wrong = |why: String| ClusterError::Hello {
        who: who.to_string(),
        why,
    };
    if &bytes[..8] != MAGIC {
        return Err(wrong(
            "it is not an npuzzle cluster process of this version".into(),
        ));
    }
    let index = u64::from_le_bytes(bytes[8..16].try_into().expect("8 bytes")) as usize;
    let count = u64::from_le_bytes(bytes[16..].try_into().expect("8 bytes")) as usize;
    if count != processes {
        return Err(wrong(format!(
            "its host file has {count} processes, this one's {processes}"
        )));
    }
    let fits = match expected {
        Some(e) => index == e,
        None => index > me && index < processes,
    };
    if !fits {
        return Err(wrong(format!(
            "it says it is process {index}, which is not who was expected there"
        )));
    }
    Ok(index)
}

/// Resolves `address`, naming it when that fails.
fn resolve(address: &str) -> Result<Vec<SocketAddr>, ClusterError> {
    let found: Vec<SocketAddr> = address
        .to_socket_addrs()
        .map_err(|e| ClusterError::Resolve {
            address: address.to_string(),
            why: e.to_string(),
        })?
        .collect();
    if found.is_empty() {
        return Err(ClusterError::Resolve {
            address: address.to_string(),
            why: "no address found".to_string(),
        });
    }
    Ok(found)
}

/// One socket to every other process (`None` at `me`), within `timeout`.
pub(crate) fn connect(
    addresses: &[String],
    me: usize,
    timeout: Duration,
) -> Result<Vec<Option<TcpStream>>, ClusterError> {
    let processes = addresses.len();
    let deadline = Instant::now() + timeout;
    let own = resolve(&addresses[me])?;
    let listener = TcpListener::bind(&own[..]).map_err(|e| ClusterError::Listen {
        address: addresses[me].clone(),
        why: e.to_string(),
    })?;
    let later = processes - me - 1;
    let accepting = std::thread::spawn(move || accept(&listener, me, processes, later, deadline));
    let mut sockets: Vec<Option<TcpStream>> = Vec::with_capacity(processes);
    for (index, address) in addresses.iter().enumerate().take(me) {
        sockets.push(Some(reach(address, index, me, processes, deadline)?));
    }
    sockets.push(None);
    let mut accepted = accepting.join().unwrap_or_else(|_| Ok(Vec::new()))?;
    accepted.sort_by_key(|(i, _)| *i);
    let missing: Vec<String> = (me + 1..processes)
        .filter(|i| !accepted.iter().any(|(a, _)| a == i))
        .map(|i| format!("process {i} ({})", addresses[i]))
        .collect();
    if !missing.is_empty() {
        return Err(ClusterError::NeverConnected {
            missing: missing.join(", "),
            seconds: timeout.as_secs_f64(),
        });
    }
    sockets.extend(accepted.into_iter().map(|(_, s)| Some(s)));
    for stream in sockets.iter().flatten() {
        stream.set_read_timeout(None).ok();
        stream.set_nodelay(true).ok();
    }
    Ok(sockets)
}

/// Connects to process `index` at `address`, trying again until `deadline`.
fn reach(
    address: &str,
    index: usize,
    me: usize,
    processes: usize,
    deadline: Instant,
) -> Result<TcpStream, ClusterError> {
    let who = format!("process {index} ({address})");
    let mut last = String::from("not tried");
    let mut retry = FIRST_RETRY;
    while Instant::now() < deadline {
        for target in resolve(address)? {
            let left = deadline.saturating_duration_since(Instant::now());
            match TcpStream::connect_timeout(
                &target,
                left.clamp(Duration::from_millis(10), Duration::from_secs(2)),
            ) {
                Ok(mut stream) => {
                    stream
                        .set_read_timeout(Some(left.max(Duration::from_millis(100))))
                        .ok();
                    stream
                        .write_all(&hello(me, processes))
                        .map_err(|e| ClusterError::Hello {
                            who: who.clone(),
                            why: e.to_string(),
                        })?;
                    read_hello(&mut stream, Some(index), me, processes, &who)?;
                    return Ok(stream);
                }
                Err(e) => last = e.to_string(),
            }
        }
        std::thread::sleep(retry);
        retry = (retry * 2).min(LAST_RETRY);
    }
    Err(ClusterError::Unreachable { who, why: last })
}

/// Accepts the `count` processes after `me`, answering each one's hello with ours, until
/// they are all in or `deadline` passes (the caller names who is missing).
fn accept(
    listener: &TcpListener,
    me: usize,
    processes: usize,
    count: usize,
    deadline: Instant,
) -> Result<Vec<(usize, TcpStream)>, ClusterError> {
    let failed = |e: std::io::Error| ClusterError::Listen {
        address: listener
            .local_addr()
            .map_or_else(|_| "its address".to_string(), |a| a.to_string()),
        why: e.to_string(),
    };
    listener.set_nonblocking(true).map_err(failed)?;
    let mut streams: Vec<(usize, TcpStream)> = Vec::with_capacity(count);
    while streams.len() < count && Instant::now() < deadline {
        match listener.accept() {
            Ok((mut stream, peer)) => {
                stream.set_nonblocking(false).ok();
                // Whoever connects gets a few seconds to say hello: a port scanner or a
                // stray client must not hold up the processes still to come.
                let left = deadline.saturating_duration_since(Instant::now());
                stream
                    .set_read_timeout(Some(left.clamp(Duration::from_millis(100), STRANGER)))
                    .ok();
                if stream.write_all(&hello(me, processes)).is_err() {
                    continue;
                }
                let mut bytes = [0u8; 24];
                if stream.read_exact(&mut bytes).is_err() || &bytes[..8] != MAGIC {
                    // Not one of ours: dropped, and the wait goes on.
                    continue;
                }
                let who = format!("a process connecting from {peer}");
                let index = check_hello(&bytes, None, me, processes, &who)?;
                if streams.iter().any(|(i, _)| *i == index) {
                    return Err(ClusterError::Hello {
                        who,
                        why: format!("two processes say they are process {index}"),
                    });
                }
                streams.push((index, stream));
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(2));
            }
            Err(e) => return Err(failed(e)),
        }
    }
    Ok(streams)
}
