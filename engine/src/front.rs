//! The server's front door: an HTTP/1.1 listener that answers SPARQL operations itself, through a Python
//! callable, and hands every other connection to granian, byte for byte.
//!
//! A small query costs granian's WSGI bridge more than its evaluation (the request crosses threads twice and
//! becomes a dict before the engine sees it). Here the connection's own thread reads the request, calls the
//! endpoint's Python code with the GIL for as long as that code runs (the engine releases it while it evaluates)
//! and writes the answer. Anything else (a page, the API, HEAD, a chunked body, an upgrade, a head this parser
//! does not take) turns the connection into a tunnel to granian's socket, for the rest of its life, so that every
//! header and every byte reaches the app unchanged.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::endpoint::Endpoint;

// A request head longer than this, or with more headers, goes to granian, which answers it as it does today.
const MAX_HEAD_BYTES: usize = 64 * 1024;
const MAX_HEADERS: usize = 64;
const READ_CHUNK: usize = 16 * 1024;
// Python code runs on these threads: a stack as large as a Python thread's (reserved, not committed).
const THREAD_STACK_BYTES: usize = 8 << 20;
const SPARQL_PATH: &str = "/sparql";

/// What the front needs to know, shared by its connection threads.
pub struct Front {
    /// granian's Unix socket, where every connection the front does not answer goes.
    pub upstream: PathBuf,
    /// respond(method, query_string, headers, body, peer) -> (status line, headers, body): the endpoint.
    pub respond: Py<PyAny>,
    /// The longest body the front reads itself; a longer one goes to granian (which refuses it with 413).
    pub max_body_bytes: usize,
    /// How long a connection may take to send its next request, head and body.
    pub idle: Duration,
    /// The queries answered without Python.
    pub endpoint: Endpoint,
    /// Whether to write a line for each request answered here (granian writes the others').
    pub access_log: bool,
}

/// Accept connections on `listener` until the process ends, each in a thread of its own, at most
/// `max_connections` at once (the next waits to be accepted).
pub fn serve(listener: TcpListener, front: Front, max_connections: usize) {
    let front = Arc::new(front);
    let open = Arc::new((Mutex::new(0usize), Condvar::new()));
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            Err(error) => {
                // Out of descriptors, say: a pause, rather than a loop that spins a core while it lasts.
                log(format_args!("bbkg front: a connection could not be accepted: {error}"));
                thread::sleep(Duration::from_millis(50));
                continue;
            }
        };
        let place = Place::take(&open, max_connections);
        let front = Arc::clone(&front);
        let spawned = thread::Builder::new().name("bbkg-front".into()).stack_size(THREAD_STACK_BYTES).spawn(move || {
            let _place = place; // given back when the thread ends, however it ends
            // The thread gets its Python thread state once, here: each request then only takes the GIL, where
            // a thread without one would create and destroy a thread state for every request.
            Python::with_gil(|py| py.allow_threads(|| { let _ = connection(stream, &front); }));
        });
        if let Err(error) = spawned {
            log(format_args!("bbkg front: no thread for a connection: {error}"));
        }
    }
}

/// One of the `max_connections` places, held by a connection's thread and given back when it is dropped.
struct Place(Arc<(Mutex<usize>, Condvar)>);

impl Place {
    fn take(open: &Arc<(Mutex<usize>, Condvar)>, max_connections: usize) -> Place {
        let (count, freed) = &**open;
        let mut count = count.lock().unwrap_or_else(|e| e.into_inner());
        while *count >= max_connections {
            count = freed.wait(count).unwrap_or_else(|e| e.into_inner());
        }
        *count += 1;
        Place(Arc::clone(open))
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let (count, freed) = &*self.0;
        *count.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        freed.notify_one();
    }
}

/// A line on standard error; a closed one loses it, where eprintln! would panic.
pub fn log(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// A request the front answers itself.
struct Call {
    method: String,
    query_string: String,
    headers: Vec<(String, String)>,
    body_length: usize,
    keep_alive: bool,
    /// An HTTP/1.0 request, whose connection is kept only when it asks for that.
    http10: bool,
}

fn is_timeout(error: &io::Error) -> bool {
    matches!(error.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut)
}

/// Read more of the connection into `buffer`; false at its end, or once `deadline` has passed.
fn read_more(stream: &mut TcpStream, buffer: &mut Vec<u8>, deadline: Instant) -> io::Result<bool> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Ok(false);
    }
    stream.set_read_timeout(Some(left))?;
    let start = buffer.len();
    buffer.resize(start + READ_CHUNK, 0);
    let read = stream.read(&mut buffer[start..]);
    buffer.truncate(start + *read.as_ref().unwrap_or(&0));
    match read {
        Ok(0) => Ok(false),
        Ok(_) => Ok(true),
        Err(error) if is_timeout(&error) => Ok(false),
        Err(error) if error.kind() == io::ErrorKind::Interrupted => Ok(true),
        Err(error) => Err(error),
    }
}

