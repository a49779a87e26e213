//! bbkg's query path: Oxigraph's SPARQL evaluator over the store's files, called from the server's own threads.
//!
//! Three guarantees that pyoxigraph cannot give from Python, each enforced inside the engine:
//! - a deadline: a watchdog thread cancels the query's token when its time is up, and the evaluator stops at
//!   its next step (each quad it reads, each term it looks up);
//! - a memory cap: every allocation this library makes is counted against the query running on that thread,
//!   and the watchdog cancels a query past its cap the same way;
//! - no network: the crate is built without its HTTP client, so SERVICE and LOAD cannot make a request.
//!
//! The answer is serialized by Oxigraph's own serializers into bytes, with the GIL released all along.

mod endpoint;
mod front;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::HashMap;
use std::net::TcpListener;
use std::os::fd::FromRawFd;
use std::path::PathBuf;
use std::ptr;
use std::sync::atomic::{AtomicIsize, AtomicU64, AtomicU8, Ordering};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use oxigraph::io::{RdfFormat, RdfSerializer};
use oxigraph::model::{GraphName, NamedNode, NamedOrBlankNode};
use oxigraph::sparql::results::{QueryResultsFormat, QueryResultsSerializer};
use oxigraph::sparql::{CancellationToken, QueryEvaluationError, QueryResults, SparqlEvaluator};
use oxigraph::store::Store;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use spargebra::algebra::{Expression, GraphPattern, OrderExpression};

create_exception!(bbkg_engine, QuerySyntaxError, PyValueError, "The query is not valid SPARQL 1.1.");
create_exception!(bbkg_engine, QueryStopped, PyException, "The query was stopped at one of its limits.");
create_exception!(bbkg_engine, QueryTimeout, QueryStopped, "The query ran past its deadline.");
create_exception!(bbkg_engine, QueryOverMemory, QueryStopped, "The query allocated more than its memory cap.");
create_exception!(bbkg_engine, QueryFailed, PyException, "The evaluation failed (a SERVICE call, a bad IRI...).");
create_exception!(bbkg_engine, NotAcceptable, PyException, "No format was given for this kind of answer.");

// --- Memory: every allocation of this library, counted against the query on its thread -----------------

/// The system allocator, with each allocation and release added to the counter of the query that the current
/// thread is evaluating (none outside a query).
struct CountingAllocator;

thread_local! {
    // Points at the running query's counter, which outlives the query (see `Watch`); null outside a query.
    static QUERY_BYTES: Cell<*const AtomicIsize> = const { Cell::new(ptr::null()) };
}

