/* See LICENSE file for copyright and license details. */
/*
 * npt-overlap: events (npt-events(5)) sorted by start in, busy, exclusive,
 * overlap and idle time per class of tracks out.
 *
 * One sweep, memory O(tracks + classes^2).  Events come by start, so once
 * an event starting at s is read, nothing before s can change: each class
 * is busy from the frontier T up to the end of its current run (the union
 * of its events so far, which reaches back to T or it would have ended),
 * cut at s.  Sorting those few ends splits [T, s) into pieces with a
 * fixed set of busy classes, which add to the union, to a class's own
 * time when it is alone, and to the overlap of every pair in the set.
 * Per track, the same run merging gives its busy time.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stats.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[-p] [-c name=pattern[,pattern ...]] [-t pattern] [--strict]\n"
    " [file ...]";

static const char help[] =
    "-c name=pattern,...\tdefine a class: the tracks matching the patterns\n"
    "-p\tprint a report like Torq's Host Profile Overview\n"
    "-t pattern\tcount only the tracks that match pattern\n"
    "--strict\texit 1 if the input lost data\n";

enum { OPT_STRICT = 256 };

static const struct npt_longopt longopts[] = {
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

#define MAXCLASS 32

struct class {
	char *name;
	char **pat;
	size_t npat;
	int shown;		/* given with -c, or has tracks */
	int has;		/* a run is open */
	struct npt_time rs, re;	/* current run */
	struct npt_time busy, only;
	size_t ntrack;
	struct npt_time sumbusy, maxbusy;	/* over its tracks */
};

struct track {
	int class;
	int has;
	struct npt_time rs, re, busy;
	const char *name;
	size_t namelen;
};

static struct class cls[MAXCLASS + 1];
static int ncls, explicit, pretty, strict;
static struct npt_loss loss;
static struct npt_time pair[MAXCLASS + 1][MAXCLASS + 1];
static struct npt_time unionb, multi;
static int unit = -1, digits;
static struct npt_ht tracks;
static struct npt_htc tcache;
static struct npt_tsel tsel;

static const char *const defaults[] = {
	"compute=core*,slice*,css*,tile*,pe*,mac*,npu*,compute*",
	"dma=*dma*,*DMA*",
	"ctrl=ctrl*,control*",
	"host=host*,hal*,cpu*",
	NULL,
};

static void
add_class(const char *arg, int opt)
{
	const char *eq = strchr(arg, '='), *p, *c;
	struct class *k;
	size_t i;

	if (eq == NULL || eq == arg)
		npt_errx(2, "-c: not name=pattern[,pattern...]: \"%s\"", arg);
	for (p = arg; p < eq; p++)
		if (!(*p == '_' || *p == '-' || *p == '.' ||
		    (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= 'A' && *p <= 'Z')))
			npt_errx(2, "-c: class name \"%.*s\": letters, digits, "
			    "'_', '-' and '.' only", (int)(eq - arg), arg);
	for (i = 0; i < (size_t)ncls; i++)
		if (strlen(cls[i].name) == (size_t)(eq - arg) &&
		    memcmp(cls[i].name, arg, (size_t)(eq - arg)) == 0)
			npt_errx(2, "-c: class %s given twice", cls[i].name);
	if ((size_t)(eq - arg) == 5 && memcmp(arg, "other", 5) == 0)
		npt_errx(2, "-c: other is the class of unmatched tracks");
	if (ncls == MAXCLASS)
		npt_errx(2, "-c: more than %d classes", MAXCLASS);
	k = &cls[ncls++];
	k->name = npt_estrndup(arg, (size_t)(eq - arg));
	k->shown = opt;
	for (p = eq + 1;; p = c + 1) {
		c = strchr(p, ',');
		if (c == NULL)
			c = p + strlen(p);
		if (c == p)
			npt_errx(2, "-c: empty pattern in \"%s\"", arg);
		k->pat = npt_ereallocarray(k->pat, k->npat + 1, sizeof *k->pat);
		k->pat[k->npat++] = npt_estrndup(p, (size_t)(c - p));
		if (*c == '\0')
			break;
	}
}

static int
classify(const char *name)
{
	int i;
	size_t j;

	for (i = 0; i < ncls; i++)
		for (j = 0; j < cls[i].npat; j++)
			if (fnmatch(cls[i].pat[j], name, 0) == 0)
				return i;
	return ncls;		/* other */
}

