package orologio

import (
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
)

// BenchmarkItalianPlay measures a whole play-out by Moves/Apply/Key: the
// search's hot path. 0 allocs/op.
func BenchmarkItalianPlay(b *testing.B) {
	g, start, _ := NewItalian(deck.Deal(deck.Italian, 1, 7))
	testkit.BenchPlayOut(b, g, start)
}

// BenchmarkFrenchPlay is BenchmarkItalianPlay for the classic Clock.
func BenchmarkFrenchPlay(b *testing.B) {
	g, start, _ := NewFrench(deck.Deal(deck.French, 1, 7))
	testkit.BenchPlayOut(b, g, start)
}
