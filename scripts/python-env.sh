#!/usr/bin/env bash
# Makes (once) the Python side of the tests, from PyPI, outside the tree, and prints its directory:
#   <dir>/venv/        a virtual environment with the tools the tests run: `build` (with setuptools
#                      and wheel, to build the SDK's wheel and sdist without a network), `mypy` (the
#                      type checker of the examples), `pypiserver` (the install test's package index);
#   <dir>/wheelhouse/  the wheels of `pulumi` at the pinned CLI's version and of everything the SDK
#                      requires, from which the tests make programs' virtual environments with
#                      `pip install --no-index --find-links`, in seconds and the same each time.
# Python 3.9 or later (`python3`, or PYTHON). The versions are pinned below; a changed pin makes a
# new directory.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), PULUMI_CLI_VERSION (the `pulumi`
# package's version), PYTHON. Progress goes to stderr; stdout is the directory.
set -euo pipefail

PULUMI_VERSION=${PULUMI_CLI_VERSION:-v3.259.0}
PULUMI_VERSION=${PULUMI_VERSION#v}
TOOLS=(build==1.6.1 setuptools==84.2.1 wheel==0.48.0 mypy==2.4.1 pypiserver==2.4.2)
# What the generated SDK's setup.py requires besides pulumi (install_requires), and pulumi itself.
SDK_REQUIREMENTS=("pulumi==${PULUMI_VERSION}" "parver>=0.2.1" "semver>=2.8.1")
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
PYTHON=${PYTHON:-$(command -v python3 || true)}

log() { printf '[python-env] %s\n' "$*" >&2; }

[ -n "$PYTHON" ] || { log "python3 not found (set PYTHON=/path/to/python3.9+)"; exit 1; }
py_version=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 9))' || { log "${PYTHON} is Python ${py_version}; the SDK needs 3.9 or later"; exit 1; }
key=$(printf '%s\n' "$py_version" "${SDK_REQUIREMENTS[@]}" "${TOOLS[@]}" | sha256sum | cut -c1-12)
DIR="${CACHE}/python-${py_version}-pulumi-${PULUMI_VERSION}-${key}"

if [ -f "$DIR/.complete" ]; then
  log "using the Python environment in ${DIR}"
  echo "$DIR"; exit 0
fi
mkdir -p "$CACHE"
exec 9>"${CACHE}/.python-env.lock"
flock 9
if [ -f "$DIR/.complete" ]; then echo "$DIR"; exit 0; fi

start=$(date +%s)
log "making the Python ${py_version} environment (pulumi ${PULUMI_VERSION}, ${TOOLS[*]}) in ${DIR}"
# Made where it stays (a virtual environment's scripts name its path); .complete marks it whole.
rm -rf "$DIR"
trap '[ -f "$DIR/.complete" ] || rm -rf "$DIR"' EXIT
"$PYTHON" -m venv "$DIR/venv"
# pip's own index settings (PIP_INDEX_URL, pip.conf) stay the machine's.
"$DIR/venv/bin/python" -m pip install --quiet --disable-pip-version-check "${TOOLS[@]}" >&2
"$DIR/venv/bin/python" -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
  -d "$DIR/wheelhouse" "${SDK_REQUIREMENTS[@]}" >&2
touch "$DIR/.complete"
log "made in $(($(date +%s) - start)) s"
echo "$DIR"
