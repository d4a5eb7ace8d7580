package plan

import (
	"context"
	"testing"

	"github.com/solitario/solitario/solver"
)

// fakeArm is an arm that wins (or, with lost, exhausts) after win nodes,
// with a line of length line; it counts the nodes it was given. Chunk is
// its chunk.
type fakeArm struct {
	win, used int64
	line      int
	lost      bool
	chunk     int64
	cancel    func() // called at the first slice, if set
}

func (f *fakeArm) Slice(ctx context.Context, opt solver.Options) solver.Result[int] {
	if f.cancel != nil {
		f.cancel()
		return solver.Result[int]{Reason: solver.ReasonStopped}
	}
	n := opt.MaxNodes
	if f.win > 0 && f.used+n >= f.win {
		n = f.win - f.used
		f.used += n
		if f.lost {
			return solver.Result[int]{Verdict: solver.Unwinnable, Stats: solver.Stats{Nodes: n}}
		}
		return solver.Result[int]{Verdict: solver.Winnable, Line: make([]int, f.line), Stats: solver.Stats{Nodes: n}}
	}
	f.used += n
	return solver.Result[int]{Reason: solver.ReasonMaxNodes, Stats: solver.Stats{Nodes: n}}
}

func (f *fakeArm) Over() bool     { return false }
func (f *fakeArm) Chunk() int64   { return f.chunk }
func (f *fakeArm) String() string { return "fake" }

// fakeArms hands out the arms by kind, and bounded arms from a list.
type fakeArms struct {
	arms    map[Kind]*fakeArm
	bounded []*fakeArm
	depths  []int
}

func (a *fakeArms) Arm(s Step) Arm[int] {
	if f, ok := a.arms[s.Kind]; ok {
		return f
	}
	return nil
}

func (a *fakeArms) Bounded(s Step, best []int) Arm[int] {
	if len(a.bounded) == 0 {
		return nil
	}
	f := a.bounded[0]
	a.bounded = a.bounded[1:]
	a.depths = append(a.depths, len(best))
	return f
}

func (a *fakeArms) Polish(line []int) []int { return line }
func (a *fakeArms) Length(line []int) int   { return len(line) }

// TestFairTurns: arms without a share get equal nodes, turn by turn (a
// chunked arm when its count is lowest); the first win ends Find.
func TestFairTurns(t *testing.T) {
	exact := &fakeArm{}
	restarts := &fakeArm{win: 40_000, line: 10}
	beam := &fakeArm{chunk: 12_000}
	a := &fakeArms{arms: map[Kind]*fakeArm{Exact: exact, Restarts: restarts, Beam: beam}}
	p := Plan{Find: []Step{{Kind: Exact}, {Kind: Restarts}, {Kind: Beam}}}
	r := Run[int](context.Background(), p, a, solver.Options{MaxNodes: 1_000_000})
	if r.Verdict != solver.Winnable || len(r.Line) != 10 {
		t.Fatalf("%v, line %d; want the restarts' win", r.Verdict, len(r.Line))
	}
	// Turns: exact 5k, restarts 5k, beam 12k, then exact and restarts
	// alternate while below 12k, … until restarts reach 40k.
	if exact.used < 35_000 || exact.used > 45_000 || beam.used < 36_000 || beam.used > 48_000 {
		t.Errorf("exact %d, beam %d nodes while restarts won at 40k: the turns are not fair", exact.used, beam.used)
	}
	if r.Stats.Nodes != exact.used+restarts.used+beam.used {
		t.Errorf("stats %d nodes, arms %d", r.Stats.Nodes, exact.used+restarts.used+beam.used)
	}
	if r.StepName() != "restarts" || r.StepNodes != 40_000 {
		t.Errorf("decided by %q after %d nodes; want restarts after 40000", r.StepName(), r.StepNodes)
	}
}

