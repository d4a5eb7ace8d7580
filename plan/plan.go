// Package plan runs a solve as a plan: named steps held as data, and one
// runner that owns the node budget, the clock, the steps' tables' memory
// (SmallTableBytes, LargeTableBytes), the progress of the whole solve and
// its split across workers: Solve (split.go) splits a plan among
// goroutines (Split), each part a Run (run.go). It knows no game: a game
// hands it its Arms (arms.go: Searches, the exact search and the restarts;
// a game adds its own kinds, as ventaglio/solve does). An ablation is a
// plan without one of its parts (Step.Part, Plan.Without).
//
// # Data
//
// A Plan is two lists of Steps. Find decides the deal: the steps with a
// Share run first, one after another, each for its share of the node
// budget; then the others share what is left in turns of one Unit of nodes
// each (a parallel portfolio simulated by time slicing), weighted: the
// step whose used nodes over its Weight are fewest goes next, so step i
// gets w_i/W of the nodes, W the sum of the weights. A deal that step j
// decides after n_j of its own nodes then costs at most n_j·W/w_j in all
// (plus one turn or chunk of each other step), without knowing which step
// that is: with equal weights, k times the best of its k steps. Shorten
// runs after a win, in turns too, with a budget of its own, and keeps the
// shortest line.
//
// A step is an Arm of the game: a search that can be run a slice at a time
// and goes on where it stopped. The kinds:
//   - Exact: the exhaustive depth-first search with the transposition
//     table, resumed slice after slice (solver.Searcher.Resume): its end is
//     a proof, and it never repeats its work.
//   - Restarts: randomized restarts of Unit nodes each
//     (solver.Restarter), the restart under way resumed at the next turn.
//     In Find, with Along, every other restart starts from a position
//     along the best line so far (the line to the position of highest
//     Searches.Score any restart made) instead of from the start.
//   - Luby: the same with Luby budgets (Unit, Unit, 2 Unit, …).
//   - Beam: a beam search (a game's line finder), width Width. In
//     Find, with Along, every other beam starts from a position along the
//     line to the best-scored position a beam of the step kept.
//   - Rollout: nested rollouts of a policy (a game's line finder), one
//     search resumed slice after slice; its end proves nothing.
//
// A Shorten step with Along starts its searches from positions along the
// shortest line so far instead of from the start, and answers that line's
// moves up to there followed by the win it found: a late position is
// nearer a win, so such a search wins with a fraction of the nodes a search
// from the start needs, and the wandering it replaces is gone.
//
// A Shorten step with Follow is a search that makes the shortest line's
// commitments (the moves the game cannot undo) in that line's order and
// plans the rest afresh: the wandering of the search that found the line
// is mostly moves that serve only its own detours.
//
// Restarts with Along in Find build on the best line the restarts found,
// the line to the position of highest score (Il Ventaglio: the most cards
// up; Best): restart k from along it starts where the score first reaches
// v(k) of the way from the start's to the best, v the van der Corput
// sequence 1/2, 1/4, 3/4, 1/8, … (Point). A long game whose choices
// cannot be undone (Il Ventaglio's last pass, where a card drawn buries
// the waste's top) loses a restart from the start on any one of them, so a
// good prefix is worth keeping. The restarts from the start keep the
// step's end exact and its cost, in expectation, within twice the plain
// restarts' (half its restarts are theirs, each an independent draw of the
// same kind), so a plan in turns costs at most 2W/w times plain restarts
// of weight w where they are the best step, and W/w times any other step
// of weight w. A
// better line replaces the best, its prefix included. A Beam step with
// Along in Find does the same with its beams and its own best line (the
// line to the most cards up a beam kept): every other beam starts along
// it, the others are the plain step's beams, so its cost is within twice
// theirs too. Each step builds on its own kind of line: a beam's best line
// is a plan made one move a layer, a restart's a dive with its detours
// (measured, docs/experiments.md: one best line shared by both steps did
// worse).
//
// Only Exact and the restarts are exact searches: an arm of theirs that
// exhausts the space without a win proves the deal lost (for restarts with
// Along, a restart from the start; one from along the line proves only its
// own start lost). A beam that ends
// proves nothing. A win from any arm is a legal line (the caller replays it
// through the referee before it prints it).
//
// In Shorten, the restarts run with a depth bound one move below the
// shortest line so far, so every win they find is shorter; the bound cuts
// branches (solver.Options.MaxDepth), it never ends a search as a whole.
package plan

import "slices"

// Kind is the search a Step makes.
type Kind uint8

// The kinds of step (see the package doc).
const (
	Exact Kind = iota
	Restarts
	Luby
	Beam
	Rollout
)

