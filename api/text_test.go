package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/cli"
)

// cliSays runs the CLI on args and returns its message without the
// "solitario: CMD: FILE: " head (file is the path the args name).
func cliSays(t *testing.T, file string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	io := cli.IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	cli.Run(context.Background(), args, io)
	msg := strings.TrimSpace(errb.String())
	return strings.TrimPrefix(msg, "solitario: "+args[0]+": "+file+": ")
}

// TestTextAsCLI: a request given as a file's text (the module's string,
// Options.Text) is read as the CLI reads a solution file: a seed written
// as a string ("7", which RULES.md's solution format writes as a number)
// is refused with verify's, hint's and review's very message (the module
// took it, verify refused the same bytes), as are the other texts the CLI
// refuses; a request object still takes the documented decimal string.
func TestTextAsCLI(t *testing.T) {
	dir := t.TempDir()
	for _, text := range []string{
		`{"game":"reloj","seed":"7","moves":[]}`,
		`{"game":"reloj","seed":1e3,"moves":[]}`,
		`{"game":"reloj","seed":-1}`,
		`{"game":"reloj","seed":1,"max_nodes":5}`,
		`{"game":"reloj","seed":1,"moves":[`,
		"{\"game\":\"reloj\",\"seed\":1}\n{\"game\":\"reloj\",\"seed\":2}\n",
		`not json`,
	} {
		file := filepath.Join(dir, "s.json")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, entry := range []string{"verify", "hint", "review"} {
			want := cliSays(t, file, entry, "--solution", file)
			if entry == "verify" && strings.Contains(text, "\n{") || entry != "verify" && text == "not json" {
				// verify reads a file of lines, one solution each, the
				// module one text; hint and review read a text that is no
				// JSON as a move list (the module's is moveText).
				continue
			}
			_, err := api.Call(context.Background(), entry, []byte(text), api.Options{Text: true})
			if err == nil || err.Error() != want {
				t.Errorf("%s of the text %q: %v; want the CLI's %q", entry, text, err, want)
			}
		}
	}
	// The request object's seed as a decimal string, documented for
	// JavaScript's callers: kept.
	a, err := api.Call(context.Background(), "verify", []byte(`{"game":"reloj","seed":"7","moves":[]}`), api.Options{})
	if err != nil || !strings.Contains(string(a), `"seed":7,`) {
		t.Errorf(`verify of the request object with "seed":"7": %s, %v; want seed 7's answer`, a, err)
	}
	// What the CLI writes is read back as it is, a seed past 2^53 exact.
	sol, err := api.Call(context.Background(), "solve", []byte(`{"game":"reloj","seed":18446744073709551615}`), api.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := api.Call(context.Background(), "deal", sol, api.Options{Text: true})
	if err != nil || !strings.Contains(string(d), `"seed":18446744073709551615,`) {
		t.Errorf("deal of solve's answer as text: %s, %v; want seed 18446744073709551615's deal", d, err)
	}
}

// TestVerifyIllegalAsCLI: verify of a line of 100 moves with an illegal
// move 10 says what the CLI's verify says of the same file (the move's
// number, the move, why) and counts the line's 100 moves (it said 64, how
// far it read the line).
func TestVerifyIllegalAsCLI(t *testing.T) {
	sol, err := api.Call(context.Background(), "solve", []byte(`{"game":"reloj","seed":1}`), api.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(sol, &s); err != nil {
		t.Fatal(err)
	}
	moves := s["moves"].([]any)
	line := append([]any{}, moves[:9]...)
	line = append(line, map[string]any{"from": "stock", "to": "pile:7", "card": "RE"})
	for len(line) < 100 {
		line = append(line, moves[len(line)%len(moves)])
	}
	s["moves"] = line
	text, _ := json.Marshal(s)
	file := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	want := cliSays(t, file, "verify", "--solution", file)
	if !strings.HasPrefix(want, "move 10 (") {
		t.Fatalf("the CLI says %q; want move 10 named", want)
	}
	for _, o := range []api.Options{{}, {Text: true}} {
		a, err := api.Call(context.Background(), "verify", text, o)
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Moves   int    `json:"moves"`
			Won     bool   `json:"won"`
			End     string `json:"end"`
			Illegal struct {
				N int `json:"n"`
			} `json:"illegal"`
		}
		if err := json.Unmarshal(a, &v); err != nil {
			t.Fatal(err)
		}
		if v.Moves != 100 || v.Won || v.End != want || v.Illegal.N != 10 {
			t.Errorf("verify (text %v): %s; want 100 moves, not won, end the CLI's %q, illegal move 10", o.Text, a, want)
		}
	}
}
