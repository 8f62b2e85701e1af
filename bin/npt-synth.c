/* See LICENSE file for copyright and license details. */
/*
 * npt-synth: realistic binary logs (npt-log(5)) of an NPU running a model,
 * or the event stream they decode to.
 *
 * Each inference runs the model's layers in order on every compute core at
 * once (a data-parallel split): all cores start a layer together, each takes
 * the layer's cost plus or minus the jitter, and the next layer starts when
 * the slowest core is done, after a short sync gap.  The control core logs
 * the begin and end of every inference.  Conv, vector and DMA cycles are
 * drawn per layer from ranges that depend on the kind of operator.  All
 * arithmetic is on integers and the generator is splitmix64, so a seed gives
 * the same bytes on every machine.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/base.h"
#include "../lib/stream.h"
#include "../lib/log.h"
#define NPT_LOGW_CRC32C(crc, p, n) npt_crc32c((crc), (p), (n))
#include "../lib/nptlog.h"

static const char synopsis[] =
    "[-b bytes] [-c cores] [-F format] [-f freq] [-i iterations]\n"
    " [-j jitter] [-m model] [-o dir] [-P bytes] [-s seed]\n"
    " [-T cycles] [-x fault]\n"
    "--pipeline c/t[,c/t ...] [--serial] [-f freq] [-i samples]\n"
    " [-j jitter] [-s seed]";

static const char help[] =
    "-b bytes\tlog buffer size per core\n"
    "-c cores\tnumber of compute cores (default 2)\n"
    "-F format\toutput: log, events, alloc, model or mlir (default log)\n"
    "-f freq\tclock of the cycle counters\n"
    "-i iterations\tnumber of inferences (default 10)\n"
    "-j jitter\tvariation of layer durations in percent\n"
    "-m model\tread the model table from this file\n"
    "-o dir\twrite the logs into this directory\n"
    "-P bytes\tpayload size of a packet (default 4096)\n"
    "-s seed\trandom seed (default 1)\n"
    "-T cycles\tcycles of one inference\n"
    "-x fault\tdamage the logs: overflow=, truncate= or corrupt=\n"
    "--pipeline c/t,...\tevents of a pipeline, a stage per c/t cycles\n"
    "--serial\twith --pipeline: stages do not overlap c and t\n";

enum { OPT_PIPELINE = 256, OPT_SERIAL };

static const struct npt_longopt longopts[] = {
	{ "pipeline", 1, OPT_PIPELINE },
	{ "serial", 0, OPT_SERIAL },
	{ NULL, 0, 0 },
};

/* the default model: examples/data/yolov8s_ops.tsv */
static const char yolov8s[] =
	"#id\top\tshare_pct\n"
	"0\tCONV_2D\t7.880\n"
	"1\tCONV_2D\t0.000\n"
	"2\tCONV_2D\t0.000\n"
	"3\tCONV_2D\t2.976\n"
	"4\tCONV_2D\t0.000\n"
	"5\tCONCATENATION\t1.214\n"
	"6\tCONV_2D\t4.951\n"
	"7\tCONV_2D\t0.000\n"
	"8\tCONV_2D\t0.000\n"
	"9\tCONV_2D\t1.132\n"
	"10\tCONV_2D\t1.132\n"
	"11\tCONV_2D\t1.128\n"
	"12\tCONV_2D\t1.132\n"
	"13\tCONCATENATION\t0.577\n"
	"14\tCONV_2D\t1.283\n"
	"15\tCONV_2D\t2.706\n"
	"16\tCONV_2D\t0.542\n"
	"17\tCONV_2D\t1.187\n"
	"18\tCONV_2D\t1.189\n"
	"19\tCONV_2D\t1.186\n"
	"20\tCONV_2D\t1.187\n"
	"21\tCONCATENATION\t0.141\n"
	"22\tCONV_2D\t1.153\n"
	"23\tCONV_2D\t2.470\n"
	"24\tCONV_2D\t0.592\n"
	"25\tCONV_2D\t1.162\n"
	"26\tCONV_2D\t1.165\n"
	"27\tCONCATENATION\t0.063\n"
	"28\tCONV_2D\t0.816\n"
	"29\tCONV_2D\t0.309\n"
	"30\tMAX_POOL_2D\t0.135\n"
	"31\tMAX_POOL_2D\t0.135\n"
	"32\tMAX_POOL_2D\t0.135\n"
	"33\tCONV_2D\t1.090\n"
	"34\tRESIZE_NEAREST_NEIGHBOR\t0.205\n"
	"35\tCONV_2D\t2.078\n"
	"36\tCONV_2D\t1.186\n"
	"37\tCONV_2D\t1.187\n"
	"38\tCONCATENATION\t0.106\n"
	"39\tCONV_2D\t0.831\n"
	"40\tRESIZE_NEAREST_NEIGHBOR\t0.534\n"
	"41\tCONV_2D\t1.833\n"
	"42\tCONV_2D\t1.129\n"
	"43\tCONV_2D\t1.129\n"
	"44\tCONCATENATION\t0.314\n"
	"45\tCONV_2D\t0.904\n"
	"46\tCONV_2D\t1.362\n"
	"47\tCONV_2D\t0.899\n"
	"48\tCONV_2D\t1.186\n"
	"49\tCONV_2D\t1.186\n"
	"50\tCONCATENATION\t0.105\n"
	"51\tCONV_2D\t0.825\n"
	"52\tCONV_2D\t1.192\n"
	"53\tCONV_2D\t0.866\n"
	"54\tCONV_2D\t1.159\n"
	"55\tCONV_2D\t1.156\n"
	"56\tCONCATENATION\t0.095\n"
	"57\tCONV_2D\t0.854\n"
	"58\tCONV_2D\t0.602\n"
	"59\tCONV_2D\t0.084\n"
	"60\tCONV_2D\t0.016\n"
	"61\tCONV_2D\t1.178\n"
	"62\tCONV_2D\t0.300\n"
	"63\tCONV_2D\t0.031\n"
	"64\tCONCATENATION\t0.027\n"
	"65\tTRANSPOSE\t0.049\n"
	"66\tCONV_2D\t1.208\n"
	"67\tCONV_2D\t0.286\n"
	"68\tCONV_2D\t0.046\n"
	"69\tCONV_2D\t2.409\n"
	"70\tCONV_2D\t1.187\n"
	"71\tCONV_2D\t0.102\n"
	"72\tCONCATENATION\t0.089\n"
	"73\tTRANSPOSE\t0.206\n"
	"74\tCONV_2D\t2.249\n"
	"75\tCONV_2D\t1.127\n"
	"76\tCONV_2D\t0.384\n"
	"77\tCONV_2D\t10.019\n"
	"78\tCONV_2D\t0.000\n"
	"79\tCONV_2D\t0.000\n"
	"80\tCONCATENATION\t0.919\n"
	"81\tTRANSPOSE\t0.978\n"
	"82\tCONCATENATION\t1.356\n"
	"83\tTRANSPOSE\t0.756\n"
	"84\tSOFTMAX\t8.033\n"
	"85\tTRANSPOSE\t0.316\n"
	"86\tCONV_2D\t0.184\n"
	"87\tSTRIDED_SLICE\t0.011\n"
	"88\tMUL\t0.311\n"
	"89\tSTRIDED_SLICE\t0.011\n"
	"90\tADD\t0.306\n"
	"91\tADD\t0.015\n"
	"92\tSUB\t0.013\n"
	"93\tMUL\t0.225\n"
	"94\tLOGISTIC\t0.755\n"
	"95\tFix2Float\t1.121\n";