fn count(delta: isize) {
    // try_with: the thread-local is gone while a thread exits, and its last releases count nowhere.
    let _ = QUERY_BYTES.try_with(|counter| {
        let counter = counter.get();
        if !counter.is_null() {
            // SAFETY: the pointer is set only while the `Watch` that holds the counter is alive.
            unsafe { (*counter).fetch_add(delta, Ordering::Relaxed) };
        }
    });
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let allocated = System.alloc(layout);
        if !allocated.is_null() {
            count(layout.size() as isize);
        }
        allocated
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let allocated = System.alloc_zeroed(layout);
        if !allocated.is_null() {
            count(layout.size() as isize);
        }
        allocated
    }

    unsafe fn dealloc(&self, allocated: *mut u8, layout: Layout) {
        System.dealloc(allocated, layout);
        count(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, allocated: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = System.realloc(allocated, layout, new_size);
        if !moved.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

// --- The watchdog: one thread that stops queries past their deadline or their memory cap ----------------

const RUNNING: u8 = 0;
const PAST_DEADLINE: u8 = 1;
const PAST_MEMORY_CAP: u8 = 2;

struct Watched {
    deadline: Instant,
    memory_cap: isize,
    bytes: Arc<AtomicIsize>,
    token: CancellationToken,
    stopped: Arc<AtomicU8>,
}

struct Watchdog {
    watched: Mutex<HashMap<u64, Watched>>,
    wake: Condvar,
    next_id: AtomicU64,
}

// How often the watchdog looks at the running queries: a query is stopped within this of its deadline or cap.
const WATCH_INTERVAL: Duration = Duration::from_millis(2);
const IDLE_INTERVAL: Duration = Duration::from_millis(10);
const NO_DEADLINE: Duration = Duration::from_secs(365 * 24 * 3600);

impl Watchdog {
    fn get() -> &'static Watchdog {
        static WATCHDOG: OnceLock<&'static Watchdog> = OnceLock::new();
        WATCHDOG.get_or_init(|| {
            let watchdog: &'static Watchdog = Box::leak(Box::new(Watchdog {
                watched: Mutex::new(HashMap::new()),
                wake: Condvar::new(),
                next_id: AtomicU64::new(0),
            }));
            thread::Builder::new()
                .name("bbkg-engine-watchdog".into())
                .spawn(move || watchdog.run())
                .expect("the engine's watchdog thread starts");
            watchdog
        })
    }

    fn run(&self) {
        let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
        loop {

            let now = Instant::now();
            for query in watched.values() {
                let reason = if now >= query.deadline {
                    PAST_DEADLINE
                } else if query.memory_cap > 0 && query.bytes.load(Ordering::Relaxed) > query.memory_cap {
                    PAST_MEMORY_CAP
                } else {
                    continue;
                };
                if query.stopped.compare_exchange(RUNNING, reason, Ordering::SeqCst, Ordering::SeqCst).is_ok() {
                    query.token.cancel();
                }
            }
            // Without a query to watch, it looks less often; a new query is not announced (waking this thread
            // for each would cost a small query a tenth of its time), so it is first seen within IDLE_INTERVAL.
            let interval = if watched.is_empty() { IDLE_INTERVAL } else { WATCH_INTERVAL };
            watched = self.wake.wait_timeout(watched, interval).unwrap_or_else(|e| e.into_inner()).0;
        }
    }
}

/// One query under the watchdog, from its start until it is dropped; counts the thread's allocations meanwhile.
struct Watch {
    id: u64,
    bytes: Arc<AtomicIsize>,
    stopped: Arc<AtomicU8>,
}

impl Watch {
    fn start(timeout: Duration, memory_cap: usize, token: CancellationToken) -> Self {
        let watchdog = Watchdog::get();
        let id = watchdog.next_id.fetch_add(1, Ordering::Relaxed);
        let bytes = Arc::new(AtomicIsize::new(0));
        let stopped = Arc::new(AtomicU8::new(RUNNING));
        let query = Watched {
            // A timeout past what the clock can count is as good as none (a year).
            deadline: Instant::now().checked_add(timeout).unwrap_or_else(|| Instant::now() + NO_DEADLINE),
            memory_cap: memory_cap.min(isize::MAX as usize) as isize,
            bytes: Arc::clone(&bytes),
            token,
            stopped: Arc::clone(&stopped),
        };
        {
            let mut watched = watchdog.watched.lock().unwrap_or_else(|e| e.into_inner());
            watched.insert(id, query);
        }
        QUERY_BYTES.with(|counter| counter.set(Arc::as_ptr(&bytes)));
        Watch { id, bytes, stopped }
    }

    fn stopped(&self) -> u8 {
        self.stopped.load(Ordering::SeqCst)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        QUERY_BYTES.with(|counter| counter.set(ptr::null()));
        let watchdog = Watchdog::get();
        watchdog.watched.lock().unwrap_or_else(|e| e.into_inner()).remove(&self.id);
        let _ = &self.bytes; // the counter lives until here, past the last allocation counted in it
    }
}

// --- Evaluation -----------------------------------------------------------------------------------------

enum Failure {
    Syntax(String),
    NotAcceptable(bool),
    Timeout,
    OverMemory,
    Failed(String),
    Store(String),
}

struct Answer {
    kind: &'static str,
    body: Vec<u8>,
    rows: usize,
    truncated: bool,
}

struct Request {
    query: String,
    results_type: Option<String>,
    graph_type: Option<String>,
    default_graphs: Vec<String>,
    named_graphs: Vec<String>,
    timeout: Duration,
    row_cap: usize,
    memory_cap: usize,
}

fn named_node(iri: &str) -> Result<NamedNode, Failure> {
    NamedNode::new(iri).map_err(|e| Failure::Syntax(format!("{iri:?} is not an IRI: {e}")))
}

