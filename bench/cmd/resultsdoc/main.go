// Command resultsdoc regenerates bench/RESULTS.md from the result files in
// bench/results (bench.ResultsDoc), and the reference table of
// docs/winrates.md from those named GAME-table-VARIANT (bench.TablePage).
// Run it from the repository's root:
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
	if err == nil {
		err = writeTablePage("docs/winrates.md")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "resultsdoc:", err)
		os.Exit(1)
	}
}

// writeTablePage renders the reference table into the page at path.
func writeTablePage(path string) error {
	page, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	page, err = bench.TablePage("bench/results", page)
	if err != nil {
		return err
	}
	return os.WriteFile(path, page, 0o644)
}
