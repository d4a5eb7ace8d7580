//go:build js && wasm

package solver

import "errors"

// newRistrettoTable refuses: the browser's build leaves the ristretto table
// out (ristretto.go says why); its engine never asks for one.
func newRistrettoTable(int64) (Table, error) {
	return nil, errors.New("the ristretto transposition table is not in the WebAssembly build (use --tt flat)")
}
