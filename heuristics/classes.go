package heuristics

import (
	"github.com/solitario/solitario/state/reloj"
	"github.com/solitario/solitario/state/sietes"
)

// Move classes for randomized restarts (solver.Ranked): a restart keeps
// class 0, the moves that put a card where it stays (the circle, a
// foundation), first, and shuffles the rest (draws, redeals, frame moves).

// MoveClass is 0 for a card placed in the circle, 1 for a draw or redeal.
func (h Reloj) MoveClass(_ *reloj.State, m reloj.Move) int {
	if k := m.Kind(); k == reloj.Draw || k == reloj.Redeal {
		return 1
	}
	return 0
}

// MoveClass is 0 for a card to a foundation, 1 otherwise.
func (h Sietes) MoveClass(_ *sietes.State, m sietes.Move) int {
	switch m.Kind() {
	case sietes.StockFound, sietes.WasteFound, sietes.FrameFound:
		return 0
	}
	return 1
}
