package solver

// Key identifies a position for the transposition table and the path set:
// 128 bits. Games whose canonical position fits in 128 bits use it as the key
// (exact); larger games use a 128-bit hash of the canonical position, whose
// chance of any collision over n positions is about n²/2^129: 2^-49 for
// n = 2^40 (state/ventaglio/doc.go).
type Key struct{ Hi, Lo uint64 }

// Game is the rules of one game as the search sees them. S is the position,
// a value type; M is a move. Implementations are small value types (a struct
// of options). The search passes its own frames' positions by pointer: a
// method must not keep the pointer after it returns. Solve is instantiated
// with the implementation's type; Go calls its methods through the generic
// dictionary, which measured a little faster than an interface type as G
// (docs/experiments.md).
type Game[S any, M any] interface {
	// Moves appends the moves to search from s to buf[:0] and returns it, in
	// the order to try. A heuristic wrapper may order them or drop moves that
	// provably never change the verdict; an empty list ends the branch.
	// It must depend on s alone (and on what the game proved before, not
	// on which positions were asked): the search asks for a child's moves
	// before it knows whether it searches the child.
	Moves(s *S, buf []M) []M
	// Apply plays m on s in place. m came from Moves(s).
	Apply(s *S, m M)
	// Won reports whether s is a won position.
	Won(s *S) bool
	// Key is s's canonical key: equal keys must mean the same future (the
	// same moves lead to won positions); positions with the same future
	// should share a key, so transpositions are found.
	Key(s *S) Key
}
