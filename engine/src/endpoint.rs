//! The SPARQL operations the front answers without Python: a query (GET `?query=`, a POST form, a POST
//! application/sparql-query body), with its dataset parameters, read, checked, cached, evaluated, counted and
//! written exactly as server/sparql.py's SparqlEndpoint and server/cache.py's SparqlResponseCache do it. Python is asked only what
//! it decides once: the formats an Accept header gets (remembered per header) and the store to read (when a build
//! or an update lands). Any request this module is not sure of (an update, dataset parameters, a query naming
//! SERVICE or LOAD anywhere, CORS, an encoding Python would refuse) is answered by Python, which has every rule.

use std::collections::{BTreeMap, HashMap};
use std::fs::{File, OpenOptions};
use std::os::fd::AsRawFd;
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use oxigraph::model::NamedNode;
use oxigraph::store::Store;
use pyo3::prelude::*;

use crate::front::{log, Reply};
use crate::{evaluate, on_a_query_stack, Failure, ReadOnlyStore, Request};

const FORM: &str = "application/x-www-form-urlencoded";
const QUERY_BODY: &str = "application/sparql-query";
// As server/guard.py's MAX_NESTING: a query with more opening brackets than this goes to Python's check.
const MAX_NESTING: usize = 256;
// As server/cache.py's MAX_ENTRY_BYTES, and the bytes it counts for an entry beyond its body and request.
const MAX_ENTRY_BYTES: usize = 1_000_000;
const ENTRY_OVERHEAD: usize = 256;
// Accept headers whose formats are remembered; past this many, Python is asked each time.
const NEGOTIATIONS: usize = 512;
const PLAIN_TEXT: &str = "text/plain; charset=utf-8";

/// The settings the endpoint answers by (server/sparql.py's, from the same BBKG_* settings), read from a dict
/// with an item for each field.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub struct EndpointSettings {
    pub store_dir: PathBuf,
    pub max_query_bytes: usize,
    pub timeout: f64,
    pub row_cap: usize,
    pub memory_cap: usize,
    pub query_slots: usize,
    pub cache_bytes: usize,
    pub cors: bool,
    /// The offers named when no format fits: solutions' media types, graphs' media types.
    pub results_offers: String,
    pub graph_offers: String,
    /// The messages of a query stopped at its deadline, at its memory cap, and of one that found no free slot
    /// (server/executor.py's, written by Python).
    pub timeout_message: String,
    pub memory_message: String,
    pub busy_message: String,
    /// The metrics file, the counters' names in its order, the latency buckets' upper bounds.
    pub metrics_file: PathBuf,
    pub counters: Vec<String>,
    pub buckets: Vec<f64>,
}

/// What an Accept header gets: each kind's Content-Type header and the media type the engine writes.
#[derive(Clone)]
struct Negotiated {
    results: Option<(String, String)>,
    graph: Option<(String, String)>,
}

type Version = (Option<String>, i128);

pub struct Endpoint {
    settings: EndpointSettings,
    /// server/engine.py's EngineStore: get() opens the current build (StoreUnavailableError if none opens).
    engine_store: Py<PyAny>,
    /// accept -> (results content type, results media type, graph content type, graph media type), None for none.
    negotiate: Py<PyAny>,
    opened: Mutex<Option<(Version, Store)>>,
    negotiated: Mutex<HashMap<String, Negotiated>>,
    slots: (Mutex<usize>, Condvar),
    cache: Mutex<Cache>,
    metrics: Metrics,
}

impl Endpoint {
    pub fn new(settings: EndpointSettings, engine_store: Py<PyAny>, negotiate: Py<PyAny>) -> std::io::Result<Self> {
        let metrics = Metrics::open(&settings.metrics_file, &settings.counters, &settings.buckets)?;
        Ok(Endpoint {
            slots: (Mutex::new(settings.query_slots), Condvar::new()),
            cache: Mutex::new(Cache::new(settings.cache_bytes)),
            settings,
            engine_store,
            negotiate,
            opened: Mutex::new(None),
            negotiated: Mutex::new(HashMap::new()),
            metrics,
        })
    }

