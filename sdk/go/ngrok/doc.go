// Manage ngrok account resources (credentials, reserved domains, ...) from Pulumi.
package ngrok