/// Where the request head at the start of `buffer` ends, as the parser reads it (it takes bare LF line ends too);
/// None while it is incomplete; Some(0) for a head the parser refuses (granian answers it).
fn head_end(buffer: &[u8]) -> Option<usize> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    match httparse::Request::new(&mut headers).parse(buffer) {
        Ok(httparse::Status::Complete(end)) => Some(end),
        Ok(httparse::Status::Partial) => None,
        Err(_) => Some(0),
    }
}

fn connection(mut stream: TcpStream, front: &Front) -> io::Result<()> {
    stream.set_nodelay(true)?;
    // A client that stops reading its answers holds its thread no longer than this.
    stream.set_write_timeout(Some(front.idle))?;
    let peer = stream.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default();
    let mut buffer = Vec::with_capacity(READ_CHUNK);
    loop {
        // The next request, head and body, must have arrived within `idle`: a client that sends it a byte at a
        // time holds its thread no longer than one that sends nothing.
        let deadline = Instant::now() + front.idle;
        let mut end = head_end(&buffer);
        while end.is_none() {
            if buffer.len() > MAX_HEAD_BYTES {
                return tunnel(stream, buffer, front);
            }
            if !read_more(&mut stream, &mut buffer, deadline)? {
                return Ok(());
            }
            end = head_end(&buffer);
        }
        let end = end.unwrap_or(0);
        let Some(call) = plan(&buffer[..end], front.max_body_bytes) else {
            return tunnel(stream, buffer, front);
        };
        while buffer.len() < end + call.body_length {
            if !read_more(&mut stream, &mut buffer, deadline)? {
                return Ok(());
            }
        }
        let started = Instant::now();
        let body = &buffer[end..end + call.body_length];
        let answer = match front.endpoint.answer(&call.method, &call.query_string, &call.headers, body) {
            Some(reply) => reply,
            None => respond(front, &call, body, &peer),
        };
        if front.access_log {
            let _ = writeln!(io::stdout(), "{peer} - \"{} /sparql HTTP/1.1\" {} {:.3}", call.method,
                             answer.status_code(), started.elapsed().as_secs_f64() * 1000.0);
        }
        buffer.drain(..end + call.body_length);
        stream.write_all(&answer_bytes(answer, call.keep_alive, call.http10))?;
        if !call.keep_alive {
            close_gently(stream);
            return Ok(());
        }
    }
}

/// The Call for a request head the front answers itself: a SPARQL operation (GET /sparql with a query string,
/// POST /sparql with a Content-Length body of at most `max_body_bytes`) over HTTP/1.1 or 1.0; None for anything
/// else.
fn plan(head: &[u8], max_body_bytes: usize) -> Option<Call> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    if !matches!(request.parse(head), Ok(httparse::Status::Complete(_))) || request.version.is_none() {
        return None;
    }
    let method = request.method?;
    let (path, query_string) = request.path?.split_once('?').unwrap_or((request.path?, ""));
    if path != SPARQL_PATH || !(method == "POST" || (method == "GET" && !query_string.is_empty())) {
        return None;
    }
    let http10 = request.version == Some(0);
    let (mut body_length, mut keep_alive) = (None, !http10);
    let mut named = Vec::with_capacity(request.headers.len());
    for header in request.headers.iter() {
        // Header values are bytes; WSGI hands them on as latin-1 text.
        let value: String = header.value.iter().map(|&b| b as char).collect();
        let name = header.name.to_ascii_lowercase();
        match name.as_str() {
            "transfer-encoding" | "expect" | "upgrade" => return None,
            "content-length" => {
                let digits = value.trim_matches([' ', '\t']);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let length = digits.parse::<usize>().ok()?;
                if body_length.replace(length).is_some() {
                    return None;
                }
            }
            "connection" => {
                let tokens = value.to_ascii_lowercase();
                if tokens.contains("upgrade") {
                    return None;
                }
                keep_alive = if http10 { tokens.contains("keep-alive") } else { !tokens.contains("close") };
            }
            _ => {}
        }
        named.push((name, value));
    }
    let body_length = body_length.unwrap_or(0);
    if (method == "POST" && !named.iter().any(|(n, _)| n == "content-length")) || body_length > max_body_bytes
        || (method == "GET" && body_length > 0)
    {
        return None;
    }
    Some(Call { method: method.to_owned(), query_string: query_string.to_owned(), headers: named, body_length,
                keep_alive, http10 })
}

/// An answer to write: its status line's code and reason, its headers (without framing), its body.
#[derive(Clone)]
pub struct Reply {
    pub status: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn status_code(&self) -> u16 {
        self.status.get(..3).and_then(|code| code.parse().ok()).unwrap_or(500)
    }
}

