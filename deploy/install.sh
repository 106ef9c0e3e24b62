#!/bin/sh
# Installs recount as a service, as written in README.md ("Running in production"):
#   sudo deploy/install.sh                 # then fill in /etc/recount/recount.env and
#   sudo systemctl enable --now recount
# Options: --root DIR installs under DIR instead of / (a test, or a staged image): no user is
# created and systemd is not told. --python PATH picks the interpreter (3.11 or newer).
#
# What it does: the `recount` system user; /opt/recount with the code (never a developer's
# .venv or caches) and a fresh venv from requirements.lock; the systemd unit; and
# /etc/recount/recount.env from the example, mode 600, never overwriting a filled-in one.
set -eu

ROOT=/
PYTHON=python3
while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOT=$2; shift 2 ;;
        --python) PYTHON=$2; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX="${ROOT%/}/opt/recount"
ETC="${ROOT%/}/etc/recount"
UNITS="${ROOT%/}/etc/systemd/system"
real_root() { [ "$ROOT" = "/" ]; }

say() { printf 'install.sh: %s\n' "$*"; }

if real_root; then
    [ "$(id -u)" -eq 0 ] || { echo "install.sh: run it as root (sudo), or with --root DIR" >&2; exit 2; }
    if ! id recount >/dev/null 2>&1; then
        useradd --system --home-dir /opt/recount --shell /usr/sbin/nologin recount
        say "created the system user recount"
    fi
fi

install -d -m 755 "$PREFIX" "$UNITS"
install -d -m 750 "$ETC"

say "copying the code to $PREFIX"
for item in pyproject.toml README.md LICENSE CHANGELOG.md requirements.lock gunicorn.conf.py; do
    install -m 644 "$SRC/$item" "$PREFIX/$item"
done
for package in domain handlers bot; do
    rm -rf "${PREFIX:?}/$package"
    # the package's files, without caches
    (cd "$SRC" && find "$package" -type f ! -path '*/__pycache__/*' ! -name '*.pyc') |
        while read -r file; do install -D -m 644 "$SRC/$file" "$PREFIX/$file"; done
done

# The venv's python links to this interpreter: the service user must be able to run it (a
# pyenv under /root cannot be). Refuse early, naming --python, rather than a dead service.
if real_root && command -v runuser >/dev/null 2>&1; then
    if ! runuser -u recount -- "$PYTHON" -c 'import sys' >/dev/null 2>&1; then
        echo "install.sh: the user recount cannot run $PYTHON (is it under /root?); give --python PATH to an interpreter all users can run, such as /usr/bin/python3" >&2
        exit 2
    fi
fi

say "making a fresh venv from requirements.lock"
rm -rf "$PREFIX/.venv"
"$PYTHON" -m venv "$PREFIX/.venv"
"$PREFIX/.venv/bin/python" -m pip install --quiet --upgrade pip
"$PREFIX/.venv/bin/python" -m pip install --quiet -r "$PREFIX/requirements.lock"
"$PREFIX/.venv/bin/python" -m pip install --quiet --no-deps "$PREFIX"
# pip's build leaves these beside the code: not part of the install
rm -rf "$PREFIX/build" "$PREFIX"/*.egg-info

install -m 644 "$SRC/deploy/recount.service" "$UNITS/recount.service"
if [ -e "$ETC/recount.env" ]; then
    say "kept the existing $ETC/recount.env"
else
    install -m 600 "$SRC/deploy/recount.env.example" "$ETC/recount.env"
    say "wrote $ETC/recount.env (mode 600): fill it in"
fi

if real_root; then
    systemctl daemon-reload
    say "next: edit /etc/recount/recount.env, then: systemctl enable --now recount"
fi
say "installed $("$PREFIX/.venv/bin/recount" --version)"
