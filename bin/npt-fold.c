/* See LICENSE file for copyright and license details. */
/*
 * npt-fold: events (npt-events(5)) in, folded stacks out, one
 * "frame;frame;frame weight" line per distinct stack: the input of
 * flamegraph.pl, inferno and speedscope.
 *
 * Nesting is npt-agg's self time (bin/npt-agg.c): per track a stack of
 * the events still open, whose ends never increase upward.  An event pops
 * those that ended before it starts or end before it does; what is left
 * on top is its parent, whose self time loses the event's duration.  An
 * event's self time is final when it is popped (or at the end of the
 * input), and goes to its stack then.
 *
 * A stack is a node of a trie, in a hash table keyed by the address of
 * the parent node and the frame's text, so that a stack costs one entry
 * however deep it is, and an event one lookup.  Memory is the distinct
 * stacks plus the open events of each track; the stacks are written out
 * at the end, in byte order, by a walk of the trie whose siblings are
 * sorted (write_stacks), holding one line at a time.  Weights are exact:
 * times of 10^-12 of the unit (lib/time.c), summed in 128 bits.
 */
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[-T] [-k column] [-t pattern] [--strict] [file ...]";

static const char help[] =
    "-T\tput the track as the root frame of each stack\n"
    "-k column\tname frames by this column (default op)\n"
    "-t pattern\tcount only the tracks that match pattern\n"
    "--strict\texit 1 if the input lost data\n";

enum { OPT_STRICT = 256 };