fn respond(front: &Front, call: &Call, body: &[u8], peer: &str) -> Reply {
    Python::with_gil(|py| {
        let answered = front.respond.call1(
            py,
            (call.method.as_str(), call.query_string.as_str(), call.headers.clone(), PyBytes::new(py, body), peer),
        );
        answered
            .and_then(|a| a.extract::<(String, Vec<(String, String)>, Vec<u8>)>(py))
            .map(|(status, headers, body)| Reply { status, headers, body })
            .unwrap_or_else(|error| {
                error.print(py);
                front.endpoint.count_failure();
                Reply {
                    status: "500 Internal Server Error".into(),
                    headers: vec![("Content-Type".into(), "text/plain; charset=utf-8".into()),
                                  ("X-Content-Type-Options".into(), "nosniff".into())],
                    body: b"internal server error; the server log has the details\n".to_vec(),
                }
            })
    })
}

fn answer_bytes(answer: Reply, keep_alive: bool, http10: bool) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(answer.body.len() + 512);
    let _ = write!(bytes, "HTTP/1.1 {}\r\ndate: {}\r\n", answer.status, http_date());
    for (name, value) in &answer.headers {
        // The front frames the body itself.
        if ["content-length", "transfer-encoding", "connection"].iter().any(|n| name.eq_ignore_ascii_case(n)) {
            continue;
        }
        let _ = write!(bytes, "{name}: ");
        bytes.extend(value.chars().map(|c| c as u32 as u8)); // latin-1, as WSGI gave it
        bytes.extend_from_slice(b"\r\n");
    }
    let _ = write!(bytes, "content-length: {}\r\n", answer.body.len());
    if !keep_alive {
        bytes.extend_from_slice(b"connection: close\r\n");
    } else if http10 {
        bytes.extend_from_slice(b"connection: keep-alive\r\n");
    }
    bytes.extend_from_slice(b"\r\n");
    bytes.extend_from_slice(&answer.body);
    bytes
}

/// Hand the connection, and the bytes already read from it, to granian; copy both ways until either side ends.
fn tunnel(client: TcpStream, read: Vec<u8>, front: &Front) -> io::Result<()> {
    let upstream = match connect_upstream(&front.upstream) {
        Ok(upstream) => upstream,
        Err(error) => {
            log(format_args!("bbkg front: granian's socket {} refused a connection: {error}",
                             front.upstream.display()));
            let answer = Reply {
                status: "503 Service Unavailable".into(),
                headers: vec![("Content-Type".into(), "text/plain; charset=utf-8".into()), ("Retry-After".into(), "1".into())],
                body: b"the server is starting or stopping; try again shortly\n".to_vec(),
            };
            let mut client = client;
            client.write_all(&answer_bytes(answer, false, false))?;
            close_gently(client);
            return Ok(());
        }
    };
    // Granian keeps its own timeouts; a response that streams for long must not be cut by the front's. A write
    // that waits past the front's (a client that stopped reading) ends the tunnel.
    client.set_read_timeout(None)?;
    upstream.set_write_timeout(Some(front.idle))?;
    let (mut from_client, mut to_upstream) = (client.try_clone()?, upstream.try_clone()?);
    let back = thread::Builder::new().name("bbkg-front-back".into()).spawn(move || {
        let (mut from_upstream, mut to_client) = (upstream, client);
        let _ = io::copy(&mut from_upstream, &mut to_client);
        let _ = to_client.shutdown(Shutdown::Both);
        let _ = from_upstream.shutdown(Shutdown::Both);
    })?;
    if to_upstream.write_all(&read).is_ok() {
        let _ = io::copy(&mut from_client, &mut to_upstream);
    }
    let _ = to_upstream.shutdown(Shutdown::Write);
    let _ = back.join();
    Ok(())
}

/// Close after the last answer without losing it: bytes the client sent past it (a pipelined request) left
/// unread would make the kernel reset the connection, and the answer with it.
fn close_gently(mut stream: TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    let mut sink = [0u8; 4096];
    let mut drained = 0;
    while drained < MAX_HEAD_BYTES {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(read) => drained += read,
        }
    }
}

// granian creates its socket a moment after the front starts accepting: a connection waits this long for it.
const UPSTREAM_WAIT: Duration = Duration::from_secs(30);

fn connect_upstream(path: &PathBuf) -> io::Result<UnixStream> {
    let started = std::time::Instant::now();
    loop {
        match UnixStream::connect(path) {
            Err(error) if matches!(error.kind(), io::ErrorKind::NotFound | io::ErrorKind::ConnectionRefused)
                && started.elapsed() < UPSTREAM_WAIT => thread::sleep(Duration::from_millis(20)),
            connected => return connected,
        }
    }
}

/// The Date header's value (RFC 9110's IMF-fixdate) for now, computed once a second.
fn http_date() -> String {
    static LAST: Mutex<(u64, String)> = Mutex::new((u64::MAX, String::new()));
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    if last.0 != now {
        *last = (now, imf_fixdate(now));
    }
    last.1.clone()
}

fn imf_fixdate(seconds: u64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // The civil date of a day count since 1970-01-01 (Howard Hinnant's days_from_civil, inverted).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{}, {day:02} {} {year} {:02}:{:02}:{:02} GMT", DAYS[(days % 7) as usize], MONTHS[(month - 1) as usize],
            rest / 3600, rest % 3600 / 60, rest % 60)
}