struct layer {
	uint32_t id, type;
	uint64_t cost;		/* cycles */
	int class;
	char *name;		/* NULL if the model has no names */
};

enum { CLASS_CONV, CLASS_MOVE, CLASS_VECTOR };

/* per-class ranges of conv, vector, DMA load, DMA store, in permille of the layer */
static const struct {
	unsigned lo[4], hi[4];
} split[] = {
	[CLASS_CONV] = { { 700, 50, 200, 50 }, { 950, 250, 600, 250 } },
	[CLASS_MOVE] = { { 0, 50, 400, 300 }, { 0, 300, 900, 800 } },
	[CLASS_VECTOR] = { { 0, 500, 100, 50 }, { 0, 950, 500, 300 } },
};

struct core {
	struct npt_logw w;
	unsigned char *buf;
	FILE *fp;
	char *path;
	int werr;
	unsigned long nrec;	/* records offered, for -x overflow */
	unsigned char *typeok;	/* op type name written to this log */
	unsigned char *nameok;	/* layer name written */
};

static struct layer *model;
static size_t nlayer;
static char **types;
static size_t ntype;

static unsigned long ncores = 2, iterations = 10;
static uint64_t clock_hz = 900000000, cycles = 7830000, seed = 1;
static unsigned jitter = 20;	/* permille */
static size_t bufsize, pktsize = NPT_LOG_PKT_DEFAULT;
static const char *format = "log", *dir = ".", *modelpath;
static unsigned long f_overflow;
static unsigned long long f_truncate;
static unsigned long f_corrupt[64];
static size_t ncorrupt;
static int have_overflow, have_truncate, have_corrupt;

static uint64_t rng;
static struct npt_event_inv inv;	/* -F events: the last INVOKE written */

static uint64_t
next(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ z >> 27) * 0x94d049bb133111ebULL;
	return z ^ z >> 31;
}

/* uniform in [lo, hi] */
static uint64_t
uniform(uint64_t lo, uint64_t hi)
{
	return lo + next() % (hi - lo + 1);
}

static int
classify(const char *op)
{
	static const char *move[] = {
		"CONCAT", "TRANSPOSE", "SLICE", "RESHAPE", "RESIZE", "PAD",
		"GATHER", "SPLIT", "Fix2Float", "PACK", "UNPACK", "SQUEEZE",
		NULL,
	};
	size_t i;

	if (strstr(op, "CONV") != NULL || strstr(op, "FULLY_CONNECTED") != NULL
	    || strstr(op, "MATMUL") != NULL)
		return CLASS_CONV;
	for (i = 0; move[i] != NULL; i++)
		if (strstr(op, move[i]) != NULL)
			return CLASS_MOVE;
	return CLASS_VECTOR;
}

static uint32_t
typeindex(const char *op)
{
	size_t i;

	for (i = 0; i < ntype; i++)
		if (strcmp(types[i], op) == 0)
			return (uint32_t)i;
	types = npt_ereallocarray(types, ntype + 1, sizeof *types);
	types[ntype] = npt_estrdup(op);
	return (uint32_t)ntype++;
}

/*
 * The model table as it is read, not by npt_tsv_next, which words its
 * errors for CR LF, a data line before the header, "1 field" and a binary,
 * compressed, JSON or BOM-led input otherwise (tests/npt-synth.bats).
 */
struct table {
	const char *src;
	long long line;
	struct npt_tsv_hdr h;
	long id, op, cost, name;	/* column indexes; name -1 if none */
	struct npt_span *f;
	size_t fcap;
	uint64_t *w, total;		/* the cost of each layer, their sum */
};

/* Field f of column col unescaped, as a C string. */
static char *
field(const struct table *m, struct npt_span f, const char *col)
{
	char *s = npt_emalloc(f.n + 1);
	long n = npt_tsv_unescape(s, f.p, f.n);

	if (n < 0)	/* cannot be: npt_tsv_esccheck passed the line */
		npt_errat(m->src, m->line, "column %s: invalid escape", col);
	s[n] = '\0';
	return s;
}

/* Header line p[0..n): the columns of the data lines that follow it. */
static void
table_header(struct table *m, const char *p, size_t n)
{
	const char *err;

	if ((err = npt_tsv_hdr_parse(&m->h, p, n)) != NULL)
		npt_errat(m->src, m->line, "header: %s", err);
	m->id = npt_tsv_hdr_find(&m->h, "id");
	m->op = npt_tsv_hdr_find(&m->h, "op");
	if ((m->cost = npt_tsv_hdr_find(&m->h, "cost")) < 0)
		m->cost = npt_tsv_hdr_find(&m->h, "share_pct");
	m->name = npt_tsv_hdr_find(&m->h, "name");
	if (m->id < 0 || m->op < 0 || m->cost < 0)
		npt_errat(m->src, m->line, "the model needs columns id, op "
		    "and cost (or share_pct)");
}

