package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoardExport: board --export writes the board's folder, the engine
// and its loader with it; a bad --addr is a one-line error, exit 2.
func TestBoardExport(t *testing.T) {
	if code, _, errOut := runOut("board", "--addr", "no-port"); code != ExitError || !strings.HasPrefix(errOut, "solitario: board: --addr no-port: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("--addr no-port: exit %d, %q; want exit 2 and one line", code, errOut)
	}
	if testing.Short() {
		t.Skip("-short: the export builds solitario.wasm when it is not in the cache (a minute)")
	}
	dir := filepath.Join(t.TempDir(), "site")
	code, out, errOut := runOut("board", "--export", dir)
	if code != 0 || !strings.HasPrefix(out, "wrote the board's ") {
		t.Fatalf("board --export: exit %d, %q, %q", code, out, errOut)
	}
	for _, name := range []string{"solitario.js", "worker.js", "wasm_exec.js", "solitario.wasm", "index.html"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}
