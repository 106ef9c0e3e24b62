#!/bin/sh
# Installs recount as a service, as written in README.md ("Running in production"):
#   sudo deploy/install.sh                 # then fill in /etc/recount/recount.env and
#   sudo systemctl enable --now recount
# Options: --root DIR installs under DIR instead of / (a test, or a staged image): no user is
# created and systemd is not told. --python PATH picks the interpreter (3.11 or newer).
#
# What it does: the `recount` system user; under /opt/recount a fresh venv from
# requirements.lock with the code installed in it (never a developer's .venv or caches),
# built beside the running one and switched to at once (.venv is a symlink); the systemd
# unit, restarted if it runs; /etc/recount/recount.env from the example, mode 600, never
# overwriting a filled-in one.
set -eu

ROOT=/
PYTHON=python3
while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOT=$2; shift 2 ;;
        --python) PYTHON=$2; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
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

# The running service imports lazily from its venv: nothing it runs is touched until the new
# venv is whole. Each build gets its own folder under venvs/ (a venv cannot be moved: its
# scripts name their folder), .venv is a symlink to the one in use, switched by one rename.
install -d -m 755 "$PREFIX/venvs"
NEW="$PREFIX/venvs/$(date -u +%Y%m%dT%H%M%SZ)-$$"
STAGE="$NEW.src"
trap 'rm -rf "$NEW" "$STAGE" "$PREFIX/.venv.next"' EXIT  # a failed build leaves nothing

say "copying the code to $STAGE"
for item in pyproject.toml README.md LICENSE CHANGELOG.md requirements.lock gunicorn.conf.py; do
    install -D -m 644 "$SRC/$item" "$STAGE/$item"
done
for package in domain handlers bot; do
    # the package's files, without caches
    (cd "$SRC" && find "$package" -type f ! -path '*/__pycache__/*' ! -name '*.pyc') |
        while read -r file; do install -D -m 644 "$SRC/$file" "$STAGE/$file"; done
done

# The venv's python links to this interpreter: the service user must be able to run it (a
# pyenv under /root cannot be). Refuse early, naming --python, rather than a dead service.
if real_root && command -v runuser >/dev/null 2>&1; then
    if ! runuser -u recount -- "$PYTHON" -c 'import sys' >/dev/null 2>&1; then
        echo "install.sh: the user recount cannot run $PYTHON (is it under /root?); give --python PATH to an interpreter all users can run, such as /usr/bin/python3" >&2
        exit 2
    fi
fi

say "making a fresh venv from requirements.lock in $NEW"
"$PYTHON" -m venv "$NEW"
"$NEW/bin/python" -m pip install --quiet --upgrade pip
"$NEW/bin/python" -m pip install --quiet -r "$STAGE/requirements.lock"
"$NEW/bin/python" -m pip install --quiet --no-deps "$STAGE"
"$NEW/bin/recount" --version >/dev/null  # it runs before anything points at it
rm -rf "$STAGE"

# Beside the venv: gunicorn.conf.py, which the unit reads at start, and what people read.
for item in README.md LICENSE CHANGELOG.md requirements.lock gunicorn.conf.py; do
    install -m 644 "$SRC/$item" "$PREFIX/$item"
done

# The switch. OLD is what .venv named before: kept until the service runs the new one.
OLD=""
if [ -L "$PREFIX/.venv" ]; then
    OLD="$PREFIX/venvs/$(basename "$(readlink "$PREFIX/.venv")")"
elif [ -d "$PREFIX/.venv" ]; then
    # an install from before the switch: its venv is a folder, moved aside once (the only
    # moment a running old service could miss a file)
    OLD="$PREFIX/venvs/before-switch-$$"
    mv "$PREFIX/.venv" "$OLD"
fi
ln -s "venvs/$(basename "$NEW")" "$PREFIX/.venv.next"
mv -T "$PREFIX/.venv.next" "$PREFIX/.venv"  # rename(2): .venv is the old venv or the new
trap - EXIT
say "switched $PREFIX/.venv to $NEW"
# Installs from before the switch kept the code here too, where gunicorn (working directory
# /opt/recount) would import it before the venv's: the venv's copy is the one.
for item in domain handlers bot pyproject.toml build; do
    rm -rf "${PREFIX:?}/$item"
done
rm -rf "$PREFIX"/*.egg-info

install -m 644 "$SRC/deploy/recount.service" "$UNITS/recount.service"
if [ -e "$ETC/recount.env" ]; then
    say "kept the existing $ETC/recount.env"
else
    install -m 600 "$SRC/deploy/recount.env.example" "$ETC/recount.env"
    say "wrote $ETC/recount.env (mode 600): fill it in"
fi

if real_root; then
    systemctl daemon-reload
    if systemctl is-active --quiet recount; then
        systemctl restart recount
        say "restarted recount on the new venv"
    else
        say "next: edit /etc/recount/recount.env, then: systemctl enable --now recount"
    fi
fi
# Only now, with the service on the new venv (or none running), the old one can go.
if [ -n "$OLD" ] && [ "$OLD" != "$NEW" ]; then
    rm -rf "$OLD"
fi
say "installed $("$PREFIX/.venv/bin/recount" --version)"
