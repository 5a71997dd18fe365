/**
 * The acceptance run skips a kind whose create the account refuses (its plan, a feature ngrok
 * turned off) and fails on anything else: read from `pulumi up`'s output as the CLI prints it, on
 * either door.
 */
import { refusals } from "./refusals";

const kinds = ["TcpAddress", "AgentIngress", "HttpsEdge", "Vault"];

it("finds the kinds the account refused, on either door, with the refusal", () => {
  const output = [
    " +  pulumi-nodejs:dynamic/ngrok:TcpAddress TcpAddress **creating failed** error: HTTP 403 ERR_NGROK_1234: TCP addresses are not available on your plan. (operation op_1)",
    " +  ngrok:index:HttpsEdge HttpsEdge **creating failed** error: HTTP 400 ERR_NGROK_7008: Edges have been turned off. (operation op_2)",
    " +  pulumi-nodejs:dynamic/ngrok:AgentIngress AgentIngress **creating failed** error: HTTP 400 ERR_NGROK_215: Invalid value for 'domain': <domain> belongs to the service; use a domain you own. (operation op_3)",
    " +  pulumi:pulumi:Stack ngrok-acceptance-acceptance creating (9s) error: update failed",
    "Diagnostics:",
    "  ngrok:index:Vault (Vault):",
    "    error: HTTP 403 ERR_NGROK_4321: Vaults require an upgrade of the account's plan. (operation op_4)",
  ].join("\n");
  expect(Object.fromEntries(refusals(output, kinds))).toEqual({
    TcpAddress: "HTTP 403 ERR_NGROK_1234: TCP addresses are not available on your plan. (operation op_1)",
    HttpsEdge: "HTTP 400 ERR_NGROK_7008: Edges have been turned off. (operation op_2)",
    Vault: "HTTP 403 ERR_NGROK_4321: Vaults require an upgrade of the account's plan. (operation op_4)",
  });
});

it("finds none in a failure that is not a refusal", () => {
  const output = " +  pulumi-nodejs:dynamic/ngrok:AgentIngress AgentIngress **creating failed** error: HTTP 400 ERR_NGROK_215: Invalid value for 'domain'. (operation op_3)";
  expect(refusals(output, kinds).size).toBe(0);
});
