module github.com/pulumi-ngrok/pulumi-ngrok/sdk/go

go 1.24

require github.com/pulumi/pulumi/sdk/v3 v3.259.0
