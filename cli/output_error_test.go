package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fullWriter fails every write, like a full disk or a closed pipe.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestOutputLost: a command whose standard output cannot be written exits
// with ExitOutput and says so, whatever it would have returned (solve of a
// won deal: 0; of a lost one: 3), in text and JSON.
func TestOutputLost(t *testing.T) {
	won := filepath.Join(t.TempDir(), "won.json")
	if err := os.WriteFile(won, []byte(relojSeed1(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"show", "--solution", won},
		{"hint", "--solution", won, "--moves", "30"},
		{"hint", "--solution", won, "--json"},
		{"review", "--solution", won},
		{"solve", "--game", "reloj", "--seed", "1", "--after", won, "--moves", "30"},
		{"solve", "--game", "reloj", "--seed", "1"},
		{"solve", "--game", "ventaglio", "--seed", "3"},
		{"solve", "--game", "reloj", "--seed", "1", "--json"},
		{"odds", "--game", "orologio52"},
		{"games"},
		{"gen", "--game", "reloj", "--count", "2"},
	} {
		var errb bytes.Buffer
		io := IO{In: strings.NewReader(""), Out: fullWriter{}, Err: &errb, Getenv: func(string) string { return "" }}
		code := Run(context.Background(), args, io)
		if code != ExitOutput || !strings.Contains(errb.String(), "solitario: "+args[0]+": writing standard output: no space left on device") || strings.Count(errb.String(), "\n") > 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and one line naming the write error", args, code, errb.String(), ExitOutput)
		}
	}
}

// TestLongValuesCut: a 100 KB value in a flag or an unknown command comes
// back in the error cut short, on one line.
func TestLongValuesCut(t *testing.T) {
	junk := strings.Repeat("x", 100_000)
	for _, args := range [][]string{
		{"solve", "--game", junk, "--seed", "1"},
		{"solve", "--game", "reloj", "--play", junk, "--seed", "1"},
		{junk},
		{"analyze", "--game", "reloj", "--seeds", junk},
	} {
		var out, errb bytes.Buffer
		io := IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
		code := Run(context.Background(), args, io)
		msg := errb.String()
		if code != ExitError || len(msg) > 600 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "… (100") {
			t.Errorf("%.20s…: exit %d, %d bytes of stderr: %.200q", args[0], code, len(msg), msg)
		}
	}
}

// TestDealRate: one deal in 7.4 s is 0.135 deals/s, not 0.
func TestDealRate(t *testing.T) {
	for _, c := range []struct {
		n    int
		d    time.Duration
		want string
	}{{1, 7400 * time.Millisecond, "0.135 deals/s"}, {20, 4 * time.Second, "5 deals/s"}, {5000, 2 * time.Second, "2500 deals/s"}, {0, time.Second, "- deals/s"}} {
		if got := dealRate(c.n, c.d); got != c.want {
			t.Errorf("dealRate(%d, %v) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
}

// TestGenProgressText: no time estimate before a deal is found (it read 0s).
func TestGenProgressText(t *testing.T) {
	if got := genProgressText("reloj", 640, 0, 10, 30*time.Second); got != "gen reloj: 640 seeds tried, 0 of 10 found, no estimate yet" {
		t.Errorf("nothing found: %q", got)
	}
	if got := genProgressText("reloj", 1, 2, 10, 30*time.Second); got != "gen reloj: 1 seed tried, 2 of 10 found, about 2m0s left" {
		t.Errorf("2 found: %q", got)
	}
}

func TestCutLongWords(t *testing.T) {
	v := strings.Repeat("x", 300)
	for _, c := range []struct{ in, want string }{
		{`unknown game "` + v + `" (games: a, b)`, `unknown game "xxxxxxxxxxxxxxxxxxxxxxxx"… (300 bytes) (games: a, b)`},
		{`unknown "` + v + `":`, `unknown "xxxxxxxxxxxxxxxxxxxxxxxx"… (300 bytes):`},
		{v, `xxxxxxxxxxxxxxxxxxxxxxxx… (300 bytes)`},
		// words.Quote's own, cut or whole, is left as it is; a quoted
		// value is cut by its text's size, not its escapes'.
		{`line 1: "` + strings.Repeat(`\x00`, 60) + `"… (300 bytes) is no move`, `line 1: "` + strings.Repeat(`\x00`, 60) + `"… (300 bytes) is no move`},
		{`line 1: "` + strings.Repeat(`\x00`, 59) + `" is no move`, `line 1: "` + strings.Repeat(`\x00`, 59) + `" is no move`},
		{`line 1: "` + strings.Repeat(`\x00`, 61) + `" is no move`, `line 1: "` + strings.Repeat(`\x00`, 24) + `"… (61 bytes) is no move`},
		{`short "value"   spaced`, `short "value"   spaced`},
	} {
		if got := cutLongWords(c.in); got != c.want {
			t.Errorf("cutLongWords(%.40q…) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPercentText(t *testing.T) {
	for _, c := range []struct {
		n, total int
		want     string
	}{{0, 100, "0%"}, {1, 16_646_144, "<0.01%"}, {3, 10_000, "0.03%"}, {1, 8, "12%"}, {8, 8, "100%"}, {1, 0, "-"}} {
		if got := percentText(c.n, c.total); got != c.want {
			t.Errorf("percentText(%d, %d) = %q, want %q", c.n, c.total, got, c.want)
		}
	}
}
