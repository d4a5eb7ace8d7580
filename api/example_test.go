package api_test

import (
	"context"
	"fmt"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/solution"
)

// A Go program asks whether a deal can be won and gets the solution
// object solve --json prints.
func ExampleSolve() {
	seed := uint64(1)
	sol, err := api.Solve(context.Background(), api.Request{Game: "reloj", Seed: &seed}, api.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Result, len(sol.Moves), "moves, first", sol.Moves[0])
	// Output: winnable 62 moves, first stock -> waste CE
}

// The position after some moves, with the moves legal there (each
// confirmed by the referee).
func ExamplePosition() {
	seed := uint64(1)
	p, err := api.Position(api.Request{Game: "reloj", Seed: &seed, Moves: []solution.Move{{From: "stock", To: "waste", Card: "CE"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range p.Legal {
		fmt.Println(l.Text)
	}
	// Output:
	// stock 7O -> pile 6 (on 6E)
	// stock 7O -> pile 7
}

// Call is the same layer for a caller holding JSON: the WebAssembly build
// answers the page through it.
func ExampleCall() {
	answer, err := api.Call(context.Background(), "hint", []byte(`{"game":"reloj","seed":1,"moves":[{"from":"stock","to":"waste","card":"CE"}]}`), api.Options{})
	fmt.Println(err)
	fmt.Println(string(answer)[:92])
	_, err = api.Call(context.Background(), "solve", []byte(`{"game":"reloj","seed":"one"}`), api.Options{})
	fmt.Println(err)
	// Output:
	// <nil>
	// {"game":"reloj","seed":1,"after":1,"result":"winnable","next":{"from":"stock","to":"pile:7",
	// "seed" "one": not a seed: want a decimal number from 0 to 18446744073709551615
}
