/* See LICENSE file for copyright and license details. */
/*
 * The protobuf wire format (protobuf.dev, "Encoding"), read from memory:
 * a message is a run of fields, each a varint tag (field number << 3 |
 * wire type) and a value: a varint (0), 8 bytes (1), a varint length and
 * that many bytes (2), 4 bytes (5); 3 and 4 open and close a group, whose
 * fields are skipped.  Nothing here knows a schema: the caller tells the
 * fields apart by number.  Every read is checked against the end of the
 * message, so a damaged input is an error with its offset, never a read
 * past the bytes.
 */
#include <stdint.h>
#include <string.h>

#include "base.h"
#include "import.h"

#define MAXGROUP 64	/* groups nested in a group that is skipped */

#define T8 1, 0, 1, 0, 0, 0, 0, 0	/* tags 8k to 8k + 7, k > 0 */
const unsigned char npt_pb_tag1[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, T8, T8, T8, T8, T8, T8, T8,
	T8, T8, T8, T8, T8, T8, T8, T8,
};
#undef T8

int
npt_pb_varint(const unsigned char **pp, const unsigned char *end,
    uint64_t *v)
{
	const unsigned char *p = *pp;
	uint64_t x = 0;
	int s;

	for (s = 0; s < 70; s += 7) {
		if (p == end)
			return -1;
		if (s == 63 && *p > 1)
			return -2;
		x |= (uint64_t)(*p & 0x7f) << s;
		if (!(*p++ & 0x80)) {
			*pp = p;
			*v = x;
			return 0;
		}
	}
	return -2;
}

static int
fail(struct npt_pb *m, const unsigned char *at, const char *msg)
{
	m->p = at;
	m->err = msg;
	return -1;
}

static int
tag(struct npt_pb *m, uint32_t *num, int *wt)
{
	const unsigned char *at = m->p;
	uint64_t t;
	int r;

	if ((r = npt_pb_varint(&m->p, m->end, &t)) < 0)
		return fail(m, at, r == -1 ? "truncated varint" :
		    "varint longer than 10 bytes");
	if ((t & 7) > 5)
		return fail(m, at, (t & 7) == 6 ? "wire type 6" : "wire type 7");
	if (t >> 3 == 0 || t >> 3 > 0x1fffffff)
		return fail(m, at, t >> 3 == 0 ? "field number 0" :
		    "field number too large");
	*num = (uint32_t)(t >> 3);
	*wt = (int)(t & 7);
	return 0;
}

/* The value of a field of wire type wt, at m->p, into f. */
static int
value(struct npt_pb *m, int wt, struct npt_pb_field *f)
{
	const unsigned char *at = m->p;
	uint64_t len;
	int r, i, k;

	f->p = NULL;
	f->n = 0;
	switch (wt) {
	case NPT_PB_VARINT:
		if ((r = npt_pb_varint(&m->p, m->end, &f->v)) < 0)
			return fail(m, at, r == -1 ? "truncated varint" :
			    "varint longer than 10 bytes");
		return 0;
	case NPT_PB_I64:
	case NPT_PB_I32:
		k = wt == NPT_PB_I64 ? 8 : 4;
		if (m->end - m->p < k)
			return fail(m, at, wt == NPT_PB_I64 ?
			    "truncated fixed64" : "truncated fixed32");
		/* little-endian on the wire, whatever the host */
		for (f->v = 0, i = k - 1; i >= 0; i--)
			f->v = f->v << 8 | m->p[i];
		m->p += k;
		return 0;
	case NPT_PB_LEN:
		if ((r = npt_pb_varint(&m->p, m->end, &len)) < 0)
			return fail(m, at, r == -1 ? "truncated length" :
			    "length longer than 10 bytes");
		if (len > (uint64_t)(m->end - m->p))
			return fail(m, at, "length past the end");
		f->p = m->p;
		f->n = (size_t)len;
		m->p += len;
		return 0;
	}
	return 0;
}

