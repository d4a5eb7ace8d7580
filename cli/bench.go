package cli

import "github.com/spf13/cobra"

// newBenchCmd is a stub until the command lands.
func newBenchCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "bench", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
