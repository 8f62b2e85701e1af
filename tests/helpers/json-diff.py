#!/usr/bin/env python3
"""Differential test of lib/json.c against python3's json module.

json-diff.py JSON_TEST N SEED

Makes N JSON texts (random documents, then random damage: bytes deleted,
inserted, replaced, the text cut short), runs tests/unit/json-test on each
in four ways (token by token, member by member, with a one-byte and a
five-byte starting buffer) and checks that:
- the four ways print the same tokens (a member read fails whole, so
  the key before an error may be missing);
- json-test accepts a text exactly when python's json.loads does (strict
  mode, NaN and Infinity refused);
- on accepted texts the tokens equal those python reads (keys and strings
  as UTF-8 bytes, numbers as their text).
Prints one line per failure and exits 1 if there was any.
"""
import json
import os
import random
import subprocess
import sys
import tempfile


class Num(str):
    pass


def refuse(x):
    raise ValueError("constant " + x)


def tokens(v, out):
    if isinstance(v, Num):
        out.append("NUM " + v)
    elif isinstance(v, str):
        out.append("STR " + v.encode("utf-8", "surrogatepass").hex())
    elif isinstance(v, list) and v and v[0] == "\0obj":
        out.append("OBJ")
        for k, x in v[1:]:
            out.append("KEY " + k.encode("utf-8", "surrogatepass").hex())
            tokens(x, out)
        out.append("END_OBJ")
    elif isinstance(v, list):
        out.append("ARR")
        for x in v:
            tokens(x, out)
        out.append("END_ARR")
    elif v is True:
        out.append("TRUE")
    elif v is False:
        out.append("FALSE")
    else:
        out.append("NULL")


def reference(data):
    """Tokens python reads, or None if it refuses the text."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "undecodable"
    try:
        v = json.loads(text, object_pairs_hook=lambda p: ["\0obj"] + p,
                       parse_float=Num, parse_int=Num,
                       parse_constant=refuse)
    except (ValueError, RecursionError):
        return None
    out = []
    # our reader decodes a lone surrogate escape as U+FFFD
    def fix(x):
        if isinstance(x, Num):
            return x
        if isinstance(x, str):
            return "".join("\ufffd" if 0xd800 <= ord(c) <= 0xdfff else c
                           for c in x)
        if isinstance(x, list) and x and x[0] == "\0obj":
            return ["\0obj"] + [(fix(k), fix(y)) for k, y in x[1:]]
        if isinstance(x, list):
            return [fix(y) for y in x]
        return x
    tokens(fix(v), out)
    return out


ALPH = "abc \t\"\\/é€😀\n\x01"
ESC = ['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u00e9',
       '\\u20ac', '\\ud83d\\ude00', '\\u0000', '\\uD834\\uDD1E']


def rstr(r):
    s = ['"']
    for _ in range(r.randrange(12)):
        if r.random() < 0.25:
            s.append(r.choice(ESC))
        else:
            c = r.choice(ALPH)
            if c in '"\\\n\x01':
                c = "x"
            s.append(c)
    s.append('"')
    return "".join(s)


def rnum(r):
    s = r.choice(["", "-"])
    s += r.choice(["0", str(r.randrange(1, 10**r.randrange(1, 25)))])
    if r.random() < 0.5:
        s += "." + str(r.randrange(10**r.randrange(1, 12))).zfill(1)
    if r.random() < 0.3:
        s += r.choice("eE") + r.choice(["", "+", "-"]) + str(r.randrange(400))
    return s


def ws(r):
    return "".join(r.choice(" \t\n\r") for _ in range(r.choice([0, 0, 0, 1, 2, 5])))


def rval(r, d):
    k = r.randrange(10 if d < 6 else 6)
    if k < 2:
        return rstr(r)
    if k < 4:
        return rnum(r)
    if k == 4:
        return r.choice(["true", "false", "null"])
    if k == 5:
        return r.choice(["[]", "{}", '""', "0"])
    if k < 8:
        return "[" + ",".join(ws(r) + rval(r, d + 1) + ws(r)
                              for _ in range(r.randrange(5))) + "]"
    return "{" + ",".join(ws(r) + rstr(r) + ws(r) + ":" + ws(r) +
                          rval(r, d + 1) + ws(r)
                          for _ in range(r.randrange(5))) + "}"


def damage(r, b):
    for _ in range(r.randrange(1, 4)):
        if not b:
            break
        i = r.randrange(len(b))
        op = r.randrange(4)
        if op == 0:
            b = b[:i] + b[i + 1:]
        elif op == 1:
            b = b[:i] + bytes([r.choice(b'{}[],:"\\ 0123456789-+.eEtfnulx\x00\n')]) + b[i:]
        elif op == 2:
            b = b[:i] + bytes([r.choice(b'{}[],:"\\ 0.eE-x\x1f\xff')]) + b[i + 1:]
        else:
            b = b[:i]
    return b


def main():
    prog, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    r = random.Random(seed)
    bad = 0
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        for i in range(n):
            data = (ws(r) + rval(r, 0) + ws(r)).encode("utf-8")
            if r.random() < 0.6:
                data = damage(r, data)
            with open(path, "wb") as f:
                f.write(data)
            outs = [subprocess.run([prog] + o + [path], capture_output=True)
                    .stdout.decode("ascii", "replace")
                    for o in ([], ["-M"], ["-M", "-b", "1"], ["-b", "5"])]
            # a member read fails whole: no key shown before an error or the end
            def norm(o):
                ls = o.splitlines()
                if ls and ls[-1][:3] in ("ERR", "EOF") and len(ls) > 1 and \
                        ls[-2].startswith("KEY"):
                    del ls[-2]
                return "\n".join(ls)
            if len(set(norm(o) for o in outs)) != 1:
                bad += 1
                print("ways differ on %r:\n%s" % (data, "\n--\n".join(outs)))
                continue
            got = outs[0].splitlines()
            ok = got[-1:] == ["EOF 0 1"]
            want = reference(data)
            if want == "undecodable":
                continue
            if want is None and ok:
                bad += 1
                print("accepted what python refuses: %r" % data)
            elif want is not None and not ok:
                bad += 1
                print("refused what python accepts: %r: %s" % (data, got[-1:]))
            elif want is not None and got[:-1] != want:
                bad += 1
                print("tokens differ on %r:\n%s\n--\n%s" %
                      (data, "\n".join(got), "\n".join(want)))
    finally:
        os.unlink(path)
    print("%d texts, %d failures" % (n, bad))
    sys.exit(1 if bad else 0)


main()
