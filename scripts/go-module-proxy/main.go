// Command go-module-proxy lays out one version of a Go module, from a directory, as a module proxy
// serves it (https://go.dev/ref/mod#goproxy-protocol), so that `GOPROXY=file://<out>` resolves the
// module by its path as a published version tag would:
//
//	go run . <out> <module path> <version> <module dir>
//
// writes <out>/<escaped path>/@v/{list, <version>.info, <version>.mod, <version>.zip}. The zip is
// written by golang.org/x/mod/zip, which applies the go command's own rules (what a module zip
// holds and leaves out), so the go command verifies it as it would a real release.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/zip"
)

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: go-module-proxy <out> <module path> <version> <module dir>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3], os.Args[4]); err != nil {
		fmt.Fprintln(os.Stderr, "go-module-proxy:", err)
		os.Exit(1)
	}
}

func run(out, path, version, dir string) error {
	mv := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return err
	}
	if semver.Canonical(version) != version {
		return fmt.Errorf("%s is not a canonical semantic version", version)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	// The go command refuses a module whose go.mod names another path.
	if declared := modfile.ModulePath(gomod); declared != path {
		return fmt.Errorf("%s/go.mod declares module %q, not %q", dir, declared, path)
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	escVersion, err := module.EscapeVersion(version)
	if err != nil {
		return err
	}
	vdir := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(vdir, escVersion+".zip"))
	if err != nil {
		return err
	}
	if err := zip.CreateFromDir(f, mv, dir); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(vdir, escVersion+".mod"), gomod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    string
	}{version, time.Now().UTC().Format(time.RFC3339)})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(vdir, escVersion+".info"), info, 0o644); err != nil {
		return err
	}
	// `list` names every version laid out so far, so that `@latest` and `go get` see them all.
	listFile := filepath.Join(vdir, "list")
	var versions []string
	if b, err := os.ReadFile(listFile); err == nil {
		versions = strings.Fields(string(b))
	}
	if !slices.Contains(versions, version) {
		versions = append(versions, version)
	}
	semver.Sort(versions)
	return os.WriteFile(listFile, []byte(strings.Join(versions, "\n")+"\n"), 0o644)
}
