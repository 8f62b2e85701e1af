# npt version
VERSION = 0.1.0

# paths
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
# where bash-completion and zsh look for completions
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions

# toolchain
CC = cc
AR = ar
RANLIB = ranlib
CPPFLAGS = -D_POSIX_C_SOURCE=200809L -DNPT_VERSION=\"$(VERSION)\"
CFLAGS = -std=c99 -pedantic -Wall -Wextra -O2
LDFLAGS =