    /// The reply to a request for /sparql, or None where Python must answer it.
    pub fn answer(&self, method: &str, query_string: &str, headers: &[(String, String)], body: &[u8]) -> Option<Reply> {
        let started = Instant::now();
        let header = |name: &str| {
            let mut values = headers.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str());
            let first = values.next();
            if values.next().is_some() { Err(()) } else { Ok(first) }
        };
        let (accept, origin, content_type) = (header("accept").ok()?, header("origin").ok()?, header("content-type").ok()?);
        if origin.is_some() && self.settings.cors {
            return None;
        }
        let operation = self.read_query(method, query_string, content_type, body)?;
        let text = &operation.text;
        let lowered = text.to_ascii_lowercase();
        // Python's check ignores case as Unicode does, where ſ is an s, ı an i and the Kelvin sign a k.
        if lowered.contains("service") || lowered.contains("load") || text.contains(['\u{17F}', '\u{131}', '\u{212A}'])
            || text.bytes().filter(|b| matches!(b, b'(' | b'{' | b'[')).count() > MAX_NESTING
        {
            return None;
        }
        let accept = accept.unwrap_or("");
        let negotiated = self.negotiation(accept)?;
        let (version, store) = self.store()?;
        let key = operation.cache_request.clone()
            .map(|request| (request, method.to_owned(), accept.to_owned(), origin.unwrap_or("").to_owned(), version));
        if let Some(key) = &key {
            if let Some(reply) = self.cache.lock().unwrap_or_else(|e| e.into_inner()).get(key) {
                self.metrics.count(&["requests", "queries", "cache_hits"]);
                return Some(reply);
            }
        }
        self.metrics.count(&["queries"]);
        let reply = self.evaluate(&operation, accept, &negotiated, &store);
        let status = reply.status_code();
        if (400..500).contains(&status) {
            self.metrics.count(&["query_errors"]);
        }
        self.metrics.observe(started.elapsed().as_secs_f64());
        self.metrics.count(if status >= 500 { &["requests", "server_errors"] } else { &["requests"] });
        if let Some(key) = key.filter(|_| status == 200 && reply.body.len() <= MAX_ENTRY_BYTES) {
            self.cache.lock().unwrap_or_else(|e| e.into_inner()).put(key, &reply);
        }
        Some(reply)
    }

    /// The query of a GET, a POST form or a POST query body, with its dataset parameters, as server/sparql.py's
    /// read_operation reads it; None for any other request, or one whose parameters it would refuse or read
    /// otherwise (Python answers it).
    fn read_query(&self, method: &str, query_string: &str, content_type: Option<&str>, body: &[u8])
                  -> Option<Operation> {
        let max = self.settings.max_query_bytes;
        let (text, parameters, cache_request) = if method == "GET" {
            let mut parameters = form_fields(query_string.as_bytes())?;
            let text = only_query(&mut parameters)?;
            (text, parameters, Some(query_string.to_owned()))
        } else if method == "POST" && body.len() <= max {
            match content_type?.split(';').next().unwrap_or("").trim().to_lowercase().as_str() {
                FORM if query_string.is_empty() => {
                    let mut parameters = form_fields(body)?;
                    let text = only_query(&mut parameters)?;
                    // server/cache.py keeps a POST's answer only when its form is `query=...` alone.
                    let cache_request = (body.starts_with(b"query=") && !body.contains(&b'&')).then(|| text.clone());
                    (text, parameters, cache_request)
                }
                QUERY_BODY => {
                    let parameters = form_fields(query_string.as_bytes())?;
                    if parameters.iter().any(|(name, _)| name == "query") {
                        return None;
                    }
                    let text = String::from_utf8(body.to_vec()).ok()?;
                    let cache_request = query_string.is_empty().then(|| text.clone());
                    (text, parameters, cache_request)
                }
                _ => return None,
            }
        } else {
            return None;
        };
        if text.len() > max {
            return None;
        }
        let graphs = |wanted: &str| -> Option<Vec<String>> {
            parameters.iter().filter(|(name, _)| name == wanted)
                .map(|(_, iri)| NamedNode::new(iri.as_str()).is_ok().then(|| iri.clone()))
                .collect()
        };
        Some(Operation { default_graphs: graphs("default-graph-uri")?, named_graphs: graphs("named-graph-uri")?,
                         text, cache_request })
    }

    fn negotiation(&self, accept: &str) -> Option<Negotiated> {
        if let Some(known) = self.negotiated.lock().unwrap_or_else(|e| e.into_inner()).get(accept) {
            return Some(known.clone());
        }
        type Offered = (Option<String>, Option<String>, Option<String>, Option<String>);
        let (results_type, results_format, graph_type, graph_format) = Python::with_gil(|py| {
            self.negotiate.call1(py, (accept,)).and_then(|n| n.extract::<Offered>(py)).ok()
        })?;
        let negotiated = Negotiated { results: results_type.zip(results_format), graph: graph_type.zip(graph_format) };
        let mut known = self.negotiated.lock().unwrap_or_else(|e| e.into_inner());
        if known.len() < NEGOTIATIONS {
            known.insert(accept.to_owned(), negotiated.clone());
        }
        Some(negotiated)
    }

    /// The current build's database and its version (as store/update.py's store_version), opened again by
    /// Python's EngineStore when the version changes; None where it does not open (Python answers 503).
    fn store(&self) -> Option<(Version, Store)> {
        let link = self.settings.store_dir.join("current");
        let target = std::fs::read_link(&link).ok().map(|t| t.to_string_lossy().into_owned());
        let updated = std::fs::metadata(link.join("UPDATED"))
            .map_or(0, |m| i128::from(m.mtime()) * 1_000_000_000 + i128::from(m.mtime_nsec()));
        let version = (target, updated);
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((known, store)) = opened.as_ref() {
            if *known == version {
                return Some((version, store.clone()));
            }
        }
        let store = Python::with_gil(|py| {
            let database = self.engine_store.call_method0(py, "get").ok()?;
            let database = database.downcast_bound::<ReadOnlyStore>(py).ok()?;
            Some(database.get().store.clone())
        })?;
        *opened = Some((version.clone(), store.clone()));
        Some((version, store))
    }

    fn evaluate(&self, operation: &Operation, accept: &str, negotiated: &Negotiated, store: &Store) -> Reply {
        let limit = self.settings.timeout;
        let waited = Instant::now();
        if !self.take_slot(Duration::try_from_secs_f64(limit.max(0.0)).unwrap_or(Duration::MAX / 2)) {
            self.metrics.count(&["query_timeouts"]);
            return text_reply(503, &self.settings.busy_message, &[("Retry-After", "0")]);
        }
        let request = Request {
            query: operation.text.clone(),
            results_type: negotiated.results.as_ref().map(|(_, format)| format.clone()),
            graph_type: negotiated.graph.as_ref().map(|(_, format)| format.clone()),
            default_graphs: operation.default_graphs.clone(),
            named_graphs: operation.named_graphs.clone(),
            timeout: Duration::try_from_secs_f64((limit - waited.elapsed().as_secs_f64()).max(0.0))
                .unwrap_or(Duration::MAX / 2),
            row_cap: self.settings.row_cap,
            memory_cap: self.settings.memory_cap,
        };
        let evaluated = on_a_query_stack(|| evaluate(store, &request));
        self.give_slot();
        match evaluated {
            Ok(answer) => {
                let content_type = if answer.kind == "graph" { &negotiated.graph } else { &negotiated.results };
                let content_type = content_type.as_ref().map_or("", |(header, _)| header.as_str());
                let mut headers = vec![("Content-Type".to_owned(), content_type.to_owned()),
                                       ("X-Content-Type-Options".to_owned(), "nosniff".to_owned()),
                                       ("Vary".to_owned(), "Accept".to_owned())];
                if answer.truncated {
                    headers.push(("X-Result-Truncated".to_owned(), "true".to_owned()));
                    headers.push(("X-Result-Row-Cap".to_owned(), self.settings.row_cap.to_string()));
                }
                Reply { status: "200 OK".to_owned(), headers, body: answer.body }
            }
            Err(Failure::Syntax(message)) => text_reply(400, &format!("SPARQL syntax error: {message}"), &[]),
            Err(Failure::NotAcceptable(is_graph)) => {
                let offers = if is_graph { &self.settings.graph_offers } else { &self.settings.results_offers };
                text_reply(406, &format!("cannot answer with any media type of Accept: {accept}; this query can be \
                                          answered as {offers}"), &[])
            }
            Err(Failure::Failed(message)) => text_reply(400, &format!("the query cannot be evaluated: {message}"), &[]),
            Err(Failure::Store(message)) => {
                log(format_args!("bbkg front: query answered 503: the store failed while read: {message}"));
                text_reply(503, "the store could not be read; the server log has the details", &[])
            }
            Err(Failure::Timeout) => {
                self.metrics.count(&["query_timeouts"]);
                text_reply(503, &self.settings.timeout_message, &[("Retry-After", "0")])
            }
            Err(Failure::OverMemory) => {
                self.metrics.count(&["query_memory_stops"]);
                text_reply(503, &self.settings.memory_message, &[])
            }
        }
    }

    /// Count a request whose answer Python failed to write (the front answered 500).
    pub fn count_failure(&self) {
        self.metrics.count(&["requests", "server_errors"]);
    }

    fn take_slot(&self, within: Duration) -> bool {
        let deadline = Instant::now() + within.min(Duration::from_secs(365 * 24 * 3600));
        let (free, freed) = &self.slots;
        let mut free = free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            free = freed.wait_timeout(free, left).unwrap_or_else(|e| e.into_inner()).0;
        }
        *free -= 1;
        true
    }

    fn give_slot(&self) {
        let (free, freed) = &self.slots;
        *free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        freed.notify_one();
    }
}

