package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/board"
)

// boardOptions are the board command's flags.
type boardOptions struct {
	addr   string // --addr: where to listen (default loopback, a free port)
	export string // --export DIR: write the folder instead of serving it
	force  bool   // --force: --export may replace the board's files in DIR
	// addrGiven: --addr was on the command line (with --export it would be
	// taken and ignored).
	addrGiven bool
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
server can serve it (it serves nothing itself, so --addr with it is refused). A file of
the board's already in DIR is refused unless --force
is given, and a symbolic link or a folder of one of those names always is: nothing is
written until every name has been checked, and each file is written whole (a temporary
file in DIR, renamed).

solitario.wasm is built into a solitario made after 'go generate ./board'; otherwise it
is built with the local Go toolchain from the source tree the command runs in ('go run
./cmd/solitario board' from a clone), once, into the user's cache folder.

Exit codes:
  0    served until Ctrl-C, or the folder was written
  2    error: bad flag or address, the port is taken, solitario.wasm could not be built;
       --export: DIR (or a folder above it) is a file, not a folder (the file is left as it is)
  5    --export: the folder could not be written`,
		Example: `  solitario board
  solitario board --addr 127.0.0.1:8080
  solitario board --export site/
  solitario board --export site/ --force`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.addrGiven = c.Flags().Changed("addr")
			return runBoard(c.Context(), sio, o)
		},
	}
	// Not "": net.Listen would take it for every interface, where the
	// board listens on loopback unless another host is given.
	o.addr = "127.0.0.1:0"
	c.Flags().Var(nonEmptyValue{stringFlag{&o.addr}, "empty address (want HOST:PORT, e.g. 127.0.0.1:8080; the default is 127.0.0.1 at a free port)"}, "addr", "address to listen on, HOST:PORT (port 0: a free one); another host than loopback only when given")
	pathFlag(c, &o.export, "export", "", "write the board's folder into DIR (made if missing) instead of serving it")
	c.Flags().BoolVar(&o.force, "force", false, "--export: replace the board's files in DIR if they exist and hold something (refused without it); a symbolic link is refused even so")
	return c
}

// runBoard serves or exports the board.
func runBoard(ctx context.Context, sio *IO, o boardOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if o.force && o.export == "" {
		return withCode(ExitError, errors.New("--force needs --export DIR: it lets the board's files replace files that hold something"))
	}
	if o.addrGiven && o.export != "" {
		return withCode(ExitError, errors.New("--addr and --export: --export writes the board's files and serves nothing; give one of them"))
	}
	var ln net.Listener
	if o.export == "" { // the address first: a bad one costs no build
		var err error
		if ln, err = net.Listen("tcp", o.addr); err != nil {
			return withCode(ExitError, fmt.Errorf("--addr %s: %v", o.addr, err))
		}
		defer ln.Close()
	}
	if o.export != "" { // the folder first: a refusal costs no build (a minute)
		if err := checkExport(board.Names(), o.export, o.force); err != nil {
			return err
		}
	}
	progress := func(s string) { fmt.Fprintln(sio.Err, "solitario: board: "+s) }
	files, err := board.Files(ctx, progress)
	if err != nil {
		return withCode(ExitError, err)
	}
	if o.export != "" {
		if err := exportBoard(files, o.export, o.force); err != nil {
			return err
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

// exportBoard writes files into dir (made if missing), each whole through
// writeFileAtomic: what any static host serves. Every name is checked
// before anything is written, so that a refusal leaves no half-written
// folder: a file of the same name that holds something is refused unless
// force (checkOverwrite), and a symbolic link, a folder or anything else
// that is no regular file always is (the link may point anywhere; the
// folder is the user's). Nothing else in dir is touched.
func exportBoard(files map[string][]byte, dir string, force bool) error {
	names := slices.Sorted(maps.Keys(files))
	if err := checkExport(names, dir, force); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return withCode(ExitOutput, fmt.Errorf("--export %s: %v", dir, err))
	}
	for _, n := range names {
		data := files[n]
		err := writeFileAtomic("--export", filepath.Join(dir, n), force, func(f *os.File) error {
			_, err := f.Write(data)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// checkExport checks dir for the files names before anything is written
// (exportBoard's refusals): runBoard asks it before the engine is built,
// and exportBoard again before writing.
func checkExport(names []string, dir string, force bool) error {
	if err := exportFolder(dir); err != nil {
		return err
	}
	for _, n := range names {
		p := filepath.Join(dir, n)
		st, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return withCode(ExitOutput, outputError("--export", p, err))
		case st.Mode()&os.ModeSymlink != 0:
			return withCode(ExitError, fmt.Errorf("--export %s: %s is a symbolic link: the board's files are never written through one (remove it, or give another folder)", dir, p))
		case st.IsDir():
			return outputDir("--export", p, "")
		case !st.Mode().IsRegular():
			return withCode(ExitError, fmt.Errorf("--export %s: %s is not a regular file (remove it, or give another folder)", dir, p))
		}
		if err := checkOverwrite("--export", p, force); err != nil {
			return err
		}
	}
	return nil
}

// exportFolder refuses dir when it, or a folder above it, is a file (not a
// folder): a usage error, as a folder given to --out is, said naming the
// file; the file is never touched. A dir that does not exist is made.
func exportFolder(dir string) error {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err == nil && !st.IsDir() {
			if d == filepath.Clean(dir) {
				return withCode(ExitError, fmt.Errorf("--export %s: is a file, not a folder: give a folder, new or the board's (the file is left as it is)", dir))
			}
			return withCode(ExitError, fmt.Errorf("--export %s: %s is a file, not a folder: give a folder, new or the board's (the file is left as it is)", dir, d))
		}
		// Only "not a directory" can mean a file further up; anything
		// else (it exists, it is missing, no permission) is for the
		// writes to say.
		if !errors.Is(err, syscall.ENOTDIR) || filepath.Dir(d) == d {
			return nil
		}
	}
}
