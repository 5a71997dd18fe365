package main

import (
	"embed"
	"path/filepath"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// What the schema cannot express, one file per language: `secretRef`, a policy's reference to a
// vault secret (the TypeScript API's is provider/secret-ref.ts).
//
//go:embed overlays
var overlays embed.FS

// addOverlays adds the hand-written files to files.
func addOverlays(files map[string][]byte, out string, spec schema.PackageSpec) error {
	read := func(name string) []byte {
		b, err := overlays.ReadFile("overlays/" + name)
		if err != nil {
			panic(err)
		}
		return b
	}
	pyPackage := "pulumi_" + spec.Name
	files[filepath.Join(out, "python", pyPackage, "secret_ref.py")] = read("python/secret_ref.py")
	initPy := filepath.Join(out, "python", pyPackage, "__init__.py")
	files[initPy] = append(files[initPy], []byte("from .secret_ref import secret_ref as secret_ref\n")...)
	files[filepath.Join(out, "go", spec.Name, "secretRef.go")] = read("go/secretRef.go")

	return nil
}
