package cli

import "github.com/spf13/cobra"

// newMergeCmd is a stub until the command lands.
func newMergeCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "merge", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
