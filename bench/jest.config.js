/** Benchmarks (`make bench-refresh`): long runs with the real CLI, not part of `make test`. */
module.exports = {
  testEnvironment: "node",
  rootDir: "..",
  roots: ["<rootDir>/bench"],
  testMatch: ["**/*.bench.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }] },
  testTimeout: 60 * 60_000,
};
