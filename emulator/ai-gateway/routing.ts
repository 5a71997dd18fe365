// What the emulator's package exports of the AI Gateway's routing: `testRoute`, the stand-in
// providers, and the router's result types.
export { testRoute, RouteConfigurationError, type AccessKeyConfigurationInput, type RouteTestOptions, type RouteTestRequest } from "./test-route";
export { startProviderStandIn, NGROK_INFERENCE_CREDENTIAL, type ProviderStandIn, type ProviderBehaviour, type ProviderStandInOptions, type StandInCall, type StandInAnswer, type StandInRequest } from "./stand-in";
export type {
  RouteResult,
  RouteAttempt,
  RouteServed,
  RetryAction,
  RoutingConfiguration,
  AccessScope,
  AccessDimension,
  Router,
  RouterRule,
  RouterStep,
  RouterStepKey,
} from "./router";
export type { Surface } from "./surfaces";
