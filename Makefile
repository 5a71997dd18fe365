# Node 22 comes from the `node` dev dependency: npm's bin directory goes first on PATH.
# `npm install` (not `npm ci`): this npm rejects lockfiles holding optional platform packages
# (jest's resolver bindings) as "out of sync"; `install` still takes the locked versions.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: install build generate schema check-generated typecheck-tests test emulator clean ngrok-docs-corpus traffic-policy-support

# docs/traffic-policy-support.md: what testPolicy runs of each documented action, macro and variable,
# written from runs (test/support/traffic-policy-support.ts); test/emulator/gateway/support-page.test.ts fails when stale.
traffic-policy-support: install
	TRAFFIC_POLICY_SUPPORT=write jest test/emulator/gateway/support-page.test.ts

# The example policies of ngrok's documentation (test/emulator/gateway/ngrok-docs/corpus.json), from a git
# checkout of github.com/ngrok/ngrok-docs: make ngrok-docs-corpus NGROK_DOCS=<checkout>
ngrok-docs-corpus: install
	@test -n "$(NGROK_DOCS)" || { echo "NGROK_DOCS=<a checkout of github.com/ngrok/ngrok-docs>"; exit 2; }
	node scripts/ngrok-docs-corpus.mts $(NGROK_DOCS) > test/emulator/gateway/ngrok-docs/corpus.json

node_modules/.installed: package.json package-lock.json
	npm install --no-audit --no-fund
	@touch $@

install: node_modules/.installed

# Two TypeScript projects into dist/: tsconfig.json (provider/, the hand-written sdk/, emulator/,
# clock/) and the generated SDK, sdk/generated/tsconfig.json, into dist/sdk beside the hand-written
# modules it imports. --force: their build info is kept in .tsbuild/, out of the packed dist/, so
# tsc -b alone would take a deleted dist/ for up to date.
TSC_BUILD := tsc -b --force tsconfig.json sdk/generated

build: install
	$(TSC_BUILD)

# Regenerates the SDK classes, schema.json and docs/reference.md from provider/definitions, and
# deletes what the generator no longer writes in sdk/generated/.
generate: build
	node dist/provider/gen/generate.js
	$(TSC_BUILD)

schema: generate

check-generated: build
	node dist/provider/gen/generate.js --check

# The README's test command: everything, end-to-end tests with the real Pulumi CLI included.
# `pulumi` first, so that a cold CLI build shows its progress instead of running inside jest.
# It ends with a plain "jest: N passed, N failed" line, the summary CI reads for any runner.
test: build check-generated typecheck-tests pulumi
	@scripts/test.sh

# jest compiles each test file alone (tsconfig.test.json's isolatedModules), without types: the
# tests, the sources and the examples' SDK are type-checked here, once, as one program.
typecheck-tests: build
	tsc -p tsconfig.test.json

clean:
	rm -rf dist .tsbuild .pulumi-test

# Runs the bundled API emulator in the foreground until Ctrl-C; it prints NGROK_API_BASE_URL and
# NGROK_API_KEY. Options go through EMULATOR_ARGS, e.g.
#   make emulator EMULATOR_ARGS="--port 4040 --api-key dev --state .emulator-state.json"
emulator: build
	node dist/emulator/cli.js $(EMULATOR_ARGS)

.PHONY: pulumi e2e up down reliability bench bench-refresh plugin sdks check-sdks walk release-archives release-baseline gate acceptance acceptance-run sweep sweep-run

# Acceptance against a real account (test/acceptance/acceptance.run.ts; never part of `make test`):
# with NGROK_API_KEY set, the life cycle of every kind through the real CLI on both doors against
# NGROK_API_BASE_URL (default ngrok's API), and with NGROK_AI_GATEWAY_API_KEY the AI Gateway API's kinds
# (NGROK_AI_GATEWAY_API_BASE_URL), names prefixed pulumi-ngrok-acc-<run>; sweeps before and
# after. RECORD=1 writes the redacted exchanges to test/recordings/ (replayed by `make test`).
# ACCEPTANCE_RATE (default 60/60), ACCEPTANCE_DOMAIN (default ngrok.app), ACCEPTANCE_DOORS.
# ACCEPTANCE_RESOLVE=host=address maps a host name to an address in every Node.js process of the
# run, as an /etc/hosts line would (an emulator served over TLS at a production-like name).
ACCEPTANCE_NODE_OPTIONS := --require $(CURDIR)/test/acceptance/preload.js
acceptance:
	@if [ -z "$$NGROK_API_KEY" ]; then echo "acceptance: NGROK_API_KEY is not set, nothing to run (it creates real resources in the key's account)"; exit 0; fi; \
	$(MAKE) --no-print-directory acceptance-run