/*
 * Times are 128-bit (lib/time.c): below 10^37 in magnitude when read, so
 * their differences and the sums of those below the span never overflow.
 */
static struct npt_time
tadd(struct npt_time a, struct npt_time b)
{
	a.hi = (int64_t)((uint64_t)a.hi + (uint64_t)b.hi +
	    ((a.lo += b.lo) < b.lo));
	return a;
}

static struct npt_time
tsub(struct npt_time a, struct npt_time b)
{
	a.hi = (int64_t)((uint64_t)a.hi - (uint64_t)b.hi - (a.lo < b.lo));
	a.lo -= b.lo;
	return a;
}

static int
tlt(struct npt_time a, struct npt_time b)
{
	return npt_time_lt(&a, &b);
}

static int
lowbit(uint64_t set)
{
#ifdef __GNUC__
	return __builtin_ctzll(set);
#else
	int i;

	for (i = 0; !(set >> i & 1); i++)
		;
	return i;
#endif
}

/* len more time during which exactly the classes in set were busy */
static void
account(uint64_t set, struct npt_time len)
{
	uint64_t rest;
	int a, b;

	if (npt_time_sign(&len) <= 0 || set == 0)
		return;
	unionb = tadd(unionb, len);
	if ((set & (set - 1)) == 0) {
		a = lowbit(set);
		cls[a].busy = tadd(cls[a].busy, len);
		cls[a].only = tadd(cls[a].only, len);
		return;
	}
	multi = tadd(multi, len);
	for (; set != 0; set &= set - 1) {
		a = lowbit(set);
		cls[a].busy = tadd(cls[a].busy, len);
		for (rest = set & (set - 1); rest != 0; rest &= rest - 1) {
			b = lowbit(rest);
			pair[a][b] = tadd(pair[a][b], len);
		}
	}
}

/* Account for [t, s): every class busy up to the end of its run. */
static void
advance(struct npt_time t, struct npt_time s)
{
	int idx[MAXCLASS + 1], n = 0, i, j, x;
	uint64_t set = 0;
	struct npt_time end;

	for (i = 0; i <= ncls; i++)
		if (cls[i].has && tlt(t, cls[i].re)) {
			/* insertion sort by end of run */
			for (j = n; j > 0 && tlt(cls[i].re, cls[idx[j - 1]].re);
			    j--)
				idx[j] = idx[j - 1];
			idx[j] = i;
			n++;
			set |= (uint64_t)1 << i;
		}
	for (i = 0; i < n; i++) {
		x = idx[i];
		end = tlt(cls[x].re, s) ? cls[x].re : s;
		account(set, tsub(end, t));
		if (tlt(t, end))
			t = end;
		set &= ~((uint64_t)1 << x);
		if (!tlt(t, s))
			break;
	}
}

static void
run(int *has, struct npt_time *rs, struct npt_time *re, struct npt_time *busy,
    struct npt_time s, struct npt_time e)
{
	if (*has && !tlt(*re, s)) {
		if (tlt(*re, e))
			*re = e;
		return;
	}
	if (*has && busy != NULL)
		*busy = tadd(*busy, tsub(*re, *rs));
	*has = 1;
	*rs = s;
	*re = e;
}

static struct npt_time first, last, front;
static int started;