// TestWeightedTurns: a step of weight 1/3 beside three of weight 1 gets a
// tenth of the nodes (to within a turn), and the win of one of weight 1
// after n of its nodes costs about n·W/w = n·10/3 in all, not 4n.
func TestWeightedTurns(t *testing.T) {
	exact, luby, beam := &fakeArm{}, &fakeArm{}, &fakeArm{}
	restarts := &fakeArm{win: 300_000, line: 10}
	a := &fakeArms{arms: map[Kind]*fakeArm{Exact: exact, Restarts: restarts, Luby: luby, Beam: beam}}
	p := Plan{Find: []Step{{Kind: Exact}, {Kind: Restarts}, {Kind: Luby}, {Kind: Beam, Weight: 1.0 / 3}}}
	r := Run[int](context.Background(), p, a, solver.Options{MaxNodes: 10_000_000})
	if r.Verdict != solver.Winnable || r.StepName() != "restarts" || r.StepNodes != 300_000 {
		t.Fatalf("%v by %q after %d nodes; want the restarts' win after 300000", r.Verdict, r.StepName(), r.StepNodes)
	}
	// Luby comes after the restarts in a round: the win ends its last turn.
	if exact.used != 300_000 || luby.used != 295_000 || beam.used < 95_000 || beam.used > 105_000 {
		t.Errorf("exact %d, luby %d, the weighted step %d nodes; want 300000, 295000 and about 100000", exact.used, luby.used, beam.used)
	}
	if r.Stats.Nodes > 1_005_000 {
		t.Errorf("%d nodes in all; want about 1000000 (300000·10/3)", r.Stats.Nodes)
	}
}

// TestShareThenTurns and losses: a step with a share runs alone first,
// for its share only; an exhausted exact search is a loss, an exhausted
// beam is not (it is ignored), and a spent budget is unknown, max-nodes.
func TestShareThenTurns(t *testing.T) {
	exact := &fakeArm{win: 300_000, lost: true}
	restarts := &fakeArm{}
	a := &fakeArms{arms: map[Kind]*fakeArm{Exact: exact, Restarts: restarts}}
	p := Plan{Find: []Step{{Kind: Exact, Share: 0.1}, {Kind: Restarts}}}
	r := Run[int](context.Background(), p, a, solver.Options{MaxNodes: 1_000_000})
	if r.Verdict != solver.Unknown || r.Reason != solver.ReasonMaxNodes || exact.used != 100_000 || restarts.used != 900_000 {
		t.Fatalf("%v %q, exact %d, restarts %d; want unknown max-nodes after 100k + 900k", r.Verdict, r.Reason, exact.used, restarts.used)
	}
	if r.Step != nil || r.StepNodes != 0 {
		t.Errorf("unknown, yet decided by %q after %d nodes", r.StepName(), r.StepNodes)
	}
	lost := &fakeArm{win: 20_000, lost: true}
	beam := &fakeArm{win: 5_000, lost: true, chunk: 5_000}
	a = &fakeArms{arms: map[Kind]*fakeArm{Exact: lost, Beam: beam}}
	r = Run[int](context.Background(), Plan{Find: []Step{{Kind: Beam}, {Kind: Exact}}}, a, solver.Options{MaxNodes: 1_000_000})
	if r.Verdict != solver.Unwinnable {
		t.Fatalf("%v %q; want the exact search's loss (the beam's proves nothing)", r.Verdict, r.Reason)
	}
	if r.StepName() != "exact" || r.StepNodes != 20_000 {
		t.Errorf("decided by %q after %d nodes; want exact after 20000", r.StepName(), r.StepNodes)
	}
	// A step with a share that decides is named with its share's nodes.
	a = &fakeArms{arms: map[Kind]*fakeArm{Exact: {win: 30_000}, Restarts: {}}}
	r = Run[int](context.Background(), p, a, solver.Options{MaxNodes: 1_000_000})
	if r.Verdict != solver.Winnable || r.StepName() != "exact" || r.StepNodes != 30_000 {
		t.Errorf("%v decided by %q after %d nodes; want won by exact after 30000", r.Verdict, r.StepName(), r.StepNodes)
	}
}

// alongFake is a fakeArm that says whether its search started along.
type alongFake struct {
	fakeArm
	along bool
}

func (f *alongFake) StartedAlong() bool { return f.along }

