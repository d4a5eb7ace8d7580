package orologio

import (
	"testing"

	"github.com/solitario/solitario/deck"
)

// BenchmarkItalianPlay measures a whole play-out by Moves/Apply/Key: the
// search's hot path. 0 allocs/op.
func BenchmarkItalianPlay(b *testing.B) {
	g, start, _ := NewItalian(deck.Deal(deck.Italian, 1, 7))
	buf := make([]Move40, 0, 4)
	b.ReportAllocs()
	nodes := 0
	for b.Loop() {
		s := start
		for !g.Won(&s) {
			buf = g.Moves(&s, buf)
			if len(buf) == 0 {
				break
			}
			g.Apply(&s, buf[0])
			_ = g.Key(&s)
			nodes++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(nodes, 1)), "ns/node")
}

// BenchmarkFrenchPlay is BenchmarkItalianPlay for the classic Clock.
func BenchmarkFrenchPlay(b *testing.B) {
	g, start, _ := NewFrench(deck.Deal(deck.French, 1, 7))
	buf := make([]Move52, 0, 4)
	b.ReportAllocs()
	nodes := 0
	for b.Loop() {
		s := start
		for !g.Won(&s) {
			buf = g.Moves(&s, buf)
			if len(buf) == 0 {
				break
			}
			g.Apply(&s, buf[0])
			_ = g.Key(&s)
			nodes++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(nodes, 1)), "ns/node")
}