static void
read_events(const char *path, int *rc)
{
	struct npt_tsv t;
	struct npt_tcol tc = { -1, -1, -1, -1 };
	long trcol = -1;
	size_t need = SIZE_MAX;
	int r, d;

	if (npt_tsv_open(&t, path) < 0) {
		*rc = 1;
		return;
	}
	while ((r = npt_tsv_nextn(&t, need)) != NPT_TSV_EOF) {
		struct npt_time ts, dur, end;
		struct track *k;
		int isnew;

		if (r == NPT_TSV_META) {
			npt_tsel_meta(&tsel, &t.key, &t.val);
			npt_loss_meta(&loss, &t);
			continue;
		}
		if (r == NPT_TSV_HEADER) {
			need = npt_tcol_header(&tc, &t, NPT_TCOL_TS |
			    NPT_TCOL_TRACK, &unit);
			trcol = tc.track;
			continue;
		}
		if (t.f[tc.dur].n == 0 || t.f[tc.ts].n == 0 || (tsel.active &&
		    !npt_tsel_keep(&tsel, t.f[trcol].p, t.f[trcol].n)))
			continue;
		if ((d = npt_tcol_get(&t, (size_t)tc.dur, unit, 1, &dur)) >
		    digits)
			digits = d;
		if ((d = npt_tcol_get(&t, (size_t)tc.ts, unit, 0, &ts)) > digits)
			digits = d;
		end = tadd(ts, dur);
		if (!started) {
			started = 1;
			first = front = ts;
			last = end;
		} else if (tlt(ts, front)) {
			char b[48];

			b[npt_time_fmtmin(b, &front, npt_time_unit_scale[unit])] = '\0';
			npt_tsv_err(&t, "column %s: out of order: \"%.*s\" "
			    "after %s (npt-overlap needs events sorted by "
			    "start)", t.hdr.col[tc.ts].p, (int)t.f[tc.ts].n,
			    t.f[tc.ts].p, b);
		}
		if (tlt(front, ts)) {
			advance(front, ts);
			front = ts;
		}
		if (tlt(last, end))
			last = end;
		k = npt_htc_put(&tracks, &tcache, t.f[trcol].p, t.f[trcol].n,
		    &isnew);
		if (isnew) {
			char *name = npt_emalloc(t.f[trcol].n + 1);
			long n = npt_tsv_unescape(name, t.f[trcol].p,
			    t.f[trcol].n);

			if (n < 0)
				npt_tsv_err(&t, "column track: invalid escape: "
				    "\"%.*s\"", (int)t.f[trcol].n,
				    t.f[trcol].p);
			name[n] = '\0';
			k->class = classify(name);
			free(name);
			k->name = npt_ht_key(k, &k->namelen);
			if (memchr(k->name, '\0', k->namelen) != NULL) {
				k->name = npt_tsv_cstr(k->name, k->namelen);
				k->namelen = strlen(k->name);
			}
		}
		run(&k->has, &k->rs, &k->re, &k->busy, ts, end);
		run(&cls[k->class].has, &cls[k->class].rs, &cls[k->class].re,
		    NULL, ts, end);
	}
	if (t.in.err)
		*rc = 1;
	npt_tsv_close(&t);
}

/* Compare names with digit runs by value: core2 before core10. */
static int
natcmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			const char *x = a, *y = b;
			size_t nx, ny;
			int c;

			while (*x == '0' && x[1] >= '0' && x[1] <= '9')
				x++;
			while (*y == '0' && y[1] >= '0' && y[1] <= '9')
				y++;
			for (a = x; *a >= '0' && *a <= '9'; a++)
				;
			for (b = y; *b >= '0' && *b <= '9'; b++)
				;
			nx = (size_t)(a - x);
			ny = (size_t)(b - y);
			if (nx != ny)
				return nx < ny ? -1 : 1;
			if ((c = memcmp(x, y, nx)) != 0)
				return c;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++, b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

static int
trackcmp(const void *pa, const void *pb)
{
	const struct track *a = *(struct track *const *)pa;
	const struct track *b = *(struct track *const *)pb;

	if (a->class != b->class)
		return a->class < b->class ? -1 : 1;
	return natcmp(a->name, b->name);
}

static struct npt_time span;

static struct npt_u256
wide(struct npt_time t)
{
	struct npt_u256 w;

	npt_u256_set128(&w, t.lo, (uint64_t)t.hi);
	return w;
}

/* 100 num / den with decimals, rounded half up; nothing if den is 0 */
static size_t
ratio(char *b, struct npt_u256 num, struct npt_u256 den, int decimals)
{
	struct npt_u256 m, r;

	if (npt_u256_iszero(&den))
		return 0;
	npt_u256_set(&m, 100 * npt_pow10[decimals]);
	npt_u256_mul(&num, &num, &m);
	npt_u256_divmod(&m, &r, &num, &den);
	npt_u256_add(&r, &r);
	if (npt_u256_cmp(&r, &den) >= 0) {
		npt_u256_set(&r, 1);
		npt_u256_add(&m, &r);
	}
	return npt_u256_fmt(b, &m, decimals);
}

/* t as a percentage of the span */
static size_t
pct(char *b, struct npt_time t, int decimals)
{
	if (npt_time_sign(&span) <= 0 || npt_time_sign(&t) < 0)
		return 0;
	return ratio(b, wide(t), wide(span), decimals);
}

static size_t
balance(char *b, const struct class *k, int decimals)
{
	struct npt_u256 den, n;

	if (k->ntrack == 0 || npt_time_sign(&k->maxbusy) <= 0)
		return 0;
	/* mean / max = sum / (n max) */
	npt_u256_set(&n, (uint64_t)k->ntrack);
	den = wide(k->maxbusy);
	npt_u256_mul(&den, &den, &n);
	return ratio(b, wide(k->sumbusy), den, decimals);
}