acceptance-run: build pulumi
	RECORD=$(RECORD) NODE_OPTIONS="$(ACCEPTANCE_NODE_OPTIONS)" jest --ci --runInBand --roots '<rootDir>/test/acceptance' --testMatch '**/acceptance.run.ts'

# Deletes what carries the acceptance mark and is older than an hour (SWEEP_MIN_AGE_MINUTES), nothing else.
sweep:
	@if [ -z "$$NGROK_API_KEY" ]; then echo "sweep: NGROK_API_KEY is not set, nothing to sweep"; exit 0; fi; \
	$(MAKE) --no-print-directory sweep-run

sweep-run: build
	NODE_OPTIONS="$(ACCEPTANCE_NODE_OPTIONS)" jest --ci --runInBand --roots '<rootDir>/test/acceptance' --testMatch '**/sweep.run.ts'

# A release's schema, recorded as the next release's baseline: release/<package.json's version>/schema.json
# (the release workflow refuses a tag whose commit lacks it).
release-baseline:
	@v=$$(node -p 'require("./package.json").version'); mkdir -p release/$$v && cp schema.json release/$$v/schema.json && echo "release/$$v/schema.json"

# The breaking-change gate (provider/gen/breaking.ts): schema.json against the last release's
# (release/<version>/schema.json), one line per breaking change, failing unless the version is a
# new major (before 1.0.0, a new minor); then the previous release's saved states, which must
# preview no change (test/e2e/upgrade-states.test.ts). `make test` runs the comparison too
# (test/provider/model/breaking.test.ts). A release adds release/<its version>/schema.json. It fails
# on a release CHANGELOG.md dates with no recorded schema, and unless the SDKs of every language are
# what schema.json generates (check-sdks).
gate: build pulumi
	node dist/provider/gen/breaking.js
	@$(MAKE) --no-print-directory check-sdks
	jest --ci --runInBand test/e2e/upgrade-states.test.ts

# The provider plugin's Go, Python and Java SDKs from schema.json (sdk/go, sdk/python, sdk/java),
# written by Pulumi's own code generators (provider/gen/sdkgen, a Go program, and
# provider/gen/sdkgen/java, the Java generator's, a module of its own). `check-sdks` fails when they
# are stale.
# The TypeScript API is generated by `make generate` for both Node.js packages (see `plugin`); the
# Go module path is package.json's `repository` + /sdk/go (a fork changes that field, then `make sdks`).
GO_RUN := GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off go run -trimpath .
sdks: generate
	cd provider/gen/sdkgen && $(GO_RUN) $(CURDIR)/schema.json $(CURDIR)/sdk
	cd provider/gen/sdkgen/java && $(GO_RUN) $(CURDIR)/schema.json $(CURDIR)/sdk

check-sdks:
	cd provider/gen/sdkgen && $(GO_RUN) $(CURDIR)/schema.json $(CURDIR)/sdk --check
	cd provider/gen/sdkgen/java && $(GO_RUN) $(CURDIR)/schema.json $(CURDIR)/sdk --check

# The provider plugin `pulumi-resource-ngrok` (scripts/build-plugin.sh): a directory and a tarball
# under dist/plugin/, either installed offline by
#   pulumi plugin install resource ngrok <version> --file dist/plugin/pulumi-resource-ngrok-v<version>.tar.gz
# and its Node.js package, dist/plugin/pulumi-ngrok-plugin-<version>.tgz (the SDK with the plugin
# door, sdk/nodejs/door.ts), installed by `npm install <path of the .tgz>`.
plugin: build
	@scripts/build-plugin.sh

