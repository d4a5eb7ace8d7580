package cli

import "github.com/spf13/cobra"

// newVerifyCmd is a stub until the command lands.
func newVerifyCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "verify", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