/* Data line p[0..n): one more layer, its cost in m->w. */
static void
table_layer(struct table *m, const char *p, size_t n)
{
	struct npt_span *f;
	struct layer *l;
	const char *err;
	size_t nf;
	uint64_t id;
	int64_t v;
	char *op;

	if (m->h.ncol == 0)
		npt_errat(m->src, m->line, "no header line before the data");
	nf = npt_tsv_split(p, n, &m->f, &m->fcap);
	if (nf != m->h.ncol)
		npt_errat(m->src, m->line, "%zu fields, but the header has "
		    "%zu columns", nf, m->h.ncol);
	if (memchr(p, '\\', n) != NULL)
		npt_tsv_esccheck(&m->h, p, n, m->src, m->line);
	f = m->f;
	model = npt_ereallocarray(model, nlayer + 1, sizeof *model);
	m->w = npt_ereallocarray(m->w, nlayer + 1, sizeof *m->w);
	l = &model[nlayer];
	if ((err = npt_parse_u64(f[m->id].p, f[m->id].n, &id)) != NULL ||
	    id > UINT32_MAX)
		npt_errat(m->src, m->line, "column id: %s: \"%.*s\"",
		    err ? err : "too large", (int)f[m->id].n, f[m->id].p);
	l->id = (uint32_t)id;
	if (f[m->op].n == 0)
		npt_errat(m->src, m->line, "column op: empty");
	op = field(m, f[m->op], "op");
	l->type = typeindex(op);
	l->class = classify(op);
	free(op);
	if ((err = npt_time_decimal(f[m->cost].p, f[m->cost].n, 6, &v)) !=
	    NULL || v < 0)
		npt_errat(m->src, m->line, "column %s: %s: \"%.*s\"",
		    m->h.col[m->cost].p, err ? err : "negative",
		    (int)f[m->cost].n, f[m->cost].p);
	m->w[nlayer] = (uint64_t)v;
	if (m->total > UINT64_MAX / 2 - (uint64_t)v)
		npt_errat(m->src, m->line, "column %s: total too large",
		    m->h.col[m->cost].p);
	m->total += (uint64_t)v;
	l->name = m->name >= 0 && f[m->name].n > 0 ?
	    field(m, f[m->name], "name") : NULL;
	nlayer++;
}

/*
 * Read a model table: columns id, op, a cost column (cost or share_pct)
 * and optionally name.  Layer costs are cycles * cost / total cost.
 */
static void
loadmodel(const char *src, const char *text, size_t len)
{
	struct table m = { 0 };
	struct npt_in in;
	size_t i, n;
	uint64_t c;
	char *p;

	m.src = src;
	npt_in_mem(&in, src, text, len);
	while ((p = npt_in_line(&in, &n)) != NULL) {
		m.line = in.lineno;
		if (n > 0 && p[n - 1] == '\r')
			npt_errat(src, m.line, "line ends with CR LF");
		if (n >= 2 && p[0] == '#' && p[1] == '#')
			continue;
		if (n >= 1 && p[0] == '#')
			table_header(&m, p, n);
		else
			table_layer(&m, p, n);
	}
	npt_in_close(&in);
	if (nlayer == 0)
		npt_errx(1, "%s: the model has no layers", src);
	if (m.total == 0)
		npt_errx(1, "%s: every layer costs 0", src);
	for (i = 0; i < nlayer; i++) {
		/* cannot fail: w[i] <= total, so c <= cycles */
		if (npt_muldiv(cycles, m.w[i], m.total, &c, NULL) < 0)
			npt_errx(1, "%s: layer cost too large", src);
		model[i].cost = c < 16 ? 16 : c;
	}
	free(m.w);
	free(m.f);
	npt_tsv_hdr_free(&m.h);
}

/* Every name must fit one string record of a packet. */
static void
checknames(void)
{
	size_t i, n, max = pktsize < 0xffff ? pktsize : 0xffff;

	for (i = 0; i < ntype + nlayer; i++) {
		const char *s = i < ntype ? types[i] : model[i - ntype].name;

		if (s == NULL)
			continue;
		n = strlen(s);
		if (((NPT_LOG_STRING_SIZE + n + 3) & ~(size_t)3) > max)
			npt_errx(1, "%s name of %zu bytes does not fit a packet "
			    "of %zu bytes (see -P)", i < ntype ? "op type" :
			    "layer", n, pktsize);
	}
}

static int
flush_core(void *ctx, const unsigned char *p, size_t n)
{
	struct core *c = ctx;

	if (c->fp != NULL && fwrite(p, 1, n, c->fp) != n) {
		c->werr = errno;
		return -1;
	}
	return 0;
}

static void
open_core(struct core *c, unsigned kind, unsigned id)
{
	size_t cap = bufsize ? bufsize : 1024 * 1024;
	size_t n = strlen(dir) + 32;

	c->path = npt_emalloc(n);
	snprintf(c->path, n, "%s/core%s%u.bin", dir,
	    kind == NPT_LOG_CORE_CONTROL ? "ctrl" : "", id);
	c->buf = npt_emalloc(cap);
	/* cannot fail: -b is 64 or more, -P 64 to 65536, what it takes */
	if (!npt_logw_begin(&c->w, c->buf, cap, kind, id, clock_hz, pktsize))
		npt_errx(1, "-b: log buffer too small: %zu bytes", cap);
	c->typeok = npt_ecalloc(ntype ? ntype : 1, 1);
	c->nameok = npt_ecalloc(nlayer, 1);
	if (!bufsize) {
		c->w.flush = flush_core;
		c->w.ctx = c;
	}
	if (strcmp(format, "log") != 0)
		return;
	if ((c->fp = fopen(c->path, "w+b")) == NULL)
		npt_err(1, "%s", c->path);
	/* room for the header, written last */
	if (!bufsize &&
	    fwrite(c->buf, 1, NPT_LOG_HDR_SIZE, c->fp) != NPT_LOG_HDR_SIZE)
		npt_err(1, "%s", c->path);
}

/* A record is offered: refuse it when -x overflow=N says the buffer is full. */
static int
room(struct core *c)
{
	if (have_overflow && c->nrec++ >= f_overflow)
		npt_logw_overflow(&c->w);
	return !c->w.full;
}

/* The layer name strings of a core's log, written before its first layer. */
static void
strings(struct core *c)
{
	size_t i;

	for (i = 0; i < ntype; i++)
		if (room(c) && npt_logw_string(&c->w, NPT_LOG_TABLE_OPTYPE,
		    (uint32_t)i, types[i], strlen(types[i])) == 1)
			c->typeok[i] = 1;
	for (i = 0; i < nlayer; i++)
		if (model[i].name != NULL && room(c) &&
		    npt_logw_string(&c->w, NPT_LOG_TABLE_LAYER, model[i].id,
		    model[i].name, strlen(model[i].name)) == 1)
			c->nameok[i] = 1;
}