/// A text/plain reply, as server/errors.py's plain_body writes it (one line end).
fn text_reply(status: u16, message: &str, extra: &[(&str, &str)]) -> Reply {
    let reason = match status {
        400 => "Bad Request",
        406 => "Not Acceptable",
        503 => "Service Unavailable",
        _ => "",
    };
    let mut headers = vec![("Content-Type".to_owned(), PLAIN_TEXT.to_owned()),
                           ("X-Content-Type-Options".to_owned(), "nosniff".to_owned())];
    headers.extend(extra.iter().map(|(n, v)| ((*n).to_owned(), (*v).to_owned())));
    Reply { status: format!("{status} {reason}"), headers, body: format!("{}\n", message.trim_end_matches('\n')).into_bytes() }
}

/// A query read from a request, with its dataset, and what the response cache knows it by (None: not cached).
struct Operation {
    text: String,
    default_graphs: Vec<String>,
    named_graphs: Vec<String>,
    cache_request: Option<String>,
}

// The fields a query's request may carry here; any other goes to Python, which says what is wrong with it.
const QUERY_FIELDS: [&str; 3] = ["query", "default-graph-uri", "named-graph-uri"];

/// The fields of a percent-encoded ASCII form (or query string), each `name=value`, decoded as UTF-8; None for
/// a form Python would read otherwise (non-ASCII, a field without `=`, an empty one, a name not in QUERY_FIELDS,
/// bytes that are not UTF-8).
fn form_fields(form: &[u8]) -> Option<Vec<(String, String)>> {
    if form.is_empty() {
        return Some(Vec::new());
    }
    if !form.is_ascii() {
        return None;
    }
    form.split(|&b| b == b'&')
        .map(|field| {
            let at = field.iter().position(|&b| b == b'=')?;
            let (name, value) = (unquote_plus(&field[..at])?, unquote_plus(&field[at + 1..])?);
            QUERY_FIELDS.contains(&name.as_str()).then_some((name, value))
        })
        .collect()
}

