package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/board"
)

// boardOptions are the board command's flags.
type boardOptions struct {
	addr   string // --addr: where to listen (default loopback, a free port)
	export string // --export DIR: write the folder instead of serving it
}

// newBoardCmd serves the analysis board on loopback, or writes its folder.
func newBoardCmd(sio *IO) *cobra.Command {
	var o boardOptions
	c := &cobra.Command{
		Use:   "board [--addr HOST:PORT] [--export DIR]",
		Short: "Serve the analysis board: play, enter and study any deal in the browser",
		Long: `board serves the analysis board on loopback and prints its address; open it in a browser
(nothing is opened by itself). The page plays, enters and studies a deal of every game,
with the solver itself running in the page (the engine compiled to WebAssembly, in a Web
Worker): nothing is sent anywhere. The server serves the board's own files and nothing
else, on 127.0.0.1 at a free port unless --addr says otherwise; Ctrl-C stops it.

--export DIR writes the board's folder (index.html, the JavaScript module solitario.js
and its worker.js, wasm_exec.js, solitario.wasm, ...) into DIR instead: any static web
server can serve it.

solitario.wasm is built into a solitario made after 'go generate ./board'; otherwise it
is built with the local Go toolchain from the source tree the command runs in ('go run
./cmd/solitario board' from a clone), once, into the user's cache folder.

Exit codes:
  0    served until Ctrl-C, or the folder was written
  2    error: bad flag or address, the port is taken, solitario.wasm could not be built
  5    --export: the folder could not be written`,
		Example: `  solitario board
  solitario board --addr 127.0.0.1:8080
  solitario board --export site/`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runBoard(c.Context(), sio, o) },
	}
	c.Flags().StringVar(&o.addr, "addr", "127.0.0.1:0", "address to listen on, HOST:PORT (port 0: a free one); another host than loopback only when given")
	pathFlag(c, &o.export, "export", "", "write the board's folder into DIR (made if missing) instead of serving it")
	return c
}

// runBoard serves or exports the board.
func runBoard(ctx context.Context, sio *IO, o boardOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	var ln net.Listener
	if o.export == "" { // the address first: a bad one costs no build
		var err error
		if ln, err = net.Listen("tcp", o.addr); err != nil {
			return withCode(ExitError, fmt.Errorf("--addr %s: %v", o.addr, err))
		}
		defer ln.Close()
	}
	progress := func(s string) { fmt.Fprintln(sio.Err, "solitario: board: "+s) }
	files, err := board.Files(ctx, progress)
	if err != nil {
		return withCode(ExitError, err)
	}
	if o.export != "" {
		if err := board.Export(files, o.export); err != nil {
			return withCode(ExitOutput, fmt.Errorf("--export %s: %v", o.export, err))
		}
		fmt.Fprintf(sio.Out, "wrote the board's %d files to %s\n", len(files), o.export)
		return nil
	}
	srv := &http.Server{Handler: board.Handler(files), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(sio.Out, "the board is at http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			return withCode(ExitError, err)
		}
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}
	return nil
}
