package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLargeLineMemory (issue 33): verify, show, review and hint refuse a
// large solution illegal at move 63 having allocated little more than the
// file (it is read once, into a buffer of its size, and its moves no
// further than the first illegal one): they took about 8 times the file.
func TestLargeLineMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 16 MB file")
	}
	_, js, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	js = strings.TrimSpace(js)
	extra := strings.Repeat(`,{"from":"stock","to":"waste","card":"CE"}`, 16<<20/43)
	i := strings.Index(js, `],"stats"`)
	big := js[:i] + extra + js[i:] + "\n"
	file := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(file, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"verify", "--solution", file},
		{"show", "--solution", file, "--out", file + ".html"},
		{"review", "--solution", file},
		{"hint", "--solution", file},
	} {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		code, _, errOut := runOut(args...)
		runtime.ReadMemStats(&after)
		wantCode := ExitError
		if args[0] == "verify" {
			wantCode = ExitFailed // a line that does not verify
		}
		if want := "move 63 (stock -> waste CE): the game was already won at move 62"; code != wantCode || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d %q; want %d and %q", args[0], code, errOut, wantCode, want)
		}
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %.1f MB allocated for a %.1f MB file", args[0], float64(alloc)/(1<<20), float64(len(big))/(1<<20))
		if alloc > uint64(len(big))*3/2 {
			t.Errorf("%s allocated %d MB for a %d MB file; want at most 1.5 times the file", args[0], alloc>>20, len(big)>>20)
		}
	}
}