fn results_format(media_type: Option<&str>) -> Result<QueryResultsFormat, Failure> {
    let media_type = media_type.ok_or(Failure::NotAcceptable(false))?;
    QueryResultsFormat::from_media_type(media_type)
        .ok_or_else(|| Failure::Failed(format!("{media_type} is not a SPARQL results format")))
}

fn graph_format(media_type: Option<&str>) -> Result<RdfFormat, Failure> {
    let media_type = media_type.ok_or(Failure::NotAcceptable(true))?;
    RdfFormat::from_media_type(media_type).ok_or_else(|| Failure::Failed(format!("{media_type} is not an RDF format")))
}

// Past this many triple patterns and paths, a query is evaluated as written: Oxigraph's optimizer orders joins in
// time that grows steeply with their number (seconds at a few hundred), and it cannot be cancelled meanwhile.
const MAX_OPTIMIZED_PATTERNS: usize = 100;

/// The triple patterns and paths of `pattern`, those of its EXISTS filters included.
fn patterns_in(pattern: &GraphPattern) -> usize {
    match pattern {
        GraphPattern::Bgp { patterns } => patterns.len(),
        GraphPattern::Path { .. } => 1,
        GraphPattern::Join { left, right }
        | GraphPattern::Lateral { left, right }
        | GraphPattern::Union { left, right }
        | GraphPattern::Minus { left, right } => patterns_in(left) + patterns_in(right),
        GraphPattern::LeftJoin { left, right, expression } => {
            patterns_in(left) + patterns_in(right) + expression.as_ref().map_or(0, exists_in)
        }
        GraphPattern::Filter { expr, inner } => exists_in(expr) + patterns_in(inner),
        GraphPattern::Extend { inner, expression, .. } => exists_in(expression) + patterns_in(inner),
        GraphPattern::OrderBy { inner, expression } => {
            patterns_in(inner)
                + expression
                    .iter()
                    .map(|order| match order {
                        OrderExpression::Asc(e) | OrderExpression::Desc(e) => exists_in(e),
                    })
                    .sum::<usize>()
        }
        GraphPattern::Graph { inner, .. }
        | GraphPattern::Project { inner, .. }
        | GraphPattern::Distinct { inner }
        | GraphPattern::Reduced { inner }
        | GraphPattern::Slice { inner, .. }
        | GraphPattern::Group { inner, .. }
        | GraphPattern::Service { inner, .. } => patterns_in(inner),
        GraphPattern::Values { .. } => 0,
    }
}

/// The triple patterns and paths of the EXISTS filters within `expression`.
fn exists_in(expression: &Expression) -> usize {
    match expression {
        Expression::Exists(pattern) => patterns_in(pattern),
        Expression::Or(a, b)
        | Expression::And(a, b)
        | Expression::Equal(a, b)
        | Expression::SameTerm(a, b)
        | Expression::Greater(a, b)
        | Expression::GreaterOrEqual(a, b)
        | Expression::Less(a, b)
        | Expression::LessOrEqual(a, b)
        | Expression::Add(a, b)
        | Expression::Subtract(a, b)
        | Expression::Multiply(a, b)
        | Expression::Divide(a, b) => exists_in(a) + exists_in(b),
        Expression::UnaryPlus(a) | Expression::UnaryMinus(a) | Expression::Not(a) => exists_in(a),
        Expression::If(a, b, c) => exists_in(a) + exists_in(b) + exists_in(c),
        Expression::In(a, list) => exists_in(a) + list.iter().map(exists_in).sum::<usize>(),
        Expression::Coalesce(list) | Expression::FunctionCall(_, list) => list.iter().map(exists_in).sum(),
        _ => 0,
    }
}

