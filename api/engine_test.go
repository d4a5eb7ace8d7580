package api

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/solitario/solitario/internal/testkit"
)

// engineRequests are requests of every entry point and game, a large
// search first (its table grows far past the first size), then small
// ones, a bad request and the large one again.
func engineRequests(t *testing.T) [][2]string {
	var reqs [][2]string
	add := func(entry, req string) { reqs = append(reqs, [2]string{entry, req}) }
	add("solve", `{"game":"ventaglio","seed":1}`)
	for _, g := range []string{"reloj", "sietes", "ventaglio", "orologio", "orologio52"} {
		for seed := 2; seed <= 6; seed++ {
			add("solve", fmt.Sprintf(`{"game":%q,"seed":%d,"max_nodes":300000}`, g, seed))
		}
		add("deal", fmt.Sprintf(`{"game":%q,"seed":7}`, g))
		add("hint", fmt.Sprintf(`{"game":%q,"seed":8,"max_nodes":300000}`, g))
		add("position", fmt.Sprintf(`{"game":%q,"seed":9}`, g))
	}
	sol, err := Call(context.Background(), "solve", []byte(`{"game":"reloj","seed":1}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	add("review", string(sol))
	add("hint", `{"game":"reloj","seed":1,"moves":[{"from":"stock","to":"waste","card":"CE"}]}`)
	add("solve", `{"game":"nope","seed":1}`)
	add("cards", `{"game":"sietes"}`)
	add("games", ``)
	add("solve", `{"game":"ventaglio","seed":1}`)
	return reqs
}

// TestEngineAnswersAsFresh: requests in a row on one Engine answer exactly
// as each on a fresh one (package Call): the table reused from request to
// request holds nothing of the last, so node counts do not change.
func TestEngineAnswersAsFresh(t *testing.T) {
	reqs := engineRequests(t)
	e := NewEngine()
	for _, r := range reqs {
		want, werr := Call(context.Background(), r[0], []byte(r[1]), Options{})
		got, gerr := e.Call(context.Background(), r[0], []byte(r[1]), Options{})
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("%s %s: engine error %v, fresh %v", r[0], r[1], gerr, werr)
		}
		if werr == nil && !testkit.SameJSON(t, string(got), string(want)) {
			t.Errorf("%s %.100s:\n engine %.400s\n fresh  %.400s", r[0], r[1], got, want)
		}
	}
}

// TestEngineConcurrent: two callers at once on one Engine each get the
// fresh answers (each search has a workspace of its own).
func TestEngineConcurrent(t *testing.T) {
	reqs := engineRequests(t)
	want := make([][]byte, len(reqs))
	for i, r := range reqs {
		want[i], _ = Call(context.Background(), r[0], []byte(r[1]), Options{})
	}
	e := NewEngine()
	var wg sync.WaitGroup
	for k := 0; k < 2; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range reqs {
				i = (i + k*len(reqs)/2) % len(reqs) // the two start apart
				got, err := e.Call(context.Background(), reqs[i][0], []byte(reqs[i][1]), Options{})
				if (err == nil) != (want[i] != nil) || err == nil && !testkit.SameJSON(t, string(got), string(want[i])) {
					t.Errorf("%s %.100s: engine %.300s (%v), fresh %.300s", reqs[i][0], reqs[i][1], got, err, want[i])
				}
			}
		}()
	}
	wg.Wait()
}