// TestStepAlong: a step with Along is named along only when the search
// that decided started along the line (StartedAlong); an arm that cannot
// tell is named as its step.
func TestStepAlong(t *testing.T) {
	for _, c := range []struct {
		arm  Arm[int]
		want string
	}{
		{&alongFake{fakeArm: fakeArm{win: 7_000}, along: true}, "restarts-along"},
		{&alongFake{fakeArm: fakeArm{win: 7_000}}, "restarts"},
		{&fakeArm{win: 7_000}, "restarts-along"},
	} {
		r := Run[int](context.Background(), Plan{Find: []Step{{Kind: Restarts, Along: true}}}, oneArm{c.arm}, solver.Options{MaxNodes: 100_000})
		if r.Verdict != solver.Winnable || r.StepName() != c.want || r.StepNodes != 7_000 {
			t.Errorf("%T: %v by %q after %d nodes; want won by %s after 7000", c.arm, r.Verdict, r.StepName(), r.StepNodes, c.want)
		}
	}
}

// oneArm hands out one arm for every step.
type oneArm struct{ arm Arm[int] }

func (a oneArm) Arm(Step) Arm[int]            { return a.arm }
func (a oneArm) Bounded(Step, []int) Arm[int] { return nil }
func (a oneArm) Polish(line []int) []int      { return line }
func (a oneArm) Length(line []int) int        { return len(line) }

// TestStepNames: a step's name is its kind and its switches.
func TestStepNames(t *testing.T) {
	for s, want := range map[Step]string{
		{Kind: Exact}:                        "exact",
		{Kind: Exact, Bare: true}:            "exact-bare",
		{Kind: Restarts, Along: true}:        "restarts-along",
		{Kind: Restarts, Streamline: true}:   "restarts-streamlined",
		{Kind: Luby}:                         "luby",
		{Kind: Beam, Width: 16, Along: true}: "beam-along",
		{Kind: Beam, Follow: true}:           "beam-follow",
	} {
		if got := s.String(); got != want {
			t.Errorf("%+v: %q, want %q", s, got, want)
		}
	}
}

