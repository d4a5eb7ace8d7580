package heuristics

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// measureEnv reads the settings of this package's env-driven measurements
// (TestMeasureNeverRollout, TestMeasureNeverMacro, TestMeasureNeverBeams,
// TestBeamAlone and the widthSeeds ones). Each takes its seeds and budgets
// from environment variables, is skipped when its seeds are unset, and
// fails naming the variable when a value is not a number; this type is
// that reading once, instead of a copy of it (a num closure, the comma
// split, the default when unset) in every measurement. A variable set to
// "" counts as unset; numbers may have space around them.
type measureEnv struct{ t *testing.T }

// need is the value of name; unset, the test is skipped with "set
// name=form".
func (e measureEnv) need(name, form string) string {
	e.t.Helper()
	v := os.Getenv(name)
	if v == "" {
		e.t.Skipf("set %s=%s", name, form)
	}
	return v
}

// num is v, a value of name, as a number; the test fails if it is not one.
func (e measureEnv) num(name, v string) int64 {
	e.t.Helper()
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil {
		e.t.Fatalf("%s: %q: %v", name, v, err)
	}
	return n
}

// int is the number name is set to, or def where it is unset.
func (e measureEnv) int(name string, def int64) int64 {
	e.t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	return e.num(name, v)
}

// on says whether name is set to "1".
func (e measureEnv) on(name string) bool {
	return os.Getenv(name) == "1"
}

// list is v, a value of name, as a comma list of numbers.
func (e measureEnv) list(name, v string) []int64 {
	e.t.Helper()
	var out []int64
	for _, f := range strings.Split(v, ",") {
		out = append(out, e.num(name, f))
	}
	return out
}

// ints is the comma list of numbers name is set to, or def where it is
// unset.
func (e measureEnv) ints(name string, def ...int64) []int64 {
	e.t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	return e.list(name, v)
}

// span is v, a value of name, as a range A..B (ok false, and no number
// read, where v has no "..").
func (e measureEnv) span(name, v string) (lo, hi int64, ok bool) {
	e.t.Helper()
	a, z, ok := strings.Cut(v, "..")
	if !ok {
		return 0, 0, false
	}
	return e.num(name, a), e.num(name, z), true
}

// seedList is v, a value of name, as a comma list of seeds.
func (e measureEnv) seedList(name, v string) []uint64 {
	e.t.Helper()
	var out []uint64
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil {
			e.t.Fatalf("%s: %q: %v", name, f, err)
		}
		out = append(out, n)
	}
	return out
}

// seeds is the comma list of seeds name is set to; unset, the test is
// skipped with "set name=a,b,...".
func (e measureEnv) seeds(name string) []uint64 {
	e.t.Helper()
	return e.seedList(name, e.need(name, "a,b,..."))
}

// TestMeasureEnv: the reading of the measurements' variables: a comma
// list of seeds with space around its numbers, a number and its default,
// a list and its default, a range, a switch, and the skip where the seeds
// are unset.
func TestMeasureEnv(t *testing.T) {
	e := measureEnv{t}
	t.Setenv("SOLITARIO_MEASURE_SEEDS", " 1, 2 ,90")
	t.Setenv("SOLITARIO_MEASURE_NODES", " 5000 ")
	t.Setenv("SOLITARIO_MEASURE_WIDTHS", "256,1024")
	t.Setenv("SOLITARIO_MEASURE_UNSET", "")
	t.Setenv("SOLITARIO_MEASURE_ON", "1")
	if got := e.seeds("SOLITARIO_MEASURE_SEEDS"); len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 90 {
		t.Errorf("seeds %v, want [1 2 90]", got)
	}
	if got := e.int("SOLITARIO_MEASURE_NODES", 7); got != 5000 {
		t.Errorf("int %d, want 5000", got)
	}
	if got := e.int("SOLITARIO_MEASURE_UNSET", 7); got != 7 {
		t.Errorf("int of an unset variable %d, want the default 7", got)
	}
	if got := e.ints("SOLITARIO_MEASURE_WIDTHS", 3); len(got) != 2 || got[0] != 256 || got[1] != 1024 {
		t.Errorf("ints %v, want [256 1024]", got)
	}
	if got := e.ints("SOLITARIO_MEASURE_UNSET", 1000, 3000); len(got) != 2 || got[0] != 1000 || got[1] != 3000 {
		t.Errorf("ints of an unset variable %v, want the default [1000 3000]", got)
	}
	if lo, hi, ok := e.span("SOLITARIO_MEASURE_RANGE", "3.. 17"); !ok || lo != 3 || hi != 17 {
		t.Errorf("span: %d, %d, %v, want 3, 17, true", lo, hi, ok)
	}
	if _, _, ok := e.span("SOLITARIO_MEASURE_RANGE", "3,17"); ok {
		t.Error("span of a list is a range")
	}
	if !e.on("SOLITARIO_MEASURE_ON") || e.on("SOLITARIO_MEASURE_UNSET") {
		t.Error("on: wrong")
	}
	var sub *testing.T
	t.Run("unset", func(t *testing.T) {
		sub = t
		measureEnv{t}.seeds("SOLITARIO_MEASURE_UNSET")
		t.Error("not skipped")
	})
	if !sub.Skipped() {
		t.Error("seeds of an unset variable did not skip")
	}
}