fn evaluate(store: &Store, request: &Request) -> Result<Answer, Failure> {
    let query = spargebra::SparqlParser::new()
        .parse_query(&request.query)
        .map_err(|e| Failure::Syntax(e.to_string()))?;
    let patterns = match &query {
        spargebra::Query::Select { pattern, .. }
        | spargebra::Query::Construct { pattern, .. }
        | spargebra::Query::Describe { pattern, .. }
        | spargebra::Query::Ask { pattern, .. } => patterns_in(pattern),
    };
    let is_graph = matches!(query, spargebra::Query::Construct { .. } | spargebra::Query::Describe { .. });
    // The format is chosen before any work, so that a client accepting none waits for nothing.
    let (solutions_format, rdf_format) = if is_graph {
        (None, Some(graph_format(request.graph_type.as_deref())?))
    } else {
        (Some(results_format(request.results_type.as_deref())?), None)
    };
    let token = CancellationToken::new();
    let watch = Watch::start(request.timeout, request.memory_cap, token.clone());
    let stopped = |error: QueryEvaluationError| match watch.stopped() {
        PAST_DEADLINE => Failure::Timeout,
        PAST_MEMORY_CAP => Failure::OverMemory,
        _ => match error {
            QueryEvaluationError::Dataset(error) => Failure::Store(error.to_string()),
            error => Failure::Failed(error.to_string()),
        },
    };
    let io_failed = |error: std::io::Error| Failure::Failed(error.to_string());
    let mut evaluator = SparqlEvaluator::new().with_cancellation_token(token);
    if patterns > MAX_OPTIMIZED_PATTERNS {
        evaluator = evaluator.without_optimizations();
    }
    let mut prepared = evaluator.for_query(query);
    if !request.default_graphs.is_empty() {
        let graphs = request.default_graphs.iter().map(|g| named_node(g).map(GraphName::from));
        prepared.dataset_mut().set_default_graph(graphs.collect::<Result<_, _>>()?);
    }
    if !request.named_graphs.is_empty() {
        let graphs = request.named_graphs.iter().map(|g| named_node(g).map(NamedOrBlankNode::from));
        prepared.dataset_mut().set_available_named_graphs(graphs.collect::<Result<_, _>>()?);
    }
    let results = prepared.on_store(store).execute().map_err(stopped)?;
    let answer = match results {
        QueryResults::Boolean(value) => {
            let format = solutions_format.ok_or(Failure::NotAcceptable(false))?;
            let body = QueryResultsSerializer::from_format(format)
                .serialize_boolean_to_writer(Vec::new(), value)
                .map_err(io_failed)?;
            Answer { kind: "boolean", body, rows: 1, truncated: false }
        }
        QueryResults::Solutions(solutions) => {
            let format = solutions_format.ok_or(Failure::NotAcceptable(false))?;
            let mut writer = QueryResultsSerializer::from_format(format)
                .serialize_solutions_to_writer(Vec::new(), solutions.variables().to_vec())
                .map_err(io_failed)?;
            let (mut rows, mut truncated) = (0, false);
            for solution in solutions {
                let solution = solution.map_err(stopped)?;
                if rows == request.row_cap {
                    truncated = true;
                    break;
                }
                writer.serialize(&solution).map_err(io_failed)?;
                rows += 1;
            }
            Answer { kind: "solutions", body: writer.finish().map_err(io_failed)?, rows, truncated }
        }
        QueryResults::Graph(triples) => {
            let format = rdf_format.ok_or(Failure::NotAcceptable(true))?;
            let mut writer = RdfSerializer::from_format(format).for_writer(Vec::new());
            let (mut rows, mut truncated) = (0, false);
            for triple in triples {
                let triple = triple.map_err(stopped)?;
                if rows == request.row_cap {
                    truncated = true;
                    break;
                }
                writer.serialize_triple(&triple).map_err(io_failed)?;
                rows += 1;
            }
            Answer { kind: "graph", body: writer.finish().map_err(io_failed)?, rows, truncated }
        }
    };
    // A query stopped while its last rows were written is still stopped: its answer may be cut anywhere.
    match watch.stopped() {
        PAST_DEADLINE => Err(Failure::Timeout),
        PAST_MEMORY_CAP => Err(Failure::OverMemory),
        _ => Ok(answer),
    }
}

// --- Query stacks: each query is evaluated on a stack of its own, in the caller's thread ---------------------

// The parser and the evaluator recurse once per level of nesting, and the caller's thread (granian's, Python's)
// may have a small stack: a query runs on a stack its thread reserved once, not committed, so that only the depth
// a query reaches costs memory; a guard page below it turns an overflow into a crash rather than corruption.
// Handing the query to another thread instead would cost more than a small query's evaluation (two wake-ups).
const QUERY_STACK_BYTES: usize = 64 << 20;
// What a query leaves committed on its stack past this is given back after it: a thread keeps little of a deep
// query's stack.
const KEPT_STACK_BYTES: usize = 1 << 20;

