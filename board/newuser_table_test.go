package board_test

import (
	"strings"
	"testing"

	"github.com/solitario/solitario/cli"
)

// Text opened with Open… that the CLI reads as a solution and refuses is
// refused in the CLI's words, whole: a field the format lacks names the
// document that lists the fields by its file's name (the page cut the
// path out and left "(, "), and text that is JSON but no object (null,
// true, a number, a string, a list) is "not a solution object", as verify
// says (null was read as a deal file: "unknown suit"; found by a new
// user). The table stays as it was.
func TestBoardXOpenJSONAsCLI(t *testing.T) {
	ctx, before := openRelojSeed1(t)
	for _, c := range []struct{ text, want string }{
		{`{"game":"reloj","seed":7,"moves":[],"colour":"blue"}`, `(RULES.md, "Solutions (JSON)", lists the fields)`},
		{"null", "not a solution object: the file holds JSON null"},
		{"true", "not a solution object: the file holds a JSON boolean"},
		{"7", "not a solution object: the file holds a JSON number"},
		{`"1O"`, "not a solution object: the file holds a JSON string"},
		{`["1O", "2O"]`, "not a solution object: the file holds a JSON array"},
	} {
		_, stderr := run(t, []byte(c.text), cli.ExitError, "verify", "--solution", "-")
		cliSays := strings.TrimSpace(strings.TrimPrefix(stderr, "solitario: verify: stdin: "))
		want := strings.ReplaceAll(cliSays, "(docs/spec/RULES.md, ", "(RULES.md, ")
		if !strings.Contains(want, c.want) {
			t.Fatalf("the CLI says %q of %s, want it to hold %q", stderr, c.text, c.want)
		}
		clearError(t, ctx)
		openText(t, ctx, c.text)
		p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" })
		if p.Error != want {
			t.Errorf("Open… of %s: the page says %q, want the CLI's %q", c.text, p.Error, want)
		}
		if p.Played != before.Played || p.Title != before.Title {
			t.Errorf("after %s refused the table shows %q with %d moves, want %q as before", c.text, p.Title, p.Played, before.Title)
		}
	}
	// A deal file is still read as one: the deal file's message, as solve
	// --deal words it.
	clearError(t, ctx)
	openText(t, ctx, "1O 2O 3O LL\n")
	if p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" }); !strings.HasPrefix(p.Error, `deal file:1: token 4 "LL": `) {
		t.Errorf("Open… of a deal file with a bad token: the page says %q, want the deal file's message", p.Error)
	}
}