static void
tsv_row(const char *kind, const char *name, const char *name2,
    struct npt_time t, const struct class *only)
{
	char b[64];

	npt_out_str(kind);
	npt_out_putc('\t');
	npt_out_str(name);
	if (name2 != NULL) {
		npt_out_putc(',');
		npt_out_str(name2);
	}
	npt_out_putc('\t');
	npt_out_write(b, npt_time_fmt(b, &t, digits));
	npt_out_putc('\t');
	npt_out_write(b, pct(b, t, 3));
	npt_out_putc('\t');
	if (only != NULL) {
		npt_out_write(b, npt_time_fmt(b, &only->only, digits));
		npt_out_putc('\t');
		npt_out_write(b, pct(b, only->only, 3));
		npt_out_putc('\t');
		npt_out_write(b, balance(b, only, 3));
	} else {
		npt_out_str("\t\t");
	}
	npt_out_putc('\n');
}

/*
 * Torq's time format: x.xxxs, x.xxxms, x.xxxµs or Nns, rounded half up;
 * cycles as Ncyc.
 */
static size_t
human(char *b, struct npt_time t)
{
	static const char *const sfx[] = { "s", "ms", "\xc2\xb5s", "ns" };
	struct npt_time th;
	size_t n;
	int i, e = 24 - 3 * unit;	/* 10^e: a second in 10^-12 units */

	if (unit == NPT_UNIT_CYC) {
		n = npt_time_fmt(b, &t, 0);
		memcpy(b + n, "cyc", 3);
		return n + 3;
	}
	for (i = 0; i < 3; i++, e -= 3) {
		npt_time_mul(&th, npt_pow10[e > 19 ? 19 : e],
		    npt_pow10[e > 19 ? e - 19 : 0]);
		if (!tlt(t, th))
			break;
	}
	n = npt_time_fmtp(b, &t, e, i < 3 ? 3 : 0);
	memcpy(b + n, sfx[i], strlen(sfx[i]));
	return n + strlen(sfx[i]);
}

/*
 * "  label<26> value>14  (pct%)", label capitalised when cap is set,
 * widths in display columns (lib/pretty.c)
 */
static void
prow(const char *label, int cap, const char *v, struct npt_time t,
    int withpct)
{
	char p[32];
	size_t n = strlen(label);

	npt_out_str("  ");
	if (cap && label[0] >= 'a' && label[0] <= 'z') {
		npt_out_putc(label[0] - 'a' + 'A');
		npt_pretty_pad(label + 1, n - 1, 25, 0);
	} else {
		npt_pretty_pad(label, n, 26, 0);
	}
	npt_out_putc(' ');
	npt_pretty_pad(v, strlen(v), 14, 1);
	if (withpct) {
		p[pct(p, t, 2)] = '\0';
		npt_out_str("  (");
		npt_out_str(p[0] ? p : "-");
		npt_out_str("%)");
	}
	npt_out_putc('\n');
}

static void
ptime(const char *label, int cap, struct npt_time t, int withpct)
{
	char v[64];

	v[human(v, t)] = '\0';
	prow(label, cap, v, t, withpct);
}

static void
print_pretty(char **argv, int argc, struct track **tv, size_t n)
{
	char l[128], b[32];
	size_t i, j;
	int a, k;

	npt_out_str("====================== npt Profile Overview "
	    "========================\n  Input: ");
	for (i = 0; i < (size_t)argc; i++) {
		npt_out_str(i ? " " : "");
		npt_out_str(strcmp(argv[i], "-") ? argv[i] : "<stdin>");
	}
	npt_out_str("\n  ");
	for (i = 0; i < 56; i++)
		npt_out_str("\xe2\x94\x80");	/* U+2500 */
	npt_out_putc('\n');
	ptime("OVERALL", 0, span, 0);
	ptime("Busy", 0, unionb, 1);
	for (a = 0; a <= ncls; a++) {
		if (!cls[a].shown)
			continue;
		ptime(cls[a].name, 1, cls[a].busy, 1);
		snprintf(l, sizeof l, "%s Only", cls[a].name);
		ptime(l, 1, cls[a].only, 1);
		for (j = 0; j < n; j++)
			if (tv[j]->class == a)
				ptime(tv[j]->name, 0, tv[j]->busy, 1);
		if (cls[a].ntrack > 1) {
			snprintf(l, sizeof l, "%s Balance", cls[a].name);
			i = balance(b, &cls[a], 2);
			memcpy(b + i, "%", 2);
			prow(l, 1, i ? b : "-", span, 0);
		}
	}
	for (a = 0; a <= ncls; a++)
		for (k = a + 1; k <= ncls; k++)
			if (cls[a].shown && cls[k].shown) {
				snprintf(l, sizeof l, "%s/%c%s Overlap",
				    cls[a].name, cls[k].name[0] >= 'a' &&
				    cls[k].name[0] <= 'z' ? cls[k].name[0] - 'a' +
				    'A' : cls[k].name[0], cls[k].name + 1);
				ptime(l, 1, pair[a][k], 1);
			}
	ptime("Two Or More Classes", 0, multi, 1);
	ptime("Idle", 0, tsub(span, unionb), 1);
}