struct QueryStack {
    lowest: *mut u8, // the guard page's start; the stack is the QUERY_STACK_BYTES above it
    page: usize,
}

impl QueryStack {
    fn reserve() -> Result<Self, Failure> {
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize;
        let lowest = unsafe {
            libc::mmap(
                ptr::null_mut(),
                QUERY_STACK_BYTES + page,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if lowest == libc::MAP_FAILED {
            return Err(Failure::Failed("no memory for a query's stack".into()));
        }
        if unsafe { libc::mprotect(lowest, page, libc::PROT_NONE) } != 0 {
            unsafe { libc::munmap(lowest, QUERY_STACK_BYTES + page) };
            return Err(Failure::Failed("a query's stack got no guard page".into()));
        }
        Ok(QueryStack { lowest: lowest as *mut u8, page })
    }

    fn run<R>(&self, job: impl FnOnce() -> R) -> R {
        let base = unsafe { self.lowest.add(self.page) };
        let answer = unsafe { psm::on_stack(base, QUERY_STACK_BYTES, job) };
        // The stack grows down from its top: all but its top KEPT_STACK_BYTES is dropped from memory.
        unsafe { libc::madvise(base as *mut libc::c_void, QUERY_STACK_BYTES - KEPT_STACK_BYTES, libc::MADV_DONTNEED) };
        answer
    }
}

impl Drop for QueryStack {
    fn drop(&mut self) {
        unsafe { libc::munmap(self.lowest as *mut libc::c_void, QUERY_STACK_BYTES + self.page) };
    }
}

thread_local! {
    static QUERY_STACK: std::cell::RefCell<Option<QueryStack>> = const { std::cell::RefCell::new(None) };
}

fn on_a_query_stack(job: impl FnOnce() -> Result<Answer, Failure>) -> Result<Answer, Failure> {
    QUERY_STACK.with(|stack| {
        let mut stack = stack.try_borrow_mut().map_err(|_| Failure::Failed("a query inside a query".into()))?;
        if stack.is_none() {
            *stack = Some(QueryStack::reserve()?);
        }
        let stack = stack.as_ref().expect("reserved above");
        // A panic is caught on the query's stack: it must not unwind across the switch.
        match stack.run(|| panic::catch_unwind(AssertUnwindSafe(job))) {
            Ok(answer) => answer,
            Err(_) => Err(Failure::Failed("the evaluation failed (a panic in the engine)".into())),
        }
    })
}

// --- Python ---------------------------------------------------------------------------------------------

/// A store opened read-only: a snapshot of its files as they were at opening.
#[pyclass(frozen, name = "Store", module = "bbkg_engine")]
struct ReadOnlyStore {
    store: Store,
}

#[pymethods]
impl ReadOnlyStore {
    #[new]
    fn new(path: PathBuf) -> PyResult<Self> {
        let store = Store::open_read_only(&path)
            .map_err(|e| PyOSError::new_err(format!("cannot open the store at {}: {e}", path.display())))?;
        Ok(Self { store })
    }

    /// Evaluate `query` and serialize its answer, releasing the GIL meanwhile.
    ///
    /// `results_type` and `graph_type` are the media types to write solutions (or a boolean) and a graph in;
    /// None where the client accepts none (NotAcceptable, with `is_graph` as its argument). At most `row_cap`
    /// solutions or triples are written. Returns (kind, body, rows, truncated), kind being "solutions",
    /// "boolean" or "graph". Raises QuerySyntaxError, QueryTimeout past `timeout` seconds, QueryOverMemory
    /// past `memory_cap` bytes allocated (0: no cap), QueryFailed for an evaluation error (SERVICE, ...),
    /// OSError where the database fails while read.
    #[pyo3(signature = (query, results_type=None, graph_type=None, default_graphs=Vec::new(),
                        named_graphs=Vec::new(), timeout=30.0, row_cap=100_000, memory_cap=0))]
    #[allow(clippy::too_many_arguments)]
    fn query<'py>(
        &self,
        py: Python<'py>,
        query: &str,
        results_type: Option<&str>,
        graph_type: Option<&str>,
        default_graphs: Vec<String>,
        named_graphs: Vec<String>,
        timeout: f64,
        row_cap: usize,
        memory_cap: usize,
    ) -> PyResult<(&'static str, Bound<'py, PyBytes>, usize, bool)> {
        let timeout = Duration::try_from_secs_f64(timeout.max(0.0)).unwrap_or(Duration::MAX / 2);
        let store = self.store.clone();
        let request = Request {
            query: query.to_owned(),
            results_type: results_type.map(str::to_owned),
            graph_type: graph_type.map(str::to_owned),
            default_graphs,
            named_graphs,
            timeout,
            row_cap,
            memory_cap,
        };
        let evaluated = py.allow_threads(|| on_a_query_stack(|| evaluate(&store, &request)));
        match evaluated {
            Ok(answer) => Ok((answer.kind, PyBytes::new(py, &answer.body), answer.rows, answer.truncated)),
            Err(Failure::Syntax(message)) => Err(QuerySyntaxError::new_err(message)),
            Err(Failure::NotAcceptable(is_graph)) => Err(NotAcceptable::new_err(is_graph)),
            Err(Failure::Timeout) => Err(QueryTimeout::new_err("the query ran past its deadline")),
            Err(Failure::OverMemory) => Err(QueryOverMemory::new_err("the query needed more than its memory cap")),
            Err(Failure::Failed(message)) => Err(QueryFailed::new_err(message)),
            Err(Failure::Store(message)) => Err(PyOSError::new_err(format!("the store failed while read: {message}"))),
        }
    }
}

