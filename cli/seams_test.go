package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/games"
)

// The commands over another games table: each passes the command's own run
// function as its runF, with lookup in place of games.Lookup.

func solveCmd(io *IO, lookup func(string) (games.Entry, error)) *cobra.Command {
	return newSolveCmd(io, func(ctx context.Context, o *solveOptions) error {
		o.lookup = lookup
		return runSolve(ctx, io, o)
	})
}

func verifyCmd(io *IO, lookup func(string) (games.Entry, error)) *cobra.Command {
	return newVerifyCmd(io, func(o *verifyOptions) error {
		o.lookup = lookup
		return runVerify(io, o)
	})
}

func analyzeCmd(io *IO, lookup func(string) (games.Entry, error)) *cobra.Command {
	return newAnalyzeCmd(io, func(ctx context.Context, o *analyzeOptions) error {
		o.lookup = lookup
		return runAnalyze(ctx, io, o)
	})
}

func genCmd(io *IO, lookup func(string) (games.Entry, error)) *cobra.Command {
	return newGenCmd(io, func(ctx context.Context, o *genOptions) error {
		o.lookup = lookup
		return runGen(ctx, io, o)
	})
}

func benchCmd(io *IO, lookup func(string) (games.Entry, error)) *cobra.Command {
	return newBenchCmd(io, func(ctx context.Context, o *benchOptions) error {
		o.lookup = lookup
		return runBench(ctx, io, o)
	})
}

func mergeCmd(io *IO, lookup func(string) (games.Entry, error)) *cobra.Command {
	return newMergeCmd(io, func(o *mergeOptions) error {
		o.lookup = lookup
		return runMerge(io, o)
	})
}
