// Command gen builds the board's generated files, solitario.wasm and
// wasm_exec.js, into board/static, so that a build made after it embeds
// them: `go generate ./board` (from the module source), then `go install
// ./cmd/solitario` is a solitario whose board needs no Go toolchain. The
// files are not committed (.gitignore).
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/solitario/solitario/board"
)

func main() {
	ctx := context.Background()
	root, err := board.ModuleRoot(ctx)
	if err == nil {
		err = board.Build(ctx, root, filepath.Join(root, "board", "static"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "board/gen:", err)
		os.Exit(1)
	}
}
