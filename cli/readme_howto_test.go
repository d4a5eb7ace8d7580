package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeHowTo runs every command of the README's how-to "I played a
// real game of Del reloj" in a copy of its folder, and checks the answers
// it shows (issue 33).
func TestReadmeHowTo(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "## How-to: I played a real game of Del reloj")
	if !ok {
		t.Fatal("README has no how-to on a real game of Del reloj")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, cmds, _ := strings.Cut(sec, "```sh\n")
	cmds, shown, _ := strings.Cut(cmds, "```")
	_, shown, _ = strings.Cut(shown, "```\n")
	shown, _, _ = strings.Cut(shown, "```")

	dir := t.TempDir()
	var out strings.Builder
	ran := 0
	for _, line := range strings.Split(strings.TrimSpace(cmds), "\n") {
		f := strings.Fields(line)
		switch {
		case f[0] == "cd":
			src := filepath.Join("..", f[1])
			entries, err := os.ReadDir(src)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				b, _ := os.ReadFile(filepath.Join(src, e.Name()))
				os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644)
			}
			t.Chdir(dir)
			continue
		case f[0] != "solitario":
			t.Fatalf("how-to line %q: not a solitario command", line)
		}
		var redirect string
		if i := strings.Index(line, " > "); i >= 0 {
			redirect = strings.TrimSpace(line[i+3:])
			f = strings.Fields(line[:i])
		}
		code, stdout, errOut := runOut(f[1:]...)
		if code != ExitOK || errOut != "" {
			t.Errorf("%s: exit %d, stderr %q", line, code, errOut)
		}
		if redirect != "" {
			os.WriteFile(redirect, []byte(stdout), 0o644)
		} else {
			out.WriteString(stdout)
		}
		ran++
	}
	if ran != 5 {
		t.Errorf("%d commands run, want the how-to's 5", ran)
	}
	for _, l := range strings.Split(strings.TrimSpace(shown), "\n") {
		if !strings.Contains(out.String(), l+"\n") {
			t.Errorf("the how-to shows %q; the commands printed\n%s", l, out.String())
		}
	}
	// The numbered deal, as deal --json wrote it, is a --deal file too.
	code, stdout, errOut := runOut("solve", "--game", "reloj", "--deal", "numbered.deal")
	if want := "reloj seed 7 (play free, passes 2; the \"rules\" of numbered.deal): winnable"; code != ExitOK || !strings.HasPrefix(stdout, want) {
		t.Errorf("solve --deal numbered.deal: exit %d %q %s; want %q", code, stdout, errOut, want)
	}
}
