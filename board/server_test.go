package board

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fakeFiles stands for the board's folder without building the engine.
func fakeFiles() map[string][]byte {
	return map[string][]byte{
		"index.html":     []byte("<!doctype html><title>board</title>"),
		"solitario.js":   []byte("export class Solitario {}"),
		"worker.js":      []byte("importScripts('wasm_exec.js');"),
		"wasm_exec.js":   []byte("// go"),
		"solitario.wasm": []byte("\x00asm\x01\x00\x00\x00"),
		"board.css":      []byte("body{}"),
	}
}

// TestHandlerServesOwnFiles: each file with its MIME type, "/" the page;
// no listing, no folder, no path outside, no other method.
func TestHandlerServesOwnFiles(t *testing.T) {
	srv := httptest.NewServer(Handler(fakeFiles()))
	defer srv.Close()
	get := func(method, path string) (int, string, string) {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.URL.Opaque = path // as sent, not cleaned by the client
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Content-Type"), string(body)
	}
	for path, mime := range map[string]string{
		"/":               "text/html; charset=utf-8",
		"/index.html":     "text/html; charset=utf-8",
		"/solitario.js":   "text/javascript; charset=utf-8",
		"/worker.js":      "text/javascript; charset=utf-8",
		"/wasm_exec.js":   "text/javascript; charset=utf-8",
		"/solitario.wasm": "application/wasm",
		"/board.css":      "text/css; charset=utf-8",
	} {
		code, ct, body := get("GET", path)
		name := strings.TrimPrefix(path, "/")
		if name == "" {
			name = "index.html"
		}
		if code != 200 || ct != mime || body != string(fakeFiles()[name]) {
			t.Errorf("GET %s: %d %q %q; want 200 %q and the file", path, code, ct, body, mime)
		}
	}
	for _, path := range []string{"/static/", "/static", "/../board.go", "/..%2fboard.go", "/%2e%2e/board.go", "//etc/passwd",
		"/board.go", "/static/solitario.js", "/.", "/./solitario.js", "/solitario.js/", "/nothing.html", "/?dir"} {
		code, _, body := get("GET", path)
		if code == 200 && path != "/?dir" || path == "/?dir" && !strings.Contains(body, "<title>board") {
			t.Errorf("GET %s: %d %.60q; want 404 (only the board's own files)", path, code, body)
		}
	}
	if code, _, _ := get("POST", "/index.html"); code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", code)
	}
}

// TestEmbeddedStatic: the embedded folder holds the module and its worker.
func TestEmbeddedStatic(t *testing.T) {
	for _, name := range []string{"static/solitario.js", "static/worker.js"} {
		if _, err := static.ReadFile(name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
