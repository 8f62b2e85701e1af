# npt: NPU profile tools.  POSIX make; see config.mk for settings.
.POSIX:

include config.mk

BIN = \
	bin/npt-agg \
	bin/npt-annotate \
	bin/npt-decode \
	bin/npt-diff \
	bin/npt-fold \
	bin/npt-import \
	bin/npt-json \
	bin/npt-mem \
	bin/npt-overlap \
	bin/npt-rate \
	bin/npt-svg \
	bin/npt-synth \
	bin/npt-time

LIBOBJ = \
	lib/buf.o \
	lib/clocks.o \
	lib/crc32c.o \
	lib/err.o \
	lib/event.o \
	lib/fmt.o \
	lib/freq.o \
	lib/getopt.o \
	lib/ht.o \
	lib/htc.o \
	lib/imp.o \
	lib/impcr.o \
	lib/impcsv.o \
	lib/impjson.o \
	lib/imppb.o \
	lib/in.o \
	lib/json.o \
	lib/jsonw.o \
	lib/log.o \
	lib/loss.o \
	lib/mem.o \
	lib/mlir.o \
	lib/mul.o \
	lib/out.o \
	lib/parse.o \
	lib/pb.o \
	lib/pipe.o \
	lib/pool.o \
	lib/pow10.o \
	lib/pretty.o \
	lib/progress.o \
	lib/qs.o \
	lib/sort.o \
	lib/tcol.o \
	lib/time.o \
	lib/tmp.o \
	lib/tsel.o \
	lib/tsv.o \
	lib/u256.o

HDR = lib/base.h lib/import.h lib/log.h lib/mlir.h lib/nptlog.h lib/stats.h \
	lib/stream.h

MAN1 = \
	man/npt-agg.1 \
	man/npt-annotate.1 \
	man/npt-decode.1 \
	man/npt-diff.1 \
	man/npt-fold.1 \
	man/npt-import.1 \
	man/npt-json.1 \
	man/npt-mem.1 \
	man/npt-overlap.1 \
	man/npt-rate.1 \
	man/npt-svg.1 \
	man/npt-synth.1 \
	man/npt-time.1
MAN5 = man/npt-events.5 man/npt-log.5
MAN7 = man/npt.7

UNIT = tests/unit/lib-test tests/unit/agg-test tests/unit/json-test \
	tests/unit/time-test tests/unit/time-test-portable

all: $(BIN)

.SUFFIXES:
.SUFFIXES: .c .o

.c.o:
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

.c:
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< lib/libnpt.a

$(LIBOBJ): $(HDR)
$(BIN) $(UNIT): lib/libnpt.a $(HDR)
$(UNIT): tests/unit/tap.h
tests/unit/time-test-portable: tests/unit/time-test.c lib/time.c

lib/libnpt.a: $(LIBOBJ)
	rm -f $@
	$(AR) rc $@ $(LIBOBJ)
	$(RANLIB) $@

units: $(UNIT)

# The picture of the shipped example that README.md shows, made as
# examples/yolov8s.sh makes it (tests/npt-svg.bats checks it is current).
EXLOGS = examples/data/yolov8s/core0.bin examples/data/yolov8s/core1.bin \
	examples/data/yolov8s/corectrl0.bin
examples/yolov8s.svg: bin/npt-decode bin/npt-svg $(EXLOGS)
	bin/npt-decode $(EXLOGS) | bin/npt-svg > $@

check: all $(UNIT)
	sh tests/check.sh

bench: all
	sh bench/run.sh

static:
	cc=$(CC); if command -v musl-gcc >/dev/null 2>&1; then cc=musl-gcc; fi; \
	$(MAKE) clean && $(MAKE) CC="$$cc" LDFLAGS="$(LDFLAGS) -static -s"

# One static multi-call binary, bin/npt, and a link for each tool: every
# tool's main is compiled as npt_NAME_main (see bin/npt.c).
box:
	cc=$(CC); if command -v musl-gcc >/dev/null 2>&1; then cc=musl-gcc; fi; \
	$(MAKE) clean && $(MAKE) CC="$$cc" CFLAGS="$(CFLAGS) -Os" lib/libnpt.a && \
	for f in $(BIN); do \
	    n=$${f#bin/npt-}; \
	    $$cc $(CPPFLAGS) $(CFLAGS) -Os -Dmain=npt_$${n}_main -c $$f.c -o $$f.o || exit 1; \
	done && \
	$$cc $(CPPFLAGS) $(CFLAGS) -Os $(LDFLAGS) -static -s -o bin/npt bin/npt.c \
	    $$(for f in $(BIN); do printf '%s.o ' $$f; done) lib/libnpt.a && \
	for f in $(BIN); do rm -f $$f.o $$f; ln -s npt $$f; done

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
	    $(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7
	for f in $(BIN); do \
	    cp -f $$f $(DESTDIR)$(PREFIX)/bin && \
	    chmod 755 $(DESTDIR)$(PREFIX)/$$f || exit 1; \
	done
	for f in $(MAN1) $(MAN5) $(MAN7); do \
	    s=$${f##*.}; cp -f $$f $(DESTDIR)$(MANPREFIX)/man$$s && \
	    chmod 644 $(DESTDIR)$(MANPREFIX)/man$$s/$${f#man/} || exit 1; \
	done
	mkdir -p $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	for f in $(BIN); do \
	    cp -f completions/npt.bash $(DESTDIR)$(BASHCOMPDIR)/$${f#bin/} && \
	    chmod 644 $(DESTDIR)$(BASHCOMPDIR)/$${f#bin/} || exit 1; \
	done
	cp -f completions/_npt $(DESTDIR)$(ZSHCOMPDIR)/_npt
	chmod 644 $(DESTDIR)$(ZSHCOMPDIR)/_npt

uninstall:
	for f in $(BIN); do rm -f $(DESTDIR)$(PREFIX)/$$f; done
	for f in $(MAN1) $(MAN5) $(MAN7); do \
	    rm -f $(DESTDIR)$(MANPREFIX)/man$${f##*.}/$${f#man/}; \
	done
	for f in $(BIN); do rm -f $(DESTDIR)$(BASHCOMPDIR)/$${f#bin/}; done
	rm -f $(DESTDIR)$(ZSHCOMPDIR)/_npt

clean:
	rm -f $(BIN) $(UNIT) $(LIBOBJ) lib/libnpt.a bin/npt bin/*.o

.PHONY: all units box check bench static install uninstall clean
