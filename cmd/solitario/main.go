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
	code := cli.Run(ctx, os.Args[1:], cli.StdIO())
	stop()
	os.Exit(code)
}