# What a release publishes that this machine can build, into dist/release/: the plugin executable
# (no Node.js needed) archived for this machine as pulumi-resource-ngrok-v<version>-<os>-<arch>.tar.gz
# with pulumi-resource-ngrok-v<version>-checksums.txt, and both npm packages' tarballs
# (pulumi-ngrok-<version>.tgz, pulumi-ngrok-plugin-<version>.tgz). RELEASE_TARGETS="linux-arm64
# windows-amd64" adds cross-built archives (scripts/build-plugin.sh --executable --target).
# The release workflow (.github/workflows/release.yml) builds each platform's on its own runner.
release-archives: build
	rm -rf dist/release
	@scripts/build-plugin.sh --executable dist/release
	@for t in $(RELEASE_TARGETS); do scripts/build-plugin.sh --executable --target $$t dist/release || exit 1; done
	@cp "$$(scripts/build-plugin.sh --package dist/plugin)" dist/release/
	@npm pack --silent --ignore-scripts --prefer-offline --pack-destination dist/release >/dev/null
	@ls -l dist/release

# The reliability suite: the seeded fault run at full size (200 resources, 20% of requests
# faulted) on the dynamic SDK and through the provider plugin, `up --parallel 64` of 200
# resources under the default rate limit, 100 resources under stray 429s on both doors
# (test/reliability/stray-429s.slow.ts), and 3, 5 and 10 runners on one key, each deploying and
# destroying 60 resources at 20 requests per 10 s counting strictly: through a rate ledger in
# Redis and in PostgreSQL, the ledger killed mid-run, and learning from 429s, one keeping its
# state in PostgreSQL (redis-server, initdb and pg_ctl must be installed; RUNNERS_SETS picks the
# runs, test/reliability/runners.slow.ts). The test command runs smaller fault runs
# (test/reliability/faults*.test.ts).
reliability: build check-generated pulumi
	RELIABILITY_COUNT=$${RELIABILITY_COUNT:-200} RELIABILITY_FAULT_RATE=$${RELIABILITY_FAULT_RATE:-0.2} \
		jest --ci --runInBand --testMatch '**/test/reliability/*.{test,slow}.ts'

# The benchmarks (bench/run.bench.ts; jest only compiles and runs them): tables on stdout and
# bench/results.json. BENCH_PARTS=client,pacing,state,start,engine,plugin,runners picks parts,
# BENCH_ENGINE_SIZES=100,400,1000 the engine benchmark's sizes, BENCH_ENGINE_COMMANDS=preview,refresh,destroy
# the commands it times after `up`; BENCH_RUNNERS_SEEDS=10 and BENCH_RUNNERS_SCALE=1 the seeds and
# workload of `runners` (runners on one key simulated on a fake clock with the real pacer, in seconds).
bench: build pulumi
	jest --ci --runInBand --roots '<rootDir>/bench' --testMatch '**/run.bench.ts'

# The Pulumi CLI, language host and dynamic-provider plugin, built once from their Go modules
# and cached outside the tree (scripts/pulumi-cli.sh); prints their directory.
pulumi:
	@scripts/pulumi-cli.sh

# End-to-end tests only: every example's life cycle with the real CLI against the emulator.
e2e: build pulumi
	jest --ci test/e2e

# Deploys examples/quickstart (stack `dev`) to an emulator running in the background with its
# gateway on, then prints curl commands answered by the deployed Traffic Policy and runs the first;
# state, pid and logs live in .pulumi-test/. `make down` destroys the stack and stops the emulator.
# Any example: `make up EXAMPLE=<name>` (its header gives the config it needs, CONFIG=/SECRETS=).
up: build
	@scripts/stack.sh up

down: build
	@scripts/stack.sh down

# Benchmark, not part of `make test` (about 12 minutes): `pulumi refresh` of 500 resources under the
# API's rate limit, reads from list pages against one GET each; prints requests, wall times and
# their ratio, and writes them to .pulumi-test/bench-refresh.json.
bench-refresh: build pulumi
	jest --config bench/jest.config.js --runInBand --testMatch '**/refresh.bench.ts'

# One CloudEndpoint create stepped through from each host's entry point (scripts/walk): the files
# its code runs in, and the calls back into a file already left.
walk: build
	@scripts/walk/walk.sh
