# whistlab -- build, tests, demo and benchmarks.
#
#   make demo    install missing packages, build, run the main job on corpora/
#   make check   install missing packages, build, run the cmocka suite twice,
#                plain and under AddressSanitizer + UBSan, the programs in
#                parallel (one per processor; tests/run-tests.sh)
#   make check-long
#                the heavy checks make check leaves out: every deal of DDS's
#                list1000, and README's examples marked "examples: long"
#   make bench   benchmarks (tests/bench/): the machine, its load, one line a README table row
#   make fuzz    libFuzzer over the readers, convention tables and players, the --where
#                language, .wls state files, .wdv stores of solved leads and the table
#                digests, the claims files of `whistlab claims`, the saved states of
#                lead --simulate and odds --corpus (tests/fuzz/);
#                FUZZ_TARGETS="fuzz_where ..." runs some only
#   make install, make uninstall
#                the binary, the man page and the documentation of the built-in
#                tables under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local by default)
#
# Every .c under formats/, stats/, stats/*/ and analyze/*/ goes into the library; the
# front ends, cli/*.c, only into the whistlab binary; each tests/test_*.c is
# one cmocka program; each tests/bench/bench_*.c one benchmark.

CC      ?= cc
CSTD    = -std=c11 -D_DEFAULT_SOURCE
WARN    = -Wall -Wextra -Werror
OPT     ?= -O2 -g
# The release objects (build/rel) are optimised harder and carry link-time
# code as well (fat: the test programs link them with -fno-lto, quickly: without
# it the linker plugin would run a whole LTO link, 5 CPU-s, per test program);
# the whistlab binary and the benchmarks link with LTO, which inlines the
# players' small cross-file helpers (play_public_play, the hand facts) into
# the game loop, and the engine's per-card steps (sd_table_decide and
# sd_table_play, analyze/play/sd_table.c) into the duplicate's joint play:
# the single-dummy replay runs about 10% faster.
REL_OPT ?= -O3 -flto=auto -ffat-lto-objects
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) -pthread -I. $(MPI_CFLAGS) $(CFLAGS)
# Each object and program records the headers it includes (a .d file beside
# it, read at the end of this file): a header edit rebuilds what includes it.
DEPFLAGS = -MMD -MP
# libdds is loaded by the whistlab binary when it first solves (dd_init),
# not linked: commands that never solve do not pay its start-up. The test
# and benchmark programs link it (some call DDS directly).
LIBS    = -lz -lcsv -lgsl -lgslcblas -lm -ldl -pthread
DDS_LIB = -ldds
# -Og for the sanitizer build: it compiles the library in a third of -O2's
# CPU under ASan, and its programs run near -O1's speed. The warnings that
# depend on how far the optimiser follows values (format-truncation, restrict)
# are false at -Og (and -O1): the release build, -O3, is their gate.
# -g1 (line tables: the sanitizers' reports still name file and line) rather
# than -g: a third less CPU to compile the sanitizer build.
SANITIZE = -Og -g1 -Wno-format-truncation -Wno-restrict -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

DEB_PACKAGES = build-essential libgsl-dev zlib1g-dev libcsv-dev libcmocka-dev libdds-dev gnuplot-nox \
               openmpi-bin libopenmpi-dev
# Open MPI's header, for analyze/dd/dd_mpi.c (libmpi itself is loaded at
# run time, under mpirun only). Expanded when a rule runs, after `deps`.
MPI_CFLAGS = $(shell pkg-config --cflags ompi-c)

