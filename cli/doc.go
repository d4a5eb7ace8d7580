// Package cli is the solitario command line: one file per command, each an
// options struct filled by cobra flags and a run function over the library
// (games, solver, analysis). It holds no rules and no search logic.
//
// The flags several commands share are in files by concern: dealflags.go
// (--game, --seed, --deal), ruleflags.go (the rule options of RULES.md),
// limitflags.go (--max-nodes, --timeout, --tt-mem, --workers),
// strategyflag.go (--strategy and the table names), flagvalues.go (the
// typed flag values and their refusals), flagerrors.go (pflag's errors
// worded as ours), input.go (reading an input file, Ctrl-C while it waits)
// and output.go (output file flags and their errors).
//
// Exit codes (ExitOK .. ExitUnknown) are part of the interface: scripts read
// them.
package cli
