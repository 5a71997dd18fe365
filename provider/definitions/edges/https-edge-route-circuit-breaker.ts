import { routeModule, uint32 } from "./edge-common";

export const httpsEdgeRouteCircuitBreaker = routeModule({
  name: "HttpsEdgeRouteCircuitBreaker",
  module: "circuit_breaker",
  description:
    "A circuit breaker on a route: when too many requests to the upstream fail, the service rejects requests for a while instead of forwarding them.",
  properties: {
    trippedDuration: uint32("Seconds to wait after the circuit trips before checking the upstream's health again."),
    rollingWindow: uint32("Seconds of the rolling window over which request statistics are kept."),
    numBuckets: uint32("Number of buckets the rolling window's statistics are kept in; at most 128.", 128),
    volumeThreshold: uint32("Number of requests in a rolling window below which the circuit never trips (for low traffic)."),
    errorThresholdPercentage: {
      type: { kind: "number" },
      description:
        "The fraction of failed requests that trips the circuit, between 0 and 1 (`0.5` is 50%; not a percentage from 0 to 100). " +
        "When unset, the service's default applies.",
      input: { api: "", onChange: "update", unset: "computed" },
    },
  },
  rules: [
    {
      properties: ["errorThresholdPercentage"],
      summary: "`errorThresholdPercentage` is between 0 and 1.",
      violated: (inputs) => {
        const v = inputs.errorThresholdPercentage;
        return typeof v === "number" && (v < 0 || v > 1)
          ? "errorThresholdPercentage must be between 0 and 1: it is a fraction (0.5 trips the circuit at 50% of requests failing), not a percentage from 0 to 100"
          : undefined;
      },
    },
  ],
  example: `const breaker = new ngrok.HttpsEdgeRouteCircuitBreaker("breaker", {
    route,
    errorThresholdPercentage: 0.5,
    volumeThreshold: 20,
    numBuckets: 10,
    rollingWindow: 60,
    trippedDuration: 30,
});`,
});