/* Close the output, then say what the input lost (exit 1 with --strict). */
static int
finish(int rc)
{
	rc |= npt_out_close();
	if (npt_loss_warn(&loss, "the table") && strict)
		rc = 1;
	return rc;
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	struct npt_ht_ent *e;
	struct track **tv;
	char *stdinarg[] = { "-", NULL }, b[64];
	size_t i, j, n;
	int c, rc = 0, a, k;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "c:pt:", longopts, synopsis)) != -1) {
		switch (c) {
		case 'c':
			explicit = 1;
			add_class(g.arg, 1);
			break;
		case 'p':
			pretty = 1;
			break;
		case 't':
			npt_tsel_pattern(&tsel, g.arg);
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		}
	}
	if (!explicit)
		for (i = 0; defaults[i] != NULL; i++)
			add_class(defaults[i], 0);
	cls[ncls].name = "other";
	argv += g.ind;
	argc -= g.ind;
	if (argc == 0) {
		argv = stdinarg;
		argc = 1;
	}
	npt_ht_init(&tracks, sizeof(struct track));
	for (i = 0; i < (size_t)argc; i++)
		read_events(argv[i], &rc);
	npt_tsel_free(&tsel);
	if (unit < 0)
		return finish(rc);
	if (started)
		advance(front, last);
	if (started)
		span = tsub(last, first);

	tv = npt_ereallocarray(NULL, tracks.n ? tracks.n : 1, sizeof *tv);
	for (i = n = 0; (e = npt_ht_iter(&tracks, &i)) != NULL; n++) {
		struct track *t = npt_ht_val(e);

		if (t->has)
			t->busy = tadd(t->busy, tsub(t->re, t->rs));
		tv[n] = t;
		k = t->class;
		cls[k].shown = 1;
		cls[k].ntrack++;
		if (npt_time_add(&cls[k].sumbusy, &cls[k].sumbusy, &t->busy) < 0)
			npt_errx(1, "busy time of class %s too large",
			    cls[k].name);
		if (tlt(cls[k].maxbusy, t->busy))
			cls[k].maxbusy = t->busy;
	}
	qsort(tv, n, sizeof *tv, trackcmp);

	if (pretty) {
		print_pretty(argv, argc, tv, n);
		free(tv);
		return finish(rc);
	}

	snprintf(b, sizeof b, "#kind\tname\ttime_%s\tpct\tonly_%s\tonly_pct\t"
	    "balance_pct\n", npt_time_unit_name[unit], npt_time_unit_name[unit]);
	npt_out_str(b);
	tsv_row("span", "all", NULL, span, NULL);
	tsv_row("busy", "all", NULL, unionb, NULL);
	tsv_row("idle", "all", NULL, tsub(span, unionb), NULL);
	tsv_row("multi", "all", NULL, multi, NULL);
	for (a = 0; a <= ncls; a++)
		if (cls[a].shown)
			tsv_row("class", cls[a].name, NULL, cls[a].busy, &cls[a]);
	for (a = 0; a <= ncls; a++)
		for (k = a + 1; k <= ncls; k++)
			if (cls[a].shown && cls[k].shown)
				tsv_row("overlap", cls[a].name, cls[k].name,
				    pair[a][k], NULL);
	for (j = 0; j < n; j++) {
		char *name = npt_estrndup(tv[j]->name, tv[j]->namelen);

		tsv_row("track", name, NULL, tv[j]->busy, NULL);
		free(name);
	}
	free(tv);
	return finish(rc);
}