/// The one `query` of `fields`, taken out of them; None where there is none, or more than one.
fn only_query(fields: &mut Vec<(String, String)>) -> Option<String> {
    let mut queries = fields.iter().filter(|(name, _)| name == "query");
    if queries.next().is_none() || queries.next().is_some() {
        return None;
    }
    let at = fields.iter().position(|(name, _)| name == "query")?;
    Some(fields.remove(at).1)
}

/// Python's urllib.parse.unquote_plus(..., errors="strict"): `+` is a space, `%XX` a byte, any other `%` itself.
fn unquote_plus(encoded: &[u8]) -> Option<String> {
    let hex = |b: Option<&u8>| b.and_then(|&b| (b as char).to_digit(16));
    let mut bytes = Vec::with_capacity(encoded.len());
    let mut i = 0;
    while i < encoded.len() {
        match encoded[i] {
            b'+' => bytes.push(b' '),
            b'%' => {
                if let (Some(high), Some(low)) = (hex(encoded.get(i + 1)), hex(encoded.get(i + 2))) {
                    bytes.push((high * 16 + low) as u8);
                    i += 3;
                    continue;
                }
                bytes.push(b'%');
            }
            byte => bytes.push(byte),
        }
        i += 1;
    }
    String::from_utf8(bytes).ok()
}

// --- The response cache (server/cache.py's, for the requests answered here) ----------------------------------

type CacheKey = (String, String, String, String, Version);

/// What an entry counts against the budget: its body, the strings of its key (in characters, as server/cache.py
/// counts them) and a fixed overhead.
fn entry_size(key: &CacheKey, reply: &Reply) -> usize {
    reply.body.len() + key.0.chars().count() + key.2.chars().count() + key.3.chars().count() + ENTRY_OVERHEAD
}

struct Cache {
    budget: usize,
    size: usize,
    tick: u64,
    entries: HashMap<CacheKey, (u64, Reply)>,
    order: BTreeMap<u64, CacheKey>,
}

