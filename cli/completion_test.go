package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestCompleteFlagValues: the shell completion (cobra's __complete, what the
// scripts of 'solitario completion' call) offers a flag's accepted values,
// not the file names of the directory: the games (odds: its two), the play
// modes, the tables, the strategies (bench: after the names already given).
func TestCompleteFlagValues(t *testing.T) {
	cases := []struct {
		args []string
		want string // the candidates, one a line, then cobra's directive
	}{
		{[]string{"solve", "--game", ""}, "ventaglio\nreloj\nsietes\norologio\norologio52\n:4\n"},
		{[]string{"solve", "--game", "ro"}, "ventaglio\nreloj\nsietes\norologio\norologio52\n:4\n"},
		{[]string{"odds", "--game", ""}, "orologio\norologio52\n:4\n"},
		{[]string{"analyze", "--play", ""}, "free\nforced\n:4\n"},
		{[]string{"gen", "--empty-provisional", ""}, "fill\nnever\n:4\n"},
		{[]string{"hint", "--tt", ""}, "flat\nristretto\nnone\n:4\n"},
		{[]string{"bench", "--strategies", "dfs,default,"}, ":4\n"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		io := IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
		Run(context.Background(), append([]string{"__complete"}, c.args...), io)
		got := out.String()
		if c.args[0] == "bench" {
			// Every strategy but the two given, each after them.
			if !strings.HasPrefix(got, "dfs,default,dfs-ristretto\n") || strings.Contains(got, "dfs,default,dfs\n") ||
				strings.Contains(got, "dfs,default,default\n") || !strings.Contains(got, "dfs,default,plan-no-shorten\n") || !strings.HasSuffix(got, c.want) {
				t.Errorf("%v: %q", c.args, got)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}
	// --strategy offers every strategy, the ablations too.
	var out bytes.Buffer
	Run(context.Background(), []string{"__complete", "solve", "--strategy", ""}, IO{In: strings.NewReader(""), Out: &out, Err: &bytes.Buffer{}, Getenv: func(string) string { return "" }})
	for _, s := range []string{"\ndfs\n", "\ndefault\n", "\nexact-prove\n", "\nplan-no-shorten\n"} {
		if !strings.Contains("\n"+out.String(), s) {
			t.Errorf("--strategy completion lacks %q: %q", s, out.String())
		}
	}
}
