# wordlink — `make run` opens the browser on Data/, `make test` runs every test.
# Both install missing system packages (as root, or with sudo) or print the command to run.

SWIFT       ?= swift
DATA        ?= Data
BUILD_FLAGS ?=
# Release builds are fully static executables: no dynamic loader, no relocations at start-up
# (docs/decisions.md, "No Foundation, and a fully static release build").
RELEASE     := -c release -Xswiftc -static-executable --scratch-path .build/static
# The floor that define is measured against, linked the way a plain Swift tool is (static Swift runtime).
FLOOR       := -c release --static-swift-stdlib --scratch-path .build/floor
# wordnet-base and the dict-* packages: the importers' integration tests run on the real packages;
# wordnet (its `wn`) for the test that compares the import with `wn -over`; stardict-xmlittre,
# stardict-czech and sdcv for the StarDict importer's tests (the import compared with sdcv's text);
# goldendict-wordnet for the DSL importer's (WordNet as a .dsl.dz with its _abrv.dsl);
# man-db: the install test renders the man page with `man -l`; zsh and fish (about 40 MB with
# their common files) run the completion scripts (CompletionShellsEndToEndTests); libhunspell-dev builds the
# morphology (CHunspell), and the English, French and German dictionaries are its integration tests'.
APT_PACKAGES := libncurses-dev libunistring-dev zlib1g-dev libsqlite3-dev pkg-config tmux wordnet-base wordnet dict-jargon goldendict-wordnet \
                dict-gcide dict-freedict-eng-fra stardict-xmlittre stardict-czech sdcv man-db zsh fish sqlite3 \
                libhunspell-dev hunspell-en-us hunspell-fr hunspell-de-de
# `make wordnet` imports into the library (see the README): $XDG_DATA_HOME/wordlink/wordnet.
WORDNET_DIR ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/wordlink/wordnet

.PHONY: all deps build release run test unit test-asan smoke-release fuzz bench check clean wordnet install uninstall

all: build

# Installs what the build and the tests need, or says exactly what to run.
deps:
	@Scripts/ensure-packages $(APT_PACKAGES)

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build $(RELEASE) --product wordlink

run: build
	$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/wordlink --data $(DATA) $(ARGS)

check: build
	$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/wordlink check --data $(DATA)

# Unit tests, golden grids, property tests, and the end-to-end tests that drive the real
# binary in tmux (they find it through WORDLINK_BIN). The lookup index the binary keeps in
# the user's cache goes to a folder of the build's instead, and the library (the dictionaries
# a command opens without --data) is an empty folder of the build's, not the user's; so are the
# state folder (history, the last session) and the config folder. The locale is C.UTF-8: the
# reader's language, which orders a library, is then the library's, not the tester's.
TEST_ENV    := XDG_DATA_HOME=$(CURDIR)/.build/test-library WORDLINK_DATA= XDG_STATE_HOME=$(CURDIR)/.build/test-state \
               XDG_CONFIG_HOME=$(CURDIR)/.build/test-config LC_ALL=C.UTF-8
test: deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	rm -rf .build/test-cache .build/test-library .build/test-state .build/test-config
	$(TEST_ENV) XDG_CACHE_HOME=$(CURDIR)/.build/test-cache WORDLINK_BIN=$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/wordlink \
	  $(SWIFT) test $(BUILD_FLAGS) --skip-build

# The fast loop while working: every test but the end-to-end ones in tmux and the importers
# on the real Debian packages (both still run in `make test`).
unit: deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(TEST_ENV) XDG_CACHE_HOME=$(CURDIR)/.build/test-cache $(SWIFT) test $(BUILD_FLAGS) --skip-build --skip EndToEndTests --skip IntegrationTests

# The same tests built with the address sanitizer (and the binary the end-to-end tests drive),
# in a scratch folder of their own. Suppressions: Tests/asan-suppressions.txt (a known bug,
# reported) and Tests/lsan-suppressions.txt (the test runner's own leaks).
ASAN        := --sanitize=address --scratch-path .build/asan
# ASan leaves crash signals to the program: TerminalRestore's handlers and the Swift runtime's
# crash report are under test (TerminalRestoreTests). The runtime's crash handler copies the
# crashed stack, redzones and all, with the C library's memcpy, so ASan does not wrap memcpy in
# uninstrumented libraries (replace_intrin=0); our own code's copies are still checked.
ASAN_SIGNALS := handle_segv=0:handle_sigbus=0:handle_sigill=0:handle_sigfpe=0:handle_abort=0:replace_intrin=0
ASAN_ENV    := ASAN_OPTIONS=suppressions=$(CURDIR)/Tests/asan-suppressions.txt:detect_leaks=1:$(ASAN_SIGNALS) \
               LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0
# Left out under the sanitizer, and said so as it runs: the two suites that import whole real
# dictionaries (XMLittre and Czech from StarDict, all of WordNet compared with `wn`), which
# `make test` runs. Under the sanitizer they took 390 and 281 s of one processor each (the whole
# run, 40 minutes on two), and the C calls they make (zlib, SQLite) are those the other tests make
# on small sources.
ASAN_SKIP   := StarDictIntegrationTests WordNetFidelityIntegrationTests
test-asan: deps
	$(SWIFT) build $(BUILD_FLAGS) $(ASAN) --build-tests
	rm -rf .build/test-cache-asan .build/test-library
	@echo "test-asan: not run under the sanitizer (make test runs them): $(ASAN_SKIP)"
	$(TEST_ENV) XDG_CACHE_HOME=$(CURDIR)/.build/test-cache-asan WORDLINK_BIN=$$($(SWIFT) build $(BUILD_FLAGS) $(ASAN) --show-bin-path)/wordlink \
	  $(ASAN_ENV) $(SWIFT) test $(BUILD_FLAGS) $(ASAN) --skip-build $(addprefix --skip ,$(ASAN_SKIP))

