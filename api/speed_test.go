package api

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkCall times single requests, each on a fresh Engine (Call) and
// on one Engine kept across them: the per-request cost (deal) and small
// searches. Natively, or as WebAssembly under node:
//
//	PATH=$PATH:$(go env GOROOT)/lib/wasm GOOS=js GOARCH=wasm go test ./api -run X -bench Call
func BenchmarkCall(b *testing.B) {
	for _, c := range []struct {
		entry, game string
		seed        int
	}{
		{"deal", "reloj", 5}, {"solve", "sietes", 5}, {"solve", "reloj", 5}, {"solve", "ventaglio", 3}, {"solve", "ventaglio", 1},
	} {
		req := []byte(fmt.Sprintf(`{"game":%q,"seed":%d}`, c.game, c.seed))
		e := NewEngine()
		for _, kept := range []bool{false, true} {
			name := fmt.Sprintf("%s-%s-%d-fresh", c.entry, c.game, c.seed)
			call := Call
			if kept {
				name, call = name[:len(name)-len("fresh")]+"engine", e.Call
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := call(context.Background(), c.entry, req, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkSeeds solves seeds 1..n of each game in turn on one Engine, as
// the board's worker and wasmspeed's native side do: ns/op is a deal's
// mean.
func BenchmarkSeeds(b *testing.B) {
	for _, c := range []struct {
		game string
		n    int
	}{{"reloj", 200}, {"sietes", 200}, {"ventaglio", 30}} {
		e := NewEngine()
		b.Run(c.game, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				req := fmt.Sprintf(`{"game":%q,"seed":%d}`, c.game, 1+i%c.n)
				if _, err := e.Call(context.Background(), "solve", []byte(req), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