// Step is one step of a plan.
type Step struct {
	Kind Kind
	// Bare: the search on the bare rules, without the game's move
	// ordering and pruning (the plain baseline).
	Bare bool
	// Share is the fraction of the node budget the step gets alone, before
	// the steps without one take their turns (0: it takes turns).
	Share float64
	// Width is a beam's width, in positions per layer.
	Width int
	// Along: in Shorten, the search starts from positions along the
	// shortest line so far; for Restarts or Beam in Find, every other
	// restart or beam starts from a position along the best-scored line
	// the step found so far (see the package doc).
	Along bool
	// Follow: in Shorten, the search makes the shortest line's
	// commitments in order and plans the moves between them afresh (see
	// the package doc).
	Follow bool
	// Streamline: the restarts search the game's streamlined rules
	// (Searches.Streamlined: some moves dropped by a guess), a line
	// finder whose end proves nothing.
	Streamline bool
	// Weight is the step's weight in turns (0: 1): it gets
	// Weight/W of the nodes, W the weights' sum (see the package doc).
	Weight float64
}

// weight is the step's weight in turns: Weight, or 1 without one.
func (s Step) weight() float64 {
	if s.Weight <= 0 {
		return 1
	}
	return s.Weight
}

// kindNames are the kinds' names, in Kind order.
var kindNames = [...]string{Exact: "exact", Restarts: "restarts", Luby: "luby", Beam: "beam", Rollout: "rollout"}

// String names the step as records do (Result.Step): the kind, then
// "-bare", "-streamlined", "-along" and "-follow" for the switches it has
// on, e.g. "beam-along", "restarts", "restarts-streamlined".
func (s Step) String() string {
	name := "kind?"
	if int(s.Kind) < len(kindNames) {
		name = kindNames[s.Kind]
	}
	for _, sw := range []struct {
		on   bool
		name string
	}{{s.Bare, "-bare"}, {s.Streamline, "-streamlined"}, {s.Along, "-along"}, {s.Follow, "-follow"}} {
		if sw.on {
			name += sw.name
		}
	}
	return name
}

// partNames are the kinds' parts (Step.Part), in Kind order.
var partNames = [...]string{Exact: "exact", Restarts: "restarts", Luby: "luby", Beam: "beams", Rollout: "rollout"}

// PartShorten is the part of a plan that is its shortening: Shorten and
// its budget (Plan.Without).
const PartShorten = "shorten"

// Part names the part of a plan the step belongs to, as an ablation leaves
// it out (Plan.Without): its kind's ("exact", "restarts", "luby", "beams",
// "rollout"), whatever its switches, except streamlined restarts, a part of
// their own ("streamlined").
func (s Step) Part() string {
	if s.Streamline {
		return "streamlined"
	}
	if int(s.Kind) < len(partNames) {
		return partNames[s.Kind]
	}
	return "kind?"
}

// PartDoc says what part (Step.Part, PartShorten) is, for an ablation's
// doc: "the plan without " and this.
func PartDoc(part string) string {
	switch part {
	case "exact":
		return "the exact search"
	case "restarts":
		return "the fixed restarts (in finding and shortening)"
	case "luby":
		return "the Luby restarts"
	case "beams":
		return "the beams (in finding and shortening)"
	case "streamlined":
		return "the streamlined restarts"
	case "rollout":
		return "the nested rollouts"
	case PartShorten:
		return "the shortening step (its searches: the line is still tidied without search)"
	}
	return "part " + part
}

// Parts lists p's parts (Step.Part) in the order Find then Shorten first
// names them, then PartShorten if p shortens: the ablations p has.
func (p Plan) Parts() []string {
	var out []string
	for _, s := range append(append([]Step(nil), p.Find...), p.Shorten...) {
		if part := s.Part(); !slices.Contains(out, part) {
			out = append(out, part)
		}
	}
	if p.ShortenNodes > 0 && len(p.Shorten) > 0 {
		out = append(out, PartShorten)
	}
	return out
}

// Without is p with part left out: its steps (Step.Part) gone from Find
// and Shorten, or for PartShorten no shortening search (the line is still
// polished). "" is p as it is.
func (p Plan) Without(part string) Plan {
	if part == "" {
		return p
	}
	if part == PartShorten {
		p.Shorten, p.ShortenNodes = nil, 0
		return p
	}
	kept := func(steps []Step) []Step {
		var out []Step
		for _, s := range steps {
			if s.Part() != part {
				out = append(out, s)
			}
		}
		return out
	}
	p.Find, p.Shorten = kept(p.Find), kept(p.Shorten)
	return p
}

