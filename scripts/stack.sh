#!/usr/bin/env bash
# `make up` / `make down`: deploys examples/quickstart (stack `dev`) against the bundled emulator
# with its gateway on, all state under .pulumi-test/ (gitignored): the emulator's pid, log and
# persisted account, a local file backend, PULUMI_HOME and the stack's config file. Nothing goes
# to Pulumi Cloud.
#
#   scripts/stack.sh up     start the emulator (unless running), init/select `dev`, pulumi up, then
#                           print curl commands that reach the deployed endpoint through the
#                           gateway, and run the first
#   scripts/stack.sh down   pulumi destroy, then stop the emulator
#
# It runs an installed `pulumi` when its version is one the tests cover (scripts/pulumi-cli.sh
# --any-installed), else the pinned CLI built from Go modules, and says which. A YAML, Go, Python
# or Java program (`runtime: yaml`, `go`, `python`, `java`) runs on the provider plugin, built
# from dist/ and installed into the stack's PULUMI_HOME, with its language host built once beside
# the CLI (scripts/pulumi-language-<runtime>.sh). A Python program runs in a virtual environment
# under the stack's directory, made from the wheels of scripts/python-env.sh and the SDK built from
# sdk/python; a Java program takes the SDK from the local Maven repository, where `mvn install` of
# sdk/java puts it first (Maven builds the program into examples/<name>/target/, gitignored).
#
# Environment: EXAMPLE (default quickstart), STACK (default dev), CONFIG and SECRETS (the stack's
# config before `up`: space-separated key=value pairs, SECRETS set --secret), PULUMI_CONFIG_PASSPHRASE
# (default "local-dev": it only guards this throwaway stack's secrets), PULUMI_NGROK_STACK_DIR
# (default .pulumi-test). Each example's header names what it needs:
#   make up EXAMPLE=cloud-endpoint SECRETS=oidcClientSecret=example-s3cret
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
EXAMPLE=${EXAMPLE:-quickstart}
STACK=${STACK:-dev}
DIR=${PULUMI_NGROK_STACK_DIR:-${ROOT}/.pulumi-test}
PROGRAM="${ROOT}/examples/${EXAMPLE}"
PROJECT="${DIR}/project-${EXAMPLE}" # holds a copy of Pulumi.yaml and the stack's config file
CONFIG_FILE="${PROJECT}/Pulumi.${STACK}.yaml"
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

[ -f "${PROGRAM}/Pulumi.yaml" ] || { echo "examples/${EXAMPLE} has no Pulumi.yaml" >&2; exit 2; }
RUNTIME=$(sed -n 's/^runtime:[[:space:]]*//p' "${PROGRAM}/Pulumi.yaml" | head -1)
if [ "$RUNTIME" = yaml ] || [ "$RUNTIME" = go ] || [ "$RUNTIME" = python ] || [ "$RUNTIME" = java ]; then
  export PATH="$("${ROOT}/scripts/pulumi-language-${RUNTIME}.sh"):${PATH}"
  # The Go host builds the program with the machine's Go, as the CLI was built.
  [ "$RUNTIME" = go ] && export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
  if [ "$RUNTIME" = python ]; then
    # The SDK's wheel from a copy of sdk/python (a build writes beside its sources), installed
    # with pulumi from the cached wheels into the stack's virtual environment, activated.
    pyenv=$("${ROOT}/scripts/python-env.sh")
    rm -rf "${DIR}/python-sdk" && mkdir -p "${DIR}/python-sdk" && cp -r "${ROOT}/sdk/python" "${DIR}/python-sdk/src"
    "${pyenv}/venv/bin/python" -m build --no-isolation --wheel --outdir "${DIR}/python-sdk/dist" "${DIR}/python-sdk/src" >/dev/null
    [ -x "${DIR}/python-venv/bin/python" ] || python3 -m venv "${DIR}/python-venv"
    "${DIR}/python-venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "${DIR}"/python-sdk/dist/*.whl
    "${DIR}/python-venv/bin/python" -m pip install --quiet --no-index --find-links "${pyenv}/wheelhouse" pulumi-ngrok
    export PATH="${DIR}/python-venv/bin:${PATH}" VIRTUAL_ENV="${DIR}/python-venv" PYTHONDONTWRITEBYTECODE=1
  fi
  if [ "$RUNTIME" = java ]; then
    # The SDK into the local Maven repository, from a copy of sdk/java (Maven writes target/ beside it).
    rm -rf "${DIR}/java-sdk" && cp -r "${ROOT}/sdk/java" "${DIR}/java-sdk"
    (cd "${DIR}/java-sdk" && mvn -B -q install -DskipTests)
  fi
  version=$(node -p 'require(process.argv[1]).version' "${ROOT}/package.json")
  plugin_dir=$("${ROOT}/scripts/build-plugin.sh" --plugin "${DIR}/plugin")
  pulumi plugin install resource ngrok "$version" --file "${plugin_dir}.tar.gz" --reinstall >/dev/null
  echo "provider plugin pulumi-resource-ngrok ${version} installed from ${plugin_dir}.tar.gz"