/* Flip bits of the middle payload byte of packet number which. */
static void
corrupt(FILE *fp, const char *path, unsigned long which)
{
	unsigned char h[NPT_LOG_PKT_HDR_SIZE];
	long off = NPT_LOG_HDR_SIZE;
	unsigned long k;
	uint32_t len;
	int ch;

	for (k = 0; ; k++) {
		if (fseek(fp, off, SEEK_SET) != 0 ||
		    fread(h, 1, sizeof h, fp) != sizeof h)
			return;
		len = npt_log_get32(h + 8);
		if (k == which)
			break;
		off += NPT_LOG_PKT_HDR_SIZE + (long)len;
	}
	off += NPT_LOG_PKT_HDR_SIZE + (long)(len / 2);
	if (fseek(fp, off, SEEK_SET) != 0 || (ch = fgetc(fp)) == EOF ||
	    fseek(fp, off, SEEK_SET) != 0 || fputc(ch ^ 0x5a, fp) == EOF)
		npt_err(1, "%s", path);
}

static void
close_core(struct core *c)
{
	size_t n = npt_logw_end(&c->w);

	if (c->fp == NULL)
		return;
	if (bufsize) {
		if (fwrite(c->buf, 1, n, c->fp) != n)
			c->werr = errno;
	} else {
		if (n > NPT_LOG_HDR_SIZE)
			flush_core(c, c->buf + NPT_LOG_HDR_SIZE,
			    n - NPT_LOG_HDR_SIZE);
		if (fflush(c->fp) != 0 || fseek(c->fp, 0, SEEK_SET) != 0 ||
		    fwrite(c->buf, 1, NPT_LOG_HDR_SIZE, c->fp) !=
		    NPT_LOG_HDR_SIZE)
			c->werr = errno;
	}
	if (have_corrupt && !c->werr && fflush(c->fp) == 0) {
		size_t i;

		for (i = 0; i < ncorrupt; i++)
			corrupt(c->fp, c->path, f_corrupt[i]);
	}
	if (fflush(c->fp) != 0 && !c->werr)
		c->werr = errno;
	if (fclose(c->fp) != 0 && !c->werr)
		c->werr = errno;
	if (c->werr) {
		errno = c->werr;
		npt_err(1, "%s", c->path);
	}
	if (have_truncate) {
		FILE *fp = fopen(c->path, "rb+");

		if (fp == NULL || fseek(fp, 0, SEEK_END) != 0)
			npt_err(1, "%s", c->path);
		if ((unsigned long long)ftell(fp) > f_truncate &&
		    ftruncate(fileno(fp), (off_t)f_truncate) != 0)
			npt_err(1, "%s", c->path);
		fclose(fp);
	}
}

/* A layer on one core in the inference at hand; ok: its log kept it. */
struct rec {
	uint64_t start, dur, comp[4];
	int ok;
};

/* One inference: its bounds, and whether the control log kept them. */
struct inference {
	unsigned long it;
	uint64_t begin, end;
	int okb, oke;
};

static struct core *core;	/* ncores compute cores, then the control one */
static char **track;		/* their track names */
static struct rec *rec;		/* layer i on core c: rec[i * ncores + c] */

/* The event of layer i on core c. */
static void
layer_event(size_t i, unsigned long c)
{
	const struct rec *r = &rec[i * ncores + c];
	const struct layer *l = &model[i];
	struct npt_logev ev = { 0 };

	ev.kind = NPT_LOG_LAYER;
	ev.ts = r->start;
	ev.dur = r->dur;
	ev.has_dur = 1;
	ev.id = l->id;
	if (core[c].typeok[l->type]) {
		ev.op = types[l->type];
		ev.oplen = strlen(ev.op);
	}
	if (core[c].nameok[i]) {
		ev.name = l->name;
		ev.namelen = strlen(l->name);
	}
	ev.conv = r->comp[0];
	ev.vector = r->comp[1];
	ev.dma_load = r->comp[2];
	ev.dma_store = r->comp[3];
	npt_event_print(&ev, track[c], strlen(track[c]),
	    npt_event_holds(&inv, ev.ts) ? (int64_t)inv.arg : -1);
}

/* The INVOKE event of an inference, with its end if the log kept it. */
static void
invoke(const struct inference *inf)
{
	struct npt_logev ev = { 0 };

	ev.kind = NPT_LOG_CONTROL;
	ev.ctl = NPT_LOG_CTL_INVOKE_BEGIN;
	ev.ts = inf->begin;
	ev.dur = inf->end - inf->begin;
	ev.has_dur = inf->oke;
	ev.id = (uint32_t)inf->it;
	ev.op = "INVOKE";
	ev.oplen = 6;
	ev.name = "invoke";
	ev.namelen = 6;
	npt_event_invoke(&inv, &ev);
	npt_event_print(&ev, track[ncores], strlen(track[ncores]),
	    (int64_t)inf->it);
}

/* The logs of the cores; with -F events, their tracks and the header. */
static void
open_cores(int events)
{
	unsigned long c;
	char b[32];

	core = npt_ecalloc(ncores + 1, sizeof *core);
	rec = npt_ereallocarray(NULL, nlayer * ncores, sizeof *rec);
	track = npt_ecalloc(ncores + 1, sizeof *track);
	for (c = 0; c < ncores; c++) {
		open_core(&core[c], NPT_LOG_CORE_COMPUTE, (unsigned)c);
		strings(&core[c]);
	}
	open_core(&core[ncores], NPT_LOG_CORE_CONTROL, 0);
	for (c = 0; c <= ncores; c++) {
		snprintf(b, sizeof b, "%s%lu", c < ncores ? "core" : "ctrl",
		    c < ncores ? c : 0);
		track[c] = npt_estrdup(b);
		if (events)
			npt_event_meta(track[c], clock_hz, c < ncores ?
			    NPT_LOG_CORE_COMPUTE : NPT_LOG_CORE_CONTROL);
	}
	if (events)
		npt_event_header();
}

/* The cycles of layer l on a core, for u in [0, 2 * jitter] of jitter. */
static uint64_t
layer_dur(const struct layer *l, uint64_t u)
{
	/* cannot overflow: the cost is at most -T, 10^15, times 1.5 */
	uint64_t d = l->cost * (1000 - jitter + u) / 1000;

	return d == 0 ? 1 : d;
}

/*
 * Layer l on one core from start: its cost give or take the jitter, split
 * into conv, vector and DMA cycles by the layer's class.
 */
static void
draw(struct rec *r, uint64_t start, const struct layer *l)
{
	int k, cl = l->class;

	r->start = start;
	r->dur = layer_dur(l, uniform(0, 2 * jitter));
	for (k = 0; k < 4; k++)
		r->comp[k] = split[cl].hi[k] == 0 ? 0 :
		    r->dur * uniform(split[cl].lo[k], split[cl].hi[k]) / 1000;
}