/// Serve HTTP on the listening socket `listener_fd` until the process ends (front.rs): queries alone answered
/// here (endpoint.rs), other SPARQL operations by `respond`, called as respond(method, query_string, headers, body,
/// peer) -> (status line, headers, body) with the GIL; every other connection handed to granian's Unix socket
/// `upstream`. `engine_store` is server/engine.py's EngineStore; `negotiate(accept)` gives (results content type,
/// results media type, graph content type, graph media type); `settings` holds the endpoint's settings, one item
/// per field of EndpointSettings.
#[pyfunction]
#[pyo3(signature = (listener_fd, upstream, respond, engine_store, negotiate, settings, access_log=false,
                    idle_seconds=60.0, max_connections=1024))]
#[allow(clippy::too_many_arguments)]
fn serve_front(
    py: Python<'_>,
    listener_fd: i32,
    upstream: PathBuf,
    respond: Py<PyAny>,
    engine_store: Py<PyAny>,
    negotiate: Py<PyAny>,
    settings: &Bound<'_, pyo3::types::PyDict>,
    access_log: bool,
    idle_seconds: f64,
    max_connections: usize,
) -> PyResult<()> {
    let endpoint_settings: endpoint::EndpointSettings = settings.extract()?;
    let max_body_bytes = endpoint_settings.max_query_bytes;
    let endpoint = endpoint::Endpoint::new(endpoint_settings, engine_store, negotiate)
        .map_err(|e| PyOSError::new_err(format!("the front cannot count in the metrics file: {e}")))?;
    // SAFETY: the caller hands over a listening socket it no longer uses.
    let listener = unsafe { TcpListener::from_raw_fd(listener_fd) };
    let idle = Duration::try_from_secs_f64(idle_seconds.max(0.001)).unwrap_or(Duration::from_secs(60));
    let front = front::Front { upstream, respond, max_body_bytes, idle, endpoint, access_log };
    py.allow_threads(move || front::serve(listener, front, max_connections.max(1)));
    Ok(())
}

#[pymodule]
fn bbkg_engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<ReadOnlyStore>()?;
    m.add_function(wrap_pyfunction!(serve_front, m)?)?;
    m.add("QuerySyntaxError", py.get_type::<QuerySyntaxError>())?;
    m.add("QueryStopped", py.get_type::<QueryStopped>())?;
    m.add("QueryTimeout", py.get_type::<QueryTimeout>())?;
    m.add("QueryOverMemory", py.get_type::<QueryOverMemory>())?;
    m.add("QueryFailed", py.get_type::<QueryFailed>())?;
    m.add("NotAcceptable", py.get_type::<NotAcceptable>())?;
    Ok(())
}
