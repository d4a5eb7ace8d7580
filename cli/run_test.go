package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// The run functions take options, not a command line: solve, verify and
// deal called directly on Del reloj seed 1.
func TestRunFunctionsDirect(t *testing.T) {
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	so := &solveOptions{
		deal:   dealFlags{game: "reloj", seed: 1, seedSet: true},
		limits: limitFlags{maxNodes: defaultMaxNodes, ttMem: "16MiB", strategy: "default"},
		json:   true,
		lookup: games.Lookup,
	}
	if err := runSolve(context.Background(), io, so); err != nil {
		t.Fatalf("runSolve: %v (stderr %q)", err, errb.String())
	}
	var sol solution.Solution
	if err := json.Unmarshal(out.Bytes(), &sol); err != nil {
		t.Fatal(err)
	}
	if sol.Game != "reloj" || sol.Result != "winnable" || len(sol.Moves) == 0 || sol.Rules.Play != "forced" || sol.Rules.Passes != 2 {
		t.Fatalf("solution %+v", sol)
	}

	file := filepath.Join(t.TempDir(), "s1.json")
	if err := os.WriteFile(file, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := runVerify(io, &verifyOptions{file: file, lookup: games.Lookup}); err != nil || !strings.HasPrefix(out.String(), "ok: ") {
		t.Errorf("runVerify: %v, %q", err, out.String())
	}
	err := runVerify(io, &verifyOptions{lookup: games.Lookup})
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != ExitError || !strings.Contains(err.Error(), "--solution") {
		t.Errorf("runVerify without a file: %v", err)
	}

	out.Reset()
	if err := runDeal(io, &dealOptions{deal: dealFlags{game: "reloj", seed: 1, seedSet: true}, json: true}); err != nil {
		t.Fatal(err)
	}
	var d api.DealAnswer
	if err := json.Unmarshal(out.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	if d.Seed == nil || *d.Seed != 1 || !slices.Equal(d.Deal, sol.Deal) || d.Rules != sol.Rules {
		t.Errorf("deal --json %+v; want seed 1 and the solution's rules and deal", d)
	}
	// --seed 0 is a seed: seedSet, not the value, says it was given.
	err = runDeal(io, &dealOptions{deal: dealFlags{game: "reloj"}})
	if err == nil || !strings.Contains(err.Error(), "give a deal") {
		t.Errorf("runDeal without a deal: %v", err)
	}
}

// analyze --json and bench --json record the command line that made them.
func TestJSONRecordsCommand(t *testing.T) {
	for _, args := range [][]string{
		{"analyze", "--game", "reloj", "--seeds", "1..3", "--workers", "1", "--tt-mem", "16MiB", "--json"},
		{"bench", "--game", "reloj", "--seeds", "1..2", "--strategies", "default", "--tt-mem", "16MiB", "--json"},
	} {
		var out, errb bytes.Buffer
		io := IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
		if code := Run(context.Background(), args, io); code != ExitOK {
			t.Fatalf("%v: exit %d, %s", args, code, errb.String())
		}
		var head struct {
			Run    struct{ Command []string } `json:"run"`
			Record struct{ Command []string } `json:"record"`
		}
		if err := json.Unmarshal(out.Bytes(), &head); err != nil {
			t.Fatal(err)
		}
		got := append(head.Run.Command, head.Record.Command...)
		if want := append([]string{"solitario"}, args...); !slices.Equal(got, want) {
			t.Errorf("command %q, want %q", got, want)
		}
	}
}

// TestSolveRefereeGate: a winning line the referee rejects is never
// printed: solve exits 7 (internal error) with nothing on standard output.
// The fake game is Del reloj whose solve drops the line's last move.
func TestSolveRefereeGate(t *testing.T) {
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	for _, asJSON := range []bool{false, true} {
		out.Reset()
		so := &solveOptions{
			deal:   dealFlags{game: "reloj", seed: 1, seedSet: true},
			limits: limitFlags{maxNodes: defaultMaxNodes, ttMem: "16MiB", strategy: "default"},
			json:   asJSON,
			lookup: lookupDroppingLastMove,
		}
		err := runSolve(context.Background(), io, so)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != ExitInternal || !strings.Contains(err.Error(), "fails the referee") || out.Len() != 0 {
			t.Errorf("json %v: %v, stdout %q; want exit %d and nothing printed", asJSON, err, out.String(), ExitInternal)
		}
	}
}

// lookupDroppingLastMove is the games table with every game's Solve
// dropping the last move of a winning line: a solver bug the referee gate
// must catch.
func lookupDroppingLastMove(name string) (games.Entry, error) {
	e, err := games.Lookup(name)
	solve := e.Solve
	e.Solve = func(ctx context.Context, deal []deck.Card, cfg games.Config) (games.Outcome, error) {
		o, err := solve(ctx, deal, cfg)
		if len(o.Moves) > 0 {
			o.Moves = o.Moves[:len(o.Moves)-1]
			if len(o.Human) > 0 { // a lean solve (analyze, gen) writes no readable lines
				o.Human = o.Human[:len(o.Human)-1]
			}
		}
		return o, err
	}
	return e, err
}

// TestGenRefereeGate: gen stops with ExitInternal (7), as solve and
// analyze (TestAnalyzeVerifyFailure) do, when a winning line fails the
// referee, and writes nothing. The fake game is Del reloj whose solve drops
// the line's last move (seed 1 is winnable, so the first deal trips it).
func TestGenRefereeGate(t *testing.T) {
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	limits := limitFlags{maxNodes: defaultMaxNodes, ttMem: "16MiB", strategy: "default"}
	err := runGen(context.Background(), io, &genOptions{game: "reloj", count: 2, countSet: true, from: 1, limits: limits, workers: 1, quiet: true, lookup: lookupDroppingLastMove})
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != ExitInternal || !strings.Contains(err.Error(), "does not verify") || out.Len() != 0 {
		t.Errorf("gen: %v, stdout %q; want exit %d and nothing written", err, out.String(), ExitInternal)
	}
}

// TestPositionRefereeGate: as solve's, a winning line found from a position
// that the referee rejects is never printed: hint and solve --after exit 7
// with nothing on standard output. The fake game is Del reloj whose After
// drops the line's last move.
func TestPositionRefereeGate(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "r1.json")
	if err := os.WriteFile(file, []byte(relojSeed1(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := func(name string) (games.Entry, error) {
		e, err := games.Lookup(name)
		after := e.After
		e.After = func(ctx context.Context, deal []deck.Card, moves []solution.Move, cfg games.Config) (games.Outcome, error) {
			o, err := after(ctx, deal, moves, cfg)
			o.Moves = o.Moves[:len(o.Moves)-1]
			if len(o.Human) > 0 { // a lean solve (analyze, gen) writes no readable lines
				o.Human = o.Human[:len(o.Human)-1]
			}
			return o, err
		}
		return e, err
	}
	limits := limitFlags{maxNodes: defaultMaxNodes, ttMem: "16MiB", strategy: "default"}
	for name, run := range map[string]func(io *IO) error{
		"hint": func(io *IO) error {
			return runHint(context.Background(), io, hintOptions{solution: file, moves: 30, movesSet: true, limits: limits, lookup: broken})
		},
		"hint --json": func(io *IO) error {
			return runHint(context.Background(), io, hintOptions{solution: file, moves: 30, movesSet: true, json: true, limits: limits, lookup: broken})
		},
		"solve --after": func(io *IO) error {
			return runSolve(context.Background(), io, &solveOptions{
				deal:   dealFlags{game: "reloj", seed: 1, seedSet: true},
				after:  afterOptions{file: file, moves: 30, movesSet: true},
				html:   filepath.Join(dir, "page.html"),
				limits: limits,
				lookup: broken,
			})
		},
	} {
		var out, errb bytes.Buffer
		io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
		err := run(io)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != ExitInternal || !strings.Contains(err.Error(), "fails the referee") || out.Len() != 0 {
			t.Errorf("%s: %v, stdout %q; want exit %d and nothing printed", name, err, out.String(), ExitInternal)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "page.html")); !os.IsNotExist(err) {
		t.Errorf("solve --after --html wrote a page of a line the referee rejects: %v", err)
	}
}
