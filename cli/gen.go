package cli

import "github.com/spf13/cobra"

// newGenCmd is a stub until the command lands.
func newGenCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "gen", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