/* Skip the fields of a group whose start tag was just read. */
static int
group(struct npt_pb *m, uint32_t num)
{
	struct npt_pb_field f;
	uint32_t stack[MAXGROUP], n;
	size_t depth = 1;
	int wt;

	stack[0] = num;
	while (depth > 0) {
		const unsigned char *at = m->p;

		if (m->p == m->end)
			return fail(m, at, "group without its end");
		if (tag(m, &n, &wt) < 0)
			return -1;
		if (wt == NPT_PB_SGROUP) {
			if (depth == MAXGROUP)
				return fail(m, at, "groups nested too deep");
			stack[depth++] = n;
		} else if (wt == NPT_PB_EGROUP) {
			if (stack[--depth] != n)
				return fail(m, at, "group ends with another "
				    "field number");
		} else if (value(m, wt, &f) < 0) {
			return -1;
		}
	}
	return 0;
}

int
npt_pb_next1(struct npt_pb *m, struct npt_pb_field *f)
{
	const unsigned char *at;

	for (;;) {
		at = m->p;
		if (m->p == m->end)
			return 0;
		/*
		 * The common case in one place: a one-byte tag (fields 1 to
		 * 15) with a varint or a length of up to 9 bytes; the rest,
		 * and every error, by the general path below.
		 */
		if (m->p[0] < 0x80 && m->p[0] >= 8 && ((m->p[0] & 7) ==
		    NPT_PB_VARINT || (m->p[0] & 7) == NPT_PB_LEN)) {
			const unsigned char *q = m->p + 1;
			uint64_t v = 0;
			int s;

			for (s = 0; s < 63 && q < m->end; s += 7) {
				v |= (uint64_t)(*q & 0x7f) << s;
				if (!(*q++ & 0x80))
					break;
			}
			if (s < 63 && q[-1] < 0x80 && q > m->p + 1 &&
			    ((m->p[0] & 7) == NPT_PB_VARINT ||
			    v <= (uint64_t)(m->end - q))) {
				f->num = m->p[0] >> 3;
				f->wt = m->p[0] & 7;
				f->at = (size_t)(at - m->base);
				if (f->wt == NPT_PB_VARINT) {
					f->v = v;
					f->p = NULL;
					f->n = 0;
				} else {
					f->p = q;
					f->n = (size_t)v;
					q += v;
				}
				m->p = q;
				return 1;
			}
		}
		if (tag(m, &f->num, &f->wt) < 0)
			return -1;
		f->at = (size_t)(at - m->base);
		if (f->wt == NPT_PB_SGROUP) {
			if (group(m, f->num) < 0)
				return -1;
			continue;
		}
		if (f->wt == NPT_PB_EGROUP)
			return fail(m, at, "group end without its start");
		if (value(m, f->wt, f) < 0)
			return -1;
		return 1;
	}
}

size_t
npt_pb_offset(const struct npt_pb *m)
{
	return (size_t)(m->p - m->base);
}

void
npt_pb_varint_field(struct npt_buf *b, uint32_t num, uint64_t v)
{
	unsigned char t[20];
	size_t n = npt_pb_putvarint(t, (uint64_t)num << 3 | NPT_PB_VARINT);

	n += npt_pb_putvarint(t + n, v);
	npt_buf_add(b, t, n);
}

void
npt_pb_bytes_field(struct npt_buf *b, uint32_t num, const void *p, size_t n)
{
	unsigned char t[20];
	size_t k = npt_pb_putvarint(t, (uint64_t)num << 3 | NPT_PB_LEN);

	k += npt_pb_putvarint(t + k, n);
	npt_buf_add(b, t, k);
	if (n > 0)
		npt_buf_add(b, p, n);
}

void
npt_pb_fixed64_field(struct npt_buf *b, uint32_t num, uint64_t v)
{
	unsigned char t[16];
	size_t k = npt_pb_putvarint(t, (uint64_t)num << 3 | NPT_PB_I64);
	int i;

	for (i = 0; i < 8; i++)
		t[k + (size_t)i] = (unsigned char)(v >> 8 * i);
	npt_buf_add(b, t, k + 8);
}
