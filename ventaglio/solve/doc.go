// Package solve is Il Ventaglio's solve (RULES.md, "Il Ventaglio") as a
// plan (package plan): the steps held as data (Plan: fixed restarts along
// the best line, Luby restarts, beams along and streamlined restarts in
// turns, under --empty-provisional never nested rollouts too, then
// shortening by bounded restarts and beams along and following the line),
// the arms that make package ventaglio's searches those steps (arms.go),
// and Solve, which runs the plan with plan.Solve (budget, clock, memory,
// progress and the split across workers are the runner's). Ablations are
// the plan without one of its parts (Ablations, plan.Plan.Without).
//
// Files: plan.go (the plan, its constants, the search heap, the
// ablations), arms.go (the beams as arms: from the start, along the best
// line, following the line), solve.go (Solve).
package solve