/*
 * The times of an inference that begins at cycle t: each layer starts on
 * every core at once, the next after the slowest and a sync gap.  Returns
 * the cycle the next inference begins at.
 */
static uint64_t
schedule(uint64_t t, struct inference *inf)
{
	unsigned long c;
	size_t i;

	inf->begin = t;
	t += uniform(800, 1200);
	for (i = 0; i < nlayer; i++) {
		uint64_t start = t, maxd = 0;

		for (c = 0; c < ncores; c++) {
			struct rec *r = &rec[i * ncores + c];

			draw(r, start, &model[i]);
			if (r->dur > maxd)
				maxd = r->dur;
		}
		t = start + maxd + uniform(20, 60);
	}
	inf->end = t + uniform(600, 1000);
	return inf->end + cycles / 20 + uniform(0, cycles / 100);
}

/*
 * -i inferences of up to -T cycles must end by cycle 2^64 - 1 (npt-log(5)):
 * the largest cycle of a run, every draw of schedule() at its largest,
 * is 10000 + (i - 1) * (e + g) + e, with e the longest inference, from
 * its begin to its end, and g the longest gap after it.  Checked before
 * anything is written, so a run does not depend on its seed to fit.
 */
static void
checkcycles(void)
{
	uint64_t e = 1200 + 1000, g = cycles / 20 + cycles / 100, d, fit;
	size_t i;

	for (i = 0; i < nlayer; i++) {
		d = layer_dur(&model[i], 2 * jitter);
		if (d > UINT64_MAX - 60 - e)
			break;
		e += d + 60;
	}
	if (i < nlayer || e > UINT64_MAX - 10000)
		fit = 0;
	else if (e + g < e)
		fit = 1;
	else
		fit = (UINT64_MAX - 10000 - e) / (e + g) + 1;
	if (iterations > fit)
		npt_errx(2, "-i %lu with -T %llu: the cycle counter would pass "
		    "2^64 - 1 (%llu inferences of this model fit)", iterations,
		    (unsigned long long)cycles, (unsigned long long)fit);
}

/* Offer the records of an inference to the logs, noting which they kept. */
static void
log_inference(struct inference *inf)
{
	struct core *ctrl = &core[ncores];
	unsigned long c;
	size_t i;

	inf->okb = room(ctrl) && npt_logw_control(&ctrl->w,
	    NPT_LOG_CTL_INVOKE_BEGIN, (uint32_t)inf->it, inf->begin);
	for (i = 0; i < nlayer; i++) {
		for (c = 0; c < ncores; c++) {
			struct rec *r = &rec[i * ncores + c];

			r->ok = room(&core[c]) &&
			    npt_logw_layer(&core[c].w, model[i].id,
			    model[i].type, r->start, r->dur,
			    r->comp[0], r->comp[1], r->comp[2],
			    r->comp[3]);
		}
	}
	inf->oke = room(ctrl) && npt_logw_control(&ctrl->w,
	    NPT_LOG_CTL_INVOKE_END, (uint32_t)inf->it, inf->end);
}

/* The events of an inference that its logs kept, as npt-decode prints them. */
static void
print_inference(const struct inference *inf)
{
	unsigned long c;
	size_t i;

	if (inf->okb)
		invoke(inf);
	for (i = 0; i < nlayer; i++)
		for (c = 0; c < ncores; c++)
			if (rec[i * ncores + c].ok)
				layer_event(i, c);
}

/* The loss lines npt-decode would write: noend INVOKE ends, overflows. */
static void
print_losses(unsigned long noend)
{
	struct npt_loss loss = { 0 };
	unsigned long c;

	for (c = 0; c <= ncores; c++) {
		const char *p = core[c].path;

		if (strncmp(p, "./", 2) == 0)
			p += 2;
		npt_loss_add(&loss, "ends", p, strlen(p), c == ncores ? noend :
		    0);
		npt_loss_add(&loss, "overflow", p, strlen(p), core[c].w.full);
	}
	npt_loss_write(&loss);
	npt_loss_free(&loss);
}

static void
close_cores(void)
{
	unsigned long c;

	for (c = 0; c <= ncores; c++) {
		close_core(&core[c]);
		free(core[c].buf);
		free(core[c].path);
		free(core[c].typeok);
		free(core[c].nameok);
		free(track[c]);
	}
	free(core);
	free(track);
	free(rec);
}

/* The model run iterations times: its logs, or with -F events their events. */
static void
run(void)
{
	int events = strcmp(format, "events") == 0;
	struct inference inf;
	unsigned long noend = 0;
	uint64_t t = 10000;

	open_cores(events);
	for (inf.it = 0; inf.it < iterations; inf.it++) {
		t = schedule(t, &inf);
		log_inference(&inf);
		if (events) {
			print_inference(&inf);
			noend += inf.okb && !inf.oke;
		}
	}
	if (events)
		print_losses(noend);
	close_cores();
}

/* A size in [lo, hi] bytes for layer i and kind k, fixed by the seed. */
static uint64_t
size_of(size_t i, uint64_t k, uint64_t lo, uint64_t hi)
{
	uint64_t z = seed ^ (i * 0x9e3779b97f4a7c15ULL) ^ (k << 56);

	z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ z >> 27) * 0x94d049bb133111ebULL;
	return lo + (z ^ z >> 31) % (hi - lo + 1);
}

/* Row of an allocation of layer l on core c. */
static void
alloc_event(uint64_t ts, const uint64_t *dur, unsigned long c,
    const struct layer *l, const char *what, uint64_t bytes, long step)
{
	char b[32];

	npt_out_u64(ts);
	npt_out_putc('\t');
	if (dur != NULL)
		npt_out_u64(*dur);
	npt_out_putc('\t');
	npt_out_str(track[c]);
	npt_out_str("\tALLOC\t");
	if (l->name != NULL)
		npt_out_field(l->name, strlen(l->name));
	else
		npt_out_write(b, (size_t)snprintf(b, sizeof b, "layer%lu",
		    (unsigned long)l->id));
	npt_out_putc('.');
	npt_out_str(what);
	npt_out_putc('\t');
	npt_out_u64(bytes);
	npt_out_putc('\t');
	npt_out_str(step < 0 ? "weights\talways\t" : "activations\t\t");
	if (step >= 0)
		npt_out_u64((uint64_t)step);
	npt_out_putc('\n');
}

