package cli

import "github.com/spf13/cobra"

// newStrategiesCmd is a stub until the command lands.
func newStrategiesCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "strategies", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
