// Command pulumi-language-codegen stands in front of a Pulumi language host that predates program
// generation, so that `pulumi import` and `pulumi convert` can write a program in that language.
//
// The language hosts this repository can build (scripts/pulumi-cli.sh's Node.js host, from
// github.com/pulumi/pulumi/sdk/v3 v3.68.0; scripts/pulumi-language-go.sh's, v3.66.0; the Python
// host, v3.79.0) are the last ones the SDK module held: the modules that hold them since are not
// served by the Go module proxy. None of them answers GenerateProgram or GenerateProject, the calls
// through which the CLI has a language host write the code of imported or converted resources.
// This program answers them with the program generators of the CLI's own version
// (github.com/pulumi/pulumi/pkg/v3, the version scripts/pulumi-cli.sh builds), as that release's
// language hosts do, and hands every other call to the host it stands in front of, unchanged,
// except Link with no package to link, which `pulumi convert` sends and these hosts, and the YAML
// host scripts/pulumi-language-yaml.sh builds, predate: there is nothing to do.
//
// Installed under the host's name (pulumi-language-nodejs, pulumi-language-go,
// pulumi-language-python or pulumi-language-yaml) in a directory put first on PATH, it starts the
// next program of that name on PATH with its own arguments, and serves the CLI in its place.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/emptypb"
)

type generator func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)

// projectGenerator writes a whole project (its program and package files) into a directory.
type projectGenerator func(directory string, project workspace.Project, program *pcl.Program, localDependencies map[string]string) error

type language struct {
	program generator
	project projectGenerator
}

// The YAML host generates programs and projects itself: only its Link is answered here.
var languages = map[string]language{
	"nodejs": {nodejs.GenerateProgram, func(d string, p workspace.Project, prog *pcl.Program, deps map[string]string) error {
		return nodejs.GenerateProject(d, p, prog, deps, false, "nodejs")
	}},
	"go": {gogen.GenerateProgram, gogen.GenerateProject},
	"python": {python.GenerateProgram, func(d string, p workspace.Project, prog *pcl.Program, deps map[string]string) error {
		return python.GenerateProject(d, p, prog, deps, "", "")
	}},
	"yaml": {},
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
		os.Exit(1)
	}
}

func run() error {
	name := filepath.Base(os.Args[0])
	generate, ok := languages[strings.TrimPrefix(name, "pulumi-language-")]
	if !ok {
		return fmt.Errorf("install it as pulumi-language-<nodejs|go|python|yaml>, not %s", name)
	}
	inner, err := nextOnPath(name)
	if err != nil {
		return err
	}

	// The host it stands in front of: started as the CLI started this one, its port read from its first line.
	cmd := exec.Command(inner, os.Args[1:]...)
	cmd.Stdin, cmd.Stderr = os.Stdin, os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Kill() }()
	out := bufio.NewReader(stdout)
	first, err := out.ReadString('\n')
	if err != nil {
		return fmt.Errorf("%s printed no port: %w", inner, err)
	}
	go func() { _, _ = io.Copy(os.Stdout, out) }()
	conn, err := grpc.NewClient("127.0.0.1:"+strings.TrimSpace(first),
		grpc.WithTransportCredentials(insecure.NewCredentials()), rpcutil.GrpcChannelOptions())
	if err != nil {
		return err
	}
	defer conn.Close()

	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	// Messages of up to 400 MiB, as the CLI's own servers take.
	server := grpc.NewServer(grpc.MaxRecvMsgSize(400 << 20))
	pulumirpc.RegisterLanguageRuntimeServer(server, &host{inner: pulumirpc.NewLanguageRuntimeClient(conn), generate: generate})
	fmt.Printf("%d\n", listener.Addr().(*net.TCPAddr).Port)

	// Ends when the CLI stops it or the host it stands in front of ends.
	done := make(chan error, 2)
	go func() { done <- server.Serve(listener) }()
	go func() { done <- cmd.Wait() }()
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	select {
	case <-signals:
	case <-done:
	}
	server.Stop()
	return nil
}

// nextOnPath finds the program called name in the PATH directories after this program's own.
func nextOnPath(name string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	ownDir, _ := filepath.EvalSymlinks(filepath.Dir(self))
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if resolved, _ := filepath.EvalSymlinks(dir); resolved == ownDir || dir == filepath.Dir(os.Args[0]) {
			continue
		}
		candidate := filepath.Join(dir, name)
		if info, err := os.Stat(candidate); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			return candidate, nil
		}
	}
	return "", fmt.Errorf("no other %s on PATH to stand in front of", name)
}

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	inner    pulumirpc.LanguageRuntimeClient
	generate language
}

