// Command solitario is the command line of the solitario solver: see
// package cli for the commands and README.md for usage.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/solitario/solitario/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Run(ctx, os.Args[1:], cli.StdIO())
	stop()
	os.Exit(code)
}
