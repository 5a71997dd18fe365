// A reserved domain and a cloud endpoint in Java, through the provider plugin
// `pulumi-resource-ngrok` and its Java SDK (io.github.pulumi-ngrok:ngrok). The Traffic Policy is
// typed by the SDK's TrafficPolicyArgs and written as ngrok's documentation writes it
// (`on_http_request`, `status_code`): each client gets 30 requests a minute, `/api` goes to the
// app's agents (pooled on https://api.internal), the rest is answered by the policy itself.
//
// Config (optional): `domain` (default java-app.ngrok.app), `rateLimit` (default 30). Credentials
// come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
//
// Against the bundled emulator, from the repository's root (it installs the SDK into the local
// Maven repository, the plugin and the Java language host first):
//   make up EXAMPLE=cloud-endpoint-java
//   make down EXAMPLE=cloud-endpoint-java
package app;

import com.pulumi.Pulumi;
import com.pulumi.resources.CustomResourceOptions;
import io.github.pulumi_ngrok.ngrok.CloudEndpoint;
import io.github.pulumi_ngrok.ngrok.CloudEndpointArgs;
import io.github.pulumi_ngrok.ngrok.ReservedDomain;
import io.github.pulumi_ngrok.ngrok.ReservedDomainArgs;
import io.github.pulumi_ngrok.ngrok.inputs.TrafficPolicyActionArgs;
import io.github.pulumi_ngrok.ngrok.inputs.TrafficPolicyArgs;
import io.github.pulumi_ngrok.ngrok.inputs.TrafficPolicyRuleArgs;
import java.util.List;
import java.util.Map;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var config = ctx.config();
            // Changing `domain` replaces the reserved domain and the endpoint (a URL cannot change
            // in place); `rateLimit` changes the policy in place.
            var hostname = config.get("domain").orElse("java-app.ngrok.app");
            var rateLimit = config.getInteger("rateLimit").orElse(30);

            var domain = new ReservedDomain("app-domain", ReservedDomainArgs.builder()
                .domain(hostname)
                .description("The Java app's public hostname")
                .build());

            var policy = TrafficPolicyArgs.builder()
                .on_http_request(
                    TrafficPolicyRuleArgs.builder()
                        .name("rate limit per client")
                        .actions(TrafficPolicyActionArgs.builder()
                            .type("rate-limit")
                            .config(Map.of("name", "per client IP", "algorithm", "sliding_window", "capacity", rateLimit,
                                "rate", "60s", "bucket_key", List.of("conn.client_ip")))
                            .build())
                        .build(),
                    TrafficPolicyRuleArgs.builder()
                        .name("the API")
                        .expressions("req.url.path.startsWith('/api')")
                        .actions(TrafficPolicyActionArgs.builder()
                            .type("forward-internal")
                            .config(Map.of("url", "https://api.internal"))
                            .build())
                        .build(),
                    TrafficPolicyRuleArgs.builder()
                        .name("everything else")
                        .actions(TrafficPolicyActionArgs.builder()
                            .type("custom-response")
                            .config(Map.of("status_code", 200, "body", "Hello from ${req.host}, in Java."))
                            .build())
                        .build())
                .build();

            var app = new CloudEndpoint("app", CloudEndpointArgs.builder()
                .url(domain.domain().applyValue(d -> "https://" + d))
                .description("The Java app")
                .trafficPolicy(policy)
                .build(), CustomResourceOptions.builder().parent(domain).build());

            ctx.export("url", app.url());
            ctx.export("endpointId", app.id());
        });
    }
}