// GenerateProgram binds the PCL program with the CLI's schema loader and writes it in the host's
// language, leniently unless the CLI asks for strict binding (as the hosts of the CLI's release do).
func (h *host) GenerateProgram(ctx context.Context, req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	if h.generate.program == nil {
		return h.inner.GenerateProgram(ctx, req)
	}
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	parser := syntax.NewParser()
	for path, contents := range req.Source {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
	}
	if parser.Diagnostics.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(parser.Diagnostics)}, nil
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.Strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	files, genDiags, err := h.generate.program(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(append(diags, genDiags...))}, nil
}

// Every other call goes to the host, unchanged.

func (h *host) Handshake(ctx context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	return h.inner.Handshake(ctx, req)
}

func (h *host) GetRequiredPlugins(ctx context.Context, req *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return h.inner.GetRequiredPlugins(ctx, req) //nolint:staticcheck // older CLIs still call it
}

func (h *host) GetRequiredPackages(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return h.inner.GetRequiredPackages(ctx, req)
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	return h.inner.Run(ctx, req)
}

func (h *host) GetPluginInfo(ctx context.Context, req *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return h.inner.GetPluginInfo(ctx, req)
}

func (h *host) InstallDependencies(req *pulumirpc.InstallDependenciesRequest, stream grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse]) error {
	in, err := h.inner.InstallDependencies(stream.Context(), req)
	if err != nil {
		return err
	}
	return relay(in.Recv, stream.Send)
}

func (h *host) RuntimeOptionsPrompts(ctx context.Context, req *pulumirpc.RuntimeOptionsRequest) (*pulumirpc.RuntimeOptionsResponse, error) {
	return h.inner.RuntimeOptionsPrompts(ctx, req)
}

func (h *host) Template(ctx context.Context, req *pulumirpc.TemplateRequest) (*pulumirpc.TemplateResponse, error) {
	return h.inner.Template(ctx, req)
}

func (h *host) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	return h.inner.About(ctx, req)
}

func (h *host) GetProgramDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return h.inner.GetProgramDependencies(ctx, req)
}

func (h *host) RunPlugin(req *pulumirpc.RunPluginRequest, stream grpc.ServerStreamingServer[pulumirpc.RunPluginResponse]) error {
	in, err := h.inner.RunPlugin(stream.Context(), req)
	if err != nil {
		return err
	}
	return relay(in.Recv, stream.Send)
}

// GenerateProject binds the PCL directory and writes the project, as GenerateProgram does the program.
func (h *host) GenerateProject(ctx context.Context, req *pulumirpc.GenerateProjectRequest) (*pulumirpc.GenerateProjectResponse, error) {
	if h.generate.project == nil {
		return h.inner.GenerateProject(ctx, req)
	}
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var options []pcl.BindOption
	if !req.Strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindDirectory(req.SourceDirectory, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GenerateProjectResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	var project workspace.Project
	if err := json.Unmarshal([]byte(req.Project), &project); err != nil {
		return nil, err
	}
	if err := h.generate.project(req.TargetDirectory, project, program, req.LocalDependencies); err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProjectResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
}

func (h *host) GeneratePackage(ctx context.Context, req *pulumirpc.GeneratePackageRequest) (*pulumirpc.GeneratePackageResponse, error) {
	return h.inner.GeneratePackage(ctx, req)
}

func (h *host) Pack(ctx context.Context, req *pulumirpc.PackRequest) (*pulumirpc.PackResponse, error) {
	return h.inner.Pack(ctx, req)
}

func (h *host) Link(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	if len(req.Packages) == 0 {
		return &pulumirpc.LinkResponse{}, nil
	}
	return h.inner.Link(ctx, req)
}

func (h *host) Cancel(ctx context.Context, req *emptypb.Empty) (*emptypb.Empty, error) {
	return h.inner.Cancel(ctx, req)
}

// relay passes a stream's messages on until it ends.
func relay[T any](recv func() (*T, error), send func(*T) error) error {
	for {
		m, err := recv()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := send(m); err != nil {
			return err
		}
	}
}
