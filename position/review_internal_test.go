package position

import (
	"reflect"
	"testing"
)

// TestDecideByOthers: a probe left unknown is winnable when a later probe
// is (the line's own moves lead from it there), unwinnable when an earlier
// one is, citing the nearest probe that decided by its own solve; one with
// neither stays unknown.
func TestDecideByOthers(t *testing.T) {
	at := func(k int) *int { return &k }
	probes := []Probe{
		{Moves: 200, Verdict: "unwinnable"},
		{Moves: 0, Verdict: "winnable"},
		{Moves: 100, Verdict: "winnable"},
		{Moves: 150, Verdict: "unknown", Reason: "max-nodes"},
		{Moves: 175, Verdict: "unwinnable"},
		{Moves: 162, Verdict: "winnable"},
		{Moves: 155, Verdict: "unknown", Reason: "max-nodes"},
		{Moves: 168, Verdict: "unknown", Reason: "max-nodes"},
		{Moves: 190, Verdict: "unknown", Reason: "timeout"},
	}
	decideByOthers(probes)
	want := []Probe{
		{Moves: 200, Verdict: "unwinnable"},
		{Moves: 0, Verdict: "winnable"},
		{Moves: 100, Verdict: "winnable"},
		{Moves: 150, Verdict: "winnable", By: at(162), Reason: "max-nodes"},
		{Moves: 175, Verdict: "unwinnable"},
		{Moves: 162, Verdict: "winnable"},
		{Moves: 155, Verdict: "winnable", By: at(162), Reason: "max-nodes"},
		{Moves: 168, Verdict: "unknown", Reason: "max-nodes"},
		{Moves: 190, Verdict: "unwinnable", By: at(175), Reason: "timeout"},
	}
	if !reflect.DeepEqual(probes, want) {
		for i := range probes {
			t.Errorf("probe %d: %+v (by %v), want %+v (by %v)", i, probes[i], deref(probes[i].By), want[i], deref(want[i].By))
		}
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
