#!/bin/sh
# Install what the tests need on Debian, as root or through sudo: only the
# packages whose command is missing, so a second run does nothing.
set -e
need=""
for pair in bats:bats mandoc:mandoc shellcheck:shellcheck busybox:busybox \
    jq:jq python3:python3 cc:gcc make:make gawk:gawk datamash:datamash \
    parallel:parallel /usr/bin/time:time zsh:zsh; do
	cmd=${pair%%:*}
	pkg=${pair#*:}
	command -v "$cmd" >/dev/null 2>&1 || need="$need $pkg"
done
[ -n "$need" ] || exit 0
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo=sudo
else
	echo "deps: need root to install:$need" >&2
	exit 1
fi
echo "deps: installing:$need" >&2
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $need >/dev/null
