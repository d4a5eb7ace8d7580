package cli

import (
	"context"
	"strings"
	"testing"
)

// Seeds are decimal everywhere: pflag's Uint64 would read 010 as octal 8.
func TestSeedIsDecimal(t *testing.T) {
	code, out, errs := cliRun(t, context.Background(), "", "deal", "--game", "reloj", "--seed", "010", "--json")
	if code != ExitOK || !strings.Contains(out, `"seed":10`) {
		t.Fatalf("--seed 010: exit %d, out %q, err %q; want seed 10", code, out, errs)
	}
	code, _, errs = cliRun(t, context.Background(), "", "deal", "--game", "reloj", "--seed", "0x10")
	if code != ExitError || !strings.Contains(errs, "not a seed") {
		t.Fatalf("--seed 0x10: exit %d, err %q; want exit 2 and 'not a seed'", code, errs)
	}
	// gen --from is a seed too. The classic Clock's first win from seed 10
	// is seed 25 (from 8 it would be seed 8, octal 010).
	code, out, errs = cliRun(t, context.Background(), "", "gen", "--game", "orologio52", "--count", "1", "--from", "010", "--quiet")
	if code != ExitOK || !strings.Contains(out, `"seed":25,`) {
		t.Fatalf("gen --from 010: exit %d, out %.80q, err %q; want seed 25", code, out, errs)
	}
	code, _, errs = cliRun(t, context.Background(), "", "gen", "--game", "orologio52", "--count", "1", "--from", "0x7")
	if code != ExitError || !strings.Contains(errs, "not a seed") {
		t.Fatalf("gen --from 0x7: exit %d, err %q; want exit 2 and 'not a seed'", code, errs)
	}
}

// verify takes one object, and a seed must match its deal.
func TestVerifyRejectsExtraObjectAndWrongSeed(t *testing.T) {
	code, sol, errs := cliRun(t, context.Background(), "", "solve", "--game", "reloj", "--seed", "1", "--json")
	if code != ExitOK {
		t.Fatalf("solve reloj 1: exit %d, %s", code, errs)
	}
	code, _, errs = cliRun(t, context.Background(), sol+sol, "verify", "--solution", "-")
	if code != ExitError || !strings.Contains(errs, "more after the first object") {
		t.Errorf("two objects: exit %d, err %q; want exit 2", code, errs)
	}
	wrong := strings.Replace(sol, `"seed":1,`, `"seed":2,`, 1)
	code, _, errs = cliRun(t, context.Background(), wrong, "verify", "--solution", "-")
	if code != ExitError || !strings.Contains(errs, "not the deal of seed 2") {
		t.Errorf("wrong seed: exit %d, err %q; want exit 2", code, errs)
	}
	code, out, errs := cliRun(t, context.Background(), sol, "verify", "--solution", "-")
	if code != ExitOK {
		t.Errorf("the untouched solution: exit %d, out %q, err %q", code, out, errs)
	}
}
