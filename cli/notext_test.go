package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// A binary file given to hint, review or show without --game is said to be
// no solution, its first byte that is no text named (it was "a list of
// moves names no game or deal", as if it were a move list); a text that is
// a move list still asks for its game.
func TestSolutionNotText(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, text, want string }{
		{"a.out", "\x7fELF\x02\x01\x01\x00", "not a solution: byte 1 is 0x7F, a control character: the file is no text (neither a JSON solution object nor a move list)"},
		{"pic.dat", "stock CE -> waste\n\xff\xd8", "not a solution: byte 19 is 0xFF, not UTF-8: the file is no text (neither a JSON solution object nor a move list)"},
		{"nul.txt", "stock CE\x00 -> waste\n", "not a solution: byte 9 is 0x00, a control character: the file is no text (neither a JSON solution object nor a move list)"},
		{"list.txt", "stock CE -> waste\n", `a list of moves names no game or deal: give the game and its seed or deal (--game, and --seed or --deal), or write the game as a JSON object {"game", "seed" or "deal", "moves"}`},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"hint", "review", "show"} {
			code, _, errOut := runOut(cmd, "--solution", path)
			if want := "solitario: " + cmd + ": " + path + ": " + c.want + "\n"; code != ExitError || errOut != want {
				t.Errorf("%s --solution %s: exit %d %q; want 2 and %q", cmd, c.name, code, errOut, want)
			}
		}
	}
}
