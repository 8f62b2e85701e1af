/* See LICENSE file for copyright and license details. */
/*
 * mlir.h: MLIR text as npt-annotate reads it: operations, their integer
 * and string attributes, and their locations resolved through aliases;
 * on request their SSA uses and the blocks' arguments (mlir.c).  Uses
 * base.h.
 *
 * Which functions exit: npt_mlir_scan, npt_mlir_loc and npt_mlir_streq,
 * only when memory runs out; problems of the text are returned, counted
 * in the scan's warnings.
 */
#ifndef NPT_MLIR_H
#define NPT_MLIR_H

#include "base.h"

/* mlir.c: MLIR text: operations, their attributes, locations */
#define NPT_MLIR_NWARN 3	/* problems whose text is kept */
#define NPT_MLIR_MAXDEPTH 500	/* nesting of a location, aliases included */
#define NPT_MLIR_MAXLOC (1 << 20) /* bytes of one resolved location */
enum { NPT_MLIR_INT = 1, NPT_MLIR_STR };
enum { NPT_MLIR_ESYNTAX = 1, NPT_MLIR_EALIAS, NPT_MLIR_ELIMIT };
/*
 * Names, strings and locations below are spans of the scanned text; a
 * quoted one is the body of a string literal, escapes not undone.
 */
struct npt_mlir_attr {		/* an integer or string attribute */
	long op;		/* index of its operation */
	const char *name;
	size_t namelen;
	int quoted;
	int kind;		/* NPT_MLIR_INT (i) or NPT_MLIR_STR (s) */
	int64_t i;
	const char *s;
	size_t slen;
};
struct npt_mlir_op {
	const char *name;	/* "tosa.add" (quoted: generic form) */
	size_t namelen;
	int quoted;
	int isfunc;		/* named "func" or "*.func" */
	const char *sym;	/* its @symbol (or generic sym_name), or NULL */
	size_t symlen;
	int symquoted;
	const char *loc;	/* inside its trailing loc( ), or NULL */
	size_t loclen;
	long parent;		/* op whose region holds it, -1 at the top */
	long func;		/* nearest enclosing function op, or -1 */
	unsigned long line, col; /* where the op starts */
	unsigned long locline, loccol; /* where its loc( starts */
};
/*
 * The SSA use of an operation, kept by npt_mlir_scan_ssa only, in an
 * array beside op[] (so that the plain scan's operations stay as small).
 */
struct npt_mlir_ssa {
	const char *res;	/* its first result, "%0", or NULL */
	size_t reslen;
	long opnd, opndlast;	/* its operands: a list in val[], or -1 */
	long succ, succlast;	/* its successors "^bb1": a list in val[] */
	long block;		/* the labelled block that holds it, or -1 */
};
/*
 * An SSA value or block name where an operation or block uses it: an
 * operand (grp: the word before its parentheses, "args" in "args(%a)",
 * or NULL), a successor or a block argument.
 */
struct npt_mlir_val {
	const char *p;		/* "%arg0", "^bb1" */
	size_t n;
	const char *grp;
	size_t grpn;
	long next;		/* the next of its list, or -1 */
};
struct npt_mlir_block {		/* "^bb1(%a: T, %b: T):" */
	const char *p;		/* its label */
	size_t n;
	long owner;		/* op whose region holds it, -1 at the top */
	long arg, arglast;	/* its arguments: a list in val[], or -1 */
};
struct npt_mlir_alias {		/* "#name = loc(...)": the inside */
	const char *p;
	size_t n;
};
struct npt_mlir {
	const char *buf;	/* the text, not copied */
	size_t len;
	struct npt_mlir_op *op;	/* in text order */
	size_t nop, opcap;
	struct npt_mlir_attr *attr;
	size_t nattr, attrcap;
	struct npt_ht alias;	/* name without '#' -> npt_mlir_alias */
	struct npt_mlir_ssa *ssa; /* npt_mlir_scan_ssa only: by op, or NULL */
	struct npt_mlir_val *val; /* npt_mlir_scan_ssa only */
	size_t nval, valcap;
	struct npt_mlir_block *blk; /* npt_mlir_scan_ssa only, in text order */
	size_t nblk, blkcap;
	unsigned long nwarn;	/* text skipped as malformed */
	char warn[NPT_MLIR_NWARN][160]; /* the first ones, "line:col: msg" */
};
/*
 * Scan MLIR text p[0..n) (any bytes: never reads outside it, bounded
 * stack).  keep: the name of the one attribute to record; NULL for all,
 * "" for none.
 */
void npt_mlir_scan(struct npt_mlir *m, const char *p, size_t n,
    const char *keep);
/*
 * The same, and the SSA use of every operation: its first result, its
 * operands and successors, the labelled block it is in, each block's
 * arguments.  Operands are the %values in the operation's text outside
 * its regions and attribute dictionaries, in order.
 */
void npt_mlir_scan_ssa(struct npt_mlir *m, const char *p, size_t n,
    const char *keep);
void npt_mlir_free(struct npt_mlir *m);
/* Line and column (1-based, bytes) of p inside m's text. */
void npt_mlir_pos(const struct npt_mlir *m, const char *p,
    unsigned long *line, unsigned long *col);
/* Where, inside the normal form, the first "file":line:col and name are. */
struct npt_mlir_locinfo {
	size_t first_off, first_len; /* without any " to ..." range */
	size_t name_off, name_len;   /* the name's string literal, quotes too */
};
struct npt_mlir_err {
	const char *where;	/* the byte where it went wrong */
	char msg[160];
};
/*
 * Append to out the normal form of the location p[0..n) (with or without
 * "loc( )"), #aliases resolved through m (may be NULL): see
 * npt-annotate(1).  info (may be NULL) is filled.  Returns 0, or an
 * NPT_MLIR_E* code with err (may be NULL) filled and out unchanged.
 */
int npt_mlir_loc(const struct npt_mlir *m, const char *p, size_t n,
    struct npt_buf *out, struct npt_mlir_locinfo *info,
    struct npt_mlir_err *err);
/*
 * Undo the escapes of a string literal body (\" \\ \n \t \XX) into dst
 * (n bytes); returns the length; *bad set at a bad escape.
 */
size_t npt_mlir_unquote(char *dst, const char *p, size_t n, int *bad);
/* Does the span (quoted: a string body) spell s? */
int npt_mlir_streq(const char *p, size_t n, int quoted, const char *s);

#endif
