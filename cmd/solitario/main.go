// Command solitario is the command line of the solitario solver: see
// package cli for the commands and README.md for usage.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/solitario/solitario/cli"
)

func main() {
	// Ctrl-C, and the SIGTERM that Kubernetes and Slurm send before a kill,
	// cancel the context: long commands stop cleanly with what they have.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// Caught, they no longer end the process: one blocked where it does
	// not look at the context (opening a FIFO that no one writes, writing
	// to a pipe that no one reads) would be deaf to them. After the first,
	// the second ends it as an uncaught signal does.
	go func() {
		<-ctx.Done()
		stop()
	}()
	// A closed pipe on standard output ends the command quietly with exit
	// 141 (README, "Exit codes"), through cli.Run: with SIGPIPE notified, a
	// write to it fails with EPIPE instead of the runtime killing the
	// process at once, which could leave a --jsonl file's line torn.
	// Nothing reads the channel; the signal only has to be caught.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	code := cli.Run(ctx, os.Args[1:], cli.StdIO())
	stop()
	os.Exit(code)
}