/*
 * -F alloc: the memory of the run (npt-events(5), Memory).  On each core
 * the weights of every layer are always live; a layer's activation lives
 * from its start to the end of the next layer on that core, which
 * consumes it (the last layer's, to its own end).  The times are those of
 * -F events with the same options.
 */
static void
run_alloc(void)
{
	struct inference inf;
	unsigned long c;
	uint64_t t = 10000;
	size_t i;

	rec = npt_ereallocarray(NULL, nlayer * ncores, sizeof *rec);
	track = npt_ecalloc(ncores, sizeof *track);
	for (c = 0; c < ncores; c++) {
		char b[32];

		snprintf(b, sizeof b, "core%lu", c);
		track[c] = npt_estrdup(b);
		npt_event_meta(track[c], clock_hz, NPT_LOG_CORE_COMPUTE);
	}
	npt_out_str("#ts_cyc\tdur_cyc\ttrack\top\tname\tbytes\tcategory\t"
	    "live\tstep\n");
	for (c = 0; c < ncores; c++)
		for (i = 0; i < nlayer; i++)
			alloc_event(0, NULL, c, &model[i], "weights",
			    size_of(i, 1, model[i].class == CLASS_CONV ?
			    16384 : 0, model[i].class == CLASS_CONV ?
			    1048576 : 4096), -1);
	for (inf.it = 0; inf.it < iterations; inf.it++) {
		t = schedule(t, &inf);
		for (i = 0; i < nlayer; i++)
			for (c = 0; c < ncores; c++) {
				const struct rec *r = &rec[i * ncores + c];
				const struct rec *u = i + 1 < nlayer ?
				    &rec[(i + 1) * ncores + c] : r;
				uint64_t d = u->start + u->dur - r->start;

				alloc_event(r->start, &d, c, &model[i],
				    "activation", size_of(i, 2, 65536,
				    4194304), (long)inf.it);
			}
	}
	for (c = 0; c < ncores; c++)
		free(track[c]);
	free(track);
	free(rec);
}

/* s as the text of an MLIR string, without its quotes. */
static void
mlir_str(const char *s)
{
	char b[4];

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '\\') {
			npt_out_str("\\\\");
		} else if (c == '"' || c < 0x20 || c == 0x7f) {
			snprintf(b, sizeof b, "\\%02X", c);
			npt_out_str(b);
		} else {
			npt_out_putc((char)c);
		}
	}
}

/*
 * The model as MLIR, the form npt-annotate --mlir reads: a function whose
 * body holds one operation per layer in model order, "tfl." and the op
 * type in lower case, each named after its layer (its name, or the op type
 * and index) in a name location whose child is the operation's own line
 * in the file, as a snapshot of the IR would give it.
 */
static void
mlir(void)
{
	char b[128];
	size_t i;

	npt_out_str("// The model of npt-synth as MLIR, one operation per layer "
	    "in model order\n// (npt-synth -F mlir); an event's id is the "
	    "position of its operation.\nmodule {\n  func.func @main(%arg0: "
	    "tensor<*xi8>) -> tensor<*xi8> {\n");
	for (i = 0; i < nlayer; i++) {
		const char *t = types[model[i].type];

		snprintf(b, sizeof b, "    %%%zu = \"tfl.", i);
		npt_out_str(b);
		for (; *t != '\0'; t++)
			npt_out_putc(isalnum((unsigned char)*t) ?
			    (char)tolower((unsigned char)*t) : '_');
		if (i == 0)
			snprintf(b, sizeof b, "\"(%%arg0)");
		else
			snprintf(b, sizeof b, "\"(%%%zu)", i - 1);
		npt_out_str(b);
		snprintf(b, sizeof b, " : (tensor<*xi8>) -> tensor<*xi8> "
		    "loc(#loc%zu)\n", i + 1);
		npt_out_str(b);
	}
	/* loadmodel made sure there is a layer */
	snprintf(b, sizeof b, "    return %%%zu : tensor<*xi8> loc(#loc0)\n",
	    nlayer - 1);
	npt_out_str(b);
	npt_out_str("  } loc(#loc0)\n} loc(#loc0)\n"
	    "#loc0 = loc(\"model.mlir\":4:3)\n");
	for (i = 0; i < nlayer; i++) {
		snprintf(b, sizeof b, "#loc%zu = loc(\"", i + 1);
		npt_out_str(b);
		if (model[i].name != NULL) {
			mlir_str(model[i].name);
		} else {
			const char *t = types[model[i].type];

			for (; *t != '\0'; t++)
				npt_out_putc((char)tolower((unsigned char)*t));
			snprintf(b, sizeof b, "_%lu", (unsigned long)model[i].id);
			npt_out_str(b);
		}
		snprintf(b, sizeof b, "\"(\"model.mlir\":%zu:5))\n", i + 5);
		npt_out_str(b);
	}
}

static void
freemodel(void)
{
	size_t i;

	for (i = 0; i < nlayer; i++)
		free(model[i].name);
	for (i = 0; i < ntype; i++)
		free(types[i]);
	free(model);
	free(types);
}

/*
 * The pipelined mode (--pipeline): one track per stage, each sample
 * through the stages in order.  Stage s computes sample k when sample k
 * has left stage s - 1 and it has computed sample k - 1; it transmits
 * sample k when that is computed, the next stage is ready to take it (it
 * has started to compute sample k - 1: a stage holds one sample waiting
 * at its input) and (overlapping compute and transmission) it has
 * transmitted sample k - 1, or (--serial) computing nothing meanwhile.
 * Overlapping, a stage has two output buffers: it computes sample k only
 * once sample k - 2 is transmitted, so the events of a track interleave
 * two samples at most.  Sample k has left stage s when its transmission
 * ends; stage 0 may take a sample at any time, and the last stage
 * transmits at once.  So a stage faster than the next waits for it, as
 * with flow control, and the samples in flight are a few per stage.
 * The events of a sample are made together and held in a heap until no
 * later sample can make an earlier event or one at the same cycle: every
 * event of a later sample starts no earlier than its compute on stage 0,
 * which starts after that of the sample made last (stage 0 computes one
 * sample at a time, each for a cycle at least).  Events that share a
 * start are written by stage, then longest first (npt-events(5): an
 * event before those nested in it), then by sample.
 */
struct pstage {
	uint64_t c, t;		/* compute and transmission cycles */
	uint64_t cfree, tfree;	/* when it is done with the sample before */
	uint64_t tfree2;	/* when it transmitted the one before that */
	uint64_t cstart;	/* when it started to compute the last sample */
};

