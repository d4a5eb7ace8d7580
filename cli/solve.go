package cli

import "github.com/spf13/cobra"

// newSolveCmd is a stub until the command lands.
func newSolveCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "solve", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
