package cli

import "github.com/spf13/cobra"

// newGamesCmd is a stub until the command lands.
func newGamesCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "games", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
