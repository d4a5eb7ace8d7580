package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAblationRefusedByEveryCommand runs each command that takes a strategy
// with an ablation on another game: one error line, exit 2, nothing on
// standard output, nothing searched.
func TestAblationRefusedByEveryCommand(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }})
		return code, out.String(), errb.String()
	}
	// A line of Solitario dell'orologio for hint and review.
	code, line, errs := run("solve", "--game", "orologio", "--seed", "1", "--json")
	if code != ExitOK && code != ExitUnwinnable {
		t.Fatalf("solve orologio seed 1: exit %d, %s", code, errs)
	}
	file := filepath.Join(t.TempDir(), "orologio.json")
	if err := os.WriteFile(file, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "orologio52", "--seed", "1", "--strategy", "plan-no-rollout"},
			"solitario: solve: --strategy: plan-no-rollout is an ablation of Il Ventaglio's solve (--game ventaglio only), not a strategy for orologio52\n"},
		{[]string{"analyze", "--game", "sietes", "--seeds", "1..2", "--strategy", "plan-no-streamlined"},
			"solitario: analyze: --strategy: plan-no-streamlined is an ablation of Il Ventaglio's solve (--game ventaglio only), not a strategy for sietes\n"},
		{[]string{"bench", "--game", "reloj", "--seeds", "1..2", "--strategies", "default,plan-no-luby"},
			"solitario: bench: --strategies: plan-no-luby is an ablation of Il Ventaglio's solve (--game ventaglio only), not a strategy for reloj\n"},
		{[]string{"hint", "--solution", file, "--strategy", "plan-no-beams"},
			"solitario: hint: --strategy: plan-no-beams is an ablation of Il Ventaglio's solve (--game ventaglio only), not a strategy for orologio\n"},
		{[]string{"review", "--solution", file, "--strategy", "plan-no-shorten"},
			"solitario: review: --strategy: plan-no-shorten is an ablation of Il Ventaglio's solve (--game ventaglio only), not a strategy for orologio\n"},
	} {
		code, out, errs := run(c.args...)
		if code != ExitError || out != "" || errs != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}