static const struct npt_longopt longopts[] = {
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

struct node {
	struct node *parent;	/* NULL for a root frame */
	const char *name;	/* the frame, in the key */
	size_t namelen;
	struct npt_time w;	/* self time summed */
	size_t first, nitem;	/* its children's items (write_stacks) */
	int kids;		/* it has children */
};

struct frame {
	struct npt_time start, end, self;
	struct node *node;
	const char *file;	/* where it is, for the error of a tie */
	long long line;
};

struct track {
	struct npt_time last;
	struct track *next;	/* in order of appearance */
	struct frame *st;
	size_t n, cap;
	struct node *root;	/* -T: the track's frame */
};

static int troot, strict;
static const char *kname = "op";
static struct npt_ht nodes, tracks;
static struct track *tfirst, **tlast = &tfirst;
static struct npt_htc tcache;
static struct npt_tsel tsel;
static struct npt_buf kb, nb, rb;
static int unit = -1, digits;
static unsigned long long skipped;
static struct npt_loss loss;

/*
 * The length of the whitespace at s[0..n) (0: none): the White_Space of
 * Unicode (what flamegraph.pl's \s matches, reading UTF-8, and Rust's
 * is_whitespace), U+180E (White_Space before Unicode 6.3), U+FEFF
 * (JavaScript's \s) and U+001C..U+001F (Python's isspace).  U+2028 and
 * U+2029 end a line in JavaScript, as CR does in speedscope.
 */
static size_t
space_len(const unsigned char *s, size_t n)
{
	unsigned c;

	if (s[0] == ' ' || (s[0] >= '\t' && s[0] <= '\r') ||
	    (s[0] >= 0x1c && s[0] <= 0x1f))
		return 1;
	if (n >= 2 && s[0] == 0xc2 && (s[1] == 0x85 || s[1] == 0xa0))
		return 2;
	if (n < 3 || s[0] < 0xe1 || s[0] > 0xef || (s[1] & 0xc0) != 0x80 ||
	    (s[2] & 0xc0) != 0x80)
		return 0;
	c = (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu);
	if (c == 0x1680 || c == 0x180e || (c >= 0x2000 && c <= 0x200a) ||
	    c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f ||
	    c == 0x3000 || c == 0xfeff)
		return 3;
	return 0;
}

/*
 * The frame text of s[0..n): ';' becomes ':', a NUL byte "\0", and each
 * whitespace (space_len) '_', so that a reader splits a line only at ';'
 * and at the space before the weight, and never takes a number in a frame
 * for the first count of a differential line.  Empty: NULL.
 */
static const char *
frame_text(struct npt_buf *b, const char *s, size_t n, size_t *len)
{
	size_t i, w;

	if (n == 0)
		return NULL;
	b->n = 0;
	for (i = 0; i < n; i++) {
		if (s[i] == ';') {
			npt_buf_addc(b, ':');
		} else if (s[i] == '\0') {
			/* a raw NUL, which a stream writes \0, is written so */
			npt_buf_add(b, "\\0", 2);
		} else if ((w = space_len((const unsigned char *)s + i,
		    n - i)) > 0) {
			npt_buf_addc(b, '_');
			i += w - 1;
		} else {
			npt_buf_addc(b, s[i]);
		}
	}
	*len = b->n;
	return b->p;
}

/* The child of parent named s[0..n) (already a frame text). */
static struct node *
child(struct node *parent, const char *s, size_t n)
{
	struct node *x;
	int isnew;

	kb.n = 0;
	npt_buf_add(&kb, &parent, sizeof parent);
	npt_buf_add(&kb, s, n);
	x = npt_ht_put(&nodes, kb.p, kb.n, &isnew);
	if (isnew) {
		size_t len;

		x->parent = parent;
		x->name = npt_ht_key(x, &len) + sizeof parent;
		x->namelen = n;
	}
	return x;
}

/* The self time of f, final, to its stack; named by f's line. */
static void
retire(const struct frame *f)
{
	if (npt_time_add(&f->node->w, &f->node->w, &f->self) < 0)
		npt_errat(f->file, f->line, "self time too large");
}

/*
 * The event of this line starts with the open event p and ends after it:
 * p should have come after it, nested in it.
 */
static void
tie(const struct npt_tsv *t, struct track *k, const struct frame *p)
{
	size_t n;
	const char *s = npt_ht_key(k, &n);
	int other = p->file != t->in.name;

	/* its place: "line N" of this file, or "FILE:N" */
	npt_tsv_err(t, "track %.*s: same start as the event of %s%s%lld, "
	    "which ends sooner (nesting needs events sorted by start per "
	    "track, ties longest first: sort ties by duration, longest "
	    "first)", (int)n, s, other ? p->file : "line ", other ? ":" : "",
	    p->line);
}

/* The event [ts, ts + dur) of frame name on track k (NULL: no nesting). */
static void
event(struct npt_tsv *t, struct track *k, const struct npt_time *ts,
    const struct npt_time *dur, const char *name, size_t n)
{
	struct frame f;
	struct node *parent = NULL;

	f.file = t->in.name;
	f.line = t->in.lineno;
	if (k == NULL) {
		f.self = *dur;
		f.node = child(NULL, name, n);
		retire(&f);
		return;
	}
	npt_time_add(&f.end, ts, dur);	/* both below 10^37: no overflow */
	while (k->n > 0 && (npt_time_cmp(&k->st[k->n - 1].end, ts) <= 0 ||
	    npt_time_cmp(&k->st[k->n - 1].end, &f.end) < 0)) {
		const struct frame *p = &k->st[k->n - 1];

		if (npt_time_cmp(&p->start, ts) == 0 &&
		    npt_time_cmp(&p->end, ts) > 0)
			tie(t, k, p);
		retire(&k->st[--k->n]);
	}
	if (k->n > 0) {
		struct frame *p = &k->st[k->n - 1];

		/* children that overlap each other: below -2^127 */
		if (npt_time_sub(&p->self, &p->self, dur) < 0)
			npt_tsv_err(t, "self time too large");
		parent = p->node;
	} else {
		parent = k->root;
	}
	f.start = *ts;
	f.self = *dur;
	f.node = child(parent, name, n);
	if (k->n == k->cap) {
		k->cap = k->cap ? k->cap * 2 : 8;
		k->st = npt_ereallocarray(k->st, k->cap, sizeof *k->st);
	}
	k->st[k->n++] = f;
}

static void
read_events(const char *path, int *rc)
{
	struct npt_tsv t;
	struct npt_tcol tc = { -1, -1, -1, -1 };
	long kcol = -1, opcol = -1;
	size_t need = SIZE_MAX;
	int r, d;

	if (npt_tsv_open(&t, path) < 0) {
		*rc = 1;
		return;
	}
	while ((r = npt_tsv_nextn(&t, need)) != NPT_TSV_EOF) {
		struct npt_time ts = { 0, 0 }, dur;
		struct track *k = NULL;
		const char *name;
		size_t n;
		int isnew;

		if (r == NPT_TSV_META) {
			npt_tsel_meta(&tsel, &t.key, &t.val);
			npt_loss_meta(&loss, &t);
			continue;
		}
		if (r == NPT_TSV_HEADER) {
			need = npt_tcol_header(&tc, &t, 0, &unit);
			kcol = (long)npt_tsv_col(&t, kname);
			opcol = npt_tsv_hdr_find(&t.hdr, "op");
			if ((size_t)kcol >= need)
				need = (size_t)kcol + 1;
			if (opcol >= 0 && (size_t)opcol >= need)
				need = (size_t)opcol + 1;
			continue;
		}
		if (tsel.active && !npt_tsel_keep(&tsel, tc.track < 0 ? "" :
		    t.f[tc.track].p, tc.track < 0 ? 0 : t.f[tc.track].n))
			continue;
		if (t.f[tc.dur].n == 0) {
			skipped++;
			continue;
		}
		if ((d = npt_tcol_get(&t, (size_t)tc.dur, unit, 1, &dur)) >
		    digits)
			digits = d;
		name = frame_text(&nb, t.f[kcol].p, t.f[kcol].n, &n);
		if (name == NULL && opcol >= 0)
			name = frame_text(&nb, t.f[opcol].p, t.f[opcol].n, &n);
		if (name == NULL) {
			name = "unknown";
			n = 7;
		}
		if (tc.ts >= 0 && tc.track >= 0 && t.f[tc.ts].n > 0 &&
		    t.f[tc.track].n > 0) {
			npt_tcol_get(&t, (size_t)tc.ts, unit, 0, &ts);
			k = npt_htc_put(&tracks, &tcache, t.f[tc.track].p,
			    t.f[tc.track].n, &isnew);
			if (!isnew && npt_time_cmp(&ts, &k->last) < 0) {
				char b[48];

				b[npt_time_fmtmin(b, &k->last, 0)] = '\0';
				npt_tsv_err(&t, "column %s: out of order on "
				    "track %.*s: \"%.*s\" after %s (nesting "
				    "needs events sorted by start per track: "
				    "sort them)", t.hdr.col[tc.ts].p,
				    (int)t.f[tc.track].n, t.f[tc.track].p,
				    (int)t.f[tc.ts].n, t.f[tc.ts].p, b);
			}
			k->last = ts;
			if (isnew) {
				*tlast = k;
				tlast = &k->next;
			}
			if (isnew && troot) {
				const char *s;
				size_t sn;

				s = frame_text(&rb, t.f[tc.track].p,
				    t.f[tc.track].n, &sn);
				k->root = child(NULL, s, sn);
			}
		}
		if (troot && k == NULL) {
			/* no track to nest in: a stack of its own */
			struct frame f;
			const char *s = "unknown";
			size_t sn = 7;

			if (tc.track >= 0 && t.f[tc.track].n > 0)
				s = frame_text(&rb, t.f[tc.track].p,
				    t.f[tc.track].n, &sn);
			f.self = dur;
			f.node = child(child(NULL, s, sn), name, n);
			f.file = t.in.name;
			f.line = t.in.lineno;
			retire(&f);
			continue;
		}
		event(&t, k, &ts, &dur, name, n);
	}
	if (t.in.err)
		*rc = 1;
	npt_tsv_close(&t);
}

/*
 * The stacks are written by a walk of the trie.  Each node is two items
 * among its siblings: its own line, keyed by its name and a NUL, and the
 * lines of its children, keyed by its name and ';' (only if it has
 * children).  A frame holds neither NUL nor ';', so no key is a prefix of
 * another, and the siblings' items sorted by key give the lines in the
 * byte order of their whole text.
 */
struct item {
	struct node *x;
	int block;		/* the lines of x's children */
};

/* The byte at i of the key of an item (i <= its name's length). */
static unsigned char
keybyte(const struct item *it, size_t i)
{
	if (i < it->x->namelen)
		return (unsigned char)it->x->name[i];
	return it->block ? ';' : '\0';
}

/* Items by parent (any order), then by key. */
static int
itemcmp(const void *a, const void *b)
{
	const struct item *p = a, *q = b;
	size_t m;
	int r;

	if (p->x->parent != q->x->parent)
		return (uintptr_t)p->x->parent < (uintptr_t)q->x->parent ?
		    -1 : 1;
	m = p->x->namelen < q->x->namelen ? p->x->namelen : q->x->namelen;
	if ((r = memcmp(p->x->name, q->x->name, m)) != 0)
		return r;
	return (int)keybyte(p, m) - (int)keybyte(q, m);
}

/* The stacks of positive weight, in byte order; the negative counted. */
static void
write_stacks(unsigned long long *neg)
{
	struct npt_ht_ent *e;
	struct item *it;
	struct walk {
		size_t i, end, len;	/* items [i, end), at path length len */
	} *st = NULL;
	struct npt_buf path = { 0 };
	size_t i, j, n = 0, nst = 0, cap = 0, r0 = 0, r1 = 0;

	for (i = 0; (e = npt_ht_iter(&nodes, &i)) != NULL; ) {
		struct node *x = npt_ht_val(e);

		n++;
		if (x->parent != NULL && !x->parent->kids) {
			x->parent->kids = 1;
			n++;
		}
	}
	it = npt_ereallocarray(NULL, n ? n : 1, sizeof *it);
	for (i = j = 0; (e = npt_ht_iter(&nodes, &i)) != NULL; ) {
		struct node *x = npt_ht_val(e);

		it[j].x = x;
		it[j++].block = 0;
		if (x->kids) {
			it[j].x = x;
			it[j++].block = 1;
		}
	}
	qsort(it, n, sizeof *it, itemcmp);
	for (i = 0; i < n; i = j) {
		struct node *p = it[i].x->parent;

		for (j = i + 1; j < n && it[j].x->parent == p; j++)
			;
		if (p == NULL) {
			r0 = i;
			r1 = j;
		} else {
			p->first = i;
			p->nitem = j - i;
		}
	}
	if (n > 0) {
		st = npt_ereallocarray(NULL, cap = 16, sizeof *st);
		st[nst].i = r0;
		st[nst].end = r1;
		st[nst++].len = 0;
	}
	while (nst > 0) {
		struct walk *w = &st[nst - 1];
		struct node *x;
		char b[48];
		int s;

		if (w->i == w->end) {
			nst--;
			continue;
		}
		x = it[w->i].x;
		path.n = w->len;
		npt_buf_add(&path, x->name, x->namelen);
		if (it[w->i++].block) {
			npt_buf_addc(&path, ';');
			if (nst == cap)
				st = npt_ereallocarray(st, cap *= 2,
				    sizeof *st);
			st[nst].i = x->first;
			st[nst].end = x->first + x->nitem;
			st[nst++].len = path.n;
			continue;
		}
		if ((s = npt_time_sign(&x->w)) < 0)
			(*neg)++;
		if (s <= 0)
			continue;
		npt_out_write(path.p, path.n);
		npt_out_putc(' ');
		npt_out_write(b, npt_time_fmt(b, &x->w, digits));
		npt_out_putc('\n');
	}
	free(st);
	free(it);
	npt_buf_free(&path);
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	char *stdinarg[] = { "-", NULL };
	size_t i;
	unsigned long long neg = 0;
	struct track *k;
	int c, rc = 0;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "Tk:t:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'T':
			troot = 1;
			break;
		case 'k':
			if (g.arg[0] == '\0')
				npt_errx(2, "-k: empty column name");
			if (strchr(g.arg, ',') != NULL)
				npt_errx(2, "-k: one column, not a list: "
				    "\"%s\"", g.arg);
			kname = g.arg;
			break;
		case 't':
			npt_tsel_pattern(&tsel, g.arg);
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		}
	}
	argv += g.ind;
	argc -= g.ind;
	if (argc == 0) {
		argv = stdinarg;
		argc = 1;
	}

	npt_ht_init(&nodes, sizeof(struct node));
	npt_ht_init(&tracks, sizeof(struct track));
	for (i = 0; i < (size_t)argc; i++)
		read_events(argv[i], &rc);
	npt_tsel_free(&tsel);
	for (k = tfirst; k != NULL; k = k->next) {
		while (k->n > 0)
			retire(&k->st[--k->n]);
		free(k->st);
	}

	write_stacks(&neg);
	npt_buf_free(&kb);
	npt_buf_free(&nb);
	npt_buf_free(&rb);
	rc |= npt_out_close();
	if (skipped > 0)
		npt_warning("%llu event%s with an empty duration skipped",
		    skipped, skipped == 1 ? "" : "s");
	if (neg > 0)
		npt_warning("%llu stack%s with a negative self time left out "
		    "(children of one event that overlap each other)", neg,
		    neg == 1 ? "" : "s");
	if (npt_loss_warn(&loss, "the output") && strict)
		rc = 1;
	return rc;
}