// Plan is a solve held as data.
type Plan struct {
	Name string
	// Find decides the deal; Shorten polishes a winning line.
	Find, Shorten []Step
	// ShortenNodes is Shorten's budget in nodes (also bounded by what is
	// left of the solve's budget and time); 0: no shortening search.
	ShortenNodes int64
	// GoodLine is the line length (moves, as written) at which shortening
	// stops: a person follows a line this long (0: shorten to the budget).
	GoodLine int
}

// DefaultUnit is the nodes of one turn and of one fixed restart: 5,000, the
// restart size of the plain reference solver the bench compares against
// (docs/design.md).
const DefaultUnit = 5_000

// The named plans.

// Exhaustive is one exact search with the whole budget.
func Exhaustive() Plan { return Plan{Name: "exact", Find: []Step{{Kind: Exact}}} }

// Reference is the plain reference solver the bench measures every default
// against: the exact search on the bare rules for a tenth of the budget,
// then bare restarts of DefaultUnit nodes.
func Reference() Plan {
	return Plan{Name: "dfs-restarts", Find: []Step{{Kind: Exact, Bare: true, Share: 0.1}, {Kind: Restarts, Bare: true}}}
}

// Turns is fixed restarts along the best line (every other one from the
// start) and Luby restarts in turns of DefaultUnit nodes, then shortening
// by the fixed restarts bounded below the best line, for shortenNodes nodes
// or until the line has goodLine moves. A game adds its own steps. No Luby
// restarts in shortening: their long restarts are for proofs, which
// shortening does not need, and on Il Ventaglio's seeds 1..5000 and
// 1000001..1005000 they shortened no line (the same lines without them,
// 6-7% fewer nodes: docs/experiments.md, "Shortening, cheaper"). No exact
// search: the Luby restarts' budgets grow without bound, so one of them
// exhausts any finite space and they can prove a deal lost as it can, and
// on Il Ventaglio the exact search decided nothing the others did not
// (docs/experiments.md, "Which step decides"); a game whose spaces are small
// puts it first.
func Turns(shortenNodes int64, goodLine int) Plan {
	return Plan{
		Name:         "turns",
		Find:         []Step{{Kind: Restarts, Along: true}, {Kind: Luby}},
		Shorten:      []Step{{Kind: Restarts}},
		ShortenNodes: shortenNodes,
		GoodLine:     goodLine,
	}
}

// Split is part k of parts of p for a solve on parts goroutines, and that
// part's node budget out of maxNodes (0: none, then 0 too): the Find steps
// whose index is k modulo parts, each with the nodes it has in p, and p's
// Shorten. A step with a Share keeps its budget, Share times maxNodes; the
// turns' steps keep their weights, and the part's budget holds what those
// steps have of the turns' nodes in p (the budget left by the shares,
// shared by weight). So every step gets the nodes it gets in p, and a
// step that wins within them in p wins within them in its part: the parts
// together reach p's verdict at p's budget (a part whose search proves the
// deal lost proves it as p's would). The parts' budgets add up to
// maxNodes exactly (each part's is the rounding down of its share's end
// less that of its start), so a part may get 0 of a small budget: then it
// must not run (Run would take 0 for no bound). Which win comes first,
// and so the line, depends on the parts' speeds. A part may hold no Find
// step (parts more than p's steps): it decides nothing.
func Split(p Plan, k, parts int, maxNodes int64) (Plan, int64) {
	if parts <= 1 {
		return p, maxNodes
	}
	var shares, weights float64
	for _, s := range p.Find {
		if s.Share > 0 {
			shares += s.Share
		} else {
			weights += s.weight()
		}
	}
	// frac[j] is part j's fraction of maxNodes.
	frac := make([]float64, parts)
	q := p
	q.Find = nil
	for i, s := range p.Find {
		j := i % parts
		if j == k {
			q.Find = append(q.Find, s)
		}
		switch {
		case s.Share > 0:
			frac[j] += s.Share
		case weights > 0:
			frac[j] += max(1-shares, 0) * s.weight() / weights
		}
	}
	if maxNodes <= 0 {
		return q, 0
	}
	var from float64
	for _, f := range frac[:k] {
		from += f
	}
	at := func(f float64) int64 { return min(int64(f*float64(maxNodes)), maxNodes) }
	budget := at(from+frac[k]) - at(from)
	if k == parts-1 {
		budget = maxNodes - at(from) // the rounding's rest
	}
	// Run gives a Share step Share times its own budget: rescale to keep
	// the step's nodes.
	for i := range q.Find {
		if s := &q.Find[i]; s.Share > 0 && budget > 0 {
			s.Share = s.Share * float64(maxNodes) / float64(budget)
		}
	}
	return q, budget
}