struct pev {
	uint64_t ts, dur, sample;
	unsigned stage, kind;	/* 0 compute, 1 transmission */
};

static struct pstage *pst;
static size_t npst;
static int pserial;
static struct pev *heap;
static size_t nheap, capheap;

static int
pev_lt(const struct pev *a, const struct pev *b)
{
	if (a->ts != b->ts)
		return a->ts < b->ts;
	if (a->stage != b->stage)
		return a->stage < b->stage;
	if (a->dur != b->dur)
		return a->dur > b->dur;
	if (a->sample != b->sample)
		return a->sample < b->sample;
	return a->kind < b->kind;
}

static void
heap_push(const struct pev *e)
{
	size_t i, p;

	if (nheap == capheap) {
		capheap = capheap ? capheap * 2 : 64;
		heap = npt_ereallocarray(heap, capheap, sizeof *heap);
	}
	for (i = nheap++; i > 0 && pev_lt(e, &heap[p = (i - 1) / 2]); i = p)
		heap[i] = heap[p];
	heap[i] = *e;
}

static struct pev
heap_pop(void)
{
	struct pev top = heap[0], last = heap[--nheap];
	size_t i = 0, c;

	for (; (c = 2 * i + 1) < nheap; i = c) {
		if (c + 1 < nheap && pev_lt(&heap[c + 1], &heap[c]))
			c++;
		if (!pev_lt(&heap[c], &last))
			break;
		heap[i] = heap[c];
	}
	if (nheap > 0)
		heap[i] = last;
	return top;
}

static void
pev_print(const struct pev *e)
{
	char b[128];
	size_t n = 0;

	n += npt_fmt_u64(b + n, e->ts);
	b[n++] = '\t';
	n += npt_fmt_u64(b + n, e->dur);
	n += (size_t)snprintf(b + n, sizeof b - n, "\tstage%u\t%s\t%u\t",
	    e->stage, e->kind ? "SEND" : "COMPUTE", e->stage);
	n += npt_fmt_u64(b + n, e->sample);
	b[n++] = '\n';
	npt_out_write(b, n);
}

/* d give or take the jitter, u1 and u2 in [0, 2 * jitter], at least 1 */
static uint64_t
pscale(uint64_t d, uint64_t u1, uint64_t u2)
{
	uint64_t v;

	if (jitter == 0)
		return d;
	v = d / 1000 * (1000 - jitter + u1) +
	    d % 1000 * (1000 - jitter + u2) / 1000;
	return v == 0 ? 1 : v;
}

/* d give or take the jitter, at least 1 */
static uint64_t
pjitter(uint64_t d)
{
	uint64_t u1, u2;

	if (jitter == 0)
		return d;
	u1 = uniform(0, 2 * jitter);
	u2 = uniform(0, 2 * jitter);
	return pscale(d, u1, u2);
}

/*
 * Every event of the pipeline starts when an event made before it ends
 * or starts (or at 10000), so the last ends by 10000 plus the cycles of
 * all events end to end: with each at its longest, -i times the sum of
 * the stages' longest c and t must stay within 2^64 - 1 (npt-log(5)).
 * Checked before anything is written.
 */
static void
pcheckcycles(void)
{
	uint64_t sum = 0, d, fit;
	size_t s;

	/* cannot overflow: at most 256 stages of 2 * 1.5 * 10^12 */
	for (s = 0; s < npst; s++) {
		d = pscale(pst[s].c, 2 * jitter, 2 * jitter);
		sum += d + pscale(pst[s].t, 2 * jitter, 2 * jitter);
	}
	fit = (UINT64_MAX - 10000) / sum;
	if (iterations > fit)
		npt_errx(2, "-i %lu with --pipeline: the cycle counter would "
		    "pass 2^64 - 1 (%llu samples fit)", iterations,
		    (unsigned long long)fit);
}

static void
pipeline(void)
{
	struct pev e;
	uint64_t k, at, first;
	size_t s;
	char b[32];

	for (s = 0; s < npst; s++) {
		snprintf(b, sizeof b, "stage%zu", s);
		npt_event_meta(b, clock_hz, NPT_LOG_CORE_COMPUTE);
		pst[s].cfree = pst[s].tfree = pst[s].tfree2 = 10000;
		pst[s].cstart = 10000;
	}
	npt_out_str("#ts_cyc\tdur_cyc\ttrack\top\tid\tsample\n");
	for (k = 0; k < iterations; k++) {
		at = 10000;
		first = 0;
		for (s = 0; s < npst; s++) {
			struct pstage *p = &pst[s];

			e.sample = k;
			e.stage = (unsigned)s;
			e.kind = 0;
			e.ts = at > p->cfree ? at : p->cfree;
			if (p->tfree2 > e.ts)
				e.ts = p->tfree2;
			e.dur = pjitter(p->c);
			if (s == 0)
				first = e.ts;
			heap_push(&e);
			p->cstart = e.ts;
			p->cfree = e.ts + e.dur;
			e.kind = 1;
			e.ts = pserial || p->cfree > p->tfree ? p->cfree :
			    p->tfree;
			if (s + 1 < npst && pst[s + 1].cstart > e.ts)
				e.ts = pst[s + 1].cstart;
			e.dur = pjitter(p->t);
			heap_push(&e);
			p->tfree2 = p->tfree;
			p->tfree = at = e.ts + e.dur;
			if (pserial)
				p->cfree = at;
		}
		while (nheap > 0 && heap[0].ts <= first) {
			e = heap_pop();
			pev_print(&e);
		}
	}
	while (nheap > 0) {
		e = heap_pop();
		pev_print(&e);
	}
	free(heap);
	free(pst);
}

/* --pipeline c/t[,c/t...]: the cycles of each stage */
static void
pipeline_opt(const char *arg)
{
	const char *p = arg, *sl, *c, *e;
	uint64_t v[2];
	int i;

	for (;;) {
		if ((c = strchr(p, ',')) == NULL)
			c = p + strlen(p);
		sl = memchr(p, '/', (size_t)(c - p));
		if (sl == NULL)
			npt_errx(2, "--pipeline: not compute/transmission "
			    "cycles: \"%.*s\"", (int)(c - p), p);
		for (i = 0; i < 2; i++) {
			const char *a = i ? sl + 1 : p, *z = i ? c : sl;

			if ((e = npt_parse_u64(a, (size_t)(z - a), &v[i])) ==
			    NULL && (v[i] == 0 || v[i] > 1000000000000ULL))
				e = v[i] == 0 ? "not positive" : "too large";
			if (e != NULL)
				npt_errx(2, "--pipeline: %s: \"%.*s\"", e,
				    (int)(c - p), p);
		}
		if (npst == 256)
			npt_errx(2, "--pipeline: more than 256 stages");
		pst = npt_ereallocarray(pst, npst + 1, sizeof *pst);
		pst[npst].c = v[0];
		pst[npst++].t = v[1];
		if (*c == '\0')
			break;
		p = c + 1;
	}
}

