// Command resultsdoc regenerates bench/RESULTS.md from the result files in
// bench/results (bench.ResultsDoc). Run it from the repository's root:
//
//	go run ./bench/cmd/resultsdoc
package main

import (
	"fmt"
	"os"

	"github.com/solitario/solitario/bench"
)

func main() {
	doc, err := bench.ResultsDoc("bench/results")
	if err == nil {
		err = os.WriteFile("bench/RESULTS.md", doc, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "resultsdoc:", err)
		os.Exit(1)
	}
}
