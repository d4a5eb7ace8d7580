// Package board is the analysis board's files and their loopback server
// (issue 32): the page, the JavaScript module solitario.js and its Web
// Worker, Go's wasm_exec.js and solitario.wasm, the engine (package api)
// built for the browser from cmd/solitario-wasm. It implements no rule of
// RULES.md itself: the engine in the page answers every question.
//
// # Data layout
//
// The folder static is embedded (go:embed): the files as they are served,
// flat, with no folders, but for the suits' drawings, which index.html
// takes from package show (show.Suits) as Files reads it. solitario.wasm and wasm_exec.js are generated and
// never committed (.gitignore): `go generate ./board` builds them into
// static, and a build made after it embeds them (a self-contained `go
// install`). Without them, Files builds the .wasm with the local Go
// toolchain from the module's source (Build) into the user's cache folder,
// under a key made of the Go version and the source files' hash, and
// takes wasm_exec.js from the toolchain's GOROOT.
//
// The server (Handler) serves those files and nothing else: "/" is
// index.html, any other path must name one of them exactly (no listing, no
// folder, no path outside), with its MIME type (application/wasm,
// text/javascript, text/html, text/css).
package board

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/solitario/solitario/show"
)

//go:embed static
var static embed.FS

// Generated are the files the engine's build makes: not in git.
var Generated = []string{"solitario.wasm", "wasm_exec.js"}

// suitsMark is the line of index.html that Files replaces with the suits'
// drawings, show.Suits (one copy, show's).
const suitsMark = "<!--suits: show/suits.svg, put here by board.Files-->"

// Names are the names of the board's files, sorted: what Files holds,
// known without building the engine (an export checks its folder first).
func Names() []string {
	names := slices.Clone(Generated)
	ents, _ := static.ReadDir("static")
	for _, e := range ents {
		if !e.IsDir() && !slices.Contains(names, e.Name()) {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names
}

// Files is the board's folder: name → contents, the embedded files and,
// when the build did not embed them, the generated ones (built, or found in
// the cache). progress, when not nil, is told what is being done (a build
// takes a minute on a small machine).
func Files(ctx context.Context, progress func(string)) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		files[path.Base(p)] = data
		return nil
	})
	if err != nil {
		return nil, err
	}
	files["index.html"] = bytes.Replace(files["index.html"], []byte(suitsMark), []byte(show.Suits), 1)
	if files["solitario.wasm"] != nil && files["wasm_exec.js"] != nil {
		return files, nil
	}
	dir, err := Cached(ctx, progress)
	if err != nil {
		return nil, err
	}
	for _, name := range Generated {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		files[name] = data
	}
	return files, nil
}

// contentType is the MIME type of a board file, by its extension.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".wasm":
		return "application/wasm"
	case ".json":
		return "application/json"
	case ".svg":
		return "image/svg+xml"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// Handler serves files: "/" is index.html, "/NAME" the file NAME; anything
// else (a folder, a listing, a path with .. or a second slash, a method
// other than GET or HEAD) is refused.
func Handler(files map[string][]byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		data, ok := files[name]
		if !ok || strings.ContainsAny(name, "/\\") {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentType(name))
		h.Set("X-Content-Type-Options", "nosniff")
		// Kept by the browser but asked again each time: a file that
		// has not changed is not sent twice, and the browser keeps the
		// code it compiled from solitario.wasm (V8's code cache) for a
		// cached response.
		h.Set("Cache-Control", "no-cache")
		tag := etag(data)
		h.Set("ETag", tag)
		if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, tag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Length", fmt.Sprint(len(data)))
		if r.Method == http.MethodHead {
			return
		}
		w.Write(data)
	})
}

// etag is the entity tag of a file's contents: its hash.
func etag(data []byte) string {
	sum := sha256.Sum256(data)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}
