package board

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Module is the module path whose source holds cmd/solitario-wasm.
const Module = "github.com/solitario/solitario"

// wasmPackage is the engine's main package for the browser.
const wasmPackage = "./cmd/solitario-wasm"

// ModuleRoot is the folder of the solitario module's source: the go.mod
// that `go env GOMOD` names from the working directory, when it is ours.
func ModuleRoot(ctx context.Context) (string, error) {
	out, err := goCmd(ctx, "", nil, "the module", "env", "GOMOD")
	if err != nil {
		return "", err
	}
	gomod := strings.TrimSpace(out)
	if gomod == "" || gomod == os.DevNull {
		return "", errNoSource
	}
	data, err := os.ReadFile(gomod)
	if err != nil || !bytes.Contains(data, []byte("module "+Module+"\n")) {
		return "", errNoSource
	}
	return filepath.Dir(gomod), nil
}

var errNoSource = errors.New("solitario.wasm is not built into this solitario, and the working directory is not in its source (" + Module +
	"): run `go run ./cmd/solitario board` from a clone, or embed it: `go generate ./board` there, then `go install ./cmd/solitario`")

// goCmd runs the go command in dir with env added and returns its output.
// Its error says briefly what failed, "go list (the engine's source
// files): exit status 1: ...", what names, and then go's own message on
// the same line: the whole command line (go list's template) is no help.
func goCmd(ctx context.Context, dir string, env []string, what string, args ...string) (string, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return "", fmt.Errorf("solitario.wasm is not built into this solitario and there is no Go toolchain to build it (go: %v): install Go, or use a build made after `go generate ./board`", err)
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		detail := strings.Join(strings.Fields(strings.ReplaceAll(strings.TrimSpace(stderr.String()), "\n", "; ")), " ")
		return "", fmt.Errorf("go %s (%s): %v: %s", args[0], what, err, detail)
	}
	return string(out), nil
}

// wasmEnv is the browser's target.
var wasmEnv = []string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0"}

// Build builds solitario.wasm from the module source in root and copies
// wasm_exec.js from the toolchain into dir.
func Build(ctx context.Context, root, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// Temporary names of this build's own, renamed into place whole: two
	// builds at once (two test binaries of go test ./...) do not mix.
	tmp, err := os.MkdirTemp(dir, ".build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if _, err := goCmd(ctx, root, wasmEnv, "the engine for the browser", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(tmp, "solitario.wasm"), wasmPackage); err != nil {
		return err
	}
	goroot, err := goCmd(ctx, root, nil, "the toolchain's folder", "env", "GOROOT")
	if err != nil {
		return err
	}
	if err := copyFile(wasmExec(strings.TrimSpace(goroot)), filepath.Join(tmp, "wasm_exec.js")); err != nil {
		return err
	}
	if err := os.Rename(filepath.Join(tmp, "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js")); err != nil {
		return err
	}
	return os.Rename(filepath.Join(tmp, "solitario.wasm"), filepath.Join(dir, "solitario.wasm"))
}

// wasmExec is wasm_exec.js in goroot: lib/wasm since Go 1.24, misc/wasm
// before.
func wasmExec(goroot string) string {
	p := filepath.Join(goroot, "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(p); err != nil {
		return filepath.Join(goroot, "misc", "wasm", "wasm_exec.js")
	}
	return p
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// SourceKey is the cache key of the engine built from root: the Go version
// and a hash of every file the WebAssembly build compiles (go list's
// files of each package of the module it depends on) and go.sum.
func SourceKey(ctx context.Context, root string) (string, error) {
	version, err := goCmd(ctx, root, nil, "the toolchain's version", "env", "GOVERSION")
	if err != nil {
		return "", err
	}
	list, err := goCmd(ctx, root, wasmEnv, "the engine's source files", "list", "-deps", "-f", `{{if not .Standard}}{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{end}}`, wasmPackage)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", strings.TrimSpace(version))
	for _, f := range append(strings.Fields(list), filepath.Join(root, "go.sum")) {
		data, err := os.ReadFile(f)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		rel, _ := filepath.Rel(root, f)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// Cached is the cache folder holding solitario.wasm and wasm_exec.js built
// from the module source the working directory is in, building them first
// when the folder for its source key is not there yet (and dropping then
// the builds of other keys but the few used last: dropOldBuilds).
func Cached(ctx context.Context, progress func(string)) (string, error) {
	root, err := ModuleRoot(ctx)
	if err != nil {
		return "", err
	}
	key, err := SourceKey(ctx, root)
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder for solitario.wasm: %v", err)
	}
	dir := filepath.Join(cache, "solitario", "board-"+key)
	if _, err := os.Stat(filepath.Join(dir, "solitario.wasm")); err == nil {
		now := time.Now()
		os.Chtimes(dir, now, now) // used: the last to be dropped
		return dir, nil
	}
	if progress != nil {
		progress("building solitario.wasm from " + root + " (GOOS=js GOARCH=wasm go build " + wasmPackage + ") into " + dir)
	}
	if err := Build(ctx, root, dir); err != nil {
		return "", fmt.Errorf("building solitario.wasm: %v", err)
	}
	dropOldBuilds(filepath.Join(cache, "solitario"), dir)
	return dir, nil
}

// keptBuilds is how many builds the cache keeps: each holds a few MB, and
// several source trees (git worktrees, a clone beside a checkout) each ask
// for their own.
const keptBuilds = 4

// dropOldBuilds removes the builds in folder beyond the keptBuilds used
// last (by their folder's time, which a use renews), never dir.
func dropOldBuilds(folder, dir string) {
	old, err := filepath.Glob(filepath.Join(folder, "board-*"))
	if err != nil {
		return
	}
	type build struct {
		path string
		used time.Time
	}
	var builds []build
	for _, o := range old {
		if st, err := os.Stat(o); err == nil && o != dir {
			builds = append(builds, build{o, st.ModTime()})
		}
	}
	slices.SortFunc(builds, func(a, b build) int { return b.used.Compare(a.used) })
	for i, b := range builds {
		if i >= keptBuilds-1 {
			os.RemoveAll(b.path)
		}
	}
}