# analyze/ holds its capabilities' folders only (lead, play, dd, deal, odds,
# replay): a source directly under it would be in no folder's README.
$(if $(wildcard analyze/*.c analyze/*.h),$(error analyze/ holds folders only: $(wildcard analyze/*.[ch])))

CONV_DIR  = analyze/lead/conventions
LIB_SRC   = $(sort $(wildcard formats/*.c stats/*.c stats/*/*.c analyze/*/*.c analyze/dd/engine/*.c)) build/gen/conventions_data.c \
            build/gen/claims_data.c build/gen/holdings_data.c
CLI_SRC   = $(sort $(wildcard cli/*.c))
TEST_SRC  = $(sort $(wildcard tests/test_*.c))
BENCH_SRC = $(sort $(wildcard tests/bench/bench_*.c))

REL  = build/rel
ASAN = build/asan

LIB_OBJ_REL  = $(LIB_SRC:%.c=$(REL)/%.o)
LIB_OBJ_ASAN = $(LIB_SRC:%.c=$(ASAN)/%.o)
CLI_OBJ_REL  = $(CLI_SRC:%.c=$(REL)/%.o)
CLI_OBJ_ASAN = $(CLI_SRC:%.c=$(ASAN)/%.o)
TESTS_REL    = $(TEST_SRC:tests/%.c=$(REL)/tests/%)
TESTS_ASAN   = $(TEST_SRC:tests/%.c=$(ASAN)/tests/%)
BENCHES      = $(BENCH_SRC:tests/bench/%.c=$(REL)/bench/%)
BENCHES_RUN  = $(filter-out $(REL)/bench/bench_dd_engine,$(BENCHES))

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
CFLAGS_ALL += -DWHISTLAB_VERSION='"$(VERSION)"'

.PHONY: all deps check check-programs check-long check-long-programs test test-asan demo bench bench-dd-engine fuzz corpora clean install uninstall man

all: whistlab

deps:
	@sh tests/install-deps.sh $(DEB_PACKAGES)

whistlab: $(REL)/whistlab
	cp $< $@

$(REL)/whistlab: $(CLI_OBJ_REL) $(REL)/libwhistlab.a
	$(CC) $(CFLAGS_ALL) $(REL_OPT) -o $@ $^ $(LIBS)

$(REL)/libwhistlab.a: $(LIB_OBJ_REL)
	rm -f $@ && ar rcs $@ $^

$(ASAN)/libwhistlab.a: $(LIB_OBJ_ASAN)
	rm -f $@ && ar rcs $@ $^

# The built-in convention tables as C string constants ($(CONV_DIR)/).
build/gen/conventions_data.c: $(CONV_DIR)/embed.sh $(wildcard $(CONV_DIR)/*.tbl)
	@mkdir -p $(dir $@)
	sh $(CONV_DIR)/embed.sh $@ $(sort $(wildcard $(CONV_DIR)/*.tbl))

# The built-in claims of `whistlab claims` (analyze/claims/claims.tbl).
build/gen/claims_data.c: analyze/claims/embed.sh analyze/claims/claims.tbl
	@mkdir -p $(dir $@)
	sh analyze/claims/embed.sh $@ analyze/claims/claims.tbl

# The built-in holding groups of `whistlab lead --by-holding` (analyze/lead/holdings.tbl).
build/gen/holdings_data.c: analyze/lead/holdings_embed.sh analyze/lead/holdings.tbl
	@mkdir -p $(dir $@)
	sh analyze/lead/holdings_embed.sh $@ analyze/lead/holdings.tbl

$(REL)/%.o: %.c $(REL)/%.d
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(DEPFLAGS) $(REL_OPT) -c -o $@ $<

$(ASAN)/%.o: %.c $(ASAN)/%.d
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(DEPFLAGS) $(SANITIZE) -c -o $@ $<

# tests/testutil.c (testutil.h's helpers that run whistlab) goes into every
# test program, compiled once a build.
$(REL)/tests/testutil.o: tests/testutil.c $(REL)/tests/testutil.d
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(DEPFLAGS) -O1 -c -o $@ $<

$(ASAN)/tests/testutil.o: tests/testutil.c $(ASAN)/tests/testutil.d
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(DEPFLAGS) $(SANITIZE) -c -o $@ $<

# The release test programs' own code at -O0: their work is the library's
# (-O3) and the whistlab runs they start; -O1 costs three times the CPU to
# compile (8 CPU-s over the 53 programs) and saves none in running them. The
# sanitizer build compiles the same code at -Og, with the warnings that need
# the optimiser's view of values (maybe-uninitialized).
$(REL)/tests/%: tests/%.c $(REL)/tests/%.d $(REL)/tests/testutil.o $(REL)/libwhistlab.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(DEPFLAGS) -O0 -fno-lto -o $@ $< $(REL)/tests/testutil.o $(REL)/libwhistlab.a $(LIBS) $(DDS_LIB) -lcmocka

$(ASAN)/tests/%: tests/%.c $(ASAN)/tests/%.d $(ASAN)/tests/testutil.o $(ASAN)/libwhistlab.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(DEPFLAGS) $(SANITIZE) -o $@ $< $(ASAN)/tests/testutil.o $(ASAN)/libwhistlab.a $(LIBS) $(DDS_LIB) -lcmocka

$(REL)/bench/%: tests/bench/%.c $(REL)/bench/%.d $(REL)/libwhistlab.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(DEPFLAGS) $(REL_OPT) -o $@ $< $(REL)/libwhistlab.a $(LIBS) $(DDS_LIB)

# The release test programs run whistlab as users do, linked from the same
# objects without LTO (CHECK_BIN; they are fat, machine code included): the
# LTO link costs about 45 CPU-s and changes no output, only play's speed
# (about 10%). make, make bench and make check-long build and run the LTO
# binary. The sanitizer programs run the sanitizer build's (ASAN_ENV).
# Each binary is named whistlab in its own directory: a pasted "go on with"
# command (testutil.c) and README's examples find it on the PATH.
CHECK_BIN = $(REL)/nolto/whistlab
# WHISTLAB_SMALL=1: the sanitizer programs run the heavy checks on smaller
# inputs (testutil.h's test_small), the release programs on the full ones.
ASAN_ENV = WHISTLAB_BIN=$(ASAN)/whistlab WHISTLAB_SMALL=1 ASAN_OPTIONS=detect_leaks=1 \
           UBSAN_OPTIONS=print_stacktrace=1

test: $(CHECK_BIN) $(TESTS_REL)
	@sh tests/run-tests.sh WHISTLAB_BIN=$(CHECK_BIN) $(TESTS_REL)

test-asan: $(ASAN)/whistlab $(TESTS_ASAN)
	@sh tests/run-tests.sh $(ASAN_ENV) $(TESTS_ASAN)

$(CHECK_BIN): $(CLI_OBJ_REL) $(REL)/libwhistlab.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -fno-lto -o $@ $^ $(LIBS)

$(ASAN)/whistlab: $(CLI_OBJ_ASAN) $(ASAN)/libwhistlab.a
	$(CC) $(CFLAGS_ALL) $(SANITIZE) -o $@ $^ $(LIBS)

# make check and check-long build with one job per processor unless make
# was given -j; both builds' programs then run in one pool, as many at a
# time as there are processors (tests/run-tests.sh).
NPROC := $(shell nproc 2>/dev/null || echo 2)
JOBS   = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC))

# The pool starts the heaviest programs first (by CPU, both builds' summed,
# measured), each under the sanitizers then plain, so that it does not end
# on one long program running alone; the rest follow by name, plain then
# under the sanitizers. REL_ENV undoes ASAN_ENV for the plain programs
# (run-tests.sh's variables hold for the programs after them).
HEAVY_TESTS = test_replay test_cli_options test_solve test_corpus_jobs test_where test_plot test_lead_sim \
              test_sd_replay test_readers test_odds_empirical test_cli test_dd_engines test_conventions_data \
              test_sd_game test_odds_shard test_dd test_stats
HEAVY_RUN   = $(filter $(HEAVY_TESTS),$(TEST_SRC:tests/%.c=%))
LIGHT_RUN   = $(filter-out $(HEAVY_TESTS),$(TEST_SRC:tests/%.c=%))
REL_ENV     = WHISTLAB_BIN=$(CHECK_BIN) WHISTLAB_SMALL=0
CHECK_RUN   = $(foreach t,$(filter $(HEAVY_RUN),$(HEAVY_TESTS)),$(ASAN_ENV) $(ASAN)/tests/$(t) $(REL_ENV) $(REL)/tests/$(t)) \
              $(REL_ENV) $(LIGHT_RUN:%=$(REL)/tests/%) $(ASAN_ENV) $(LIGHT_RUN:%=$(ASAN)/tests/%)

check: deps
	@$(MAKE) --no-print-directory $(JOBS) check-programs
	@sh tests/run-tests.sh $(CHECK_RUN)

check-programs: $(CHECK_BIN) $(ASAN)/whistlab $(TESTS_REL) $(TESTS_ASAN)
	@:

# The heavy checks, release build only: every deal of DDS's list1000, each
# card's double-dummy value against DDS's own expected results (FUT) and DD
# tables (about 20 s on 2 cores); then, with WHISTLAB_LONG=1 (testutil.h's
# test_long), the programs with a check make check runs smaller: README's
# examples marked "examples: long" (tests/test_docs.c; lead --simulate 5000,
# about 260 s of CPU), the renamed tables on 10,000 deals, the odds of a
# million random deals, the games of 100,000, the store's values solved
# afresh on all of list100 (make check: its first 25 deals' checked-in store),
# replay's values on list1000's first 106 deals (make check: 14 of them),
# the joint cells folded over 20,000 deals (make check: 5,000).
LONG_TESTS = $(REL)/tests/test_docs $(REL)/tests/test_conventions_data $(REL)/tests/test_odds_empirical \
             $(REL)/tests/test_sd_game $(REL)/tests/test_solve $(REL)/tests/test_replay $(REL)/tests/test_stats

# whistlab's own double-dummy engine against DDS: every card of DDE_LIST's
# deals against FUT and every entry of its DD tables, then DDE_LONG_DEALS
# random whole deals and as many later positions card by card against libdds
# (issue 29 asks list1000 and 100000 deals: at the engine's present speed,
# several seconds a deal, that is a day's run: make check-long
# DDE_LIST=corpora/dds-hands/list1000.txt DDE_LONG_DEALS=100000).
DDE_LIST ?= corpora/dds-hands/list100.txt
DDE_LONG_DEALS ?= 100

check-long: deps
	@$(MAKE) --no-print-directory $(JOBS) check-long-programs
	@$(REL)/tests/test_dd corpora/dds-hands/list1000.txt
	@WHISTLAB_LONG=1 DDE_LONG_DEALS=$(DDE_LONG_DEALS) $(REL)/tests/test_dd_engine $(DDE_LIST)
	@sh tests/run-tests.sh WHISTLAB_LONG=1 $(LONG_TESTS)

check-long-programs: whistlab $(REL)/tests/test_dd $(REL)/tests/test_dd_engine $(LONG_TESTS)
	@:

demo: deps
	@$(MAKE) --no-print-directory whistlab
	@sh corpora/demo.sh

# The man page's OPTIONS section, made again from each command's --help
# (its option table): between the marker lines of whistlab.1.
man: whistlab
	@sh cli/man-options.sh ./whistlab > build/man-options.roff
	@awk -v gen=build/man-options.roff \
	    '/^\.\\" OPTIONS: made by/ { print; while ((getline l < gen) > 0) print l; skip = 1; next } \
	     /^\.\\" end of OPTIONS/ { skip = 0 } !skip' whistlab.1 > build/whistlab.1.new
	@mv build/whistlab.1.new whistlab.1

# The standard large corpora (1M and 10M random deals, fixed seeds), on demand.
corpora: whistlab
	@sh corpora/make-corpora.sh

bench: deps
	@sh tests/install-deps.sh dealer
	@$(MAKE) --no-print-directory whistlab $(BENCHES_RUN)
	@sh tests/bench/run-bench.sh $(BENCHES_RUN)

# The own double-dummy engine against DDS (issue 29), apart from `make bench`
# until its speed step: today a whole deal costs it seconds (analyze/dd/engine/README.md).
bench-dd-engine: deps
	@$(MAKE) --no-print-directory $(REL)/bench/bench_dd_engine
	@sh tests/bench/run-bench.sh $(REL)/bench/bench_dd_engine

# libFuzzer needs clang: the library is compiled again with it, once,
# instrumented for the fuzzer and under AddressSanitizer and UBSan, and
# linked into each target (tests/fuzz/fuzz_*.c).
FUZZ_SECONDS ?= 120
FUZZ_SRC     = $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_TARGETS ?= $(FUZZ_SRC:tests/fuzz/%.c=%)
FUZZERS      = $(FUZZ_TARGETS:%=build/fuzz/%)
FUZZ_CFLAGS  = $(CSTD) $(WARN) -O1 -g -pthread -I. $(MPI_CFLAGS) -DWHISTLAB_VERSION='"fuzz"' \
               -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
LIB_OBJ_FUZZ = $(LIB_SRC:%.c=build/fuzz/obj/%.o)

build/fuzz/obj/%.o: %.c build/fuzz/obj/%.d
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(DEPFLAGS) -c -o $@ $<

build/fuzz/libwhistlab.a: $(LIB_OBJ_FUZZ)
	rm -f $@ && ar rcs $@ $^

build/fuzz/%: tests/fuzz/%.c build/fuzz/%.d build/fuzz/libwhistlab.a
	clang $(FUZZ_CFLAGS) $(DEPFLAGS) -o $@ $< build/fuzz/libwhistlab.a $(LIBS) $(DDS_LIB)

fuzz: deps
	@sh tests/install-deps.sh clang libclang-rt-dev
	@$(MAKE) --no-print-directory whistlab $(FUZZERS)
	@for f in $(FUZZERS); do sh tests/fuzz/run-fuzz.sh $$f $(FUZZ_SECONDS) || exit 1; done

# Installation as Debian packaging expects it (PREFIX, DESTDIR): the binary,
# the man page, and what the built-in tables rest on under share/doc/whistlab:
# the README, the lead and play rules (lead/RULES.md, play/RULES.md) and the
# convention tables with their format (lead/conventions/).
PREFIX  ?= /usr/local
BINDIR   = $(DESTDIR)$(PREFIX)/bin
MAN1DIR  = $(DESTDIR)$(PREFIX)/share/man/man1
DOCDIR   = $(DESTDIR)$(PREFIX)/share/doc/whistlab
DOC_TABLES = $(sort $(wildcard $(CONV_DIR)/*.tbl)) $(CONV_DIR)/README.md

# INSTALL_BIN: the binary installed, whistlab (LTO) unless given; make
# check's test of this rule (tests/test_docs.c) installs the binary under
# test, already built, rather than link the LTO one amid the tests.
INSTALL_BIN ?= whistlab

install: $(INSTALL_BIN)
	install -d $(BINDIR) $(MAN1DIR) $(DOCDIR)/lead/conventions $(DOCDIR)/play
	install -m 755 $(INSTALL_BIN) $(BINDIR)/whistlab
	install -m 644 whistlab.1 $(MAN1DIR)/whistlab.1
	install -m 644 README.md $(DOCDIR)/README.md
	install -m 644 analyze/lead/RULES.md $(DOCDIR)/lead/RULES.md
	install -m 644 analyze/lead/holdings.tbl $(DOCDIR)/lead/holdings.tbl
	install -m 644 analyze/play/RULES.md $(DOCDIR)/play/RULES.md
	install -m 644 $(DOC_TABLES) $(DOCDIR)/lead/conventions/

uninstall:
	rm -f $(BINDIR)/whistlab $(MAN1DIR)/whistlab.1
	rm -rf $(DOCDIR)

clean:
	rm -rf build whistlab

# The headers each object and program was built from. Each target depends on
# its .d file too: one built before its .d existed (an older build/) is built
# again once, rather than left stale by a header edit it cannot see.
DEPFILES = $(patsubst %.o,%.d,$(LIB_OBJ_REL) $(LIB_OBJ_ASAN) $(CLI_OBJ_REL) $(CLI_OBJ_ASAN) $(LIB_OBJ_FUZZ)) \
           $(addsuffix .d,$(TESTS_REL) $(TESTS_ASAN) $(BENCHES) $(FUZZERS)) $(REL)/tests/testutil.d $(ASAN)/tests/testutil.d
$(DEPFILES): ;
-include $(wildcard $(DEPFILES))
