package cli

import "github.com/spf13/cobra"

// newOddsCmd is a stub until the command lands.
func newOddsCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "odds", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
