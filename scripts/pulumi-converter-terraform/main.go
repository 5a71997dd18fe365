// Command pulumi-converter-terraform is the converter plugin `pulumi convert --from terraform`
// runs, built from what the Go module proxy serves, for machines that cannot download Pulumi's.
//
// Pulumi's own converter (github.com/pulumi/pulumi-converter-terraform) is not served whole by the
// proxy: the versions whose go.mod it serves keep part of their code in a nested module that no
// module zip holds. Its first versions were this: a converter plugin over the Terraform converter
// of github.com/pulumi/pulumi-terraform-bridge (pkg/tf2pulumi/convert), which the proxy serves and
// which reads a provider's mapping the same way, through the CLI's mapper (GetMapping with the key
// `terraform`). It writes the PCL program; the CLI has the language host write it in the language
// asked for (scripts/pulumi-language-codegen stands in front of the hosts this repository builds).
//
// Put on PATH, it is the converter the CLI uses (it says so in a warning).
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	tfconvert "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tf2pulumi/convert"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tf2pulumi/il"
	"github.com/pulumi/pulumi/pkg/v3/codegen/convert"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/spf13/afero"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

type converter struct{}

func (converter) Close() error { return nil }

// ConvertState is `pulumi import --from terraform`: `pulumi-ngrok adopt --from-terraform` does it here.
func (converter) ConvertState(context.Context, *plugin.ConvertStateRequest) (*plugin.ConvertStateResponse, error) {
	return nil, status.Error(codes.Unimplemented, "import a Terraform state with `pulumi-ngrok adopt --from-terraform`")
}

// ConvertProgram reads the Terraform configuration in the source directory and writes its PCL
// program into the target directory, with the configuration's diagnostics.
func (converter) ConvertProgram(_ context.Context, req *plugin.ConvertProgramRequest) (*plugin.ConvertProgramResponse, error) {
	if req.LoaderTarget == "" {
		return nil, errors.New("the CLI gave no schema loader")
	}
	mapper, err := convert.NewMapperClient(req.MapperTarget)
	if err != nil {
		return nil, fmt.Errorf("create mapper: %w", err)
	}
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, fmt.Errorf("create loader: %w", err)
	}
	files, diags, err := tfconvert.Convert(tfconvert.Options{
		Root:               afero.NewBasePathFs(afero.NewOsFs(), req.SourceDirectory),
		Loader:             loader,
		ProviderInfoSource: il.NewMapperProviderInfoSource(mapper),
		TargetLanguage:     tfconvert.LanguagePulumi,
	})
	if err != nil {
		return nil, err
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(req.TargetDirectory, name), text, 0o600); err != nil {
			return nil, err
		}
	}
	return &plugin.ConvertProgramResponse{Diagnostics: diags.All}, nil
}

func main() {
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterConverterServer(srv, plugin.NewConverterServer(converter{}))
			return nil
		},
	})
	if err != nil {
		log.Fatalf("fatal: %v", err)
	}
	// The plugin protocol: the port first, on its own line.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		log.Fatalf("fatal: %v", err)
	}
}
