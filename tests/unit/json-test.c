/* See LICENSE file for copyright and license details. */
/*
 * json-test: the tokens lib/json.c reads from a file (or stdin), one per
 * line, for tests/helpers/json-diff.py (run by tests/npt-import.bats) to
 * compare with what python3's json module makes of the same bytes:
 *
 *	OBJ, END_OBJ, ARR, END_ARR, TRUE, FALSE, NULL
 *	KEY <hex of the bytes>, STR <hex>, NUM <text>
 *	EOF <depth> <done>	at the end of the input
 *	ERR <line>:<col> <message>
 *
 * With -b N the input is read through a buffer that starts at N bytes
 * (the reader's refills and token moves get exercised); with -m the
 * input is read into memory first (npt_in_mem); with -M the members of
 * objects are read with npt_json_member (the output is the same).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../lib/base.h"
#include "../../lib/import.h"

static void
hex(const char *tag, const char *s, size_t n)
{
	size_t i;

	printf("%s ", tag);
	for (i = 0; i < n; i++)
		printf("%02x", (unsigned char)s[i]);
	putchar('\n');
}

int
main(int argc, char *argv[])
{
	static const char *names[] = { "EOF", "OBJ", "END_OBJ", "ARR",
	    "END_ARR", "KEY", "STR", "NUM", "TRUE", "FALSE", "NULL" };
	struct npt_in in;
	struct npt_json j;
	struct npt_buf all = { 0 };
	const char *path = "-";
	size_t bufsz = 0;
	long long line, col;
	struct npt_buf stk = { 0 };	/* 'o' or 'a' per open container */
	int t, mem = 0, memb = 0;

	npt_init(argv[0]);
	for (argc--, argv++; argc > 0; argc--, argv++) {
		if (strcmp(argv[0], "-m") == 0) {
			mem = 1;
		} else if (strcmp(argv[0], "-M") == 0) {
			memb = 1;
		} else if (strcmp(argv[0], "-b") == 0 && argc > 1) {
			bufsz = (size_t)strtoul(argv[1], NULL, 10);
			argc--, argv++;
		} else {
			path = argv[0];
		}
	}
	if (npt_in_open(&in, path) < 0)
		return 1;
	if (mem) {
		char *p;
		size_t n;

		while ((p = npt_in_line(&in, &n)) != NULL) {
			npt_buf_add(&all, p, n);
			if (!in.nolf)
				npt_buf_addc(&all, '\n');
		}
		npt_in_close(&in);
		npt_in_mem(&in, path, all.p, all.n);
	} else if (bufsz > 0) {
		in.cap = bufsz;
		in.buf = npt_erealloc(in.buf, bufsz);
	}
	npt_json_init(&j, &in);
	for (;;) {
		if (memb && stk.n > 0 && stk.p[stk.n - 1] == 'o') {
			t = npt_json_member(&j);
			if (t == NPT_JSON_KEY) {
				hex("KEY", j.s, j.n);
				t = j.vtok;
				j.s = j.vs;
				j.n = j.vn;
			}
		} else {
			t = npt_json_next(&j);
		}
		if (t == NPT_JSON_ERR) {
			npt_json_where(&j, &line, &col);
			printf("ERR %lld:%lld %s\n", line, col, j.err);
			break;
		}
		if (t == NPT_JSON_EOF) {
			printf("EOF %zu %d\n", j.depth, npt_json_done(&j));
			break;
		}
		if (t == NPT_JSON_OBJ || t == NPT_JSON_ARR)
			npt_buf_addc(&stk, t == NPT_JSON_OBJ ? 'o' : 'a');
		if ((t == NPT_JSON_OBJ_END || t == NPT_JSON_ARR_END) && stk.n > 0)
			stk.n--;
		if (t == NPT_JSON_KEY || t == NPT_JSON_STR)
			hex(names[t], j.s, j.n);
		else if (t == NPT_JSON_NUM)
			printf("NUM %.*s\n", (int)j.n, j.s);
		else
			printf("%s\n", names[t]);
	}
	npt_buf_free(&stk);
	npt_json_free(&j);
	npt_in_close(&in);
	npt_buf_free(&all);
	return 0;
}
