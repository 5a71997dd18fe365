#!/usr/bin/env bash
# `make up` / `make down`: deploys examples/quickstart (stack `dev`) against the bundled emulator,
# all state under .pulumi-test/ (gitignored): the emulator's pid, log and persisted account, a
# local file backend, PULUMI_HOME and the stack's config file. Nothing goes to Pulumi Cloud.
#
#   scripts/stack.sh up     start the emulator (unless running), init/select `dev`, pulumi up
#   scripts/stack.sh down   pulumi destroy, then stop the emulator
#
# It runs an installed `pulumi` when its version is one the tests cover (scripts/pulumi-cli.sh
# --any-installed), else the pinned CLI built from Go modules, and says which.
#
# Environment: EXAMPLE (default quickstart), STACK (default dev), PULUMI_CONFIG_PASSPHRASE
# (default "local-dev": it only guards this throwaway stack's secrets), PULUMI_NGROK_STACK_DIR
# (default .pulumi-test).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
EXAMPLE=${EXAMPLE:-quickstart}
STACK=${STACK:-dev}
DIR=${PULUMI_NGROK_STACK_DIR:-${ROOT}/.pulumi-test}
PROGRAM="${ROOT}/examples/${EXAMPLE}"
PROJECT="${DIR}/project-${EXAMPLE}" # holds a copy of Pulumi.yaml and the stack's config file
CONFIG="${PROJECT}/Pulumi.${STACK}.yaml"
PIDFILE="${DIR}/emulator.pid"
ENVFILE="${DIR}/emulator.env"

export PATH="${ROOT}/node_modules/.bin:${PATH}"
BIN=$("${ROOT}/scripts/pulumi-cli.sh" --any-installed)
export PATH="${BIN}:${PATH}"
echo "Pulumi CLI $(pulumi version) (${BIN}/pulumi)"
export PULUMI_HOME="${DIR}/pulumi-home"
export PULUMI_BACKEND_URL="file://${DIR}/backend"
export PULUMI_CONFIG_PASSPHRASE=${PULUMI_CONFIG_PASSPHRASE:-local-dev}
export PULUMI_SKIP_UPDATE_CHECK=true
mkdir -p "$DIR" "$PULUMI_HOME" "${DIR}/backend" "$PROJECT"

emulator_running() { [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

start_emulator() {
  if emulator_running; then echo "emulator already running (pid $(cat "$PIDFILE"))"; return; fi
  [ -f "${ROOT}/dist/emulator/cli.js" ] || { echo "dist/emulator/cli.js is missing: run 'make build' first" >&2; exit 1; }
  : >"$ENVFILE"
  # The account persists in emulator-state.json, so a restarted emulator still has the stack's
  # resources; a fixed API key lets `down` after a restart talk to it too.
  nohup node "${ROOT}/dist/emulator/cli.js" --port 0 --api-key "emu_local_dev_$(id -u)" \
    --state "${DIR}/emulator-state.json" >"$ENVFILE" 2>"${DIR}/emulator.log" &
  echo $! >"$PIDFILE"
  for _ in $(seq 100); do
    grep -q '^NGROK_API_KEY=' "$ENVFILE" && break
    emulator_running || { echo "the emulator exited:" >&2; cat "${DIR}/emulator.log" >&2; exit 1; }
    sleep 0.1
  done
  grep -q '^NGROK_API_KEY=' "$ENVFILE" || { echo "the emulator did not start" >&2; exit 1; }
  echo "emulator running (pid $(cat "$PIDFILE")), $(grep '^NGROK_API_BASE_URL=' "$ENVFILE")"
}

stop_emulator() {
  if emulator_running; then
    local pid; pid=$(cat "$PIDFILE")
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    echo "emulator stopped (pid $pid)"
  fi
  rm -f "$PIDFILE" "$ENVFILE"
}

load_emulator_env() {
  # NGROK_API_BASE_URL and NGROK_API_KEY: the provider reads them like the Terraform provider does.
  set -a; . "$ENVFILE"; set +a
}

select_stack() {
  # `stack init` writes the stack's config file next to Pulumi.yaml: run it in a copy of the
  # project file so that examples/ stays clean; every command then takes --config-file.
  cp "${PROGRAM}/Pulumi.yaml" "${PROJECT}/Pulumi.yaml"
  if ! (cd "$PROJECT" && pulumi stack select "$STACK" --non-interactive >/dev/null 2>&1); then
    (cd "$PROJECT" && pulumi stack init "$STACK" --non-interactive)
  fi
}

case "${1:-}" in
  up)
    start_emulator
    load_emulator_env
    select_stack
    cd "$PROGRAM"
    pulumi up --yes --stack "$STACK" --config-file "$CONFIG" --non-interactive
    echo
    echo "Deployed examples/${EXAMPLE} (stack ${STACK}) to the emulator at ${NGROK_API_BASE_URL}."
    echo "Inspect: PULUMI_HOME=${PULUMI_HOME} PULUMI_BACKEND_URL=${PULUMI_BACKEND_URL} PULUMI_CONFIG_PASSPHRASE=${PULUMI_CONFIG_PASSPHRASE} ${BIN}/pulumi -C examples/${EXAMPLE} stack output --stack ${STACK}"
    echo "Tear down: make down"
    ;;
  down)
    if [ -f "$CONFIG" ] && [ -f "${DIR}/emulator-state.json" ]; then
      start_emulator
      load_emulator_env
      select_stack
      (cd "$PROGRAM" && pulumi destroy --yes --stack "$STACK" --config-file "$CONFIG" --non-interactive)
    else
      echo "no stack deployed by 'make up'"
    fi
    stop_emulator
    ;;
  *)
    echo "usage: $0 up|down" >&2
    exit 2
    ;;
esac