# The release binary as users get it (static, optimised), tried on the sample dictionary:
# define, search, links-to, and the browser in tmux opening, following a link and quitting.
smoke-release: release
	Scripts/smoke-release $$($(SWIFT) build $(RELEASE) --show-bin-path)/wordlink

# `make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGET=fuzz-json]`: builds the drivers in Fuzz/ with libFuzzer
# and the address sanitizer and runs each for FUZZ_SECONDS; crash inputs go to Fuzz/Crashes/.
FUZZ_SECONDS ?= 60
FUZZ_TARGET  ?=
fuzz: deps
	SWIFT="$(SWIFT)" FUZZ_SECONDS=$(FUZZ_SECONDS) Scripts/fuzz $(FUZZ_TARGET)

# `make bench BENCH_ARGS=wordnet`: the figures on an imported WordNet, against WordNet's
# own `wn` and `dict` on a local dictd (packages wordnet, dictd, dict, dict-wn);
# `BENCH_ARGS=library`: on a library of WordNet, GCIDE, Jargon, FOLDOC, FreeDict eng-fra and the sample;
# `BENCH_ARGS=import-memory`: each import's peak memory (FreeDict deu-eng and eng-deu, GCIDE, WordNet
# where installed) and define on a 100 MB definition, against issue 34's 300 MB;
# `BENCH_ARGS=stardict`: XMLittre imported (wall, CPU, peak), then define on it against `sdcv` (package sdcv);
# `BENCH_ARGS=formats`: each installed format imported once (WordNet, GCIDE, the largest FreeDict pair,
# XMLittre, czech-cizi, goldendict-wordnet's DSL, a synthetic XDXF file of 20 MB): MB/s and peak;
# `BENCH_ARGS="wiktionary 1024"`: a synthetic kaikki.org extract of 1024 MB (default 2000) imported (wall, MB/s, peak).
bench: deps
	$(SWIFT) build $(RELEASE)
	$(SWIFT) build $(FLOOR) --product wordlink-floor
	cp $$($(SWIFT) build $(FLOOR) --show-bin-path)/wordlink-floor $$($(SWIFT) build $(RELEASE) --show-bin-path)/
	Scripts/ensure-packages w3m time
	Scripts/ensure-packages wordnet dictd dict dict-wn dict-foldoc
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/wordlink-bench $(BENCH_ARGS)

wordnet: release
	Scripts/ensure-packages wordnet-base
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/wordlink import wordnet --to $(WORDNET_DIR)

# `make install [PREFIX=/usr/local] [DESTDIR=]`: the release binary, the sample dictionary (which
# the binary finds at ../share/wordlink/Data), the man page (made by the binary from its --help
# texts) and bash, zsh and fish completion. INSTALL_BIN=path installs that binary instead of
# building a release one (the install test uses the debug build).
PREFIX      ?= /usr/local
INSTALL_BIN ?=
INSTALL_DIR  = $(DESTDIR)$(PREFIX)
install:
	@if [ -z "$(INSTALL_BIN)" ]; then $(MAKE) --no-print-directory release; fi
	bin="$(INSTALL_BIN)"; [ -n "$$bin" ] || bin=$$($(SWIFT) build $(RELEASE) --show-bin-path)/wordlink; \
	  install -d "$(INSTALL_DIR)/bin" "$(INSTALL_DIR)/share/man/man1" "$(INSTALL_DIR)/share/wordlink" \
	    "$(INSTALL_DIR)/share/bash-completion/completions" "$(INSTALL_DIR)/share/zsh/site-functions" \
	    "$(INSTALL_DIR)/share/fish/vendor_completions.d" && \
	  install -m 755 "$$bin" "$(INSTALL_DIR)/bin/wordlink" && \
	  "$$bin" generate man > "$(INSTALL_DIR)/share/man/man1/wordlink.1.tmp" && \
	  mv "$(INSTALL_DIR)/share/man/man1/wordlink.1.tmp" "$(INSTALL_DIR)/share/man/man1/wordlink.1"
	rm -rf "$(INSTALL_DIR)/share/wordlink/Data"
	cp -R Data "$(INSTALL_DIR)/share/wordlink/Data"
	install -m 644 Scripts/completions/wordlink.bash "$(INSTALL_DIR)/share/bash-completion/completions/wordlink"
	install -m 644 Scripts/completions/_wordlink "$(INSTALL_DIR)/share/zsh/site-functions/_wordlink"
	install -m 644 Scripts/completions/wordlink.fish "$(INSTALL_DIR)/share/fish/vendor_completions.d/wordlink.fish"

uninstall:
	rm -f "$(INSTALL_DIR)/bin/wordlink" "$(INSTALL_DIR)/share/man/man1/wordlink.1" \
	  "$(INSTALL_DIR)/share/bash-completion/completions/wordlink" "$(INSTALL_DIR)/share/zsh/site-functions/_wordlink" \
	  "$(INSTALL_DIR)/share/fish/vendor_completions.d/wordlink.fish"
	rm -rf "$(INSTALL_DIR)/share/wordlink"

clean:
	rm -rf .build
