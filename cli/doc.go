// Package cli is the solitario command line: one file per command, each an
// options struct filled by cobra flags and a run function over the library
// (games, solver, analysis). It holds no rules and no search logic.
//
// Exit codes (ExitOK .. ExitUnknown) are part of the interface: scripts read
// them.
package cli
