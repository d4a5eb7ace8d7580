package cli

import (
	"encoding/json"
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

// TestStoppedLineMoves: a JSON line read no further than its block with an
// illegal move (position.IllegalPrefix) is not taken for a line of that
// block's length: --moves past the illegal move names it, as verify does
// and as a move list's reading does (it said "the line has 64 moves" of a
// file of 262, a new user found), and hint's head names where the line is
// illegal instead of a count of moves it did not read.
func TestStoppedLineMoves(t *testing.T) {
	_, js, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	js = strings.TrimSpace(js)
	extra := strings.Repeat(`,{"from":"stock","to":"waste","card":"CE"}`, 200)
	i := strings.Index(js, `],"stats"`)
	file := filepath.Join(t.TempDir(), "long.json")
	if err := os.WriteFile(file, []byte(js[:i]+extra+js[i:]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	illegal := "move 63 (stock -> waste CE): the game was already won at move 62: a line ends at its win"
	for _, args := range [][]string{
		{"hint", "--solution", file, "--moves", "100"},
		{"hint", "--solution", file, "--moves", "63"},
		{"solve", "--game", "reloj", "--seed", "1", "--after", file, "--moves", "100"},
	} {
		if code, _, errOut := runOut(args...); code != ExitError || errOut != "solitario: "+args[0]+": "+pathPrefix(args, file)+illegal+"\n" {
			t.Errorf("%v: exit %d %q; want %d and %q", args, code, errOut, ExitError, illegal)
		}
	}
	code, out, errOut := runOut("hint", "--solution", file, "--moves", "40")
	if want := "reloj seed 1 after 40 moves, of a line illegal at move 63 ("; code != 0 || !strings.HasPrefix(out, want) {
		t.Errorf("hint --moves 40: exit %d %q %q; want it to begin %q", code, out, errOut, want)
	}
	// A line read whole, its move 8 left out: the same (it said "the
	// line has 61 moves", and "after 5 of 61 moves").
	var sol map[string]any
	if err := json.Unmarshal([]byte(js), &sol); err != nil {
		t.Fatal(err)
	}
	moves := sol["moves"].([]any)
	sol["moves"] = append(moves[:7:7], moves[8:]...)
	short, _ := json.Marshal(sol)
	if err := os.WriteFile(file, short, 0o644); err != nil {
		t.Fatal(err)
	}
	skipped := "move 8 (stock -> waste 6O): wrong card: the drawn card is SE, not 6O"
	for _, args := range [][]string{
		{"hint", "--solution", file, "--moves", "100"},
		{"solve", "--game", "reloj", "--seed", "1", "--after", file, "--moves", "100"},
	} {
		if code, _, errOut := runOut(args...); code != ExitError || errOut != "solitario: "+args[0]+": "+pathPrefix(args, file)+skipped+"\n" {
			t.Errorf("%v: exit %d %q; want %d and %q", args, code, errOut, ExitError, skipped)
		}
	}
	code, out, errOut = runOut("hint", "--solution", file, "--moves", "5")
	if want := "reloj seed 1 after 5 moves, of a line illegal at move 8 ("; code != 0 || !strings.HasPrefix(out, want) {
		t.Errorf("hint --moves 5: exit %d %q %q; want it to begin %q", code, out, errOut, want)
	}
}

// pathPrefix is how a command names the file in an error about its moves.
func pathPrefix(args []string, file string) string {
	if args[0] == "solve" {
		return "--after " + file + ": "
	}
	return file + ": "
}
