package cli

import "github.com/spf13/cobra"

// newDealCmd is a stub until the command lands.
func newDealCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "deal", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
