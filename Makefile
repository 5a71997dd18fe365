# Node 22 comes from the `node` dev dependency: npm's bin directory goes first on PATH.
# `npm install` (not `npm ci`): this npm rejects lockfiles holding optional platform packages
# (jest's resolver bindings) as "out of sync"; `install` still takes the locked versions.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: install build generate schema check-generated test emulator clean

node_modules/.installed: package.json package-lock.json
	npm install --no-audit --no-fund
	@touch $@

install: node_modules/.installed

build: install
	tsc -p tsconfig.json

# Regenerates the SDK classes, schema.json and docs/reference.md from provider/definitions.
generate: build
	node dist/provider/gen/generate.js
	tsc -p tsconfig.json

schema: generate

check-generated: build
	node dist/provider/gen/generate.js --check

# The README's test command: everything, end-to-end tests with the real Pulumi CLI included.
# `pulumi` first, so that a cold CLI build shows its progress instead of running inside jest.
# It ends with a plain "jest: N passed, N failed" line, the summary CI reads for any runner.
test: build check-generated pulumi
	@scripts/test.sh

clean:
	rm -rf dist .pulumi-test

# Runs the bundled API emulator in the foreground until Ctrl-C; it prints NGROK_API_BASE_URL and
# NGROK_API_KEY. Options go through EMULATOR_ARGS, e.g.
#   make emulator EMULATOR_ARGS="--port 4040 --api-key dev --state .emulator-state.json"
emulator: build
	node dist/emulator/cli.js $(EMULATOR_ARGS)

.PHONY: pulumi e2e up down reliability bench bench-refresh plugin sdks check-sdks

# The provider plugin's SDKs from schema.json (sdk/nodejs, sdk/go, sdk/python), written by Pulumi's
# own code generators (provider/gen/sdkgen, a Go program). `check-sdks` fails when they are stale.
SDKGEN := cd provider/gen/sdkgen && GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off go run -trimpath .
sdks: generate
	$(SDKGEN) $(CURDIR)/schema.json $(CURDIR)/sdk

check-sdks:
	$(SDKGEN) $(CURDIR)/schema.json $(CURDIR)/sdk --check

# The provider plugin `pulumi-resource-ngrok` (scripts/build-plugin.sh): a directory and a tarball
# under dist/plugin/, either installed offline by
#   pulumi plugin install resource ngrok <version> --file dist/plugin/pulumi-resource-ngrok-v<version>.tar.gz
plugin: build
	@scripts/build-plugin.sh

# The reliability suite: the seeded fault run at full size (200 resources, 20% of requests
# faulted) and `up --parallel 64` of 200 resources under the default rate limit. The test
# command runs a smaller fault run (test/reliability/faults.test.ts).
reliability: build check-generated pulumi
	RELIABILITY_COUNT=$${RELIABILITY_COUNT:-200} RELIABILITY_FAULT_RATE=$${RELIABILITY_FAULT_RATE:-0.2} \
		jest --ci --runInBand --testMatch '**/test/reliability/*.{test,slow}.ts'

# The benchmarks (bench/run.bench.ts; jest only compiles and runs them): tables on stdout and
# bench/results.json. BENCH_PARTS=client,pacing,state,start,engine picks parts,
# BENCH_ENGINE_SIZES=100,400,1000 the engine benchmark's sizes, BENCH_ENGINE_COMMANDS=preview,refresh,destroy
# the commands it times after `up`.
bench: build pulumi
	jest --ci --runInBand --roots '<rootDir>/bench' --testMatch '**/run.bench.ts'

# The Pulumi CLI, language host and dynamic-provider plugin, built once from their Go modules
# and cached outside the tree (scripts/pulumi-cli.sh); prints their directory.
pulumi:
	@scripts/pulumi-cli.sh

# End-to-end tests only: every example's life cycle with the real CLI against the emulator.
e2e: build pulumi
	jest --ci test/e2e

# Deploys examples/quickstart (stack `dev`) to an emulator running in the background; state,
# pid and logs live in .pulumi-test/. `make down` destroys the stack and stops the emulator.
up: build
	@scripts/stack.sh up

down: build
	@scripts/stack.sh down

# Benchmark, not part of `make test` (about 12 minutes): `pulumi refresh` of 500 resources under the
# API's rate limit, reads from list pages against one GET each; prints requests, wall times and
# their ratio, and writes them to .pulumi-test/bench-refresh.json.
bench-refresh: build pulumi
	jest --config bench/jest.config.js --runInBand --testMatch '**/refresh.bench.ts'