// TestShorten: after a win, the bounded arms run with the best line's
// length as bound and keep a shorter line; shortening stops at the good
// length; Ctrl-C while shortening makes the solve stopped, with no line.
func TestShorten(t *testing.T) {
	a := &fakeArms{
		arms:    map[Kind]*fakeArm{Restarts: {win: 1000, line: 900}},
		bounded: []*fakeArm{{win: 2000, line: 700}, {win: 3000, line: 450}, {win: 10, line: 100}},
	}
	p := Plan{Find: []Step{{Kind: Restarts}}, Shorten: []Step{{Kind: Restarts}}, ShortenNodes: 1_000_000, GoodLine: 500}
	r := Run[int](context.Background(), p, a, solver.Options{MaxNodes: 50_000_000})
	if r.Verdict != solver.Winnable || len(r.Line) != 450 {
		t.Fatalf("%v, line %d; want 450 (the good length stops the shortening)", r.Verdict, len(r.Line))
	}
	if len(a.depths) != 2 || a.depths[0] != 900 || a.depths[1] != 700 {
		t.Errorf("bounds %v, want [900 700]", a.depths)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a = &fakeArms{
		arms:    map[Kind]*fakeArm{Restarts: {win: 1000, line: 900}},
		bounded: []*fakeArm{{cancel: cancel}},
	}
	r = Run[int](ctx, p, a, solver.Options{MaxNodes: 50_000_000})
	if r.Verdict != solver.Unknown || r.Reason != solver.ReasonStopped || r.Line != nil {
		t.Fatalf("stopped while shortening: %v %q, line %d; want unknown, stopped, no line", r.Verdict, r.Reason, len(r.Line))
	}
}

// line3 is a game of three moves in a row that is never won: a search
// exhausts it at once.
type line3 struct{}

func (line3) Moves(s *int, buf []int) []int {
	if *s < 3 {
		return append(buf[:0], 1)
	}
	return buf[:0]
}
func (line3) Apply(s *int, m int)     { *s += m }
func (line3) Won(*int) bool           { return false }
func (line3) Key(s *int) solver.Key   { return solver.Key{Lo: uint64(*s) + 1} }
func (line3) MoveClass(*int, int) int { return 0 }
func (line3) Polish(line []int) []int { return line }
func (line3) Length(line []int) int   { return len(line) }

// TestStreamlineProvesNothing: restarts that exhaust the game answer
// unwinnable, the same restarts on a streamlined game (a guess) do not,
// and they search in a table of their own.
func TestStreamlineProvesNothing(t *testing.T) {
	g := line3{}
	a := &Searches[int, int, line3]{Game: g, Bare: g, Streamlined: &g, Lines: g,
		Table: solver.NewFlat(1 << 20), Small: solver.NewFlat(1 << 20), Guess: solver.NewFlat(1 << 20)}
	for _, s := range []Step{{Kind: Restarts}, {Kind: Restarts, Streamline: true}, {Kind: Luby, Streamline: true}} {
		r := Run[int](context.Background(), Plan{Find: []Step{s}}, a, solver.Options{MaxNodes: 1000})
		want := solver.Unwinnable
		if s.Streamline {
			want = solver.Unknown
		}
		if r.Verdict != want {
			t.Errorf("%+v: %v, want %v", s, r.Verdict, want)
		}
	}
	if a.Arm(Step{Kind: Restarts, Streamline: true}).(*restartArm[int, int, line3]).table != a.Guess {
		t.Error("the streamlined restarts search in another step's table")
	}
	if a.Arm(Step{Kind: Exact, Streamline: true}) != nil {
		t.Error("a streamlined exact search: the exact search is the proof")
	}
}

// TestSplit: the parts of a plan give each step the nodes it has in the
// whole plan (to within a turn), their budgets add up to the plan's, and
// a part holds every parts-th step; a win in a part is its step's.
func TestSplit(t *testing.T) {
	p := Plan{Find: []Step{{Kind: Exact, Share: 0.1}, {Kind: Restarts}, {Kind: Luby}, {Kind: Beam, Weight: 1.0 / 3}, {Kind: Rollout, Weight: 2}}}
	kinds := []Kind{Exact, Restarts, Luby, Beam, Rollout}
	const budget = 10_000_000
	run := func(q Plan, nodes int64) map[Kind]int64 {
		a := &fakeArms{arms: map[Kind]*fakeArm{}}
		for _, k := range kinds {
			a.arms[k] = &fakeArm{}
		}
		r := Run[int](context.Background(), q, a, solver.Options{MaxNodes: nodes})
		if r.Verdict != solver.Unknown || r.Stats.Nodes != nodes {
			t.Fatalf("%v after %d nodes of %d", r.Verdict, r.Stats.Nodes, nodes)
		}
		used := map[Kind]int64{}
		for k, f := range a.arms {
			used[k] = f.used
		}
		return used
	}
	whole := run(p, budget)
	for parts := 2; parts <= 6; parts++ {
		var sum int64
		got := map[Kind]int64{}
		for k := range parts {
			q, nodes := Split(p, k, parts, budget)
			if want := (len(p.Find) - k + parts - 1) / parts; len(q.Find) != want {
				t.Fatalf("%d parts: part %d holds %d steps, want %d", parts, k, len(q.Find), want)
			}
			if len(q.Find) > 0 && q.Find[0].Kind != p.Find[k].Kind {
				t.Errorf("%d parts: part %d starts with step %v", parts, k, q.Find[0])
			}
			sum += nodes
			if len(q.Find) == 0 {
				continue
			}
			for kind, n := range run(q, nodes) {
				got[kind] += n
			}
		}
		if sum != budget {
			t.Errorf("%d parts: budgets add up to %d, want %d", parts, sum, budget)
		}
		for _, k := range kinds {
			if d := got[k] - whole[k]; d < -2*DefaultUnit || d > 2*DefaultUnit {
				t.Errorf("%d parts: step %v got %d nodes, %d in the whole plan", parts, k, got[k], whole[k])
			}
		}
	}
	// A budget smaller than the parts: they add up to it, some parts get
	// none.
	for _, small := range []int64{1, 2, 7, 1000} {
		var sum int64
		for k := range 5 {
			_, n := Split(p, k, 5, small)
			if n < 0 {
				t.Errorf("budget %d, part %d: %d nodes", small, k, n)
			}
			sum += n
		}
		if sum != small {
			t.Errorf("budget %d in 5 parts: %d in all", small, sum)
		}
	}
	if q, n := Split(p, 0, 1, budget); len(q.Find) != len(p.Find) || n != budget {
		t.Errorf("one part: %d steps, %d nodes", len(q.Find), n)
	}
	if q, n := Split(p, 1, 2, 0); len(q.Find) != 2 || n != 0 {
		t.Errorf("no budget: %d steps, %d nodes; want 2 steps and none", len(q.Find), n)
	}
}