static uint64_t
number(int opt, const char *arg, uint64_t lo, uint64_t hi)
{
	const char *e;
	uint64_t v;

	if ((e = npt_parse_u64(arg, strlen(arg), &v)) == NULL &&
	    (v < lo || v > hi))
		e = v < lo ? "too small" : "too large";
	if (e != NULL)
		npt_errx(2, "-%c: %s: \"%s\"", opt, e, arg);
	return v;
}

static void
fault(const char *arg)
{
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
	const char *e;
	uint64_t v;

	if (eq == NULL)
		npt_errx(2, "-x: expected overflow=N, truncate=N or corrupt=N: "
		    "\"%s\"", arg);
	if ((e = npt_parse_u64(eq + 1, strlen(eq + 1), &v)) != NULL)
		npt_errx(2, "-x: %s: \"%s\"", e, arg);
	if (n == 8 && strncmp(arg, "overflow", 8) == 0) {
		have_overflow = 1;
		f_overflow = (unsigned long)v;
	} else if (n == 8 && strncmp(arg, "truncate", 8) == 0) {
		have_truncate = 1;
		f_truncate = v;
	} else if (n == 7 && strncmp(arg, "corrupt", 7) == 0) {
		if (ncorrupt == sizeof f_corrupt / sizeof f_corrupt[0])
			npt_errx(2, "-x: more than %zu corrupt faults", ncorrupt);
		have_corrupt = 1;
		f_corrupt[ncorrupt++] = (unsigned long)v;
	} else {
		npt_errx(2, "-x: unknown fault: \"%s\" (overflow, truncate or "
		    "corrupt)", arg);
	}
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	const char *e, *text = yolov8s, *src = "yolov8s";
	size_t len = sizeof yolov8s - 1;
	int64_t v;
	int c, other = 0, logonly = 0, runopt = 0;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "b:c:F:f:i:j:m:o:P:s:T:x:",
	    longopts, synopsis)) != -1) {
		if (c != OPT_PIPELINE && c != OPT_SERIAL && c != 'f' &&
		    c != 'i' && c != 'j' && c != 's' &&
		    !(c == 'F' && strcmp(g.arg, "events") == 0))
			other = c;
		if (c != 'F' && c != 'm' && c < 256)
			runopt = c;	/* of the run or its logs */
		switch (c) {
		case OPT_PIPELINE:
			pipeline_opt(g.arg);
			break;
		case OPT_SERIAL:
			pserial = 1;
			break;
		case 'b':
			logonly = c;
			bufsize = (size_t)number(c, g.arg, 64, SIZE_MAX);
			break;
		case 'c':
			ncores = (unsigned long)number(c, g.arg, 1, 256);
			break;
		case 'F':
			if (strcmp(g.arg, "log") != 0 &&
			    strcmp(g.arg, "events") != 0 &&
			    strcmp(g.arg, "alloc") != 0 &&
			    strcmp(g.arg, "model") != 0 &&
			    strcmp(g.arg, "mlir") != 0)
				npt_errx(2, "-F: unknown format: \"%s\" (log, "
				    "events, alloc, model or mlir)", g.arg);
			format = g.arg;
			break;
		case 'f':
			if ((e = npt_freq_parse(g.arg, strlen(g.arg),
			    &clock_hz)) != NULL)
				npt_errx(2, "-f: %s: \"%s\"", e, g.arg);
			break;
		case 'i':
			iterations = (unsigned long)number(c, g.arg, 0,
			    UINT32_MAX);
			break;
		case 'j':
			if ((e = npt_time_decimal(g.arg, strlen(g.arg), 1, &v))
			    == NULL && (v < 0 || v > 500))
				e = v < 0 ? "negative" : "more than 50%";
			if (e != NULL)
				npt_errx(2, "-j: %s: \"%s\"", e, g.arg);
			jitter = (unsigned)v;
			break;
		case 'm':
			modelpath = g.arg;
			break;
		case 'o':
			logonly = c;
			dir = g.arg;
			break;
		case 'P':
			logonly = c;
			pktsize = (size_t)number(c, g.arg, 64, NPT_LOG_PKT_MAX);
			break;
		case 's':
			seed = number(c, g.arg, 0, UINT64_MAX);
			break;
		case 'T':
			cycles = number(c, g.arg, 1000, 1000000000000000ULL);
			break;
		case 'x':
			logonly = c;
			fault(g.arg);
			break;
		}
	}
	if (g.ind != argc) {
		npt_warnx("extra operand: %s", argv[g.ind]);
		npt_usage(synopsis);
	}
	if (npst > 0 && other != 0)
		npt_errx(2, "--pipeline: not with -%c", other);
	if (npst == 0 && pserial)
		npt_errx(2, "--serial: only with --pipeline");
	if (logonly != 0 && strcmp(format, "alloc") == 0)
		npt_errx(2, "-F alloc: not with -%c (the memory of the run, not "
		    "of its logs)", logonly);
	if (runopt != 0 && npst == 0 && (strcmp(format, "model") == 0 ||
	    strcmp(format, "mlir") == 0))
		npt_errx(2, "-F %s: not with -%c (the model only, not a run)",
		    format, runopt);
	if (npst > 0) {
		pcheckcycles();
		rng = seed;
		pipeline();
		return npt_out_close();
	}
	if (modelpath != NULL) {
		if ((text = npt_in_slurp(modelpath, &len)) == NULL)
			exit(1);
		src = strcmp(modelpath, "-") == 0 ? "<stdin>" : modelpath;
	}
	if (strcmp(format, "model") == 0) {
		npt_out_write(text, len);
	} else {
		loadmodel(src, text, len);
		if (strcmp(format, "mlir") == 0) {
			mlir();
		} else if (strcmp(format, "alloc") == 0) {
			checknames();
			checkcycles();
			rng = seed;
			run_alloc();
		} else {
			checknames();
			checkcycles();
			rng = seed;
			run();
		}
	}
	if (text != yolov8s)
		free((char *)text);
	freemodel();
	return npt_out_close();
}
