# Two commands for a new user: `make run` and `make test`. Both install what is missing first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STORE ?= var/store
# Must match the graphframes-py version pinned in pyproject.toml.
GRAPHFRAMES := io.graphframes:graphframes-spark4_2.13:0.12.3
STAMP := $(VENV)/.bbkg-installed

.PHONY: install jars run build serve test bench clean

install: $(STAMP)

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(MAKE) --no-print-directory jars
	touch $@

# The GraphFrames JVM library (and its graphx module, a dependency) into ~/.m2, where Spark resolves
# it offline: from Maven Central, or else from JAR+POM pairs in ../shared/jars/. Without it, builds
# compute connections with the Spark SQL stand-in and say so.
SHARED_JARS := ../shared/jars
jars:
	@mvn -q -U org.apache.maven.plugins:maven-dependency-plugin:3.8.1:get -Dartifact=$(GRAPHFRAMES) -Dtransitive=true >/dev/null 2>&1 \
	 && echo "GraphFrames JAR installed in ~/.m2 from Maven Central" \
	 || { for jar in $(wildcard $(SHARED_JARS)/*.jar); do \
	        mvn -q org.apache.maven.plugins:maven-install-plugin:3.1.2:install-file -Dfile=$$jar -DpomFile=$${jar%.jar}.pom \
	          && echo "installed $$jar into ~/.m2"; done; \
	      ls $(SHARED_JARS)/*.jar >/dev/null 2>&1 || echo "WARNING: neither Maven Central nor $(SHARED_JARS) has $(GRAPHFRAMES); builds compute connections with the Spark SQL stand-in (see README: GraphFrames)."; }

run: build serve

build: install
	$(BIN)/bbkg build --input seeds --store $(STORE)

serve: install
	$(BIN)/bbkg serve --store $(STORE)

test: install
	$(BIN)/ruff check
	$(BIN)/mypy
	$(BIN)/pytest

# The load generator (wrk, from Debian), Oxigraph's server, rdflib-endpoint and matplotlib (PyPI) are only needed here.
# Corpus sizes: make bench BENCH_SIZES="1000 10000 100000" (100,000 takes about 40 minutes more).
BENCH_SIZES ?= 1000 10000
bench: install
	@command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python -m benchmarks.run $(BENCH_SIZES)

clean:
	rm -rf $(VENV) var .pytest_cache
