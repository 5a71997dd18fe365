// Command sdkgen writes the provider plugin's Go and Python SDKs from schema.json with Pulumi's
// own code generators (github.com/pulumi/pulumi/pkg/v3/codegen); java/ is the Java SDK's, a module
// of its own. The CLI's `pulumi package gen-sdk` delegates to language plugins that are not
// available here. Beside the generators' files it writes each language's `secretRef`
// (overlays/), which the schema cannot express: a policy's reference to a vault secret. The TypeScript API is not
// Pulumi's: provider/gen writes it, for both Node.js packages (Pulumi's Node.js generator cannot
// express its typed Traffic Policy, parent arguments, `secretRef` or functions).
//
//	go run . <schema.json> <out dir> [--check]
//
// writes <out>/go and <out>/python; with --check it writes nothing and fails naming the files
// that differ from what it would write.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/blang/semver"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-ngrok sdkgen"

// goMod is the Go SDK's go.mod: its module is the package of importBasePath's parent, the path
// schema.json's `language.go.importBasePath` gives (from package.json's `repository`).
func goMod(module string) []byte {
	return []byte(fmt.Sprintf("module %s\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/sdk/v3 v3.259.0\n", module))
}

// goModule is the Go SDK's module path: importBasePath (`<module>/ngrok`) without its package.
func goModule(spec schema.PackageSpec) (string, error) {
	var goInfo struct {
		ImportBasePath string `json:"importBasePath"`
	}
	if raw, ok := spec.Language["go"]; ok {
		if err := json.Unmarshal(raw, &goInfo); err != nil {
			return "", fmt.Errorf("language.go: %w", err)
		}
	}
	if goInfo.ImportBasePath == "" || path.Base(goInfo.ImportBasePath) != spec.Name {
		return "", fmt.Errorf("language.go.importBasePath must be <module path>/%s", spec.Name)
	}
	return path.Dir(goInfo.ImportBasePath), nil
}

// noPackages loads no other package: the schema refers to none.
type noPackages struct{}

func (noPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q, which sdkgen does not load", pkg)
}

func (l noPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (l noPackages) LoadPackageReference(pkg string, v *semver.Version) (schema.PackageReference, error) {
	_, err := l.LoadPackage(pkg, v)
	return nil, err
}

func (l noPackages) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "sdkgen:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	check := false
	var positional []string
	for _, a := range args {
		if a == "--check" {
			check = true
		} else {
			positional = append(positional, a)
		}
	}
	if len(positional) != 2 {
		return fmt.Errorf("usage: sdkgen <schema.json> <out dir> [--check]")
	}
	text, err := os.ReadFile(positional[0])
	if err != nil {
		return err
	}
	files := map[string][]byte{}
	for lang, gen := range map[string]func(*schema.Package) (map[string][]byte, error){
		"go": func(p *schema.Package) (map[string][]byte, error) { return gogen.GeneratePackage(tool, p, nil) },
		"python": func(p *schema.Package) (map[string][]byte, error) {
			return pythongen.GeneratePackage(tool, p, nil, noPackages{})
		},
	} {
		// Each generator records its language's settings on the package: bind a fresh one each time.
		var spec schema.PackageSpec
		if err := json.Unmarshal(text, &spec); err != nil {
			return fmt.Errorf("%s: %w", positional[0], err)
		}
		pkg, diags, err := schema.BindSpec(spec, noPackages{}, schema.ValidationOptions{})
		if err != nil {
			return err
		}
		if diags.HasErrors() {
			return fmt.Errorf("%s: %s", positional[0], diags.Error())
		}
		out, err := gen(pkg)
		if err != nil {
			return fmt.Errorf("%s: %w", lang, err)
		}
		for name, content := range out {
			files[filepath.Join(positional[1], lang, name)] = content
		}
	}
	// The Go SDK is a module of its own, which a program requires (and, offline, replaces with this directory).
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return fmt.Errorf("%s: %w", positional[0], err)
	}
	module, err := goModule(spec)
	if err != nil {
		return fmt.Errorf("%s: %w", positional[0], err)
	}
	files[filepath.Join(positional[1], "go", "go.mod")] = goMod(module)
	if err := addOverlays(files, positional[1], spec); err != nil {
		return err
	}

	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var stale []string
	for _, name := range names {
		if check {
			if current, err := os.ReadFile(name); err != nil || !bytes.Equal(current, files[name]) {
				stale = append(stale, name)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, files[name], 0o644); err != nil {
			return err
		}
	}
	if check {
		// A file the generators no longer write (a kind removed) is stale too.
		for _, lang := range []string{"go", "python"} {
			root := filepath.Join(positional[1], lang)
			_ = filepath.WalkDir(root, func(name string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					if _, ok := files[name]; !ok {
						stale = append(stale, name)
					}
				}
				return nil
			})
		}
	}
	if len(stale) > 0 {
		return fmt.Errorf("stale generated files (run `make sdks`): %v", stale)
	}
	return nil
}