impl Cache {
    fn new(budget: usize) -> Self {
        Cache { budget, size: 0, tick: 0, entries: HashMap::new(), order: BTreeMap::new() }
    }

    fn get(&mut self, key: &CacheKey) -> Option<Reply> {
        self.tick += 1;
        let (used, reply) = self.entries.get_mut(key)?;
        let key = self.order.remove(used).expect("every entry is in the order");
        *used = self.tick;
        let reply = reply.clone();
        self.order.insert(self.tick, key);
        Some(reply)
    }

    fn put(&mut self, key: CacheKey, reply: &Reply) {
        if self.budget == 0 || self.entries.contains_key(&key) {
            return;
        }
        self.tick += 1;
        self.size += entry_size(&key, reply);
        self.order.insert(self.tick, key.clone());
        self.entries.insert(key, (self.tick, reply.clone()));
        while self.size > self.budget {
            let Some((_, oldest)) = self.order.pop_first() else { break };
            if let Some((_, old)) = self.entries.remove(&oldest) {
                self.size -= entry_size(&oldest, &old);
            }
        }
    }
}

// --- Counters: a region of server/metrics.py's shared file, of this process's own -----------------------------

struct Metrics {
    cells: Mutex<*mut f64>,
    counters: Vec<String>,
    buckets: Vec<f64>,
    _file: File,
}

// SAFETY: the mapping lives as long as the Metrics, and its cells are written under the mutex only.
unsafe impl Send for Metrics {}
unsafe impl Sync for Metrics {}

// Regions in the file, as server/metrics.py's REGIONS.
const REGIONS: usize = 256;

impl Metrics {
    /// Claim a region of the file at `path` (one of no live process's, as server/metrics.py claims one, under
    /// the same lock): the process's Python counters keep their own.
    fn open(path: &PathBuf, counters: &[String], buckets: &[f64]) -> std::io::Result<Self> {
        let cells_per_region = 1 + counters.len() + buckets.len() + 1;
        let region_bytes = cells_per_region * 8;
        let file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path)?;
        if file.metadata()?.len() < (REGIONS * region_bytes) as u64 {
            file.set_len((REGIONS * region_bytes) as u64)?;
        }
        let fd = file.as_raw_fd();
        let mapped = unsafe {
            libc::mmap(std::ptr::null_mut(), REGIONS * region_bytes, libc::PROT_READ | libc::PROT_WRITE,
                       libc::MAP_SHARED, fd, 0)
        };
        if mapped == libc::MAP_FAILED {
            return Err(std::io::Error::last_os_error());
        }
        let pid = i64::from(std::process::id());
        while unsafe { libc::flock(fd, libc::LOCK_EX) } != 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
        let mut claimed = None;
        for region in 0..REGIONS {
            let owner = unsafe { (mapped as *mut i64).add(region * cells_per_region) };
            let alive = |p: i64| unsafe { libc::kill(p as libc::pid_t, 0) == 0 }
                || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
            let current = unsafe { owner.read_volatile() };
            if current == 0 || (current != pid && !alive(current)) {
                unsafe { owner.write_volatile(pid) };
                claimed = Some(region);
                break;
            }
        }
        unsafe { libc::flock(fd, libc::LOCK_UN) };
        let region = claimed.ok_or_else(|| std::io::Error::other("every metrics region belongs to a live process"))?;
        let cells = unsafe { (mapped as *mut f64).add(region * cells_per_region) };
        Ok(Metrics { cells: Mutex::new(cells), counters: counters.to_vec(), buckets: buckets.to_vec(), _file: file })
    }

    fn add(&self, changes: &[(usize, f64)]) {
        let cells = self.cells.lock().unwrap_or_else(|e| e.into_inner());
        for &(cell, amount) in changes {
            unsafe {
                let at = cells.add(cell);
                at.write_volatile(at.read_volatile() + amount);
            }
        }
    }

    fn count(&self, names: &[&str]) {
        let changes: Vec<(usize, f64)> = names.iter()
            .filter_map(|name| self.counters.iter().position(|c| c == name).map(|i| (1 + i, 1.0)))
            .collect();
        self.add(&changes);
    }

    fn observe(&self, seconds: f64) {
        let bucket = self.buckets.iter().position(|&bound| bound >= seconds).unwrap_or(self.buckets.len() - 1);
        let buckets_at = 1 + self.counters.len();
        self.add(&[(buckets_at + bucket, 1.0), (buckets_at + self.buckets.len(), seconds)]);
    }
}
