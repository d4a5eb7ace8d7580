package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func runOddsCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut strings.Builder
	code := Run(context.Background(), append([]string{"odds"}, args...), IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	return out.String(), errOut.String(), code
}

func TestOddsText(t *testing.T) {
	out, errOut, code := runOddsCmd(t, "--game", "orologio52")
	if code != ExitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"fraction  1/13\n", "decimal   0.07692307692307692308\n", "1 deal in 13.00"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = runOddsCmd(t, "-g", "orologio", "--digits", "12")
	if code != ExitOK || !strings.Contains(out, "fraction  11880220752/105022101475\n") || !strings.Contains(out, "decimal   0.113121148645\n") {
		t.Fatalf("orologio: exit %d:\n%s", code, out)
	}
}

func TestOddsJSON(t *testing.T) {
	out, _, code := runOddsCmd(t, "--game", "orologio", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	var j oddsJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if j.Game != "orologio" || j.Fraction != "11880220752/105022101475" || j.Numerator != "11880220752" ||
		j.Denominator != "105022101475" || !strings.HasPrefix(j.Decimal, "0.1131211486") || j.Probability < 0.1131 || j.Probability > 0.1132 {
		t.Fatalf("json %+v", j)
	}
}

func TestOddsErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "--game is required"},
		{[]string{"--game", "reloj"}, "only the games without choices"},
		{[]string{"--game", "orologio", "--digits", "0"}, "--digits 0"},
		{[]string{"--game", "orologio", "extra"}, `odds: unexpected argument "extra"`},
	} {
		_, errOut, code := runOddsCmd(t, c.args...)
		if code != ExitError || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
	}
	out, _, code := runOddsCmd(t, "--help")
	if code != ExitOK || !strings.Contains(out, "Examples:") || !strings.Contains(out, "--digits") {
		t.Errorf("--help: exit %d:\n%s", code, out)
	}
}