fi

emulator_running() { [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

start_emulator() {
  if emulator_running && grep -q '^NGROK_EMULATOR_AI_GATEWAY_URL=' "$ENVFILE" 2>/dev/null; then
    echo "emulator already running (pid $(cat "$PIDFILE"))"; return
  fi
  stop_emulator # one started without its gateways
  [ -f "${ROOT}/dist/emulator/cli.js" ] || { echo "dist/emulator/cli.js is missing: run 'make build' first" >&2; exit 1; }
  : >"$ENVFILE"
  # The account persists in emulator-state.json, so a restarted emulator still has the stack's
  # resources; a fixed API key lets `down` after a restart talk to it too.
  nohup node "${ROOT}/dist/emulator/cli.js" --port 0 --api-key "emu_local_dev_$(id -u)" \
    --state "${DIR}/emulator-state.json" --gateway-port 0 --ai-gateway-port 0 --ai-stand-ins >"$ENVFILE" 2>"${DIR}/emulator.log" &
  echo $! >"$PIDFILE"
  for _ in $(seq 100); do
    grep -q '^NGROK_EMULATOR_AI_GATEWAY_URL=' "$ENVFILE" && break
    emulator_running || { echo "the emulator exited:" >&2; cat "${DIR}/emulator.log" >&2; exit 1; }
    sleep 0.1
  done
  grep -q '^NGROK_EMULATOR_AI_GATEWAY_URL=' "$ENVFILE" || { echo "the emulator did not start" >&2; exit 1; }
  echo "emulator running (pid $(cat "$PIDFILE")), $(grep '^NGROK_API_BASE_URL=' "$ENVFILE"), gateway $(sed -n 's/^NGROK_EMULATOR_GATEWAY_URL=//p' "$ENVFILE")"
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

set_config() {
  local pair
  for pair in ${CONFIG:-}; do
    pulumi config set "${pair%%=*}" "${pair#*=}" --plaintext --stack "$STACK" --config-file "$CONFIG_FILE" --non-interactive
  done
  # Through stdin, so that a secret never shows in a process listing.
  for pair in ${SECRETS:-}; do
    printf '%s' "${pair#*=}" | pulumi config set "${pair%%=*}" --secret --stack "$STACK" --config-file "$CONFIG_FILE" --non-interactive
  done
}

select_stack() {
  # `stack init` writes the stack's config file next to Pulumi.yaml: run it in a copy of the
  # project file so that examples/ stays clean; every command then takes --config-file.
  cp "${PROGRAM}/Pulumi.yaml" "${PROJECT}/Pulumi.yaml"
  if ! (cd "$PROJECT" && pulumi stack select "$STACK" --non-interactive >/dev/null 2>&1); then
    (cd "$PROJECT" && pulumi stack init "$STACK" --non-interactive)
  fi
}

# The deployed endpoint (the program's `url` output) through the gateway: the Host header names
# it, as a DNS name would. The quickstart's rate limit (5 a minute per client) shows in a loop that
# sends as a client address of its own (the gateway's stand-in header), so that earlier requests
# from this machine do not count against it.
print_requests() {
  [ "$EXAMPLE" = ai-gateway ] && { print_ai_requests; return 0; }
  local url; url=$(cd "$PROGRAM" && pulumi stack output url --stack "$STACK" --non-interactive 2>/dev/null) || return 0
  case "$url" in http://* | https://*) ;; *) return 0 ;; esac
  local host=${url#*://}; host=${host%%/*}
  local gw=$NGROK_EMULATOR_GATEWAY_URL
  local first="curl -s -H 'Host: ${host}' ${gw}/"
  echo
  echo "Online through the emulator's gateway (${url} stands at ${gw}):"
  echo "  ${first}"
  echo "  curl -s -H 'Host: ${host}' ${gw}/api/orders"
  if [ "$EXAMPLE" = quickstart ]; then
    echo "  for i in 1 2 3 4 5 6 7; do curl -s -o /dev/null -w '%{http_code} ' -H 'Host: ${host}' -H 'ngrok-emulator-client-ip: 203.0.113.7' ${gw}/; done; echo"
  fi
  echo
  echo "\$ ${first}"
  if command -v curl >/dev/null; then
    curl -s -H "Host: ${host}" "${gw}/" || echo "(curl failed: see ${DIR}/emulator.log)"
  else
    echo "(curl is not installed)"
  fi
  echo
}

# examples/ai-gateway: a chat completion through the emulator's AI gateway (its providers are
# stand-ins), authenticated with the access key the program made (its secret `accessKeyToken`).
print_ai_requests() {
  local gw=$NGROK_EMULATOR_AI_GATEWAY_URL
  local body='{"model":"gpt-4o","messages":[{"role":"user","content":"Hello"}]}'
  echo
  echo "Online through the emulator's AI gateway (https://gateway.ngrok.ai stands at ${gw}):"
  echo "  # TOKEN: the stack's secret output accessKeyToken (the Inspect command below, with: accessKeyToken --show-secrets)"
  echo "  curl -s -i ${gw}/v1/chat/completions -H \"Authorization: Bearer \$TOKEN\" -H 'Content-Type: application/json' -d '${body}'"
  echo
  local token; token=$(cd "$PROGRAM" && pulumi stack output accessKeyToken --show-secrets --stack "$STACK" --non-interactive 2>/dev/null) || return 0
  if command -v curl >/dev/null; then
    curl -s -i "${gw}/v1/chat/completions" -H "Authorization: Bearer ${token}" -H 'Content-Type: application/json' -d "$body" || echo "(curl failed: see ${DIR}/emulator.log)"
  fi
  echo
}

case "${1:-}" in
  up)
    start_emulator
    load_emulator_env
    select_stack
    cd "$PROGRAM"
    set_config
    pulumi up --yes --stack "$STACK" --config-file "$CONFIG_FILE" --non-interactive
    echo
    echo "Deployed examples/${EXAMPLE} (stack ${STACK}) to the emulator at ${NGROK_API_BASE_URL}."
    print_requests
    echo "Inspect: PULUMI_HOME=${PULUMI_HOME} PULUMI_BACKEND_URL=${PULUMI_BACKEND_URL} PULUMI_CONFIG_PASSPHRASE=${PULUMI_CONFIG_PASSPHRASE} ${BIN}/pulumi -C examples/${EXAMPLE} stack output --stack ${STACK}"
    echo "Tear down: make down"
    ;;
  down)
    if [ -f "$CONFIG_FILE" ] && [ -f "${DIR}/emulator-state.json" ]; then
      start_emulator
      load_emulator_env
      select_stack
      (cd "$PROGRAM" && pulumi destroy --yes --stack "$STACK" --config-file "$CONFIG_FILE" --non-interactive)
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
